import { and, asc, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { isoDate } from '@covenant/contracts/fields';
import { newId } from '@covenant/db/ids';
import type { Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts';
import type { EntityDef, Row } from '../entities/entity-def.ts';
import { columnsOf, serialize } from '../entities/query.ts';
import { backupJsonSchema, type BackupData, type BackupStep, type IdMaps } from './backup-step.ts';
import { listOf } from './table-step.ts';

/**
 * The spec's collections (part 1, section 3) in a backup: records as the API shows them, restored through their
 * entity's contract (the file is checked as the API checks a create), each anew with its references mapped to
 * the ids the earlier steps wrote. The features' steps for owners, units, vendors, documents and the chart use it.
 */

/** A collection of the file and the entity (registry name) and contract its records are read and restored with. */
export interface ContractCollection {
  entity: string;
  schema: z.ZodObject;
}

/** A step's `collections`, from its contract collections. */
export function collectionSchemas(collections: Readonly<Record<string, ContractCollection>>): BackupStep['collections'] {
  return Object.fromEntries(Object.entries(collections).map(([key, c]) => [key, { entity: c.entity, schema: backupJsonSchema(c.schema) }]));
}

export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

const col = (def: EntityDef, field: string): PgColumn => columnsOf(def).get(field)!.column;

/** Every visible row of an entity, oldest first, as the API shows it. */
export async function readAll(ctx: Ctx, entity: string): Promise<Row[]> {
  const def = ctx.services.registry.requireEntity(entity);
  const selection: Record<string, PgColumn> = {};
  for (const [name, info] of columnsOf(def)) selection[name] = info.column;
  const where: SQL[] = def.visibleWhere ? [def.visibleWhere()] : [];
  const rows = await ctx.db.select(selection).from(def.table).where(and(...where)).orderBy(asc(col(def, 'created_date')), asc(col(def, 'id')));
  return rows.map((r) => serialize(def, r as Row));
}

/** The records whose `field` names one of `parents`: lines and payments of hidden (deleted) documents would point at records the file does not hold. */
export function belongingTo(records: Row[], field: string, parents: Row[]): Row[] {
  const ids = new Set(parents.map((p) => p.id));
  return records.filter((r) => ids.has(r[field]));
}

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** Picks the contract's fields from a record and validates them; empty strings become null. */
export function contractValues(ctx: Ctx, c: ContractCollection, raw: Row, where: string): Row {
  const picked: Row = {};
  for (const field of Object.keys(c.schema.shape)) if (raw[field] !== undefined) picked[field] = raw[field];
  const parsed = c.schema.safeParse(picked);
  if (!parsed.success) throw new ValidationError(`Backup ${where}: ${describeIssues(parsed.error)}`);
  const def = ctx.services.registry.requireEntity(c.entity);
  const cols = columnsOf(def);
  const values: Row = {};
  for (const [k, v] of Object.entries(parsed.data as Row)) {
    if (v === undefined || !cols.has(k) || def.derivedFields?.includes(k)) continue;
    values[k] = v === '' ? null : v;
  }
  return values;
}

/** Values as the database takes them: numbers to NUMERIC as text, the file's created_date kept. */
function storable(ctx: Ctx, c: ContractCollection, values: Row, raw: Row, extra: readonly string[] = []): Row {
  const cols = columnsOf(ctx.services.registry.requireEntity(c.entity));
  const out: Row = { ...values };
  for (const field of extra) if (raw[field] !== undefined) out[field] = raw[field];
  if (typeof raw.created_date === 'string' && !Number.isNaN(Date.parse(raw.created_date))) out.created_date = new Date(raw.created_date);
  for (const [k, v] of Object.entries(out)) if (cols.get(k)?.kind === 'numeric' && typeof v === 'number') out[k] = String(v);
  return out;
}

const CHUNK = 500;

export async function insertRows(tx: Ctx, table: PgTable, rows: Row[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.db.insert(table).values(rows.slice(i, i + CHUNK) as never);
}

/** Runs a rule for one record of the file; a refusal names the record and says nothing was restored. */
export function naming<T>(where: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.status, err.code, `Backup ${where}: ${err.message.replace(/^Backup [^:]+: /, '')}. Nothing was restored.`);
    throw err;
  }
}

/** A reference to a record of an earlier collection: the table whose ids it maps through, and what the record is called in a refusal. */
export interface Ref {
  table: string;
  name: string;
}

/** Maps one reference of a record to the new id; one the file does not hold refuses the file, naming the record. */
export function mapRef(ids: IdMaps, ref: Ref, old: unknown, field: string, where: string): string | null {
  if (old === null || old === undefined || old === '') return null;
  const target = ids.of(ref.table).get(String(old));
  if (!target) throw new ValidationError(`Backup ${where}: ${field} ${str(old)} does not match any ${ref.name} in the file`);
  return target;
}

const optionalDate = isoDate('date');

export function optionalDateOf(raw: Row, field: string, where: string): string | null {
  const v = raw[field];
  if (v === undefined || v === null || v === '') return null;
  const parsed = optionalDate.safeParse(v);
  if (!parsed.success) throw new ValidationError(`Backup ${where}: ${field} must be a date (YYYY-MM-DD)`);
  return parsed.data;
}

/** How one collection of plain records (not documents) is restored. */
export interface RecordRestore {
  key: string;
  collection: ContractCollection;
  /** Reference fields, each with the table its ids map through. */
  refs: Readonly<Record<string, Ref>>;
  /** The table this collection's own ids go into. */
  produces?: string;
  /** Extra columns outside the contract copied as they were. */
  extra?: readonly string[];
  describe(r: Row): string;
  /** Refuses the file before any record is written (a business id already in use). */
  check?(tx: Ctx, records: Row[], r: RecordRestore): Promise<void>;
  /** The association's own record a file's record is (a seeded one): its id, and nothing is written. */
  existing?(values: Row, raw: Row): string | undefined;
  /** Checks or completes a record's values before it is written; `id` is its new id. */
  prepare?(values: Row, raw: Row, where: string, id: string): void;
}

/**
 * Restores one collection of plain records in file order, each anew (or onto the association's own record) with
 * its references mapped; registers the new ids. Answers how many records the file's collection held.
 */
export async function restoreRecords(tx: Ctx, data: BackupData, ids: IdMaps, r: RecordRestore): Promise<number> {
  const records = listOf(data, r.key);
  await r.check?.(tx, records, r);
  const def = tx.services.registry.requireEntity(r.collection.entity);
  const rows: Row[] = [];
  let mapped = 0;
  for (const [i, raw] of records.entries()) {
    const where = `${r.key} #${i + 1} (${r.describe(raw)})`;
    const remapped: Row = { ...raw };
    for (const [field, ref] of Object.entries(r.refs)) remapped[field] = mapRef(ids, ref, raw[field], field, where);
    const values = contractValues(tx, r.collection, remapped, where);
    const oldId = str(raw.id);
    const existing = r.existing?.(values, raw);
    if (existing) {
      if (oldId) ids.set(r.produces!, oldId, existing);
      mapped++;
      continue;
    }
    const id = newId();
    r.prepare?.(values, raw, where, id);
    if (r.produces && oldId) {
      if (ids.of(r.produces).has(oldId)) throw new ValidationError(`Backup ${where}: id ${oldId} appears twice in the file`);
      ids.set(r.produces, oldId, id);
    }
    rows.push({ ...storable(tx, r.collection, values, raw, r.extra), id, created_by: tx.actor?.email ?? null });
  }
  try {
    await insertRows(tx, def.table, rows);
  } catch (err) {
    const known = translateDbError(err, def.label);
    throw known ? new AppError(known.status, known.code, `Cannot restore ${r.key}: ${known.message}. Nothing was restored.`) : err;
  }
  return rows.length + mapped;
}

/**
 * A restore of records with a six-digit business id (owners, units) is refused whole when one of their ids is
 * already in use, or appears twice in the file, naming the first such record in file order.
 */
export function refuseTakenBusinessIds(field: 'owner_id' | 'property_id', column: PgColumn, table: PgTable): NonNullable<RecordRestore['check']> {
  return async (tx, records, step) => {
    const wanted = records.map((r) => str(r[field]));
    const taken = new Set<string>();
    for (let i = 0; i < wanted.length; i += CHUNK) {
      const rows = (await tx.db.select({ v: column }).from(table).where(inArray(column, wanted.slice(i, i + CHUNK)))) as Array<{ v: string }>;
      for (const r of rows) taken.add(r.v);
    }
    const seen = new Set<string>();
    for (const [i, r] of records.entries()) {
      const v = str(r[field]);
      if (taken.has(v)) {
        throw new ConflictError(`Cannot restore ${step.describe(r)} (${step.key} #${i + 1}): ${field.replace('_', ' ')} ${v} already exists. Nothing was restored.`, 'restore_conflict');
      }
      if (seen.has(v)) throw new ValidationError(`Backup ${step.key} #${i + 1} (${step.describe(r)}): ${field.replace('_', ' ')} ${v} appears twice in the file`);
      seen.add(v);
    }
  };
}
