import { FIRST_OWNER_ID } from '@covenant/contracts/constants';
import { describeCsvErrors, type CsvImportResult } from '@covenant/contracts/csv';
import { errorMessage } from '@/lib/api';
import type { Owner, Property } from '@covenant/contracts/entity-records';
import { bulkCreate, filter, list, type EntityName, type EntityQuery } from '@/lib/entities';
import { escapeRegex } from '@/lib/search';

export type { Owner, Property };

/** Cards shown per page; 'Load more' adds another page (lists are never loaded whole). */
export const PAGE_SIZE = 48;

/** A case-insensitive search where every word must match one of the fields. */
export function wordsQuery(search: string, fields: string[]): EntityQuery {
  const words = search.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return {};
  const clauses = words.map((w) => ({ $or: fields.map((f) => ({ [f]: { $regex: escapeRegex(w), $options: 'i' } })) }));
  return clauses.length === 1 ? clauses[0]! : { $and: clauses };
}

/** Every record matching a query, fetched in pages (exports only, never for display). */
export async function fetchAll<T>(entity: EntityName, query: EntityQuery, sort: string, fields?: string[]): Promise<T[]> {
  const out: T[] = [];
  const page = 1000;
  for (let skip = 0; ; skip += page) {
    const rows = await filter<T>(entity, query, sort, page, skip, fields);
    out.push(...rows);
    if (rows.length < page) return out;
  }
}

/** The next six-digit id after the highest numeric one, starting at first (spec part 1, section 5). */
export async function nextBusinessId(entity: 'Owner' | 'Property', field: 'owner_id' | 'property_id', first: number): Promise<string> {
  const [top] = await list<Record<string, string>>(entity, { sort: `-${field}`, limit: 1, fields: ['id', field] });
  const highest = top && /^\d{6}$/.test(top[field] ?? '') ? Number(top[field]) : first - 1;
  return String(Math.max(highest + 1, first)).padStart(6, '0');
}

export const nextOwnerId = () => nextBusinessId('Owner', 'owner_id', FIRST_OWNER_ID);

/**
 * An all-or-nothing CSV import: the file is parsed and validated here, then sent as one bulk create (one
 * server transaction); a refusal names the file's row, not the batch item.
 */
export async function importCsvRecords<T>(entity: EntityName, text: string, parse: (text: string) => CsvImportResult<T>) {
  const parsed = parse(text);
  if (!parsed.ok) throw new Error(describeCsvErrors(parsed.errors));
  try {
    return await bulkCreate(entity, parsed.records as Array<Record<string, unknown>>);
  } catch (e) {
    throw new Error(withFileRows(errorMessage(e), parsed.rows));
  }
}

/** "Item 3: ..." from a bulk create becomes the row of the file that item came from. */
export function withFileRows(message: string, rows: number[]): string {
  return message.replace(/^Item (\d+): /, (_m, n: string) => `Row ${rows[Number(n) - 1] ?? n}: `);
}

export function fullName(o: Pick<Owner, 'first_name' | 'last_name'>): string {
  return `${o.first_name} ${o.last_name}`.trim();
}
