/**
 * The defects of issue 16, each with the test that failed before its fix: the application order of an
 * invoice no run billed, answers to signed-out small bodies and to oversized bulk bodies, a single
 * verification email on registration.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundsAndAccounts } from './ledger-helpers.ts';
import { createTestApp, createUser, makeOwner, makeProperty, outbox, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; token: string; email: string };
let port: number;

const ok = async <T = Record<string, unknown>>(method: string, url: string, body?: unknown, token = admin.token): Promise<T> => {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
}, 120_000);
afterAll(async () => t?.close());

describe('payment application order: an invoice no run billed is not an assessment', () => {
  it('under assessments_first, a 50.00 charge to Other Income dated before the assessment is paid after it', async () => {
    const { accounts } = await fundsAndAccounts(t, admin.token);
    const settings = await ok<{ id: string }>('POST', '/entities/OrgSettings', { company_name: 'Order HOA', payment_application_order: 'assessments_first' });
    expect(settings.id).toEqual(expect.any(String));
    const dues = await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'DUES16', description: 'Dues', unit_price: 0, account_id: accounts['4000'] });
    const owner = await makeOwner(t, admin.token, { owner_id: '716001' });
    const unit = await makeProperty(t, admin.token, { unit_number: 'Q-1', monthly_hoa_fee: 200 });
    await ok('POST', '/entities/OwnerProperty', { owner_id: owner.id, property_id: unit.id, ownership_percentage: 100 });
    // The other charge first: dated (and due) a month before the assessment.
    const other = await ok<{ id: string }>('POST', '/functions/saveInvoice', {
      owner_id: owner.id, invoice_date: '2026-01-05', due_date: '2026-01-20', status: 'sent',
      lines: [{ description: 'Clubhouse rental', quantity: 1, unit_price: 50, account_id: accounts['4900'] }],
    });
    await ok('POST', '/entities/AssessmentSchedule', { name: 'Dues', product_id: dues.id, frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2026-02-01', end_date: '2026-02-28', property_ids: [unit.id] });
    const run = await ok<{ items: Array<{ invoice_id: string }> }>('POST', '/functions/runAssessments', { as_of: '2026-02-01' });
    expect(run.items).toHaveLength(1);

    const paid = await ok<{ applications: Array<{ invoice_id: string; amount_applied: number }>; unapplied: number }>('POST', '/functions/recordPayment', {
      owner_id: owner.id, amount: 200, payment_date: '2026-02-10',
    });
    expect(paid.applications).toEqual([expect.objectContaining({ invoice_id: run.items[0]!.invoice_id, amount_applied: 200 })]);
    const otherAfter = await ok<{ balance_due: number }>('GET', `/entities/Invoice/${other.id}`);
    expect(otherAfter.balance_due).toBe(50);
  });
});

/** One request over a real socket: status, headers and whether the socket was reset before an answer. */
function rawRequest(path: string, opts: { method?: string; headers?: Record<string, string>; body?: Buffer; agent?: false }): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path, method: opts.method ?? 'POST', headers: { ...(opts.headers ?? {}), ...(opts.body ? { 'content-length': String(opts.body.length) } : {}) }, agent: opts.agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    // Headers first, then the body a moment later: the window in which a server that answers early hangs up.
    req.flushHeaders();
    setTimeout(() => req.end(opts.body), 15);
  });
}

