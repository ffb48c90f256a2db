import { and, desc, eq, getTableColumns, gt, gte, inArray, isNotNull, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ValidationError } from '../../lib/errors.ts';
import type { EntityDef, Row } from './entity-def.ts';

type ColumnKind = 'text' | 'numeric' | 'integer' | 'boolean' | 'date' | 'timestamp' | 'enum';

export interface ColumnInfo {
  column: PgColumn;
  kind: ColumnKind;
  enumValues?: readonly string[];
}

const columnCache = new WeakMap<EntityDef, Map<string, ColumnInfo>>();

function kindOf(column: PgColumn): ColumnKind {
  switch (column.columnType) {
    case 'PgNumeric':
      return 'numeric';
    case 'PgInteger':
    case 'PgSerial':
    case 'PgBigInt53':
      return 'integer';
    case 'PgBoolean':
      return 'boolean';
    case 'PgDateString':
    case 'PgDate':
      return 'date';
    case 'PgTimestamp':
    case 'PgTimestampString':
      return 'timestamp';
    case 'PgEnumColumn':
      return 'enum';
    default:
      return 'text';
  }
}

/** The entity's visible columns by field name: the whitelist for filters, sorts and field selection. */
export function columnsOf(def: EntityDef): Map<string, ColumnInfo> {
  let map = columnCache.get(def);
  if (map) return map;
  map = new Map();
  for (const [name, column] of Object.entries(getTableColumns(def.table))) {
    if (def.hiddenColumns?.includes(name)) continue;
    const col = column as PgColumn;
    map.set(name, { column: col, kind: kindOf(col), enumValues: col.enumValues as readonly string[] | undefined });
  }
  columnCache.set(def, map);
  return map;
}

