import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { today } from '../src/lib/context.ts';
import { lettersSent } from '../src/features/collections/collections.service.ts';
import { issueInvoice, pay, pdfText, setLetterhead } from './documents-helpers.ts';
import { createTestApp, createUser, makeOwner, signIn, type TestApp } from './helpers.ts';
import { expectBooksBalanced, fundsAndAccounts } from './ledger-helpers.ts';

let t: TestApp;
let token: string;
let accounts: Record<string, string>;
let feeSmall: string;
let feeLarge: string;
let duesItem: string;
const stage: Record<string, string> = {};
const owner: Record<'dana' | 'eli' | 'fay' | 'gus', { id: string }> = {} as never;

const call = (method: string, url: string, body?: unknown, as = token) => t.call(method, url, { token: as, body });
async function ok<T = Record<string, unknown>>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await call(method, url, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const rows = async <T>(query: ReturnType<typeof sql>) => (await t.db.db.execute(query)).rows as T[];

type Step = { owner_id: string; stage_name: string; days_past_due: number; past_due_balance: number; fee_amount: number; subject: string; letter_id: string | null; status: string | null; fee_invoice_id: string | null };
type Run = { count: number; total: number; closed: number; items: Step[]; run_id: string | null };
const run = (as_of: string, dry_run = false) => ok<Run>('POST', '/functions/runCollections', { as_of, dry_run });
const who = (r: Run) => r.items.map((i) => [Object.entries(owner).find(([, o]) => o.id === i.owner_id)![0], i.stage_name, i.days_past_due, i.past_due_balance]);
const strip = (items: Step[]) => items.map(({ letter_id: _l, status: _s, fee_invoice_id: _f, ...rest }) => rest);

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  ({ accounts } = await fundsAndAccounts(t, token));
  await setLetterhead(t, token, { company_name: 'Maple Grove HOA' });
  feeSmall = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'COLL25', description: 'Collection fee', unit_price: 25, account_id: accounts['4100'] })).id;
  feeLarge = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'LIEN50', description: 'Lien notice fee', unit_price: 50, account_id: accounts['4100'] })).id;
  owner.dana = await makeOwner(t, token, { owner_id: '810001', first_name: 'Dana', last_name: 'Diaz', email: 'dana@example.com', mailing_address: '1 Oak Lane', city: 'Springfield' });
  owner.eli = await makeOwner(t, token, { owner_id: '810002', first_name: 'Eli', last_name: 'Ebert', email: '' });
  owner.fay = await makeOwner(t, token, { owner_id: '810003', first_name: 'Fay', last_name: 'Fox', email: 'fay@example.com' });
  owner.gus = await makeOwner(t, token, { owner_id: '810004', first_name: 'Gus', last_name: 'Gray', email: 'gus@example.com' });
  duesItem = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'DUES', description: 'Dues', unit_price: 300, account_id: accounts['4000'] })).id;
  const dues = { lines: [{ product_id: duesItem, description: 'HOA dues', quantity: 1, unit_price: 300 }] };
  const january = new Map<string, string>();
  for (const o of Object.values(owner)) january.set(o.id, (await issueInvoice(t, token, o.id, '2026-01-01', 300, dues)).id); // due 2026-01-16
  await pay(t, token, owner.gus.id, '2026-01-20', 300, [january.get(owner.gus.id)!]);
}, 120_000);
afterAll(async () => t?.close());

