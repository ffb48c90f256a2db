import { eq, sql } from 'drizzle-orm';
import { addDays } from '@covenant/contracts/documents';
import { centsToDecimal, centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { orgSettings, ownerProperties, owners } from '@covenant/db/schema/community';
import { invoices } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { createEntity, publishRecord, referencedRecord } from '../../platform/entities/entities.service.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { lineFund, revenueAccount } from '../accounts/accounts.service.ts';
import { defaultDueDate, receivable } from '../document-lifecycle/lifecycle.rules.ts';
import { insertInvoices } from '../invoices/invoice.commands.ts';
import { nextDocumentNumber } from '../invoices/numbering.ts';
import { ownerEntity } from '../owners/owners.feature.ts';
import { ownerPropertyEntity, propertyEntity } from '../properties/properties.feature.ts';
import { buildStatement, ownerColumns } from '../statements/statement.service.ts';

const rowsOf = async <T>(ctx: Ctx, query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows as T[];

async function staffOnly(ctx: Ctx) {
  await requirePermission(ctx, 'properties', 'create');
  await requirePermission(ctx, 'owners', 'create');
}

/** The Other Income account a transfer fee is credited to. */
const otherIncomeAccount = (ctx: Ctx) => revenueAccount(ctx, { number: '4900', name: 'Other Income', purpose: 'bill transfer fees', code: 'no_income_account' });

/**
 * transferOwnership: the sale of a unit. The sellers' ownerships end on the closing date and the buyers' begin the
 * next day (each day has one set of owners, so a run dated the closing day bills the sellers); each seller's final
 * statement runs from the first of the closing month to the closing date; the organization's transfer fee, if
 * any, is invoiced to the principal buyer on the day they begin.
 */
export const transferOwnershipFn = defineFunction('transferOwnership', async (ctx, input) => {
  const total = input.buyers.reduce((s, b) => s + Math.round(b.ownership_percentage * 100), 0);
  if (total !== 10_000) throw new ValidationError(`Buyers' ownership percentages must add up to 100 (they add up to ${total / 100})`);
  return withTransaction(ctx, async (tx) => {
    const unit = await referencedRecord(tx, propertyEntity, input.property_id, 'Unit');
    // Every id through the caller's scope before any other rule.
    for (const [i, b] of input.buyers.entries()) if (b.owner_id) await referencedRecord(tx, ownerEntity, b.owner_id, `Buyer ${i + 1}`);
    const buyersFrom = addDays(input.closing_date, 1);
    await tx.db.execute(sql`select id from ${ownerProperties} where property_id = ${input.property_id} for update`);
    const sellers = await rowsOf<{ link_id: string; owner_id: string; start_date: unknown }>(tx, sql`
      select op.id as link_id, op.owner_id, op.start_date from owner_properties op
      where op.property_id = ${input.property_id} and op.relationship_type in ('owner', 'co-owner')
        and (op.end_date is null or op.end_date >= ${input.closing_date}::date) order by op.ownership_percentage desc, op.start_date`);
    if (sellers.length === 0) throw new ValidationError(`Unit ${String(unit.unit_number)} has no owner on ${input.closing_date} to sell it`);
    for (const s of sellers) {
      const start = String(s.start_date instanceof Date ? s.start_date.toISOString() : s.start_date).slice(0, 10);
      if (start > input.closing_date) throw new ValidationError(`An ownership of unit ${String(unit.unit_number)} begins after ${input.closing_date}: record the sales in order`);
    }
    // Buyers: an owner on record (read through the caller's scope) or a new owner.
    const buyers: Array<{ owner_id: string; ownership_percentage: number }> = [];
    for (const [i, b] of input.buyers.entries()) {
      if (!!b.owner_id === !!b.new_owner) throw new ValidationError(`Buyer ${i + 1}: give either owner_id or new_owner`);
      const ownerId = b.owner_id
        ? ((await referencedRecord(tx, ownerEntity, b.owner_id, `Buyer ${i + 1}`)).id as string)
        : ((await createEntity(tx, ownerEntity, b.new_owner)).id as string);
      if (sellers.some((s) => s.owner_id === ownerId)) throw new ValidationError(`Buyer ${i + 1} owns the unit already; record a change of shares instead`);
      if (buyers.some((x) => x.owner_id === ownerId)) throw new ValidationError(`Buyer ${i + 1} is named twice`);
      const [before] = await rowsOf<{ id: string }>(tx, sql`select id from owner_properties where owner_id = ${ownerId} and property_id = ${input.property_id}`);
      if (before) throw new ConflictError(`Buyer ${i + 1} owned this unit before; Covenant keeps one ownership per owner and unit`, 'owned_before');
      buyers.push({ owner_id: ownerId, ownership_percentage: b.ownership_percentage });
    }
    for (const s of sellers) {
      await tx.db.execute(sql`update owner_properties set end_date = ${input.closing_date}, updated_date = now() where id = ${s.link_id}`);
      await publishRecord(tx, ownerPropertyEntity, s.link_id);
    }
    for (const b of buyers) {
      const id = newId();
      await tx.db.insert(ownerProperties).values({
        id, owner_id: b.owner_id, property_id: input.property_id, ownership_percentage: b.ownership_percentage.toFixed(2),
        relationship_type: buyers.length > 1 ? 'co-owner' : 'owner', start_date: buyersFrom, created_by: tx.actor?.email ?? null,
      });
      await publishRecord(tx, ownerPropertyEntity, id, 'create');
    }
    // The transfer fee, to the principal buyer (the largest share, the first named on a tie).
    let feeInvoiceId: string | null = null;
    const [settings] = await tx.db.select({ fee: orgSettings.transfer_fee }).from(orgSettings).limit(1);
    const feeCents = toCents(settings?.fee ?? 0);
    if (feeCents > 0) {
      const principal = [...buyers].sort((a, b) => b.ownership_percentage - a.ownership_percentage)[0]!;
      const [p] = await tx.db.select({ owner_number: owners.owner_id }).from(owners).where(eq(owners.id, principal.owner_id));
      feeInvoiceId = newId();
      await insertInvoices(tx, [{
        id: feeInvoiceId, invoice_number: await nextDocumentNumber(tx, 'INV', invoices, invoices.invoice_number, p!.owner_number, buyersFrom),
        invoice_date: buyersFrom, due_date: defaultDueDate(receivable, buyersFrom), owner_id: principal.owner_id, property_id: input.property_id,
        tax_rate_id: null, tax_rate: null, phase: 'issued', notes: 'Transfer fee',
        lines: [{ product_id: null, description: `Transfer fee: unit ${String(unit.unit_number)}, closing ${input.closing_date}`, quantity: '1', unit_price: centsToDecimal(feeCents), account_id: await otherIncomeAccount(tx), fund_id: await lineFund(tx, null), extended_price: centsToDecimal(feeCents) }],
      }]);
    }
    // Each seller's final statement, through the closing date.
    const from = `${input.closing_date.slice(0, 7)}-01`;
    const sellersOut = [];
    for (const s of sellers) {
      const [owner] = await tx.db.select(ownerColumns).from(owners).where(eq(owners.id, s.owner_id));
      const statement = await buildStatement(tx, owner!, from, input.closing_date);
      sellersOut.push({
        owner_id: s.owner_id, name: `${owner!.first_name} ${owner!.last_name}`.trim(), end_date: input.closing_date, final_balance: centsToNumber(statement.closingCents),
        statement: `/owners/${s.owner_id}/statement?from=${from}&to=${input.closing_date}&format=pdf`,
      });
    }
    const buyerNames = await rowsOf<{ id: string; name: string }>(tx, sql`select id, trim(first_name || ' ' || last_name) as name from owners where id in (${sql.join(buyers.map((b) => sql`${b.owner_id}`), sql`, `)})`);
    return {
      property_id: input.property_id, closing_date: input.closing_date, buyers_from: buyersFrom, sellers: sellersOut,
      buyers: buyers.map((b) => ({ owner_id: b.owner_id, name: buyerNames.find((n) => n.id === b.owner_id)?.name ?? '', ownership_percentage: b.ownership_percentage })),
      transfer_fee_invoice_id: feeInvoiceId,
    };
  });
}, { authorize: staffOnly });
