import { describe, expect, it } from 'vitest';
import {
  applicationPosting, billPaymentPosting, billPosting, compact, invoicePosting, isBalanced, payableByFund, paymentPosting, receivableByFund, reversed,
  closingPosting, recordedPaymentPosting, reversedExcept, samePosting, splitByFund, transferPosting, type PostingLine, type SystemAccounts, type SystemFunds,
} from './posting.rules.ts';

const acc: SystemAccounts = {
  cash: 'cash', accounts_receivable: 'ar', owner_prepayments: 'prepay', accounts_payable: 'ap', sales_tax_payable: 'tax',
  fund_balance: 'fund', assessment_income: 'dues', late_fee_income: 'late', tax_expense: 'taxexp',
  reserve_cash: 'rcash', due_from_funds: 'duefrom', due_to_funds: 'dueto', interfund_transfers: 'transfers', opening_balances: 'opening',
};
const funds: SystemFunds = { operating: 'OP', reserve: 'RES' };
const sum = (lines: PostingLine[], side: 'debit' | 'credit') => lines.reduce((s, l) => s + l[side], 0);
/** Net (debit − credit) of one account in one fund. */
const net = (lines: PostingLine[], account: string, fund: string) => lines.filter((l) => l.account_id === account && l.fund_id === fund).reduce((s, l) => s + l.debit - l.credit, 0);
/** Net per fund across all accounts: zero in every fund when balanced. */
const fundNets = (lines: PostingLine[]) => Object.fromEntries([...new Set(lines.map((l) => l.fund_id))].map((f) => [f, lines.filter((l) => l.fund_id === f).reduce((s, l) => s + l.debit - l.credit, 0)]));

describe('invoicePosting', () => {
  it.each([
    { lines: [{ account_id: 'dues', fund_id: 'OP', cents: 25000 }], tax: 0, ar: { OP: 25000 } },
    { lines: [{ account_id: 'dues', fund_id: 'OP', cents: 25000 }, { account_id: 'late', fund_id: 'OP', cents: 2500 }], tax: 0, ar: { OP: 27500 } },
    { lines: [{ account_id: null, fund_id: 'OP', cents: 10000 }], tax: 888, ar: { OP: 10888 } },
    { lines: [{ account_id: 'dues', fund_id: 'OP', cents: 30000 }, { account_id: 'dues', fund_id: 'RES', cents: 5000 }], tax: 0, ar: { OP: 30000, RES: 5000 } },
    { lines: [{ account_id: 'dues', fund_id: 'RES', cents: 5000 }], tax: 350, ar: { OP: 350, RES: 5000 } },
    { lines: [], tax: 0, ar: {} },
  ])('%j', ({ lines, tax, ar }) => {
    const p = invoicePosting({ id: 'inv1', owner_id: 'o1', lines, taxCents: tax }, acc, funds);
    expect(isBalanced(p)).toBe(true);
    for (const [fund, cents] of Object.entries(ar)) expect(net(p, 'ar', fund)).toBe(cents);
    expect(0 - net(p, 'tax', 'OP')).toBe(tax);
    expect(sum(p, 'debit')).toBe(Object.values(ar).reduce((s, c) => s + c, 0));
    for (const l of p) expect(l).toMatchObject({ owner_id: 'o1', document_type: 'invoice', document_id: 'inv1' });
    expect(receivableByFund({ lines, taxCents: tax }, funds).reduce((s, r) => s + r.cents, 0)).toBe(sum(p, 'debit'));
  });
  it('merges lines of one account and fund and falls back to Assessment Income', () => {
    const p = invoicePosting({ id: 'i', owner_id: 'o', lines: [{ account_id: null, fund_id: 'OP', cents: 100 }, { account_id: 'dues', fund_id: 'OP', cents: 50 }, { account_id: 'dues', fund_id: 'RES', cents: 7 }], taxCents: 0 }, acc, funds);
    expect(p.filter((l) => l.account_id === 'dues')).toHaveLength(2);
    expect(-net(p, 'dues', 'OP')).toBe(150);
    expect(-net(p, 'dues', 'RES')).toBe(7);
  });
});

