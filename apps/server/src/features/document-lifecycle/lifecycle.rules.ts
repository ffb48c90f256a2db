import { addDays, billTotals, invoiceTotals, paidStatus, type DocumentTotals } from '@covenant/contracts/documents';
import { BILL_DUE_DAYS, INVOICE_DUE_DAYS } from '@covenant/contracts/constants';
import { laterDate } from '@covenant/contracts/dates';
import { centsToDecimal } from '@covenant/contracts/money';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { billPosting, invoicePosting, type PostingLine, type SystemAccounts, type SystemFunds } from '../ledger/posting.rules.ts';

/**
 * The lifecycle of a posted document without I/O, one set of rules for receivables (invoices to owners) and
 * payables (bills from vendors): what its lines, the tax it was issued with and what is paid on it make of it
 * (totals, balance, status, the entry it posts), its phases, which changes an issued one refuses, and the date a
 * cancellation posts on. A `DocumentKind` says how the two differ; the commands, the runs and restore call these.
 */

export type DocumentPhase = 'draft' | 'issued' | 'cancelled';
export type DocumentStatus = 'draft' | 'sent' | 'pending' | 'partial' | 'paid' | 'cancelled';

export interface DocumentLineState {
  quantity: number | string;
  unit_price: number | string;
  /** The account the line was issued with. */
  account_id: string | null;
  /** The fund the line belongs to. */
  fund_id: string;
}

export interface DocumentState {
  id: string;
  /** The owner of an invoice, the vendor of a bill. */
  party_id: string;
  property_id?: string | null;
  phase: DocumentPhase;
  /**
   * The tax stored on the document when it was issued, never a tax rate record's current value: a rate in
   * percent on an invoice, an amount entered by hand on a bill.
   */
  tax: number | string | null;
  lines: readonly DocumentLineState[];
  /** What the payments in force have paid on it. */
  paidCents: number;
  /**
   * The most that was ever applied to it at one time (applications since reversed included); an issued total
   * below it would make the document negative on some past date. Defaults to paidCents.
   */
  peakAppliedCents?: number;
}

