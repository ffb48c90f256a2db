import { describe, expect, it } from 'vitest';
import {
  beginningBalance, clearedFigures, clearingProblem, completionProblem, initiallyCleared, reconciliationReport, statementDateProblem, voidProblem,
  type ReconciliationPosting,
} from './reconciliation.rules.ts';

const p = (id: string, date: string, cents: number, cleared: boolean, reference: string | null = null): ReconciliationPosting => ({ journal_line_id: id, date, amount_cents: cents, cleared, reference, description: null });

describe('cleared figures: beginning + cleared deposits − cleared withdrawals against the ending balance', () => {
  it.each([
    // beginning, ending, postings → deposits, withdrawals, cleared balance, difference
    [0, 0, [], 0, 0, 0, 0],
    [100_000, 125_000, [[25_000, true]], 25_000, 0, 125_000, 0],
    [100_000, 80_000, [[-20_000, true], [-5_000, false]], 0, 20_000, 80_000, 0],
    [100_000, 95_000, [[25_000, true], [-30_000, true], [10_000, false]], 25_000, 30_000, 95_000, 0],
    [100_000, 95_001, [[25_000, true], [-30_000, true]], 25_000, 30_000, 95_000, 1],
    [100_000, 94_999, [[25_000, true], [-30_000, true]], 25_000, 30_000, 95_000, -1],
    [-5_000, 1_000, [[6_000, true]], 6_000, 0, 1_000, 0],
    [0, -250, [[-250, true], [0, true]], 0, 250, -250, 0],
  ] as Array<[number, number, Array<[number, boolean]>, number, number, number, number]>)(
    'beginning %i, ending %i, %j',
    (beginning, ending, postings, deposits, withdrawals, cleared, difference) => {
      const f = clearedFigures(beginning, ending, postings.map(([amount_cents, c]) => ({ amount_cents, cleared: c })));
      expect(f).toEqual({
        beginning_balance_cents: beginning, ending_balance_cents: ending, cleared_deposits_cents: deposits,
        cleared_withdrawals_cents: withdrawals, cleared_balance_cents: cleared, difference_cents: difference,
      });
    },
  );
  it('a thousand cent-sized postings add up exactly', () => {
    const postings = Array.from({ length: 1000 }, (_, i) => ({ amount_cents: i % 2 === 0 ? 1 : -3, cleared: true }));
    expect(clearedFigures(0, -1000, postings).difference_cents).toBe(0);
  });
  it('refuses amounts that are not whole cents', () => {
    expect(() => clearedFigures(0.5, 0, [])).toThrow('The beginning balance must be whole cents');
    expect(() => clearedFigures(0, 0, [{ amount_cents: 1.5, cleared: true }])).toThrow('A posting amount must be whole cents');
  });
});

