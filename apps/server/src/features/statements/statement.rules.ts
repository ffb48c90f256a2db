import { AGING_BUCKETS, agingBucket, type AgingBucket } from '@covenant/contracts/documents';

/**
 * An owner's statement, pure: what the owner owes is the receivables less their unapplied credit (Accounts
 * Receivable plus Owner Prepayments, debit − credit, on their lines). Each journal entry that moves that balance is
 * one statement line; an application of a credit to an invoice moves money between the two and is no line.
 */

/** One journal entry's effect on the owner's balance, as the database sums it (cents, debit − credit). */
export interface StatementEntry {
  date: string;
  source_type: string;
  /** The entry reverses another (a cancellation, a bounce, a correction or a deletion). */
  is_reversal: boolean;
  number: string | null;
  description: string;
  net_cents: number;
}

export type StatementLineType = 'invoice' | 'invoice_reversal' | 'payment' | 'payment_returned' | 'adjustment';

export interface StatementLine {
  date: string;
  type: StatementLineType;
  number: string | null;
  description: string;
  /** What raised the balance (cents). */
  charges: number;
  /** What lowered it: payments and credits such as a cancelled invoice (cents). */
  payments: number;
  /** The running balance after this line (cents). */
  balance: number;
}

/** The kind of line an entry makes, from the document it comes from and whether it reverses one. */
export function lineType(sourceType: string, isReversal: boolean): StatementLineType {
  if (sourceType === 'invoice') return isReversal ? 'invoice_reversal' : 'invoice';
  if (sourceType === 'payment') return isReversal ? 'payment_returned' : 'payment';
  return 'adjustment';
}

/**
 * The statement's lines in the order given (date, then posting order), each with the running balance, from the
 * opening balance; entries that do not move the balance are left out. A positive net is a charge, a negative one
 * a payment or credit, so every line sits in exactly one column.
 */
export function statementLines(openingCents: number, entries: readonly StatementEntry[]) {
  let balance = openingCents;
  let totalCharges = 0;
  let totalPayments = 0;
  const lines: StatementLine[] = [];
  for (const e of entries) {
    if (e.net_cents === 0) continue;
    const charges = e.net_cents > 0 ? e.net_cents : 0;
    const payments = e.net_cents < 0 ? -e.net_cents : 0;
    balance += e.net_cents;
    totalCharges += charges;
    totalPayments += payments;
    lines.push({ date: e.date, type: lineType(e.source_type, e.is_reversal), number: e.number, description: e.description, charges, payments, balance });
  }
  return { lines, closingCents: balance, totalCharges, totalPayments };
}

export type AgingTotals = Record<AgingBucket | 'total', number>;

/** Open receivables by bucket of days past due on asOf (the A/R aging report's buckets), with their total. */
export function agingTotals(openInvoices: ReadonlyArray<{ due_date: string | null; open_cents: number }>, asOf: string): AgingTotals {
  const out = Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, 0])) as AgingTotals;
  for (const doc of openInvoices) {
    out[agingBucket(doc.due_date, asOf)] += doc.open_cents;
    out.total += doc.open_cents;
  }
  return out;
}

/**
 * The next payment an owner should make, from their open invoices: the earliest due date on or after today and
 * what falls due then, and what is already past due. An invoice without a due date is due now (today).
 */
export function nextDue(openInvoices: ReadonlyArray<{ due_date: string | null; open_cents: number }>, today: string) {
  let pastDue = 0;
  let next: { date: string; cents: number } | null = null;
  for (const doc of openInvoices) {
    if (doc.open_cents <= 0) continue;
    const due = doc.due_date ?? today;
    if (due < today) {
      pastDue += doc.open_cents;
      continue;
    }
    if (!next || due < next.date) next = { date: due, cents: doc.open_cents };
    else if (due === next.date) next.cents += doc.open_cents;
  }
  return { pastDueCents: pastDue, next };
}
