import { analyzeIfBulk } from '../../lib/analyze.ts';
import { asc, eq, getTableColumns, getTableName } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { newId } from '@covenant/db/ids';
import type { Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { openSecret, sealSecret } from '../../lib/secret-box.ts';
import type { BackupData, BackupStep, IdMaps } from './backup-step.ts';

type Row = Record<string, unknown>;
/** Maps one reference of a record: null stays null; an id the file does not hold refuses the file, naming the record. */
export type RefFn = (table: string, old: unknown, field: string) => string | null;

/**
 * One table copied record by record: every column as stored (a sealed account number stays sealed, numbers stay
 * exact decimal text, times are ISO strings), a new id for each record, and its references mapped to the ids the
 * earlier steps wrote.
 */
export interface TableCollection {
  collection: string;
  /** The entity (or topic) whose open lists a restore refreshes, or the records' name. */
  entity: string;
  /** What a person calls one record, in refusals. */
  label: string;
  table: PgTable;
  /** Columns holding another table's id: the table (SQL name), or a function of the record when it depends on another column. */
  refs?: Readonly<Record<string, string | ((raw: Row) => string | null)>>;
  /**
   * References that may point at a deleted document (the file leaves deleted documents out): such a reference
   * becomes null, or the record is left out ('skip') when it means nothing without the document.
   */
  deletedDocuments?: Readonly<Record<string, 'null' | 'skip'>>;
  /** Columns stored in clear that hold account numbers (an ACH file as sent): the file holds them sealed under this context. */
  sealInFile?: Readonly<Record<string, string>>;
  /** Array columns of ids of one table. */
  arrayRefs?: Readonly<Record<string, string>>;
  /** Remaps what `refs` cannot say (ids inside a JSON column). */
  remap?: (values: Row, ref: RefFn) => void;
  /** The association's own record the file's record is (a seeded one): it is updated instead of a duplicate made. */
  existing?: (tx: Ctx, values: Row) => Promise<string | null>;
  /**
   * The existing record is kept as it is instead of taking the file's values (a record with a natural key that is
   * the association's own: the day's scheduled run, the stage of a number of days); the file's refer to it.
   */
  keepExisting?: boolean;
  /** Names a record in refusals (its number, name or date). */
  describe?: (raw: Row) => string;
}

const isObject = (v: unknown): v is Row => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function columnsOf(table: PgTable): Array<[string, PgColumn]> {
  return Object.entries(getTableColumns(table)) as Array<[string, PgColumn]>;
}

/** The file's list for a collection: none when an older file does not have it. */
export function listOf(data: BackupData, collection: string): Row[] {
  const v = data[collection];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || !v.every(isObject)) throw new ValidationError(`Invalid backup file format: data.${collection} must be a list of records`);
  return v as Row[];
}

/** Every row of the table, oldest first, every column as stored. */
export async function exportTable(ctx: Ctx, c: TableCollection): Promise<Row[]> {
  const cols = getTableColumns(c.table) as Record<string, PgColumn>;
  const order = ['created_date', 'id'].filter((k) => cols[k]).map((k) => asc(cols[k]!));
  if (!order.length) for (const col of Object.values(cols)) order.push(asc(col));
  const rows = (await ctx.db.select().from(c.table).orderBy(...order)) as Row[];
  const key = ctx.services.config.bankKey;
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => {
    const context = c.sealInFile?.[k];
    if (context && typeof v === 'string') {
      if (!key) throw new AppError(409, 'bank_key_missing', `The backup cannot hold ${c.collection} without BANK_ENCRYPTION_KEY: they carry account numbers`);
      return [k, sealSecret(key, v, context)];
    }
    return [k, v instanceof Date ? v.toISOString() : v];
  })));
}

/** A JSON schema of the table's records, from its columns. */
export function tableSchema(c: TableCollection): Record<string, unknown> {
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  for (const [key, col] of columnsOf(c.table)) {
    const type = col.dataType === 'date' ? 'string' : col.dataType === 'number' ? 'number' : col.dataType === 'boolean' ? 'boolean' : col.dataType === 'array' ? 'array' : col.dataType === 'json' ? undefined : 'string';
    const format = col.dataType === 'date' ? { format: 'date-time' } : col.columnType === 'PgNumeric' ? { description: 'exact decimal as text' } : {};
    properties[key] = type ? { type: col.notNull ? type : [type, 'null'], ...format } : {};
    if (col.notNull && !col.hasDefault) required.push(key);
  }
  return { type: 'object', properties, required };
}

/** Checks a value against its column's kind, so a wrong type is a 400 naming the record, not a database error. */
function checkValue(col: PgColumn, key: string, v: unknown, where: string): unknown {
  if (v === null) {
    if (col.notNull) throw new ValidationError(`Backup ${where}: ${key} is required`);
    return null;
  }
  const kind = col.dataType;
  const bad = () => new ValidationError(`Backup ${where}: ${key} has the wrong type`);
  if (kind === 'date') {
    if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) throw new ValidationError(`Backup ${where}: ${key} must be a date and time (ISO 8601)`);
    return new Date(v);
  }
  if (kind === 'number' && (typeof v !== 'number' || !Number.isFinite(v))) throw bad();
  if (kind === 'boolean' && typeof v !== 'boolean') throw bad();
  if (kind === 'array' && !Array.isArray(v)) throw bad();
  if (kind === 'string') {
    if (col.columnType === 'PgNumeric' && typeof v === 'number') return String(v);
    if (typeof v !== 'string') throw bad();
  }
  return v;
}