describe('signed-out small bodies get 401, never a reset', () => {
  const boundary = 'covenant16';
  const csv = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="o.csv"\r\nContent-Type: text/csv\r\n\r\nowner_id,first_name\n1,A\r\n--${boundary}--\r\n`);
  const cases = [
    { what: 'a 30-byte CSV import', path: '/entities/Owner/import', type: `multipart/form-data; boundary=${boundary}`, body: csv },
    { what: 'an image upload', path: '/integration-endpoints/Core/UploadFile', type: `multipart/form-data; boundary=${boundary}`, body: Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`), Buffer.alloc(40_000, 7), Buffer.from(`\r\n--${boundary}--\r\n`)]) },
    { what: 'a small function call', path: '/functions/runAssessments', type: 'application/json', body: Buffer.from('{"dry_run":true}') },
    { what: 'a bulk create', path: '/entities/Owner/bulk', type: 'application/json', body: Buffer.from('[{"owner_id":"1"}]') },
  ];
  for (const c of cases) {
    it(`${c.what}: 401 with the JSON error, and the connection stays open`, async () => {
      for (let i = 0; i < 20; i++) {
        const res = await rawRequest(`${t.base}${c.path}`, { headers: { 'content-type': c.type }, body: c.body });
        expect(res.status).toBe(401);
        expect(JSON.parse(res.body)).toMatchObject({ code: 'auth_required' });
        expect(res.headers.connection, 'the server keeps the connection: it read the small body').not.toBe('close');
      }
    });
  }

  it('a signed-in administrator\'s 21 MB body to /entities/Owner/bulk gets 413 with the JSON error', async () => {
    const body = Buffer.alloc(21 * 1024 * 1024, 0x20);
    for (let i = 0; i < 3; i++) {
      const res = await rawRequest(`${t.base}/entities/Owner/bulk`, { headers: { 'content-type': 'application/json', authorization: `Bearer ${admin.token}` }, body });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toMatchObject({ code: 'request_too_large' });
      // Closing while the client still sends is what a client sees as a reset: the server reads the rest instead.
      expect(res.headers.connection, 'the server keeps the connection while the rest of the body arrives').not.toBe('close');
    }
  });
});

describe('registration', () => {
  it('sends one verification email, whose code verifies', async () => {
    await ok('POST', '/users/invite-user', { user_email: 'one.code@example.com', role: 'owner' });
    const reg = await t.call('POST', '/auth/register', { body: { email: 'one.code@example.com', password: 'long-enough-16' } });
    expect(reg.statusCode, reg.body).toBe(200);
    const codes = (await outbox(t, admin.token)).filter((m) => m.to === 'one.code@example.com' && /\b\d{6}\b/.test(m.text));
    expect(codes).toHaveLength(1);
    const code = /\b(\d{6})\b/.exec(codes[0]!.text)![1];
    const verified = await t.call('POST', '/auth/verify-otp', { body: { email: 'one.code@example.com', otp_code: code } });
    expect(verified.statusCode, verified.body).toBe(200);
  });
});

