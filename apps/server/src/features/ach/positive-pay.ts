import { toCsv } from '@covenant/contracts/csv';
import { centsToDecimal } from '@covenant/contracts/money';
import { ValidationError } from '../../lib/errors.ts';

/** A check the association issued (a bill payment with a check number), as the bank's positive pay compares it. */
export interface IssuedCheck {
  check_number: string;
  date: string;
  amount_cents: number;
  payee: string;
  void: boolean;
}

export const POSITIVE_PAY_HEADER = ['Check Number', 'Issue Date', 'Amount', 'Payee', 'Void'] as const;

/**
 * The positive pay file: one row per check in check-number order, amounts as plain decimals, Y for a voided
 * check. Cells go through the CSV export's formula guard, so a payee named "=HYPERLINK(...)" stays text.
 */
export function positivePayCsv(checks: readonly IssuedCheck[]): string {
  const seen = new Map<string, IssuedCheck>();
  for (const c of checks) {
    const number = c.check_number.trim().replace(/^0+(?=\d)/, '');
    if (!/^\d{1,10}$/.test(number)) throw new ValidationError(`Check number '${c.check_number}' must be up to 10 digits`);
    if (!Number.isSafeInteger(c.amount_cents) || c.amount_cents <= 0) throw new ValidationError(`Check ${number} must have an amount greater than zero`);
    if (seen.has(number)) throw new ValidationError(`Check ${number} is listed twice; the bank would refuse the file`);
    seen.set(number, c);
  }
  const rows = [...seen.entries()]
    .sort(([a], [b]) => (a.length - b.length) || a.localeCompare(b))
    .map(([number, c]) => [number, c.date, centsToDecimal(c.amount_cents), c.payee, c.void ? 'Y' : 'N']);
  return toCsv([[...POSITIVE_PAY_HEADER], ...rows]);
}
