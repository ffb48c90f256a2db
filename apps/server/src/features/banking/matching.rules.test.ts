import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_SEARCH_MAX_PAYMENTS, matchBankLines, smallestSets, type AchBatchCandidate, type AchEntryCandidate, type BankRuleForMatching,
  type BillPaymentCandidate, type LineToMatch, type MatchingInput, type PostingCandidate,
} from './matching.rules.ts';

let seq = 0;
const line = (date: string, cents: number, extra: Partial<LineToMatch> = {}): LineToMatch => ({
  id: extra.id ?? `L${++seq}`, date, amount_cents: cents, description: 'DEPOSIT', bank_reference: null, check_number: null, ...extra,
});
const pay = (id: string, date: string, cents: number, reference: string | null = `PMT-${id}`): PostingCandidate => ({ id, date, amount_cents: cents, reference });
const bill = (id: string, date: string, cents: number, check: string | null = null): BillPaymentCandidate => ({ id, date, amount_cents: cents, reference: check ? `CHK ${check}` : null, check_number: check });
const rule = (id: string, contains: string, min: number | null, max: number | null, account = 'fees', fund = 'op'): BankRuleForMatching => ({
  id, name: `Rule ${id}`, description_contains: contains, amount_min_cents: min, amount_max_cents: max, account_id: account, fund_id: fund,
});
function run(partial: Partial<MatchingInput>) {
  return matchBankLines({ lines: [], payments: [], bill_payments: [], journal_entries: [], ach_batches: [], ach_entries: [], rules: [], ...partial });
}

describe('(a) ACH: a batch settlement total or an entry trace number', () => {
  const batch = (id: string, date: string, cents: number, payments: string[] = [], bills: string[] = []): AchBatchCandidate => ({ id, effective_date: date, total_cents: cents, payment_ids: payments, bill_payment_ids: bills, reference: `ACH ${id}` });
  it('a line equal to the batch total on or after its effective date takes the batch and all its payments', () => {
    const l = line('2026-12-03', 75_000, { id: 'l' });
    const r = run({ lines: [l], ach_batches: [batch('B1', '2026-12-03', 75_000, ['p1', 'p2', 'p3'])], payments: [pay('p1', '2026-12-03', 25_000), pay('p2', '2026-12-03', 25_000), pay('p3', '2026-12-03', 25_000)] });
    expect(r).toEqual({ matched: [{ line_id: 'l', rule: 'ach_batch', payment_ids: ['p1', 'p2', 'p3'] }], ambiguous: [], unmatched: [] });
  });
  it.each([
    ['2026-12-02', false], ['2026-12-03', true], ['2026-12-08', true], ['2026-12-09', false],
  ])('effective 2026-12-03, line on %s: matched %s', (date, matched) => {
    const r = run({ lines: [line(date, 5_000, { id: 'l' })], ach_batches: [batch('B1', '2026-12-03', 5_000)] });
    expect(r.matched.length === 1).toBe(matched);
  });
  it('a credit batch (vendor payments) settles as a withdrawal and takes its bill payments', () => {
    const r = run({ lines: [line('2026-12-04', -130_000, { id: 'l' })], ach_batches: [batch('C1', '2026-12-04', -130_000, [], ['bp1', 'bp2'])], bill_payments: [bill('bp1', '2026-12-04', -100_000), bill('bp2', '2026-12-04', -30_000)] });
    expect(r.matched).toEqual([{ line_id: 'l', rule: 'ach_batch', bill_payment_ids: ['bp1', 'bp2'] }]);
  });
  it('two batches of the same total: ambiguous, both listed with their dates', () => {
    const r = run({ lines: [line('2026-12-05', 5_000, { id: 'l' })], ach_batches: [batch('B1', '2026-12-03', 5_000), batch('B2', '2026-12-04', 5_000)] });
    expect(r.ambiguous).toEqual([{ line_id: 'l', candidates: [
      { kind: 'ach_batch', id: 'B2', date: '2026-12-04', amount_cents: 5_000, reference: 'ACH B2' },
      { kind: 'ach_batch', id: 'B1', date: '2026-12-03', amount_cents: 5_000, reference: 'ACH B1' },
    ] }]);
  });
  it('two lines that could both be the batch: neither is matched', () => {
    const r = run({ lines: [line('2026-12-03', 5_000, { id: 'a' }), line('2026-12-04', 5_000, { id: 'b' })], ach_batches: [batch('B1', '2026-12-03', 5_000)] });
    expect(r.ambiguous.map((x) => x.line_id)).toEqual(['a', 'b']);
  });
  it('an entry trace number in the line takes that entry\'s payment, when the amount agrees', () => {
    const entries: AchEntryCandidate[] = [{ trace_number: '121000350000007', date: '2026-12-03', amount_cents: 25_000, payment_id: 'p7' }];
    const r = run({ lines: [line('2026-12-05', 25_000, { id: 'ok', description: 'ACH CREDIT TRACE 121000350000007 HOA' }), line('2026-12-05', 25_100, { id: 'other', description: 'TRACE 121000350000007' })], ach_entries: entries, payments: [pay('p7', '2026-12-03', 25_000)] });
    expect(r.matched).toEqual([{ line_id: 'ok', rule: 'ach_trace', payment_ids: ['p7'] }]);
    expect(r.unmatched).toEqual(['other']);
  });
  it('a return shows with the trace in the bank reference and takes the bounce\'s journal entry', () => {
    const r = run({ lines: [line('2026-12-08', -25_000, { id: 'ret', bank_reference: '021000020000123', description: 'ACH RETURN R01' })], ach_entries: [{ trace_number: '021000020000123', date: '2026-12-08', amount_cents: -25_000, journal_entry_id: 'je9' }] });
    expect(r.matched).toEqual([{ line_id: 'ret', rule: 'ach_trace', journal_entry_ids: ['je9'] }]);
  });
  it('a 16-digit number is not a trace number', () => {
    const r = run({ lines: [line('2026-12-05', 25_000, { id: 'l', description: 'REF 1121000350000007' })], ach_entries: [{ trace_number: '121000350000007', date: '2026-12-03', amount_cents: 25_000, payment_id: 'p7' }] });
    expect(r.unmatched).toEqual(['l']);
  });
});

