import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { blankAsNull, decimal, enumOf, integer, isoDate, money, optDate, optEmail, optMoney, optText, recordId } from './fields.ts';

const message = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message;

describe('numbers given as JSON numbers or as text (forms and requests share these rules)', () => {
  it.each([
    ['', 'Tax rate is required'],
    ['   ', 'Tax rate is required'],
    ['abc', 'Tax rate must be a number'],
    ['1e3', 'Tax rate must be a number'],
    ['100.5', 'Tax rate must be at most 100'],
    ['-1', 'Tax rate must be at least 0'],
    ['8.12345', 'Tax rate must have at most 4 decimal places'],
  ])('a tax rate of %j is refused: %s', (input, expected) => {
    expect(message(decimal('Tax rate', { min: 0, max: 100, places: 4 }).safeParse(input))).toBe(expected);
  });

  it.each([
    [' 8.25 ', 8.25],
    ['0', 0],
    [100, 100],
    ['7', 7],
  ])('a tax rate of %j parses to %d', (input, expected) => {
    expect(decimal('Tax rate', { min: 0, max: 100, places: 4 }).parse(input)).toBe(expected);
  });

  it('a value that is neither a number nor text is refused by name', () => {
    expect(message(decimal('Amount').safeParse(undefined))).toBe('Amount must be a number');
    expect(message(decimal('Amount').safeParse(true))).toBe('Amount must be a number');
    expect(message(integer('Bedrooms').safeParse(null))).toBe('Bedrooms must be a whole number');
  });

  it('whole numbers: text with a fraction, blank text and bounds', () => {
    expect(message(integer('Bedrooms', 0, 1000).safeParse('1.5'))).toBe('Bedrooms must be a whole number');
    expect(message(integer('Bedrooms', 0, 1000).safeParse(''))).toBe('Bedrooms is required');
    expect(message(integer('Bedrooms', 0, 1000).safeParse('1001'))).toBe('Bedrooms must be at most 1000');
    expect(integer('Bedrooms', 0, 1000).parse(' 3 ')).toBe(3);
  });

  it('money has at most two decimals; an optional amount left blank is no value', () => {
    expect(message(money('Price').safeParse('1.005'))).toBe('Price must have at most 2 decimal places');
    expect(money('Price').parse('19.99')).toBe(19.99);
    expect(optMoney('Fee').parse('')).toBeNull();
    expect(optMoney('Fee').parse(null)).toBeNull();
    expect(optMoney('Fee').parse(undefined)).toBeUndefined();
    expect(message(optMoney('Fee').safeParse('x'))).toBe('Fee must be a number');
  });
});

describe('record ids and choices: nothing chosen is "required"', () => {
  it('a record id', () => {
    expect(message(recordId('Owner').safeParse(''))).toBe('Owner is required');
    expect(message(recordId('Owner').safeParse(undefined))).toBe('Owner is required');
    expect(message(recordId('Owner').safeParse('abc'))).toBe('Owner must be a record id');
    expect(recordId('Owner').parse('0123456789abcdef01234567')).toBe('0123456789abcdef01234567');
  });
  it('a choice of fixed values', () => {
    const kind = enumOf('Account type', ['asset', 'liability'] as const);
    expect(message(kind.safeParse(''))).toBe('Account type is required');
    expect(message(kind.safeParse(undefined))).toBe('Account type is required');
    expect(message(kind.safeParse('castle'))).toBe('Account type must be one of: asset, liability');
    expect(kind.parse('asset')).toBe('asset');
  });
});

describe('dates: a blank one is "required", text that is not a real date is named', () => {
  it.each([
    ['', 'Invoice date is required'],
    ['2026-02-30', 'Invoice date must be a date (YYYY-MM-DD)'],
    ['02/01/2026', 'Invoice date must be a date (YYYY-MM-DD)'],
  ])('%j: %s', (input, expected) => {
    expect(message(isoDate('Invoice date').safeParse(input))).toBe(expected);
  });
  it('a real date parses as it is; an optional one may be blank', () => {
    expect(isoDate('Invoice date').parse('2028-02-29')).toBe('2028-02-29');
    expect(optDate('Due date').parse('')).toBe('');
  });
});

describe('optional fields: blank is null, a bad value is named by its own rule (also for form resolvers)', () => {
  const routing = blankAsNull(z.string().regex(/^\d{9}$/, 'Routing number must be 9 digits'));
  it.each([
    ['', null],
    [null, null],
    [undefined, undefined],
    ['021000021', '021000021'],
  ])('%j → %j', (input, output) => {
    expect(routing.parse(input)).toBe(output);
  });
  it('the failed union leads with the value\'s issue, which form resolvers show', () => {
    const error = routing.safeParse('12').error!;
    expect(error.issues[0]!.message).toBe('Routing number must be 9 digits');
    const union = error.issues[0] as unknown as { code: string; errors?: Array<Array<{ message: string }>> };
    // Reported as the union's issue or as the value's own: either way the value's message comes first.
    if (union.code === 'invalid_union') expect(union.errors![0]![0]!.message).toBe('Routing number must be 9 digits');
  });
  it('a value rule that takes blank text itself still answers null for a blank', () => {
    expect(blankAsNull(optText(50)).parse('')).toBeNull();
    expect(optEmail().safeParse('not-an-email').error!.issues[0]!.message).toBe('Email must be a valid email address');
    expect(optDate('Due date').safeParse('2026-02-30').error!.issues[0]!.message).toBe('Due date must be a date (YYYY-MM-DD)');
  });
});
