import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { positivePayCsv, type IssuedCheck } from './positive-pay.ts';

const check = (over: Partial<IssuedCheck> = {}): IssuedCheck => ({ check_number: '1042', date: '2026-11-05', amount_cents: 120_000, payee: 'Acme Pool Service', void: false, ...over });

describe('the positive pay file', () => {
  it('one row per check in check-number order, plain decimal amounts, Y for a void check', () => {
    const csv = positivePayCsv([check({ check_number: '1100', amount_cents: 5 }), check(), check({ check_number: '0000999', void: true, payee: 'Smith, Jones & Co' })]);
    expect(csv).toBe('Check Number,Issue Date,Amount,Payee,Void\r\n999,2026-11-05,1200.00,"Smith, Jones & Co",Y\r\n1042,2026-11-05,1200.00,Acme Pool Service,N\r\n1100,2026-11-05,0.05,Acme Pool Service,N\r\n');
  });
  it('an empty period is the header alone', () => {
    expect(positivePayCsv([])).toBe('Check Number,Issue Date,Amount,Payee,Void\r\n');
  });
  it.each([['=HYPERLINK("http://x","pay")'], ['+1+1'], ['-2+3'], ['@SUM(A1)']])('a payee written as a formula (%s) stays text', (payee) => {
    const csv = positivePayCsv([check({ payee })]);
    const rows = Papa.parse<string[]>(csv.trim()).data;
    expect(rows[1]![3]).toBe(`'${payee}`);
  });
  it.each([
    [[check({ check_number: '10A' })], "Check number '10A' must be up to 10 digits"],
    [[check({ amount_cents: 0 })], 'Check 1042 must have an amount greater than zero'],
    [[check({ amount_cents: 10.5 })], 'Check 1042 must have an amount greater than zero'],
    [[check(), check({ check_number: '01042' })], 'Check 1042 is listed twice; the bank would refuse the file'],
  ])('refused: %#', (checks, message) => {
    expect(() => positivePayCsv(checks)).toThrow(message);
  });
});
