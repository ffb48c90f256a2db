import { describe, expect, it } from 'vitest';
import { amountOf, beancountAccount, beancountEntry, csvRows, hledgerAccount, hledgerEntry, type ExportAccount, type ExportEntry } from './export.rules.ts';

const account = (account_number: string, account_name: string, account_type: string): ExportAccount => ({ id: account_number, account_number, account_name, account_type });

describe('account names', () => {
  it.each([
    [account('1000', 'Operating Cash', 'asset'), 'Assets:1000 Operating Cash', 'Assets:1000-Operating-Cash'],
    [account('2000', 'A/P: trade', 'liability'), 'Liabilities:2000 A/P- trade', 'Liabilities:2000-A-P-trade'],
    [account('3000', 'Fund  Balance', 'equity'), 'Equity:3000 Fund Balance', 'Equity:3000-Fund-Balance'],
    [account('4000', 'Assessment; Income', 'revenue'), 'Income:4000 Assessment- Income', 'Income:4000-Assessment-Income'],
    [account('5600', 'Pool & Amenities', 'expense'), 'Expenses:5600 Pool & Amenities', 'Expenses:5600-Pool-Amenities'],
    [account('x1', 'Café', 'expense'), 'Expenses:x1 Café', 'Expenses:Ax1-Cafe'],
  ])('%j', (a, hledger, beancount) => {
    expect(hledgerAccount(a)).toBe(hledger);
    expect(beancountAccount(a)).toBe(beancount);
  });
});

describe('entries', () => {
  const accounts = new Map([account('1000', 'Operating Cash', 'asset'), account('4000', 'Assessment Income', 'revenue')].map((a) => [a.id, a]));
  const entry: ExportEntry = {
    id: 'e1', entry_date: '2026-03-01', memo: 'Invoice INV-1; "March"\nsecond line', source_type: 'invoice', hash: 'ab'.repeat(32),
    lines: [
      { account_id: '1000', fund_code: 'OP', debit_cents: 25050, credit_cents: 0, memo: null, document_type: 'invoice', document_id: 'i1' },
      { account_id: '4000', fund_code: 'OP', debit_cents: 0, credit_cents: 25050, memo: 'dues', document_type: null, document_id: null },
    ],
  };

  it('amounts are exact decimals, debits positive', () => {
    expect([amountOf({ debit_cents: 25050, credit_cents: 0 }), amountOf({ debit_cents: 0, credit_cents: 1 }), amountOf({ debit_cents: 0, credit_cents: 100000000 })]).toEqual(['250.50', '-0.01', '-1000000.00']);
  });

  it('hledger: one line of description (no comment marks), postings with their fund tags', () => {
    expect(hledgerEntry(entry, accounts, 'USD')).toBe(
      `2026-03-01 * Invoice INV-1, "March" second line  ; id:e1, source:invoice, hash:${'ab'.repeat(32)}\n` +
        '    Assets:1000 Operating Cash  250.50 USD  ; fund:OP, doc:invoice-i1\n' +
        '    Income:4000 Assessment Income  -250.50 USD  ; fund:OP dues\n\n',
    );
  });

  it('beancount: quoted strings escaped, metadata per posting', () => {
    const text = beancountEntry(entry, accounts, 'USD');
    expect(text.split('\n')[0]).toBe('2026-03-01 * "Invoice INV-1; \\"March\\" second line"');
    expect(text).toContain('  Assets:1000-Operating-Cash  250.50 USD\n    fund: "OP"\n    doc: "invoice-i1"\n');
    expect(text).toContain('    memo: "dues"');
  });

  it('CSV: a row per line', () => {
    expect(csvRows(entry, accounts)).toEqual([
      ['e1', '2026-03-01', entry.memo, 'invoice', '1000', 'Operating Cash', 'asset', 'OP', '250.50', '0.00', '', 'invoice', 'i1', 'ab'.repeat(32)],
      ['e1', '2026-03-01', entry.memo, 'invoice', '4000', 'Assessment Income', 'revenue', 'OP', '0.00', '250.50', 'dues', '', '', 'ab'.repeat(32)],
    ]);
  });
});