describe('collection stages', () => {
  it('refuses a stage that cannot work, in words', async () => {
    const base = { name: 'Reminder', days_past_due: 30, letter_subject: 'Past due', letter_body: 'Dear {{owner_name}}' };
    const cases: Array<[Record<string, unknown>, number, RegExp]> = [
      [{ ...base, letter_body: 'Dear {{owner}}, pay {{amount_due}}' }, 400, /Letter body: unknown placeholder \{\{owner\}\}, \{\{amount_due\}\}; use \{\{owner_name\}\}/],
      [{ ...base, days_past_due: 0 }, 400, /Days past due/],
      [{ ...base, letter_subject: ' ' }, 400, /Letter subject is required/],
      [{ ...base, fee_product_id: '0123456789abcdef01234567' }, 400, /Fee item does not exist/],
    ];
    for (const [body, status, message] of cases) {
      const res = await call('POST', '/entities/CollectionStage', body);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().message).toMatch(message);
    }
    const free = (await ok<{ id: string }>('POST', '/entities/Product', { product_code: 'FREE', description: 'No price', unit_price: 0, account_id: accounts['4100'] })).id;
    expect((await call('POST', '/entities/CollectionStage', { ...base, fee_product_id: free })).json().message).toMatch(/the item's price is the fee/);
  });

  it('sets up the ladder; two stages cannot start on the same day', async () => {
    stage.reminder = (await ok<{ id: string }>('POST', '/entities/CollectionStage', {
      name: 'Friendly reminder', days_past_due: 30, letter_subject: 'Your account {{account_number}} is past due',
      letter_body: 'Dear {{owner_name}},\nYour account is {{days_past_due}} days past due: {{past_due_balance}} (oldest charge due {{oldest_due_date}}). Units: {{units}}.\n{{association_name}}',
    })).id;
    stage.second = (await ok<{ id: string }>('POST', '/entities/CollectionStage', {
      name: 'Second notice', days_past_due: 60, min_balance: 100, fee_product_id: feeSmall, letter_subject: 'Second notice', letter_body: 'A fee of {{fee_amount}} was charged. Balance {{balance}}.',
    })).id;
    stage.lien = (await ok<{ id: string }>('POST', '/entities/CollectionStage', {
      name: 'Notice of intent to lien', days_past_due: 90, fee_product_id: feeLarge, requires_approval: true, letter_subject: 'Intent to lien', letter_body: 'Dear {{first_name}} {{last_name}}, {{stage_name}} on {{date}}.',
    })).id;
    const dup = await call('POST', '/entities/CollectionStage', { name: 'Other', days_past_due: 60, letter_subject: 's', letter_body: 'b' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('Days past due: the stage "Second notice" already starts at 60 days');
  });
});

describe('payment plans', () => {
  it('refuses installments out of order, a second active plan and a plan of an unknown owner', async () => {
    const bad = await call('POST', '/entities/PaymentPlan', { owner_id: owner.fay.id, start_date: '2026-02-01', installments: [{ due_date: '2026-01-15', amount: 100 }] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Installment 1 is due before the plan starts/);
    expect((await call('POST', '/entities/PaymentPlan', { owner_id: owner.fay.id, start_date: '2026-02-01', installments: [{ due_date: '2026-03-01', amount: 0 }] })).json().message).toMatch(/more than zero/);
    expect((await call('POST', '/entities/PaymentPlan', { owner_id: '0123456789abcdef01234567', start_date: '2026-02-01', installments: [{ due_date: '2026-03-01', amount: 5 }] })).json().message).toMatch(/Owner does not exist/);
    const plan = await ok<{ id: string; total_amount: number; status: string }>('POST', '/entities/PaymentPlan', {
      owner_id: owner.fay.id, start_date: '2026-02-01', grace_days: 5,
      installments: [{ due_date: '2026-02-15', amount: 100 }, { due_date: '2026-03-15', amount: 100 }, { due_date: '2026-04-15', amount: 100 }],
    });
    expect(plan).toMatchObject({ total_amount: 300, status: 'active', owner: { id: owner.fay.id, owner_id: '810003', first_name: 'Fay', last_name: 'Fox' } });
    const second = await call('POST', '/entities/PaymentPlan', { owner_id: owner.fay.id, start_date: '2026-02-01', installments: [{ due_date: '2026-03-01', amount: 5 }] });
    expect(second.statusCode).toBe(409);
    await pay(t, token, owner.fay.id, '2026-02-14', 100);
  });
});

describe('runCollections', () => {
  it('moves delinquent owners one stage a run, writes each letter once, and pauses owners keeping to a plan', async () => {
    expect(await run('2026-02-10', true)).toMatchObject({ count: 0, total: 0 }); // 25 days: before the first stage
    const preview = await run('2026-02-20', true);
    // Fay's plan is current (100 paid by 02-15 + 5 days): paused. Gus paid. Dana and Eli: 35 days, 300.00.
    expect(who(preview)).toEqual([['dana', 'Friendly reminder', 35, 300], ['eli', 'Friendly reminder', 35, 300]]);
    expect(preview.items[0]!.subject).toBe('Your account 810001 is past due');
    expect(await rows(sql`select id from collection_letters`)).toEqual([]);
    // Late fees pause for Fay too.
    const late = (await ok<{ id: string }>('POST', '/entities/LateFeeRule', { name: 'Late', grace_days: 0, fee_type: 'fixed', fixed_amount: 10, product_ids: [duesItem], late_fee_product_id: feeSmall })).id;
    const fees = await ok<{ items: Array<{ owner_id: string; kind: string }> }>('POST', '/functions/runLateFees', { as_of: '2026-02-20', dry_run: true });
    expect(fees.items.filter((i) => i.kind === 'late_fee').map((i) => i.owner_id).sort()).toEqual([owner.dana.id, owner.eli.id].sort());
    await ok('PUT', `/entities/LateFeeRule/${late}`, { is_active: false });

    const posted = await run('2026-02-20');
    expect(strip(posted.items)).toEqual(strip(preview.items));
    expect(posted.items.map((i) => i.status)).toEqual(['queued', 'no_email']);
    await lettersSent();
    const [dana] = await rows<{ status: string; body: string; email_to: string }>(sql`select status, body, email_to from collection_letters where owner_id = ${owner.dana.id}`);
    expect(dana).toEqual({ status: 'outbox', email_to: 'dana@example.com', body: 'Dear Dana Diaz,\nYour account is 35 days past due: $300.00 (oldest charge due 2026-01-16). Units: .\nMaple Grove HOA' });
    const log = await ok<{ rows: Array<{ kind: string; status: string; document_label: string }> }>('GET', `/owners/${owner.dana.id}/deliveries`);
    expect(log.rows[0]).toMatchObject({ kind: 'collection_letter', status: 'outbox', document_label: 'Friendly reminder' });

    // The same day again, and before the next stage's time: nothing.
    expect(await run('2026-02-20')).toMatchObject({ count: 0 });
    expect(await run('2026-03-10')).toMatchObject({ count: 0 });
  });

  it('the second stage charges its fee; a missed installment defaults the plan and resumes the owner', async () => {
    // 03-22: 65 days past due, 30 days since the reminder. Fay missed 03-15 (+5 grace): plan defaulted, she starts at the first stage.
    const r = await run('2026-03-22');
    expect(who(r)).toEqual([['dana', 'Second notice', 65, 300], ['eli', 'Second notice', 65, 300], ['fay', 'Friendly reminder', 65, 200]]);
    expect(r.total).toBe(50);
    const fees = await rows<{ owner_id: string; total_amount: string; invoice_date: string; description: string }>(sql`
      select i.owner_id, i.total_amount, i.invoice_date::text, l.description from invoices i join invoice_line_items l on l.invoice_id = i.id
      where i.id in (select fee_invoice_id from collection_letters where fee_invoice_id is not null) order by i.owner_id`);
    expect(fees.map((f) => [f.owner_id, Number(f.total_amount), f.invoice_date, f.description])).toEqual(
      [owner.dana.id, owner.eli.id].sort().map((id) => [id, 25, '2026-03-22', 'Collection fee: Second notice']),
    );
    const [plan] = await rows<{ status: string; status_date: string }>(sql`select status, status_date::text from payment_plans where owner_id = ${owner.fay.id}`);
    expect(plan).toEqual({ status: 'defaulted', status_date: '2026-03-22' });
    await expectBooksBalanced(t);
  });

  it('holds letters of an approval stage in the queue; approving releases them and charges the fee, skipping keeps them', async () => {
    // 04-25: Dana and Eli reach 99 days, 34 since the second notice: intent to lien, waiting. Fay: second notice.
    const r = await run('2026-04-25');
    expect(who(r).map((w) => w.slice(0, 2))).toEqual([['dana', 'Notice of intent to lien'], ['eli', 'Notice of intent to lien'], ['fay', 'Second notice']]);
    expect(r.items.map((i) => i.status)).toEqual(['awaiting_approval', 'awaiting_approval', 'queued']);
    expect(r.total).toBe(25); // Fay's fee only: the queue's fees wait for approval
    await lettersSent();
    const queue = await ok<{ rows: Array<{ id: string; owner_id: string; fee_invoice_id: string | null }>; total: number }>('GET', '/collection-letters?status=awaiting_approval');
    expect(queue.total).toBe(2);
    const danaLetter = queue.rows.find((l) => l.owner_id === owner.dana.id)!;
    const eliLetter = queue.rows.find((l) => l.owner_id === owner.eli.id)!;
    expect(danaLetter.fee_invoice_id).toBeNull();

    const before = (await rows<{ n: number }>(sql`select count(*)::int as n from invoices`))[0]!.n;
    const mixed = await call('POST', '/functions/approveCollectionLetters', { letter_ids: [danaLetter.id, r.items[2]!.letter_id] });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().message).toMatch(/^The letter to account 810003 \(Second notice\) is outbox; only letters awaiting approval or failed can be approved$/);
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from invoices`))[0]!.n, 'nothing charged by a refused call').toBe(before);
    expect((await call('POST', '/functions/approveCollectionLetters', { letter_ids: ['0123456789abcdef01234567'] })).statusCode).toBe(404);

    expect(await ok('POST', '/functions/approveCollectionLetters', { letter_ids: [danaLetter.id] })).toEqual({ approved: 1 });
    expect(await ok('POST', '/functions/skipCollectionLetters', { letter_ids: [eliLetter.id], reason: 'Called the owner' })).toEqual({ skipped: 1 });
    await lettersSent();
    const letters = await rows<{ owner_id: string; status: string; fee_invoice_id: string | null; error: string | null }>(sql`select owner_id, status, fee_invoice_id, error from collection_letters where stage_id = ${stage.lien}`);
    const day = await today(t.systemCtx());
    const dana = letters.find((l) => l.owner_id === owner.dana.id)!;
    expect(dana.status).toBe('outbox');
    const [fee] = await rows<{ total_amount: string; invoice_date: string }>(sql`select total_amount, invoice_date::text from invoices where id = ${dana.fee_invoice_id}`);
    expect(fee).toEqual({ total_amount: '50.00', invoice_date: day });
    expect(letters.find((l) => l.owner_id === owner.eli.id)).toMatchObject({ status: 'skipped', fee_invoice_id: null, error: 'Called the owner' });
    expect((await call('POST', '/functions/skipCollectionLetters', { letter_ids: [danaLetter.id] })).statusCode).toBe(400);

    // The letter's PDF carries the letterhead, the owner's address and the text as written.
    const pdf = await t.app.inject({ method: 'GET', url: `${t.base}/collection-letters/${danaLetter.id}/pdf`, headers: { authorization: `Bearer ${token}` } });
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    for (const s of ['Maple Grove HOA', 'Dana Diaz', '1 Oak Lane', 'Intent to lien', 'Dear Dana Diaz, Notice of intent to lien on 2026-04-25.', 'Past due as of 2026-04-25: $325.00 (99 days)']) expect(text).toContain(s);
    const mail = (await ok<Array<{ to: string; subject: string; attachments: Array<{ filename: string }> }>>('GET', '/outbox?limit=100')).filter((m) => m.to === 'dana@example.com');
    expect(mail.map((m) => [m.subject, m.attachments.map((a) => a.filename)])).toContainEqual(['Intent to lien', ['letter-810001-2026-04-25.pdf']]);
    await expectBooksBalanced(t);
  });

  it('shows each owner their own stage and letters, and nobody else\'s', async () => {
    const staffView = await ok<{ case: { stage_name: string; opened_on: string }; letters: Array<{ stage_name: string; status: string }>; payment_plans: unknown[] }>('GET', `/owners/${owner.eli.id}/collections`);
    expect(staffView.case).toMatchObject({ stage_name: 'Notice of intent to lien', opened_on: '2026-02-20' });
    expect(staffView.letters.map((l) => [l.stage_name, l.status])).toEqual([['Notice of intent to lien', 'skipped'], ['Second notice', 'no_email'], ['Friendly reminder', 'no_email']]);

    const user = await createUser(t, 'owner', { owner_id: owner.eli.id });
    const mine = (await call('GET', `/owners/${owner.eli.id}/collections`, undefined, user.token)).json() as { letters: Array<{ id: string; status: string }> };
    expect(mine.letters.map((l) => l.status), 'no skipped letter for the owner').toEqual(['no_email', 'no_email']);
    expect((await call('GET', `/collection-letters/${mine.letters[0]!.id}/pdf`, undefined, user.token)).statusCode).toBe(200);
    expect((await call('GET', `/owners/${owner.dana.id}/collections`, undefined, user.token)).statusCode).toBe(404);
    const danaLetter = (await rows<{ id: string }>(sql`select id from collection_letters where owner_id = ${owner.dana.id} limit 1`))[0]!.id;
    expect((await call('GET', `/collection-letters/${danaLetter}/pdf`, undefined, user.token)).statusCode).toBe(404);
    const skipped = (await rows<{ id: string }>(sql`select id from collection_letters where status = 'skipped'`))[0]!.id;
    expect((await call('GET', `/collection-letters/${skipped}/pdf`, undefined, user.token)).statusCode).toBe(404);
    expect((await call('POST', '/functions/runCollections', { dry_run: true }, user.token)).statusCode).toBe(403);
    expect((await call('GET', '/collection-letters', undefined, user.token)).statusCode).toBe(403);
    expect(await signIn(t, user.email)).toBeTruthy();
  });

  it('closes the case when nothing is past due any more; a new delinquency starts at the first stage', async () => {
    const open = await rows<{ balance_due: string }>(sql`select sum(balance_due)::text as balance_due from invoices where owner_id = ${owner.dana.id} and balance_due > 0`);
    await pay(t, token, owner.dana.id, '2026-04-28', Number(open[0]!.balance_due));
    const r = await run('2026-05-01');
    expect(r.closed).toBe(1);
    expect((await ok<{ case: unknown }>('GET', `/owners/${owner.dana.id}/collections`)).case).toBeNull();
    await issueInvoice(t, token, owner.dana.id, '2026-05-01', 120); // due 05-16
    const again = await run('2026-06-20', true);
    // Her credit paid the oldest first; the approval's 50.00 fee is dated the real today, not yet due, so 50.00 of
    // the credit is left for the new charge: 120.00 - 50.00 past due, 35 days since 05-16.
    expect(who(again).filter(([name]) => name === 'dana')).toEqual([['dana', 'Friendly reminder', 35, 70]]);
  });

  it('two runs at once write each letter once', async () => {
    await issueInvoice(t, token, owner.gus.id, '2026-05-01', 80);
    const [a, b] = await Promise.all([run('2026-06-20'), run('2026-06-20')]);
    // Dana and Gus enter the first stage, Fay (56 days after her second notice) the approval stage: once each.
    expect([...who(a), ...who(b)].map((w) => w.slice(0, 2)).sort()).toEqual([['dana', 'Friendly reminder'], ['fay', 'Notice of intent to lien'], ['gus', 'Friendly reminder']]);
    const letters = await rows<{ owner_id: string; n: number }>(sql`select owner_id, count(*)::int as n from collection_letters where as_of = '2026-06-20' group by owner_id`);
    expect(letters.map((l) => l.n)).toEqual([1, 1, 1]);
    await lettersSent();
    await expectBooksBalanced(t);
  });
});
