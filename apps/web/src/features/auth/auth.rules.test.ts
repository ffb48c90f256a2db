import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_INVALID, EMAIL_REQUIRED, PASSWORD_REQUIRED, emailProblem, signInPasswordProblem } from './auth.rules.ts';

// What the sign-in form checked with zod before it went without: the same answer for every typed address.
const zodEmail = z.string().trim().min(1, EMAIL_REQUIRED).pipe(z.email(EMAIL_INVALID));
const zodProblem = (typed: string) => {
  const result = zodEmail.safeParse(typed);
  return result.success ? null : (result.error.issues[0]?.message ?? 'unknown');
};

describe('the sign-in form checks an email address as zod does', () => {
  it.each([
    ['', EMAIL_REQUIRED],
    ['   ', EMAIL_REQUIRED],
    ['avery', EMAIL_INVALID],
    ['avery@example', EMAIL_INVALID],
    ['avery@@example.com', EMAIL_INVALID],
    ['.avery@example.com', EMAIL_INVALID],
    ['avery..admin@example.com', EMAIL_INVALID],
    ['avery@-example.com', EMAIL_INVALID],
    ['avery@example.c', EMAIL_INVALID],
    ['avery admin@example.com', EMAIL_INVALID],
    ['avery.admin@example.com', null],
    ['  avery.admin@example.com  ', null],
    ["o'brien+hoa@mail.example.co.uk", null],
    ['A_B-c@sub-domain.example.org', null],
  ])('%j → %s', (typed, problem) => {
    expect(emailProblem(typed)).toBe(problem);
    expect(zodProblem(typed)).toBe(problem);
  });

  it('agrees with z.email() on generated addresses', () => {
    const char = fc.constantFrom(...'aZ09._-+\'@ .-é'.split(''));
    const part = fc.string({ unit: char, maxLength: 12 });
    const typed = fc.oneof(part, fc.tuple(part, part, fc.constantFrom('com', 'io', 'c', '')).map(([local, domain, tld]) => `${local}@${domain}.${tld}`));
    fc.assert(fc.property(typed, (value) => emailProblem(value) === zodProblem(value)), { numRuns: 2000 });
  });
});

describe('the sign-in password', () => {
  it.each([
    ['', PASSWORD_REQUIRED],
    [' ', null],
    ['Covenant-e2e-2024!', null],
  ])('%j → %s', (typed, problem) => expect(signInPasswordProblem(typed)).toBe(problem));
});