describe('splitByFund: proportional to what each fund is owed, never more', () => {
  it.each([
    // amount, open per fund → split
    [35000, [['OP', 30000], ['RES', 5000]], [['OP', 30000], ['RES', 5000]]],
    [17500, [['OP', 30000], ['RES', 5000]], [['OP', 15000], ['RES', 2500]]],
    [1, [['OP', 30000], ['RES', 5000]], [['OP', 1]]],
    [2, [['OP', 1], ['RES', 1]], [['OP', 1], ['RES', 1]]],
    [1, [['OP', 1], ['RES', 1]], [['OP', 1]]],
    [100, [['OP', 100]], [['OP', 100]]],
    [10, [['OP', 0], ['RES', 20]], [['RES', 10]]],
    [100, [['A', 3333], ['B', 3333], ['C', 3334]], [['A', 33], ['B', 33], ['C', 34]]],
    [0, [['OP', 100]], []],
  ] as const)('%i over %j → %j', (cents, open, expected) => {
    const split = splitByFund(cents, open.map(([fund_id, c]) => ({ fund_id, cents: c })));
    expect(split.map((s) => [s.fund_id, s.cents])).toEqual(expected);
    expect(split.reduce((s, p) => s + p.cents, 0)).toBe(cents);
  });
  it('paying in many small parts clears every fund exactly', () => {
    const open = [{ fund_id: 'OP', cents: 27_083 }, { fund_id: 'RES', cents: 4_917 }];
    for (const part of [1, 7, 999, 3_333, 10_000, 17_660]) {
      const split = splitByFund(part, open);
      for (const s of split) {
        const o = open.find((x) => x.fund_id === s.fund_id)!;
        expect(s.cents).toBeLessThanOrEqual(o.cents);
        o.cents -= s.cents;
      }
    }
    expect(open.map((o) => o.cents)).toEqual([0, 0]);
  });
  it('refuses more than is owed', () => expect(() => splitByFund(101, [{ fund_id: 'OP', cents: 100 }])).toThrow(/Cannot split/));
});

