import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { issueInvoice, pay, pdfText, setLetterhead } from './documents-helpers.ts';

/** A real SMTP server on loopback that keeps every message it accepts; it refuses mail to refuse@example.com. */
async function startSmtp() {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address === 'refuse@example.com') return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream).then((mail) => { received.push(mail); cb(); }, cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return { received, url: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Job = { id: string; status: string; total: number; done: number; sent: number; skipped: Array<{ id: string; reason: string }> };

async function waitForJob(t: TestApp, token: string, id: string): Promise<Job> {
  for (let i = 0; i < 600; i++) {
    const job = (await t.call('GET', `/mail-jobs/${id}`, { token })).json() as Job;
    if (job.status !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the mailing job did not finish');
}

describe('email over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;
  let admin: string;
  let ada: { id: string; email: string };
  let nobody: { id: string };
  let refused: { id: string };
  let other: { id: string };
  let adaUser: string;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ smtpUrl: smtp.url, smtpFrom: 'Maple Grove HOA <billing@maple.example>' });
    admin = (await createUser(t, 'admin')).token;
    await setLetterhead(t, admin);
    ada = (await makeOwner(t, admin, { owner_id: '710001', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' })) as { id: string; email: string };
    nobody = await makeOwner(t, admin, { owner_id: '710002', email: null });
    refused = await makeOwner(t, admin, { owner_id: '710003', email: 'refuse@example.com' });
    other = await makeOwner(t, admin, { owner_id: '710004', email: 'other@example.com' });
    adaUser = (await createUser(t, 'owner', { owner_id: ada.id })).token;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('emailInvoices delivers each issued invoice with its PDF attached and skips what cannot be sent, with the reason', async () => {
    const sent = await issueInvoice(t, admin, ada.id, '2026-05-01', 310.4);
    const draft = await issueInvoice(t, admin, ada.id, '2026-05-02', 10, { status: 'draft' });
    const cancelled = await issueInvoice(t, admin, ada.id, '2026-05-03', 20);
    await t.call('POST', '/functions/cancelInvoice', { token: admin, body: { id: cancelled.id, date: '2026-05-04' } });
    const noAddress = await issueInvoice(t, admin, nobody.id, '2026-05-01', 30);
    const bounced = await issueInvoice(t, admin, refused.id, '2026-05-01', 40);

    const res = await t.call('POST', '/functions/emailInvoices', { token: admin, body: { invoice_ids: [sent.id, draft.id, cancelled.id, noAddress.id, bounced.id] } });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.sent).toBe(1);
    expect(body.skipped).toEqual([
      { id: draft.id, reason: 'draft invoice (not issued)' },
      { id: cancelled.id, reason: 'cancelled invoice' },
      { id: noAddress.id, reason: 'no email address' },
      { id: bounced.id, reason: expect.stringMatching(/^delivery failed: .*550/) },
    ]);

    // (Account emails such as sign-up codes go to the same server.)
    const invoices = smtp.received.filter((m) => m.subject?.startsWith('Invoice'));
    expect(invoices).toHaveLength(1);
    const mail = invoices[0]!;
    expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('ada@example.com');
    expect(mail.from?.text).toContain('billing@maple.example');
    expect(mail.subject).toBe(`Invoice ${sent.invoice_number} from Maple Grove HOA`);
    expect(mail.text).toContain('for $310.40, due 2026-05-16');
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([[`${sent.invoice_number}.pdf`, 'application/pdf']]);
    const text = await pdfText(mail.attachments[0]!.content);
    for (const s of ['Maple Grove HOA', 'Invoice', sent.invoice_number, 'Ada Lovelace', '$310.40', 'Balance due']) expect(text, s).toContain(s);
  });

  it('emailStatements runs in the background with progress, and delivers each statement as a PDF', async () => {
    await pay(t, admin, ada.id, '2026-05-10', 100);
    const before = smtp.received.length;
    const res = await t.call('POST', '/functions/emailStatements', { token: admin, body: { owner_ids: [ada.id, nobody.id, ada.id], from: '2026-05-01', to: '2026-05-31' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'running', total: 2, done: 0 });
    const job = await waitForJob(t, admin, res.json().id);
    expect(job).toMatchObject({ status: 'done', total: 2, done: 2, sent: 1, skipped: [{ id: nobody.id, reason: 'no email address' }] });
    const mail = smtp.received.slice(before).filter((m) => m.subject?.startsWith('Your statement'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Your statement from Maple Grove HOA, 2026-05-01 to 2026-05-31');
    expect(mail[0]!.attachments[0]!.filename).toBe('statement-710001-2026-05-01-2026-05-31.pdf');
    const text = await pdfText(mail[0]!.attachments[0]!.content);
    // 310.40 billed, 20.00 billed and cancelled, 100.00 paid: 210.40 owed.
    for (const s of ['Statement', 'Account 710001', '2026-05-01 to 2026-05-31', '$310.40', '$100.00', 'Closing balance', '$210.40']) expect(text, s).toContain(s);
    expect(mail[0]!.text).toContain('Balance on 2026-05-31: $210.40.');
  });

  it('keeps a delivery log per owner that staff and the owner read, and another owner\'s is missing', async () => {
    const log = (await t.call('GET', `/owners/${ada.id}/deliveries`, { token: admin })).json();
    expect(log.total).toBe(4);
    expect(log.rows.map((r: Record<string, unknown>) => [r.kind, r.status, r.error, r.sent_by !== null]).sort()).toEqual([
      ['invoice', 'sent', null, true],
      ['invoice', 'skipped', 'cancelled invoice', true],
      ['invoice', 'skipped', 'draft invoice (not issued)', true],
      ['statement', 'sent', null, true],
    ]);
    expect((await t.call('GET', `/owners/${refused.id}/deliveries`, { token: admin })).json().rows[0]).toMatchObject({ status: 'failed', error: expect.stringContaining('550') });
    expect((await t.call('GET', `/owners/${ada.id}/deliveries`, { token: adaUser })).json().total).toBe(4);
    expect((await t.call('GET', `/owners/${other.id}/deliveries`, { token: adaUser })).statusCode).toBe(404);
  });

  it('refuses callers without invoices write, ids they cannot see and bad input', async () => {
    const inv = await issueInvoice(t, admin, other.id, '2026-05-01', 5);
    expect((await t.call('POST', '/functions/emailInvoices', { token: adaUser, body: { invoice_ids: [inv.id] } })).statusCode).toBe(403);
    expect((await t.call('POST', '/functions/emailStatements', { token: adaUser, body: { from: '2026-05-01', to: '2026-05-31' } })).statusCode).toBe(403);
    expect((await t.call('GET', '/mail-jobs/0123456789abcdef01234567', { token: adaUser })).statusCode).toBe(403);
    const before = smtp.received.length;
    const missing = await t.call('POST', '/functions/emailInvoices', { token: admin, body: { invoice_ids: [inv.id, '0123456789abcdef01234567'] } });
    expect(missing.statusCode).toBe(404);
    expect(smtp.received.length, 'nothing is sent when an id is missing').toBe(before);
    expect((await t.call('POST', '/functions/emailInvoices', { token: admin, body: { invoice_ids: [] } })).json().message).toMatch(/Select at least one invoice/);
    expect((await t.call('POST', '/functions/emailStatements', { token: admin, body: { from: '2026-06-01', to: '2026-05-01' } })).statusCode).toBe(400);
    expect((await t.call('POST', '/functions/emailStatements', { token: admin, body: { owner_ids: ['0123456789abcdef01234567'], from: '2026-05-01', to: '2026-05-31' } })).statusCode).toBe(404);
  });
});

describe('email without SMTP: the outbox keeps the message and its PDF', () => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await createUser(t, 'admin')).token;
    await setLetterhead(t, admin);
  });
  afterAll(async () => t?.close());

  it('emailInvoices and emailStatements (every active owner) put the messages with their attachments in the outbox', async () => {
    const a = await makeOwner(t, admin, { owner_id: '720001', first_name: 'Grace', last_name: 'Hopper', email: 'grace@example.com' });
    await makeOwner(t, admin, { owner_id: '720002', email: 'b@example.com' });
    await makeOwner(t, admin, { owner_id: '720003', email: 'inactive@example.com', status: 'inactive' });
    const inv = await issueInvoice(t, admin, a.id, '2026-04-01', 125);
    expect((await t.call('POST', '/functions/emailInvoices', { token: admin, body: { invoice_ids: [inv.id] } })).json()).toEqual({ sent: 1, skipped: [] });

    const started = (await t.call('POST', '/functions/emailStatements', { token: admin, body: { from: '2026-04-01', to: '2026-04-30' } })).json();
    expect(started.total).toBe(2);
    expect(await waitForJob(t, admin, started.id)).toMatchObject({ status: 'done', sent: 2, skipped: [] });

    const outbox = (await t.call('GET', '/outbox', { token: admin })).json() as Array<{ id: string; to: string; subject: string; attachments: Array<{ id: string; filename: string; content_type: string; size: number }> }>;
    const invoiceMail = outbox.find((m) => m.subject.startsWith('Invoice'))!;
    expect(invoiceMail.to).toBe('grace@example.com');
    expect(invoiceMail.attachments).toEqual([{ id: expect.any(String), filename: `${inv.invoice_number}.pdf`, content_type: 'application/pdf', size: expect.any(Number) }]);
    const file = await t.call('GET', `/outbox/${invoiceMail.id}/attachments/${invoiceMail.attachments[0]!.id}`, { token: admin });
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(await pdfText(file.rawPayload)).toContain(inv.invoice_number);
    const statements = outbox.filter((m) => m.subject.startsWith('Your statement'));
    expect(statements.map((m) => m.to).sort()).toEqual(['b@example.com', 'grace@example.com']);
    const grace = statements.find((m) => m.to === 'grace@example.com')!;
    const pdf = await t.call('GET', `/outbox/${grace.id}/attachments/${grace.attachments[0]!.id}`, { token: admin });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Grace Hopper');
    expect(text).toContain('$125.00');
    const log = (await t.call('GET', `/owners/${a.id}/deliveries`, { token: admin })).json();
    expect(log.rows.map((r: { status: string }) => r.status)).toEqual(['outbox', 'outbox']);
  });

  it('answers at once and keeps serving requests while a large run sends in the background', async () => {
    const many = Array.from({ length: 80 }, (_, i) => ({ owner_id: String(730000 + i), first_name: 'Bulk', last_name: `Owner${i}`, email: `bulk${i}@example.com` }));
    expect((await t.call('POST', '/entities/Owner/bulk', { token: admin, body: many })).statusCode).toBe(200);
    const started = (await t.call('POST', '/functions/emailStatements', { token: admin, body: { from: '2026-04-01', to: '2026-04-30' } })).json();
    expect(started).toMatchObject({ status: 'running', done: 0 });
    // Other requests are answered while the run is still going: it yields between owners.
    const health = await t.call('GET', '/api/health');
    expect(health.statusCode).toBe(200);
    const during = (await t.call('GET', `/mail-jobs/${started.id}`, { token: admin })).json();
    expect(during.status).toBe('running');
    expect(during.done).toBeLessThan(during.total);
    const job = await waitForJob(t, admin, started.id);
    expect(job).toMatchObject({ status: 'done', total: started.total, done: started.total, sent: started.total });
  });
});
