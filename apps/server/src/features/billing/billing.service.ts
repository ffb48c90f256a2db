import { sql } from 'drizzle-orm';
import { addDays } from '@covenant/contracts/documents';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { ownerProperties, owners, properties } from '@covenant/db/schema/community';
import { invoices } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import type { FunctionInput } from '@covenant/contracts/functions';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { assertLineAccount, systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { insertInvoices, type NewInvoiceDoc } from '../invoices/invoice.commands.ts';
import { defaultDueDate, receivable } from '../document-lifecycle/lifecycle.rules.ts';
import { bulkNumbers } from '../invoices/numbering.ts';
import { productEntity } from '../items/items.feature.ts';
import { ownsOn } from '../properties/ownership.ts';

const RUN_LOCK = 71_003;

/**
 * The monthly dues run: one invoice per unit with a monthly HOA fee, billed to its principal owner (largest
 * share, then earliest start), with one line at the unit's fee. Units already billed that month are skipped and
 * runs of one month never overlap (an advisory lock), so a repeated or concurrent run adds nothing. Every invoice
 * goes through the invoice commands' bulk insert: the same rules and postings as one created by hand.
 */
export const runMonthlyBillingFn = defineFunction('runMonthlyBilling', async (ctx, input) => {
  const acc = await systemAccounts(ctx);
  let accountId = acc.assessment_income;
  let fundId = (await systemFunds(ctx)).operating;
  let description = input.description || `HOA dues ${input.invoice_date.slice(0, 7)}`;
  if (input.product_id) {
    const product = await recordForActor(ctx, productEntity, input.product_id, 'read').catch((err: unknown) => {
      throw err instanceof NotFoundError ? new ValidationError('Product does not exist') : err;
    });
    accountId = product.account_id as string;
    fundId = product.fund_id as string;
    await assertLineAccount(ctx, accountId, 'Item account');
    description = input.description || (product.description as string);
  }
  const month = input.invoice_date.slice(0, 7);
  const monthStart = `${month}-01`;
  const nextMonth = addDays(`${month}-28`, 5).slice(0, 7) + '-01';

  return withTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${RUN_LOCK}, hashtext(${month}))`);
    // Numbers continue each owner's sequence for that date (the day taken exclusively for the run).
    const numberFor = await bulkNumbers(tx, 'INV', invoices, invoices.invoice_number, invoices.invoice_date, input.invoice_date);
    // Principal owner per unit with a fee, skipping units that already have this month's invoice.
    const units = (await tx.db.execute(sql`
      select distinct on (p.id) p.id as property_id, p.monthly_hoa_fee as fee, o.id as owner_id, o.owner_id as owner_number
      from ${properties} p
      join ${ownerProperties} op on op.property_id = p.id and op.relationship_type in ('owner', 'co-owner') and ${ownsOn('op', input.invoice_date)}
      join ${owners} o on o.id = op.owner_id
      where p.monthly_hoa_fee > 0
        and not exists (
          select 1 from ${invoices} i where i.property_id = p.id and i.deleted_at is null and i.status <> 'cancelled'
            and i.invoice_date >= ${monthStart} and i.invoice_date < ${nextMonth})
      order by p.id, op.ownership_percentage desc, op.start_date asc, op.created_date asc`)).rows as Array<{ property_id: string; fee: string; owner_id: string; owner_number: string }>;
    if (units.length === 0) return { created: 0, total: 0, invoice_date: input.invoice_date };

    const dueDate = defaultDueDate(receivable, input.invoice_date);
    let total = 0;
    const docs: NewInvoiceDoc[] = units.map((u) => {
      const cents = toCents(u.fee);
      total += cents;
      return {
        invoice_number: numberFor(u.owner_number), invoice_date: input.invoice_date, due_date: dueDate,
        owner_id: u.owner_id, property_id: u.property_id, tax_rate_id: null, tax_rate: null, phase: input.status === 'sent' ? 'issued' : 'draft',
        lines: [{ product_id: input.product_id ?? null, description, quantity: '1', unit_price: centsToDecimal(cents), account_id: accountId, fund_id: fundId, extended_price: centsToDecimal(cents) }],
      };
    });
    await insertInvoices(tx, docs);
    return { created: docs.length, total: Number(centsToDecimal(total)), invoice_date: input.invoice_date };
  });
}, { authorize: (ctx) => requirePermission(ctx, 'invoices', 'create') });

/** runMonthlyBilling from server code (benches seeding history), on the request's path. */
export const runMonthlyBilling = (ctx: Ctx, input: FunctionInput<'runMonthlyBilling'>) => callFunction(ctx, runMonthlyBillingFn, input);
