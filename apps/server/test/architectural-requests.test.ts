import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ArchitecturalRequestView } from '@covenant/contracts/architectural-requests';
import { addDays } from '@covenant/contracts/documents';
import { today } from '../src/lib/context.ts';
import { pdfText } from './documents-helpers.ts';
import { createTestApp, createUser, makeOwner, makeProperty, outbox, type TestApp } from './helpers.ts';

let t: TestApp;
const tok = {} as Record<'admin' | 'manager' | 'board' | 'alice' | 'bob' | 'renter', string>;
const unit = {} as Record<'alice' | 'bob' | 'empty', string>;
const owner = {} as Record<'alice' | 'bob', string>;
let settingsId = '';
let todayIs = '';

const call = (method: string, url: string, body?: unknown, as = tok.admin) => t.call(method, url, { token: as, body });
async function ok<T = ArchitecturalRequestView>(method: string, url: string, body?: unknown, as = tok.admin): Promise<T> {
  const res = await call(method, url, body, as);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const fn = <T = ArchitecturalRequestView>(name: string, params: Record<string, unknown>, as = tok.admin) => ok<T>('POST', `/functions/${name}`, params, as);
async function refused(name: string, params: Record<string, unknown>, status: number, message: RegExp | string, as = tok.admin) {
  const res = await call('POST', `/functions/${name}`, params, as);
  expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else expect(res.json().message).toMatch(message);
}
type Decision = ArchitecturalRequestView & { rules: Array<{ rule_id: string; citation: string }>; letter: string | null };
const submit = (as = tok.alice, extra: Record<string, unknown> = {}) => fn('submitArchitecturalRequest', { property_id: unit.alice, category: 'fence', description: 'A 6 ft cedar fence along the back line', ...extra }, as);
const setState = (state: string | null, days?: number) => ok('PUT', `/entities/OrgSettings/${settingsId}`, { state, ...(days ? { arc_response_days: days } : {}) });

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = (await createUser(t, 'admin')).token;
  tok.manager = (await createUser(t, 'property_manager')).token;
  tok.board = (await createUser(t, 'board_member')).token;
  tok.renter = (await createUser(t, 'renter')).token;
  owner.alice = (await makeOwner(t, tok.admin, { first_name: 'Alice', last_name: 'Arbor', email: 'alice.arbor@example.com', mailing_address: '1 Elm St', city: 'Fresno', state: 'CA', zip_code: '93650' })).id;
  owner.bob = (await makeOwner(t, tok.admin, { first_name: 'Bob', last_name: 'Birch', email: '' })).id;
  unit.alice = (await makeProperty(t, tok.admin, { unit_number: 'A-1' })).id;
  unit.bob = (await makeProperty(t, tok.admin, { unit_number: 'B-1' })).id;
  unit.empty = (await makeProperty(t, tok.admin, { unit_number: 'C-1' })).id;
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.alice, property_id: unit.alice });
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.bob, property_id: unit.bob });
  tok.alice = (await createUser(t, 'owner', { owner_id: owner.alice })).token;
  tok.bob = (await createUser(t, 'owner', { owner_id: owner.bob })).token;
  const existing = await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings');
  settingsId = existing[0]?.id ?? (await ok<{ id: string }>('POST', '/entities/OrgSettings', { company_name: 'Oak Hills HOA' })).id;
  await ok('PUT', `/entities/OrgSettings/${settingsId}`, { company_name: 'Oak Hills HOA' });
  todayIs = await today(t.systemCtx());
}, 120_000);
afterAll(async () => t?.close());

