/**
 * ABA routing numbers: nine digits whose weighted sum (weights 3, 7, 1 repeated) is a multiple of ten, with a
 * first pair of digits the Federal Reserve assigns (00-12 Federal Reserve districts and the U.S. Government,
 * 21-32 thrift institutions, 61-72 electronic transactions, 80 traveler's checks).
 */
const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

function prefixAssigned(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** The ninth digit that makes the first eight digits a valid routing number. */
export function abaCheckDigit(firstEight: string): number {
  if (!/^\d{8}$/.test(firstEight)) throw new RangeError('The check digit is computed from eight digits');
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(firstEight[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}

/** Why a routing number is refused, in a sentence a person understands; null when it is valid. */
export function routingNumberProblem(value: string, label = 'Routing number'): string | null {
  const s = value.trim();
  if (s === '') return `${label} is required`;
  if (!/^\d+$/.test(s)) return `${label} must be digits only (nine digits, as printed at the bottom left of a check)`;
  if (s.length !== 9) return `${label} must be exactly 9 digits; ${s} has ${s.length}`;
  if (s === '000000000') return `${label} 000000000 is not a bank's routing number`;
  if (!prefixAssigned(Number(s.slice(0, 2)))) {
    return `${label} ${s} is not valid: a routing number starts with 00-12, 21-32, 61-72 or 80`;
  }
  const expected = abaCheckDigit(s.slice(0, 8));
  if (Number(s[8]) !== expected) {
    return `${label} ${s} is not valid: its last digit should be ${expected} by the ABA check (weights 3, 7, 1). Check it against a check or the bank's website`;
  }
  return null;
}

/** Whether a string is a valid nine-digit ABA routing number. */
export function isRoutingNumber(value: string): boolean {
  return routingNumberProblem(value) === null;
}
