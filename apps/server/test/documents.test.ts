import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, makeProperty, multipartForm, type Role, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
const tokens = {} as Record<'owner' | 'renter' | 'board' | 'manager' | 'guest', string>;
const doc: Record<string, string> = {};
const PDF = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

const call = (method: string, url: string, body?: unknown, token = admin) => t.call(method, url, { token, body });
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin): Promise<T> {
  const res = await call(method, url, body, token);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
function upload(fields: Record<string, string>, data: Buffer = PDF(fields.title ?? 'x'), token = admin, filename = 'doc.pdf') {
  const form = multipartForm([{ name: 'file', value: data, filename, contentType: 'application/pdf' }, ...Object.entries(fields).map(([name, value]) => ({ name, value }))]);
  return t.app.inject({ method: 'POST', url: `${t.base}/documents`, headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType }, payload: form.payload });
}
async function uploaded(fields: Record<string, string>): Promise<string> {
  const res = await upload(fields);
  expect(res.statusCode, res.body).toBe(200);
  return (doc[fields.title!] = res.json().id as string);
}
const titles = async (token: string, query = '') => (await ok<{ rows: Array<{ title: string }> }>('GET', `/documents${query}`, undefined, token)).rows.map((r) => r.title).sort();
const setState = async (state: string) => {
  const [s] = await ok<Array<{ id: string }>>('GET', '/entities/OrgSettings');
  if (s) await ok('PUT', `/entities/OrgSettings/${s.id}`, { state });
  else await ok('POST', '/entities/OrgSettings', { company_name: 'Palm Shores HOA', state });
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  const o = await makeOwner(t, admin);
  const user = async (role: Role, opts: { owner_id?: string } = {}) => (await createUser(t, role, opts)).token;
  tokens.owner = await user('owner', { owner_id: o.id });
  tokens.renter = await user('renter');
  tokens.board = await user('board_member');
  tokens.manager = await user('property_manager');
  tokens.guest = await user('guest_contact');
  await uploaded({ title: 'Declaration', category: 'governing', visibility: 'public', effective_date: '2020-01-01' });
  await uploaded({ title: 'Pool rules', category: 'rules', visibility: 'owners' });
  await uploaded({ title: 'Board minutes', category: 'minutes', visibility: 'board' });
  await uploaded({ title: 'Staff contract', category: 'contracts', visibility: 'staff' });
}, 120_000);
afterAll(async () => t?.close());

describe('documents', () => {
  it('filters reads by visibility per role, on the list and on the file', async () => {
    const all = ['Board minutes', 'Declaration', 'Pool rules', 'Staff contract'];
    expect(await titles(admin)).toEqual(all);
    expect(await titles(tokens.manager)).toEqual(all);
    expect(await titles(tokens.board)).toEqual(['Board minutes', 'Declaration', 'Pool rules']);
    expect(await titles(tokens.owner)).toEqual(['Declaration', 'Pool rules']);
    expect((await call('GET', '/documents', undefined, tokens.renter)).statusCode).toBe(403);
    // The owner downloads what they may read; a board or staff document is a 404 to them, as a missing one.
    const file = await call('GET', `/documents/${doc['Pool rules']}/file`, undefined, tokens.owner);
    expect(file.statusCode, file.body).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.body).toContain('% Pool rules');
    for (const title of ['Board minutes', 'Staff contract']) {
      const res = await call('GET', `/documents/${doc[title]}/file`, undefined, tokens.owner);
      expect(res.statusCode, title).toBe(404);
      expect(res.json().message).toBe('Document not found');
    }
    expect((await call('GET', `/documents/${doc['Staff contract']}/file`, undefined, tokens.board)).statusCode).toBe(404);
    expect((await call('GET', `/documents/${doc['Board minutes']}/file`, undefined, tokens.board)).statusCode).toBe(200);
    expect((await call('GET', '/documents?category=rules', undefined, tokens.owner)).json().rows).toHaveLength(1);
  });

  it('lets staff only upload, change and delete', async () => {
    for (const token of [tokens.owner, tokens.board]) {
      const res = await upload({ title: 'Mine', category: 'other', visibility: 'public' }, PDF('x'), token);
      expect(res.statusCode).toBe(403);
      expect((await call('PUT', `/documents/${doc['Declaration']}`, { visibility: 'public' }, token)).statusCode).toBe(403);
      expect((await call('DELETE', `/documents/${doc['Declaration']}`, undefined, token)).statusCode).toBe(403);
    }
  });

  it('refuses what cannot be a document, in words', async () => {
    const cases: Array<[Record<string, string>, Buffer, number, RegExp]> = [
      [{ title: 'x', category: 'gossip', visibility: 'public' }, PDF('x'), 400, /Category must be one of governing/],
      [{ title: 'x', category: 'rules', visibility: 'everyone' }, PDF('x'), 400, /Visibility must be public, owners, board or staff/],
      [{ title: 'x', category: 'rules', visibility: 'public' }, Buffer.from('MZ executable'), 400, /Only PDF files and images/],
      [{ title: 'x', category: 'rules', visibility: 'public', supersedes_id: '0123456789abcdef01234567' }, PDF('x'), 400, /Supersedes: the document it replaces does not exist/],
    ];
    for (const [fields, data, status, message] of cases) {
      const res = await upload(fields, data);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    expect((await call('PUT', '/documents/0123456789abcdef01234567', { title: 'x' })).statusCode).toBe(404);
  });

  it('hides a superseded document from the list unless asked, and the checklist counts only current ones', async () => {
    const newer = await uploaded({ title: 'Pool rules 2026', category: 'rules', visibility: 'owners', supersedes_id: doc['Pool rules']!, effective_date: '2026-01-01' });
    expect(await titles(tokens.owner)).toEqual(['Declaration', 'Pool rules 2026']);
    const listed = await ok<{ rows: Array<{ title: string; is_superseded: boolean }> }>('GET', '/documents?include_superseded=true', undefined, tokens.owner);
    expect(listed.rows.find((r) => r.title === 'Pool rules')?.is_superseded).toBe(true);
    expect(newer).toMatch(/^[0-9a-f]{24}$/);
  });
});

