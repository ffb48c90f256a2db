import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText, setLetterhead } from './documents-helpers.ts';
import { createTestApp, createUser, makeOwner, makeProperty, multipartForm, outbox, type TestApp } from './helpers.ts';
import { expectBooksBalanced, fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
let admin: string;
let accounts: Record<string, string>;
let settingsId: string;
const users = {} as Record<'pm' | 'board' | 'olive' | 'pete' | 'c1' | 'c2' | 'c3', { id: string; token: string; email: string }>;
const owner = {} as Record<'olive' | 'pete' | 'quinn', { id: string }>;
const unit = {} as Record<'olive' | 'pete' | 'quinn' | 'empty', { id: string }>;
const type = {} as Record<'trash' | 'lawn' | 'fence', { id: string }>;
let fineItem: string;

const HEIC = readFileSync(resolve(import.meta.dirname, '../src/features/violations/fixtures/iphone-photo.heic'));

const call = (method: string, url: string, body?: unknown, as = admin) => t.call(method, url, { token: as, body });
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, as = admin): Promise<T> {
  const res = await call(method, url, body, as);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
async function refused(status: number, url: string, body: unknown, message: string | RegExp, as = admin) {
  const res = await call('POST', url, body, as);
  expect(res.statusCode, res.body).toBe(status);
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else expect(res.json().message).toMatch(message);
  return res.json() as { message: string; code: string; detail?: { rule_id: string; citation: string } };
}
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.db.execute(query)).rows as T[];
const setState = (state: string) => ok('PUT', `/entities/OrgSettings/${settingsId}`, { state });

type V = { id: string; owner_id: string; status: string; cure_by: string; cured_on: string | null };
type H = { id: string; scheduled_for: string; decision_notice_due_on: string | null; fine_invoice_id: string | null; rules: Array<{ rule_id: string; citation: string }> };
const record = (property: { id: string }, vt: { id: string }, observed_on: string, extra: Record<string, unknown> = {}) =>
  ok<V>('POST', '/functions/recordViolation', { property_id: property.id, violation_type_id: vt.id, observed_on, ...extra });
const schedule = (v: V, scheduled_for: string, notice_sent_on: string, committee_member_ids: string[] = []) =>
  call('POST', '/functions/scheduleHearing', { violation_id: v.id, scheduled_for, notice_sent_on, committee_member_ids });

async function photoJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#a52' } })
    .withExif({
      IFD0: { Make: 'Apple', Model: 'iPhone' },
      IFD2: { DateTimeOriginal: '2026:03:02 10:15:00', OffsetTimeOriginal: '-08:00' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 3/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '118/1 15/1 0/1' },
    })
    .jpeg()
    .toBuffer();
}
function upload(violationId: string, data: Buffer, as: string, fields: Record<string, string> = {}, filename = 'photo.jpg') {
  const form = multipartForm([{ name: 'file', value: data, filename, contentType: 'application/octet-stream' }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))]);
  return t.app.inject({ method: 'POST', url: `${t.base}/violations/${violationId}/photos`, headers: { authorization: `Bearer ${as}`, 'content-type': form.contentType }, payload: form.payload });
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  ({ accounts } = await fundsAndAccounts(t, admin));
  await setLetterhead(t, admin, { company_name: 'Maple Grove HOA', state: 'CA' });
  settingsId = (await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings'))[0]!.id;
  owner.olive = await makeOwner(t, admin, { owner_id: '910001', first_name: 'Olive', last_name: 'Ortiz', email: 'olive@example.com', mailing_address: '12 Elm Court', city: 'Fresno' });
  owner.pete = await makeOwner(t, admin, { owner_id: '910002', first_name: 'Pete', last_name: 'Park', email: '' });
  owner.quinn = await makeOwner(t, admin, { owner_id: '910003', first_name: 'Quinn', last_name: 'Quist', email: 'quinn@example.com' });
  for (const k of ['olive', 'pete', 'quinn', 'empty'] as const) unit[k] = await makeProperty(t, admin, { unit_number: `V-${k}` });
  // Olive bought her unit from Quinn on 2026-02-01.
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.quinn.id, property_id: unit.olive.id, ownership_percentage: 100, start_date: '2020-01-01' });
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.olive.id, property_id: unit.olive.id, ownership_percentage: 100, start_date: '2026-02-01' });
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.pete.id, property_id: unit.pete.id, ownership_percentage: 100, start_date: '2020-01-01' });
  await ok('POST', '/entities/OwnerProperty', { owner_id: owner.quinn.id, property_id: unit.quinn.id, ownership_percentage: 100, start_date: '2020-01-01' });
  fineItem = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'FINE', description: 'Violation fine', unit_price: 100, account_id: accounts['4150'] })).id;
  type.trash = await ok('POST', '/entities/ViolationType', { name: 'Trash cans visible from the street', ccr_reference: 'CC&R 4.2', cure_days: 14, fine_amount: 100, fine_product_id: fineItem });
  type.lawn = await ok('POST', '/entities/ViolationType', { name: 'Overgrown lawn', ccr_reference: 'CC&R 6.1', cure_days: 10, fine_amount: 100, continuing_daily_fine: 50 });
  type.fence = await ok('POST', '/entities/ViolationType', { name: 'Pool fence broken', ccr_reference: 'CC&R 9.3', cure_days: 3, fine_amount: 500, health_safety: true });
  users.pm = await createUser(t, 'property_manager');
  users.board = await createUser(t, 'board_member');
  users.olive = await createUser(t, 'owner', { owner_id: owner.olive.id });
  users.pete = await createUser(t, 'owner', { owner_id: owner.pete.id });
  for (const k of ['c1', 'c2', 'c3'] as const) users[k] = await createUser(t, 'owner');
}, 180_000);
afterAll(async () => t?.close());

