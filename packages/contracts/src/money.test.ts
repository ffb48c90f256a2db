import { describe, expect, it } from 'vitest';
import { centsToDecimal, centsToNumber, formatMoney, multiplyCents, toCents } from './money.ts';

describe('toCents', () => {
  it.each([
    [0, 0], ['0', 0], ['', 0], [null, 0], [undefined, 0],
    [1, 100], [1.5, 150], ['1.5', 150], ['12.34', 1234], [12.34, 1234], [0.1, 10], [0.2, 20],
    ['0.005', 1], ['0.004', 0], ['-0.005', -1], ['-12.345', -1235], [1.005, 101], ['1.005', 101],
    ['999999999999.99', 99999999999999], ['.5', 50], ['5.', 500], ['+3.10', 310], [-7.25, -725],
  ])('toCents(%j) = %i', (input, cents) => {
    expect(toCents(input as never)).toBe(cents);
  });
  it.each(['abc', '1,000', '1e3', '--1', '.', NaN, Infinity])('rejects %j', (bad) => {
    expect(() => toCents(bad as never)).toThrow(RangeError);
  });
  it('sums of many small amounts stay exact (no float drift)', () => {
    let cents = 0;
    for (let i = 0; i < 1000; i++) cents += toCents(0.1);
    expect(cents).toBe(10000);
  });
});

describe('centsToDecimal / centsToNumber', () => {
  it.each([
    [0, '0.00'], [5, '0.05'], [100, '1.00'], [1234, '12.34'], [-1, '-0.01'], [-1234, '-12.34'], [99999999999999, '999999999999.99'],
  ])('%i -> %s', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
    expect(centsToNumber(cents)).toBe(Number(text));
  });
});

describe('formatMoney', () => {
  it.each([
    [0, '$0.00'], [1234.5, '$1,234.50'], ['1000000', '$1,000,000.00'], [-42.1, '-$42.10'], [null, '$0.00'], ['0.005', '$0.01'],
  ])('%j -> %s', (v, s) => {
    expect(formatMoney(v as never)).toBe(s);
  });
});

describe('multiplyCents', () => {
  it.each([
    [1000, 3, 1, 3000],
    [1999, '1.5', 1, 2999], // 29.985 rounds half away from zero
    [333, '0.333', 1, 111], // 110.889
    [10000, '8.875', 100, 888], // 8.875% of $100.00 = 8.875 -> 8.88
    [12345, '7.25', 100, 895], // 7.25% of 123.45 = 8.95
    [-12345, '7.25', 100, -895],
    [1, '0.5', 1, 1],
    [0, '99', 100, 0],
    [5000, 0.1, 1, 500],
  ])('%i * %s / %i = %i', (cents, factor, divisor, expected) => {
    expect(multiplyCents(cents, factor, divisor)).toBe(expected);
  });
});
