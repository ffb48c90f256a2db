import { multiplyCents, toCents } from './money.ts';

/** A document number: INV-{owner id}-{yyyymmdd}-{nnn} (prefix PMT for payments); nnn is 1-based, at least three digits. */
export function documentNumber(prefix: 'INV' | 'PMT', ownerId: string, isoDate: string, sequence: number): string {
  if (!/^\d{6}$/.test(ownerId)) throw new RangeError(`Owner id must be six digits: ${ownerId}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(isoDate)) throw new RangeError(`Not a date: ${isoDate}`);
  if (!Number.isInteger(sequence) || sequence < 1) throw new RangeError(`Sequence must be a positive whole number: ${sequence}`);
  return `${prefix}-${ownerId}-${isoDate.replace(/-/g, '')}-${String(sequence).padStart(3, '0')}`;
}

/** The calendar date n days after an ISO date (UTC arithmetic, no time zone drift). */
export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`Not a date: ${isoDate}`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export interface LineInput {
  quantity: number | string;
  unit_price: number | string;
}

export interface DocumentTotals {
  /** Each line's extended price in cents, in input order. */
  lineCents: number[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** Line totals (quantity × price, rounded to the cent), subtotal, tax (subtotal × rate / 100, rounded) and total. */
export function invoiceTotals(lines: readonly LineInput[], taxRatePercent: number | string | null | undefined): DocumentTotals {
  const lineCents = lines.map((l) => multiplyCents(toCents(l.unit_price), l.quantity));
  const subtotalCents = lineCents.reduce((a, b) => a + b, 0);
  const rate = taxRatePercent === null || taxRatePercent === undefined || taxRatePercent === '' ? 0 : taxRatePercent;
  const taxCents = multiplyCents(subtotalCents, rate, 100);
  return { lineCents, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/** Bill totals: the lines' subtotal plus a tax amount entered by hand. */
export function billTotals(lines: readonly LineInput[], taxAmount: number | string | null | undefined): DocumentTotals {
  const lineCents = lines.map((l) => multiplyCents(toCents(l.unit_price), l.quantity));
  const subtotalCents = lineCents.reduce((a, b) => a + b, 0);
  const taxCents = toCents(taxAmount ?? 0);
  return { lineCents, subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

export interface OpenItem {
  id: string;
  balanceCents: number;
}

export interface Allocation {
  applications: Array<{ id: string; cents: number }>;
  /** What is left unapplied: the payer's credit. */
  remainderCents: number;
}

/** Allocates an amount in order across open items, each taking the lesser of what remains and its balance. */
export function allocate(amountCents: number, items: readonly OpenItem[]): Allocation {
  if (!Number.isInteger(amountCents) || amountCents < 0) throw new RangeError('Amount must be a non-negative number of cents');
  let remaining = amountCents;
  const applications: Allocation['applications'] = [];
  for (const item of items) {
    if (remaining === 0) break;
    const cents = Math.min(remaining, Math.max(0, item.balanceCents));
    if (cents > 0) {
      applications.push({ id: item.id, cents });
      remaining -= cents;
    }
  }
  return { applications, remainderCents: remaining };
}

export type PaidStatus = 'sent' | 'partial' | 'paid';

/** The status of a posted document from its total and what has been paid on it. */
export function paidStatus(totalCents: number, paidCents: number): PaidStatus {
  if (paidCents <= 0) return 'sent';
  return paidCents >= totalCents ? 'paid' : 'partial';
}

export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/** Days past due on asOf (0 when not yet due or no due date). */
export function daysPastDue(dueDate: string | null | undefined, asOf: string): number {
  if (!dueDate) return 0;
  const ms = Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`);
  return Math.max(0, Math.round(ms / 86_400_000));
}

/** The aging bucket: Current, 1-30, 31-60, 61-90, over 90 days past due. */
export function agingBucket(dueDate: string | null | undefined, asOf: string): AgingBucket {
  const days = daysPastDue(dueDate, asOf);
  if (days === 0) return 'current';
  if (days <= 30) return 'days_1_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'days_over_90';
}

/** Displayed overdue (spec): status overdue, or a positive balance with a past due date. */
export function isOverdue(doc: { status: string; balance_due: number | string; due_date?: string | null }, today: string): boolean {
  if (doc.status === 'overdue') return true;
  if (doc.status === 'cancelled' || doc.status === 'draft') return false;
  return toCents(doc.balance_due) > 0 && !!doc.due_date && doc.due_date < today;
}
