import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, type TestApp } from './helpers.ts';
import { expectBooksBalanced } from './ledger-helpers.ts';

/**
 * Property: whatever sequence of invoice, line, payment, application, cancel and delete calls staff make
 * (valid or refused), the books stay right: the trial balance nets to zero, A/R equals the open invoice
 * balances, Owner Prepayments equals the unapplied payments, and assets = liabilities + equity.
 */
let t: TestApp;
let token: string;
let owners: string[];

beforeAll(async () => {
  t = await createTestApp();
  token = (await createUser(t, 'admin')).token;
  owners = [(await makeOwner(t, token)).id, (await makeOwner(t, token)).id];
});
afterAll(async () => t?.close());

type Op =
  | { kind: 'invoice'; owner: number; cents: number[]; send: boolean; day: number }
  | { kind: 'send'; pick: number }
  | { kind: 'editLine'; pick: number; cents: number }
  | { kind: 'pay'; owner: number; cents: number; picks: number[]; day: number }
  | { kind: 'apply'; payPick: number; invPick: number; cents: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'deleteInvoice'; pick: number }
  | { kind: 'deletePayment'; pick: number }
  | { kind: 'deleteApplication'; pick: number };

const cents = fc.integer({ min: 1, max: 50_000 });
const pick = fc.nat({ max: 30 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('invoice' as const), owner: fc.nat({ max: 1 }), cents: fc.array(cents, { minLength: 1, maxLength: 3 }), send: fc.boolean(), day: fc.integer({ min: 1, max: 28 }) }),
  fc.record({ kind: fc.constant('send' as const), pick }),
  fc.record({ kind: fc.constant('editLine' as const), pick, cents }),
  fc.record({ kind: fc.constant('pay' as const), owner: fc.nat({ max: 1 }), cents, picks: fc.array(pick, { maxLength: 3 }), day: fc.integer({ min: 1, max: 28 }) }),
  fc.record({ kind: fc.constant('apply' as const), payPick: pick, invPick: pick, cents }),
  fc.record({ kind: fc.constant('cancel' as const), pick }),
  fc.record({ kind: fc.constant('deleteInvoice' as const), pick }),
  fc.record({ kind: fc.constant('deletePayment' as const), pick }),
  fc.record({ kind: fc.constant('deleteApplication' as const), pick }),
);

const money = (c: number) => c / 100;
const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token, body });
async function list(entity: string): Promise<Array<Record<string, unknown> & { id: string }>> {
  return (await call('GET', `/entities/${entity}?limit=5000&sort=created_date`)).json();
}
const at = <T>(items: T[], n: number): T | undefined => (items.length ? items[n % items.length] : undefined);

async function run(o: Op): Promise<number> {
  switch (o.kind) {
    case 'invoice': {
      const inv = await call('POST', '/entities/Invoice', { owner_id: owners[o.owner], invoice_date: `2026-03-${String(o.day).padStart(2, '0')}`, status: o.send ? 'sent' : 'draft' });
      for (const c of o.cents) await call('POST', '/entities/InvoiceLineItem', { invoice_id: inv.json().id, quantity: 1, unit_price: money(c) });
      return inv.statusCode;
    }
    case 'send': {
      const inv = at(await list('Invoice'), o.pick);
      return inv ? (await call('PUT', `/entities/Invoice/${inv.id}`, { status: 'sent' })).statusCode : 0;
    }
    case 'editLine': {
      const line = at(await list('InvoiceLineItem'), o.pick);
      return line ? (await call('PUT', `/entities/InvoiceLineItem/${line.id}`, { unit_price: money(o.cents) })).statusCode : 0;
    }
    case 'pay': {
      const invoices = (await list('Invoice')).filter((i) => i.owner_id === owners[o.owner]);
      const ids = [...new Set(o.picks.map((p) => at(invoices, p)?.id).filter(Boolean))];
      return (await call('POST', '/functions/recordPayment', { owner_id: owners[o.owner], amount: money(o.cents), payment_date: `2026-04-${String(o.day).padStart(2, '0')}`, invoice_ids: ids })).statusCode;
    }
    case 'apply': {
      const pay = at(await list('Payment'), o.payPick);
      const inv = at(await list('Invoice'), o.invPick);
      return pay && inv ? (await call('POST', '/entities/PaymentInvoice', { payment_id: pay.id, invoice_id: inv.id, amount_applied: money(o.cents) })).statusCode : 0;
    }
    case 'cancel': {
      const inv = at(await list('Invoice'), o.pick);
      return inv ? (await call('PUT', `/entities/Invoice/${inv.id}`, { status: 'cancelled' })).statusCode : 0;
    }
    case 'deleteInvoice': {
      const inv = at(await list('Invoice'), o.pick);
      return inv ? (await call('DELETE', `/entities/Invoice/${inv.id}`)).statusCode : 0;
    }
    case 'deletePayment': {
      const pay = at(await list('Payment'), o.pick);
      return pay ? (await call('DELETE', `/entities/Payment/${pay.id}`)).statusCode : 0;
    }
    case 'deleteApplication': {
      const link = at(await list('PaymentInvoice'), o.pick);
      return link ? (await call('DELETE', `/entities/PaymentInvoice/${link.id}`)).statusCode : 0;
    }
  }
}

describe('ledger invariants under random operation sequences', () => {
  it('hold after every sequence; every refusal is a 4xx, never a 500', async () => {
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        for (const o of ops) {
          const status = await run(o);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          expect(status, `${JSON.stringify(o)} answered ${status}`).toBeLessThan(500);
        }
        await expectBooksBalanced(t);
        const bs = (await call('GET', '/reports/balance-sheet?as_of=2026-12-31')).json();
        expect(bs.difference, 'assets = liabilities + equity').toBe(0);
        const ar = (await call('GET', '/reports/ar-aging?as_of=2026-12-31')).json();
        const books = await expectBooksBalanced(t);
        expect(Math.round(ar.totals.total * 100), 'A/R aging total = A/R').toBe(books.ar);
      }),
      { numRuns: 15, seed: Number(process.env.FC_SEED ?? 20261121), endOnFailure: true },
    );
    // The sequences exercised both the accepted and the refused paths.
    expect(statuses.get(200) ?? 0).toBeGreaterThan(20);
  });
});
