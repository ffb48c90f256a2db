import { z } from 'zod';

/** Optional free text: empty string and null both mean "no value". */
export const optText = (max = 500) =>
  z.string({ error: 'must be text' }).max(max, `must be at most ${max} characters`).nullable().optional();

export const reqText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const optEmail = (label = 'Email') =>
  z
    .union([z.email({ error: `${label} must be a valid email address` }), z.literal('')], valueMessage)
    .nullable()
    .optional();

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
/** An ISO calendar date (YYYY-MM-DD) that exists. */
export const isoDate = (label = 'date') =>
  z.string({ error: `${label} must be a date (YYYY-MM-DD)` }).check((ctx) => {
    const s = ctx.value;
    if (DATE_RE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s)) return;
    ctx.issues.push({ code: 'custom', input: s, message: s.trim() === '' ? `${label} is required` : `${label} must be a date (YYYY-MM-DD)` });
  });
/**
 * When a union of a value and "blank" fails, the value's own message ("Due date must be a date"), not the union's.
 * The value comes first: form resolvers show the first branch's first issue of a failed union.
 */
const valueMessage = { error: (issue: { code?: string; errors?: ReadonlyArray<ReadonlyArray<{ message: string }>> }) => (issue.code === 'invalid_union' ? issue.errors?.[0]?.[0]?.message : undefined) };

export const optDate = (label?: string) => z.union([isoDate(label), z.literal('')], valueMessage).nullable().optional();

function decimalPlaces(n: number): number {
  const s = n.toString();
  if (s.includes('e')) return 99;
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

/**
 * A number given as a JSON number or as text (a form's input, a query string): blank text is "required", other
 * text that is not one "must be {what}".
 */
const numeric = (label: string, pattern: RegExp, what: string) =>
  z.union([z.number(), z.string()], { error: `${label} must be ${what}` }).transform((value, ctx) => {
    if (typeof value === 'number') return value;
    const text = value.trim();
    if (pattern.test(text)) return Number(text);
    ctx.issues.push({ code: 'custom', input: value, message: text === '' ? `${label} is required` : `${label} must be ${what}` });
    return z.NEVER;
  });

/** A decimal number given as a JSON number or a numeric string, with bounds and a maximum number of decimals. */
export const decimal = (label: string, opts: { min?: number; max?: number; places?: number } = {}) =>
  numeric(label, /^-?\d+(\.\d+)?$/, 'a number')
    .pipe(
      z
        .number({ error: `${label} must be a number` })
        .refine((n) => Number.isFinite(n), `${label} must be a number`)
        .refine((n) => opts.min === undefined || n >= opts.min, `${label} must be at least ${opts.min}`)
        .refine((n) => opts.max === undefined || n <= opts.max, `${label} must be at most ${opts.max}`)
        .refine((n) => decimalPlaces(n) <= (opts.places ?? 2), `${label} must have at most ${opts.places ?? 2} decimal places`),
    );

export const money = (label: string) => decimal(label, { min: 0, max: 999_999_999_999.99, places: 2 });
/** An optional field of a form or a request: an empty string means "no value", like null. */
export const blankAsNull = <T extends z.ZodType>(schema: T) =>
  z
    .union([schema, z.literal('').transform(() => null)], valueMessage)
    // A value schema that takes '' itself (optional text) still answers null for a blank.
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const optMoney = (label: string) => blankAsNull(money(label));

export const integer = (label: string, min = 0, max = 2_147_483_647) =>
  numeric(label, /^-?\d+$/, 'a whole number')
    .pipe(z.number().int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`));

/** A six-digit, zero-padded numeric identifier (owner_id, property_id). */
export const sixDigitId = (label: string) =>
  z.string({ error: `${label} is required` }).regex(/^\d{6}$/, `${label} must be exactly 6 digits`);

/** A record's id; a blank one (a form's unchosen picker) is "required". */
export const recordId = (label: string) =>
  z.string({ error: `${label} is required` }).check((ctx) => {
    if (/^[0-9a-f]{24}$/.test(ctx.value)) return;
    ctx.issues.push({ code: 'custom', input: ctx.value, message: ctx.value === '' ? `${label} is required` : `${label} must be a record id` });
  });
export const optRecordId = (label: string) => z.union([z.literal('').transform(() => null), recordId(label)]).nullable().optional();

/** One of fixed values; nothing chosen (blank or missing) is "required". */
export const enumOf = <T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, { error: (issue) => (issue.input === '' || issue.input === undefined ? `${label} is required` : `${label} must be one of: ${values.join(', ')}`) });
