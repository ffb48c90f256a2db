import { analyzeIfBulk } from '../../lib/analyze.ts';
import { pgArray } from '../../lib/pg-array.ts';
import { and, count as countFn, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import Papa from 'papaparse';
import { ENTITY_LIST_MAX_LIMIT, type PermissionLevel } from '@covenant/contracts/constants';
import { ID_PATTERN, newId } from '@covenant/db/ids';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { assertNoForbiddenKeys, isForbiddenKey } from '../../lib/safe-json.ts';
import { describeZodError } from '../../lib/zod-errors.ts';
import type { AuditAction } from '@covenant/contracts/audit';
import { permissionLevel, requirePermission } from '../access/access.service.ts';
import { recordAudit, recordChange } from '../audit/audit.service.ts';
import { resourceFor, type EntityDef, type Row } from './entity-def.ts';
import { columnsOf, compileFilter, compileSort, selectedFields, serialize } from './query.ts';
import { ownRecordsWhere } from './scope.ts';

export interface ListInput {
  filter?: unknown;
  sort?: string | undefined;
  limit?: number | undefined;
  skip?: number | undefined;
  fields?: string | undefined;
}

const MAX_BULK = 5000;

function idColumn(def: EntityDef): PgColumn {
  return columnsOf(def).get('id')!.column;
}

export function assertId(id: string, def: EntityDef): void {
  if (!ID_PATTERN.test(id)) throw new ValidationError(`'${id}' is not a valid ${def.label} id`);
}

/** Conditions for the rows of an entity the caller may read, or null when they may read none (no error). */
export async function readableWhere(ctx: Ctx, def: EntityDef): Promise<SQL[] | null> {
  const level = await permissionLevel(ctx, def.resource);
  if (level === 'none') return null;
  const parts: SQL[] = [];
  if (def.visibleWhere) parts.push(def.visibleWhere());
  if (level === 'own_records') parts.push(ownRecordsWhere(def, ctx.actor!));
  const audience = audienceWhere(ctx, def, level);
  if (audience) parts.push(audience);
  return parts;
}

/** The entity's audience rule for the caller (a meeting's kind), or null when every record is theirs to read. */
export function audienceWhere(ctx: Ctx, def: EntityDef, level: PermissionLevel): SQL | null {
  return def.audience && ctx.actor ? def.audience.where(ctx.actor, level) : def.audience ? sql`false` : null;
}

/** The caller's privilege for the operation and the rows it reaches: visible (not soft-deleted), for own_records their own, within the entity's audience. */
async function scopeFor(ctx: Ctx, def: EntityDef, op: 'read' | 'update' | 'delete'): Promise<{ level: PermissionLevel; parts: SQL[] }> {
  const level = await requirePermission(ctx, resourceFor(def, op), op);
  const parts: SQL[] = [];
  if (def.visibleWhere) parts.push(def.visibleWhere());
  if (level === 'own_records') parts.push(ownRecordsWhere(def, ctx.actor!));
  const audience = audienceWhere(ctx, def, level);
  if (audience) parts.push(audience);
  return { level, parts };
}

/** Rows the caller may read: visible (not soft-deleted) and, for own_records, their own. */
async function readScope(ctx: Ctx, def: EntityDef, op: 'read' | 'update' | 'delete'): Promise<SQL[]> {
  return (await scopeFor(ctx, def, op)).parts;
}

/** The columns (and computed fields) of an entity to select, by field name. */
export function selection(def: EntityDef, fields: string[]): Record<string, PgColumn | SQL.Aliased | SQL> {
  const cols = columnsOf(def);
  const sel: Record<string, PgColumn | SQL> = {};
  for (const f of fields) {
    const info = cols.get(f);
    if (info) sel[f] = info.column;
    else if (def.computed?.[f]) sel[f] = def.computed[f]();
  }
  return sel;
}

async function translating<T>(def: EntityDef, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw translateDbError(err, def.label) ?? err;
  }
}

