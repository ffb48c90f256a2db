import { describe, expect, it } from 'vitest';
import { nextTraceSequence, planDebits, prenoteMatured, retryDue, type EnrollmentForBatch } from './ach.rules.ts';

const e = (over: Partial<EnrollmentForBatch>): EnrollmentForBatch => ({ id: 'e1', owner_id: 'o1', status: 'active', prenote_sent_on: null, balance_cents: 25_000, has_retry: false, ...over });

describe('prenotes', () => {
  it('a prenote matures six calendar days after its effective date, not before', () => {
    expect(prenoteMatured('2026-12-04', '2026-12-09')).toBe(false);
    expect(prenoteMatured('2026-12-04', '2026-12-10')).toBe(true);
    expect(prenoteMatured('2026-12-28', '2027-01-03')).toBe(true);
    expect(prenoteMatured('2026-12-28', '2027-01-02')).toBe(false);
  });
});

describe('planDebits', () => {
  it('sends a prenote for a new enrollment and debits nothing for it', () => {
    expect(planDebits([e({ status: 'prenote' })], '2026-12-01')).toEqual({ prenotes: ['e1'], activations: [], debits: [] });
  });
  it('waits while the prenote is young, then activates and debits the balance in the same file', () => {
    const waiting = e({ status: 'prenote', prenote_sent_on: '2026-12-01' });
    expect(planDebits([waiting], '2026-12-06')).toEqual({ prenotes: [], activations: [], debits: [] });
    expect(planDebits([waiting], '2026-12-07')).toEqual({ prenotes: [], activations: ['e1'], debits: [{ enrollment_id: 'e1', owner_id: 'o1', cents: 25_000 }] });
  });
  it('activates a matured prenote even when nothing is owed', () => {
    expect(planDebits([e({ status: 'prenote', prenote_sent_on: '2026-12-01', balance_cents: 0 })], '2026-12-31')).toEqual({ prenotes: [], activations: ['e1'], debits: [] });
  });
  it('debits an active enrollment its open balance; nothing for a zero or credit balance', () => {
    const plan = planDebits([e({}), e({ id: 'e2', owner_id: 'o2', balance_cents: 0 }), e({ id: 'e3', owner_id: 'o3', balance_cents: -500 }), e({ id: 'e4', owner_id: 'o4', balance_cents: 1 })], '2026-12-01');
    expect(plan.debits).toEqual([{ enrollment_id: 'e1', owner_id: 'o1', cents: 25_000 }, { enrollment_id: 'e4', owner_id: 'o4', cents: 1 }]);
  });
  it('an enrollment presented again in this file gets no second debit', () => {
    expect(planDebits([e({ has_retry: true })], '2026-12-01').debits).toEqual([]);
  });
});

describe('retryDue', () => {
  const r = { return_code: 'R01', returned_on: '2026-12-05', original_effective_date: '2026-12-01', retries_so_far: 0 };
  it('R01 and R09 are presented again at most twice', () => {
    expect(retryDue(r)).toBe(true);
    expect(retryDue({ ...r, return_code: 'R09', retries_so_far: 1 })).toBe(true);
    expect(retryDue({ ...r, retries_so_far: 2 })).toBe(false);
  });
  it('never after 180 days from the original entry', () => {
    expect(retryDue({ ...r, returned_on: '2027-05-30' })).toBe(true);
    expect(retryDue({ ...r, returned_on: '2027-05-31' })).toBe(false);
  });
  it('other codes are never presented again', () => {
    for (const code of ['R02', 'R03', 'R10', 'R29', 'R06']) expect(retryDue({ ...r, return_code: code }), code).toBe(false);
  });
});

describe('trace numbers', () => {
  it('continue after the highest stored sequence', () => {
    expect(nextTraceSequence(null)).toBe(1);
    expect(nextTraceSequence(41)).toBe(42);
  });
});
