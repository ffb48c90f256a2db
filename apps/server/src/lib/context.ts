import type { Db } from '@covenant/db/client';
import { orgSettings } from '@covenant/db/schema/community';
import { todayIn } from '@covenant/contracts/dates';
import type { AppConfig } from '../config.ts';

/** The signed-in caller, as the services see them. */
export interface Actor {
  id: string;
  email: string;
  full_name: string;
  role: 'admin' | 'user';
  user_role: string | null;
  owner_id: string | null;
  property_id: string | null;
  /** A staff member the organization requires to use two-factor authentication, not enrolled yet. */
  two_factor_enrollment_required?: boolean;
  /** A member of the association of the request (a portfolio administrator is one of every association). */
  is_member: boolean;
  /** The instance-level role of the person: 'portfolio_admin' runs every association. */
  portfolio_role: string | null;
}

/** Where a request came from, as the audit log records it. */
export interface Client {
  /** The socket address (X-Forwarded-For is not trusted). */
  ip: string;
}

/** One association of the instance: its app id, its schema, and a database whose queries run in that schema. */
export interface Association {
  app_id: string;
  schema_name: string;
  name: string;
  state: string | null;
  archived: boolean;
  db: Db;
}

/**
 * The instance's services, as every piece of work reaches them (ctx.services). The platform's own (mail, auth,
 * realtime, files, registry, tenancy) are added by platform/services.ts through declaration merging, so that lib
 * imports nothing from platform.
 */
export interface Services {
  config: AppConfig;
  /** Told after a transaction that posted to an association's ledger commits (folds running totals). */
  onLedgerWrite?: (association: Association) => void;
}

export interface Ctx {
  /** The association's database (its schema), or the shared one for instance-level work. */
  db: Db;
  /** The association the work is for; null only for instance-level work (the portfolio, health, metrics). */
  association: Association | null;
  actor: Actor | null;
  services: Services;
  /** Set for HTTP requests; absent for work the server does on its own. */
  client?: Client;
  /** Set inside a transaction: work to run once it commits (realtime events). */
  afterCommit?: Array<() => void>;
  /** Per-request cache of resolved permission levels. */
  permissionCache?: Map<string, string>;
}

/** The association of work that needs one (a programming error otherwise). */
export function associationOf(ctx: Ctx): Association {
  if (!ctx.association) throw new Error('This work needs an association');
  return ctx.association;
}

/** The services as an association's work sees them: its changes are published as that association's. */
export function servicesFor(services: Services, association: Association): Services {
  return { ...services, changes: services.bus.scopedTo(association.app_id) };
}

/** A context for the server's own work in an association (scheduled runs, seeds, scripts): no caller. */
export function associationCtx(services: Services, association: Association, actor: Actor | null = null): Ctx {
  return { db: association.db, association, actor, services: servicesFor(services, association), permissionCache: new Map() };
}

/** The association's time zone: its setting (Organization Settings), else the server's TIME_ZONE. */
export async function associationTimeZone(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.select({ time_zone: orgSettings.time_zone }).from(orgSettings).limit(1);
  return row?.time_zone || ctx.services.config.timeZone;
}

/** "Today" in the association's time zone: the one definition every server default uses (the web's is the same rule). */
export async function today(ctx: Ctx, at: Date = new Date()): Promise<string> {
  return todayIn(await associationTimeZone(ctx), at);
}

/** deadlock_detected and serialization_failure: the transaction did nothing and can simply run again. */
const RETRYABLE = new Set(['40P01', '40001']);
const MAX_ATTEMPTS = 4;

/** Transactions run again per SQLSTATE since the process started (metrics; tests assert designs that need none). */
export const transactionRetries: Record<string, number> = {};

function retryableCode(err: unknown): string | null {
  let e: unknown = err;
  for (let i = 0; i < 4 && e; i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && RETRYABLE.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * Runs fn in one transaction, reusing an outer one; after-commit work runs only when the outermost commits.
 * The outermost transaction runs again (a bounded number of times) when PostgreSQL picked it as a deadlock victim.
 */
export async function withTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.afterCommit) return fn(ctx);
  for (let attempt = 1; ; attempt++) {
    const pending: Array<() => void> = [];
    try {
      const result = await ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx as unknown as Db, afterCommit: pending }));
      for (const job of pending) job();
      return result;
    } catch (err) {
      const code = retryableCode(err);
      if (attempt >= MAX_ATTEMPTS || !code) throw err;
      transactionRetries[code] = (transactionRetries[code] ?? 0) + 1;
      await new Promise((resolve) => setTimeout(resolve, 5 * attempt + Math.floor(Math.random() * 20)));
    }
  }
}

/** Queues work for after the commit, or runs it now outside a transaction. */
export function onCommit(ctx: Ctx, job: () => void): void {
  if (ctx.afterCommit) ctx.afterCommit.push(job);
  else job();
}