function fieldInfo(def: EntityDef, field: string): ColumnInfo {
  const info = columnsOf(def).get(field);
  if (!info) throw new ValidationError(`Unknown field '${field}' for ${def.name}`);
  return info;
}

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATETIME_RE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** Converts a filter value to what the column holds, or refuses it with a readable message. */
function coerce(def: EntityDef, field: string, info: ColumnInfo, value: unknown): unknown {
  const bad = (what: string) => new ValidationError(`Filter value for '${field}' must be ${what}`);
  switch (info.kind) {
    case 'text':
      if (typeof value === 'string') {
        if (value.includes('\u0000')) throw bad('text without NUL characters');
        return value;
      }
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      throw bad('text');
    case 'numeric':
    case 'integer': {
      const s = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
      if (!/^-?\d+(\.\d+)?$/.test(s) || (info.kind === 'integer' && s.includes('.'))) throw bad('a number');
      return s;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      throw bad('true or false');
    case 'date':
      if (typeof value === 'string' && DATE_RE.test(value) && !Number.isNaN(Date.parse(value))) return value;
      throw bad('a date (YYYY-MM-DD)');
    case 'timestamp': {
      if (typeof value !== 'string' || !ISO_DATETIME_RE.test(value) || Number.isNaN(Date.parse(value))) throw bad('a date and time (ISO 8601)');
      return new Date(value);
    }
    case 'enum':
      if (typeof value === 'string' && info.enumValues?.includes(value)) return value;
      throw bad(`one of: ${info.enumValues?.join(', ')}`);
  }
}

const OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin', '$exists', '$regex', '$options']);
const MAX_IN = 1000;
const MAX_DEPTH = 8;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function compileField(def: EntityDef, field: string, cond: unknown): SQL {
  const info = fieldInfo(def, field);
  const col = info.column;
  if (!isPlainObject(cond)) {
    if (cond === null) return isNull(col);
    if (Array.isArray(cond)) throw new ValidationError(`Filter value for '${field}' cannot be a list; use $in`);
    return eq(col, coerce(def, field, info, cond));
  }
  const parts: SQL[] = [];
  for (const [op, value] of Object.entries(cond)) {
    if (!OPERATORS.has(op)) throw new ValidationError(`Unknown filter operator '${op}' on '${field}'`);
    const list = (): unknown[] => {
      if (!Array.isArray(value)) throw new ValidationError(`${op} on '${field}' needs a list`);
      if (value.length > MAX_IN) throw new ValidationError(`${op} on '${field}' accepts at most ${MAX_IN} values`);
      return value.map((v) => coerce(def, field, info, v));
    };
    switch (op) {
      case '$eq':
        parts.push(value === null ? isNull(col) : eq(col, coerce(def, field, info, value)));
        break;
      case '$ne':
        parts.push(value === null ? isNotNull(col) : sql`${col} is distinct from ${coerce(def, field, info, value)}`);
        break;
      case '$gt':
        parts.push(gt(col, coerce(def, field, info, value)));
        break;
      case '$gte':
        parts.push(gte(col, coerce(def, field, info, value)));
        break;
      case '$lt':
        parts.push(lt(col, coerce(def, field, info, value)));
        break;
      case '$lte':
        parts.push(lte(col, coerce(def, field, info, value)));
        break;
      case '$in': {
        const values = list();
        parts.push(values.length ? inArray(col, values) : sql`false`);
        break;
      }
      case '$nin': {
        const values = list();
        if (values.length) parts.push(sql`(${col} is null or ${col} not in (${sql.join(values.map((v) => sql`${v}`), sql`, `)}))`);
        break;
      }
      case '$exists':
        if (typeof value !== 'boolean') throw new ValidationError(`$exists on '${field}' needs true or false`);
        parts.push(value ? isNotNull(col) : isNull(col));
        break;
      case '$regex': {
        if (typeof value !== 'string' || value.length > 200) throw new ValidationError(`$regex on '${field}' needs a pattern of at most 200 characters`);
        const options = cond.$options;
        if (options !== undefined && options !== 'i' && options !== '') throw new ValidationError(`$options on '${field}' supports only 'i'`);
        parts.push(options === 'i' ? sql`${col}::text ~* ${value}` : sql`${col}::text ~ ${value}`);
        break;
      }
      case '$options':
        if (!('$regex' in cond)) throw new ValidationError(`$options on '${field}' needs $regex`);
        break;
    }
  }
  return parts.length ? (and(...parts) as SQL) : sql`true`;
}

function compileNode(def: EntityDef, node: unknown, depth: number): SQL | undefined {
  if (depth > MAX_DEPTH) throw new ValidationError('Filter is nested too deeply');
  if (!isPlainObject(node)) throw new ValidationError('Filter must be a JSON object');
  const parts: SQL[] = [];
  for (const [key, value] of Object.entries(node)) {
    if (key === '$and' || key === '$or') {
      if (!Array.isArray(value) || value.length === 0) throw new ValidationError(`${key} needs a non-empty list of conditions`);
      const subs = value.map((v) => compileNode(def, v, depth + 1) ?? sql`true`);
      parts.push((key === '$and' ? and(...subs) : or(...subs)) as SQL);
    } else if (key.startsWith('$')) {
      throw new ValidationError(`Unknown filter operator '${key}'`);
    } else {
      parts.push(compileField(def, key, value));
    }
  }
  return parts.length ? (and(...parts) as SQL) : undefined;
}

/** Compiles the filter language (field equality, $eq $ne $gt $gte $lt $lte $in $nin $exists $regex, $and $or) to SQL over whitelisted fields. */
export function compileFilter(def: EntityDef, filter: unknown): SQL | undefined {
  if (filter === undefined || filter === null) return undefined;
  return compileNode(def, filter, 0);
}

/** Parses `q` (a JSON string) into a filter object. */
export function parseFilterParam(q: string | undefined): unknown {
  if (q === undefined || q === '') return undefined;
  try {
    return JSON.parse(q);
  } catch {
    throw new ValidationError('Filter (q) is not valid JSON');
  }
}

/** `field`, `-field`, or several joined by commas; whitelisted; ties broken by id for stable pages. */
export function compileSort(def: EntityDef, sort: string | undefined): SQL[] {
  const spec = sort && sort.trim() !== '' ? sort : '-created_date';
  const out: SQL[] = [];
  for (const raw of spec.split(',')) {
    const part = raw.trim();
    if (!part) continue;
    const descending = part.startsWith('-');
    const name = descending || part.startsWith('+') ? part.slice(1) : part;
    const info = columnsOf(def).get(name);
    if (!info) throw new ValidationError(`Cannot sort ${def.name} by unknown field '${name}'`);
    out.push(descending ? sql`${info.column} desc nulls last` : sql`${info.column} asc nulls last`);
  }
  const idCol = columnsOf(def).get('id')!.column;
  out.push(desc(idCol));
  return out;
}

/** The fields to return: all visible ones, or the requested subset (id always). */
export function selectedFields(def: EntityDef, fields: string | undefined): string[] {
  const all = [...columnsOf(def).keys()];
  const computed = Object.keys(def.computed ?? {});
  if (!fields || fields.trim() === '') return [...all, ...computed];
  const wanted = new Set(['id']);
  for (const raw of fields.split(',')) {
    const f = raw.trim();
    if (!f) continue;
    if (!columnsOf(def).has(f) && !computed.includes(f)) throw new ValidationError(`Unknown field '${f}' for ${def.name}`);
    wanted.add(f);
  }
  return [...wanted];
}

/** A stored row as the API shows it: numbers for NUMERIC, ISO strings for timestamps. */
export function serialize(def: EntityDef, row: Row): Row {
  const out: Row = {};
  const cols = columnsOf(def);
  for (const [key, value] of Object.entries(row)) {
    if (def.hiddenColumns?.includes(key)) continue;
    const info = cols.get(key);
    if (value === null || value === undefined) out[key] = value ?? null;
    else if (info?.kind === 'numeric' || (!info && typeof value === 'string' && key in (def.computed ?? {}))) out[key] = Number(value);
    else if (value instanceof Date) out[key] = value.toISOString();
    else out[key] = value;
  }
  return out;
}
