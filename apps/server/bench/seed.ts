/**
 * A large association for the benches (npm run bench, npm run bench:web), written in bulk: units and owners set-wise in
 * SQL, invoices through the monthly billing run, payments through the payment commands' bulk writers, bills through
 * saveBill. The documents and their postings are the ones the services make.
 */
import { eq, sql } from 'drizzle-orm';
import { people } from '@covenant/db/schema/shared';
import { newId } from '@covenant/db/ids';
import { toCents } from '@covenant/contracts/money';
import type { Auth } from '../src/platform/auth/better-auth.ts';
import { addMember } from '../src/platform/auth/auth.service.ts';
import { withTransaction, type Ctx } from '../src/lib/context.ts';
import { systemAccounts, systemFunds } from '../src/features/accounts/accounts.service.ts';
import { refreshPaidAmounts } from '../src/features/invoices/invoice.commands.ts';
import { insertApplications } from '../src/features/payment-applications/applications.service.ts';
import { insertPayments } from '../src/features/payments/payment.commands.ts';

export const LAST_NAMES = ['Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez'];

/**
 * `units` units (`{i / 100}-{i % 100}`, $350 a month), each with its own owner (`First{i} {LastName}{i}`), 1,000 at a
 * time. Returns the owner ids in unit order.
 */
export async function seedUnits(ctx: Ctx, units: number): Promise<string[]> {
  const owners: string[] = [];
  for (let start = 0; start < units; start += 1000) {
    const ownerRows = [];
    const propertyRows = [];
    const links = [];
    for (let i = start; i < Math.min(start + 1000, units); i++) {
      const oid = newId();
      const pid = newId();
      owners.push(oid);
      ownerRows.push(sql`(${oid}, ${String(100000 + i)}, ${`First${i}`}, ${`${LAST_NAMES[i % 10]}${i}`}, ${`owner${i}@example.com`})`);
      propertyRows.push(sql`(${pid}, ${String(200000 + i)}, ${`${Math.floor(i / 100)}-${i % 100}`}, ${'350.00'})`);
      links.push(sql`(${newId()}, ${oid}, ${pid})`);
    }
    await ctx.db.execute(sql`insert into owners (id, owner_id, first_name, last_name, email) values ${sql.join(ownerRows, sql`, `)}`);
    await ctx.db.execute(sql`insert into properties (id, property_id, unit_number, monthly_hoa_fee) values ${sql.join(propertyRows, sql`, `)}`);
    await ctx.db.execute(sql`insert into owner_properties (id, owner_id, property_id) values ${sql.join(links, sql`, `)}`);
  }
  return owners;
}

