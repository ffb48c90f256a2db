/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) of text values, sent as one parameter and cast in SQL
 * (`unnest($1::text[], $2::numeric[], …)`): a bulk insert of thousands of rows is then a handful of parameters
 * instead of one per value, which the query builder takes seconds to assemble.
 */
export function pgArray(values: ReadonlyArray<string | number | null | undefined>): string {
  return `{${values.map((v) => (v === null || v === undefined ? 'NULL' : `"${String(v).replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`)).join(',')}}`;
}
