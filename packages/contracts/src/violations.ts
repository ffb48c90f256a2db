import { z } from 'zod';
import { enumOf, integer, isoDate, money, optDate, optMoney, optRecordId, optText, recordId, reqText } from './fields.ts';
import { listPageSchema } from './lists.ts';

export const VIOLATION_STATUSES = ['open', 'cured', 'hearing', 'fined', 'closed', 'dismissed'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];
export const NOTICE_KINDS = ['courtesy', 'notice', 'hearing_notice', 'decision'] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const HEARING_OUTCOMES = ['fine', 'no_fine', 'cured'] as const;
export const PHOTO_KINDS = ['evidence', 'cure'] as const;
export const PHOTO_VARIANTS = ['original', 'resized', 'thumbnail'] as const;

/** What a person calls each notice kind (the PDF's title and the timeline's step). */
export const NOTICE_KIND_LABELS: Record<NoticeKind, string> = {
  courtesy: 'Courtesy notice',
  notice: 'Notice of violation',
  hearing_notice: 'Notice of hearing',
  decision: 'Notice of decision',
};

const latitude = z.number({ error: 'Latitude must be a number' }).min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90');
const longitude = z.number({ error: 'Longitude must be a number' }).min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180');

/** A violation type as written by staff: the rule, its CC&R section, cure period and fine schedule. */
export const violationTypeInput = z.strictObject({
  name: reqText('Name', 200),
  ccr_reference: optText(200),
  description: optText(5000),
  cure_days: integer('Cure days', 0, 365).optional(),
  fine_amount: money('Fine amount').optional(),
  continuing_daily_fine: optMoney('Continuing daily fine'),
  health_safety: z.boolean().optional(),
  fine_product_id: optRecordId('Fine item'),
  is_active: z.boolean().optional(),
});

/** Changing a recorded violation: its description, the day it was cured, or closing or dismissing it. */
export const violationUpdateInput = z.strictObject({
  description: optText(5000),
  cured_on: optDate('Cured on'),
  status: enumOf('Status', ['closed', 'dismissed'] as const).optional(),
});

export const recordViolationInput = z.strictObject({
  property_id: recordId('Property'),
  violation_type_id: recordId('Violation type'),
  /** Defaults to today. */
  observed_on: isoDate('Observed on').optional(),
  description: optText(5000),
  latitude: latitude.optional(),
  longitude: longitude.optional(),
});

export const sendViolationNoticeInput = z.strictObject({
  violation_id: recordId('Violation'),
  kind: enumOf('Kind', NOTICE_KINDS),
  /** Defaults to today; a notice given earlier outside Covenant is recorded with its day. */
  sent_on: isoDate('Sent on').optional(),
});

export const scheduleHearingInput = z.strictObject({
  violation_id: recordId('Violation'),
  scheduled_for: isoDate('Scheduled for'),
  committee_member_ids: z.array(recordId('Committee member'), { error: 'committee_member_ids must be a list of user ids' }).max(15, 'At most 15 committee members').default([]),
  /** Defaults to today (the hearing notice goes out now); a hearing recorded after the fact gives the day the notice was sent. */
  notice_sent_on: isoDate('Notice sent on').optional(),
});

export const decideHearingInput = z.strictObject({
  hearing_id: recordId('Hearing'),
  outcome: enumOf('Outcome', HEARING_OUTCOMES),
  /** Defaults to the violation type's fine. */
  fine_amount: money('Fine amount').optional(),
  health_safety_finding: z.boolean().optional(),
  /** Defaults to today. */
  decided_on: isoDate('Decided on').optional(),
});

export const requestHearingInput = z.strictObject({
  violation_id: recordId('Violation'),
  reason: optText(2000),
});

const ruleRef = z.object({ rule_id: z.string(), citation: z.string() });

export const violationSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  violation_type_id: z.string(),
  owner_id: z.string(),
  observed_on: z.string(),
  description: z.string().nullable(),
  status: z.enum(VIOLATION_STATUSES),
  cure_by: z.string(),
  cured_on: z.string().nullable(),
  hearing_requested_on: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  created_date: z.string(),
});
export type Violation = z.infer<typeof violationSchema>;

