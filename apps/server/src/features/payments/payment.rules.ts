import type { PaymentApplicationOrder } from '@covenant/contracts/charges';
import { laterDate } from '@covenant/contracts/dates';
import { centsToDecimal } from '@covenant/contracts/money';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { applicationPosting, paymentPosting, reversed, type FundAmount, type PostingLine, type SystemAccounts } from '../ledger/posting.rules.ts';
import type { DocumentPhase as InvoicePhase } from '../document-lifecycle/lifecycle.rules.ts';

/**
 * Payment rules without I/O: when an application posts, which applications a payment and an invoice accept,
 * and what a bounce reverses on which date.
 */

/**
 * An application posts at the later of the payment's date and the invoice's date, and never before the day it
 * was made: applying an old credit today posts today, so no earlier period changes.
 */
export function applicationDate(paymentDate: string, invoiceDate: string, madeOn?: string): string {
  const date = laterDate(paymentDate, invoiceDate);
  return madeOn ? laterDate(date, madeOn) : date;
}

export interface PaymentForApplication {
  owner_id: string;
  payment_date: string;
  status: string;
  /** What is not yet applied (the owner's credit from this payment). */
  availableCents: number;
}

export interface InvoiceForApplication {
  owner_id: string;
  invoice_number: string;
  invoice_date: string;
  phase: InvoicePhase;
  balanceCents: number;
}

/** Refuses an application the books cannot take; the amount is integer cents, the date an ISO date. */
export function assertApplication(payment: PaymentForApplication, invoice: InvoiceForApplication, cents: number, appliedDate: string): void {
  if (payment.status === 'bounced') throw new ConflictError('A bounced payment cannot be applied', 'bounced');
  if (invoice.phase === 'cancelled') throw new ConflictError(`Invoice ${invoice.invoice_number} is cancelled and cannot be paid`, 'cancelled');
  if (invoice.phase === 'draft') throw new ConflictError(`Invoice ${invoice.invoice_number} is a draft: send it before recording a payment on it`, 'draft');
  if (invoice.owner_id !== payment.owner_id) throw new ValidationError('The payment and the invoice belong to different owners');
  if (!Number.isInteger(cents) || cents <= 0) throw new ValidationError('Amount applied must be greater than 0');
  if (cents > payment.availableCents) throw new ConflictError(`Only ${centsToDecimal(payment.availableCents)} of this payment is left to apply`, 'over_applied');
  if (cents > invoice.balanceCents) throw new ConflictError(`The invoice balance is ${centsToDecimal(invoice.balanceCents)}; apply at most that`, 'over_balance');
  if (appliedDate < payment.payment_date) throw new ValidationError(`An application cannot be dated before its payment (${payment.payment_date})`);
  if (appliedDate < invoice.invoice_date) throw new ValidationError(`An application cannot be dated before its invoice (${invoice.invoice_date})`);
}

export interface AppliedLink {
  id: string;
  invoice_id: string;
  cents: number;
  applied_date: string;
  /** How it was split across the invoice's funds (the entries it posted). */
  split?: readonly FundAmount[];
}

export interface BouncePlan {
  /** Each application's reversal date: the bounce date, or the application's own date if that is later. */
  applications: Array<{ id: string; invoice_id: string; on: string }>;
  /** The payment's own reversal date. */
  paymentOn: string;
}

/** What a bounce reverses and when; refuses a bounce dated before the payment or of a payment already bounced. */
export function planBounce(payment: { payment_date: string; status: string }, links: readonly AppliedLink[], bounceDate: string): BouncePlan {
  if (payment.status === 'bounced') throw new ConflictError('This payment is already bounced', 'bounced');
  if (bounceDate < payment.payment_date) throw new ValidationError(`A bounce cannot be dated before the payment (${payment.payment_date})`);
  return {
    applications: links.map((l) => ({ id: l.id, invoice_id: l.invoice_id, on: laterDate(bounceDate, l.applied_date) })),
    paymentOn: bounceDate,
  };
}

/** The entries a bounce posts, as posting rules: each application and the payment reversed (for tests and previews). */
export function bounceEntries(
  payment: { id: string; owner_id: string; cents: number; cash_account_id: string; fund_id: string },
  links: readonly AppliedLink[],
  plan: BouncePlan,
  acc: SystemAccounts,
): Array<{ date: string; lines: PostingLine[] }> {
  return [
    ...plan.applications.map((a) => {
      const link = links.find((l) => l.id === a.id)!;
      const split = link.split ?? [{ fund_id: payment.fund_id, cents: link.cents }];
      return { date: a.on, lines: reversed(applicationPosting({ payment_id: payment.id, invoice_id: link.invoice_id, owner_id: payment.owner_id, payment_fund_id: payment.fund_id, split }, acc)) };
    }),
    { date: plan.paymentOn, lines: reversed(paymentPosting(payment, acc)) },
  ];
}

/** What an open charge is, for the order payments apply in. */
export type ChargeKind = 'assessment' | 'late_fee' | 'interest' | 'other';

/** What the books know of an open invoice: the kinds of the run items that billed it, its lines' revenue accounts. */
export interface ChargeFacts {
  runKinds: readonly string[];
  lineAccountIds: readonly string[];
}

/**
 * A charge's kind for the application order: from the run that billed it (interest before late fee before
 * assessment), else from its lines' accounts (late fee income, assessment income), else `other`. An invoice
 * no run billed and with no such line (a charge to Other Income) is `other`, never an assessment.
 */
export function chargeKind(facts: ChargeFacts, accounts: { late_fee_income: string; assessment_income: string }): ChargeKind {
  if (facts.runKinds.includes('interest')) return 'interest';
  if (facts.runKinds.includes('late_fee')) return 'late_fee';
  if (facts.runKinds.includes('assessment')) return 'assessment';
  if (facts.lineAccountIds.includes(accounts.late_fee_income)) return 'late_fee';
  if (facts.lineAccountIds.includes(accounts.assessment_income)) return 'assessment';
  return 'other';
}

export interface OpenCharge {
  id: string;
  kind: ChargeKind;
  due_date: string | null;
  invoice_date: string;
  invoice_number: string;
}

/** Rank of each kind under each order; within a rank the oldest charge (by due date) comes first. */
const KIND_RANK: Record<PaymentApplicationOrder, Record<ChargeKind, number>> = {
  oldest_first: { assessment: 0, late_fee: 0, interest: 0, other: 0 },
  assessments_first: { assessment: 0, other: 1, late_fee: 2, interest: 3 },
  fees_first: { interest: 0, late_fee: 1, other: 2, assessment: 3 },
};

/**
 * The order a payment without chosen invoices pays an owner's open charges in: `oldest_first` by due date;
 * `assessments_first` assessments, then other charges, late fees, interest; `fees_first` interest, late fees,
 * other charges, then assessments. Oldest first within each group (due date, invoice date, number).
 */
export function applicationOrder<T extends OpenCharge>(charges: readonly T[], order: PaymentApplicationOrder): T[] {
  const rank = KIND_RANK[order];
  const dueOf = (c: OpenCharge) => c.due_date ?? c.invoice_date;
  return [...charges].sort(
    (a, b) =>
      rank[a.kind] - rank[b.kind] || dueOf(a).localeCompare(dueOf(b)) || a.invoice_date.localeCompare(b.invoice_date) || a.invoice_number.localeCompare(b.invoice_number),
  );
}
