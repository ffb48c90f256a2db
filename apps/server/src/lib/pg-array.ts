/**
 * A PostgreSQL array literal (`{"a","b",NULL}`) of text values, sent as one parameter and cast in SQL
 * (`unnest($1::text[], $2::numeric[], …)`): a bulk insert of thousands of rows is then a handful of parameters
 * instead of one per value, which the query builder takes seconds to assemble.
 */
export function pgArray(values: ReadonlyArray<string | number | null | undefined>): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) {
      out += 'NULL';
      continue;
    }
    const s = String(v);
    // Most values (ids, dates, amounts) need no escaping: the replace is only paid where a quote or backslash is.
    out += NEEDS_ESCAPE.test(s) ? `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : `"${s}"`;
  }
  return `${out}}`;
}

const NEEDS_ESCAPE = /["\\]/;