describe('(b) check number and amount against bill payments', () => {
  it('matches the bill payment of that check number and amount, leading zeros aside, whatever the dates', () => {
    const r = run({ lines: [line('2027-02-10', -120_000, { id: 'l', check_number: '0001042' })], bill_payments: [bill('bp', '2026-11-01', -120_000, '1042'), bill('other', '2027-02-10', -120_000, '1043')] });
    expect(r.matched).toEqual([{ line_id: 'l', rule: 'check_number', bill_payment_ids: ['bp'] }]);
  });
  it('the right number with another amount is not a check match (it may still match by amount and date)', () => {
    const r = run({ lines: [line('2026-11-05', -120_000, { id: 'l', check_number: '1042' })], bill_payments: [bill('bp', '2026-11-01', -121_000, '1042'), bill('near', '2026-11-03', -120_000, null)] });
    expect(r.matched).toEqual([{ line_id: 'l', rule: 'amount_date', bill_payment_ids: ['near'] }]);
  });
  it('two bill payments with that number and amount: ambiguous', () => {
    const r = run({ lines: [line('2026-11-05', -500, { id: 'l', check_number: '7' })], bill_payments: [bill('x', '2026-11-01', -500, '7'), bill('y', '2026-11-02', -500, '7')] });
    expect(r.ambiguous.map((a) => [a.line_id, a.candidates.map((c) => c.id)])).toEqual([['l', ['x', 'y']]]);
  });
  it('a check the bank shows twice: neither line takes it', () => {
    const r = run({ lines: [line('2026-11-05', -500, { id: 'a', check_number: '7' }), line('2026-11-06', -500, { id: 'b', check_number: '7' })], bill_payments: [bill('x', '2026-11-01', -500, '7')] });
    expect(r.ambiguous.map((a) => a.line_id)).toEqual(['a', 'b']);
    expect(r.matched).toEqual([]);
  });
  it('an ambiguous check is decided at its pass: a lone amount-and-date candidate does not take it later', () => {
    const r = run({ lines: [line('2026-11-05', -500, { id: 'l', check_number: '7' })], bill_payments: [bill('x', '2026-10-01', -500, '7'), bill('y', '2026-10-02', -500, '7')], journal_entries: [pay('je', '2026-11-05', -500)] });
    expect(r.ambiguous.map((a) => a.line_id)).toEqual(['l']);
  });
});

