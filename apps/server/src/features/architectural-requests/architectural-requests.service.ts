import { associationState } from '../state-law/association-state.ts';
import { sql } from 'drizzle-orm';
import {
  ARC_STATUS_LABELS, architecturalRequestsQuery, type ArcStatus, type ArchitecturalRequestView,
} from '@covenant/contracts/architectural-requests';
import { isBoardMemberRole } from '@covenant/contracts/permissions';
import { architecturalRequests } from '@covenant/db/schema/architectural-requests';
import { orgSettings, ownerProperties } from '@covenant/db/schema/community';
import { today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { permissionLevel, requirePermission, requireSignedIn } from '../../platform/access/access.service.ts';
import { publishRecord, recordForActor, referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { ownRecordsWhere } from '../../platform/entities/scope.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { deliver } from '../mailings/mailings.service.ts';
import { ownerEntity } from '../owners/owners.feature.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { loadLetterhead } from '../statements/pdf.ts';
import { arcRespondBy, checkArchitecturalDecision } from '../state-law/state-law.rules.ts';
import { reconsiderationText, renderDecisionLetterPdf, type DecisionLetter } from './decision-letter.ts';

const KEPT = 'An architectural request is kept as the record of its decision: withdraw it instead';

/** ArchitecturalRequest: read by staff and the board; an owner reads their own. Written only through the functions. */
export const architecturalRequestEntity: EntityDef = {
  name: 'ArchitecturalRequest',
  label: 'architectural request',
  table: architecturalRequests,
  resource: 'architectural_requests',
  createRefusal: 'Architectural requests are submitted with submitArchitecturalRequest {property_id, category, description}',
  scope: { kind: 'owner-field', field: 'owner_id' },
  ownEditable: [],
  hooks: {
    beforeDelete() {
      throw new ConflictError(KEPT, 'architectural_request_kept');
    },
  },
};

async function settings(ctx: Ctx): Promise<{ state: string; arc_response_days: number }> {
  const [row] = await ctx.db.select({ days: orgSettings.arc_response_days }).from(orgSettings).limit(1);
  return { state: await associationState(ctx), arc_response_days: row?.days ?? 45 };
}

const VIEW = (where: ReturnType<typeof sql>, limit = 500) => sql`
  select architectural_requests.*, p.unit_number, trim(o.first_name || ' ' || o.last_name) as owner_name, o.email as owner_email,
    o.owner_id as owner_number, o.mailing_address, o.mailing_address_2, o.city, o.state as owner_state, o.zip_code
  from ${architecturalRequests}
  join properties p on p.id = architectural_requests.property_id
  join owners o on o.id = architectural_requests.owner_id
  where ${where}
  order by architectural_requests.submitted_on desc, architectural_requests.id
  limit ${limit}`;

const iso = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).slice(0, 10));
const DECIDED: readonly string[] = ['approved', 'approved_with_conditions', 'denied', 'reconsidered'];
const UNDECIDED: readonly string[] = ['submitted', 'under_review', 'appealed'];

function viewOf(r: Row, asOf: string): ArchitecturalRequestView {
  const status = r.status as ArcStatus;
  const respondBy = iso(r.respond_by)!;
  return {
    id: r.id as string, property_id: r.property_id as string, unit_number: (r.unit_number as string | null) ?? null, owner_id: r.owner_id as string,
    owner_name: r.owner_name as string, category: r.category as string, description: r.description as string, attachment_ids: (r.attachment_ids as string[] | null) ?? [],
    status, decision: (r.decision as string | null) ?? null, original_decision: (r.original_decision as string | null) ?? null,
    conditions: (r.conditions as string | null) ?? null, decision_reason: (r.decision_reason as string | null) ?? null, decided_on: iso(r.decided_on),
    submitted_on: iso(r.submitted_on)!, respond_by: respondBy, appeal_reason: (r.appeal_reason as string | null) ?? null, appealed_on: iso(r.appealed_on),
    withdrawn_on: iso(r.withdrawn_on), is_overdue: (status === 'submitted' || status === 'under_review') && respondBy < asOf, has_letter: DECIDED.includes(status) || (!!r.decision && status !== 'withdrawn'),
  };
}

