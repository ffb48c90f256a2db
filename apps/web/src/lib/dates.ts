import { todayIn } from '@covenant/contracts/dates';

let associationZone: string | null = null;

/** Called once the public settings arrive: the association's time zone (its setting, else the server's). */
export function setAssociationTimeZone(zone: string | null | undefined): void {
  associationZone = zone || null;
}

/**
 * Today (YYYY-MM-DD) for the association: the server's rule (`todayIn` its time zone), so a date the browser
 * suggests is the date the server would take. Before the settings are known, the browser's own zone.
 */
export function today(at: Date = new Date()): string {
  return todayIn(associationZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, at);
}
