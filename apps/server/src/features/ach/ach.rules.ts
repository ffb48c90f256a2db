import { addDays } from '@covenant/contracts/documents';
import { decideReturn } from './ach-returns.rules.ts';

/**
 * Calendar days after a prenote's effective date before the enrollment is debited. NACHA lets the originator debit
 * once three banking days passed without a return; six calendar days cover three banking days across a weekend
 * and a Monday holiday without a holiday calendar.
 */
export const PRENOTE_WAIT_DAYS = 6;

/** Whether a prenote sent for `sentOn` has waited long enough for a debit effective on `effectiveDate`. */
export function prenoteMatured(sentOn: string, effectiveDate: string): boolean {
  return effectiveDate >= addDays(sentOn, PRENOTE_WAIT_DAYS);
}

export interface EnrollmentForBatch {
  id: string;
  owner_id: string;
  status: 'prenote' | 'active';
  prenote_sent_on: string | null;
  /** The owner's balance as of the effective date, in cents (receivables less unapplied credit). */
  balance_cents: number;
  /** A returned debit of this enrollment is presented again in this file. */
  has_retry: boolean;
}

export interface DebitPlan {
  prenotes: string[];
  /** Prenote enrollments whose prenote came back with no return in time: active from this file on. */
  activations: string[];
  debits: Array<{ enrollment_id: string; owner_id: string; cents: number }>;
}

/**
 * What one debit file does for each enrollment: a prenote for one not yet checked; nothing while its prenote waits;
 * a debit of the open balance for an active one (and one whose prenote has matured), unless a returned debit of
 * it is presented again in the same file (the retry pays the same charges; the rest waits for the next file).
 */
export function planDebits(enrollments: readonly EnrollmentForBatch[], effectiveDate: string): DebitPlan {
  const plan: DebitPlan = { prenotes: [], activations: [], debits: [] };
  for (const e of enrollments) {
    let active = e.status === 'active';
    if (e.status === 'prenote') {
      if (!e.prenote_sent_on) {
        plan.prenotes.push(e.id);
        continue;
      }
      if (!prenoteMatured(e.prenote_sent_on, effectiveDate)) continue;
      plan.activations.push(e.id);
      active = true;
    }
    if (active && !e.has_retry && e.balance_cents > 0) plan.debits.push({ enrollment_id: e.id, owner_id: e.owner_id, cents: e.balance_cents });
  }
  return plan;
}

/** A returned debit, the last of its chain (the original entry and its presentments again). */
export interface ReturnedDebit {
  return_code: string;
  returned_on: string;
  /** The effective date of the original entry (the 180 days run from it). */
  original_effective_date: string;
  /** Presentments again made so far in the chain. */
  retries_so_far: number;
}

/** Whether the next debit file presents a returned debit again: R01/R09, fewer than two retries, within 180 days. */
export function retryDue(r: ReturnedDebit): boolean {
  return decideReturn({ return_code: r.return_code, return_date: r.returned_on, original_settlement_date: r.original_effective_date, retries_so_far: r.retries_so_far }).retry;
}

/** The file's modifier letter: A for the first file of a day for a bank account, then B, … Z, 0 … 9. */
export const FILE_ID_MODIFIERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** The next trace sequence after the highest stored one for the originating bank (traces stay unique across files). */
export function nextTraceSequence(highestStored: number | null): number {
  return (highestStored ?? 0) + 1;
}