describe('(c) a deposit of several owner payments dated within 5 days before it', () => {
  it('the only set that adds up is matched, with every payment', () => {
    const r = run({ lines: [line('2026-11-06', 62_500, { id: 'dep' })], payments: [pay('a', '2026-11-02', 25_000), pay('b', '2026-11-03', 30_000), pay('c', '2026-11-05', 7_500), pay('d', '2026-11-04', 11_000)] });
    expect(r.matched).toEqual([{ line_id: 'dep', rule: 'deposit_group', payment_ids: ['b', 'a', 'c'] }]);
  });
  it('the smallest set wins: 2 payments rather than 3', () => {
    const r = run({ lines: [line('2026-11-06', 50_000, { id: 'dep' })], payments: [pay('big', '2026-11-02', 30_000), pay('mid', '2026-11-03', 20_000), pay('s1', '2026-11-04', 10_000), pay('s2', '2026-11-04', 15_000), pay('s3', '2026-11-05', 5_000)] });
    expect(r.matched).toEqual([{ line_id: 'dep', rule: 'deposit_group', payment_ids: ['big', 'mid'] }]);
  });
  it('two smallest sets: ambiguous, listing the payments that could be in it with their dates and references', () => {
    const r = run({ lines: [line('2026-11-06', 50_000, { id: 'dep' })], payments: [pay('a', '2026-11-02', 30_000), pay('b', '2026-11-03', 20_000), pay('c', '2026-11-04', 40_000), pay('d', '2026-11-05', 10_000)] });
    expect(r.matched).toEqual([]);
    expect(r.ambiguous[0]!.candidates.map((c) => [c.id, c.date, c.reference])).toEqual([['d', '2026-11-05', 'PMT-d'], ['c', '2026-11-04', 'PMT-c'], ['b', '2026-11-03', 'PMT-b'], ['a', '2026-11-02', 'PMT-a']]);
  });
  it('equal amounts: all three of three is one set; two of three is three sets', () => {
    const three = [pay('a', '2026-11-02', 25_000), pay('b', '2026-11-03', 25_000), pay('c', '2026-11-04', 25_000)];
    expect(run({ lines: [line('2026-11-05', 75_000, { id: 'dep' })], payments: three }).matched).toEqual([{ line_id: 'dep', rule: 'deposit_group', payment_ids: ['a', 'b', 'c'] }]);
    expect(run({ lines: [line('2026-11-05', 50_000, { id: 'dep' })], payments: three }).ambiguous[0]!.candidates.map((c) => c.id)).toEqual(['c', 'b', 'a']);
  });
  it('a single payment of the amount is left to the amount-and-date pass', () => {
    const r = run({ lines: [line('2026-11-06', 50_000, { id: 'dep' })], payments: [pay('one', '2026-11-05', 50_000), pay('x', '2026-11-02', 30_000), pay('y', '2026-11-03', 20_000)] });
    expect(r.matched).toEqual([{ line_id: 'dep', rule: 'amount_date', payment_ids: ['one'] }]);
  });
  it.each([
    ['2026-10-31', false], ['2026-11-01', true], ['2026-11-06', true], ['2026-11-07', false],
  ])('a payment dated %s joins a deposit on 2026-11-06: %s', (date, joins) => {
    const r = run({ lines: [line('2026-11-06', 30_000, { id: 'dep' })], payments: [pay('a', '2026-11-03', 10_000), pay('b', date, 20_000)] });
    expect(r.matched.length === 1).toBe(joins);
  });
  it('two deposits that could share payments: neither is matched', () => {
    const payments = [pay('a', '2026-11-02', 10_000), pay('b', '2026-11-02', 20_000), pay('c', '2026-11-03', 40_000)];
    const r = run({ lines: [line('2026-11-04', 30_000, { id: 'd1' }), line('2026-11-05', 60_000, { id: 'd2' })], payments });
    expect(r.matched).toEqual([]);
    expect(r.ambiguous.map((a) => a.line_id)).toEqual(['d1', 'd2']);
  });
  it('withdrawals, bill payments and journal entries are never grouped into deposits', () => {
    const r = run({ lines: [line('2026-11-06', 30_000, { id: 'dep' }), line('2026-11-06', -30_000, { id: 'wd' })], journal_entries: [pay('j1', '2026-11-02', 10_000), pay('j2', '2026-11-03', 20_000)], bill_payments: [bill('b1', '2026-11-02', -10_000), bill('b2', '2026-11-03', -20_000)] });
    expect(r.unmatched).toEqual(['dep', 'wd']);
  });
  it(`beyond ${DEPOSIT_SEARCH_MAX_PAYMENTS} payments in the window the deposit is not searched (left to a person)`, () => {
    const many = Array.from({ length: DEPOSIT_SEARCH_MAX_PAYMENTS + 1 }, (_, i) => pay(`m${i}`, '2026-11-03', 1_000 + i));
    expect(run({ lines: [line('2026-11-05', 1_000 + 1_001 + 1_002, { id: 'dep' })], payments: many }).unmatched).toEqual(['dep']);
    const few = many.slice(0, DEPOSIT_SEARCH_MAX_PAYMENTS);
    expect(run({ lines: [line('2026-11-05', 1_000 + 1_039, { id: 'dep' })], payments: few }).ambiguous.map((a) => a.line_id)).toEqual(['dep']);
  });
});

