/**
 * The sortable lists of invoices, payments, bills and the audit log (`sort=key` or `sort=-key`): each key's order in
 * both directions (the reverse is the exact reverse), ties broken by the id so pages never overlap or skip a row, an
 * owner's name sorted as the caller may see it, the status as the screen shows it, and an unknown key refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogSorts } from '@covenant/contracts/audit';
import { todayIn } from '@covenant/contracts/dates';
import { addDays, isOverdue } from '@covenant/contracts/documents';
import { billListSorts, invoiceListSorts, paymentListSorts } from '@covenant/contracts/lists';
import { auditLog } from '@covenant/db/schema/platform';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';

type Row = Record<string, unknown> & { id: string };
type Page = { rows: Row[]; total: number };

let t: TestApp;
let admin: { token: string };
let smithUser: { token: string };
let renter: { token: string };
let day: string;
/** Record ids by the test's name for them (invoice 'A', payment 'Q1', bill 'W1', entry 'E1', owner 'Smith'). */
const ids: Record<string, string> = {};
const nameOf = new Map<string, string>();

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown, token = admin.token): Promise<T> {
  const res = await t.call(method, url, { token, body });
  expect(res.statusCode, `${method} ${url} → ${res.body.slice(0, 300)}`).toBe(200);
  return res.json() as T;
}
const remember = (name: string, id: string) => {
  ids[name] = id;
  nameOf.set(id, name);
};

/**
 * The whole list in one page, checked against the same list read two rows at a time: the pages join up to it exactly
 * (no row twice, none skipped) and every page counts the same total.
 */
async function everyRow(url: string, token = admin.token): Promise<Row[]> {
  const join = url.includes('?') ? '&' : '?';
  const whole = await call<Page>('GET', `${url}${join}limit=100`, undefined, token);
  expect(whole.rows.length).toBe(whole.total);
  const paged: Row[] = [];
  for (let skip = 0; skip < whole.total; skip += 2) {
    const page = await call<Page>('GET', `${url}${join}limit=2&skip=${skip}`, undefined, token);
    expect(page.total).toBe(whole.total);
    paged.push(...page.rows);
  }
  expect(paged.map((r) => r.id), `${url}: pages of two join up to the whole list`).toEqual(whole.rows.map((r) => r.id));
  return whole.rows;
}

/** Names in the order of their record ids: the tie-breaker of every order (ids are lowercase hex of one length). */
const byId = (...names: string[]) => [...names].sort((a, b) => (ids[a]! < ids[b]! ? -1 : 1));

/** A list sorted by `key` reads `expected` (names), and sorted by `-key` reads it backwards, page by page. */
async function expectSorted(list: string, key: string, expected: string[], token = admin.token): Promise<Row[]> {
  const join = list.includes('?') ? '&' : '?';
  const ascending = await everyRow(`${list}${join}sort=${key}`, token);
  expect(ascending.map((r) => nameOf.get(r.id) ?? r.id), `${list} by ${key}`).toEqual(expected);
  const descending = await everyRow(`${list}${join}sort=-${key}`, token);
  expect(descending.map((r) => nameOf.get(r.id) ?? r.id), `${list} by -${key}`).toEqual([...expected].reverse());
  return ascending;
}

