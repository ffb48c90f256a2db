/** The months a fiscal year can start in, as the create-association form offers them. */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'].map(
  (label, i) => ({ value: String(i + 1), label }),
);

/** The browser's IANA time zones, suggested as the time zone is typed. */
export const TIME_ZONES: readonly string[] = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
