import Holidays from 'date-holidays';
import { addDays } from '@covenant/contracts/documents';

/**
 * Business days for statutory deadlines: Monday to Friday, less the US federal holidays (5 U.S.C. § 6103(a)) as
 * observed under § 6103(b) and Executive Order 11582: one on a Saturday is observed the Friday before, one on a
 * Sunday the Monday after. Dates are plain `YYYY-MM-DD` strings, computed in UTC, so no time zone moves a day.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface FederalHoliday {
  /** The day offices close (the observed day). */
  date: string;
  name: string;
  /** The calendar day of the holiday when it differs from the observed day. */
  actual_date?: string;
}

// Country level only: naming no state keeps state holidays (César Chávez Day, the day after Thanksgiving) out.
const calendar = new Holidays('US', { types: ['public'] });
const byYear = new Map<number, FederalHoliday[]>();

/** Refuses anything but a real calendar date written YYYY-MM-DD. */
export function assertIsoDate(date: string): void {
  if (!DATE.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`)) || new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) !== date) {
    throw new RangeError(`Not a date (YYYY-MM-DD): ${date}`);
  }
}

function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

function observedDate(actual: string): string {
  const day = weekday(actual);
  if (day === 6) return addDays(actual, -1);
  if (day === 0) return addDays(actual, 1);
  return actual;
}

/** The federal holidays observed in a year, in date order (New Year's Day of the next year can fall on Dec 31). */
export function federalHolidays(year: number): FederalHoliday[] {
  const cached = byYear.get(year);
  if (cached) return cached;
  const list: FederalHoliday[] = [];
  for (const y of [year, year + 1]) {
    // The library's own substitute days are left out: the federal rule above derives them for every holiday alike.
    for (const h of calendar.getHolidays(y)) {
      if (h.type !== 'public' || h.substitute) continue;
      const actual = h.date.slice(0, 10);
      const date = observedDate(actual);
      if (Number(date.slice(0, 4)) !== year) continue;
      list.push(date === actual ? { date, name: h.name } : { date, name: h.name, actual_date: actual });
    }
  }
  list.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  byYear.set(year, list);
  return list;
}

/** The federal holiday observed on a date, if any. */
export function federalHolidayOn(date: string): FederalHoliday | undefined {
  assertIsoDate(date);
  return federalHolidays(Number(date.slice(0, 4))).find((h) => h.date === date);
}

export function isBusinessDay(date: string): boolean {
  assertIsoDate(date);
  const day = weekday(date);
  return day !== 0 && day !== 6 && !federalHolidayOn(date);
}

/**
 * The n-th business day after a date (before it when n is negative); the date itself is not counted, as a statute's
 * "within 10 business days after receipt" does not count the day of receipt. n = 0 answers the date unchanged.
 */
export function addBusinessDays(date: string, n: number): string {
  assertIsoDate(date);
  if (!Number.isInteger(n)) throw new RangeError(`Business days must be a whole number: ${n}`);
  const step = n < 0 ? -1 : 1;
  let left = Math.abs(n);
  let d = date;
  while (left > 0) {
    d = addDays(d, step);
    if (isBusinessDay(d)) left -= 1;
  }
  return d;
}

/** Business days after `from` up to and including `to` (negative when `to` is earlier); the inverse of addBusinessDays. */
export function businessDaysBetween(from: string, to: string): number {
  assertIsoDate(from);
  assertIsoDate(to);
  if (to < from) return -businessDaysBetween(to, from);
  let count = 0;
  for (let d = addDays(from, 1); d <= to; d = addDays(d, 1)) if (isBusinessDay(d)) count += 1;
  return count;
}

/** Calendar days from one date to another (negative when `to` is earlier). */
export function calendarDaysBetween(from: string, to: string): number {
  assertIsoDate(from);
  assertIsoDate(to);
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
