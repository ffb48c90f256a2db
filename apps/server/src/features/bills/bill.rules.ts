import { addDays, billTotals, paidStatus } from '@covenant/contracts/documents';
import { BILL_DUE_DAYS } from '@covenant/contracts/constants';
import { laterDate } from '@covenant/contracts/dates';
import { centsToDecimal } from '@covenant/contracts/money';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { billPosting, type PostingLine, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';

/** Bill rules without I/O: totals, balance, status and the entry a bill posts; which changes and payments it accepts. */

export type BillPhase = 'draft' | 'recorded' | 'cancelled';
export type BillStatus = 'draft' | 'pending' | 'partial' | 'paid' | 'cancelled';

/** Statuses the server derives: a client sending one of them means "recorded". */
export const DERIVED_BILL_STATUSES: ReadonlySet<string> = new Set(['pending', 'paid', 'partial', 'overdue']);

export function billPhaseOf(status: string): BillPhase {
  if (status === 'draft') return 'draft';
  if (status === 'cancelled') return 'cancelled';
  return 'recorded';
}

export interface BillState {
  id: string;
  vendor_id: string;
  phase: BillPhase;
  /** Entered by hand on the bill (spec: total is subtotal plus tax). */
  tax_amount: number | string | null;
  lines: ReadonlyArray<{ quantity: number | string; unit_price: number | string; account_id: string | null; fund_id: string }>;
  paidCents: number;
}

export interface ComputedBill {
  lineCents: number[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  amountPaidCents: number;
  balanceCents: number;
  status: BillStatus;
  /** Dr each line's expense account and Taxes Paid / Cr Accounts Payable; null when it posts nothing. */
  posting: PostingLine[] | null;
}

export function computeBill(s: BillState, acc: SystemAccounts, funds: SystemFunds): ComputedBill {
  const totals = billTotals(s.lines, s.tax_amount);
  const base = { lineCents: totals.lineCents, subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents };
  if (s.phase === 'cancelled') return { ...base, amountPaidCents: 0, balanceCents: 0, status: 'cancelled', posting: null };
  if (s.phase === 'draft') {
    if (s.paidCents !== 0) throw new ConflictError('A draft bill cannot carry payments', 'draft');
    return { ...base, amountPaidCents: 0, balanceCents: totals.totalCents, status: 'draft', posting: null };
  }
  if (totals.totalCents < s.paidCents) {
    throw new ConflictError(`The bill total cannot be less than the ${centsToDecimal(s.paidCents)} already paid on it`, 'below_paid');
  }
  const paid = paidStatus(totals.totalCents, s.paidCents);
  return {
    ...base,
    amountPaidCents: s.paidCents,
    balanceCents: totals.totalCents - s.paidCents,
    status: paid === 'sent' ? 'pending' : paid,
    posting: billPosting(
      { id: s.id, vendor_id: s.vendor_id, lines: s.lines.map((l, i) => ({ account_id: l.account_id, fund_id: l.fund_id, cents: totals.lineCents[i]! })), taxCents: totals.taxCents },
      acc,
      funds,
      acc.tax_expense,
    ),
  };
}

export function defaultBillDueDate(billDate: string): string {
  return addDays(billDate, BILL_DUE_DAYS);
}

export function billPhaseForCreate(status: string | undefined): 'draft' | 'recorded' {
  if (status === 'draft') return 'draft';
  if (status === 'cancelled') throw new ValidationError('A bill cannot be created cancelled');
  return 'recorded';
}

export function assertBillChange(current: { phase: BillPhase; vendor_id: string; bill_date: string }, change: { vendor_id?: string; bill_date?: string; status?: string }, hasPayments: boolean): void {
  if (current.phase === 'cancelled') throw new ConflictError('A cancelled bill cannot be edited', 'cancelled');
  if (change.status === 'draft' && current.phase === 'recorded') throw new ConflictError('A recorded bill cannot go back to draft; cancel it instead', 'already_posted');
  if (hasPayments && change.vendor_id !== undefined && change.vendor_id !== current.vendor_id) {
    throw new ConflictError('A bill with payments cannot move to another vendor', 'has_payments');
  }
  if (hasPayments && change.bill_date !== undefined && change.bill_date !== current.bill_date) {
    throw new ConflictError('A bill with payments cannot change its date: the payments were posted against it', 'has_payments');
  }
}

/** A payment on a bill: a recorded bill, an amount up to its balance, dated on or after the bill. */
export function assertBillPayment(bill: { phase: BillPhase; status: string; bill_date: string; balanceCents: number }, cents: number, paymentDate: string): void {
  if (bill.phase !== 'recorded') throw new ConflictError(`A ${bill.status} bill cannot be paid`, bill.status);
  if (!Number.isInteger(cents) || cents <= 0) throw new ValidationError('Amount must be greater than 0');
  if (cents > bill.balanceCents) throw new ConflictError(`The bill balance is ${centsToDecimal(bill.balanceCents)}; pay at most that`, 'over_balance');
  if (paymentDate < bill.bill_date) throw new ValidationError(`A bill payment cannot be dated before its bill (${bill.bill_date})`);
}

export function billCancellationDate(requested: string, billDate: string): string {
  return laterDate(requested, billDate);
}
