/**
 * The demo's community: violation types and violations at each step (courtesy notice, notice, a hearing decided
 * with a fine on the owner's account, one cured), architectural requests decided each way, work orders across the
 * board (one done by a vendor whose bill is linked), announcements, the governing documents with a records request,
 * and an estoppel certificate issued for a unit under contract.
 * Everything goes through the same functions the screens call.
 */
import { sql } from 'drizzle-orm';
import { addDays } from '@covenant/contracts/documents';
import type { Ctx } from './lib/context.ts';
import { createEntity, updateEntity } from './platform/entities/entities.service.ts';
import { callFunction } from './platform/functions/define-function.ts';
import { decideHearing, recordViolation, scheduleHearing, sendViolationNotice } from './features/violations/violations.service.ts';
import { violationEntity, violationTypeEntity } from './features/violations/violations.feature.ts';
import { decideArchitecturalRequest, submitArchitecturalRequest } from './features/architectural-requests/architectural-requests.service.ts';
import { addWorkOrderComment, assignWorkOrderVendor, linkWorkOrderBill, setWorkOrderStatus, submitWorkOrder } from './features/work-orders/work-orders.service.ts';
import { estoppelRequestEntity, issueEstoppelCertificate } from './features/estoppel/estoppel.feature.ts';
import { createAnnouncement } from './features/announcements/announcements.service.ts';
import { createRecordsRequest, uploadDocument } from './features/documents/documents.service.ts';
import { letterhead, loadLetterhead, newDocument } from './features/statements/pdf.ts';
import { statementForActor } from './features/statements/statement.service.ts';

export interface DemoCommunity {
  violations: Record<string, number>;
  fines: number;
  requests: Record<string, number>;
  workOrders: Record<string, number>;
  announcements: number;
  documents: number;
  estoppel: { due_on: string; valid_until: string | null; fee: number; balance_cents: number; by_kind: Record<string, number>; paid_through: string | null; statement_cents: number };
}

/** A short PDF standing in for a governing document's text (its title, its sections). */
async function documentPdf(ctx: Ctx, title: string, sections: string[]): Promise<Buffer> {
  const lh = await loadLetterhead(ctx);
  const { doc, done } = newDocument(title);
  letterhead(doc, lh, title, []);
  for (const [i, s] of sections.entries()) doc.moveDown().fontSize(10).text(`Section ${i + 1}. ${s}`);
  doc.end();
  return done;
}

const tally = (into: Record<string, number>, key: string) => {
  into[key] = (into[key] ?? 0) + 1;
};

