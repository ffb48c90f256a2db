/** The Opening Balances wizard, reached from Journal Entries and the Chart of Accounts (its own module: the router imports it). */
export const OPENING_BALANCES_PATH = '/journalentries/opening-balances';
