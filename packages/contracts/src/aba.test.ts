import { describe, expect, it } from 'vitest';
import { abaCheckDigit, isRoutingNumber, routingNumberProblem } from './aba.ts';

describe('ABA routing numbers: weights 3, 7, 1 and a multiple of ten', () => {
  it.each([
    '021000021', // JPMorgan Chase, New York
    '011000015', // Federal Reserve Bank of Boston
    '121000358', // Bank of America, California
    '026009593', // Bank of America, New York
    '322271627', // Chase, California (a thrift prefix)
    '091000019', // Wells Fargo, Minnesota
    '211274450', // a thrift institution
    '000000013', // 00 is the U.S. Government's prefix
  ])('%s is valid', (n) => {
    expect(routingNumberProblem(n)).toBeNull();
    expect(isRoutingNumber(n)).toBe(true);
  });

  it.each([
    ['02100002', 1],
    ['01100001', 5],
    ['12100035', 8],
    ['02600959', 3],
    ['32227162', 7],
    ['09100001', 9],
    ['00000001', 3],
  ])('the check digit of %s is %i', (firstEight, digit) => {
    expect(abaCheckDigit(firstEight)).toBe(digit);
  });

  it('every wrong last digit is refused, naming the right one', () => {
    for (let d = 0; d <= 9; d += 1) {
      const n = `02100002${d}`;
      if (d === 1) expect(routingNumberProblem(n)).toBeNull();
      else expect(routingNumberProblem(n)).toBe(`Routing number ${n} is not valid: its last digit should be 1 by the ABA check (weights 3, 7, 1). Check it against a check or the bank's website`);
    }
  });

  it('a swap of two neighbouring digits is caught', () => {
    expect(isRoutingNumber('201000021')).toBe(false);
    expect(isRoutingNumber('120000021')).toBe(false);
  });

  it.each([
    ['', 'Routing number is required'],
    ['   ', 'Routing number is required'],
    ['12345678', 'Routing number must be exactly 9 digits; 12345678 has 8'],
    ['0210000210', 'Routing number must be exactly 9 digits; 0210000210 has 10'],
    ['02100002A', 'Routing number must be digits only (nine digits, as printed at the bottom left of a check)'],
    ['021-000-021', 'Routing number must be digits only (nine digits, as printed at the bottom left of a check)'],
    ['000000000', 'Routing number 000000000 is not a bank\'s routing number'],
    ['131000009', 'Routing number 131000009 is not valid: a routing number starts with 00-12, 21-32, 61-72 or 80'],
    ['500000006', 'Routing number 500000006 is not valid: a routing number starts with 00-12, 21-32, 61-72 or 80'],
  ])('%j is refused: %s', (input, message) => {
    expect(routingNumberProblem(input)).toBe(message);
  });

  it('names the field it checks and trims spaces', () => {
    expect(routingNumberProblem('1', 'ODFI routing number')).toMatch(/^ODFI routing number must be exactly 9 digits/);
    expect(routingNumberProblem(' 021000021 ')).toBeNull();
  });

  it('the check digit needs eight digits', () => {
    expect(() => abaCheckDigit('1234567')).toThrow(RangeError);
    expect(() => abaCheckDigit('1234567a')).toThrow(RangeError);
  });
});
