/**
 * One violation from inspection to fine, in California and in Florida, through the API as staff use it: the dates
 * each rule gives, every refusal a board meets on the way (with its message), and the fine on the owner's account.
 * The steps are printed as they happen (`WALKTHROUGH=1`), the transcript of the issue's closing note.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLetterhead } from './documents-helpers.ts';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';
import { expectBooksBalanced, fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
let admin: string;
let settingsId: string;
const say = (line: string) => {
  if (process.env.WALKTHROUGH) console.log(line);
};

async function post<T = Record<string, unknown>>(url: string, body: unknown, status = 200): Promise<T> {
  const res = await t.call('POST', url, { token: admin, body });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  return res.json() as T;
}
async function refusal(url: string, body: unknown, status: number, message: string): Promise<void> {
  const res = await t.call('POST', url, { token: admin, body });
  say(`    refused (${res.statusCode}): ${res.json().message}`);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  await fundsAndAccounts(t, admin);
  await setLetterhead(t, admin, { company_name: 'Walkthrough HOA' });
  const [settings] = (await t.call('GET', '/entities/OrgSettings', { token: admin })).json() as Array<{ id: string }>;
  settingsId = settings!.id;
}, 180_000);
afterAll(async () => t?.close());

async function setup(state: 'CA' | 'FL', n: number) {
  expect((await t.call('PUT', `/entities/OrgSettings/${settingsId}`, { token: admin, body: { state } })).statusCode).toBe(200);
  const owner = await makeOwner(t, admin, { owner_id: `93${n}001`, first_name: 'Wren', last_name: `Walker${state}`, email: `wren.${state.toLowerCase()}@example.com` });
  const unit = await makeProperty(t, admin, { unit_number: `W-${state}` });
  await post('/entities/OwnerProperty', { owner_id: owner.id, property_id: unit.id, ownership_percentage: 100, start_date: '2020-01-01' });
  const type = await post<{ id: string }>('/entities/ViolationType', { name: `Unapproved shed (${state})`, ccr_reference: 'CC&R 8.1', cure_days: 14, fine_amount: 100 });
  return { owner, unit, type };
}

async function timeline(id: string) {
  const res = await t.call('GET', `/violations/${id}/timeline`, { token: admin });
  expect(res.statusCode).toBe(200);
  return res.json() as { violation: { status: string; cure_by: string }; steps: Array<{ date: string; label: string; citation: string | null }> };
}

describe('a violation from inspection to fine', () => {
  it('California: notice 10 days before the hearing, the $100 cap, the decision notice within 15 days', async () => {
    const { unit, type, owner } = await setup('CA', 1);
    say('California (Civ. Code 5850-5865)');
    const v = await post<{ id: string; cure_by: string }>('/functions/recordViolation', { property_id: unit.id, violation_type_id: type.id, observed_on: '2026-10-05', description: 'Shed built in the side yard without approval' });
    say(`  2026-10-05 observed on an inspection; cure by ${v.cure_by}`);
    expect(v.cure_by).toBe('2026-10-19');
    await post('/functions/sendViolationNotice', { violation_id: v.id, kind: 'notice', sent_on: '2026-10-06' });
    say('  2026-10-06 notice of violation sent');
    say('  hearing on 2026-10-20, its notice sent 2026-10-11 (9 days before):');
    await refusal('/functions/scheduleHearing', { violation_id: v.id, scheduled_for: '2026-10-20', notice_sent_on: '2026-10-11' }, 422,
      'The hearing notice must be sent at least 10 days before the hearing on 2026-10-20; a notice sent on 2026-10-11 gives 9 days. Send it by 2026-10-10 or move the hearing to 2026-10-21 or later (Cal. Civ. Code § 5855(a)).');
    const hearing = await post<{ id: string }>('/functions/scheduleHearing', { violation_id: v.id, scheduled_for: '2026-10-20', notice_sent_on: '2026-10-10' });
    say('  2026-10-10 notice of hearing sent (10 days before): hearing scheduled for 2026-10-20');
    say('  2026-10-20 hearing, fine of $150:');
    await refusal('/functions/decideHearing', { hearing_id: hearing.id, outcome: 'fine', fine_amount: 150, decided_on: '2026-10-20' }, 422,
      'A fine may not exceed $100.00 per violation unless the board found in writing, at an open board meeting, that the violation may harm health or safety; $150.00 was asked (Cal. Civ. Code § 5850(c)-(d)).');
    const decided = await post<{ hearing: { fine_invoice_id: string; decision_notice_due_on: string }; decision_notice: { due_on: string; citation: string } }>('/functions/decideHearing', { hearing_id: hearing.id, outcome: 'fine', fine_amount: 100, decided_on: '2026-10-20' });
    expect(decided.decision_notice.due_on).toBe('2026-11-04');
    const invoice = (await t.call('GET', `/entities/Invoice/${decided.hearing.fine_invoice_id}`, { token: admin })).json() as { invoice_number: string; total_amount: number; owner_id: string };
    expect([invoice.total_amount, invoice.owner_id]).toEqual([100, owner.id]);
    say(`  2026-10-20 fined $100.00: invoice ${invoice.invoice_number} on the owner's account (4150 Fine Income); the decision notice is due by ${decided.decision_notice.due_on} (${decided.decision_notice.citation})`);
    const tl = await timeline(v.id);
    expect(tl.violation.status).toBe('fined');
    say('  timeline:');
    for (const s of tl.steps) say(`    ${s.date} ${s.label}${s.citation ? ` [${s.citation}]` : ''}`);
    await expectBooksBalanced(t);
  });

  it('Florida: 14 days\' notice, three independent committee members, $100 a violation, decision notice within 7 days', async () => {
    const { unit, type } = await setup('FL', 2);
    const director = await createUser(t, 'board_member');
    const members = [await createUser(t, 'owner'), await createUser(t, 'owner'), await createUser(t, 'owner')];
    say('Florida (Fla. Stat. 720.305)');
    const v = await post<{ id: string; cure_by: string }>('/functions/recordViolation', { property_id: unit.id, violation_type_id: type.id, observed_on: '2026-10-05', description: 'Shed built in the side yard without approval' });
    say(`  2026-10-05 observed on an inspection; cure by ${v.cure_by}`);
    await post('/functions/sendViolationNotice', { violation_id: v.id, kind: 'notice', sent_on: '2026-10-06' });
    say('  2026-10-06 notice of violation sent');
    const body = (notice: string, ids: string[]) => ({ violation_id: v.id, scheduled_for: '2026-10-26', notice_sent_on: notice, committee_member_ids: ids });
    say('  hearing on 2026-10-26, its notice sent 2026-10-13 (13 days before):');
    await refusal('/functions/scheduleHearing', body('2026-10-13', members.map((m) => m.id)), 422,
      'The hearing notice must be sent at least 14 days before the hearing on 2026-10-26; a notice sent on 2026-10-13 gives 13 days. Send it by 2026-10-12 or move the hearing to 2026-10-27 or later (Fla. Stat. § 720.305(2)).');
    say('  the same hearing with two committee members:');
    await refusal('/functions/scheduleHearing', body('2026-10-12', members.slice(0, 2).map((m) => m.id)), 422,
      'The hearing committee needs at least 3 members who are not directors, officers or employees; 2 members named (Fla. Stat. § 720.305(2)).');
    say('  with a director on the committee:');
    await refusal('/functions/scheduleHearing', body('2026-10-12', [director.id, members[0]!.id, members[1]!.id]), 422,
      'The hearing committee may not include directors, officers or employees of the association or their spouses, parents, children, brothers or sisters: Test board_member (a director or officer) (Fla. Stat. § 720.305(2)).');
    const hearing = await post<{ id: string }>('/functions/scheduleHearing', body('2026-10-12', members.map((m) => m.id)));
    say('  2026-10-12 notice of hearing sent (14 days before), three owners on the committee: hearing scheduled for 2026-10-26');
    say('  2026-10-26 hearing, fine of $120:');
    await refusal('/functions/decideHearing', { hearing_id: hearing.id, outcome: 'fine', fine_amount: 120, decided_on: '2026-10-26' }, 422,
      'A fine may not exceed $100.00 per violation; $120.00 was asked (Fla. Stat. § 720.305(2)).');
    const decided = await post<{ hearing: { fine_invoice_id: string }; decision_notice: { due_on: string; citation: string } }>('/functions/decideHearing', { hearing_id: hearing.id, outcome: 'fine', fine_amount: 100, decided_on: '2026-10-26' });
    expect(decided.decision_notice.due_on).toBe('2026-11-02');
    const invoice = (await t.call('GET', `/entities/Invoice/${decided.hearing.fine_invoice_id}`, { token: admin })).json() as { invoice_number: string; total_amount: number };
    say(`  2026-10-26 fined $100.00: invoice ${invoice.invoice_number} (4150 Fine Income); the decision notice is due by ${decided.decision_notice.due_on} (${decided.decision_notice.citation})`);
    const tl = await timeline(v.id);
    say('  timeline:');
    for (const s of tl.steps) say(`    ${s.date} ${s.label}${s.citation ? ` [${s.citation}]` : ''}`);
    await expectBooksBalanced(t);
  });
});
