import { and, count, eq, gte, like, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { AUDIT_CSV_COLUMNS, auditLogSorts, type AuditAction, type AuditLogEntry } from '@covenant/contracts/audit';
import { toCsv } from '@covenant/contracts/csv';
import { listSortParam } from '@covenant/contracts/lists';
import { auditLog } from '@covenant/db/schema/platform';
import type { Ctx } from '../../lib/context.ts';
import { sortedBy } from '../../lib/list-order.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requireAdmin } from '../access/access.service.ts';

export interface AuditEntry {
  action: AuditAction;
  target_type?: string | null;
  target_id?: string | null;
  /** For changes: the values before and after (recordChange keeps only the fields that changed). */
  before?: unknown;
  after?: unknown;
  detail?: Record<string, unknown>;
  /** Who, when the request has no signed-in actor yet (a sign-in, a reset by emailed link). */
  actor?: { id?: string | null; email: string | null };
}

/**
 * Appends one entry to the audit log, in the caller's transaction when there is one (so it commits or
 * rolls back with the change it records). Who and from where come from the request context.
 */
export async function recordAudit(ctx: Ctx, entry: AuditEntry): Promise<void> {
  await ctx.db.insert(auditLog).values({
    actor_id: ctx.actor?.id ?? entry.actor?.id ?? null,
    actor_email: ctx.actor?.email ?? entry.actor?.email ?? null,
    action: entry.action,
    target_type: entry.target_type ?? null,
    target_id: entry.target_id ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    detail: entry.detail ?? null,
    ip_address: ctx.client?.ip ?? null,
  });
}

/** Bookkeeping fields every write touches; a change of only these is no change. */
const NOT_A_CHANGE = new Set(['updated_date']);

type Fields = Record<string, unknown>;

/** The fields that differ between two states, each side keeping only those; null when nothing changed. */
export function changedFields(before: Fields, after: Fields): { before: Fields; after: Fields } | null {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => !NOT_A_CHANGE.has(k) && JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null),
  );
  if (keys.length === 0) return null;
  const pick = (row: Fields) => Object.fromEntries(keys.map((k) => [k, row[k] ?? null]));
  return { before: pick(before), after: pick(after) };
}

/** Records a change with only the fields that differ, before and after; nothing when nothing changed. */
export async function recordChange(ctx: Ctx, entry: AuditEntry & { before: Fields; after: Fields }): Promise<void> {
  const changed = changedFields(entry.before, entry.after);
  if (changed) await recordAudit(ctx, { ...entry, ...changed });
}

const dateOrInstant = z.iso.datetime({ offset: true }).or(z.iso.date());

export const auditLogQuery = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(100).optional(),
  from: dateOrInstant.optional(),
  to: dateOrInstant.optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).default(0),
  sort: listSortParam(auditLogSorts, '-created_date'),
  format: z.enum(['json', 'csv']).optional(),
});

/**
 * The order of a `sort`, each served by an index on its terms: by time; by the user's email (entries without one,
 * the system's, last); by the recorded action, so an area's actions ('auth.…') stay together as in the filter.
 */
function orderOf(q: z.infer<typeof auditLogQuery>): SQL[] {
  return sortedBy(q.sort, {
    created_date: [auditLog.created_date, auditLog.id],
    actor_email: [auditLog.actor_email, auditLog.created_date, auditLog.id],
    action: [auditLog.action, auditLog.created_date, auditLog.id],
  });
}

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);
const likeEscaped = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Filters: actor by email (part of it, any case) or exact user id; action exactly or by its area
 * ('auth' matches 'auth.sign_in'); from/to as dates (whole days in the association's time zone) or instants.
 */
function whereOf(ctx: Ctx, q: z.infer<typeof auditLogQuery>): SQL | undefined {
  const parts: SQL[] = [];
  if (q.actor) parts.push(or(sql`lower(${auditLog.actor_email}) like ${`%${likeEscaped(q.actor.toLowerCase())}%`}`, eq(auditLog.actor_id, q.actor))!);
  if (q.action) parts.push(or(eq(auditLog.action, q.action), like(auditLog.action, `${likeEscaped(q.action)}.%`))!);
  const tz = ctx.services.config.timeZone;
  if (q.from) parts.push(isDate(q.from) ? gte(auditLog.created_date, sql`(${q.from}::timestamp at time zone ${tz})`) : gte(auditLog.created_date, new Date(q.from)));
  if (q.to) parts.push(isDate(q.to) ? lt(auditLog.created_date, sql`((${q.to}::date + 1)::timestamp at time zone ${tz})`) : lte(auditLog.created_date, new Date(q.to)));
  return parts.length ? and(...parts) : undefined;
}

function entryOf(row: typeof auditLog.$inferSelect): AuditLogEntry {
  return { ...row, created_date: row.created_date.toISOString() };
}

/** GET /audit-log: newest first unless sorted, one page and the total; administrators only. */
export async function listAuditLog(ctx: Ctx, query: unknown): Promise<{ rows: AuditLogEntry[]; total: number }> {
  requireAdmin(ctx);
  const q = parseInput(auditLogQuery, query);
  const where = whereOf(ctx, q);
  const rows = await ctx.db.select().from(auditLog).where(where).orderBy(...orderOf(q)).limit(q.limit).offset(q.skip);
  const [total] = await ctx.db.select({ n: count() }).from(auditLog).where(where);
  return { rows: rows.map(entryOf), total: Number(total?.n ?? 0) };
}

const CSV_MAX_ROWS = 100_000;

/** GET /audit-log?format=csv: every matching entry in the list's order (paging ignored), formula cells neutralised. */
export async function auditLogCsv(ctx: Ctx, query: unknown): Promise<string> {
  requireAdmin(ctx);
  const q = parseInput(auditLogQuery, query);
  const rows = await ctx.db.select().from(auditLog).where(whereOf(ctx, q)).orderBy(...orderOf(q)).limit(CSV_MAX_ROWS);
  const json = (v: unknown) => (v === null || v === undefined ? '' : JSON.stringify(v));
  return toCsv([
    [...AUDIT_CSV_COLUMNS],
    ...rows.map(entryOf).map((r) => AUDIT_CSV_COLUMNS.map((c) => (c === 'before' || c === 'after' || c === 'detail' ? json(r[c]) : r[c]))),
  ]);
}
