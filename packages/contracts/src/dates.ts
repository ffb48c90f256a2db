/** The calendar date (YYYY-MM-DD) at an instant in a time zone: "today" for an association in that zone. */
export function todayIn(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** The later of two ISO dates (ISO dates compare as strings). */
export function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** Whether a time zone name is one the runtime knows (IANA, e.g. America/Chicago). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
