import { and, count as countFn, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../lib/context.ts';
import { requirePermission } from '../access/access.service.ts';
import type { EntityDef, Row } from './entity-def.ts';
import { audienceWhere, readableWhere, selection } from './entities.service.ts';
import { selectedFields, serialize } from './query.ts';
import { ownRecordsWhere } from './scope.ts';

export interface ListPageSpec {
  /** Conditions beyond the caller's scope (search, tabs, filters). */
  where?: Array<SQL | undefined>;
  /** The order, ending with a unique tie-breaker so pages never overlap. */
  orderBy: Array<SQL | PgColumn>;
  /**
   * A table the order reads (a document's owner, for their name), joined to the page's statement only: each row must
   * meet exactly one of its rows (a required foreign key), so the count and the rows stay those of the entity.
   */
  join?: { table: PgTable; on: SQL };
  /** Joined values added to each row (JSON built by a correlated subquery, a name), by field name. */
  joined?: Record<string, SQL>;
  limit: number;
  skip: number;
}

/**
 * One page of an entity's rows and how many match, each row as GET /entities/X shows it plus the joined
 * fields: the read privilege first, then the caller's scope (visible rows; own_records: their own), then the
 * filters, in two statements (the page stops at its limit through an index; the count reads only what matches).
 */
export async function listPage(ctx: Ctx, def: EntityDef, spec: ListPageSpec): Promise<{ rows: Row[]; total: number }> {
  const level = await requirePermission(ctx, def.resource, 'read');
  const where: SQL[] = [];
  if (def.visibleWhere) where.push(def.visibleWhere());
  if (level === 'own_records') where.push(ownRecordsWhere(def, ctx.actor!));
  const audience = audienceWhere(ctx, def, level);
  if (audience) where.push(audience);
  for (const w of spec.where ?? []) if (w) where.push(w);
  const condition = and(...where);
  // Nested once: drizzle strips table names from a single-table selection's own columns, which a correlated subquery needs.
  const joined = Object.fromEntries(Object.entries(spec.joined ?? {}).map(([k, v]) => [k, sql`${v}`]));
  const page = ctx.db.select({ ...selection(def, selectedFields(def, undefined)), ...joined }).from(def.table).$dynamic();
  const rows = await (spec.join ? page.innerJoin(spec.join.table, spec.join.on) : page)
    .where(condition)
    .orderBy(...spec.orderBy)
    .limit(spec.limit)
    .offset(spec.skip);
  const [counted] = await ctx.db.select({ n: countFn() }).from(def.table).where(condition);
  return { rows: rows.map((r) => serialize(def, r as Row)), total: Number(counted?.n ?? 0) };
}

/** The condition for rows of a joined entity the caller may read (false when they may read none of it). */
export async function readableJoin(ctx: Ctx, def: EntityDef): Promise<SQL> {
  const parts = await readableWhere(ctx, def);
  if (parts === null) return sql`false`;
  return parts.length ? and(...parts)! : sql`true`;
}

/** `%text%` for ILIKE, the user's text taken literally (its %, _ and \ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The words of a search (split on spaces); none for an empty search. */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '').trim().split(/\s+/).filter(Boolean);
}

/** Every word of the search in one of the columns (case-insensitive contains); undefined when there are no words. */
export function everyWordIn(search: string | undefined, columns: Array<PgColumn | SQL>): SQL | undefined {
  const words = searchWords(search);
  if (words.length === 0) return undefined;
  return and(...words.map((w) => or(...columns.map((c) => sql`${c} ilike ${containsPattern(w)}`))!));
}

/** The whole search text in one of the columns (case-insensitive contains); undefined for an empty search. */
export function textIn(search: string | undefined, columns: Array<PgColumn | SQL>): SQL | undefined {
  const text = (search ?? '').trim();
  if (!text) return undefined;
  return or(...columns.map((c) => sql`${c} ilike ${containsPattern(text)}`));
}

/** Registers GET /api/apps/:appId/lists/{name}: the query and the page validated and documented through the zod type provider. */
export function registerListRoute<Q extends z.ZodType>(
  app: FastifyInstance, name: string, query: Q, page: z.ZodType, list: (ctx: Ctx, query: z.input<Q>) => Promise<{ rows: unknown[]; total: number }>,
): void {
  app.get(
    `/api/apps/:appId/lists/${name}`,
    { schema: { tags: ['lists'], params: z.object({ appId: z.string() }), querystring: query, response: { 200: page } } },
    async (request) => list(request.ctx, request.query as z.input<Q>),
  );
}