export const violationNoticeSchema = z.object({
  id: z.string(),
  violation_id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  sent_on: z.string(),
  due_on: z.string().nullable(),
  subject: z.string(),
  delivery: z.enum(['sent', 'outbox', 'failed', 'print', 'recorded']),
  email_to: z.string().nullable(),
  error: z.string().nullable(),
  rule_id: z.string().nullable(),
  citation: z.string().nullable(),
});

export const hearingSchema = z.object({
  id: z.string(),
  violation_id: z.string(),
  scheduled_for: z.string(),
  committee_member_ids: z.array(z.string()),
  notice_sent_on: z.string(),
  outcome: z.enum(HEARING_OUTCOMES).nullable(),
  decided_on: z.string().nullable(),
  fine_amount: z.number().nullable(),
  health_safety_finding: z.boolean(),
  fine_invoice_id: z.string().nullable(),
  decision_notice_due_on: z.string().nullable(),
  rules: z.array(ruleRef),
});

export const violationPhotoSchema = z.object({
  id: z.string(),
  violation_id: z.string(),
  kind: z.enum(PHOTO_KINDS),
  sha256: z.string(),
  bytes: z.number().int(),
  mime: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  original_name: z.string().nullable(),
  taken_at: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  uploaded_at: z.string(),
});

export const decideHearingAnswer = z.object({
  hearing: hearingSchema,
  violation: violationSchema,
  /** When the written decision must reach the owner, and the rule. */
  decision_notice: z.object({ due_on: z.string().nullable(), rule_id: z.string(), citation: z.string(), message: z.string() }),
});

export const TIMELINE_STEPS = ['observed', 'photo', 'notice', 'hearing_requested', 'hearing_scheduled', 'hearing_decided', 'fine', 'cured', 'closed', 'dismissed'] as const;

/** One step of a violation's history: what, when, and the rule that allowed it (null where no statute speaks). */
export const timelineStepSchema = z.object({
  step: z.enum(TIMELINE_STEPS),
  date: z.string(),
  label: z.string(),
  detail: z.string().nullable(),
  rule_id: z.string().nullable(),
  citation: z.string().nullable(),
  ref_id: z.string().nullable(),
});

export const violationTimelineSchema = z.object({
  violation: violationSchema.extend({
    type_name: z.string(),
    ccr_reference: z.string().nullable(),
    unit_number: z.string(),
    owner_name: z.string(),
    state: z.string().nullable(),
  }),
  steps: z.array(timelineStepSchema),
  notices: z.array(violationNoticeSchema),
  hearings: z.array(hearingSchema),
  photos: z.array(violationPhotoSchema),
});
export type ViolationTimeline = z.infer<typeof violationTimelineSchema>;

/** The violations list: joined with the unit, owner and type, filtered and paged in SQL. */
export const violationsQuery = z.object({
  status: z.enum(VIOLATION_STATUSES).optional(),
  owner_id: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});

export const violationListRow = z.object({
  id: z.string(),
  observed_on: z.string(),
  status: z.enum(VIOLATION_STATUSES),
  cure_by: z.string(),
  type_name: z.string(),
  unit_number: z.string(),
  owner_id: z.string(),
  owner_name: z.string(),
  description: z.string().nullable(),
});
export const violationsPage = listPageSchema(violationListRow);
export type ViolationListRow = z.infer<typeof violationListRow>;

/** Inspection mode's unit picker: with the phone's position, the units nearest to earlier violations' recorded positions first. */
export const inspectionUnitsQuery = z.object({
  latitude: z.coerce.number().min(-90, 'Latitude must be between -90 and 90').max(90, 'Latitude must be between -90 and 90').optional(),
  longitude: z.coerce.number().min(-180, 'Longitude must be between -180 and 180').max(180, 'Longitude must be between -180 and 180').optional(),
});

export const inspectionUnitRow = z.object({
  id: z.string(),
  unit_number: z.string(),
  street_address: z.string().nullable(),
  /** Metres from the given position to the nearest earlier violation or photo position at the unit; null when none is known. */
  distance_m: z.number().nullable(),
});
export const inspectionUnitsAnswer = z.object({ rows: z.array(inspectionUnitRow) });
export type InspectionUnitRow = z.infer<typeof inspectionUnitRow>;