describe('(d) amount and date within 5 days, exactly one candidate', () => {
  it.each([
    [pay('p', '2026-11-10', 25_000), 'payment_ids'],
    [bill('p', '2026-11-10', 25_000), 'bill_payment_ids'],
  ] as const)('a lone candidate is matched (%#)', (candidate, field) => {
    const kind = field === 'payment_ids' ? { payments: [candidate] } : { bill_payments: [candidate as BillPaymentCandidate] };
    expect(run({ lines: [line('2026-11-12', 25_000, { id: 'l' })], ...kind }).matched).toEqual([{ line_id: 'l', rule: 'amount_date', [field]: ['p'] }]);
  });
  it('a journal entry (a transfer) is matched the same way', () => {
    expect(run({ lines: [line('2026-11-12', -500_000, { id: 'l' })], journal_entries: [pay('je', '2026-11-12', -500_000)] }).matched).toEqual([{ line_id: 'l', rule: 'amount_date', journal_entry_ids: ['je'] }]);
  });
  it.each([
    ['2026-11-04', false], ['2026-11-05', true], ['2026-11-15', true], ['2026-11-16', false],
  ])('a payment on %s and a line on 2026-11-10: matched %s', (date, matched) => {
    expect(run({ lines: [line('2026-11-10', 9_900, { id: 'l' })], payments: [pay('p', date, 9_900)] }).matched.length === 1).toBe(matched);
  });
  it('the sign matters: a deposit never matches a withdrawal of the same size', () => {
    expect(run({ lines: [line('2026-11-10', 9_900, { id: 'l' })], bill_payments: [bill('b', '2026-11-10', -9_900)] }).unmatched).toEqual(['l']);
  });
  it('two candidates: ambiguous, nearest date first, each with its reference', () => {
    const r = run({ lines: [line('2026-11-10', 25_000, { id: 'l' })], payments: [pay('far', '2026-11-06', 25_000), pay('near', '2026-11-11', 25_000)] });
    expect(r.ambiguous).toEqual([{ line_id: 'l', candidates: [
      { kind: 'payment', id: 'near', date: '2026-11-11', amount_cents: 25_000, reference: 'PMT-near' },
      { kind: 'payment', id: 'far', date: '2026-11-06', amount_cents: 25_000, reference: 'PMT-far' },
    ] }]);
  });
  it('one candidate that another line of that amount could also be: no guess', () => {
    const r = run({ lines: [line('2026-11-10', 25_000, { id: 'a' }), line('2026-11-14', 25_000, { id: 'b' })], payments: [pay('p', '2026-11-12', 25_000)] });
    expect(r.matched).toEqual([]);
    expect(r.ambiguous.map((x) => x.line_id)).toEqual(['a', 'b']);
  });
  it('two lines far enough apart each take their own payment', () => {
    const r = run({ lines: [line('2026-11-01', 25_000, { id: 'a' }), line('2026-11-20', 25_000, { id: 'b' })], payments: [pay('p1', '2026-11-01', 25_000), pay('p2', '2026-11-19', 25_000)] });
    expect(r.matched).toEqual([{ line_id: 'a', rule: 'amount_date', payment_ids: ['p1'] }, { line_id: 'b', rule: 'amount_date', payment_ids: ['p2'] }]);
  });
});

