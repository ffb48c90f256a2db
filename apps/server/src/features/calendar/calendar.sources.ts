import type { Ctx } from '../../lib/context.ts';
import { announcementEvents } from '../announcements/announcements.service.ts';
import { recordsRequestEvents } from '../documents/documents.service.ts';
import { hearingEvents } from '../violations/violations.service.ts';
import { meetingEvents } from '../meetings/meetings.service.ts';
import type { CalendarEvent } from './ics.ts';

/**
 * Where the calendar's events come from. Each source answers only what the caller may see (nothing, not a refusal,
 * without the privilege).
 */
export interface CalendarSource {
  name: string;
  events(ctx: Ctx): Promise<CalendarEvent[]>;
}

export const CALENDAR_SOURCES: readonly CalendarSource[] = [
  { name: 'announcements', events: announcementEvents },
  { name: 'records-requests', events: recordsRequestEvents },
  { name: 'hearings', events: hearingEvents },
  { name: 'meetings', events: meetingEvents },
];
