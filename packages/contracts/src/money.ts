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
