/**
 * Concurrent writers through the real app: numbers without collisions, line edits without deadlocks, payment
 * streams of different owners that never wait on each other in a circle. On PGlite the calls serialize; on
 * PostgreSQL (CI's second pass) they run on ten pooled connections at once.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '@covenant/contracts/money';
import { transactionRetries } from '../src/lib/context.ts';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { expectBooksBalanced } from './ledger-helpers.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
});
afterAll(async () => t?.close());

const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });
const deadlocks = () => transactionRetries['40P01'] ?? 0;

describe('concurrent writers', () => {
  it('20 concurrent invoices for one owner and date get 20 distinct numbers', async () => {
    const owner = await makeOwner(t, token, { owner_id: '610001' });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        i % 2
          ? call('POST', '/entities/Invoice', { owner_id: owner.id, invoice_date: '2026-06-01', status: 'sent' })
          : call('POST', '/functions/saveInvoice', { owner_id: owner.id, invoice_date: '2026-06-01', status: 'sent', lines: [{ quantity: 1, unit_price: 10 }] }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = results.map((r) => r.json().invoice_number as string).sort();
    expect(new Set(numbers).size).toBe(20);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `INV-610001-20260601-${String(i + 1).padStart(3, '0')}`));
  });

  it('20 concurrent payments for one owner and date get 20 distinct numbers', async () => {
    const owner = await makeOwner(t, token, { owner_id: '610002' });
    const results = await Promise.all(Array.from({ length: 20 }, () => call('POST', '/functions/recordPayment', { owner_id: owner.id, amount: 5, payment_date: '2026-06-02' })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const numbers = new Set(results.map((r) => r.json().payment.payment_number as string));
    expect(numbers.size).toBe(20);
    await expectBooksBalanced(t);
  });

  it('40 concurrent line edits of one invoice: no 5xx, no deadlock, totals consistent with the lines and the ledger', async () => {
    const owner = await makeOwner(t, token);
    const inv = (await call('POST', '/functions/saveInvoice', { owner_id: owner.id, invoice_date: '2026-06-03', status: 'sent', lines: Array.from({ length: 10 }, () => ({ quantity: 1, unit_price: 10 })) })).json();
    const before = deadlocks();
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        i % 4 === 3
          ? call('POST', '/entities/InvoiceLineItem', { invoice_id: inv.id, description: `added ${i}`, quantity: 1, unit_price: Number((1 + i / 100).toFixed(2)) })
          : call('PUT', `/entities/InvoiceLineItem/${inv.lines[i % 10].id}`, { unit_price: 10 + i }),
      ),
    );
    expect(results.filter((r) => r.statusCode !== 200).map((r) => `${r.statusCode} ${r.body}`)).toEqual([]);
    expect(deadlocks() - before, 'deadlocks PostgreSQL had to break').toBe(0);
    const lines = (await call('GET', `/entities/InvoiceLineItem?q=${encodeURIComponent(JSON.stringify({ invoice_id: inv.id }))}&limit=100`)).json() as Array<{ extended_price: number }>;
    expect(lines).toHaveLength(20);
    const invoice = (await call('GET', `/entities/Invoice/${inv.id}`)).json();
    const linesTotal = lines.reduce((s, l) => s + toCents(l.extended_price), 0);
    expect(toCents(invoice.total_amount)).toBe(linesTotal);
    const [ar] = (await t.db.db.execute(sql`select coalesce(sum(l.debit - l.credit), 0)::text as n from journal_lines l join chart_of_accounts a on a.id = l.account_id where a.system_key = 'accounts_receivable' and l.document_id = ${inv.id}`)).rows as Array<{ n: string }>;
    expect(toCents(ar!.n)).toBe(linesTotal);
    await expectBooksBalanced(t);
  });

  it('8 concurrent payment streams for different owners run without a single deadlock', async () => {
    const streams = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const owner = await makeOwner(t, token);
        const invoices = [];
        for (let i = 0; i < 4; i++) invoices.push((await call('POST', '/functions/saveInvoice', { owner_id: owner.id, invoice_date: '2026-07-01', status: 'sent', lines: [{ quantity: 1, unit_price: 100 }] })).json().id as string);
        return { owner: owner.id, invoices };
      }),
    );
    const before = deadlocks();
    const started = performance.now();
    const outcomes = await Promise.all(
      streams.map(async (s) => {
        const statuses = [];
        for (const id of s.invoices) statuses.push((await call('POST', '/functions/recordPayment', { owner_id: s.owner, amount: 100, payment_date: '2026-07-05', invoice_ids: [id] })).statusCode);
        return statuses;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    expect(outcomes.flat()).toEqual(Array(32).fill(200));
    expect(deadlocks() - before, 'deadlocks PostgreSQL had to break').toBe(0);
    expect(Object.keys(transactionRetries).filter((code) => code !== '40P01')).toEqual([]);
    console.info(`8 payment streams on ${t.db.kind}: 32 payments in ${seconds.toFixed(2)} s (${(32 / seconds).toFixed(1)} payments/s)`);
    const books = await expectBooksBalanced(t);
    expect(books.prepayments).toBeGreaterThanOrEqual(0);
  });

  it('8 concurrent mixed streams (invoice, payment, bounce with a fee, payment again, a bill paid) never deadlock', async () => {
    const vendor = (await call('POST', '/entities/Vendor', { vendor_name: 'Stream Vendor' })).json();
    const [expense] = (await call('GET', `/entities/ChartOfAccount?q=${encodeURIComponent(JSON.stringify({ account_number: '5100' }))}`)).json();
    const owners = await Promise.all(Array.from({ length: 8 }, () => makeOwner(t, token)));
    const before = deadlocks();
    const outcomes = await Promise.all(
      owners.map(async (owner, i) => {
        const statuses: number[] = [];
        const step = async (url: string, body: unknown) => {
          const res = await call('POST', url, body);
          statuses.push(res.statusCode);
          return res.json();
        };
        const inv = await step('/functions/saveInvoice', { owner_id: owner.id, invoice_date: '2026-08-01', status: 'sent', lines: [{ quantity: 1, unit_price: 80 }] });
        const pay = await step('/functions/recordPayment', { owner_id: owner.id, amount: 80, payment_date: '2026-08-03', invoice_ids: [inv.id] });
        await step('/functions/bouncePayment', { payment_id: pay.payment.id, date: '2026-08-10', reason: 'NSF', fee_amount: 25 });
        await step('/functions/recordPayment', { owner_id: owner.id, amount: 105, payment_date: '2026-08-12', invoice_ids: [inv.id] });
        const bill = await step('/functions/saveBill', { vendor_id: vendor.id, bill_number: `MIX-${i}`, bill_date: '2026-08-01', lines: [{ quantity: 1, unit_price: 40, account_id: expense.id }] });
        await step('/entities/BillPayment', { bill_id: bill.id, amount: 40, payment_date: '2026-08-15' });
        return statuses;
      }),
    );
    expect(outcomes.flat().filter((s) => s !== 200)).toEqual([]);
    expect(deadlocks() - before, 'deadlocks PostgreSQL had to break').toBe(0);
    const books = await expectBooksBalanced(t);
    expect(books.prepayments).toBeGreaterThanOrEqual(0);
  });
});
