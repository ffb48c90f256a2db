import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { fileResponse } from '@covenant/contracts/platform';
import { associationOf, associationTimeZone, type Ctx } from '../../lib/context.ts';
import { requireSignedIn } from '../../platform/access/access.service.ts';
import type { Feature } from '../../platform/registry.ts';
import { CALENDAR_SOURCES, type CalendarSource } from './calendar.sources.ts';
import { buildCalendar } from './ics.ts';

/** The caller's calendar: every source's events they may see, as one .ics feed. */
export async function calendarFeed(ctx: Ctx, sources: readonly CalendarSource[] = CALENDAR_SOURCES): Promise<string> {
  requireSignedIn(ctx);
  const events = (await Promise.all(sources.map((s) => s.events(ctx)))).flat();
  const association = associationOf(ctx);
  return buildCalendar({
    name: association.name || 'Covenant',
    time_zone: await associationTimeZone(ctx),
    uid_host: new URL(ctx.services.config.publicUrl).hostname || 'covenant.local',
    generated_at: new Date(),
    events,
  });
}

async function calendarRoutes(app: FastifyInstance) {
  app.get(
    '/api/apps/:appId/calendar.ics',
    { schema: { tags: ['calendar'], params: z.object({ appId: z.string() }), response: { 200: fileResponse(['text/calendar'], 'The events the caller may see, as iCalendar') } } },
    async (request, reply) =>
      reply.header('Content-Type', 'text/calendar; charset=utf-8').header('Content-Disposition', 'inline; filename="calendar.ics"').header('Cache-Control', 'private, no-store').send(await calendarFeed(request.ctx)),
  );
}

export const calendarFeature: Feature = { name: 'calendar', routes: calendarRoutes };