async function expectRefused(url: string, message: RegExp) {
  const res = await t.call('GET', url, { token: admin.token });
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toMatch(message);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  day = todayIn(t.services.config.timeZone);
  for (const [first, last] of [['Cy', 'Adams'], ['Bob', 'Jones'], ['Ann', 'Smith'], ['Dee', 'Brown'], ['Eve', 'Clark']] as const) {
    remember(last, (await makeOwner(t, admin.token, { first_name: first, last_name: last })).id);
  }
  smithUser = await createUser(t, 'owner', { owner_id: ids.Smith });
  renter = await createUser(t, 'renter');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('invoices', () => {
  beforeAll(async () => {
    const invoice = async (name: string, number: string, owner: string, date: number, due: number, price: number, status: 'draft' | 'sent' = 'sent') => {
      const made = await call<{ id: string }>('POST', '/functions/saveInvoice', {
        invoice_number: number, owner_id: ids[owner], invoice_date: addDays(day, date), due_date: addDays(day, due), status,
        lines: [{ description: name, quantity: 1, unit_price: price }],
      });
      remember(name, made.id);
    };
    await invoice('A', 'SRT-03', 'Smith', -40, -10, 100); // past due: shows overdue
    await invoice('B', 'SRT-01', 'Jones', -30, 20, 250); // partly paid
    await invoice('C', 'SRT-05', 'Adams', -20, 5, 40); // paid
    await invoice('D', 'SRT-02', 'Smith', -10, 1, 100, 'draft');
    await invoice('E', 'SRT-04', 'Jones', -10, 5, 60);
    await invoice('F', 'SRT-06', 'Adams', -5, 10, 30); // cancelled: only on its tab
    await invoice('G', 'SRT-07', 'Adams', 0, 30, 75);
    await call('POST', '/functions/recordPayment', { owner_id: ids.Jones, amount: 100, payment_date: addDays(day, -25), invoice_ids: [ids.B], payment_method: 'check', reference_number: 'CHK-200' });
    await call('POST', '/functions/recordPayment', { owner_id: ids.Adams, amount: 40, payment_date: addDays(day, -15), invoice_ids: [ids.C], payment_method: 'cash', reference_number: 'CSH-1' });
    await call('POST', '/functions/cancelInvoice', { id: ids.F });
  });

  const ALL = '/lists/invoices?tab=all';

  it('without a sort: newest invoice date first, as before', async () => {
    // D and E share a date: the higher number first.
    expect((await everyRow(ALL)).map((r) => nameOf.get(r.id))).toEqual(['G', 'E', 'D', 'C', 'B', 'A']);
  });

  it('by number, invoice date and due date', async () => {
    await expectSorted(ALL, 'invoice_number', ['B', 'D', 'A', 'E', 'C', 'G']);
    // D and E share a date: then by number (SRT-02 before SRT-04).
    await expectSorted(ALL, 'invoice_date', ['A', 'B', 'C', 'D', 'E', 'G']);
    // C and E fall due the same day: then by id.
    await expectSorted(ALL, 'due_date', ['A', 'D', ...byId('C', 'E'), 'B', 'G']);
  });

  it('by total and by balance, ties by id', async () => {
    const byTotal = await expectSorted(ALL, 'total_amount', ['C', 'E', 'G', ...byId('A', 'D'), 'B']);
    expect(byTotal.map((r) => r.total_amount)).toEqual([40, 60, 75, 100, 100, 250]);
    const balances = await balancesByName();
    expect(Object.fromEntries(['A', 'B', 'C', 'E', 'G'].map((n) => [n, balances.get(n)]))).toEqual({ A: 100, B: 150, C: 0, E: 60, G: 75 });
    const expected = [...balances.keys()].sort((a, b) => balances.get(a)! - balances.get(b)! || (ids[a]! < ids[b]! ? -1 : 1));
    const byBalance = await expectSorted(ALL, 'balance_due', expected);
    expect(byBalance[0]!.id).toBe(ids.C);
    expect(byBalance.at(-1)!.id).toBe(ids.B);
  });

  it('by status as the screen shows it: a sent invoice past its due date sorts as overdue', async () => {
    const rows = await expectSorted(ALL, 'status', ['D', 'A', 'C', 'B', 'E', 'G']);
    const shown = rows.map((r) => (isOverdue(r as never, day) ? 'overdue' : (r.status as string)));
    expect(shown).toEqual(['draft', 'overdue', 'paid', 'partial', 'sent', 'sent']);
    expect(rows.find((r) => r.id === ids.A)!.status).toBe('sent');
  });

  it('by owner: last name, first name, then invoice date; with the tabs and the search', async () => {
    await expectSorted(ALL, 'owner', ['C', 'G', 'B', 'E', 'A', 'D']);
    const balances = await balancesByName();
    await expectSorted('/lists/invoices?tab=outstanding', 'owner', ['C', 'G', 'B', 'E', 'A', 'D'].filter((n) => balances.get(n)! > 0));
    await expectSorted('/lists/invoices?tab=cancelled', 'owner', ['F']);
    await expectSorted('/lists/invoices?tab=all&search=SRT-0', 'total_amount', ['C', 'E', 'G', ...byId('A', 'D'), 'B']);
    const smiths = await expectSorted('/lists/invoices?tab=all&search=smith', 'owner', ['A', 'D']);
    expect(smiths[0]!.owner).toMatchObject({ last_name: 'Smith' });
  });

  it('an owner sorts their own invoices by any key; others’ stay out', async () => {
    await expectSorted(ALL, 'owner', ['A', 'D'], smithUser.token);
    await expectSorted(ALL, 'total_amount', byId('A', 'D'), smithUser.token);
    await expectSorted(ALL, 'status', ['D', 'A'], smithUser.token);
    const res = await t.call('GET', `${ALL}&sort=owner`, { token: renter.token });
    expect(res.statusCode).toBe(403);
    expect((await t.call('GET', `${ALL}&sort=owner`)).statusCode).toBe(401);
  });

  it('an unknown key is a 400 that names the keys', async () => {
    for (const sort of ['amount', '--invoice_date', '-', 'owner_id', 'invoice_date,id']) {
      await expectRefused(`${ALL}&sort=${encodeURIComponent(sort)}`, new RegExp(`sort must be one of ${invoiceListSorts.join(', ')}`));
    }
  });
});

/** Each listed invoice's balance as the server derived it (a draft's follows the document rules), by name. */
async function balancesByName(): Promise<Map<string, number>> {
  const rows = (await call<Page>('GET', '/lists/invoices?tab=all&limit=100')).rows;
  return new Map(rows.map((r) => [nameOf.get(r.id)!, r.balance_due as number]));
}

describe('payments', () => {
  beforeAll(async () => {
    const payment = async (name: string, owner: string, amount: number, method: string, reference: string | undefined, date: number) => {
      const made = await call<{ payment: { id: string } }>('POST', '/functions/recordPayment', {
        owner_id: ids[owner], amount, payment_method: method, reference_number: reference, payment_date: addDays(day, date),
      });
      remember(name, made.payment.id);
    };
    await payment('Q1', 'Brown', 50, 'check', 'REF-B', -3);
    await payment('Q2', 'Clark', 20, 'bank_transfer', 'REF-A', -2);
    await payment('Q3', 'Brown', 50, 'online', undefined, -1);
    await payment('Q4', 'Clark', 75, 'cash', 'REF-C', -1);
    await payment('Q5', 'Smith', 10, 'other', 'REF-S', -4);
    for (const p of (await call<Page>('GET', '/lists/payments?limit=100')).rows) {
      if (p.reference_number === 'CHK-200') remember('PJ', p.id);
      if (p.reference_number === 'CSH-1') remember('PA', p.id);
    }
  });

  it('without a sort: newest payment date first, as before', async () => {
    const rows = await everyRow('/lists/payments');
    expect(rows.map((r) => r.payment_date)).toEqual(rows.map((r) => r.payment_date as string).sort().reverse());
    expect(rows).toHaveLength(7);
  });

  it('by date, owner, method, reference and amount, both ways, page by page', async () => {
    // Q3 and Q4 share a date: then by number (Q3 was recorded first).
    await expectSorted('/lists/payments', 'payment_date', ['PJ', 'PA', 'Q5', 'Q1', 'Q2', 'Q3', 'Q4']);
    // Adams, Brown, Clark, Jones, Smith; each owner's by date.
    await expectSorted('/lists/payments', 'owner', ['PA', 'Q1', 'Q3', 'Q2', 'Q4', 'PJ', 'Q5']);
    // By the method's name (Bank Transfer, Cash, Check, Online, Other), then date.
    const byMethod = await expectSorted('/lists/payments', 'payment_method', ['Q2', 'PA', 'Q4', 'PJ', 'Q1', 'Q3', 'Q5']);
    expect(byMethod.map((r) => r.payment_method)).toEqual(['bank_transfer', 'cash', 'cash', 'check', 'check', 'online', 'other']);
    // A payment without a reference sorts last (first in reverse).
    const byReference = await expectSorted('/lists/payments', 'reference_number', ['PJ', 'PA', 'Q2', 'Q1', 'Q4', 'Q5', 'Q3']);
    expect(byReference.at(-1)!.reference_number).toBeNull();
    const byAmount = await expectSorted('/lists/payments', 'amount', ['Q5', 'Q2', 'PA', ...byId('Q1', 'Q3'), 'Q4', 'PJ']);
    expect(byAmount.map((r) => r.amount)).toEqual([10, 20, 40, 50, 50, 75, 100]);
    await expectSorted('/lists/payments?search=brown', 'amount', byId('Q1', 'Q3'));
  });

  it('an owner sorts their own; a bad key is a 400 that names the keys', async () => {
    await expectSorted('/lists/payments', 'owner', ['Q5'], smithUser.token);
    await expectSorted('/lists/payments', 'reference_number', ['Q5'], smithUser.token);
    expect((await t.call('GET', '/lists/payments?sort=amount', { token: renter.token })).statusCode).toBe(403);
    for (const sort of ['status', 'payment_number', '-created_date']) {
      await expectRefused(`/lists/payments?sort=${sort}`, new RegExp(`sort must be one of ${paymentListSorts.join(', ')}`));
    }
  });
});

describe('bills', () => {
  beforeAll(async () => {
    const expense = (await call<Array<{ id: string }>>('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_type: 'expense' }))}&limit=1`))[0]!.id;
    const cash = (await call<Array<{ system_key: string; cash_account_id: string }>>('GET', '/entities/Fund')).find((f) => f.system_key === 'operating')!.cash_account_id;
    for (const vendor of ['Cole Plumbing', 'Acme Landscaping', 'Bolt Electric']) remember(vendor.split(' ')[0]!, (await call<{ id: string }>('POST', '/entities/Vendor', { vendor_name: vendor })).id);
    const bill = async (name: string, number: string, vendor: string, date: number, due: number, price: number, status: 'draft' | 'pending' = 'pending') => {
      const made = await call<{ id: string }>('POST', '/functions/saveBill', {
        vendor_id: ids[vendor], bill_number: number, bill_date: addDays(day, date), due_date: addDays(day, due), status,
        lines: [{ description: name, quantity: 1, unit_price: price, account_id: expense }],
      });
      remember(name, made.id);
    };
    await bill('W1', 'B-30', 'Acme', -30, -5, 300); // past due: shows overdue
    await bill('W2', 'B-10', 'Bolt', -20, 10, 120); // paid
    await bill('W3', 'B-20', 'Cole', -10, 10, 120); // partly paid
    await bill('W4', 'A-40', 'Acme', -5, 20, 80, 'draft');
    await bill('W5', 'C-50', 'Bolt', -1, 30, 45);
    await bill('W6', 'B-25', 'Cole', -2, 40, 60); // cancelled
    const pay = (bill: string, amount: number) => call('POST', '/entities/BillPayment', { bill_id: ids[bill], amount, payment_date: day, cash_account_id: cash });
    await pay('W2', 120);
    await pay('W3', 50);
    await call('POST', '/functions/cancelBill', { id: ids.W6 });
  });

  it('without a sort: newest bill date first, as before', async () => {
    expect((await everyRow('/lists/bills')).map((r) => nameOf.get(r.id))).toEqual(['W5', 'W6', 'W4', 'W3', 'W2', 'W1']);
  });

  it('by number, vendor, dates, total and balance, both ways, page by page', async () => {
    await expectSorted('/lists/bills', 'bill_number', ['W4', 'W2', 'W3', 'W6', 'W1', 'W5']);
    const byVendor = await expectSorted('/lists/bills', 'vendor_name', ['W1', 'W4', 'W2', 'W5', 'W3', 'W6']);
    expect(byVendor.map((r) => r.vendor_name)).toEqual(['Acme Landscaping', 'Acme Landscaping', 'Bolt Electric', 'Bolt Electric', 'Cole Plumbing', 'Cole Plumbing']);
    await expectSorted('/lists/bills', 'bill_date', ['W1', 'W2', 'W3', 'W4', 'W6', 'W5']);
    await expectSorted('/lists/bills', 'due_date', ['W1', ...byId('W2', 'W3'), 'W4', 'W5', 'W6']);
    await expectSorted('/lists/bills', 'total_amount', ['W5', 'W6', 'W4', ...byId('W2', 'W3'), 'W1']);
    const byBalance = await everyRow('/lists/bills?sort=balance_due');
    const balances = byBalance.map((r) => r.balance_due as number);
    expect(balances).toEqual([...balances].sort((a, b) => a - b));
    expect(byBalance.find((r) => r.id === ids.W3)!.balance_due).toBe(70);
    expect(byBalance.at(-1)!.id).toBe(ids.W1);
    await expectSorted('/lists/bills', 'balance_due', byBalance.map((r) => nameOf.get(r.id)!));
    await expectSorted('/lists/bills?search=acme', 'bill_number', ['W4', 'W1']);
  });

  it('by status as the screen shows it: a pending bill past its due date sorts as overdue', async () => {
    const rows = await expectSorted('/lists/bills', 'status', ['W6', 'W4', 'W1', 'W2', 'W3', 'W5']);
    const shown = rows.map((r) => (['cancelled', 'draft', 'paid'].includes(r.status as string) ? r.status : isOverdue(r as never, day) ? 'overdue' : r.status));
    expect(shown).toEqual(['cancelled', 'draft', 'overdue', 'paid', 'partial', 'pending']);
  });

  it('callers without bills read are refused; a bad key is a 400 that names the keys', async () => {
    expect((await t.call('GET', '/lists/bills?sort=vendor_name', { token: smithUser.token })).statusCode).toBe(403);
    for (const sort of ['vendor', 'amount', '-vendor_id']) {
      await expectRefused(`/lists/bills?sort=${sort}`, new RegExp(`sort must be one of ${billListSorts.join(', ')}`));
    }
  });
});

describe('audit log', () => {
  beforeAll(async () => {
    const at = (hours: number) => new Date(Date.UTC(2030, 0, 1, hours));
    const entries = [
      ['E1', 1, 'carol@audit.test', 'sorttest.beta'],
      ['E2', 2, 'alice@audit.test', 'sorttest.gamma'],
      ['E3', 3, null, 'sorttest.alpha'],
      ['E4', 3, 'bob@audit.test', 'sorttest.beta'],
      ['E5', 4, 'alice@audit.test', 'sorttest.alpha'],
    ] as const;
    for (const [name, hours, email, action] of entries) {
      const [row] = await t.systemCtx().db.insert(auditLog).values({ created_date: at(hours), actor_email: email, action }).returning({ id: auditLog.id });
      remember(name, row!.id);
    }
  });

  const LOG = '/audit-log?action=sorttest';

  it('without a sort: newest first, as before', async () => {
    expect((await everyRow(LOG)).map((r) => nameOf.get(r.id))).toEqual(['E5', ...byId('E3', 'E4').reverse(), 'E2', 'E1']);
  });

  it('by time, user (the system’s entries last) and action, both ways, page by page', async () => {
    await expectSorted(LOG, 'created_date', ['E1', 'E2', ...byId('E3', 'E4'), 'E5']);
    const byUser = await expectSorted(LOG, 'actor_email', ['E2', 'E5', 'E4', 'E1', 'E3']);
    expect(byUser.map((r) => r.actor_email)).toEqual(['alice@audit.test', 'alice@audit.test', 'bob@audit.test', 'carol@audit.test', null]);
    await expectSorted(LOG, 'action', ['E3', 'E5', 'E1', 'E4', 'E2']);
    await expectSorted(`${LOG}&actor=alice`, 'action', ['E5', 'E2']);
  });

  it('the CSV export keeps the order; a bad key is a 400 that names the keys; administrators only', async () => {
    const res = await t.call('GET', `${LOG}&sort=-actor_email&format=csv`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const emails = res.body.trim().split('\n').slice(1).map((line) => line.split(',')[1]);
    expect(emails).toEqual(['', 'carol@audit.test', 'bob@audit.test', 'alice@audit.test', 'alice@audit.test']);
    for (const sort of ['ip_address', 'user', '-']) {
      await expectRefused(`${LOG}&sort=${sort}`, new RegExp(`sort must be one of ${auditLogSorts.join(', ')}`));
    }
    expect((await t.call('GET', `${LOG}&sort=action`, { token: smithUser.token })).statusCode).toBe(403);
  });
});