describe('owners invited to the portal are linked to their owner record', () => {
  const register = async (address: string) => {
    const reg = await t.call('POST', '/auth/register', { body: { email: address, password: 'long-enough-16' } });
    expect(reg.statusCode, reg.body).toBe(200);
    const mail = (await outbox(t, admin.token)).filter((m) => m.to === address && /\b\d{6}\b/.test(m.text)).at(-1)!;
    const verified = await t.call('POST', '/auth/verify-otp', { body: { email: address, otp_code: /\b(\d{6})\b/.exec(mail.text)![1] } });
    expect(verified.statusCode, verified.body).toBe(200);
    return verified.json() as { access_token: string; user: { owner_id: string | null; user_role: string } };
  };

  it('invite-user with the email of exactly one owner record links the new user; My Account shows that owner', async () => {
    const owner = await makeOwner(t, admin.token, { owner_id: '716101', email: 'Linked.Owner@Example.com' });
    await ok('POST', '/users/invite-user', { user_email: 'linked.owner@example.com', role: 'owner' });
    const { access_token, user } = await register('linked.owner@example.com');
    expect(user).toMatchObject({ owner_id: owner.id, user_role: 'owner' });
    const account = await t.call('GET', '/my-account', { token: access_token });
    expect(account.statusCode, account.body).toBe(200);
    expect(account.json().owner).toMatchObject({ id: owner.id });
  });

  it('an email two owner records share links nobody by invite-user', async () => {
    await makeOwner(t, admin.token, { owner_id: '716102', email: 'shared@example.com' });
    await makeOwner(t, admin.token, { owner_id: '716103', email: 'shared@example.com' });
    await ok('POST', '/users/invite-user', { user_email: 'shared@example.com', role: 'owner' });
    expect((await register('shared@example.com')).user.owner_id).toBeNull();
  });

  it('inviteOwners invites every active owner with an email, skips the others with the reason, and the cards say who has a sign-in', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await createUser(fresh, 'admin');
      const mk = (over: Record<string, unknown>) => makeOwner(fresh, boss.token, over);
      const a = await mk({ owner_id: '716201', email: 'a@example.com' });
      const b = await mk({ owner_id: '716202', email: 'b@example.com', resident_status: 'renter' });
      const noEmail = await mk({ owner_id: '716203', email: null });
      await mk({ owner_id: '716204', email: 'gone@example.com', status: 'inactive' });
      const dupe = await mk({ owner_id: '716205', email: 'A@example.com' });
      const already = await mk({ owner_id: '716206', email: 'already@example.com' });
      await createUser(fresh, 'owner', { email: 'already@example.com', owner_id: already.id });

      const res = await fresh.call('POST', '/functions/inviteOwners', { token: boss.token, body: {} });
      expect(res.statusCode, res.body).toBe(200);
      const answer = res.json() as { invited: number; skipped: Array<{ owner_id: string; reason: string }> };
      expect(answer.invited).toBe(2);
      expect(answer.skipped).toEqual(expect.arrayContaining([
        { owner_id: dupe.id, name: `Pat ${dupe.last_name as string}`, reason: 'Another owner has the same email address' },
        { owner_id: already.id, name: `Pat ${already.last_name as string}`, reason: 'Already has a sign-in' },
      ]));
      expect(answer.skipped.map((s) => s.owner_id)).not.toContain(noEmail.id); // not a candidate without owner_ids
      const mails = (await outbox(fresh, boss.token)).filter((m) => m.subject === 'You are invited to Covenant');
      expect(mails.map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);

      // Named owners: the one without an email is skipped with its reason; another association's id is a 404.
      const named = await fresh.call('POST', '/functions/inviteOwners', { token: boss.token, body: { owner_ids: [noEmail.id, b.id] } });
      expect(named.json()).toEqual({ invited: 1, skipped: [{ owner_id: noEmail.id, name: `Pat ${noEmail.last_name as string}`, reason: 'No email address' }] });
      expect((await fresh.call('POST', '/functions/inviteOwners', { token: boss.token, body: { owner_ids: ['0123456789abcdef01234567'] } })).statusCode).toBe(404);

      const page = (await fresh.call('GET', '/lists/owners?limit=50', { token: boss.token })).json() as { rows: Array<{ id: string; portal: string | null }> };
      const portal = Object.fromEntries(page.rows.map((r) => [r.id, r.portal]));
      expect(portal).toMatchObject({ [a.id]: 'invited', [b.id]: 'invited', [already.id]: 'signed_up', [noEmail.id]: null });

      // The renter registers with the renter role, linked to their record.
      const reg = await fresh.call('POST', '/auth/register', { body: { email: 'b@example.com', password: 'long-enough-16' } });
      expect(reg.statusCode).toBe(200);
      const code = /\b(\d{6})\b/.exec((await outbox(fresh, boss.token)).filter((m) => m.to === 'b@example.com' && /code/i.test(m.subject)).at(-1)!.text)![1];
      const verified = (await fresh.call('POST', '/auth/verify-otp', { body: { email: 'b@example.com', otp_code: code } })).json();
      expect(verified.user).toMatchObject({ owner_id: b.id, user_role: 'renter' });

      // Owners may not invite; property managers may.
      const ownerUser = await createUser(fresh, 'owner', { owner_id: a.id });
      expect((await fresh.call('POST', '/functions/inviteOwners', { token: ownerUser.token, body: {} })).statusCode).toBe(403);
      const pm = await createUser(fresh, 'property_manager');
      expect((await fresh.call('POST', '/functions/inviteOwners', { token: pm.token, body: { owner_ids: [a.id] } })).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });
});

