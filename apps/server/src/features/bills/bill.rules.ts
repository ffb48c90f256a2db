import { centsToDecimal } from '@covenant/contracts/money';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import type { DocumentPhase } from '../document-lifecycle/lifecycle.rules.ts';

/** A payment on a bill: a recorded bill, an amount up to its balance, dated on or after the bill. */
export function assertBillPayment(bill: { phase: DocumentPhase; status: string; bill_date: string; balanceCents: number }, cents: number, paymentDate: string): void {
  if (bill.phase !== 'issued') throw new ConflictError(`A ${bill.status} bill cannot be paid`, bill.status);
  if (!Number.isInteger(cents) || cents <= 0) throw new ValidationError('Amount must be greater than 0');
  if (cents > bill.balanceCents) throw new ConflictError(`The bill balance is ${centsToDecimal(bill.balanceCents)}; pay at most that`, 'over_balance');
  if (paymentDate < bill.bill_date) throw new ValidationError(`A bill payment cannot be dated before its bill (${bill.bill_date})`);
}