export async function listEntities(ctx: Ctx, def: EntityDef, input: ListInput): Promise<Row[]> {
  const scope = await readScope(ctx, def, 'read');
  const where = compileFilter(def, input.filter);
  const fields = selectedFields(def, input.fields);
  const limit = Math.min(input.limit ?? ENTITY_LIST_MAX_LIMIT, ENTITY_LIST_MAX_LIMIT);
  const rows = await translating(def, () =>
    ctx.db
      .select(selection(def, fields))
      .from(def.table)
      .where(and(...scope, ...(where ? [where] : [])))
      .orderBy(...compileSort(def, input.sort))
      .limit(limit)
      .offset(input.skip ?? 0),
  );
  return rows.map((r) => serialize(def, r as Row));
}

export async function countEntities(ctx: Ctx, def: EntityDef, filter: unknown): Promise<number> {
  const scope = await readScope(ctx, def, 'read');
  const where = compileFilter(def, filter);
  const [row] = await translating(def, () =>
    ctx.db.select({ n: countFn() }).from(def.table).where(and(...scope, ...(where ? [where] : []))),
  );
  return Number(row?.n ?? 0);
}

async function findVisible(ctx: Ctx, def: EntityDef, id: string, scope: SQL[], lock = false): Promise<Row | undefined> {
  const q = ctx.db
    .select(selection(def, selectedFields(def, undefined)))
    .from(def.table)
    .where(and(eq(idColumn(def), id), ...scope))
    .limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0] as Row | undefined;
}

export async function getEntity(ctx: Ctx, def: EntityDef, id: string): Promise<Row> {
  assertId(id, def);
  const scope = await readScope(ctx, def, 'read');
  const row = await findVisible(ctx, def, id, scope);
  if (!row) throw new NotFoundError(`${capitalize(def.label)} not found`);
  return serialize(def, row);
}

export interface RecordAccess {
  /** Lock the row for the rest of the transaction (FOR NO KEY UPDATE: children's foreign keys still see it). */
  lock?: boolean;
  /** For an update: the fields the caller wants to change (own_records callers may change only ownEditable ones). */
  changing?: readonly string[];
}

/**
 * A record fetched through the caller's scope for an operation, as GET /entities/X/{id} would find it: the
 * privilege is checked first; another owner's id, a hidden (deleted) record or an unknown id is a 404.
 */
export async function recordForActor(ctx: Ctx, def: EntityDef, id: string, op: 'read' | 'update' | 'delete', access: RecordAccess = {}): Promise<Row> {
  assertId(id, def);
  const { level, parts: scope } = await scopeFor(ctx, def, op);
  const q = ctx.db
    .select(selection(def, selectedFields(def, undefined)))
    .from(def.table)
    .where(and(eq(idColumn(def), id), ...scope))
    .limit(1);
  const [row] = access.lock ? await q.for('no key update') : await q;
  if (!row) throw new NotFoundError(`${capitalize(def.label)} not found`);
  if (op === 'update' && level === 'own_records') assertOwnEditable(def, access.changing ?? []);
  return row as Row;
}

/**
 * recordForActor for many ids at once (bulk commands): one query, the same privilege and scope; answers the rows the
 * caller may reach, by id (an id missing from the answer is one they may not: the caller refuses it by name).
 */
export async function recordsForActor(ctx: Ctx, def: EntityDef, ids: readonly string[], op: 'read' | 'update' | 'delete', access: Omit<RecordAccess, 'lock'> = {}): Promise<Map<string, Row>> {
  for (const id of ids) assertId(id, def);
  const { level, parts: scope } = await scopeFor(ctx, def, op);
  const wanted = [...new Set(ids)];
  const rows = wanted.length
    ? await ctx.db.select(selection(def, selectedFields(def, undefined))).from(def.table).where(and(sql`${idColumn(def)} = any(${pgArray(wanted)}::text[])`, ...scope))
    : [];
  if (op === 'update' && level === 'own_records') assertOwnEditable(def, access.changing ?? []);
  return new Map(rows.map((r) => [(r as Row).id as string, r as Row]));
}

