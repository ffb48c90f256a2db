import { addDays } from '@covenant/contracts/documents';

/** What an estoppel certificate adds up, without I/O: amounts due by kind, the paid-through date, what falls due when. */

export type DueKind = 'assessments' | 'late_fees' | 'fines' | 'other';

/** A charge's kind on the certificate: a hearing's fine, else the payment rules' kind (interest counts with late fees). */
export function dueKindOf(chargeKind: 'assessment' | 'late_fee' | 'interest' | 'other', isFine: boolean): DueKind {
  if (isFine) return 'fines';
  if (chargeKind === 'assessment') return 'assessments';
  if (chargeKind === 'late_fee' || chargeKind === 'interest') return 'late_fees';
  return 'other';
}

/** Open charges summed by kind, in cents. */
export function dueByKind(charges: ReadonlyArray<{ kind: DueKind; cents: number }>) {
  const out = { assessments_cents: 0, late_fees_cents: 0, fines_cents: 0, other_cents: 0 };
  for (const c of charges) out[`${c.kind}_cents`] += c.cents;
  return out;
}

export interface AssessmentPeriod {
  start: string;
  end: string;
  open: boolean;
}

/**
 * The last day the unit's assessments are paid through: the end of the latest billed period when none is open,
 * else the day before the earliest open period starts; null when no period was billed or the first is still open.
 */
export function paidThrough(periods: readonly AssessmentPeriod[]): string | null {
  if (periods.length === 0) return null;
  const sorted = [...periods].sort((a, b) => a.start.localeCompare(b.start) || a.end.localeCompare(b.end));
  const firstOpen = sorted.find((p) => p.open);
  if (!firstOpen) return sorted.reduce((max, p) => (p.end > max ? p.end : max), sorted[0]!.end);
  const paidBefore = sorted.filter((p) => !p.open && p.start < firstOpen.start);
  return paidBefore.length === 0 ? null : addDays(firstOpen.start, -1);
}

/** Amounts falling due on the same day are one line per description, days in order. */
export function fallsDue(items: ReadonlyArray<{ date: string; cents: number; description: string }>, from: string, through: string) {
  return items
    .filter((i) => i.date >= from && i.date <= through && i.cents !== 0)
    .sort((a, b) => a.date.localeCompare(b.date) || a.description.localeCompare(b.description))
    .map((i) => ({ date: i.date, cents: i.cents, description: i.description }));
}
