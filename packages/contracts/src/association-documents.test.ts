import { describe, expect, it } from 'vitest';
import { isRecordsRequestOverdue } from './association-documents.ts';

describe('isRecordsRequestOverdue', () => {
  it.each([
    [{ due_on: '2026-03-10', fulfilled_on: null }, '2026-03-11', true],
    [{ due_on: '2026-03-10', fulfilled_on: null }, '2026-03-10', false],
    [{ due_on: '2026-03-10', fulfilled_on: null }, '2026-03-09', false],
    [{ due_on: '2026-03-10', fulfilled_on: '2026-03-12' }, '2026-04-01', false],
    [{ due_on: null, fulfilled_on: null }, '2026-04-01', false],
    [{ due_on: '2025-12-31', fulfilled_on: null }, '2026-01-01', true],
  ])('%o on %s: %s', (r, today, overdue) => {
    expect(isRecordsRequestOverdue(r, today)).toBe(overdue);
  });
});
