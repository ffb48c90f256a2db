import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { directorListSchema, meetingInput, motionListSchema } from '@covenant/contracts/meetings';
import { meetingMotions, meetingMotionVotes, meetings } from '@covenant/db/schema/meetings';
import { tableStep } from '../../platform/backup/table-step.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import type { Feature } from '../../platform/registry.ts';
import { approveMinutes, listDirectors, listMotions, meetingAudience, meetingHooks, meetingNoticesSent, recordMotion, sendMeetingNotice } from './meetings.service.ts';

/** Meetings: staff write them; the board reads every one, owners the members' meetings (annual and special). */
export const meetingEntity: EntityDef = {
  name: 'Meeting',
  label: 'meeting',
  table: meetings,
  resource: 'meetings',
  createInput: meetingInput as unknown as z.ZodType<Row>,
  updateInput: meetingInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['notice_sent_on', 'minutes_status', 'minutes_approved_at_meeting_id', 'minutes_document_id'],
  scope: { kind: 'creator' },
  audience: meetingAudience,
  hooks: meetingHooks(),
};

export const sendMeetingNoticeFn = defineFunction('sendMeetingNotice', (ctx, input) => sendMeetingNotice(ctx, meetingEntity, input.meeting_id));
export const recordMotionFn = defineFunction('recordMotion', (ctx, input) => recordMotion(ctx, meetingEntity, input));
export const approveMinutesFn = defineFunction('approveMinutes', (ctx, input) => approveMinutes(ctx, meetingEntity, input.meeting_id, input.approved_at_meeting_id));

const params = z.object({ appId: z.string() });
const idParams = z.object({ appId: z.string(), id: z.string().max(100) });

async function meetingRoutes(app: FastifyInstance) {
  app.addHook('onClose', () => meetingNoticesSent(true));
  app.get('/api/apps/:appId/meetings/directors', { schema: { tags: ['meetings'], params, response: { 200: directorListSchema } } }, async (request) => listDirectors(request.ctx));
  app.get('/api/apps/:appId/meetings/:id/motions', { schema: { tags: ['meetings'], params: idParams, response: { 200: motionListSchema } } }, async (request) =>
    listMotions(request.ctx, meetingEntity, (request.params as { id: string }).id));
}

/** Meetings, their motions and each director's vote (directors are people of the instance, kept by id). */
const meetingsBackupStep = tableStep('meetings', 67, [
  {
    collection: 'meetings', entity: 'Meeting', label: 'meeting', table: meetings, refs: { minutes_approved_at_meeting_id: 'meetings', minutes_document_id: 'association_documents' },
    deletedDocuments: { minutes_document_id: 'null' }, describe: (r) => `meeting ${String(r.title)}`,
  },
  { collection: 'meetingMotions', entity: 'MeetingMotion', label: 'motion', table: meetingMotions, refs: { meeting_id: 'meetings' } },
  { collection: 'meetingMotionVotes', entity: 'MeetingMotionVote', label: 'director\'s vote', table: meetingMotionVotes, refs: { motion_id: 'meeting_motions' } },
]);

export const meetingsFeature: Feature = {
  name: 'meetings',
  backup: [meetingsBackupStep],
  entities: [meetingEntity],
  functions: [sendMeetingNoticeFn, recordMotionFn, approveMinutesFn],
  routes: meetingRoutes,
};