async function readAccess(ctx: Ctx): Promise<{ where: ReturnType<typeof sql> }> {
  const level = await requirePermission(ctx, 'architectural_requests', 'read');
  return { where: level === 'own_records' ? ownRecordsWhere(architecturalRequestEntity, ctx.actor!) : sql`true` };
}

async function rowFor(ctx: Ctx, id: string): Promise<Row> {
  const { where } = await readAccess(ctx);
  if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFoundError('Architectural request not found');
  const [row] = (await ctx.db.execute(VIEW(sql`${where} and architectural_requests.id = ${id}`, 1))).rows as Row[];
  if (!row) throw new NotFoundError('Architectural request not found');
  return row;
}

/** GET /architectural-requests: staff and the board every one, an owner their own; newest first. */
export async function listArchitecturalRequests(ctx: Ctx, rawQuery: unknown) {
  const { where } = await readAccess(ctx);
  const query = architecturalRequestsQuery.parse(rawQuery ?? {});
  const filter = query.status ? sql`${where} and architectural_requests.status = ${query.status}` : where;
  const rows = (await ctx.db.execute(VIEW(filter, query.limit))).rows as Row[];
  const [count] = (await ctx.db.execute(sql`select count(*)::int as n from ${architecturalRequests} where ${filter}`)).rows as Array<{ n: number }>;
  const asOf = await today(ctx);
  return { rows: rows.map((r) => viewOf(r, asOf)), total: Number(count?.n ?? 0) };
}

export async function architecturalRequestDetail(ctx: Ctx, id: string): Promise<ArchitecturalRequestView> {
  return viewOf(await rowFor(ctx, id), await today(ctx));
}

