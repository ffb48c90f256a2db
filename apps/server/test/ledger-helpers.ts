import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { toCents } from '@covenant/contracts/money';
import type { TestApp } from './helpers.ts';

const rowsOf = async <T>(t: TestApp, query: ReturnType<typeof sql>) => (await t.db.db.execute(query)).rows as T[];

/** Balance in cents of a system account (debit − credit). */
export async function accountNet(t: TestApp, systemKey: string): Promise<number> {
  const [r] = await rowsOf<{ net: string }>(t, sql`select coalesce(sum(l.debit - l.credit), 0)::text as net from journal_lines l join chart_of_accounts a on a.id = l.account_id where a.system_key = ${systemKey}`);
  return toCents(r!.net);
}

/** The books' invariants: every entry balances, A/R = open invoice balances, prepayments = unapplied payments, A/P = open bills. */
export async function expectBooksBalanced(t: TestApp): Promise<{ ar: number; prepayments: number; ap: number; cash: number }> {
  const [tb] = await rowsOf<{ d: string; c: string }>(t, sql`select coalesce(sum(debit), 0)::text as d, coalesce(sum(credit), 0)::text as c from journal_lines`);
  expect(toCents(tb!.d), 'trial balance').toBe(toCents(tb!.c));
  const unbalanced = await rowsOf<{ entry_id: string }>(t, sql`select entry_id from journal_lines group by entry_id having sum(debit) <> sum(credit)`);
  expect(unbalanced, 'unbalanced entries').toEqual([]);

  const ar = await accountNet(t, 'accounts_receivable');
  const [open] = await rowsOf<{ s: string }>(t, sql`select coalesce(sum(balance_due), 0)::text as s from invoices where deleted_at is null and status not in ('draft', 'cancelled')`);
  expect(ar, 'A/R equals the open invoice balances').toBe(toCents(open!.s));

  const prepayments = 0 - (await accountNet(t, 'owner_prepayments'));
  const [unapplied] = await rowsOf<{ s: string }>(
    t,
    sql`select coalesce(sum(p.amount - coalesce((select sum(pi.amount_applied) from payment_invoices pi where pi.payment_id = p.id and pi.reversed_date is null), 0)), 0)::text as s from payments p where p.deleted_at is null and p.status <> 'bounced'`,
  );
  expect(prepayments, 'Owner Prepayments equals the unapplied payments').toBe(toCents(unapplied!.s));

  const ap = 0 - (await accountNet(t, 'accounts_payable'));
  const [openBills] = await rowsOf<{ s: string }>(t, sql`select coalesce(sum(balance_due), 0)::text as s from bills where deleted_at is null and status not in ('draft', 'cancelled')`);
  expect(ap, 'A/P equals the open bill balances').toBe(toCents(openBills!.s));

  const [paid] = await rowsOf<{ s: string }>(t, sql`select coalesce(sum(amount_paid), 0)::text as s from invoices where deleted_at is null`);
  const [applied] = await rowsOf<{ s: string }>(t, sql`select coalesce(sum(pi.amount_applied), 0)::text as s from payment_invoices pi join invoices i on i.id = pi.invoice_id where i.deleted_at is null and pi.reversed_date is null`);
  expect(toCents(paid!.s), 'amount_paid equals the applications').toBe(toCents(applied!.s));
  return { ar, prepayments, ap, cash: await accountNet(t, 'cash') };
}

/** The seeded Operating and Reserve funds' ids, and every account's id by its number. */
export async function fundsAndAccounts(t: TestApp, token: string): Promise<{ funds: { operating: string; reserve: string }; accounts: Record<string, string> }> {
  const list = (await t.call('GET', '/entities/Fund', { token })).json() as Array<{ id: string; system_key: string | null }>;
  const funds = { operating: list.find((f) => f.system_key === 'operating')!.id, reserve: list.find((f) => f.system_key === 'reserve')!.id };
  const chart = (await t.call('GET', '/entities/ChartOfAccount?sort=account_number', { token })).json() as Array<{ id: string; account_number: string }>;
  return { funds, accounts: Object.fromEntries(chart.map((a) => [a.account_number, a.id])) };
}