describe('runs as of an earlier date use the balances of that date', () => {
  it('a late fee and a collection step as of February see the January charge unpaid, though it is paid in March', async () => {
    const fresh = await createTestApp();
    try {
      const boss = await createUser(fresh, 'admin');
      const call = async <T>(url: string, body: unknown): Promise<T> => {
        const res = await fresh.call('POST', url, { token: boss.token, body });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
        return res.json() as T;
      };
      const { accounts } = await fundsAndAccounts(fresh, boss.token);
      const item = await call<{ id: string }>('/entities/Product', { product_code: 'DUES', description: 'Dues', unit_price: 0, account_id: accounts['4000'] });
      const fee = await call<{ id: string }>('/entities/Product', { product_code: 'LATE', description: 'Late fee', unit_price: 0, account_id: accounts['4100'] });
      await call('/entities/LateFeeRule', { name: 'Ten percent', grace_days: 0, fee_type: 'percent', percent: 10, product_ids: [item.id], late_fee_product_id: fee.id });
      await call('/entities/CollectionStage', { name: 'Reminder', days_past_due: 30, letter_subject: 'Past due', letter_body: 'Dear {{owner_name}}, {{past_due_balance}} is past due.' });
      const owner = await makeOwner(fresh, boss.token, { owner_id: '716301' });
      const inv = await call<{ id: string }>('/functions/saveInvoice', {
        owner_id: owner.id, invoice_date: '2026-01-01', due_date: '2026-01-15', status: 'sent', lines: [{ product_id: item.id, quantity: 1, unit_price: 100 }],
      });
      // 60.00 paid on February 20th, the rest on March 10th: paid in full today.
      await call('/functions/recordPayment', { owner_id: owner.id, amount: 60, payment_date: '2026-02-20', invoice_ids: [inv.id] });
      await call('/functions/recordPayment', { owner_id: owner.id, amount: 40, payment_date: '2026-03-10', invoice_ids: [inv.id] });

      type Run = { items: Array<{ kind: string; amount: number; charged_invoice_number: string | null; owner_id: string }> };
      const feb1 = await call<Run>('/functions/runLateFees', { as_of: '2026-02-01', dry_run: true });
      expect(feb1.items).toEqual([expect.objectContaining({ kind: 'late_fee', amount: 10, owner_id: owner.id })]); // 10% of 100.00
      const feb25 = await call<Run>('/functions/runLateFees', { as_of: '2026-02-25', dry_run: true });
      expect(feb25.items).toEqual([expect.objectContaining({ kind: 'late_fee', amount: 4 })]); // 10% of the 40.00 left then
      expect((await call<Run>('/functions/runLateFees', { as_of: '2026-03-11', dry_run: true })).items).toEqual([]);

      const collections = await call<{ items: Array<{ owner_id: string; past_due_balance: number; days_past_due: number }> }>('/functions/runCollections', { as_of: '2026-02-16', dry_run: true });
      expect(collections.items).toEqual([expect.objectContaining({ owner_id: owner.id, past_due_balance: 100, days_past_due: 32 })]);
      expect((await call<{ items: unknown[] }>('/functions/runCollections', { as_of: '2026-03-11', dry_run: true })).items).toEqual([]);

      // A cancellation after the date: the charge was still owed then.
      const later = await call<{ id: string }>('/functions/saveInvoice', {
        owner_id: owner.id, invoice_date: '2026-04-01', due_date: '2026-04-15', status: 'sent', lines: [{ product_id: item.id, quantity: 1, unit_price: 50 }],
      });
      await call('/functions/cancelInvoice', { id: later.id, date: '2026-06-01', reason: 'Billed in error' });
      expect((await call<Run>('/functions/runLateFees', { as_of: '2026-05-01', dry_run: true })).items).toEqual([expect.objectContaining({ kind: 'late_fee', amount: 5 })]);
      expect((await call<Run>('/functions/runLateFees', { as_of: '2026-06-02', dry_run: true })).items).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
