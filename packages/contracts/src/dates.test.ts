import { describe, expect, it } from 'vitest';
import { isTimeZone, laterDate, todayIn } from './dates.ts';

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