describe('twenty identical dues payments are never silently merged', () => {
  const dues = Array.from({ length: 20 }, (_, i) => pay(`d${i}`, '2026-12-01', 25_000, `PMT-0000${i}`));
  it('one $250 line: ambiguous with all twenty listed, none taken', () => {
    const r = run({ lines: [line('2026-12-02', 25_000, { id: 'l' })], payments: dues });
    expect(r.matched).toEqual([]);
    expect(r.ambiguous[0]!.candidates).toHaveLength(20);
    expect(new Set(r.ambiguous[0]!.candidates.map((c) => c.id)).size).toBe(20);
  });
  it('twenty $250 lines: every one ambiguous', () => {
    const lines = Array.from({ length: 20 }, (_, i) => line('2026-12-02', 25_000, { id: `l${i}` }));
    const r = run({ lines, payments: dues });
    expect(r.matched).toEqual([]);
    expect(r.ambiguous).toHaveLength(20);
  });
  it('one deposit of all twenty ($5,000) is the only set: matched to all twenty', () => {
    const r = run({ lines: [line('2026-12-03', 500_000, { id: 'l' })], payments: dues });
    expect(r.matched).toEqual([{ line_id: 'l', rule: 'deposit_group', payment_ids: dues.map((d) => d.id) }]);
  });
  it('a deposit of nineteen of them fits twenty ways: ambiguous', () => {
    const r = run({ lines: [line('2026-12-03', 475_000, { id: 'l' })], payments: dues });
    expect(r.matched).toEqual([]);
    expect(r.ambiguous[0]!.candidates).toHaveLength(20);
  });
  it('a $250 line with a distinct reference among them is still not guessed from the reference', () => {
    const r = run({ lines: [line('2026-12-02', 25_000, { id: 'l', description: 'PMT-00003' })], payments: dues });
    expect(r.matched).toEqual([]);
  });
});

