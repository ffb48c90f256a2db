import type { Db } from '@covenant/db/client';
import type { AppConfig } from '../config.ts';
import type { Mailer } from '../platform/email/mailer.ts';
import type { Auth } from '../platform/auth/better-auth.ts';
import type { ChangeBus } from '../platform/realtime/change-bus.ts';

/** The signed-in caller, as the services see them. */
export interface Actor {
  id: string;
  email: string;
  full_name: string;
  role: 'admin' | 'user';
  user_role: string | null;
  owner_id: string | null;
  property_id: string | null;
}

export interface Services {
  config: AppConfig;
  mailer: Mailer;
  auth: Auth;
  changes: ChangeBus;
}

export interface Ctx {
  db: Db;
  actor: Actor | null;
  services: Services;
  /** Set inside a transaction: work to run once it commits (realtime events). */
  afterCommit?: Array<() => void>;
  /** Per-request cache of resolved permission levels. */
  permissionCache?: Map<string, string>;
}

/** Runs fn in one transaction, reusing an outer one; after-commit work runs only when the outermost commits. */
export async function withTransaction<T>(ctx: Ctx, fn: (tx: Ctx) => Promise<T>): Promise<T> {
  if (ctx.afterCommit) return fn(ctx);
  const pending: Array<() => void> = [];
  const result = await ctx.db.transaction(async (tx) => fn({ ...ctx, db: tx as unknown as Db, afterCommit: pending }));
  for (const job of pending) job();
  return result;
}

/** Queues work for after the commit, or runs it now outside a transaction. */
export function onCommit(ctx: Ctx, job: () => void): void {
  if (ctx.afterCommit) ctx.afterCommit.push(job);
  else job();
}