/** A record a request refers to (an owner on an invoice, say), read through the caller's scope: one they may not see reads as missing (400). */
export async function referencedRecord(ctx: Ctx, def: EntityDef, id: string, label: string): Promise<Row> {
  try {
    return await recordForActor(ctx, def, id, 'read');
  } catch (err) {
    if (err instanceof NotFoundError) throw new ValidationError(`${label} does not exist`);
    throw err;
  }
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** Validates a create or update body against the entity's contract; empty strings are stored as null. */
function parseBody(def: EntityDef, schema: EntityDef['createInput'], body: unknown, prefix = ''): Row {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ValidationError(`${prefix}The ${def.label} must be a JSON object`);
  assertNoForbiddenKeys(body);
  for (const [k, v] of Object.entries(body)) {
    if (typeof v === 'string' && v.includes('\u0000')) throw new ValidationError(`${prefix}${k}: must not contain NUL characters`);
  }
  const parsed = schema!.safeParse(body);
  if (!parsed.success) throw new ValidationError(`${prefix}${describeZodError(parsed.error)}`);
  const values: Row = {};
  for (const [k, v] of Object.entries(parsed.data)) {
    if (v === undefined || def.derivedFields?.includes(k)) continue;
    values[k] = v === '' ? null : v;
  }
  return values;
}

/** Numbers go to NUMERIC columns as strings so no float rounding happens on the way in. */
function toDbValues(def: EntityDef, values: Row): Row {
  const out: Row = {};
  const cols = columnsOf(def);
  for (const [k, v] of Object.entries(values)) {
    out[k] = cols.get(k)?.kind === 'numeric' && typeof v === 'number' ? String(v) : v;
  }
  return out;
}

/** The audit entry of a generic write to an audited entity, in the write's transaction. */
async function audit(tx: Ctx, def: EntityDef, verb: 'created' | 'updated' | 'deleted', before: Row | null, after: Row | null): Promise<void> {
  if (!def.audit) return;
  const entry = { action: `${def.audit}.${verb}` as AuditAction, target_type: def.name, target_id: String((after ?? before)!.id) };
  if (before && after) await recordChange(tx, { ...entry, before, after });
  else await recordAudit(tx, { ...entry, before, after });
}

function publish(ctx: Ctx, def: EntityDef, type: 'create' | 'update' | 'delete', record: Row): void {
  onCommit(ctx, () =>
    ctx.services.changes.publish({ entity: def.name, type, id: String(record.id), record, timestamp: new Date().toISOString() }),
  );
}

/** Inserts one validated record with its hooks, inside the caller's transaction. */
/**
 * The records of a bulk create or a CSV import, in the caller's transaction: by the entity's own bulk command, else
 * (plain records) a thousand per statement, else one at a time; a refusal names its item (`where`: "Item 3", "Row 4").
 */
async function createAll(tx: Ctx, def: EntityDef, valuesList: readonly Row[], where: (index: number) => string): Promise<Row[]> {
  const named = (err: unknown, index: number) => {
    if (err instanceof Error) err.message = `${where(index)}: ${err.message}`;
    return err;
  };
  if (def.writes?.createMany) {
    let ids: string[];
    try {
      ids = await def.writes.createMany(tx, valuesList);
    } catch (err) {
      // The command names the item by its place in the list ("Item 3: ..."); an import names its row instead.
      const item = err instanceof Error ? /^Item (\d+): /.exec(err.message) : null;
      if (item) {
        (err as Error).message = (err as Error).message.slice(item[0].length);
        throw named(err, Number(item[1]) - 1);
      }
      throw err;
    }
    const rows = await tx.db.select(selection(def, selectedFields(def, undefined))).from(def.table).where(sql`${idColumn(def)} = any(${pgArray(ids)}::text[])`);
    const byId = new Map(rows.map((r) => [(r as Row).id as string, r as Row]));
    return ids.map((id) => serialize(def, byId.get(id)!));
  }
  // A batch prepared before any of it is written only where preparing a record cannot depend on the others.
  if (!def.writes && !def.hooks?.afterCreate && (!def.hooks?.prepareCreate || def.hooks.prepareCreateAlone)) {
    const rows = await insertMany(tx, def, valuesList, named);
    if (rows) {
      analyzeIfBulk(tx, rows.length, [getTableName(def.table)]);
      return rows;
    }
  }
  // One at a time (records written by a command or followed by a hook, or a batch the database refused, so that the
  // refusal names its item).
  const out: Row[] = [];
  for (const [i, values] of valuesList.entries()) {
    try {
      out.push(await insertOne(tx, def, values));
    } catch (err) {
      throw named(translateDbError(err, def.label) ?? err, i);
    }
  }
  analyzeIfBulk(tx, out.length, [getTableName(def.table)]);
  return out;
}

/**
 * A batch of plain records (no command, no after-create hook, a prepare hook that looks at the record alone) in a
 * few statements: each prepared as insertOne
 * prepares it, inserted a thousand at a time, read back at once, audited and published as insertOne does. Answers
 * null, with nothing written, when the database refuses the batch (a duplicate, a missing reference): the caller
 * then writes it one at a time so that the refusal names its item.
 */
async function insertMany(tx: Ctx, def: EntityDef, valuesList: readonly Row[], named: (err: unknown, index: number) => unknown): Promise<Row[] | null> {
  const createdBy = tx.actor?.email ?? null;
  const prepared: Row[] = [];
  for (const [i, values] of valuesList.entries()) {
    try {
      const ready = (await def.hooks?.prepareCreate?.(tx, values)) ?? values;
      prepared.push({ ...toDbValues(def, ready), id: newId(), created_by: createdBy });
    } catch (err) {
      throw named(err, i);
    }
  }
  try {
    // A savepoint: a refused statement would otherwise abort the whole transaction.
    await tx.db.transaction(async (sp) => {
      for (let i = 0; i < prepared.length; i += 1000) await sp.insert(def.table).values(prepared.slice(i, i + 1000) as never);
    });
  } catch {
    return null;
  }
  const ids = prepared.map((r) => r.id as string);
  const rows = await tx.db.select(selection(def, selectedFields(def, undefined))).from(def.table).where(sql`${idColumn(def)} = any(${pgArray(ids)}::text[])`);
  const byId = new Map(rows.map((r) => [(r as Row).id as string, r as Row]));
  const out = ids.map((id) => serialize(def, byId.get(id)!));
  for (const row of out) {
    await audit(tx, def, 'created', null, row);
    publish(tx, def, 'create', row);
  }
  return out;
}

async function insertOne(tx: Ctx, def: EntityDef, values: Row): Promise<Row> {
  if (def.writes) {
    const id = await def.writes.create(tx, values);
    return serialize(def, (await findVisible(tx, def, id, []))!);
  }
  const prepared = (await def.hooks?.prepareCreate?.(tx, values)) ?? values;
  const [inserted] = await tx.db
    .insert(def.table)
    .values({ ...toDbValues(def, prepared), created_by: tx.actor?.email ?? null } as never)
    .returning({ id: idColumn(def) });
  const row = (await findVisible(tx, def, inserted!.id as string, []))!;
  await def.hooks?.afterCreate?.(tx, row);
  // Hooks may derive amounts on the row itself: read it again.
  const out = serialize(def, (await findVisible(tx, def, inserted!.id as string, []))!);
  await audit(tx, def, 'created', null, out);
  publish(tx, def, 'create', out);
  return out;
}

/** Publishes a change made by a command (after the commit); a delete sends the record's last state. */
export async function publishRecord(tx: Ctx, def: EntityDef, id: string, type: 'create' | 'update' | 'delete' = 'update', lastState?: Row): Promise<void> {
  if (type === 'delete') {
    publish(tx, def, 'delete', serialize(def, lastState ?? { id }));
    return;
  }
  const row = await findVisible(tx, def, id, []);
  if (row) publish(tx, def, type, serialize(def, row));
}

/** The record as the API shows it (no scope: the caller fetched it through recordForActor or created it). */
export async function readRecord(tx: Ctx, def: EntityDef, id: string): Promise<Row> {
  const row = await findVisible(tx, def, id, []);
  if (!row) throw new NotFoundError(`${capitalize(def.label)} not found`);
  return serialize(def, row);
}

function requireCreatable(def: EntityDef): void {
  if (!def.createInput) throw new ForbiddenError(def.createRefusal ?? `${capitalize(def.label)} records cannot be created here`);
}

export async function createEntity(ctx: Ctx, def: EntityDef, body: unknown): Promise<Row> {
  await requirePermission(ctx, resourceFor(def, 'create'), 'create');
  requireCreatable(def);
  const values = parseBody(def, def.createInput, body);
  // An idempotent create (same key) answers with the record already made, also when two race.
  const replay = async () => {
    const found = def.hooks?.replay ? await def.hooks.replay(ctx, values) : undefined;
    return found ? serialize(def, found) : undefined;
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    return await translating(def, () =>
      withTransaction(ctx, async (tx) => {
        const row = await insertOne(tx, def, values);
        // Records made one at a time add up (analyzeIfBulk counts them towards a check of the table's statistics).
        analyzeIfBulk(tx, 1, [getTableName(def.table)]);
        return row;
      }),
    );
  } catch (err) {
    const again = (err as { code?: string }).code === 'duplicate' ? await replay() : undefined;
    if (again) return again;
    throw err;
  }
}

export async function bulkCreateEntities(ctx: Ctx, def: EntityDef, body: unknown): Promise<Row[]> {
  await requirePermission(ctx, resourceFor(def, 'create'), 'create');
  requireCreatable(def);
  if (!Array.isArray(body)) throw new ValidationError('Bulk create needs a JSON array of records');
  if (body.length > MAX_BULK) throw new ValidationError(`Bulk create accepts at most ${MAX_BULK} records`);
  const valuesList = body.map((item, i) => parseBody(def, def.createInput, item, `Item ${i + 1}: `));
  return translating(def, () =>
    withTransaction(ctx, (tx) => createAll(tx, def, valuesList, (i) => `Item ${i + 1}`)),
  );
}

/** own_records callers change only the entity's owner-editable fields. */
function assertOwnEditable(def: EntityDef, fields: readonly string[]): void {
  if (!def.ownEditable) return;
  const blocked = fields.filter((k) => !def.ownEditable!.includes(k));
  if (blocked.length === 0) return;
  throw new ForbiddenError(
    def.ownEditable.length
      ? `On your own ${def.label} records you can change only: ${def.ownEditable.join(', ')}`
      : `You cannot change ${def.label} records`,
  );
}

export async function updateEntity(ctx: Ctx, def: EntityDef, id: string, body: unknown): Promise<Row> {
  assertId(id, def);
  const scope = await readScope(ctx, def, 'update');
  if (!def.updateInput) throw new ForbiddenError(`${capitalize(def.label)} records cannot be changed here`);
  const changes = parseBody(def, def.updateInput, body);
  const ownOnly = (await permissionLevel(ctx, resourceFor(def, 'update'))) === 'own_records';
  if (ownOnly) assertOwnEditable(def, Object.keys(changes));
  if (def.writes) {
    const writes = def.writes;
    return translating(def, () =>
      withTransaction(ctx, async (tx) => {
        await writes.update(tx, id, changes);
        return readRecord(tx, def, id);
      }),
    );
  }
  return translating(def, () =>
    withTransaction(ctx, async (tx) => {
      const existing = await findVisible(tx, def, id, scope, true);
      if (!existing) throw new NotFoundError(`${capitalize(def.label)} not found`);
      const prepared = (await def.hooks?.prepareUpdate?.(tx, changes, existing)) ?? changes;
      if (Object.keys(prepared).length > 0) {
        await tx.db.update(def.table).set(toDbValues(def, prepared) as never).where(eq(idColumn(def), id));
      }
      // The row the update leaves behind must still be the caller's (rolls back otherwise).
      if (ownOnly && !(await findVisible(tx, def, id, scope))) throw new ForbiddenError(`That change would move the ${def.label} out of your records`);
      const row = (await findVisible(tx, def, id, []))!;
      await def.hooks?.afterUpdate?.(tx, row, existing);
      const out = serialize(def, (await findVisible(tx, def, id, []))!);
      await audit(tx, def, 'updated', serialize(def, existing), out);
      publish(tx, def, 'update', out);
      return out;
    }),
  );
}

async function deleteOne(tx: Ctx, def: EntityDef, existing: Row): Promise<void> {
  const handled = await def.hooks?.beforeDelete?.(tx, existing);
  if (handled !== 'handled') await tx.db.delete(def.table).where(eq(idColumn(def), existing.id as string));
  await def.hooks?.afterDelete?.(tx, existing);
  await audit(tx, def, 'deleted', serialize(def, existing), null);
  publish(tx, def, 'delete', serialize(def, existing));
}

export async function deleteEntity(ctx: Ctx, def: EntityDef, id: string): Promise<void> {
  assertId(id, def);
  const scope = await readScope(ctx, def, 'delete');
  // A document's command takes its own locks, parent first; locking the row here would invert that order.
  const writes = def.writes;
  if (writes) return translating(def, () => withTransaction(ctx, (tx) => writes.remove(tx, id)));
  await translating(def, () =>
    withTransaction(ctx, async (tx) => {
      const existing = await findVisible(tx, def, id, scope, true);
      if (!existing) throw new NotFoundError(`${capitalize(def.label)} not found`);
      await deleteOne(tx, def, existing);
    }),
  );
}

export async function deleteManyEntities(ctx: Ctx, def: EntityDef, filter: unknown): Promise<number> {
  const scope = await readScope(ctx, def, 'delete');
  if (!filter || typeof filter !== 'object' || Array.isArray(filter)) throw new ValidationError('Delete many needs a JSON filter object');
  const where = compileFilter(def, filter);
  const writes = def.writes;
  return translating(def, () =>
    withTransaction(ctx, async (tx) => {
      const matching = tx.db
        .select(selection(def, selectedFields(def, undefined)))
        .from(def.table)
        .where(and(...scope, ...(where ? [where] : [])));
      if (writes) {
        const rows = (await matching) as Row[];
        for (const row of rows) await writes.remove(tx, row.id as string);
        return rows.length;
      }
      const rows = (await matching.for('update')) as Row[];
      for (const row of rows) await deleteOne(tx, def, row);
      return rows.length;
    }),
  );
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0']);

/**
 * CSV import: the header names the fields; blank lines are ignored; every row is validated and
 * the whole file is written in one transaction or not at all. Rows are numbered as in the file (header = row 1).
 */
export async function importEntitiesCsv(ctx: Ctx, def: EntityDef, csvText: string): Promise<Row[]> {
  await requirePermission(ctx, resourceFor(def, 'create'), 'create');
  requireCreatable(def);
  const text = csvText.replace(/^\uFEFF/, '');
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false });
  const records = parsed.data;
  const header = (records[0] ?? []).map((h) => h.trim());
  if (header.length === 0 || header.every((h) => h === '')) throw new ValidationError('The CSV file is empty');
  const cols = columnsOf(def);
  const seen = new Set<string>();
  for (const h of header) {
    if (isForbiddenKey(h)) throw new ValidationError(`Column '${h}' is not allowed`);
    if (seen.has(h)) throw new ValidationError(`Column '${h}' appears twice in the header`);
    seen.add(h);
    if (!cols.has(h) || h === 'id' || h === 'created_date' || h === 'updated_date' || h === 'created_by') {
      throw new ValidationError(`Unknown column '${h}' for ${def.name}`);
    }
  }
  const valuesList: Row[] = [];
  const rowNumbers: number[] = [];
  for (let i = 1; i < records.length; i++) {
    const cells = records[i]!;
    if (cells.every((c) => c.trim() === '')) continue;
    if (cells.length > header.length) {
      throw new ValidationError(`Row ${i + 1}: has ${cells.length} cells but the header has ${header.length} columns (quote values that contain commas)`);
    }
    const item: Row = Object.create(null);
    header.forEach((h, j) => {
      const raw = (cells[j] ?? '').trim();
      if (raw === '') return;
      const kind = cols.get(h)!.kind;
      if (kind === 'boolean') item[h] = TRUE_WORDS.has(raw.toLowerCase()) ? true : FALSE_WORDS.has(raw.toLowerCase()) ? false : raw;
      else item[h] = raw;
    });
    valuesList.push(parseBody(def, def.createInput, { ...item }, `Row ${i + 1}: `));
    rowNumbers.push(i + 1);
  }
  if (valuesList.length > MAX_BULK) throw new ValidationError(`A CSV import accepts at most ${MAX_BULK} rows`);
  return translating(def, () =>
    withTransaction(ctx, (tx) => createAll(tx, def, valuesList, (i) => `Row ${rowNumbers[i]}`)),
  );
}

/** Ids of the rows matching a filter that the caller may read (used by realtime checks and tests). */
export async function visibleIds(ctx: Ctx, def: EntityDef, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const scope = await readScope(ctx, def, 'read');
  const rows = await ctx.db.select({ id: idColumn(def) }).from(def.table).where(and(inArray(idColumn(def), ids), ...scope));
  return new Set(rows.map((r) => r.id as string));
}