export interface ComputedDocument {
  lineCents: number[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  amountPaidCents: number;
  balanceCents: number;
  status: DocumentStatus;
  /** The entry an issued document posts at its date; null when it posts nothing. */
  posting: PostingLine[] | null;
}

/** How receivables and payables differ: words of the messages, defaults, the tax rule and the entry they post. */
export interface DocumentKind {
  /** The document in messages. */
  noun: 'invoice' | 'bill';
  /** Its indefinite article, capitalized ('An invoice', 'A bill'). */
  article: 'An' | 'A';
  /** Who it is addressed to, in messages. */
  party: 'owner' | 'vendor';
  /** The status of an issued document with nothing paid. */
  issuedStatus: 'sent' | 'pending';
  /** How an issued document is called in messages ('a sent invoice', 'a recorded bill') and in the audit log. */
  issuedWord: 'sent' | 'recorded';
  /** The code of the refusal to go back to draft. */
  backToDraftCode: 'already_sent' | 'already_posted';
  /** The phase of a document created without a status. */
  createdAs: 'draft' | 'issued';
  /** Whether its number is fixed once given (an invoice's is; a bill's is the vendor's and may be corrected). */
  isNumberFixed: boolean;
  /** Statuses the server derives: a client sending one of them on a draft means "issue it". */
  derivedStatuses: ReadonlySet<string>;
  /** Days from the document date to the due date when none is given. */
  dueDays: number;
  /** Said after the refusal of a total below what is paid. */
  belowPaidAdvice: string;
  totals(lines: readonly DocumentLineState[], tax: number | string | null): DocumentTotals;
  posting(s: DocumentState, totals: DocumentTotals, acc: SystemAccounts, funds: SystemFunds): PostingLine[];
}

const withCents = (s: DocumentState, t: DocumentTotals) => s.lines.map((l, i) => ({ account_id: l.account_id, fund_id: l.fund_id, cents: t.lineCents[i]! }));

/** Invoices to owners: tax at the rate stored on the invoice; Dr A/R per fund / Cr revenue by line account and fund, Cr sales tax. */
export const receivable: DocumentKind = {
  noun: 'invoice',
  article: 'An',
  party: 'owner',
  issuedStatus: 'sent',
  issuedWord: 'sent',
  backToDraftCode: 'already_sent',
  createdAs: 'draft',
  isNumberFixed: true,
  derivedStatuses: new Set(['sent', 'paid', 'partial', 'overdue']),
  dueDays: INVOICE_DUE_DAYS,
  belowPaidAdvice: '; remove payments first',
  totals: (lines, tax) => invoiceTotals(lines, tax),
  posting: (s, t, acc, funds) => invoicePosting({ id: s.id, owner_id: s.party_id, property_id: s.property_id ?? null, lines: withCents(s, t), taxCents: t.taxCents }, acc, funds),
};

/** Bills from vendors: tax entered by hand (spec: total is subtotal plus tax); Dr each line's expense and Taxes Paid / Cr A/P. */
export const payable: DocumentKind = {
  noun: 'bill',
  article: 'A',
  party: 'vendor',
  issuedStatus: 'pending',
  issuedWord: 'recorded',
  backToDraftCode: 'already_posted',
  createdAs: 'issued',
  isNumberFixed: false,
  derivedStatuses: new Set(['pending', 'paid', 'partial', 'overdue']),
  dueDays: BILL_DUE_DAYS,
  belowPaidAdvice: '',
  totals: (lines, tax) => billTotals(lines, tax),
  posting: (s, t, acc, funds) => billPosting({ id: s.id, vendor_id: s.party_id, lines: withCents(s, t), taxCents: t.taxCents }, acc, funds, acc.tax_expense),
};

export function phaseOf(status: string): DocumentPhase {
  if (status === 'draft') return 'draft';
  if (status === 'cancelled') return 'cancelled';
  return 'issued';
}

/** Everything derived about a document; refuses an issued total below what is paid on it, now or at any one time. */
export function computeDocument(kind: DocumentKind, s: DocumentState, acc: SystemAccounts, funds: SystemFunds): ComputedDocument {
  const totals = kind.totals(s.lines, s.tax);
  const base = { lineCents: totals.lineCents, subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents };
  if (s.phase === 'cancelled') return { ...base, amountPaidCents: 0, balanceCents: 0, status: 'cancelled', posting: null };
  if (s.phase === 'draft') {
    if (s.paidCents !== 0) throw new ConflictError(`A draft ${kind.noun} cannot carry payments`, 'draft');
    return { ...base, amountPaidCents: 0, balanceCents: totals.totalCents, status: 'draft', posting: null };
  }
  if (totals.totalCents < s.paidCents) {
    throw new ConflictError(`The ${kind.noun} total cannot be less than the ${centsToDecimal(s.paidCents)} already paid on it${kind.belowPaidAdvice}`, 'below_paid');
  }
  const peak = s.peakAppliedCents ?? s.paidCents;
  if (totals.totalCents < peak) {
    throw new ConflictError(`The ${kind.noun} total cannot be less than the ${centsToDecimal(peak)} that payments applied to it at one time (some were reversed since); cancel it and issue a new one instead`, 'below_paid');
  }
  return { ...base, ...settlement(kind, totals.totalCents, s.paidCents), posting: kind.posting(s, totals, acc, funds) };
}

/** An issued document's paid amount, balance and status for a total and the amount paid on it. */
export function settlement(kind: DocumentKind, totalCents: number, paidCents: number): Pick<ComputedDocument, 'amountPaidCents' | 'balanceCents' | 'status'> {
  const paid = paidStatus(totalCents, paidCents);
  return { amountPaidCents: paidCents, balanceCents: totalCents - paidCents, status: paid === 'sent' ? kind.issuedStatus : paid };
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

/** The due date a new document gets when none is given (spec: 15 days after an invoice, 30 after a bill). */
export function defaultDueDate(kind: DocumentKind, documentDate: string): string {
  return addDays(documentDate, kind.dueDays);
}

/** The phase a create asks for: the kind's default without a status, draft, or issued for any other; never cancelled. */
export function phaseForCreate(kind: DocumentKind, status: string | undefined): 'draft' | 'issued' {
  if (status === undefined) return kind.createdAs;
  if (status === 'draft') return 'draft';
  if (status === 'cancelled') throw new ValidationError(`${kind.article} ${kind.noun} cannot be created cancelled`);
  return 'issued';
}

/** The status a change gives a draft that a client sent a derived status for (it issues the draft); none otherwise. */
export function issuingStatus(kind: DocumentKind, phase: DocumentPhase, requested: string | undefined): 'sent' | 'pending' | undefined {
  return phase === 'draft' && requested !== undefined && kind.derivedStatuses.has(requested) ? kind.issuedStatus : undefined;
}

export interface DocumentHeaderChange {
  number?: unknown;
  date?: string | undefined;
  party_id?: string | undefined;
  status?: string | undefined;
}

/**
 * Which header changes a document accepts, given its phase and whether payments were ever made on it (in force
 * or reversed): the past those payments were posted against must not move.
 */
export function assertDocumentChange(
  kind: DocumentKind,
  current: { phase: DocumentPhase; number: string; date: string; party_id: string },
  change: DocumentHeaderChange,
  hasPaymentHistory: boolean,
): void {
  const a = `${kind.article} ${kind.noun}`;
  if (current.phase === 'cancelled') throw new ConflictError(`A cancelled ${kind.noun} cannot be edited`, 'cancelled');
  if (kind.isNumberFixed && change.number !== undefined && change.number !== current.number) throw new ValidationError(`The ${kind.noun} number cannot be changed`);
  if (change.status === 'draft' && current.phase === 'issued') {
    throw new ConflictError(`A ${kind.issuedWord} ${kind.noun} cannot go back to draft; cancel it instead`, kind.backToDraftCode);
  }
  if (hasPaymentHistory && change.party_id !== undefined && change.party_id !== current.party_id) {
    throw new ConflictError(`${a} with payments cannot move to another ${kind.party}`, 'has_payments');
  }
  if (hasPaymentHistory && change.date !== undefined && change.date !== current.date) {
    throw new ConflictError(`${a} with payments cannot change its date: the payments were posted against it`, 'has_payments');
  }
}

/** A cancellation posts on its date, or on the document's date if the document is dated later. */
export function cancellationDate(requested: string, documentDate: string): string {
  return laterDate(requested, documentDate);
}