/**
 * Writes the file's records of one table: new ids (registered in `ids` under the table's name), references mapped,
 * each value checked against its column. A record that matches one of the association's own (`existing`) updates it.
 */
export async function restoreTable(tx: Ctx, data: BackupData, ids: IdMaps, c: TableCollection): Promise<number> {
  const tableName = getTableName(c.table);
  const records = listOf(data, c.collection);
  const cols = columnsOf(c.table);
  const idCol = cols.find(([k]) => k === 'id')?.[1];
  const own = ids.of(tableName);
  const where = (raw: Row, i: number) => `${c.collection} #${i + 1} (${c.describe ? c.describe(raw) : c.label})`;
  // Ids first, so records of the same table may point at each other in any order.
  if (idCol) {
    for (const [i, raw] of records.entries()) {
      const old = str(raw.id);
      if (!old) throw new ValidationError(`Backup ${where(raw, i)}: id is required`);
      if (own.has(old)) throw new ValidationError(`Backup ${where(raw, i)}: id ${old} appears twice in the file`);
      own.set(old, newId());
    }
  }
  const rows: Row[] = [];
  records: for (const [i, original] of records.entries()) {
    let raw = original;
    const w = where(raw, i);
    for (const [key, policy] of Object.entries(c.deletedDocuments ?? {})) {
      const target = c.refs?.[key];
      const table = typeof target === 'function' ? target(raw) : target;
      if (!table || raw[key] === null || raw[key] === undefined || raw[key] === '' || ids.of(table).has(String(raw[key]))) continue;
      if (policy === 'skip') continue records;
      raw = { ...raw, [key]: null };
    }
    const ref: RefFn = (table, old, field) => {
      if (old === null || old === undefined || old === '') return null;
      const mapped = ids.of(table).get(String(old));
      if (!mapped) throw new ValidationError(`Backup ${w}: ${field} ${str(old)} does not match any record of ${table} in the file`);
      return mapped;
    };
    const values: Row = {};
    for (const [key, col] of cols) {
      if (raw[key] === undefined) continue;
      if (key === 'id') {
        values.id = own.get(str(raw.id));
        continue;
      }
      const target = c.refs?.[key];
      const arrayTarget = c.arrayRefs?.[key];
      if (target) {
        const table = typeof target === 'function' ? target(raw) : target;
        values[key] = checkValue(col, key, table ? ref(table, raw[key], key) : raw[key], w);
      } else if (arrayTarget) {
        const list = checkValue(col, key, raw[key], w);
        values[key] = Array.isArray(list) ? list.map((v) => ref(arrayTarget, v, key)) : list;
      } else values[key] = checkValue(col, key, raw[key], w);
    }
    for (const [key, context] of Object.entries(c.sealInFile ?? {})) {
      if (typeof values[key] !== 'string') continue;
      const bankKey = tx.services.config.bankKey;
      if (!bankKey) throw new ValidationError(`Backup ${w}: ${key} is sealed, and this server has no BANK_ENCRYPTION_KEY to open it`);
      try {
        values[key] = openSecret(bankKey, values[key] as string, context);
      } catch {
        throw new ValidationError(`Backup ${w}: ${key} cannot be opened with this server's BANK_ENCRYPTION_KEY`);
      }
    }
    c.remap?.(values, ref);
    const existing = c.existing ? await c.existing(tx, values) : null;
    if (existing && idCol) {
      own.set(str(raw.id), existing);
      if (c.keepExisting) continue;
      const { id: _id, created_date: _c, created_by: _b, ...changes } = values;
      await tx.db.update(c.table).set(changes as never).where(eq(idCol, existing));
      continue;
    }
    rows.push(values);
  }
  try {
    for (let i = 0; i < rows.length; i += 500) await tx.db.insert(c.table).values(rows.slice(i, i + 500) as never);
    analyzeIfBulk(tx, rows.length, [getTableName(c.table)]);
  } catch (err) {
    const known = translateDbError(err, c.label);
    throw known ? new AppError(known.status, known.code, `Cannot restore ${c.collection}: ${known.message}. Nothing was restored.`) : err;
  }
  return records.length;
}

/** A step made of whole tables, restored in the order listed. */
export function tableStep(name: string, order: number, collections: readonly TableCollection[]): BackupStep {
  return {
    name,
    order,
    tables: collections.map((c) => getTableName(c.table)),
    collections: Object.fromEntries(collections.map((c) => [c.collection, { entity: c.entity, schema: () => tableSchema(c) }])),
    async backup(ctx) {
      const out: Record<string, unknown[]> = {};
      for (const c of collections) out[c.collection] = await exportTable(ctx, c);
      return out;
    },
    async restore(tx, data, ids) {
      const counts: Record<string, number> = {};
      for (const c of collections) counts[c.collection] = await restoreTable(tx, data, ids, c);
      return counts;
    },
  };
}