function letterOf(r: Row, association: string, state: string): DecisionLetter {
  const decision = r.decision as DecisionLetter['decision'];
  return {
    id: r.id as string, decided_on: iso(r.decided_on)!, decision, reconsidered: r.status === 'reconsidered', unit_number: (r.unit_number as string | null) ?? '',
    category: r.category as string, description: r.description as string, submitted_on: iso(r.submitted_on)!, conditions: (r.conditions as string | null) ?? null,
    reason: (r.decision_reason as string | null) ?? null, association,
    reconsideration: decision === 'denied' && r.status !== 'reconsidered' ? reconsiderationText(state, iso(r.decided_on)!) : null,
    owner: {
      name: r.owner_name as string, number: r.owner_number as string,
      address: [r.mailing_address as string | null, r.mailing_address_2 as string | null, [r.city, [r.owner_state, r.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ')],
    },
  };
}

/** GET /architectural-requests/{id}/letter: the decision letter (through the reader's scope; 404 before a decision). */
export async function decisionLetterPdf(ctx: Ctx, id: string): Promise<{ pdf: Buffer; filename: string }> {
  const r = await rowFor(ctx, id);
  if (!r.decision || r.status === 'withdrawn' || !r.decided_on) throw new NotFoundError('This architectural request has no decision letter yet');
  const lh = await loadLetterhead(ctx);
  return { pdf: await renderDecisionLetterPdf(lh, letterOf(r, lh.name, (await settings(ctx)).state)), filename: `architectural-decision-${iso(r.decided_on)}.pdf` };
}

// ---- Functions -------------------------------------------------------------------------------------------------

/** Staff (read_write) or, for their own requests, an owner (own_records); anyone else is refused first. */
async function ownerOrStaff(ctx: Ctx): Promise<'staff' | 'owner'> {
  const level = await requirePermission(ctx, 'architectural_requests', 'update');
  return level === 'own_records' ? 'owner' : 'staff';
}

/** Deciding: staff with read_write, or a board member (whose privilege is read). */
async function requireDecider(ctx: Ctx): Promise<void> {
  const actor = requireSignedIn(ctx);
  if ((await permissionLevel(ctx, 'architectural_requests')) === 'read_write') return;
  if (isBoardMemberRole(actor) && (await permissionLevel(ctx, 'architectural_requests')) !== 'none') return;
  throw new ForbiddenError('Only the management office or a board member can decide architectural requests');
}

async function lockedFor(ctx: Ctx, id: string, op: 'read' | 'update'): Promise<Row> {
  return recordForActor(ctx, architecturalRequestEntity, id, op, { lock: true });
}

const update = (ctx: Ctx, id: string, values: Partial<typeof architecturalRequests.$inferInsert>) =>
  ctx.db.update(architecturalRequests).set(values).where(sql`${architecturalRequests.id} = ${id}`);

export const submitArchitecturalRequest = defineFunction('submitArchitecturalRequest', async (ctx, input) => {
  const who = await ownerOrStaff(ctx);
  const id = await withTransaction(ctx, async (tx) => {
    // The unit through the caller's scope: an owner names only their own units.
    const unit = await referencedRecord(tx, propertyEntity, input.property_id, 'Unit');
    let ownerId: string;
    if (who === 'owner') {
      ownerId = tx.actor!.owner_id ?? '';
      if (!ownerId) throw new ForbiddenError('Your sign-in is not linked to an owner record, so it cannot submit requests; ask the management office');
      if (input.owner_id && input.owner_id !== ownerId) throw new ValidationError('Owner: you submit requests for yourself');
    } else if (input.owner_id) {
      ownerId = (await referencedRecord(tx, ownerEntity, input.owner_id, 'Owner')).id as string;
    } else {
      const [first] = await tx.db.select({ owner_id: ownerProperties.owner_id }).from(ownerProperties)
        .where(sql`${ownerProperties.property_id} = ${input.property_id} and (${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= current_date)`).orderBy(sql`${ownerProperties.ownership_percentage} desc, ${ownerProperties.start_date}, ${ownerProperties.id}`).limit(1);
      if (!first) throw new ValidationError(`Unit ${String(unit.unit_number)} has no owner: choose the owner who asks`);
      ownerId = first.owner_id;
    }
    const [owns] = await tx.db.select({ id: ownerProperties.id }).from(ownerProperties)
      .where(sql`${ownerProperties.property_id} = ${input.property_id} and ${ownerProperties.owner_id} = ${ownerId} and (${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= current_date)`).limit(1);
    if (!owns) throw new ValidationError(`The owner does not own unit ${String(unit.unit_number)}`);
    const submittedOn = await today(tx);
    const { respond_by } = arcRespondBy({ submitted_on: submittedOn, arc_response_days: (await settings(tx)).arc_response_days });
    const [made] = await tx.db.insert(architecturalRequests).values({
      property_id: input.property_id, owner_id: ownerId, category: input.category, description: input.description, attachment_ids: input.attachment_ids ?? [],
      status: 'submitted', submitted_on: submittedOn, respond_by, created_by: tx.actor!.email,
    }).returning({ id: architecturalRequests.id });
    await publishRecord(tx, architecturalRequestEntity, made!.id, 'create');
    return made!.id;
  });
  return architecturalRequestDetail(ctx, id);
}, { authorize: (ctx) => requirePermission(ctx, 'architectural_requests', 'update') });

export const decideArchitecturalRequest = defineFunction('decideArchitecturalRequest', async (ctx, input) => {
  await requireDecider(ctx);
  const { state } = await settings(ctx);
  const rules = await withTransaction(ctx, async (tx) => {
    const r = await lockedFor(tx, input.id, 'read');
    const status = r.status as ArcStatus;
    const decidedOn = await today(tx);
    if (input.decision === 'under_review') {
      if (status !== 'submitted') throw new ConflictError(`Only a submitted request can be taken under review; this one is ${ARC_STATUS_LABELS[status]}`, 'arc_status');
      await update(tx, input.id, { status: 'under_review' });
      await publishRecord(tx, architecturalRequestEntity, input.id);
      return [];
    }
    if (!UNDECIDED.includes(status)) throw new ConflictError(`This request is ${ARC_STATUS_LABELS[status]}: only a submitted, under review or appealed request can be decided`, 'arc_status');
    const reason = input.reason?.trim() || null;
    const conditions = input.conditions?.trim() || null;
    if (input.decision === 'approved_with_conditions' && !conditions) throw new ValidationError('Conditions: an approval with conditions must state them');
    if (input.decision !== 'approved_with_conditions' && conditions) throw new ValidationError('Conditions: only an approval with conditions has conditions');
    // The letter itself tells the owner how to ask for reconsideration (reconsiderationText), so the check sees it.
    const check = checkArchitecturalDecision({ state, decided_on: decidedOn, decision: input.decision, reason, reconsideration_instructions: reconsiderationText(state, decidedOn) });
    if (!check.ok) throw new ValidationError(check.message);
    await update(tx, input.id, {
      status: status === 'appealed' ? 'reconsidered' : input.decision, decision: input.decision, original_decision: status === 'appealed' ? (r.original_decision as string | null) ?? (r.decision as string | null) : input.decision,
      conditions, decision_reason: reason, decided_on: decidedOn, decided_by: tx.actor!.email,
    });
    await publishRecord(tx, architecturalRequestEntity, input.id);
    return check.rules;
  });
  const row = await rowFor(ctx, input.id);
  let letter: 'sent' | 'outbox' | 'failed' | 'no_email' | null = null;
  if (input.decision !== 'under_review') {
    // After the commit: the decision stands whether or not the mail server takes the letter.
    const email = (row.owner_email as string | null) || null;
    if (!email) letter = 'no_email';
    else {
      const lh = await loadLetterhead(ctx);
      const l = letterOf(row, lh.name, state);
      const label = ARC_STATUS_LABELS[l.decision];
      const sent = await deliver(ctx, {
        to: email, subject: `Your architectural request for unit ${l.unit_number}: ${label}`,
        text: `Dear ${l.owner.name},\n\nThe decision on your architectural request of ${l.submitted_on} (${l.category.replace(/_/g, ' ')}) is: ${label}.${l.conditions ? `\n\nConditions:\n${l.conditions}` : ''}${l.reason ? `\n\nReason:\n${l.reason}` : ''}${l.reconsideration ? `\n\n${l.reconsideration}` : ''}\n\nThe decision letter is attached.\n\n${lh.name}`,
        attachments: [{ filename: `architectural-decision-${l.decided_on}.pdf`, contentType: 'application/pdf', content: await renderDecisionLetterPdf(lh, l) }],
      });
      letter = sent.status;
    }
  }
  return { ...viewOf(row, await today(ctx)), rules, letter };
}, { authorize: (ctx) => requireDecider(ctx) });

export const appealArchitecturalRequest = defineFunction('appealArchitecturalRequest', async (ctx, input) => {
  await withTransaction(ctx, async (tx) => {
    const r = await lockedFor(tx, input.id, 'update');
    if (r.appealed_on) throw new ConflictError('This request was appealed already: a decision is appealed once', 'arc_appealed');
    if (r.status !== 'denied' && r.status !== 'approved_with_conditions') {
      throw new ConflictError(`Only a denial or an approval with conditions can be appealed; this request is ${ARC_STATUS_LABELS[r.status as ArcStatus]}`, 'arc_status');
    }
    await update(tx, input.id, { status: 'appealed', appeal_reason: input.reason, appealed_on: await today(tx) });
    await publishRecord(tx, architecturalRequestEntity, input.id);
  });
  return architecturalRequestDetail(ctx, input.id);
}, { authorize: (ctx) => ownerOrStaff(ctx) });

export const withdrawArchitecturalRequest = defineFunction('withdrawArchitecturalRequest', async (ctx, input) => {
  await withTransaction(ctx, async (tx) => {
    const r = await lockedFor(tx, input.id, 'update');
    if (!UNDECIDED.includes(r.status as string)) throw new ConflictError(`A decided request cannot be withdrawn; this one is ${ARC_STATUS_LABELS[r.status as ArcStatus]}`, 'arc_status');
    await update(tx, input.id, { status: 'withdrawn', withdrawn_on: await today(tx) });
    await publishRecord(tx, architecturalRequestEntity, input.id);
  });
  return architecturalRequestDetail(ctx, input.id);
}, { authorize: (ctx) => ownerOrStaff(ctx) });