/** The first day of `months` consecutive months from `first` (YYYY-MM-01). */
export function monthStarts(months: number, first = '2024-01-01'): string[] {
  return Array.from({ length: months }, (_, i) => {
    const d = new Date(`${first.slice(0, 7)}-01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() + i);
    return d.toISOString().slice(0, 10);
  });
}

/**
 * Pays every issued invoice dated before `until` in full, 10 days after it, through the payment commands' bulk
 * writers (payments, applications and their postings) and the invoices' paid-amount refresh: the same rows
 * and entries recordPayment makes, thousands at a time.
 */
export async function payMostInvoices(ctx: Ctx, until: string): Promise<void> {
  const cash = (await systemAccounts(ctx)).cash;
  const operating = (await systemFunds(ctx)).operating;
  for (;;) {
    const batch = (await ctx.db.execute(sql`select i.id, i.invoice_number, i.owner_id, i.total_amount, (i.invoice_date + 10)::text as payment_date
      from invoices i where i.invoice_date < ${until} and i.status = 'sent' order by i.id limit 5000`)).rows as Array<{ id: string; invoice_number: string; owner_id: string; total_amount: string; payment_date: string }>;
    if (batch.length === 0) return;
    await withTransaction(ctx, async (tx) => {
      const paymentIds = await insertPayments(tx, batch.map((b) => ({ payment_number: `PMT-BENCH-${b.id}`, payment_date: b.payment_date, amount: b.total_amount, owner_id: b.owner_id, payment_method: 'online' as const, deposit_account_id: cash })));
      await insertApplications(tx, batch.map((b, i) => ({
        id: newId(), payment_id: paymentIds[i]!, invoice_id: b.id, amount_applied: b.total_amount, applied_date: b.payment_date,
        fund_split: [{ fund_id: operating, cents: toCents(b.total_amount) }],
        owner_id: b.owner_id, payment_number: `PMT-BENCH-${b.id}`, invoice_number: b.invoice_number, payment_fund_id: operating,
      })));
      await refreshPaidAmounts(tx, batch.map((b) => b.id));
    });
  }
}

/**
 * 200 vendors and 1,000 bills over the last year of `months` (through saveBill, so each is posted), for the Bills
 * and Vendors list pages.
 */
export async function seedVendorsAndBills(ctx: Ctx, months: string[]): Promise<void> {
  const vendorRows = Array.from({ length: 200 }, (_, i) => sql`(${newId()}, ${`Vendor ${i} ${LAST_NAMES[i % 10]} Services`}, ${`Contact ${i}`})`);
  await ctx.db.execute(sql`insert into vendors (id, vendor_name, contact_person) values ${sql.join(vendorRows, sql`, `)}`);
  const vendorIds = ((await ctx.db.execute(sql`select id from vendors order by id`)).rows as Array<{ id: string }>).map((r) => r.id);
  const expenseAccount = ((await ctx.db.execute(sql`select id from chart_of_accounts where account_type = 'expense' and account_number = '5000' limit 1`)).rows[0] ?? (await ctx.db.execute(sql`select id from chart_of_accounts where account_type = 'expense' limit 1`)).rows[0]) as { id: string };
  const saveBill = ctx.services.registry.functions.get('saveBill')!.handler;
  const n = months.length;
  for (let i = 0; i < 1000; i++) {
    const day = months[Math.min(n - 1, Math.max(0, n - 12) + Math.floor(i / 84))]!.slice(0, 8) + String(1 + (i % 28)).padStart(2, '0');
    await saveBill(ctx, { vendor_id: vendorIds[i % vendorIds.length], bill_number: `BENCH-${i}`, bill_date: day, lines: [{ description: 'Service', quantity: 1, unit_price: 125 + (i % 50), account_id: expenseAccount.id }] });
  }
}

/** A registered, verified user with an application role (and the owner record they are, for owners). */
export async function addUser(ctx: Ctx, auth: Auth, user: { email: string; password: string; name: string; user_role: string; owner_id?: string | null }): Promise<void> {
  const created = await auth.api.signUpEmail({ body: { email: user.email, password: user.password, name: user.name }, headers: new Headers() });
  await ctx.db.update(people).set({ email_verified: true }).where(eq(people.id, created.user.id));
  await addMember(ctx, created.user.id, { user_role: user.user_role, owner_id: user.owner_id ?? null });
}

/**
 * A co-owner on every `every`th unit of seedUnits (`Partner{i} {LastName}{i}`, 40 %; the first owner keeps 60 % and
 * stays the one billed).
 */
export async function addCoOwners(ctx: Ctx, units: number, every: number): Promise<number> {
  const firsts = (await ctx.db.execute(sql`select op.id as link_id, op.property_id, o.owner_id
    from owner_properties op join owners o on o.id = op.owner_id where op.relationship_type = 'owner'`)).rows as Array<{ link_id: string; property_id: string; owner_id: string }>;
  const chosen = firsts.filter((f) => (Number(f.owner_id) - 100000) % every === 0);
  for (let start = 0; start < chosen.length; start += 1000) {
    const ownerRows = [];
    const links = [];
    for (const f of chosen.slice(start, start + 1000)) {
      const i = Number(f.owner_id) - 100000;
      const oid = newId();
      ownerRows.push(sql`(${oid}, ${String(100000 + units + i)}, ${`Partner${i}`}, ${`${LAST_NAMES[i % 10]}${i}`}, ${`coowner${i}@example.com`})`);
      links.push(sql`(${newId()}, ${oid}, ${f.property_id}, ${'40'}, ${'co-owner'}::relationship_type)`);
    }
    await ctx.db.execute(sql`insert into owners (id, owner_id, first_name, last_name, email) values ${sql.join(ownerRows, sql`, `)}`);
    await ctx.db.execute(sql`insert into owner_properties (id, owner_id, property_id, ownership_percentage, relationship_type) values ${sql.join(links, sql`, `)}`);
  }
  await ctx.db.execute(sql`update owner_properties set ownership_percentage = 60 where relationship_type = 'owner'
    and property_id in (select property_id from owner_properties where relationship_type = 'co-owner')`);
  return chosen.length;
}