describe('(e) bank rules for fees and interest', () => {
  const rules = [rule('fee', 'service fee', -5_000, 0), rule('int', 'INTEREST', 0, null, 'interest_income')];
  it('description contains (any case, any spacing) and the signed amount within bounds', () => {
    const r = run({ lines: [line('2026-11-30', -1_500, { id: 'f', description: 'MONTHLY  SERVICE FEE' }), line('2026-11-30', 42, { id: 'i', description: 'Interest paid' })], rules });
    expect(r.matched).toEqual([{ line_id: 'f', rule: 'bank_rule', rule_id: 'fee' }, { line_id: 'i', rule: 'bank_rule', rule_id: 'int' }]);
  });
  it.each([[-5_001], [1]])('a fee of %i cents is outside the rule', (cents) => {
    expect(run({ lines: [line('2026-11-30', cents, { id: 'f', description: 'SERVICE FEE' })], rules }).unmatched).toEqual(['f']);
  });
  it('two rules that post differently: ambiguous, both listed by name', () => {
    const r = run({ lines: [line('2026-11-30', -1_000, { id: 'f', description: 'WIRE SERVICE FEE' })], rules: [...rules, rule('wire', 'WIRE', null, null, 'wire_fees')] });
    expect(r.ambiguous).toEqual([{ line_id: 'f', candidates: [
      { kind: 'bank_rule', id: 'fee', date: '2026-11-30', amount_cents: -1_000, reference: 'Rule fee' },
      { kind: 'bank_rule', id: 'wire', date: '2026-11-30', amount_cents: -1_000, reference: 'Rule wire' },
    ] }]);
  });
  it('two rules that post alike count as one', () => {
    expect(run({ lines: [line('2026-11-30', -1_000, { id: 'f', description: 'WIRE SERVICE FEE' })], rules: [...rules, rule('wire', 'WIRE', null, null)] }).matched).toEqual([{ line_id: 'f', rule: 'bank_rule', rule_id: 'fee' }]);
  });
  it('a line a document explains never reaches the rules', () => {
    expect(run({ lines: [line('2026-11-30', -1_500, { id: 'f', description: 'SERVICE FEE' })], journal_entries: [pay('je', '2026-11-30', -1_500)], rules }).matched).toEqual([{ line_id: 'f', rule: 'amount_date', journal_entry_ids: ['je'] }]);
  });
});

