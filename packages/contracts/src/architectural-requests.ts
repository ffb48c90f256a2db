import { z } from 'zod';
import { enumOf, optRecordId, optText, recordId, reqText } from './fields.ts';
import { storedFileName } from './work-orders.ts';

/** An architectural request's statuses (issue 19). */
export const ARC_STATUSES = ['submitted', 'under_review', 'approved', 'approved_with_conditions', 'denied', 'withdrawn', 'appealed', 'reconsidered'] as const;
export type ArcStatus = (typeof ARC_STATUSES)[number];
export const ARC_STATUS_LABELS: Record<ArcStatus, string> = {
  submitted: 'Submitted', under_review: 'Under Review', approved: 'Approved', approved_with_conditions: 'Approved with Conditions', denied: 'Denied',
  withdrawn: 'Withdrawn', appealed: 'Appealed', reconsidered: 'Reconsidered',
};
/** What a decision may say; `under_review` takes a submitted request under review without deciding it. */
export const ARC_DECISIONS = ['under_review', 'approved', 'approved_with_conditions', 'denied'] as const;
export type ArcDecision = (typeof ARC_DECISIONS)[number];
export const ARC_CATEGORIES = ['exterior_paint', 'fence', 'landscaping', 'roofing', 'windows_doors', 'addition', 'solar', 'other'] as const;

export const submitArchitecturalRequestInput = z.strictObject({
  property_id: recordId('Unit'),
  /** Staff submitting for an owner: the unit's owner (default: the unit's current owner). An owner submits as themselves. */
  owner_id: optRecordId('Owner'),
  category: enumOf('Category', ARC_CATEGORIES),
  description: reqText('Description', 5000),
  attachment_ids: z.array(storedFileName).max(20, 'At most 20 attachments').optional(),
});

export const decideArchitecturalRequestInput = z.strictObject({
  id: recordId('Architectural request'),
  decision: enumOf('Decision', ARC_DECISIONS),
  conditions: optText(5000),
  reason: optText(5000),
});
export const appealArchitecturalRequestInput = z.strictObject({ id: recordId('Architectural request'), reason: reqText('Reason', 5000) });
export const withdrawArchitecturalRequestInput = z.strictObject({ id: recordId('Architectural request') });

/** A request as the screens show it: the unit and owner joined in, and whether its answer is late. */
export const architecturalRequestViewSchema = z.object({
  id: z.string(),
  property_id: z.string(),
  unit_number: z.string().nullable(),
  owner_id: z.string(),
  owner_name: z.string(),
  category: z.string(),
  description: z.string(),
  attachment_ids: z.array(z.string()),
  status: z.enum(ARC_STATUSES),
  decision: z.string().nullable(),
  original_decision: z.string().nullable(),
  conditions: z.string().nullable(),
  decision_reason: z.string().nullable(),
  decided_on: z.string().nullable(),
  submitted_on: z.string(),
  respond_by: z.string(),
  appeal_reason: z.string().nullable(),
  appealed_on: z.string().nullable(),
  withdrawn_on: z.string().nullable(),
  /** Undecided after respond_by. */
  is_overdue: z.boolean(),
  /** A decision letter exists (GET /architectural-requests/{id}/letter). */
  has_letter: z.boolean(),
});
export type ArchitecturalRequestView = z.infer<typeof architecturalRequestViewSchema>;

/** decideArchitecturalRequest: the request, the rule the decision followed and where its letter went. */
export const architecturalDecisionSchema = architecturalRequestViewSchema.extend({
  rules: z.array(z.object({ rule_id: z.string(), citation: z.string() })),
  letter: z.enum(['sent', 'outbox', 'failed', 'no_email']).nullable(),
});

export const architecturalRequestsQuery = z.object({
  status: z.enum(ARC_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const architecturalRequestsPage = z.object({ rows: z.array(architecturalRequestViewSchema), total: z.number().int() });
