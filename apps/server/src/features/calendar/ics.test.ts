import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { buildCalendar, eventUid, type CalendarFeed } from './ics.ts';

const feed = (over: Partial<CalendarFeed> = {}): CalendarFeed => ({
  name: 'Oak Hills HOA',
  time_zone: 'America/Los_Angeles',
  uid_host: 'hoa.example.org',
  generated_at: new Date('2026-03-01T12:00:00Z'),
  events: [
    { kind: 'meeting', id: 'm1', title: 'Board meeting; budget, Q2', description: 'Agenda:\n1. Budget', location: 'Clubhouse', url: 'https://hoa.example.org/meetings/m1', starts_at: '2026-03-11T02:30:00Z', ends_at: '2026-03-11T04:00:00Z' },
    { kind: 'hearing', id: 'h7', title: 'Violation hearing: 12 Oak St', starts_at: '2026-11-01T09:30:00-08:00', sequence: 2 },
    { kind: 'deadline', id: 'd3', title: 'Decision notice due', on: '2026-03-25' },
  ],
  ...over,
});

function parse(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  return { comp, events: comp.getAllSubcomponents('vevent').map((v) => ({ v, e: new ICAL.Event(v) })) };
}

// The test moves the process's own time zone on purpose, to show the feed does not depend on it.
// eslint-disable-next-line no-restricted-properties -- TZ is the runtime's, not the app's configuration
const env = process.env;
const originalTz = env.TZ;
afterEach(() => {
  env.TZ = originalTz;
});

describe('buildCalendar', () => {
  it('writes one VEVENT per event with stable UIDs, summary, description, location and URL', () => {
    const { comp, events } = parse(buildCalendar(feed()));
    expect(comp.getFirstPropertyValue('prodid')).toBe('-//Covenant//Covenant HOA//EN');
    expect(comp.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(events.map(({ e }) => e.uid)).toEqual(['meeting-m1@hoa.example.org', 'hearing-h7@hoa.example.org', 'deadline-d3@hoa.example.org']);
    const [meeting, hearing] = events;
    expect(meeting!.e.summary).toBe('Board meeting; budget, Q2');
    expect(meeting!.e.description).toBe('Agenda:\n1. Budget');
    expect(meeting!.e.location).toBe('Clubhouse');
    expect(meeting!.v.getFirstPropertyValue('url')).toBe('https://hoa.example.org/meetings/m1');
    expect(hearing!.e.sequence).toBe(2);
    expect(eventUid('meeting', 'm1', 'hoa.example.org')).toBe('meeting-m1@hoa.example.org');
    // The same records give the same feed: nothing random in it.
    expect(buildCalendar(feed())).toBe(buildCalendar(feed()));
  });

  it("gives timed events in the association's zone, with its VTIMEZONE, at the right instant", () => {
    const ics = buildCalendar(feed());
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20260310T193000');
    expect(ics).toContain('DTEND;TZID=America/Los_Angeles:20260310T210000');
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20261101T093000');
    const { comp, events } = parse(ics);
    const vtz = comp.getFirstSubcomponent('vtimezone')!;
    expect(vtz.getFirstPropertyValue('tzid')).toBe('America/Los_Angeles');
    ICAL.TimezoneService.register(vtz);
    const [meeting, hearing] = events;
    expect(meeting!.e.startDate.toJSDate().toISOString()).toBe('2026-03-11T02:30:00.000Z');
    expect(meeting!.e.endDate.toJSDate().toISOString()).toBe('2026-03-11T04:00:00.000Z');
    // November 1 2026 is the day Pacific time falls back: 09:30 is PST, -08:00.
    expect(hearing!.e.startDate.toJSDate().toISOString()).toBe('2026-11-01T17:30:00.000Z');
    // No end given: one hour.
    expect(hearing!.e.endDate.toJSDate().toISOString()).toBe('2026-11-01T18:30:00.000Z');
  });

  it('gives deadlines as all-day events on their date', () => {
    const { events } = parse(buildCalendar(feed()));
    const deadline = events[2]!;
    expect(deadline.e.startDate.isDate).toBe(true);
    expect(deadline.e.startDate.toString()).toBe('2026-03-25');
    expect(buildCalendar(feed())).toContain('DTSTART;VALUE=DATE:20260325');
  });

  it("does not depend on the server process's own time zone", () => {
    const base = buildCalendar(feed());
    for (const tz of ['Pacific/Kiritimati', 'America/Adak', 'UTC']) {
      env.TZ = tz;
      expect(buildCalendar(feed()), tz).toBe(base);
    }
  });

  it('refuses a bad zone, an instant without its offset, an end before the start, a bad date', () => {
    expect(() => buildCalendar(feed({ time_zone: 'Mars/Olympus' }))).toThrow(/Not a time zone/);
    expect(() => buildCalendar(feed({ events: [{ kind: 'meeting', id: 'x', title: 'x', starts_at: '2026-03-10T19:00:00' }] }))).toThrow(/with its offset/);
    expect(() => buildCalendar(feed({ events: [{ kind: 'meeting', id: 'x', title: 'x', starts_at: '2026-03-10T19:00:00Z', ends_at: '2026-03-10T18:00:00Z' }] }))).toThrow(/end after it starts/);
    expect(() => buildCalendar(feed({ events: [{ kind: 'deadline', id: 'x', title: 'x', on: '2026-02-30' }] }))).toThrow(/Not a date/);
  });
});
