import { and, count, desc, eq, notInArray, sql } from 'drizzle-orm';
import { owners } from '@covenant/db/schema/community';
import { invoices, payments } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { requireSignedIn } from '../../platform/access/access.service.ts';
import { entityByName } from '../../platform/entities/definitions.ts';
import { readableWhere } from '../../platform/entities/entities.service.ts';

const money = (v: unknown) => Number(v ?? 0);
const today = () => new Date().toISOString().slice(0, 10);
const ownerName = sql<string>`trim(coalesce(${owners.first_name}, '') || ' ' || coalesce(${owners.last_name}, ''))`;

/**
 * The dashboard's figures, aggregated in SQL over the rows the caller may read: counts are null when the
 * caller may not read that resource; an owner's figures cover their own invoices and payments.
 */
export async function dashboardSummary(ctx: Ctx) {
  requireSignedIn(ctx);
  const def = (name: string) => entityByName(name)!;
  const [ownerScope, propertyScope, invoiceScope, paymentScope] = await Promise.all([
    readableWhere(ctx, def('Owner')),
    readableWhere(ctx, def('Property')),
    readableWhere(ctx, def('Invoice')),
    readableWhere(ctx, def('Payment')),
  ]);
  const countOf = async (name: string, scope: ReturnType<typeof sql>[] | null) => {
    if (!scope) return null;
    const [row] = await ctx.db.select({ n: count() }).from(def(name).table).where(and(...scope));
    return Number(row?.n ?? 0);
  };

  const posted = notInArray(invoices.status, ['draft', 'cancelled']);
  let invoiceFigures = { total_revenue: 0, outstanding_balance: 0, outstanding_count: 0, overdue_count: 0 };
  let recentInvoices: unknown[] = [];
  if (invoiceScope) {
    const [row] = await ctx.db
      .select({
        total_revenue: sql`coalesce(sum(${invoices.total_amount}), 0)`,
        outstanding_balance: sql`coalesce(sum(${invoices.balance_due}) filter (where ${invoices.balance_due} > 0), 0)`,
        outstanding_count: sql<number>`cast(count(*) filter (where ${invoices.balance_due} > 0) as int)`,
        overdue_count: sql<number>`cast(count(*) filter (where ${invoices.status} = 'overdue' or (${invoices.balance_due} > 0 and ${invoices.due_date} < ${today()})) as int)`,
      })
      .from(invoices)
      .where(and(...invoiceScope, posted));
    invoiceFigures = {
      total_revenue: money(row?.total_revenue),
      outstanding_balance: money(row?.outstanding_balance),
      outstanding_count: Number(row?.outstanding_count ?? 0),
      overdue_count: Number(row?.overdue_count ?? 0),
    };
    recentInvoices = (
      await ctx.db
        .select({
          id: invoices.id,
          invoice_number: invoices.invoice_number,
          invoice_date: invoices.invoice_date,
          due_date: invoices.due_date,
          owner_name: ownerName,
          total_amount: invoices.total_amount,
          balance_due: invoices.balance_due,
          status: invoices.status,
        })
        .from(invoices)
        .innerJoin(owners, eq(owners.id, invoices.owner_id))
        .where(and(...invoiceScope))
        .orderBy(desc(invoices.invoice_date), desc(invoices.created_date))
        .limit(5)
    ).map((r) => ({ ...r, total_amount: money(r.total_amount), balance_due: money(r.balance_due) }));
  }

  let paymentsReceived = 0;
  let recentPayments: unknown[] = [];
  if (paymentScope) {
    const [row] = await ctx.db
      .select({ total: sql`coalesce(sum(${payments.amount}) filter (where ${payments.status} <> 'bounced'), 0)` })
      .from(payments)
      .where(and(...paymentScope));
    paymentsReceived = money(row?.total);
    recentPayments = (
      await ctx.db
        .select({
          id: payments.id,
          payment_number: payments.payment_number,
          payment_date: payments.payment_date,
          owner_name: ownerName,
          amount: payments.amount,
          payment_method: payments.payment_method,
          status: payments.status,
        })
        .from(payments)
        .innerJoin(owners, eq(owners.id, payments.owner_id))
        .where(and(...paymentScope))
        .orderBy(desc(payments.payment_date), desc(payments.created_date))
        .limit(5)
    ).map((r) => ({ ...r, amount: money(r.amount) }));
  }

  return {
    total_owners: await countOf('Owner', ownerScope),
    total_properties: await countOf('Property', propertyScope),
    ...invoiceFigures,
    payments_received: paymentsReceived,
    recent_invoices: recentInvoices,
    recent_payments: recentPayments,
  };
}
