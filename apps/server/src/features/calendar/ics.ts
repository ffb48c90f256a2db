import { TZDate } from '@date-fns/tz';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { isTimeZone } from '@covenant/contracts/dates';
import { assertIsoDate } from '../state-law/business-days.ts';

/**
 * The association's calendar as an iCalendar (.ics) feed: meetings and hearings at their time in the association's
 * zone (with its VTIMEZONE), deadlines as all-day events. UIDs come from the record's kind and id, so a
 * subscribed calendar updates an event in place instead of adding a copy.
 */

export type CalendarEventKind = 'meeting' | 'hearing' | 'deadline' | 'event';

interface BaseEvent {
  kind: CalendarEventKind;
  /** The record's id: with the kind, the event's stable UID. */
  id: string;
  title: string;
  description?: string | null;
  location?: string | null;
  url?: string | null;
  /** Bumped when the record changes, so clients take the new version. */
  sequence?: number;
}

export type CalendarEvent =
  | (BaseEvent & { starts_at: string; ends_at?: string | null })
  | (BaseEvent & { on: string });

export interface CalendarFeed {
  name: string;
  /** The association's IANA time zone. */
  time_zone: string;
  /** The host part of the UIDs (the instance's public host name). */
  uid_host: string;
  /** When the feed was generated (DTSTAMP). */
  generated_at: Date;
  events: readonly CalendarEvent[];
}

const HOUR_MS = 3_600_000;

/** The stable UID of an event: `{kind}-{id}@{host}`. */
export function eventUid(kind: CalendarEventKind, id: string, host: string): string {
  return `${kind}-${id}@${host}`;
}

function instant(value: string, what: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms) || !/(Z|[+-]\d{2}:\d{2})$/.test(value)) throw new RangeError(`${what} must be a date and time with its offset: ${value}`);
  return ms;
}

/** The feed as .ics text. */
export function buildCalendar(feed: CalendarFeed): string {
  if (!isTimeZone(feed.time_zone)) throw new RangeError(`Not a time zone: ${feed.time_zone}`);
  const zone = feed.time_zone;
  const cal = ical({
    name: feed.name,
    prodId: { company: 'Covenant', product: 'Covenant HOA', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    timezone: { name: zone, generator: (tz) => tzlib_get_ical_block(tz)[0] ?? null },
  });
  // TZDate keeps the wall-clock fields in the association's zone, whatever zone the server process runs in.
  const stamp = new TZDate(feed.generated_at.getTime(), zone);
  for (const e of feed.events) {
    const common = {
      id: eventUid(e.kind, e.id, feed.uid_host),
      summary: e.title,
      description: e.description ?? undefined,
      location: e.location ?? undefined,
      url: e.url ?? undefined,
      sequence: e.sequence ?? 0,
      stamp,
      categories: [{ name: e.kind.toUpperCase() }],
    };
    if ('on' in e) {
      assertIsoDate(e.on);
      const day = new TZDate(Number(e.on.slice(0, 4)), Number(e.on.slice(5, 7)) - 1, Number(e.on.slice(8, 10)), zone);
      cal.createEvent({ ...common, start: day, allDay: true, timezone: zone });
    } else {
      const start = instant(e.starts_at, 'starts_at');
      const end = e.ends_at ? instant(e.ends_at, 'ends_at') : start + HOUR_MS;
      if (end <= start) throw new RangeError(`An event must end after it starts: ${e.title}`);
      cal.createEvent({ ...common, start: new TZDate(start, zone), end: new TZDate(end, zone), timezone: zone });
    }
  }
  return cal.toString();
}