describe('completing, starting, clearing and voiding', () => {
  it('completes only at a zero difference, else says by how much', () => {
    expect(completionProblem(clearedFigures(100_000, 125_000, [{ amount_cents: 25_000, cleared: true }]))).toBeNull();
    expect(completionProblem(clearedFigures(100_000, 125_010, [{ amount_cents: 25_000, cleared: true }]))).toBe(
      'The cleared balance is $1,250.00 but the statement ends at $1,250.10: a difference of $0.10. Clear or unclear postings until the difference is zero.',
    );
  });
  it('the beginning balance is the last completed ending balance, or zero', () => {
    expect(beginningBalance(null)).toBe(0);
    expect(beginningBalance({ ending_balance_cents: 12_345 })).toBe(12_345);
  });
  it('matched postings on or before the statement date start cleared', () => {
    const postings = [p('a', '2026-11-30', 1, false), p('b', '2026-12-01', 1, false), p('c', '2026-11-15', 1, false)];
    expect(initiallyCleared(postings, new Set(['a', 'b']), '2026-11-30')).toEqual(['a']);
  });
  it('a posting after the statement date cannot be cleared on it', () => {
    expect(clearingProblem([p('a', '2026-11-30', 1, false)], '2026-11-30')).toBeNull();
    expect(clearingProblem([p('a', '2026-11-30', 1, false), p('b', '2026-12-02', 1, false, 'CHK 1050')], '2026-11-30')).toBe(
      'A posting dated 2026-12-02 (CHK 1050) is after the statement date 2026-11-30; it cannot have cleared on this statement',
    );
  });
  it('a new statement date comes after the last completed one', () => {
    expect(statementDateProblem(null, '2026-11-30')).toBeNull();
    expect(statementDateProblem({ statement_date: '2026-10-31' }, '2026-11-30')).toBeNull();
    expect(statementDateProblem({ statement_date: '2026-11-30' }, '2026-11-30')).toBe('The statement date must be after 2026-11-30, the date of the last completed reconciliation');
  });
  it('only the newest completed reconciliation is voided', () => {
    const recs = [
      { id: 'sep', status: 'completed' as const, statement_date: '2026-09-30' },
      { id: 'oct', status: 'completed' as const, statement_date: '2026-10-31' },
      { id: 'nov', status: 'draft' as const, statement_date: '2026-11-30' },
      { id: 'aug', status: 'void' as const, statement_date: '2026-08-31' },
    ];
    expect(voidProblem(recs, 'oct')).toBeNull();
    expect(voidProblem(recs, 'sep')).toBe('Only the newest completed reconciliation (statement date 2026-10-31) can be voided; void it first');
    expect(voidProblem(recs, 'nov')).toBe('A draft reconciliation is not voided; delete or complete it');
    expect(voidProblem(recs, 'aug')).toBe('The reconciliation is already void');
    expect(voidProblem(recs, 'x')).toBe('The reconciliation was not found');
    expect(voidProblem(recs.map((r) => (r.id === 'oct' ? { ...r, status: 'void' as const } : r)), 'sep')).toBeNull();
  });
});

describe('the report: outstanding checks, deposits in transit, adjusted bank balance = ledger balance', () => {
  // October closed at 10,000.00 in the books and the bank; in November the books hold these postings.
  const postings = [
    p('dep1', '2026-11-02', 250_000, true, 'PMT-1'),
    p('chk1041', '2026-11-03', -120_000, true, 'CHK 1041'),
    p('chk1042', '2026-11-25', -45_000, false, 'CHK 1042'),
    p('chk1043', '2026-11-28', -9_950, false, 'CHK 1043'),
    p('dep2', '2026-11-30', 75_000, false, 'PMT-2'),
    p('fee', '2026-11-30', -1_500, true, 'FEE'),
    p('late', '2026-12-01', 40_000, false, 'PMT-3'),
  ];
  const ledgerAtStatement = 1_000_000 + 250_000 - 120_000 - 45_000 - 9_950 + 75_000 - 1_500;
  const report = reconciliationReport({ statement_date: '2026-11-30', beginning_balance_cents: 1_000_000, ending_balance_cents: 1_128_500, postings, ledger_balance_cents: ledgerAtStatement });
  it('the cleared figures balance', () => {
    expect([report.cleared_deposits_cents, report.cleared_withdrawals_cents, report.cleared_balance_cents, report.difference_cents]).toEqual([250_000, 121_500, 1_128_500, 0]);
  });
  it('lists what the bank has not seen by the statement date, with dates, in date order; later postings are left out', () => {
    expect(report.outstanding_checks.map((x) => [x.journal_line_id, x.date, x.amount_cents, x.reference])).toEqual([['chk1042', '2026-11-25', -45_000, 'CHK 1042'], ['chk1043', '2026-11-28', -9_950, 'CHK 1043']]);
    expect(report.deposits_in_transit.map((x) => x.journal_line_id)).toEqual(['dep2']);
    expect([report.outstanding_checks_cents, report.deposits_in_transit_cents]).toEqual([54_950, 75_000]);
  });
  it('the adjusted bank balance equals the ledger balance', () => {
    expect(report.adjusted_bank_balance_cents).toBe(1_128_500 + 75_000 - 54_950);
    expect(report.adjusted_bank_balance_cents).toBe(ledgerAtStatement);
    expect(report.unexplained_difference_cents).toBe(0);
  });
  it('a draft that does not balance shows the same difference as unexplained', () => {
    const draft = reconciliationReport({ statement_date: '2026-11-30', beginning_balance_cents: 1_000_000, ending_balance_cents: 1_128_000, postings, ledger_balance_cents: ledgerAtStatement });
    expect([draft.difference_cents, draft.unexplained_difference_cents]).toEqual([-500, -500]);
  });
});
