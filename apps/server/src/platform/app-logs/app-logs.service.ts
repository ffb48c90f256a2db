import { and, count, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { appLogs } from '@covenant/db/schema/platform';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { requireAdmin, requireSignedIn } from '../access/access.service.ts';
import { parseInput } from '../../lib/parse-input.ts';

const PAGE_NAME = /^[A-Za-z0-9_-]{1,100}$/;

export async function logPageVisit(ctx: Ctx, pageName: string) {
  const actor = requireSignedIn(ctx);
  if (!PAGE_NAME.test(pageName)) throw new ValidationError('Page name must be 1 to 100 letters, digits, hyphens or underscores');
  await ctx.db.insert(appLogs).values({ user_id: actor.id, user_email: actor.email, page_name: pageName });
  return { success: true };
}

export const logQuery = z.object({
  page_name: z.string().max(100).optional(),
  user_id: z.string().max(40).optional(),
  from: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  to: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});

function whereOf(q: z.infer<typeof logQuery>): SQL | undefined {
  const parts: SQL[] = [];
  if (q.page_name) parts.push(eq(appLogs.page_name, q.page_name));
  if (q.user_id) parts.push(eq(appLogs.user_id, q.user_id));
  if (q.from) parts.push(gte(appLogs.created_date, new Date(q.from)));
  if (q.to) parts.push(lte(appLogs.created_date, new Date(q.to)));
  return parts.length ? and(...parts) : undefined;
}

/** Page visits, newest first; administrators only. */
export async function listLogs(ctx: Ctx, query: unknown) {
  requireAdmin(ctx);
  const q = parseInput(logQuery, query);
  const rows = await ctx.db.select().from(appLogs).where(whereOf(q)).orderBy(desc(appLogs.created_date), desc(appLogs.id)).limit(q.limit).offset(q.skip);
  return rows.map((r) => ({ ...r, created_date: r.created_date.toISOString() }));
}

/** Visit counts: total, per page and per user; administrators only. */
export async function logStats(ctx: Ctx, query: unknown) {
  requireAdmin(ctx);
  const q = parseInput(logQuery, query);
  const where = whereOf(q);
  const n = sql<number>`cast(count(*) as int)`;
  const [total] = await ctx.db.select({ n: count() }).from(appLogs).where(where);
  const byPage = await ctx.db.select({ page_name: appLogs.page_name, count: n }).from(appLogs).where(where).groupBy(appLogs.page_name).orderBy(desc(n));
  const byUser = await ctx.db
    .select({ user_id: appLogs.user_id, user_email: sql<string>`max(${appLogs.user_email})`, count: n })
    .from(appLogs)
    .where(where)
    .groupBy(appLogs.user_id)
    .orderBy(desc(n));
  return { total: Number(total?.n ?? 0), by_page: byPage, by_user: byUser };
}
