import { and, count, desc, eq, notInArray, sql, type SQL } from 'drizzle-orm';
import { monthStartBefore } from '@covenant/contracts/dates';
import { isOverdue } from '@covenant/contracts/documents';
import { centsToNumber } from '@covenant/contracts/money';
import type { DashboardSummary } from '@covenant/contracts/reports';
import { owners } from '@covenant/db/schema/community';
import { invoices, payments } from '@covenant/db/schema/finance';
import { today, type Ctx } from '../../lib/context.ts';
import { permissionLevel, requireSignedIn } from '../../platform/access/access.service.ts';
import type { EntityDef } from '../../platform/entities/entity-def.ts';
import { readableWhere } from '../../platform/entities/entities.service.ts';
import { invoiceEntity } from '../invoices/invoices.entities.ts';
import { ownerEntity } from '../owners/owners.feature.ts';
import { paymentEntity } from '../payments/payments.entities.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { incomeFigures, paymentsByMonth, paymentsReceivedCents, receivableBalanceCents } from '../reports/ledger-queries.ts';

const money = (v: unknown) => Number(v ?? 0);
const ownerName = sql<string>`trim(coalesce(${owners.first_name}, '') || ' ' || coalesce(${owners.last_name}, ''))`;

/**
 * Which owner's figures a caller sees on a resource: everyone's (read, read_write), their own (own_records, by
 * the owner profile they are linked to; none without one), or nothing at all (none).
 */
async function figureScope(ctx: Ctx, def: EntityDef): Promise<{ ownerId?: string } | null> {
  const level = await permissionLevel(ctx, def.resource);
  if (level === 'none') return null;
  if (level === 'own_records') return ctx.actor!.owner_id ? { ownerId: ctx.actor!.owner_id } : null;
  return {};
}

/**
 * The dashboard's figures over what the caller may read. Revenue, outstanding balance and payments received
 * come from the same ledger queries as Reports (revenue excludes sales tax; outstanding is the A/R balance);
 * the open and overdue counts count invoices whose balance is above zero, overdue by the one isOverdue rule.
 * Counts are null where the resource is none.
 */
export async function dashboardSummary(ctx: Ctx): Promise<DashboardSummary> {
  requireSignedIn(ctx);
  const [ownerScope, propertyScope, invoiceScope, paymentScope] = await Promise.all([
    readableWhere(ctx, ownerEntity),
    readableWhere(ctx, propertyEntity),
    readableWhere(ctx, invoiceEntity),
    readableWhere(ctx, paymentEntity),
  ]);
  const countOf = async (def: EntityDef, scope: SQL[] | null) => {
    if (!scope) return null;
    const [row] = await ctx.db.select({ n: count() }).from(def.table).where(and(...scope));
    return Number(row?.n ?? 0);
  };

  // The sections are independent reads: run together (each its own connection on PostgreSQL), the summary costs its
  // slowest part instead of the sum of them.
  const invoiceSection = async () => {
    const invoiceFigureScope = await figureScope(ctx, invoiceEntity);
    if (!invoiceScope || !invoiceFigureScope) return { total_revenue: 0, outstanding_balance: 0, outstanding_count: 0, overdue_count: 0 };
    const [income, open, day, receivable] = await Promise.all([
      incomeFigures(ctx, invoiceFigureScope),
      // Open invoices (the rules' balance above zero) per status and due date, for the count and the overdue rule.
      ctx.db
        .select({ status: invoices.status, due_date: invoices.due_date, n: sql<number>`cast(count(*) as int)` })
        .from(invoices)
        .where(and(...invoiceScope, sql`${invoices.balance_due} > 0`, notInArray(invoices.status, ['draft', 'cancelled'])))
        .groupBy(invoices.status, invoices.due_date),
      today(ctx),
      receivableBalanceCents(ctx, invoiceFigureScope),
    ]);
    return {
      total_revenue: centsToNumber(income.revenueCents),
      outstanding_balance: centsToNumber(receivable),
      outstanding_count: open.reduce((s, g) => s + Number(g.n), 0),
      overdue_count: open.filter((g) => isOverdue({ status: g.status, balance_due: 1, due_date: g.due_date }, day)).reduce((s, g) => s + Number(g.n), 0),
    };
  };
  const recentInvoicesSection = async (): Promise<DashboardSummary['recent_invoices']> => {
    if (!invoiceScope) return [];
    return (
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
  };
  const paymentSection = async (): Promise<{ received: number; byMonth: Array<{ month: string; payments_received: number }> }> => {
    const paymentFigureScope = await figureScope(ctx, paymentEntity);
    if (!paymentScope || !paymentFigureScope) return { received: 0, byMonth: [] };
    // The last twelve calendar months, this one included, by the same definition as payments received.
    const to = await today(ctx);
    const [received, months] = await Promise.all([
      paymentsReceivedCents(ctx, paymentFigureScope),
      paymentsByMonth(ctx, { ...paymentFigureScope, from: monthStartBefore(to, 11), to }),
    ]);
    return { received: centsToNumber(received), byMonth: months.map((m) => ({ month: m.month, payments_received: centsToNumber(m.paymentsCents) })) };
  };
  const recentPaymentsSection = async (): Promise<DashboardSummary['recent_payments']> => {
    if (!paymentScope) return [];
    return (
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
  };
  const [invoiceFigures, recentInvoices, paymentFigures, recentPayments, totalOwners, totalProperties] = await Promise.all([
    invoiceSection(), recentInvoicesSection(), paymentSection(), recentPaymentsSection(), countOf(ownerEntity, ownerScope), countOf(propertyEntity, propertyScope),
  ]);

  return {
    total_owners: totalOwners,
    total_properties: totalProperties,
    ...invoiceFigures,
    payments_received: paymentFigures.received,
    collections_by_month: paymentFigures.byMonth,
    recent_invoices: recentInvoices,
    recent_payments: recentPayments,
  };
}