describe('the whole run', () => {
  it('answers every line once, in input order, and refuses a line given twice', () => {
    const r = run({ lines: [line('2026-11-01', 1, { id: 'z' }), line('2026-11-01', 2, { id: 'a' })] });
    expect(r.unmatched).toEqual(['z', 'a']);
    expect(() => run({ lines: [line('2026-11-01', 1, { id: 'x' }), line('2026-11-02', 2, { id: 'x' })] })).toThrow('Bank line x is given twice');
  });
  it('passes in order: a payment taken by a deposit is not offered to a later line', () => {
    const r = run({
      lines: [line('2026-11-06', 30_000, { id: 'dep' }), line('2026-11-07', 10_000, { id: 'single' })],
      payments: [pay('a', '2026-11-03', 10_000), pay('b', '2026-11-04', 20_000)],
    });
    expect(r.matched).toEqual([{ line_id: 'dep', rule: 'deposit_group', payment_ids: ['b', 'a'] }]);
    expect(r.unmatched).toEqual(['single']);
  });

  const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-11-${String(d).padStart(2, '0')}`);
  const amount = fc.constantFrom(-50_000, -2_500, 2_500, 5_000, 7_500, 10_000, 25_000);
  it('never matches a document twice, never a line twice, and every match adds up to its line (random books)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(day, amount, fc.option(fc.constantFrom('101', '102', '103'))), { maxLength: 30 }),
        fc.array(fc.tuple(day, amount.filter((a) => a > 0)), { maxLength: 40 }),
        fc.array(fc.tuple(day, amount.filter((a) => a < 0), fc.option(fc.constantFrom('101', '102', '103'))), { maxLength: 15 }),
        fc.array(fc.tuple(day, amount), { maxLength: 10 }),
        (ls, ps, bs, js) => {
          const lines = ls.map(([d, a, check], i) => line(d, a, { id: `l${i}`, check_number: check, description: i % 4 === 0 ? 'SERVICE FEE' : 'X' }));
          const input: MatchingInput = {
            lines,
            payments: ps.map(([d, a], i) => pay(`p${i}`, d, a)),
            bill_payments: bs.map(([d, a, c], i) => bill(`b${i}`, d, a, c)),
            journal_entries: js.map(([d, a], i) => pay(`j${i}`, d, a)),
            ach_batches: [], ach_entries: [], rules: [rule('r', 'SERVICE FEE', -50_000, 0)],
          };
          const r = matchBankLines(input);
          const all = [...r.matched.map((m) => m.line_id), ...r.ambiguous.map((a) => a.line_id), ...r.unmatched];
          expect(all.sort()).toEqual(lines.map((l) => l.id).sort());
          const docs = r.matched.flatMap((m) => [...(m.payment_ids ?? []).map((id) => `p:${id}`), ...(m.bill_payment_ids ?? []).map((id) => `b:${id}`), ...(m.journal_entry_ids ?? []).map((id) => `j:${id}`)]);
          expect(new Set(docs).size).toBe(docs.length);
          const amountOf = new Map<string, number>([...input.payments.map((p) => [`p:${p.id}`, p.amount_cents] as const), ...input.bill_payments.map((p) => [`b:${p.id}`, p.amount_cents] as const), ...input.journal_entries.map((p) => [`j:${p.id}`, p.amount_cents] as const)]);
          for (const m of r.matched) {
            if (m.rule === 'bank_rule') continue;
            const ids = [...(m.payment_ids ?? []).map((id) => `p:${id}`), ...(m.bill_payment_ids ?? []).map((id) => `b:${id}`), ...(m.journal_entry_ids ?? []).map((id) => `j:${id}`)];
            expect(ids.reduce((s, k) => s + amountOf.get(k)!, 0)).toBe(lines.find((l) => l.id === m.line_id)!.amount_cents);
          }
        },
      ),
      { numRuns: 300, seed: 18 },
    );
  });
});

describe('smallestSets (the deposit search)', () => {
  const id = (x: { id: string }) => x.id;
  const items = (...amounts: number[]) => amounts.map((a, i) => ({ id: `i${i}`, a }));
  const search = (pool: Array<{ id: string; a: number }>, target: number) => {
    const r = smallestSets(pool, (x) => x.a, target);
    return r.found ? { size: r.size, unique: r.unique?.map(id) ?? null, members: r.members.map(id).sort() } : r;
  };
  it.each([
    [[10, 20, 30], 60, { size: 3, unique: ['i2', 'i1', 'i0'], members: ['i0', 'i1', 'i2'] }],
    [[10, 20, 30], 30, { size: 1, unique: ['i2'], members: ['i2'] }],
    [[10, 20, 30, 40], 50, { size: 2, unique: null, members: ['i0', 'i1', 'i2', 'i3'] }],
    [[25, 25, 25], 75, { size: 3, unique: ['i0', 'i1', 'i2'], members: ['i0', 'i1', 'i2'] }],
    [[25, 25, 25], 50, { size: 2, unique: null, members: ['i0', 'i1', 'i2'] }],
    [[25, 25, 50], 50, { size: 1, unique: ['i2'], members: ['i2'] }],
    [[7, 11, 13], 100, { found: false, exhausted: false }],
    [[7, 11, 13], 12, { found: false, exhausted: false }],
    [[], 12, { found: false, exhausted: false }],
  ])('%j to %i', (amounts, target, expected) => {
    expect(search(items(...amounts), target)).toEqual(expected);
  });
  it('refuses amounts that are not positive cents', () => {
    expect(() => smallestSets([0], (x) => x, 5)).toThrow(RangeError);
  });
  it('gives up past its step bound instead of running long', () => {
    const hard = Array.from({ length: 40 }, (_, i) => ({ id: `h${i}`, a: 1_000_003 + i * 7_919 + (i % 3) * 104_729 }));
    expect(search(hard, 10_000_000)).toEqual({ found: false, exhausted: true });
  });
  it('twenty equal amounts take few steps whatever the target (the search runs over amounts)', () => {
    const same = Array.from({ length: 40 }, (_, i) => ({ id: `s${i}`, a: 25_000 }));
    expect(search(same, 25_000 * 40)).toMatchObject({ size: 40, unique: same.map(id) });
    expect(search(same, 25_000 * 39)).toMatchObject({ size: 39, unique: null });
    expect(search(same, 25_000 * 39 + 1)).toEqual({ found: false, exhausted: false });
  });
});