describe('payments and applications', () => {
  it('payment: Dr the bank account / Cr prepayments, in the bank account\'s fund', () => {
    const p = paymentPosting({ id: 'p', owner_id: 'o', cents: 12345, cash_account_id: 'rcash', fund_id: 'RES' }, acc);
    expect(p.map((l) => [l.account_id, l.fund_id, l.debit, l.credit])).toEqual([['rcash', 'RES', 12345, 0], ['prepay', 'RES', 0, 12345]]);
  });
  it('application in the payment\'s own fund: Dr prepayments / Cr A/R', () => {
    const p = applicationPosting({ payment_id: 'p', invoice_id: 'i', owner_id: 'o', payment_fund_id: 'OP', split: [{ fund_id: 'OP', cents: 500 }] }, acc);
    expect(p).toEqual([
      { account_id: 'prepay', fund_id: 'OP', debit: 500, credit: 0, owner_id: 'o', document_type: 'payment', document_id: 'p' },
      { account_id: 'ar', fund_id: 'OP', debit: 0, credit: 500, owner_id: 'o', document_type: 'invoice', document_id: 'i' },
    ]);
  });
  it('application split across funds: the part for another fund goes through due-to / due-from; each fund balances', () => {
    const p = applicationPosting({ payment_id: 'p', invoice_id: 'i', owner_id: 'o', payment_fund_id: 'OP', split: [{ fund_id: 'OP', cents: 30000 }, { fund_id: 'RES', cents: 5000 }] }, acc);
    expect(isBalanced(p)).toBe(true);
    expect(fundNets(p)).toEqual({ OP: 0, RES: 0 });
    expect(net(p, 'prepay', 'OP')).toBe(35000);
    expect(net(p, 'ar', 'OP')).toBe(-30000);
    expect(net(p, 'ar', 'RES')).toBe(-5000);
    expect(net(p, 'dueto', 'OP')).toBe(-5000); // operating holds reserve's money
    expect(net(p, 'duefrom', 'RES')).toBe(5000);
  });
  describe('a payment recorded with the charges it paid: one entry', () => {
    const pay = (cents: number, fund = 'OP', cash = 'cash') => ({ id: 'p', owner_id: 'o', cents, cash_account_id: cash, fund_id: fund });
    /** Net per account, fund and document: what the ledger's balances and reports read. */
    const byKey = (lines: readonly PostingLine[]) => {
      const out = new Map<string, number>();
      for (const l of lines) {
        const k = `${l.account_id}|${l.fund_id}|${l.document_type}|${l.document_id}`;
        out.set(k, (out.get(k) ?? 0) + l.debit - l.credit);
      }
      return Object.fromEntries([...out].filter(([, v]) => v !== 0).sort());
    };
    const cases: Array<[string, number, Array<{ invoice_id: string; split: Array<{ fund_id: string; cents: number }> }>, string]> = [
      ['pays one invoice exactly', 10000, [{ invoice_id: 'i1', split: [{ fund_id: 'OP', cents: 10000 }] }], 'OP'],
      ['pays seven charges exactly', 7 * 2500 + 1, Array.from({ length: 7 }, (_, i) => ({ invoice_id: `i${i}`, split: [{ fund_id: 'OP', cents: 2500 + (i === 6 ? 1 : 0) }] })), 'OP'],
      ['pays part, the rest is credit', 30000, [{ invoice_id: 'i1', split: [{ fund_id: 'OP', cents: 12345 }] }], 'OP'],
      ['nothing open: all credit', 5000, [], 'OP'],
      ['an invoice split across funds', 35000, [{ invoice_id: 'i1', split: [{ fund_id: 'OP', cents: 30000 }, { fund_id: 'RES', cents: 5000 }] }], 'OP'],
      ['deposited in the reserve, paying operating charges', 20000, [{ invoice_id: 'i1', split: [{ fund_id: 'OP', cents: 15000 }] }, { invoice_id: 'i2', split: [{ fund_id: 'RES', cents: 5000 }] }], 'RES'],
      ['two applications to one invoice', 900, [{ invoice_id: 'i1', split: [{ fund_id: 'OP', cents: 400 }] }, { invoice_id: 'i1', split: [{ fund_id: 'OP', cents: 500 }] }], 'OP'],
    ];
    it.each(cases)('%s: balanced in every fund, the same balances as separate entries, the bank line first', (_name, cents, applications, fund) => {
      const cash = fund === 'RES' ? 'rcash' : 'cash';
      const one = recordedPaymentPosting(pay(cents, fund, cash), applications, acc);
      const separate = [
        ...paymentPosting(pay(cents, fund, cash), acc),
        ...applications.flatMap((a) => applicationPosting({ payment_id: 'p', invoice_id: a.invoice_id, owner_id: 'o', payment_fund_id: fund, split: a.split }, acc)),
      ];
      expect(isBalanced(one)).toBe(true);
      expect(byKey(one)).toEqual(byKey(separate));
      expect(one[0]).toMatchObject({ account_id: cash, fund_id: fund, debit: cents, credit: 0, document_type: 'payment', document_id: 'p' });
      expect(one.length).toBeLessThanOrEqual(separate.length);
      const applied = applications.reduce((s, a) => s + a.split.reduce((t, x) => t + x.cents, 0), 0);
      expect(net(one, 'prepay', fund)).toBe(applied - cents);
      if (applied === cents) expect(one.some((l) => l.account_id === 'prepay')).toBe(false);
      // Undone application by application (each reversal posted from the application), then the rest of the entry:
      // the ledger is back where it was, and the rest is the payment's own posting reversed.
      const undone = applications.flatMap((a) => applicationPosting({ payment_id: 'p', invoice_id: a.invoice_id, owner_id: 'o', payment_fund_id: fund, split: a.split }, acc));
      const rest = reversedExcept(one, undone);
      expect(isBalanced(rest)).toBe(true);
      expect(byKey(rest)).toEqual(byKey(reversed(paymentPosting(pay(cents, fund, cash), acc))));
      expect(byKey([...one, ...reversed(undone), ...rest])).toEqual({});
    });
    it('seven charges: 8 lines instead of 16 in 8 entries', () => {
      const seven = Array.from({ length: 7 }, (_, i) => ({ invoice_id: `i${i}`, split: [{ fund_id: 'OP', cents: 1000 }] }));
      expect(recordedPaymentPosting(pay(7000), seven, acc)).toHaveLength(8);
    });
    it('an entry with nothing undone on its own reverses whole', () => {
      const one = recordedPaymentPosting(pay(3000), [{ invoice_id: 'i1', split: [{ fund_id: 'OP', cents: 1000 }] }], acc);
      expect(reversedExcept(one, [])).toEqual(compact(reversed(one)));
    });
  });
  it('a zero payment posts nothing', () => expect(paymentPosting({ id: 'p', owner_id: 'o', cents: 0, cash_account_id: 'cash', fund_id: 'OP' }, acc)).toEqual([]));
});

