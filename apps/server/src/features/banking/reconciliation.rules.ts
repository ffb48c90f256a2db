import { centsToDecimal, formatMoney } from '@covenant/contracts/money';

/**
 * Bank reconciliation arithmetic over the cash account's postings, integer cents. A posting's amount is
 * signed as the bank sees it: a debit to cash (a deposit) positive, a credit (a check, a fee) negative.
 */
export interface ReconciliationPosting {
  journal_line_id: string;
  date: string;
  amount_cents: number;
  cleared: boolean;
  reference: string | null;
  description: string | null;
}

export interface ClearedFigures {
  beginning_balance_cents: number;
  ending_balance_cents: number;
  cleared_deposits_cents: number;
  /** Positive: the sum of the cleared withdrawals' sizes. */
  cleared_withdrawals_cents: number;
  cleared_balance_cents: number;
  /** Statement ending balance less the cleared balance: what is still unexplained; zero to complete. */
  difference_cents: number;
}

const fmt = (cents: number) => formatMoney(centsToDecimal(cents));

function assertCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be whole cents`);
}

/** The beginning balance of a new reconciliation: the last completed one's ending balance, or zero for the first. */
export function beginningBalance(lastCompleted: { ending_balance_cents: number } | null): number {
  return lastCompleted?.ending_balance_cents ?? 0;
}

/** Beginning + cleared deposits − cleared withdrawals, against the statement's ending balance. */
export function clearedFigures(beginningCents: number, endingCents: number, postings: readonly Pick<ReconciliationPosting, 'amount_cents' | 'cleared'>[]): ClearedFigures {
  assertCents(beginningCents, 'The beginning balance');
  assertCents(endingCents, 'The ending balance');
  let deposits = 0;
  let withdrawals = 0;
  for (const p of postings) {
    assertCents(p.amount_cents, 'A posting amount');
    if (!p.cleared) continue;
    if (p.amount_cents >= 0) deposits += p.amount_cents;
    else withdrawals -= p.amount_cents;
  }
  const cleared = beginningCents + deposits - withdrawals;
  return {
    beginning_balance_cents: beginningCents,
    ending_balance_cents: endingCents,
    cleared_deposits_cents: deposits,
    cleared_withdrawals_cents: withdrawals,
    cleared_balance_cents: cleared,
    difference_cents: endingCents - cleared,
  };
}

/** Why a reconciliation cannot be completed yet (the 409's message), or null when it balances to the cent. */
export function completionProblem(figures: ClearedFigures): string | null {
  if (figures.difference_cents === 0) return null;
  return `The cleared balance is ${fmt(figures.cleared_balance_cents)} but the statement ends at ${fmt(figures.ending_balance_cents)}: a difference of ${fmt(figures.difference_cents)}. Clear or unclear postings until the difference is zero.`;
}

/** The postings that start cleared in a new draft: those of matched bank lines, dated on or before the statement date. */
export function initiallyCleared(
  postings: readonly Pick<ReconciliationPosting, 'journal_line_id' | 'date'>[],
  matchedJournalLineIds: ReadonlySet<string>,
  statementDate: string,
): string[] {
  return postings.filter((p) => matchedJournalLineIds.has(p.journal_line_id) && p.date <= statementDate).map((p) => p.journal_line_id);
}

/** A posting dated after the statement cannot have cleared on it. */
export function clearingProblem(postings: readonly Pick<ReconciliationPosting, 'date' | 'reference'>[], statementDate: string): string | null {
  const late = postings.find((p) => p.date > statementDate);
  if (!late) return null;
  return `A posting dated ${late.date}${late.reference ? ` (${late.reference})` : ''} is after the statement date ${statementDate}; it cannot have cleared on this statement`;
}

/** A new reconciliation's statement date must come after the last completed one's. */
export function statementDateProblem(lastCompleted: { statement_date: string } | null, statementDate: string): string | null {
  if (!lastCompleted || statementDate > lastCompleted.statement_date) return null;
  return `The statement date must be after ${lastCompleted.statement_date}, the date of the last completed reconciliation`;
}

export interface ReconciliationForVoid {
  id: string;
  status: 'draft' | 'completed' | 'void';
  statement_date: string;
}

/** Only the newest completed reconciliation may be voided: an older one is the beginning balance of a later one. */
export function voidProblem(reconciliations: readonly ReconciliationForVoid[], id: string): string | null {
  const target = reconciliations.find((r) => r.id === id);
  if (!target) return 'The reconciliation was not found';
  if (target.status !== 'completed') return target.status === 'void' ? 'The reconciliation is already void' : 'A draft reconciliation is not voided; delete or complete it';
  const newest = reconciliations.filter((r) => r.status === 'completed').sort((a, b) => b.statement_date.localeCompare(a.statement_date))[0]!;
  if (newest.id !== id) return `Only the newest completed reconciliation (statement date ${newest.statement_date}) can be voided; void it first`;
  return null;
}

export interface ReportItem {
  journal_line_id: string;
  date: string;
  amount_cents: number;
  reference: string | null;
  description: string | null;
}

export interface ReconciliationReport extends ClearedFigures {
  statement_date: string;
  outstanding_checks: ReportItem[];
  outstanding_checks_cents: number;
  deposits_in_transit: ReportItem[];
  deposits_in_transit_cents: number;
  /** Ending balance + deposits in transit − outstanding checks. */
  adjusted_bank_balance_cents: number;
  ledger_balance_cents: number;
  /** Adjusted bank balance less the ledger balance: zero when the books agree with the bank. */
  unexplained_difference_cents: number;
}

/**
 * The report: cleared figures, then what the books hold that the bank has not seen by the statement date
 * (outstanding checks and other withdrawals, deposits in transit), the adjusted bank balance and the ledger's.
 * `postings` are the cash account's postings not cleared by an earlier reconciliation.
 */
export function reconciliationReport(input: {
  statement_date: string;
  beginning_balance_cents: number;
  ending_balance_cents: number;
  postings: readonly ReconciliationPosting[];
  ledger_balance_cents: number;
}): ReconciliationReport {
  assertCents(input.ledger_balance_cents, 'The ledger balance');
  const asOf = input.postings.filter((p) => p.date <= input.statement_date);
  const figures = clearedFigures(input.beginning_balance_cents, input.ending_balance_cents, asOf);
  const item = (p: ReconciliationPosting): ReportItem => ({ journal_line_id: p.journal_line_id, date: p.date, amount_cents: p.amount_cents, reference: p.reference, description: p.description });
  const byDate = (a: ReportItem, b: ReportItem) => a.date.localeCompare(b.date) || a.journal_line_id.localeCompare(b.journal_line_id);
  const outstanding = asOf.filter((p) => !p.cleared && p.amount_cents < 0).map(item).sort(byDate);
  const inTransit = asOf.filter((p) => !p.cleared && p.amount_cents > 0).map(item).sort(byDate);
  const outstandingCents = -outstanding.reduce((s, p) => s + p.amount_cents, 0);
  const inTransitCents = inTransit.reduce((s, p) => s + p.amount_cents, 0);
  const adjusted = input.ending_balance_cents + inTransitCents - outstandingCents;
  return {
    ...figures,
    statement_date: input.statement_date,
    outstanding_checks: outstanding,
    outstanding_checks_cents: outstandingCents,
    deposits_in_transit: inTransit,
    deposits_in_transit_cents: inTransitCents,
    adjusted_bank_balance_cents: adjusted,
    ledger_balance_cents: input.ledger_balance_cents,
    unexplained_difference_cents: adjusted - input.ledger_balance_cents,
  };
}
