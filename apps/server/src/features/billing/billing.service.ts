import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { addDays, documentNumber } from '@covenant/contracts/documents';
import { INVOICE_DUE_DAYS } from '@covenant/contracts/constants';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { isoDate, optRecordId, optText } from '@covenant/contracts/fields';
import { newId } from '@covenant/db/ids';
import { ownerProperties, owners, properties } from '@covenant/db/schema/community';
import { invoiceLineItems, invoices, products } from '@covenant/db/schema/finance';
import { journalEntries, journalLines } from '@covenant/db/schema/ledger';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { parseInput } from '../../platform/auth/auth.service.ts';
import { systemAccounts } from '../ledger/accounts.service.ts';
import { invoicePosting } from '../ledger/posting.rules.ts';

export const billingInput = z.object({
  invoice_date: isoDate('Invoice date'),
  product_id: optRecordId('Product'),
  description: optText(500),
  status: z.enum(['draft', 'sent']).default('sent'),
});

const CHUNK = 500;

/**
 * The monthly dues run: one invoice per unit with a monthly HOA fee, billed to its principal owner (largest
 * share, then earliest start), with one line at the unit's fee. Units already billed that month are skipped,
 * so a repeated run adds nothing. Everything, postings included, is written in one transaction with bulk inserts.
 */
export async function runMonthlyBilling(ctx: Ctx, params: Record<string, unknown>) {
  await requirePermission(ctx, 'invoices', 'create');
  const input = parseInput(billingInput, params);
  const acc = await systemAccounts(ctx);
  let accountId = acc.assessment_income;
  let description = input.description || `HOA dues ${input.invoice_date.slice(0, 7)}`;
  if (input.product_id) {
    const [p] = await ctx.db.select().from(products).where(eq(products.id, input.product_id)).limit(1);
    if (!p) throw new ValidationError('Product does not exist');
    accountId = p.account_id;
    description = input.description || p.description;
  }
  const monthStart = `${input.invoice_date.slice(0, 7)}-01`;
  const nextMonth = addDays(`${input.invoice_date.slice(0, 7)}-28`, 5).slice(0, 7) + '-01';

  return withTransaction(ctx, async (tx) => {
    // Principal owner per unit with a fee, skipping units that already have this month's invoice.
    const units = (await tx.db.execute(sql`
      select distinct on (p.id) p.id as property_id, p.monthly_hoa_fee as fee, o.id as owner_id, o.owner_id as owner_number
      from ${properties} p
      join ${ownerProperties} op on op.property_id = p.id and op.relationship_type in ('owner', 'co-owner')
      join ${owners} o on o.id = op.owner_id
      where p.monthly_hoa_fee > 0
        and not exists (
          select 1 from ${invoices} i where i.property_id = p.id and i.deleted_at is null and i.status <> 'cancelled'
            and i.invoice_date >= ${monthStart} and i.invoice_date < ${nextMonth})
      order by p.id, op.ownership_percentage desc, op.start_date asc, op.created_date asc`)).rows as Array<{ property_id: string; fee: string; owner_id: string; owner_number: string }>;
    if (units.length === 0) return { created: 0, total: 0, invoice_date: input.invoice_date };

    // Numbers continue each owner's sequence for that date.
    const stemOf = (ownerNumber: string) => documentNumber('INV', ownerNumber, input.invoice_date, 1).slice(0, -3);
    const used = (await tx.db.execute(sql`
      select substring(${invoices.invoice_number} from 1 for 20) as stem, max(cast(substring(${invoices.invoice_number} from 21) as integer)) as n
      from ${invoices} where ${invoices.invoice_date} = ${input.invoice_date} and ${invoices.invoice_number} ~ '^INV-[0-9]{6}-[0-9]{8}-[0-9]{1,9}$' group by 1`)).rows as Array<{ stem: string; n: number }>;
    const nextSeq = new Map(used.map((u) => [u.stem, Number(u.n)]));

    const dueDate = addDays(input.invoice_date, INVOICE_DUE_DAYS);
    const invoiceRows = [];
    const lineRows = [];
    const entryRows = [];
    const jlRows: Array<Record<string, unknown>> = [];
    let total = 0;
    for (const u of units) {
      const cents = toCents(u.fee);
      const stem = stemOf(u.owner_number);
      const seq = (nextSeq.get(stem) ?? 0) + 1;
      nextSeq.set(stem, seq);
      const id = newId();
      invoiceRows.push({
        id, invoice_number: documentNumber('INV', u.owner_number, input.invoice_date, seq), invoice_date: input.invoice_date, due_date: dueDate,
        owner_id: u.owner_id, property_id: u.property_id, subtotal: centsToDecimal(cents), tax_amount: '0', total_amount: centsToDecimal(cents),
        amount_paid: '0', balance_due: centsToDecimal(cents), status: input.status, created_by: ctx.actor?.email ?? null,
      });
      lineRows.push({ invoice_id: id, description, quantity: '1', unit_price: centsToDecimal(cents), extended_price: centsToDecimal(cents), account_id: accountId, line_no: 1, created_by: ctx.actor?.email ?? null });
      total += cents;
      if (input.status === 'sent') {
        const entryId = newId();
        entryRows.push({ id: entryId, entry_date: input.invoice_date, memo: `Invoice ${invoiceRows.at(-1)!.invoice_number}`, source_type: 'invoice', source_id: id, created_by: ctx.actor?.email ?? null });
        invoicePosting({ id, owner_id: u.owner_id, property_id: u.property_id, lines: [{ account_id: accountId, cents }], taxCents: 0 }, acc).forEach((l, i) =>
          jlRows.push({ entry_id: entryId, line_no: i + 1, account_id: l.account_id, debit: centsToDecimal(l.debit), credit: centsToDecimal(l.credit), owner_id: l.owner_id ?? null, property_id: l.property_id ?? null, document_type: l.document_type ?? null, document_id: l.document_id ?? null, entry_date: input.invoice_date }),
        );
      }
    }
    for (let i = 0; i < invoiceRows.length; i += CHUNK) await tx.db.insert(invoices).values(invoiceRows.slice(i, i + CHUNK) as never);
    for (let i = 0; i < lineRows.length; i += CHUNK) await tx.db.insert(invoiceLineItems).values(lineRows.slice(i, i + CHUNK) as never);
    for (let i = 0; i < entryRows.length; i += CHUNK) await tx.db.insert(journalEntries).values(entryRows.slice(i, i + CHUNK) as never);
    for (let i = 0; i < jlRows.length; i += CHUNK) await tx.db.insert(journalLines).values(jlRows.slice(i, i + CHUNK) as never);
    // One "many changed" signal instead of thousands of events: open lists refetch.
    onCommit(tx, () => ctx.services.changes.publish({ entity: 'Invoice', type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
    return { created: invoiceRows.length, total: Number(centsToDecimal(total)), invoice_date: input.invoice_date };
  });
}

