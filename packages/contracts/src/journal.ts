import { toCents } from './money.ts';

/** Debits minus credits per fund, in cents: an entry balances when every fund nets to zero (so overall too). */
export function netByFund(lines: ReadonlyArray<{ fund_id: string; debit: number; credit: number }>): Map<string, number> {
  const net = new Map<string, number>();
  for (const l of lines) net.set(l.fund_id, (net.get(l.fund_id) ?? 0) + l.debit - l.credit);
  return net;
}

/** A journal line as a form holds it: amounts as typed ('' when empty), the fund possibly not chosen yet (''). */
export interface DraftJournalLine {
  fund_id: string;
  debit: string | number | null | undefined;
  credit: string | number | null | undefined;
}

export interface FundTotals {
  fund_id: string;
  debitCents: number;
  creditCents: number;
  /** Debits − credits: positive when debits exceed credits. */
  differenceCents: number;
}

export interface DraftTotals {
  /** Per fund, in the order the funds first appear on the lines. */
  funds: FundTotals[];
  debitCents: number;
  creditCents: number;
  /** Something is entered and every fund nets to zero. */
  isBalanced: boolean;
}

/** An amount as typed, in cents; text that is not an amount counts as nothing (the form flags it). */
export function typedCents(value: string | number | null | undefined): number {
  try {
    return toCents(value);
  } catch {
    return 0;
  }
}

/** The live totals of an entry being typed: debits and credits per fund and whether each fund balances. */
export function draftTotals(lines: readonly DraftJournalLine[]): DraftTotals {
  const cents = lines.map((l) => ({ fund_id: l.fund_id, debit: typedCents(l.debit), credit: typedCents(l.credit) }));
  const net = netByFund(cents);
  const funds = [...net.keys()].map((fund_id) => {
    const of = cents.filter((l) => l.fund_id === fund_id);
    const debitCents = of.reduce((s, l) => s + l.debit, 0);
    const creditCents = of.reduce((s, l) => s + l.credit, 0);
    return { fund_id, debitCents, creditCents, differenceCents: net.get(fund_id)! };
  });
  const debitCents = funds.reduce((s, f) => s + f.debitCents, 0);
  const creditCents = funds.reduce((s, f) => s + f.creditCents, 0);
  return { funds, debitCents, creditCents, isBalanced: debitCents > 0 && funds.every((f) => f.differenceCents === 0) };
}
