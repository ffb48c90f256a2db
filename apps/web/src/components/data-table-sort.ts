/** A table's order: the server's sort field and its direction. */
export interface SortState {
  key: string;
  direction: 'asc' | 'desc';
}

/**
 * The order a `sort` parameter names, in the entity API's form (`account_number`, `-invoice_date`); the fallback when
 * the parameter is missing or names a field the screen does not offer, so a hand-edited address cannot ask for any column.
 */
export function parseSort(param: string | null | undefined, allowed: readonly string[], fallback: SortState): SortState {
  const text = param?.trim() ?? '';
  const direction = text.startsWith('-') ? 'desc' : 'asc';
  const key = direction === 'desc' ? text.slice(1) : text;
  return allowed.includes(key) ? { key, direction } : fallback;
}

/** The `sort` parameter of an order: the field, with a leading minus when descending. */
export function sortParam(sort: SortState): string {
  return sort.direction === 'desc' ? `-${sort.key}` : sort.key;
}

/** The order after a click on a column's header: the same column turns around; another column starts ascending. */
export function nextSort(current: SortState | null | undefined, key: string): SortState {
  if (current?.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  return { key, direction: 'asc' };
}

/** A sortable header's aria-sort: its direction when the table is sorted by it, otherwise none. */
export function ariaSortOf(current: SortState | null | undefined, key: string): 'ascending' | 'descending' | 'none' {
  if (current?.key !== key) return 'none';
  return current.direction === 'asc' ? 'ascending' : 'descending';
}
