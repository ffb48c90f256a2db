/** A table's order: the server's sort field and its direction. */
export interface SortState<K extends string = string> {
  key: K;
  direction: 'asc' | 'desc';
}

/**
 * The order a `sort` parameter names, in the entity API's form (`account_number`, `-invoice_date`); the fallback when
 * the parameter is missing or names a field the screen does not offer, so a hand-edited address cannot ask for any column.
 */
export function parseSort<K extends string>(param: string | null | undefined, allowed: readonly K[], fallback: SortState<K>): SortState<K> {
  const text = param?.trim() ?? '';
  const direction = text.startsWith('-') ? 'desc' : 'asc';
  const key = direction === 'desc' ? text.slice(1) : text;
  return isAllowed(allowed, key) ? { key, direction } : fallback;
}

function isAllowed<K extends string>(allowed: readonly K[], key: string): key is K {
  return (allowed as readonly string[]).includes(key);
}

/** The `sort` parameter of an order: the field, with a leading minus when descending. */
export function sortParam<K extends string>(sort: SortState<K>): K | `-${K}` {
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