export async function loadCommunity(ctx: Ctx, input: { today: string; units: Array<{ id: string }>; vendorId: string; billId: string }): Promise<DemoCommunity> {
  const { today, units } = input;
  const unit = (i: number) => units[i % units.length]!.id;

  // Violations: the rules and their fines; staff walk the units each month.
  const trash = await createEntity(ctx, violationTypeEntity, { name: 'Trash containers in view', ccr_reference: 'CC&R 7.4', description: 'Containers are kept out of view from the street except on collection day.', cure_days: 7, fine_amount: 50 });
  const paint = await createEntity(ctx, violationTypeEntity, { name: 'Unapproved exterior change', ccr_reference: 'CC&R 8.1', description: 'Exterior changes need the architectural committee\'s approval first.', cure_days: 30, fine_amount: 100 });
  const lawn = await createEntity(ctx, violationTypeEntity, { name: 'Landscaping not maintained', ccr_reference: 'CC&R 7.9', description: 'Lawns mowed, beds weeded, dead plants replaced.', cure_days: 14, fine_amount: 75 });
  const violations: Record<string, number> = {};
  let fines = 0;
  const observed = (days: number) => addDays(today, -days);
  // One walked from observation to a fine: observed, notice, hearing noticed in time, fined after the hearing.
  {
    const v = await callFunction(ctx, recordViolation, { property_id: unit(11), violation_type_id: paint.id as string, observed_on: observed(62), description: 'Front door and trim painted bright orange without an approved request.' });
    await callFunction(ctx, sendViolationNotice, { violation_id: v.id, kind: 'notice', sent_on: observed(61) });
    const hearing = await callFunction(ctx, scheduleHearing, { violation_id: v.id, scheduled_for: observed(20), notice_sent_on: observed(40) });
    await callFunction(ctx, decideHearing, { hearing_id: hearing.id, outcome: 'fine', decided_on: observed(20) });
    fines++;
    tally(violations, 'fined');
  }
  // One with a hearing coming up, one cured after the courtesy notice, a few open with a courtesy notice.
  {
    const v = await callFunction(ctx, recordViolation, { property_id: unit(27), violation_type_id: lawn.id as string, observed_on: observed(35), description: 'Front lawn overgrown, beds full of weeds.' });
    await callFunction(ctx, sendViolationNotice, { violation_id: v.id, kind: 'notice', sent_on: observed(34) });
    await callFunction(ctx, scheduleHearing, { violation_id: v.id, scheduled_for: addDays(today, 16), notice_sent_on: today });
    tally(violations, 'hearing');
  }
  {
    const v = await callFunction(ctx, recordViolation, { property_id: unit(44), violation_type_id: trash.id as string, observed_on: observed(21), description: 'Two bins at the curb four days after collection.' });
    await callFunction(ctx, sendViolationNotice, { violation_id: v.id, kind: 'courtesy', sent_on: observed(20) });
    await updateEntity(ctx, violationEntity, v.id, { cured_on: observed(15) });
    tally(violations, 'cured');
  }
  for (const [k, i] of [58, 73, 96].entries()) {
    const type = [trash, lawn, trash][k]!;
    const v = await callFunction(ctx, recordViolation, { property_id: unit(i), violation_type_id: type.id as string, observed_on: observed(3 + k * 2), description: k === 1 ? 'Dead shrubs along the walkway.' : 'Bins left in the driveway.' });
    await callFunction(ctx, sendViolationNotice, { violation_id: v.id, kind: 'courtesy', sent_on: observed(2 + k * 2) });
    tally(violations, 'open');
  }

  // Architectural requests: one waiting, one approved, one with conditions, one denied with the reason.
  const requests: Record<string, number> = {};
  const arc = [
    { i: 5, category: 'solar', description: 'Twelve roof-mounted solar panels on the rear slope, black frames.', decision: 'approved' as const },
    { i: 19, category: 'fence', description: 'Replace the rear fence with a 6 ft cedar fence on the same line.', decision: 'approved_with_conditions' as const, conditions: 'Stain to match the approved palette (Cedar Natural); keep the 3 ft setback at the side gate.' },
    { i: 33, category: 'exterior_paint', description: 'Repaint the front door in bright orange.', decision: 'denied' as const, reason: 'The color is outside the approved exterior palette (Design Guidelines 4.2).' },
    { i: 51, category: 'landscaping', description: 'Replace the front lawn with drought-tolerant native plants and a gravel path.', decision: null },
  ];
  for (const r of arc) {
    const submitted = await callFunction(ctx, submitArchitecturalRequest, { property_id: unit(r.i), category: r.category as 'solar', description: r.description });
    if (r.decision) await callFunction(ctx, decideArchitecturalRequest, { id: submitted.id, decision: r.decision, conditions: r.conditions, reason: r.reason });
    tally(requests, r.decision ?? 'submitted');
  }

  // Work orders: across the board; the pool pump repaired by the vendor, its bill linked.
  const workOrders: Record<string, number> = {};
  const orders = [
    { title: 'Pool pump making grinding noise', category: 'pool', priority: 'high', status: ['in_progress', 'completed', 'closed'], vendor: true },
    { title: 'Streetlight out on Cedar Court', category: 'electrical', priority: 'normal', status: ['in_progress'] },
    { title: 'Leak under the clubhouse sink', category: 'plumbing', priority: 'normal', status: [] },
    { title: 'Broken sprinkler head by unit 214', category: 'landscaping', priority: 'low', status: ['in_progress', 'deferred'] },
    { title: 'Wasp nest at the mailbox kiosk', category: 'pest_control', priority: 'emergency', status: ['in_progress', 'completed'] },
  ] as const;
  for (const o of orders) {
    const w = await callFunction(ctx, submitWorkOrder, { title: o.title, category: o.category, priority: o.priority });
    for (const status of o.status) await callFunction(ctx, setWorkOrderStatus, { id: w.id, status });
    if ('vendor' in o) {
      await callFunction(ctx, assignWorkOrderVendor, { id: w.id, vendor_id: input.vendorId });
      await callFunction(ctx, linkWorkOrderBill, { id: w.id, bill_id: input.billId });
      await callFunction(ctx, addWorkOrderComment, { id: w.id, body: 'Pump bearings replaced; running quietly.', shared: true });
    }
    tally(workOrders, o.status.at(-1) ?? 'open');
  }

  // Announcements: the pool reopening (past), the annual meeting (upcoming), a notice to one building.
  const announced = [
    { title: 'Pool reopens Saturday', body: 'The pool pump is repaired. The pool reopens **Saturday at 9 a.m.**', audience: 'residents', publish_at: `${addDays(today, -6)}T15:00:00Z` },
    { title: 'Annual meeting and election', body: 'The annual meeting is held at the clubhouse. Two board seats are up for election; ballots and proxies are on My Account.', audience: 'owners', publish_at: `${addDays(today, -2)}T15:00:00Z`, event_on: addDays(today, 21) },
    { title: 'Building 1 window washing', body: 'Window washers will be on Maple Ridge Drive next Tuesday and Wednesday.', audience: 'residents', property_ids: units.slice(0, 40).map((u) => u.id), publish_at: `${addDays(today, -1)}T15:00:00Z` },
  ];
  for (const a of announced) await createAnnouncement(ctx, a);

  // Documents: the governing set, this year's budget and the insurance certificate; one records request.
  const docs = [
    { title: 'Declaration of Covenants, Conditions and Restrictions', category: 'governing', visibility: 'owners', sections: ['Definitions.', 'Property rights.', 'Assessments and liens.', 'Use restrictions.', 'Architectural control.'] },
    { title: 'Rules and Regulations', category: 'rules', visibility: 'owners', sections: ['Pool hours are 9 a.m. to 9 p.m.', 'Trash containers are kept out of view except on collection day.'] },
    { title: `Operating and reserve budget ${today.slice(0, 4)}`, category: 'budget', visibility: 'owners', sections: ['Operating budget.', 'Reserve contributions.'] },
    { title: 'Certificate of insurance', category: 'insurance', visibility: 'owners', sections: ['General liability.', 'Directors and officers.'] },
  ];
  for (const d of docs) {
    const data = await documentPdf(ctx, d.title, d.sections);
    await uploadDocument(ctx, { data, filename: `${d.title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.pdf` }, { title: d.title, category: d.category, visibility: d.visibility, effective_date: `${today.slice(0, 4)}-01-01` });
  }
  // A unit for sale: the buyer's title company asked for an estoppel certificate three days ago; it was issued today.
  const estoppel = await createEntity(ctx, estoppelRequestEntity, { property_id: unit(27), requester_name: 'Cascade Title Company', requester_email: 'closings@cascadetitle.example', requested_on: addDays(today, -3) });
  const certificate = await callFunction(ctx, issueEstoppelCertificate, { id: estoppel.id as string });
  // The certificate's figures against the owner's statement on the same day (the owner has this one unit).
  const figures = certificate.figures as { balance_cents: number; due_by_kind: Record<string, number>; paid_through: string | null };
  const [ownerId] = ((await ctx.db.execute(sql`select owner_id from owner_properties where property_id = ${unit(27)} and end_date is null limit 1`)).rows as Array<{ owner_id: string }>).map((r) => r.owner_id);
  const statement = await statementForActor(ctx, ownerId!, { from: addDays(today, -30), to: today });
  await createRecordsRequest(ctx, { requested_by: 'Owner of unit 112', description: 'Copies of the last two years\' bank statements and the current year\'s general ledger.', received_on: addDays(today, -4) });

  return {
    violations, fines, requests, workOrders, announcements: announced.length, documents: docs.length,
    estoppel: {
      due_on: String(certificate.due_on), valid_until: certificate.valid_until ? String(certificate.valid_until) : null, fee: Number(certificate.fee_amount),
      balance_cents: figures.balance_cents, by_kind: figures.due_by_kind, paid_through: figures.paid_through, statement_cents: statement.closingCents,
    },
  };
}