describe('recording a violation', () => {
  it('finds the unit\'s owner on the day observed and the cure date from the type', async () => {
    const before = await record(unit.olive, type.trash, '2026-01-20');
    expect(before).toMatchObject({ owner_id: owner.quinn.id, status: 'open', cure_by: '2026-02-03' });
    const after = await record(unit.olive, type.trash, '2026-02-02', { description: 'Two bins by the curb' });
    expect(after).toMatchObject({ owner_id: owner.olive.id, cure_by: '2026-02-16', description: 'Two bins by the curb' });
  });

  it('refuses what cannot be recorded, in words', async () => {
    await refused(400, '/functions/recordViolation', { property_id: unit.empty.id, violation_type_id: type.trash.id, observed_on: '2026-03-01' }, 'Unit V-empty had no owner on 2026-03-01: link the unit\'s owner first');
    await refused(400, '/functions/recordViolation', { property_id: unit.olive.id, violation_type_id: type.trash.id, observed_on: '2099-01-01' }, /^Observed on cannot be after today \(\d{4}-\d{2}-\d{2}\)$/);
    await refused(400, '/functions/recordViolation', { property_id: unit.olive.id, violation_type_id: '0123456789abcdef01234567', observed_on: '2026-03-01' }, 'Violation type does not exist');
    await refused(403, '/functions/recordViolation', { property_id: unit.olive.id, violation_type_id: type.trash.id }, 'You do not have permission to create violations', users.olive.token);
    await refused(403, '/functions/recordViolation', { property_id: unit.olive.id, violation_type_id: type.trash.id }, 'You do not have permission to create violations', users.board.token);
  });

  it('keeps a recorded violation: no generic create or delete, owners change nothing', async () => {
    const v = await record(unit.pete, type.trash, '2026-03-01');
    expect((await call('POST', '/entities/Violation', { property_id: unit.pete.id, violation_type_id: type.trash.id, observed_on: '2026-03-01' })).statusCode).toBe(403);
    const del = await call('DELETE', `/entities/Violation/${v.id}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().message).toBe('A recorded violation is kept with its notices and evidence; dismiss it instead');
    expect((await call('PUT', `/entities/Violation/${v.id}`, { description: 'mine' }, users.pete.token)).statusCode).toBe(403);
    const dismissed = await ok<V>('PUT', `/entities/Violation/${v.id}`, { status: 'dismissed' });
    expect(dismissed.status).toBe('dismissed');
    await refused(409, '/functions/sendViolationNotice', { violation_id: v.id, kind: 'courtesy' }, 'The violation is dismissed; no notice can be sent');
  });
});

describe('in California', () => {
  let v: V;
  let hearing: H;

  it('emails a notice with its PDF to an owner with an email address, and keeps one to print for an owner without', async () => {
    v = await record(unit.olive, type.trash, '2026-03-02');
    const today = new Date().toISOString().slice(0, 10);
    const n = await ok<{ id: string; delivery: string; due_on: string; subject: string }>('POST', '/functions/sendViolationNotice', { violation_id: v.id, kind: 'notice' });
    expect(n).toMatchObject({ delivery: 'outbox', due_on: '2026-03-16', subject: 'Notice of violation: Trash cans visible from the street, unit V-olive' });
    const mail = (await outbox(t, admin)).find((m) => m.to === 'olive@example.com' && m.subject === n.subject)!;
    expect(mail.text).toContain('On 2026-03-02 we observed at unit V-olive: Trash cans visible from the street (CC&R 4.2).');
    const pdf = await call('GET', `/violation-notices/${n.id}/pdf`, undefined, users.olive.token);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Notice of violation');
    expect((await call('GET', `/violation-notices/${n.id}/pdf`, undefined, users.pete.token)).statusCode).toBe(404);
    const pv = await record(unit.pete, type.trash, today);
    expect(await ok('POST', '/functions/sendViolationNotice', { violation_id: pv.id, kind: 'courtesy' })).toMatchObject({ delivery: 'print', email_to: null });
  });

  it('refuses a hearing noticed fewer than 10 days ahead, naming the rule', async () => {
    const res = await schedule(v, '2026-03-14', '2026-03-05');
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'refused_by_law',
      message: 'The hearing notice must be sent at least 10 days before the hearing on 2026-03-14; a notice sent on 2026-03-05 gives 9 days. Send it by 2026-03-04 or move the hearing to 2026-03-15 or later (Cal. Civ. Code § 5855(a)).',
      detail: { rule_id: 'CA.hearing_notice@2014-01-01', citation: 'Cal. Civ. Code § 5855(a)' },
    });
    expect((await schedule(v, '2026-03-15', '2026-03-05')).statusCode).toBe(200);
    hearing = (await rows<H>(sql`select id from hearings where violation_id = ${v.id}`))[0]!;
    expect((await schedule(v, '2026-03-20', '2026-03-05')).json().message).toBe('A hearing is already scheduled for 2026-03-15; decide it first');
  });

  it('refuses a fine before the hearing and over the cap; the board decides a $100 fine that is invoiced on 4150', async () => {
    const decide = (body: Record<string, unknown>, as = users.board.token) => call('POST', '/functions/decideHearing', { hearing_id: hearing.id, ...body }, as);
    let res = await decide({ outcome: 'fine', decided_on: '2026-03-14' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('A fine can be imposed only after the owner was given notice and the hearing was held (Cal. Civ. Code § 5855(a)).');
    res = await decide({ outcome: 'fine', fine_amount: 150, decided_on: '2026-03-15' });
    expect(res.json().message).toBe('A fine may not exceed $100.00 per violation unless the board found in writing, at an open board meeting, that the violation may harm health or safety; $150.00 was asked (Cal. Civ. Code § 5850(c)-(d)).');
    expect((await decide({ outcome: 'fine', decided_on: '2026-03-15' }, users.olive.token)).statusCode).toBe(403);
    res = await decide({ outcome: 'fine', decided_on: '2026-03-15' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as { hearing: H; violation: V; decision_notice: { due_on: string; rule_id: string; message: string } };
    expect(answer.violation.status).toBe('fined');
    expect(answer.decision_notice).toMatchObject({ due_on: '2026-03-30', rule_id: 'CA.decision_notice@2014-01-01' });
    expect(answer.hearing.decision_notice_due_on).toBe('2026-03-30');
    const invoiceId = answer.hearing.fine_invoice_id!;
    const inv = await ok<{ owner_id: string; total_amount: number; status: string; invoice_date: string; lines: Array<{ account_id: string; product_id: string; extended_price: number }> }>('GET', `/entities/Invoice/${invoiceId}`);
    expect(inv).toMatchObject({ owner_id: owner.olive.id, total_amount: 100, invoice_date: '2026-03-15' });
    const lines = await rows<{ account_id: string; debit: string; credit: string }>(sql`
      select jl.account_id, jl.debit, jl.credit from journal_lines jl join journal_entries je on je.id = jl.entry_id where je.source_id = ${invoiceId} order by jl.debit desc`);
    expect(lines.map((l) => [l.account_id, Number(l.debit), Number(l.credit)])).toEqual([[accounts['1200'], 100, 0], [accounts['4150'], 0, 100]]);
    await expectBooksBalanced(t);
    expect((await decide({ outcome: 'no_fine' })).json().message).toBe('The hearing was decided on 2026-03-15');
  });

  it('sends the written decision with the fine\'s invoice number', async () => {
    const n = await ok<{ kind: string; due_on: string; rule_id: string; citation: string }>('POST', '/functions/sendViolationNotice', { violation_id: v.id, kind: 'decision', sent_on: '2026-03-16' });
    expect(n).toMatchObject({ kind: 'decision', due_on: '2026-03-30', rule_id: 'CA.decision_notice@2014-01-01', citation: 'Cal. Civ. Code § 5855' });
  });

  it('never charges a late fee on a fine (the same run charges it in Florida)', async () => {
    const lateItem = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'LATE', description: 'Late fee', unit_price: 10, account_id: accounts['4100'] })).id;
    await ok('POST', '/entities/LateFeeRule', { name: 'Late on fines', grace_days: 5, fee_type: 'fixed', fixed_amount: 10, product_ids: [fineItem], late_fee_product_id: lateItem });
    const lateRun = () => ok<{ items: Array<{ owner_id: string; description: string }> }>('POST', '/functions/runLateFees', { as_of: '2026-06-01', dry_run: true });
    expect((await lateRun()).items.filter((i) => i.owner_id === owner.olive.id)).toEqual([]);
    await setState('FL');
    expect((await lateRun()).items.filter((i) => i.owner_id === owner.olive.id)).toHaveLength(1);
    await setState('CA');
  });

  it('refuses a fine when the violation was cured before the hearing; a health-and-safety finding lifts the cap', async () => {
    const cured = await record(unit.quinn, type.trash, '2026-03-02');
    expect((await schedule(cured, '2026-03-20', '2026-03-06')).statusCode).toBe(200);
    expect(await ok<V>('PUT', `/entities/Violation/${cured.id}`, { cured_on: '2026-03-10' })).toMatchObject({ status: 'cured', cured_on: '2026-03-10' });
    const [h] = await rows<{ id: string }>(sql`select id from hearings where violation_id = ${cured.id}`);
    await refused(422, '/functions/decideHearing', { hearing_id: h!.id, outcome: 'fine', decided_on: '2026-03-20' }, 'The violation was cured before the hearing, so no fine may be imposed (Cal. Civ. Code § 5855(c)).');
    expect((await ok<{ violation: V }>('POST', '/functions/decideHearing', { hearing_id: h!.id, outcome: 'cured', decided_on: '2026-03-20' })).violation).toMatchObject({ status: 'cured', cured_on: '2026-03-10' });

    const fence = await record(unit.quinn, type.fence, '2026-03-02');
    expect((await schedule(fence, '2026-03-20', '2026-03-06')).statusCode).toBe(200);
    const [fh] = await rows<{ id: string }>(sql`select id from hearings where violation_id = ${fence.id}`);
    await refused(422, '/functions/decideHearing', { hearing_id: fh!.id, outcome: 'fine', decided_on: '2026-03-20' }, /^A fine may not exceed \$100\.00 per violation unless the board found in writing/);
    const fined = await ok<{ hearing: H }>('POST', '/functions/decideHearing', { hearing_id: fh!.id, outcome: 'fine', health_safety_finding: true, decided_on: '2026-03-20' }, users.pm.token);
    expect(fined.hearing).toMatchObject({ fine_amount: 500, health_safety_finding: true });
  });

  it('the timeline shows every step with its date and the rule that allowed it', async () => {
    const tl = await ok<{ violation: { state: string; status: string; owner_name: string }; steps: Array<{ step: string; date: string; label: string; rule_id: string | null; citation: string | null }> }>('GET', `/violations/${v.id}/timeline`);
    expect(tl.violation).toMatchObject({ state: 'CA', status: 'fined', owner_name: 'Olive Ortiz' });
    expect(tl.steps.map((s) => [s.step, s.date, s.rule_id])).toEqual([
      ['observed', '2026-03-02', null],
      ['hearing_scheduled', '2026-03-05', 'CA.hearing_notice@2014-01-01'],
      ['notice', '2026-03-05', 'CA.hearing_notice@2014-01-01'],
      ['hearing_decided', '2026-03-15', 'CA.decision_notice@2014-01-01'],
      ['fine', '2026-03-15', 'CA.hearing_notice@2014-01-01, CA.cure_before_hearing@2025-07-01, CA.fine_cap@2025-07-01'],
      ['notice', '2026-03-16', 'CA.decision_notice@2014-01-01'],
      ['notice', new Date().toISOString().slice(0, 10), null],
    ]);
    expect(tl.steps.find((s) => s.step === 'fine')!.label).toMatch(/^Fine of \$100\.00 invoiced \(INV-/);
  });
});

describe('in Florida', () => {
  it('refuses a short notice and a committee that is too small or not independent; decides with a 7-day written decision', async () => {
    await setState('FL');
    try {
      const v = await record(unit.pete, type.lawn, '2026-03-02');
      const independent = [users.c1.id, users.c2.id, users.c3.id];
      let res = await schedule(v, '2026-03-14', '2026-03-04', independent);
      expect(res.json().message).toBe('The hearing notice must be sent at least 14 days before the hearing on 2026-03-14; a notice sent on 2026-03-04 gives 10 days. Send it by 2026-02-28 or move the hearing to 2026-03-18 or later (Fla. Stat. § 720.305(2)).');
      res = await schedule(v, '2026-03-18', '2026-03-04', independent.slice(0, 2));
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('The hearing committee needs at least 3 members who are not directors, officers or employees; 2 members named (Fla. Stat. § 720.305(2)).');
      res = await schedule(v, '2026-03-18', '2026-03-04', [...independent.slice(0, 2), users.board.id]);
      expect(res.json().message).toBe('The hearing committee may not include directors, officers or employees of the association or their spouses, parents, children, brothers or sisters: Test board_member (a director or officer) (Fla. Stat. § 720.305(2)).');
      res = await schedule(v, '2026-03-18', '2026-03-04', [...independent.slice(0, 2), users.pm.id]);
      expect(res.json().message).toMatch(/Test property_manager \(staff of the association\)/);
      res = await schedule(v, '2026-03-18', '2026-03-04', independent);
      expect(res.statusCode, res.body).toBe(200);
      const h = res.json() as H;
      expect(h.rules.map((r) => r.rule_id)).toEqual(['FL.hearing_notice@2024-07-01', 'FL.hearing_committee@2017-07-01']);
      const decide = (body: Record<string, unknown>) => call('POST', '/functions/decideHearing', { hearing_id: h.id, decided_on: '2026-03-18', ...body }, users.board.token);
      res = await decide({ outcome: 'fine', fine_amount: 1100 });
      expect(res.json().message).toBe('Fines for a continuing violation may not exceed $1,000.00 in all; $0.00 already imposed and $1,100.00 more makes $1,100.00 (Fla. Stat. § 720.305(2)).');
      res = await decide({ outcome: 'fine', fine_amount: 1000 });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().decision_notice).toMatchObject({ due_on: '2026-03-25', rule_id: 'FL.decision_notice@2024-07-01' });
    } finally {
      await setState('CA');
    }
  });
});

describe('photos as evidence', () => {
  let v: V;
  it('keeps the original\'s SHA-256, EXIF time and position, and a resized copy; HEIC is accepted', async () => {
    v = await record(unit.olive, type.trash, '2026-03-02');
    const jpeg = await photoJpeg();
    const res = await upload(v.id, jpeg, admin);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json() as { id: string; sha256: string };
    expect(p).toMatchObject({ kind: 'evidence', sha256: createHash('sha256').update(jpeg).digest('hex'), mime: 'image/jpeg', width: 2400, height: 1800, taken_at: '2026-03-02T10:15:00-08:00', latitude: 34.05, longitude: -118.25 });
    const original = await call('GET', `/violation-photos/${p.id}/original`);
    expect(createHash('sha256').update(original.rawPayload).digest('hex')).toBe(p.sha256);
    const resized = await call('GET', `/violation-photos/${p.id}/resized`);
    expect(resized.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(resized.rawPayload).metadata()).toMatchObject({ width: 1600, height: 1200 });
    const heic = await upload(v.id, HEIC, users.pm.token, {}, 'IMG_0001.HEIC');
    expect(heic.statusCode, heic.body).toBe(200);
    expect(heic.json()).toMatchObject({ mime: 'image/heic', sha256: createHash('sha256').update(HEIC).digest('hex'), width: 2000, height: 1500, taken_at: '2026-03-14T09:26:53-07:00' });
    const bad = await upload(v.id, Buffer.from('not a photo'), admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file is not a photo Covenant can read: send a JPEG, PNG, WebP, HEIC, TIFF or GIF image.');
  });

  it('an owner adds a proof-of-cure photo and asks for a hearing on their own violation only; the board reads, never uploads', async () => {
    const jpeg = await photoJpeg();
    const mine = await upload(v.id, jpeg, users.olive.token, { kind: 'cure' });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().kind).toBe('cure');
    expect((await upload(v.id, jpeg, users.pete.token, { kind: 'cure' })).statusCode).toBe(404);
    expect((await upload(v.id, jpeg, users.board.token)).statusCode).toBe(403);
    const id = (mine.json() as { id: string }).id;
    expect((await call('GET', `/violation-photos/${id}/thumbnail`, undefined, users.olive.token)).statusCode).toBe(200);
    expect((await call('GET', `/violation-photos/${id}/thumbnail`, undefined, users.board.token)).statusCode).toBe(200);
    expect((await call('GET', `/violation-photos/${id}/original`, undefined, users.pete.token)).statusCode).toBe(404);
    expect(await ok<V & { hearing_requested_on: string }>('POST', '/functions/requestHearing', { violation_id: v.id, reason: 'I fixed it' }, users.olive.token)).toMatchObject({ hearing_requested_on: new Date().toISOString().slice(0, 10) });
    expect((await call('POST', '/functions/requestHearing', { violation_id: v.id }, users.pete.token)).statusCode).toBe(404);
  });

  it('an owner never sees another owner\'s violation', async () => {
    const list = await ok<{ rows: Array<{ owner_id: string }>; total: number }>('GET', '/violations?limit=500', undefined, users.pete.token);
    expect(list.total).toBeGreaterThan(0);
    expect(list.rows.every((r) => r.owner_id === owner.pete.id)).toBe(true);
    const entities = await ok<V[]>('GET', '/entities/Violation?limit=500', undefined, users.pete.token);
    expect(entities.every((r) => r.owner_id === owner.pete.id)).toBe(true);
    expect((await call('GET', `/entities/Violation/${v.id}`, undefined, users.pete.token)).statusCode).toBe(404);
    expect((await call('GET', `/violations/${v.id}/timeline`, undefined, users.pete.token)).statusCode).toBe(404);
    const own = await ok<{ photos: unknown[]; steps: Array<{ step: string }> }>('GET', `/violations/${v.id}/timeline`, undefined, users.olive.token);
    expect(own.photos).toHaveLength(3);
    expect(own.steps.filter((s) => s.step === 'photo')).toHaveLength(3);
    expect((await ok<{ total: number }>('GET', '/violations?limit=500', undefined, users.board.token)).total).toBe((await ok<{ total: number }>('GET', '/violations?limit=500')).total);
  });

  it('inspection mode lists the units nearest the earlier violations\' and photos\' positions first, then by unit number', async () => {
    type U = { rows: Array<{ unit_number: string; distance_m: number | null }> };
    // Pete's unit is known by the position recorded with a violation (about 7 km from Olive's photo at 34.05, -118.25).
    await record(unit.pete, type.lawn, '2026-03-03', { latitude: 34.1, longitude: -118.3 });
    const near = await ok<U>('GET', '/violations/inspection-units?latitude=34.0501&longitude=-118.2501', undefined, users.pm.token);
    expect(near.rows.map((r) => r.unit_number)).toEqual(['V-olive', 'V-pete', 'V-empty', 'V-quinn']);
    expect(near.rows[0]!.distance_m).toBe(14);
    expect(near.rows[1]!.distance_m).toBeGreaterThan(7000);
    expect(near.rows[1]!.distance_m).toBeLessThan(7300);
    expect(near.rows.slice(2).map((r) => r.distance_m)).toEqual([null, null]);
    const near2 = await ok<U>('GET', '/violations/inspection-units?latitude=34.1&longitude=-118.3');
    expect(near2.rows.map((r) => r.unit_number).slice(0, 2)).toEqual(['V-pete', 'V-olive']);
    const plain = await ok<U>('GET', '/violations/inspection-units');
    expect(plain.rows.map((r) => r.unit_number)).toEqual(['V-empty', 'V-olive', 'V-pete', 'V-quinn']);
    expect(plain.rows.every((r) => r.distance_m === null)).toBe(true);
    const half = await call('GET', '/violations/inspection-units?latitude=34');
    expect(half.statusCode).toBe(400);
    expect(half.json().message).toBe('Give both latitude and longitude, or neither');
    expect((await call('GET', '/violations/inspection-units?latitude=95&longitude=0')).statusCode).toBe(400);
    expect((await call('GET', '/violations/inspection-units', undefined, users.board.token)).statusCode).toBe(403);
    expect((await call('GET', '/violations/inspection-units', undefined, users.olive.token)).statusCode).toBe(403);
  });
});
