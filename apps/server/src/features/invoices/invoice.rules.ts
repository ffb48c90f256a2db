import { addDays, invoiceTotals, paidStatus } from '@covenant/contracts/documents';
import { INVOICE_DUE_DAYS } from '@covenant/contracts/constants';
import { laterDate } from '@covenant/contracts/dates';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { invoicePosting, type PostingLine, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';

/**
 * Invoice rules without I/O: what an invoice's lines, issued tax rate and applied payments make of it (totals,
 * balance, status, the entry it posts), and which changes an issued invoice refuses. The commands call these;
 * so do the billing run and restore for many invoices at once.
 */

export type InvoicePhase = 'draft' | 'issued' | 'cancelled';
export type InvoiceStatus = 'draft' | 'sent' | 'partial' | 'paid' | 'cancelled';

/** Statuses the server derives: a client sending one of them means "issued". */
export const DERIVED_INVOICE_STATUSES: ReadonlySet<string> = new Set(['sent', 'paid', 'partial', 'overdue']);

export function phaseOf(status: string): InvoicePhase {
  if (status === 'draft') return 'draft';
  if (status === 'cancelled') return 'cancelled';
  return 'issued';
}

export interface InvoiceLineState {
  quantity: number | string;
  unit_price: number | string;
  /** The account the line was issued with (copied from its item when chosen). */
  account_id: string | null;
  /** The fund the line belongs to (from its item, else Operating). */
  fund_id: string;
}

export interface InvoiceState {
  id: string;
  invoice_number: string;
  invoice_date: string;
  owner_id: string;
  property_id: string | null;
  phase: InvoicePhase;
  /** The tax rate (percent) stored on the invoice, never the tax rate record's current value. */
  tax_rate: number | string | null;
  lines: readonly InvoiceLineState[];
  /** What the payment applications in force have applied to it. */
  paidCents: number;
  /**
   * The most that was ever applied to it at one time (applications since reversed included); an issued total
   * below it would make the invoice negative on some past date. Defaults to paidCents.
   */
  peakAppliedCents?: number;
}

export interface ComputedInvoice {
  lineCents: number[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  amountPaidCents: number;
  balanceCents: number;
  status: InvoiceStatus;
  /** The entry an issued invoice posts at its date: Dr A/R per fund, Cr revenue by line account and fund, Cr sales tax. Null when it posts nothing. */
  posting: PostingLine[] | null;
}

/** Everything derived about an invoice; refuses an issued total below what is already paid on it. */
export function computeInvoice(s: InvoiceState, acc: SystemAccounts, funds: SystemFunds): ComputedInvoice {
  const totals = invoiceTotals(s.lines, s.tax_rate);
  const base = { lineCents: totals.lineCents, subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents };
  if (s.phase === 'cancelled') return { ...base, amountPaidCents: 0, balanceCents: 0, status: 'cancelled', posting: null };
  if (s.phase === 'draft') {
    if (s.paidCents !== 0) throw new ConflictError('A draft invoice cannot carry payments', 'draft');
    return { ...base, amountPaidCents: 0, balanceCents: totals.totalCents, status: 'draft', posting: null };
  }
  if (totals.totalCents < s.paidCents) {
    throw new ConflictError(`The invoice total cannot be less than the ${(s.paidCents / 100).toFixed(2)} already paid on it; remove payments first`, 'below_paid');
  }
  const peak = s.peakAppliedCents ?? s.paidCents;
  if (totals.totalCents < peak) {
    throw new ConflictError(`The invoice total cannot be less than the ${(peak / 100).toFixed(2)} that payments applied to it at one time (some were reversed since); cancel it and issue a new one instead`, 'below_paid');
  }
  return {
    ...base,
    amountPaidCents: s.paidCents,
    balanceCents: totals.totalCents - s.paidCents,
    status: paidStatus(totals.totalCents, s.paidCents),
    posting: invoicePosting(
      { id: s.id, owner_id: s.owner_id, property_id: s.property_id, lines: s.lines.map((l, i) => ({ account_id: l.account_id, fund_id: l.fund_id, cents: totals.lineCents[i]! })), taxCents: totals.taxCents },
      acc,
      funds,
    ),
  };
}

/** The most applied at any one time by applications in force from applied to reversed (exclusive). */
export function peakApplied(links: ReadonlyArray<{ cents: number; applied_date: string; reversed_date: string | null }>): number {
  const events = links.flatMap((l) => [
    { date: l.applied_date, delta: l.cents },
    ...(l.reversed_date ? [{ date: l.reversed_date, delta: -l.cents }] : []),
  ]);
  // On one date, reversals take effect before applications (a reversal ends the day before it).
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.delta - b.delta));
  let level = 0;
  let peak = 0;
  for (const e of events) {
    level += e.delta;
    peak = Math.max(peak, level);
  }
  return peak;
}

/** The due date a new invoice gets when none is given (spec: 15 days after the invoice date). */
export function defaultDueDate(invoiceDate: string): string {
  return addDays(invoiceDate, INVOICE_DUE_DAYS);
}

/** The phase a create asks for: draft unless a sent-like status; never cancelled. */
export function phaseForCreate(status: string | undefined): 'draft' | 'issued' {
  if (status === undefined || status === 'draft') return 'draft';
  if (status === 'cancelled') throw new ValidationError('An invoice cannot be created cancelled');
  return 'issued';
}

export interface InvoiceHeaderChange {
  invoice_number?: unknown;
  invoice_date?: string;
  owner_id?: string;
  status?: string;
}

/**
 * Which header changes an invoice accepts, given its phase and whether payments were ever applied to it
 * (in force or reversed): the past those payments were posted against must not move.
 */
export function assertInvoiceChange(current: { phase: InvoicePhase; invoice_number: string; invoice_date: string; owner_id: string }, change: InvoiceHeaderChange, hasPaymentHistory: boolean): void {
  if (current.phase === 'cancelled') throw new ConflictError('A cancelled invoice cannot be edited', 'cancelled');
  if (change.invoice_number !== undefined && change.invoice_number !== current.invoice_number) throw new ValidationError('The invoice number cannot be changed');
  if (change.status === 'draft' && current.phase === 'issued') throw new ConflictError('A sent invoice cannot go back to draft; cancel it instead', 'already_sent');
  if (hasPaymentHistory && change.owner_id !== undefined && change.owner_id !== current.owner_id) {
    throw new ConflictError('An invoice with payments cannot move to another owner', 'has_payments');
  }
  if (hasPaymentHistory && change.invoice_date !== undefined && change.invoice_date !== current.invoice_date) {
    throw new ConflictError('An invoice with payments cannot change its date: the payments were posted against it', 'has_payments');
  }
}

/** A cancellation posts on its date, or on the invoice's date if the invoice is dated later. */
export function cancellationDate(requested: string, invoiceDate: string): string {
  return laterDate(requested, invoiceDate);
}
