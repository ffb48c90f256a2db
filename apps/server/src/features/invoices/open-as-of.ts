import { sql, type SQL } from 'drizzle-orm';
import { invoices, paymentInvoices } from '@covenant/db/schema/finance';

/**
 * The invoices open on a date, each with its balance on that date, as a subquery to select from: issued by then,
 * not cancelled by then, and owing what is left of the total after the applications posted by then and not
 * reversed by then. A run as of an earlier date sees the balances of that date, not today's. Only invoices
 * open today or touched after the date (an application or reversal, a cancellation) can differ from zero, so
 * those are the candidates: a run as of today reads the open invoices and little else.
 * Columns: every invoice column, and `balance_on` (NUMERIC) in place of today's balance.
 */
export function openInvoicesOn(asOf: string): SQL {
  return sql`(
    select i.*, (i.total_amount - coalesce((select sum(pi.amount_applied) from ${paymentInvoices} pi
        where pi.invoice_id = i.id and pi.applied_date <= ${asOf}::date and (pi.reversed_date is null or pi.reversed_date > ${asOf}::date)), 0)) as balance_on
    from ${invoices} i
    where i.id in (
        select o.id from ${invoices} o where o.balance_due > 0 and o.deleted_at is null and o.status in ('sent', 'partial', 'overdue')
        union select pi.invoice_id from ${paymentInvoices} pi where pi.applied_date > ${asOf}::date
        union select pi.invoice_id from ${paymentInvoices} pi where pi.reversed_date > ${asOf}::date
        union select c.id from ${invoices} c where c.cancelled_date > ${asOf}::date
      )
      and i.deleted_at is null and i.status <> 'draft' and i.invoice_date <= ${asOf}::date
      and (i.cancelled_date is null or i.cancelled_date > ${asOf}::date)
  )`;
}
