import { daysPastDue } from '@covenant/contracts/documents';
import { multiplyCents, toCents } from '@covenant/contracts/money';
import type { LateFeeType } from '@covenant/contracts/charges';

/**
 * Late fees without I/O: when a charge is late, the fee a rule charges on its balance (fixed, percent or the
 * greater of the two, capped) and a month's simple interest. Integer cents, rounded half up.
 */

export interface LateFeeTerms {
  grace_days: number;
  fee_type: LateFeeType;
  fixed_amount?: string | number | null;
  percent?: string | number | null;
  max_amount?: string | number | null;
  min_balance?: string | number | null;
  annual_interest_rate?: string | number | null;
}

/** Late on `asOf`: more than `grace_days` days past its due date. */
export function isPastGrace(dueDate: string | null | undefined, asOf: string, graceDays: number): boolean {
  return daysPastDue(dueDate, asOf) > graceDays;
}

/** The fee on a balance: fixed, a percent of it, or the greater of the two; never above the cap when there is one. */
export function lateFeeCents(balanceCents: number, t: LateFeeTerms): number {
  if (balanceCents <= 0) return 0;
  const fixed = toCents(t.fixed_amount ?? 0);
  const pct = multiplyCents(balanceCents, String(t.percent ?? 0), 100);
  const fee = t.fee_type === 'fixed' ? fixed : t.fee_type === 'percent' ? pct : Math.max(fixed, pct);
  const cap = t.max_amount === null || t.max_amount === undefined || t.max_amount === '' ? null : toCents(t.max_amount);
  return cap === null ? fee : Math.min(fee, cap);
}

/** One month of simple interest on a balance at an annual percentage rate: balance × rate ÷ 100 ÷ 12. */
export function monthlyInterestCents(balanceCents: number, annualRate: string | number | null | undefined): number {
  if (balanceCents <= 0 || !annualRate) return 0;
  return multiplyCents(balanceCents, String(annualRate), 1200);
}

export interface LateCharge {
  feeCents: number;
  interestCents: number;
}

/**
 * What a rule charges on one late invoice in one run month: the fee once per invoice (not when it was charged
 * before) and the month's interest, both only when the invoice is past its grace days and its balance reaches the
 * rule's minimum.
 */
export function lateCharges(invoice: { balanceCents: number; due_date: string | null }, t: LateFeeTerms, asOf: string, feeCharged: boolean): LateCharge {
  const none = { feeCents: 0, interestCents: 0 };
  if (!isPastGrace(invoice.due_date, asOf, t.grace_days)) return none;
  if (invoice.balanceCents <= 0 || invoice.balanceCents < toCents(t.min_balance ?? 0)) return none;
  return {
    feeCents: feeCharged ? 0 : lateFeeCents(invoice.balanceCents, t),
    interestCents: monthlyInterestCents(invoice.balanceCents, t.annual_interest_rate),
  };
}
