import { describe, expect, it } from 'vitest';
import { isTimeZone, laterDate, monthsBetween, monthStartBefore, todayIn } from './dates.ts';

describe('todayIn', () => {
  it.each([
    ['2026-11-23T03:30:00Z', 'UTC', '2026-11-23'],
    ['2026-11-23T03:30:00Z', 'America/Los_Angeles', '2026-11-22'],
    ['2026-11-23T03:30:00Z', 'America/New_York', '2026-11-22'],
    ['2026-11-23T05:30:00Z', 'America/New_York', '2026-11-23'],
    ['2026-11-23T20:00:00Z', 'Asia/Tokyo', '2026-11-24'],
    ['2026-12-31T23:59:59Z', 'Pacific/Kiritimati', '2027-01-01'],
    ['2026-03-08T09:59:00Z', 'America/Chicago', '2026-03-08'],
    ['2024-02-29T12:00:00Z', 'Europe/Berlin', '2024-02-29'],
  ])('%s in %s is %s', (instant, zone, expected) => {
    expect(todayIn(zone, new Date(instant))).toBe(expected);
  });
});

describe('laterDate and isTimeZone', () => {
  it('picks the later ISO date', () => {
    expect(laterDate('2026-01-31', '2026-02-01')).toBe('2026-02-01');
    expect(laterDate('2026-02-01', '2026-01-31')).toBe('2026-02-01');
    expect(laterDate('2026-02-01', '2026-02-01')).toBe('2026-02-01');
    expect(laterDate('2025-12-31', '2026-01-01')).toBe('2026-01-01');
  });
  it('knows IANA zones', () => {
    expect(isTimeZone('America/Chicago')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
  });
});

describe('monthsBetween', () => {
  it.each([
    ['2026-01-01', '2026-01-31', ['2026-01']],
    ['2026-01-15', '2026-03-02', ['2026-01', '2026-02', '2026-03']],
    ['2025-11-30', '2026-02-01', ['2025-11', '2025-12', '2026-01', '2026-02']],
    ['2026-03-01', '2026-02-28', []],
    ['2024-12-31', '2025-01-01', ['2024-12', '2025-01']],
  ])('%s to %s', (from, to, expected) => {
    expect(monthsBetween(from, to)).toEqual(expected);
  });
  it('covers a whole year in twelve months and three years in 36', () => {
    expect(monthsBetween('2026-01-01', '2026-12-31')).toHaveLength(12);
    expect(monthsBetween('2024-01-01', '2026-12-31')).toHaveLength(36);
  });
});

describe('monthStartBefore', () => {
  it.each([
    ['2026-11-24', 0, '2026-11-01'],
    ['2026-11-24', 11, '2025-12-01'],
    ['2026-01-31', 1, '2025-12-01'],
    ['2026-12-01', 12, '2025-12-01'],
    ['2026-03-15', 26, '2024-01-01'],
  ])('%s less %i months starts on %s', (date, count, expected) => {
    expect(monthStartBefore(date, count)).toBe(expected);
  });
});