describe('bills', () => {
  it('Dr expenses (by fund) and tax (operating) / Cr A/P per fund', () => {
    const p = billPosting({ id: 'b', vendor_id: 'v', lines: [{ account_id: 'land', fund_id: 'OP', cents: 40000 }, { account_id: null, fund_id: 'OP', cents: 5000 }, { account_id: 'roof', fund_id: 'RES', cents: 90000 }], taxCents: 1200 }, acc, funds, 'misc');
    expect(isBalanced(p)).toBe(true);
    expect(net(p, 'ap', 'OP')).toBe(-46200);
    expect(net(p, 'ap', 'RES')).toBe(-90000);
    expect(net(p, 'misc', 'OP')).toBe(5000);
    expect(net(p, 'taxexp', 'OP')).toBe(1200);
    expect(payableByFund({ lines: [{ account_id: 'roof', fund_id: 'RES', cents: 90000 }], taxCents: 0 }, funds)).toEqual([{ fund_id: 'RES', cents: 90000 }]);
  });
  it('bill payment from the fund that owes it: Dr A/P / Cr its bank account', () => {
    const p = billPaymentPosting({ bill_id: 'b', vendor_id: 'v', cash_account_id: 'cash', cash_fund_id: 'OP', split: [{ fund_id: 'OP', cents: 700 }] }, acc);
    expect(p.map((l) => [l.account_id, l.fund_id, l.debit, l.credit])).toEqual([['ap', 'OP', 700, 0], ['cash', 'OP', 0, 700]]);
  });
  it('a reserve bill paid from operating cash: reserve owes operating (due-to in reserve, due-from in operating)', () => {
    const p = billPaymentPosting({ bill_id: 'b', vendor_id: 'v', cash_account_id: 'cash', cash_fund_id: 'OP', split: [{ fund_id: 'RES', cents: 90000 }] }, acc);
    expect(fundNets(p)).toEqual({ OP: 0, RES: 0 });
    expect(net(p, 'ap', 'RES')).toBe(90000);
    expect(net(p, 'cash', 'OP')).toBe(-90000);
    expect(net(p, 'dueto', 'RES')).toBe(-90000);
    expect(net(p, 'duefrom', 'OP')).toBe(90000);
  });
});

describe('transfers between funds', () => {
  it('move cash from operating to reserve: each fund balances on its own', () => {
    const p = transferPosting({ from: { fund_id: 'OP', cash_account_id: 'cash' }, to: { fund_id: 'RES', cash_account_id: 'rcash' }, cents: 250000 }, acc);
    expect(fundNets(p)).toEqual({ OP: 0, RES: 0 });
    expect(net(p, 'cash', 'OP')).toBe(-250000);
    expect(net(p, 'rcash', 'RES')).toBe(250000);
    expect(net(p, 'transfers', 'OP')).toBe(250000);
    expect(net(p, 'transfers', 'RES')).toBe(-250000);
  });
  it('refuses a transfer within one fund', () => {
    expect(() => transferPosting({ from: { fund_id: 'OP', cash_account_id: 'cash' }, to: { fund_id: 'OP', cash_account_id: 'cash' }, cents: 1 }, acc)).toThrow(/two different funds/);
  });
});

