import { describe, expect, it } from 'vitest';
import { addBusinessDays, businessDaysBetween, calendarDaysBetween, federalHolidayOn, federalHolidays, isBusinessDay } from './business-days.ts';

describe('federal holidays', () => {
  it('lists the eleven federal holidays of 2026 on their observed days, nothing else', () => {
    expect(federalHolidays(2026).map((h) => h.date)).toEqual([
      '2026-01-01', '2026-01-19', '2026-02-16', '2026-05-25', '2026-06-19', '2026-07-03', '2026-09-07', '2026-10-12', '2026-11-11', '2026-11-26', '2026-12-25',
    ]);
    expect(federalHolidayOn('2026-07-03')).toEqual({ date: '2026-07-03', name: 'Independence Day', actual_date: '2026-07-04' });
  });

  it("observes New Year's Day on a Saturday on Friday December 31 of the year before", () => {
    expect(federalHolidayOn('2021-12-31')?.name).toBe("New Year's Day");
    expect(federalHolidayOn('2027-12-31')).toMatchObject({ name: "New Year's Day", actual_date: '2028-01-01' });
    expect(isBusinessDay('2021-12-31')).toBe(false);
    expect(isBusinessDay('2027-12-31')).toBe(false);
    // ...and the year it falls in keeps no extra day for it.
    expect(federalHolidays(2022).some((h) => h.name === "New Year's Day")).toBe(false);
    expect(federalHolidays(2021).filter((h) => h.name === "New Year's Day").map((h) => h.date)).toEqual(['2021-01-01', '2021-12-31']);
  });

  it('observes a Sunday holiday on the Monday after: Christmas 2022, New Year 2023, Juneteenth 2022', () => {
    expect(isBusinessDay('2022-12-26')).toBe(false);
    expect(isBusinessDay('2023-01-02')).toBe(false);
    expect(isBusinessDay('2022-06-20')).toBe(false);
    expect(isBusinessDay('2022-12-27')).toBe(true);
  });

  it('observes Veterans Day 2023 (a Saturday) on Friday November 10, as federal offices did', () => {
    expect(isBusinessDay('2023-11-10')).toBe(false);
  });

  it('counts Juneteenth only from 2021', () => {
    expect(isBusinessDay('2020-06-19')).toBe(true);
    expect(isBusinessDay('2021-06-18')).toBe(false);
    expect(isBusinessDay('2024-06-19')).toBe(false);
    expect(isBusinessDay('2025-06-19')).toBe(false);
  });

  it('Thanksgiving is a holiday, the Friday after it is not; state holidays are not holidays', () => {
    expect(isBusinessDay('2026-11-26')).toBe(false);
    expect(isBusinessDay('2026-11-27')).toBe(true);
    expect(isBusinessDay('2025-11-27')).toBe(false);
    expect(isBusinessDay('2026-03-31')).toBe(true); // César Chávez Day (California)
    expect(isBusinessDay('2026-04-21')).toBe(true); // Patriots' Day (Massachusetts) 2026-04-20 is a Monday
    expect(isBusinessDay('2026-04-20')).toBe(true);
    expect(isBusinessDay('2026-12-24')).toBe(true); // Christmas Eve
  });
});

describe('business days', () => {
  it('weekends are not business days', () => {
    expect(isBusinessDay('2026-03-07')).toBe(false);
    expect(isBusinessDay('2026-03-08')).toBe(false);
    expect(isBusinessDay('2026-03-09')).toBe(true);
  });

  it.each([
    ['2026-03-02', 10, '2026-03-16'], // Monday + 10: two weekends
    ['2026-03-06', 1, '2026-03-09'], // Friday + 1: Monday
    ['2026-03-07', 1, '2026-03-09'], // Saturday + 1: Monday
    ['2026-03-07', 10, '2026-03-20'],
    ['2026-05-20', 5, '2026-05-28'], // over Memorial Day
    ['2026-06-15', 5, '2026-06-23'], // over Juneteenth (Friday)
    ['2026-06-29', 5, '2026-07-07'], // over Independence Day observed on Friday 07-03
    ['2026-11-20', 10, '2026-12-07'], // over Thanksgiving
    ['2026-12-18', 10, '2027-01-05'], // over Christmas and New Year, across the year end
    ['2027-12-20', 10, '2028-01-05'], // Christmas observed 12-24, New Year observed 12-31
    ['2022-12-20', 3, '2022-12-23'],
    ['2022-12-23', 1, '2022-12-27'], // Christmas on Sunday observed Monday 12-26
    ['2026-03-02', 0, '2026-03-02'],
    ['2026-03-16', -10, '2026-03-02'],
    ['2026-01-02', -1, '2025-12-31'], // over New Year's Day
    ['2026-01-05', -1, '2026-01-02'],
    ['2027-01-03', -1, '2026-12-31'],
  ])('%s + %i business days = %s', (from, n, to) => {
    expect(addBusinessDays(from, n)).toBe(to);
    if (n > 0) expect(businessDaysBetween(from, to)).toBe(n);
  });

  it('businessDaysBetween is signed, excludes the first day and includes the last', () => {
    expect(businessDaysBetween('2026-03-02', '2026-03-02')).toBe(0);
    expect(businessDaysBetween('2026-03-06', '2026-03-08')).toBe(0);
    expect(businessDaysBetween('2026-03-06', '2026-03-09')).toBe(1);
    expect(businessDaysBetween('2026-03-16', '2026-03-02')).toBe(-10);
    expect(businessDaysBetween('2025-12-31', '2027-01-01')).toBe(250); // 261 weekdays in 2026 less its 11 holidays; 2027-01-01 is one
  });

  it('every day of a year round-trips through add and between', () => {
    for (let d = '2026-01-01'; d < '2027-01-01'; d = nextDay(d)) {
      for (const n of [1, 3, 10]) expect(businessDaysBetween(d, addBusinessDays(d, n))).toBe(n);
    }
  });

  it('calendar days and bad dates', () => {
    expect(calendarDaysBetween('2026-02-27', '2026-03-01')).toBe(2);
    expect(calendarDaysBetween('2024-02-27', '2024-03-01')).toBe(3);
    expect(calendarDaysBetween('2026-03-08', '2026-03-09')).toBe(1); // the spring clock change does not shorten a day
    expect(() => isBusinessDay('2026-02-30')).toThrow(/Not a date/);
    expect(() => addBusinessDays('03/02/2026', 1)).toThrow(/Not a date/);
    expect(() => addBusinessDays('2026-03-02', 1.5)).toThrow(/whole number/);
  });
});

function nextDay(d: string): string {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() + 1);
  return x.toISOString().slice(0, 10);
}