describe('submitting', () => {
  it('an owner submits for their unit; respond_by is submission + the organization\'s arc_response_days', async () => {
    await setState('CA', 30);
    const r = await submit();
    expect(r).toMatchObject({ status: 'submitted', owner_id: owner.alice, unit_number: 'A-1', owner_name: 'Alice Arbor', submitted_on: todayIs, respond_by: addDays(todayIs, 30), is_overdue: false, has_letter: false });
    await setState('CA', 45);
    expect((await submit()).respond_by).toBe(addDays(todayIs, 45));
  });

  it("an owner cannot name another's unit or owner; input is checked in words", async () => {
    await refused('submitArchitecturalRequest', { property_id: unit.bob, category: 'fence', description: 'x' }, 400, 'Unit does not exist', tok.alice);
    await refused('submitArchitecturalRequest', { property_id: unit.alice, owner_id: owner.bob, category: 'fence', description: 'x' }, 400, 'Owner: you submit requests for yourself', tok.alice);
    await refused('submitArchitecturalRequest', { property_id: unit.alice, category: 'pool', description: 'x' }, 400, /Category must be one of/, tok.alice);
    await refused('submitArchitecturalRequest', { property_id: unit.alice, category: 'fence', description: ' ' }, 400, /Description is required/, tok.alice);
    await refused('submitArchitecturalRequest', { property_id: unit.alice, category: 'fence', description: 'x' }, 403, /permission/, tok.board);
    await refused('submitArchitecturalRequest', { property_id: unit.alice, category: 'fence', description: 'x' }, 403, /permission/, tok.renter);
  });

  it("staff submit for the unit's owner (default: its owner); a unit without an owner, or an owner of another unit, is refused", async () => {
    expect(await submit(tok.manager, { property_id: unit.bob })).toMatchObject({ owner_id: owner.bob, owner_name: 'Bob Birch' });
    await refused('submitArchitecturalRequest', { property_id: unit.empty, category: 'fence', description: 'x' }, 400, 'Unit C-1 has no owner: choose the owner who asks');
    await refused('submitArchitecturalRequest', { property_id: unit.alice, owner_id: owner.bob, category: 'fence', description: 'x' }, 400, 'The owner does not own unit A-1');
  });

  it('the generic entity call neither creates, changes nor deletes one', async () => {
    const r = await submit();
    expect((await call('POST', '/entities/ArchitecturalRequest', { property_id: unit.alice })).json().message).toMatch(/^Architectural requests are submitted with submitArchitecturalRequest/);
    expect((await call('PUT', `/entities/ArchitecturalRequest/${r.id}`, { status: 'approved' })).statusCode).toBe(403);
    const del = await call('DELETE', `/entities/ArchitecturalRequest/${r.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe('architectural_request_kept');
  });
});

describe('deciding', () => {
  it('staff approve; the letter is a PDF emailed to the owner', async () => {
    await setState('CA');
    const r = await submit();
    const before = (await outbox(t, tok.admin)).length;
    const d = await fn<Decision>('decideArchitecturalRequest', { id: r.id, decision: 'approved' }, tok.manager);
    expect(d).toMatchObject({ status: 'approved', decision: 'approved', decided_on: todayIs, has_letter: true, letter: 'outbox', rules: [] });
    const mails = await outbox(t, tok.admin);
    expect(mails.length).toBe(before + 1);
    expect(mails.find((m) => m.to === 'alice.arbor@example.com' && /Approved/.test(m.subject))).toBeTruthy();
    const pdf = await call('GET', `/architectural-requests/${r.id}/letter`, undefined, tok.alice);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/application\/pdf/);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Decision: Approved');
    expect(text).toContain('Alice Arbor');
  });

  it('a board member decides too; an owner cannot', async () => {
    const r = await submit();
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'approved' }, 403, 'Only the management office or a board member can decide architectural requests', tok.alice);
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'approved' }, 403, /board member/, tok.renter);
    expect(await fn('decideArchitecturalRequest', { id: r.id, decision: 'under_review' }, tok.board)).toMatchObject({ status: 'under_review', decided_on: null, has_letter: false });
    expect(await fn<Decision>('decideArchitecturalRequest', { id: r.id, decision: 'approved_with_conditions', conditions: 'Stain to match the trim' }, tok.board)).toMatchObject({ status: 'approved_with_conditions', conditions: 'Stain to match the trim' });
  });

  it('a denial needs a reason; in California the letter says how to ask the board to reconsider (Civ. Code 4765)', async () => {
    await setState('CA');
    const r = await submit();
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'denied' }, 400, 'A denial must explain why the request is denied (Cal. Civ. Code § 4765(a)).');
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'approved_with_conditions' }, 400, 'Conditions: an approval with conditions must state them');
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'approved', conditions: 'x' }, 400, 'Conditions: only an approval with conditions has conditions');
    const d = await fn<Decision>('decideArchitecturalRequest', { id: r.id, decision: 'denied', reason: 'Fences over 5 ft are not allowed (CC&R 7.2)' });
    expect(d).toMatchObject({ status: 'denied', decision_reason: 'Fences over 5 ft are not allowed (CC&R 7.2)' });
    expect(d.rules.map((x) => x.citation)).toEqual(['Cal. Civ. Code § 4765(a)']);
    const text = await pdfText((await call('GET', `/architectural-requests/${r.id}/letter`)).rawPayload);
    expect(text).toContain('Decision: Denied');
    expect(text).toContain('Fences over 5 ft are not allowed');
    expect(text).toMatch(/reconsider this decision at an open meeting of the board \(Cal\. Civ\. Code § 4765\(a\)\)/);
    const mail = (await outbox(t, tok.admin)).find((m) => /Denied/.test(m.subject))!;
    expect(mail.text).toContain('open meeting of the board');
  });

  it('outside California a denial needs its reason but no reconsideration paragraph', async () => {
    await setState('OR');
    const r = await submit();
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'denied', reason: '' }, 400, /^A denial must explain why the request is denied/);
    await fn('decideArchitecturalRequest', { id: r.id, decision: 'denied', reason: 'Color not in the palette' });
    const text = await pdfText((await call('GET', `/architectural-requests/${r.id}/letter`)).rawPayload);
    expect(text).not.toContain('Reconsideration');
    await setState('CA');
  });

  it('an owner without an email gets no mail; a decided request is not decided again', async () => {
    const r = await submit(tok.bob, { property_id: unit.bob });
    const d = await fn<Decision>('decideArchitecturalRequest', { id: r.id, decision: 'approved' });
    expect(d.letter).toBe('no_email');
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'denied', reason: 'x' }, 409, 'This request is Approved: only a submitted, under review or appealed request can be decided');
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'under_review' }, 409, 'Only a submitted request can be taken under review; this one is Approved');
  });

  it('no letter before a decision', async () => {
    const r = await submit();
    const res = await call('GET', `/architectural-requests/${r.id}/letter`);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This architectural request has no decision letter yet');
  });
});

describe('appeal and withdrawal', () => {
  it('the owner appeals a denial once; the board reconsiders', async () => {
    const r = await submit();
    await refused('appealArchitecturalRequest', { id: r.id, reason: 'x' }, 409, 'Only a denial or an approval with conditions can be appealed; this request is Submitted', tok.alice);
    await fn('decideArchitecturalRequest', { id: r.id, decision: 'denied', reason: 'Too tall' });
    await refused('appealArchitecturalRequest', { id: r.id, reason: '' }, 400, /Reason is required/, tok.alice);
    const appealed = await fn('appealArchitecturalRequest', { id: r.id, reason: 'The neighbours have 6 ft fences' }, tok.alice);
    expect(appealed).toMatchObject({ status: 'appealed', appeal_reason: 'The neighbours have 6 ft fences', appealed_on: todayIs });
    const d = await fn<Decision>('decideArchitecturalRequest', { id: r.id, decision: 'approved_with_conditions', conditions: 'At most 6 ft, cedar' }, tok.board);
    expect(d).toMatchObject({ status: 'reconsidered', decision: 'approved_with_conditions', original_decision: 'denied', conditions: 'At most 6 ft, cedar', decision_reason: null });
    const text = await pdfText((await call('GET', `/architectural-requests/${r.id}/letter`)).rawPayload);
    expect(text).toContain('Decision on reconsideration: Approved with Conditions');
    await refused('appealArchitecturalRequest', { id: r.id, reason: 'again' }, 409, 'This request was appealed already: a decision is appealed once', tok.alice);
  });

  it('the owner withdraws a pending request, not a decided one', async () => {
    const r = await submit();
    expect(await fn('withdrawArchitecturalRequest', { id: r.id }, tok.alice)).toMatchObject({ status: 'withdrawn', withdrawn_on: todayIs });
    await refused('decideArchitecturalRequest', { id: r.id, decision: 'approved' }, 409, /This request is Withdrawn/);
    const decided = await submit();
    await fn('decideArchitecturalRequest', { id: decided.id, decision: 'approved' });
    await refused('withdrawArchitecturalRequest', { id: decided.id }, 409, 'A decided request cannot be withdrawn; this one is Approved', tok.alice);
  });

  it('an overdue request shows as overdue', async () => {
    const r = await submit();
    await t.db.db.execute(sql`update architectural_requests set respond_by = ${addDays(todayIs, -1)} where id = ${r.id}`);
    expect((await ok('GET', `/architectural-requests/${r.id}`)).is_overdue).toBe(true);
  });
});

describe('owner isolation', () => {
  it("another owner's request is a 404 everywhere; the board and staff read all", async () => {
    const r = await submit();
    await refused('appealArchitecturalRequest', { id: r.id, reason: 'x' }, 404, 'Architectural request not found', tok.bob);
    await refused('withdrawArchitecturalRequest', { id: r.id }, 404, 'Architectural request not found', tok.bob);
    for (const url of [`/architectural-requests/${r.id}`, `/architectural-requests/${r.id}/letter`, `/entities/ArchitecturalRequest/${r.id}`]) {
      expect((await call('GET', url, undefined, tok.bob)).statusCode, url).toBe(404);
    }
    const all = await ok<{ rows: ArchitecturalRequestView[]; total: number }>('GET', '/architectural-requests?limit=500');
    const bob = await ok<{ rows: ArchitecturalRequestView[]; total: number }>('GET', '/architectural-requests?limit=500', undefined, tok.bob);
    expect(bob.rows.every((x) => x.owner_id === owner.bob)).toBe(true);
    expect(bob.total).toBe(all.rows.filter((x) => x.owner_id === owner.bob).length);
    expect((await ok<{ total: number }>('GET', '/architectural-requests?limit=500', undefined, tok.board)).total).toBe(all.total);
    expect((await call('GET', '/architectural-requests', undefined, tok.renter)).statusCode).toBe(403);
  });
});
