/** Parses a decimal amount (number or numeric string) into integer cents, rounding half away from zero. */
export function toCents(value: number | string | null | undefined): number {
  if (value === null || value === undefined || value === '') return 0;
  const s = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[2] === '' && (m[3] ?? '') === '')) throw new RangeError(`Not an amount: ${String(value)}`);
  const sign = m[1] === '-' ? -1 : 1;
  const whole = m[2] === '' ? 0 : Number(m[2]);
  const frac = (m[3] ?? '').padEnd(3, '0');
  let cents = whole * 100 + Number(frac.slice(0, 2));
  if (Number(frac[2]) >= 5) cents += 1;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Amount out of range: ${String(value)}`);
  return sign * cents;
}

function numberToPlainString(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`Not an amount: ${n}`);
  // toFixed(6) avoids exponent notation and keeps enough digits to round cents correctly.
  return n.toFixed(6);
}

/** Formats integer cents as a plain decimal string with two places ("-12.30"). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Integer cents to a JSON number with two decimals of meaning (12.3 for 1230). */
export function centsToNumber(cents: number): number {
  return Number(centsToDecimal(cents));
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Dollar sign, two decimals, en-US grouping. */
export function formatMoney(value: number | string | null | undefined): string {
  return usd.format(toCents(value ?? 0) / 100);
}

/** Multiplies cents by a decimal factor (a quantity or a percentage / 100) rounding half away from zero, exactly. */
export function multiplyCents(cents: number, factor: number | string, divisor = 1): number {
  const f = typeof factor === 'number' ? factor.toFixed(6) : factor.trim();
  const m = /^([+-])?(\d*)(?:\.(\d*))?$/.exec(f);
  if (!m) throw new RangeError(`Not a number: ${factor}`);
  const scale = (m[3] ?? '').length;
  const factorInt = BigInt(`${m[1] ?? ''}${m[2] || '0'}${m[3] ?? ''}`);
  const denom = 10n ** BigInt(scale) * BigInt(divisor);
  const num = BigInt(cents) * factorInt;
  const q = num / denom;
  const r = num % denom;
  const twice = (r < 0n ? -r : r) * 2n;
  const rounded = twice >= denom ? q + (num < 0n ? -1n : 1n) : q;
  return Number(rounded);
}

/** A non-negative decimal (number or numeric string) as an integer scaled by 10^places, exactly; more places refused. */
export function scaledDecimal(value: number | string, places: number): bigint {
  const s = typeof value === 'number' ? numberToPlainString(value).replace(/0+$/, '').replace(/\.$/, '') : value.trim();
  const m = /^(\d*)(?:\.(\d*))?$/.exec(s);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) throw new RangeError(`Not a non-negative number: ${String(value)}`);
  const frac = m[2] ?? '';
  if (frac.replace(/0+$/, '').length > places) throw new RangeError(`At most ${places} decimal places: ${String(value)}`);
  return BigInt(`${m[1] || '0'}${frac.padEnd(places, '0').slice(0, places)}`);
}

/** Divides exactly, rounding half away from zero (denominator positive). */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('Denominator must be positive');
  const q = numerator / denominator;
  const r = numerator % denominator;
  const twice = (r < 0n ? -r : r) * 2n;
  return twice >= denominator ? q + (numerator < 0n ? -1n : 1n) : q;
}

/**
 * Splits cents in proportion to non-negative weights so the parts add up exactly to the total: each part is
 * rounded down, then the odd cents go one each to the largest remainders, ties to the earlier item.
 */
export function allocateByWeights(totalCents: number, weights: readonly bigint[]): number[] {
  if (!Number.isSafeInteger(totalCents) || totalCents < 0) throw new RangeError('Total must be a non-negative number of cents');
  if (weights.some((w) => w < 0n)) throw new RangeError('Weights must not be negative');
  const sum = weights.reduce((s, w) => s + w, 0n);
  if (weights.length === 0 || sum === 0n) throw new RangeError('The weights add up to zero');
  const total = BigInt(totalCents);
  const parts = weights.map((w, i) => ({ i, cents: (total * w) / sum, rest: (total * w) % sum }));
  let left = total - parts.reduce((s, p) => s + p.cents, 0n);
  for (const p of [...parts].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))) {
    if (left === 0n) break;
    p.cents += 1n;
    left -= 1n;
  }
  return parts.map((p) => Number(p.cents));
}