describe('the records checklist', () => {
  it('applies in Florida with 100 or more units, and says which categories have a current document', async () => {
    await setState('FL');
    for (let i = 0; i < 99; i++) await makeProperty(t, admin);
    let list = await ok<{ applies: boolean; unit_count: number; message: string }>('GET', '/documents/records-checklist');
    expect(list).toMatchObject({ applies: false, unit_count: 99 });
    expect(list.message).toBe('The posting rule applies to Florida associations of 100 or more units (Fla. Stat. § 720.303(4)(b)); this association is in FL with 99 units.');
    await makeProperty(t, admin);
    const checklist = await ok<{ applies: boolean; citation: string; items: Array<{ category: string; posted: boolean; document_title: string | null }> }>('GET', '/documents/records-checklist', undefined, tokens.board);
    expect(checklist.applies).toBe(true);
    expect(checklist.citation).toBe('Fla. Stat. § 720.303(4)(b)');
    // The staff-only contract does not count: owners cannot read it.
    expect(checklist.items.map((i) => [i.category, i.posted, i.document_title])).toEqual([
      ['governing', true, 'Declaration'],
      ['rules', true, 'Pool rules 2026'],
      ['contracts', false, null],
      ['budget', false, null],
      ['financial', false, null],
    ]);
    await setState('CA');
    list = await ok('GET', '/documents/records-checklist');
    expect(list.applies).toBe(false);
    for (const token of [tokens.owner, tokens.renter]) expect((await call('GET', '/documents/records-checklist', undefined, token)).statusCode).toBe(403);
  });
});

describe('records requests', () => {
  it('computes the due day by the state rule: CA 10 business days this fiscal year, 30 calendar days the two before', async () => {
    await setState('CA');
    // Friday 2026-11-20; Thanksgiving (11-26) and the weekends are skipped: 10 business days is 2026-12-07.
    const current = await ok<{ due_on: string; due_rule: string; records_fiscal_year: number }>('POST', '/records-requests', { requested_by: 'Ana Owner', description: 'Minutes of 2026', received_on: '2026-11-20' });
    expect(current).toMatchObject({ due_on: '2026-12-07', records_fiscal_year: 2026 });
    expect(current.due_rule).toContain('Cal. Civ. Code § 5210(b)');
    const prior = await ok<{ due_on: string }>('POST', '/records-requests', { requested_by: 'Ana Owner', description: 'Budget of 2024', received_on: '2026-11-20', records_fiscal_year: 2024 });
    expect(prior.due_on).toBe('2026-12-20');
    const old = await ok<{ due_on: string | null; due_rule: string }>('POST', '/records-requests', { requested_by: 'Ana Owner', description: 'Ledger of 2020', received_on: '2026-11-20', records_fiscal_year: 2020 });
    expect(old.due_on).toBeNull();
    expect(old.due_rule).toMatch(/^No deadline applies to records of fiscal year 2020/);
    await setState('FL');
    expect((await ok<{ due_on: string }>('POST', '/records-requests', { requested_by: 'Bo', description: 'Contracts', received_on: '2026-11-20', records_fiscal_year: 2024 })).due_on).toBe('2026-12-07');
  });

  it('records fulfilment and the fee in cents; refuses bad input and non-staff', async () => {
    const r = await ok<{ id: string }>('POST', '/records-requests', { requested_by: 'Cy', description: 'Insurance', received_on: '2026-02-02', fee_cents: 1250 });
    const done = await ok<{ fulfilled_on: string; fee_cents: number }>('PUT', `/records-requests/${r.id}`, { fulfilled_on: '2026-02-05', fee_cents: 1500 });
    expect(done).toMatchObject({ fulfilled_on: '2026-02-05', fee_cents: 1500 });
    const early = await call('PUT', `/records-requests/${r.id}`, { fulfilled_on: '2026-01-01' });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe('Fulfilled on: a request cannot be fulfilled before it was received (2026-02-02)');
    const cases: Array<[Record<string, unknown>, RegExp]> = [
      [{ requested_by: 'x', description: 'x', received_on: '02/02/2026' }, /Received on must be a date/],
      [{ requested_by: 'x', description: 'x', received_on: '2026-02-02', fee_cents: -1 }, /Fee cannot be negative/],
      [{ requested_by: 'x', description: 'x', received_on: '2026-02-02', records_fiscal_year: 2027 }, /fiscal year 2027 has not begun on 2026-02-02/],
      [{ requested_by: 'x', description: 'x', received_on: '2026-02-02', owner_id: '0123456789abcdef01234567' }, /Owner does not exist/],
    ];
    for (const [body, message] of cases) {
      const res = await call('POST', '/records-requests', body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    for (const token of [tokens.owner, tokens.board, tokens.renter]) {
      expect((await call('GET', '/records-requests', undefined, token)).statusCode).toBe(403);
      expect((await call('POST', '/records-requests', { requested_by: 'x', description: 'x', received_on: '2026-02-02' }, token)).statusCode).toBe(403);
    }
    expect((await call('PUT', '/records-requests/0123456789abcdef01234567', { fee_cents: 1 })).statusCode).toBe(404);
    expect((await ok<{ total: number }>('GET', '/records-requests', undefined, tokens.manager)).total).toBe(5);
  });
});