describe('compact, isBalanced, reversed, samePosting', () => {
  it('nets lines of the same account and fund and drops zeros', () => {
    expect(compact([{ account_id: 'a', fund_id: 'OP', debit: 100, credit: 0 }, { account_id: 'a', fund_id: 'OP', debit: 0, credit: 30 }, { account_id: 'b', fund_id: 'OP', debit: 0, credit: 0 }])).toEqual([{ account_id: 'a', fund_id: 'OP', debit: 70, credit: 0 }]);
    expect(compact([{ account_id: 'a', fund_id: 'OP', debit: 10, credit: 0 }, { account_id: 'a', fund_id: 'RES', debit: 0, credit: 10 }])).toHaveLength(2);
  });
  it('an entry balanced overall but not within each fund is not balanced', () => {
    expect(isBalanced([{ account_id: 'cash', fund_id: 'OP', debit: 10, credit: 0 }, { account_id: 'dues', fund_id: 'RES', debit: 0, credit: 10 }])).toBe(false);
    expect(isBalanced([{ account_id: 'cash', fund_id: 'OP', debit: 10, credit: 0 }, { account_id: 'dues', fund_id: 'OP', debit: 0, credit: 10 }])).toBe(true);
  });
  it('a posting and its reversal net to nothing', () => {
    const p = invoicePosting({ id: 'i', owner_id: 'o', lines: [{ account_id: 'dues', fund_id: 'OP', cents: 999 }, { account_id: 'dues', fund_id: 'RES', cents: 1 }], taxCents: 80 }, acc, funds);
    expect(compact([...p, ...reversed(p)])).toEqual([]);
    expect(isBalanced(reversed(p))).toBe(true);
  });
  it('order does not matter for sameness; amounts and funds do', () => {
    const lines = [{ account_id: 'dues', fund_id: 'OP', cents: 100 }, { account_id: 'late', fund_id: 'OP', cents: 5 }];
    const p = invoicePosting({ id: 'i', owner_id: 'o', lines, taxCents: 0 }, acc, funds);
    expect(samePosting(p, [...p].reverse())).toBe(true);
    expect(samePosting(p, invoicePosting({ id: 'i', owner_id: 'o', lines: [{ ...lines[0]!, cents: 101 }, lines[1]!], taxCents: 0 }, acc, funds))).toBe(false);
    expect(samePosting(p, invoicePosting({ id: 'i', owner_id: 'o', lines: [{ ...lines[0]!, fund_id: 'RES' }, lines[1]!], taxCents: 0 }, acc, funds))).toBe(false);
  });
});

describe('closingPosting', () => {
  it.each([
    // Revenue is credit-normal (net < 0), expenses debit-normal (net > 0); the fund balance takes the difference.
    { rows: [{ account_id: 'dues', fund_id: 'OP', netCents: -50000 }, { account_id: 'land', fund_id: 'OP', netCents: 16000 }], fundBalance: { OP: -34000 } },
    { rows: [{ account_id: 'dues', fund_id: 'OP', netCents: -100 }, { account_id: 'dues', fund_id: 'RES', netCents: -5000 }, { account_id: 'roof', fund_id: 'RES', netCents: 90000 }], fundBalance: { OP: -100, RES: 85000 } },
    { rows: [{ account_id: 'land', fund_id: 'OP', netCents: 1 }], fundBalance: { OP: 1 } },
    { rows: [{ account_id: 'dues', fund_id: 'OP', netCents: 0 }], fundBalance: {} },
    { rows: [], fundBalance: {} },
  ])('%j', ({ rows, fundBalance }) => {
    const p = closingPosting(rows, acc);
    expect(isBalanced(p)).toBe(true);
    for (const v of Object.values(fundNets(p))) expect(v).toBe(0);
    // Every revenue and expense account ends at zero in each fund.
    for (const r of rows) expect(net(p, r.account_id, r.fund_id) + r.netCents).toBe(0);
    for (const [fund, cents] of Object.entries(fundBalance)) expect(net(p, 'fund', fund)).toBe(cents);
    for (const l of p) expect(l.document_type).toBe('closing');
    if (rows.every((r) => r.netCents === 0)) expect(p).toEqual([]);
  });
});
