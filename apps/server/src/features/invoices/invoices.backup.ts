import { invoiceInput, invoiceLineInput } from '@covenant/contracts/entities';
import { decimal } from '@covenant/contracts/fields';
import { newId } from '@covenant/db/ids';
import { taxRates } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { BackupData, BackupStep, IdMaps } from '../../platform/backup/backup-step.ts';
import { belongingTo, collectionSchemas, contractValues, mapRef, naming, optionalDateOf, readAll, str } from '../../platform/backup/contract-step.ts';
import { listOf } from '../../platform/backup/table-step.ts';
import { systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { extendedPrice } from '../document-lifecycle/lifecycle.commands.ts';
import { documentControlAccounts, linesByDocument } from '../document-lifecycle/lifecycle.backup.ts';
import { computeDocument, receivable } from '../document-lifecycle/lifecycle.rules.ts';
import { insertInvoices, replayInvoiceCancellation, type CompletedLine, type NewInvoiceDoc } from './invoice.commands.ts';

const collections = {
  invoices: { entity: 'Invoice', schema: invoiceInput },
  invoiceLineItems: { entity: 'InvoiceLineItem', schema: invoiceLineInput },
};

const snapshotRate = decimal('tax_rate', { min: 0, max: 100, places: 4 });
const ref = {
  owner: { table: 'owners', name: 'owner' },
  property: { table: 'properties', name: 'property' },
  taxRate: { table: 'tax_rates', name: 'taxRate' },
  product: { table: 'products', name: 'product' },
  account: { table: 'chart_of_accounts', name: 'account' },
  fund: { table: 'funds', name: 'fund' },
};

/**
 * Invoices with their lines, checked by the lifecycle's rules and written by the invoice commands' bulk writer
 * (totals, the tax rate they were issued with, control accounts), so a file holding what the API would refuse is
 * refused whole, naming the record. Each is written with nothing paid: the payments' step applies the file's
 * payments and settles them. A cancellation the file records is replayed on its own date.
 */
async function restoreInvoices(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>> {
  const acc = await systemAccounts(tx);
  const fundIds = await systemFunds(tx);
  const control = await documentControlAccounts(tx);
  const invoiceRecords = listOf(data, 'invoices');
  const lineGroups = linesByDocument(listOf(data, 'invoiceLineItems'), 'invoice_id', new Set(invoiceRecords.map((r) => str(r.id))), 'invoiceLineItems', 'invoice line item');
  const ratesNow = new Map((await tx.db.select({ id: taxRates.id, rate: taxRates.tax_rate }).from(taxRates)).map((r) => [r.id, r.rate]));
  const restored: Array<{ doc: NewInvoiceDoc; cancelledOn: string | null; reason: string | null }> = [];
  for (const [i, raw] of invoiceRecords.entries()) {
    const where = `invoices #${i + 1} (invoice ${str(raw.invoice_number)})`;
    const remapped = { ...raw, owner_id: mapRef(ids, ref.owner, raw.owner_id, 'owner_id', where), property_id: mapRef(ids, ref.property, raw.property_id, 'property_id', where), tax_rate_id: mapRef(ids, ref.taxRate, raw.tax_rate_id, 'tax_rate_id', where) };
    const v = contractValues(tx, collections.invoices, remapped, where);
    if (!v.invoice_number) throw new ValidationError(`Backup ${where}: invoice_number is required`);
    const cancelledOn = optionalDateOf(raw, 'cancelled_date', where);
    const status = str(v.status || 'draft');
    const phase = status === 'draft' ? 'draft' : status === 'cancelled' ? (cancelledOn ? 'issued' : 'cancelled') : 'issued';
    let taxRate: string | null = null;
    if (raw.tax_rate !== undefined && raw.tax_rate !== null && raw.tax_rate !== '') {
      const r = snapshotRate.safeParse(raw.tax_rate);
      if (!r.success) throw new ValidationError(`Backup ${where}: tax_rate must be a percentage from 0 to 100`);
      taxRate = String(r.data);
    } else if (v.tax_rate_id) taxRate = ratesNow.get(v.tax_rate_id as string) ?? null;
    const lines: CompletedLine[] = (lineGroups.get(str(raw.id)) ?? []).map(({ raw: lr, where: lw }) => {
      const lv = contractValues(tx, collections.invoiceLineItems, {
        ...lr, invoice_id: '000000000000000000000000', product_id: mapRef(ids, ref.product, lr.product_id, 'product_id', lw), account_id: mapRef(ids, ref.account, lr.account_id, 'account_id', lw),
        fund_id: mapRef(ids, ref.fund, lr.fund_id, 'fund_id', lw),
      }, lw);
      const accountId = (lv.account_id as string | null) ?? acc.assessment_income;
      if (control.has(accountId)) throw new ValidationError(`Backup ${lw}: its account is a control account, which changes only through documents`);
      const quantity = String(lv.quantity);
      const price = String(lv.unit_price);
      return {
        product_id: (lv.product_id as string | null) ?? null, description: (lv.description as string | null) ?? null, quantity, unit_price: price, account_id: accountId,
        fund_id: (lv.fund_id as string | null) ?? fundIds.operating, extended_price: extendedPrice(quantity, price),
      };
    });
    const doc: NewInvoiceDoc = {
      id: newId(), invoice_number: v.invoice_number as string, invoice_date: v.invoice_date as string, due_date: (v.due_date as string | null) ?? (v.invoice_date as string),
      owner_id: v.owner_id as string, property_id: (v.property_id as string | null) ?? null, tax_rate_id: (v.tax_rate_id as string | null) ?? null, tax_rate: taxRate,
      notes: v.notes as string | null, payment_terms: v.payment_terms as string | null, phase, lines,
    };
    naming(where, () => computeDocument(receivable, { id: doc.id!, party_id: doc.owner_id, property_id: doc.property_id, tax: doc.tax_rate, phase: doc.phase, lines: doc.lines, paidCents: 0 }, acc, fundIds));
    ids.set('invoices', str(raw.id), doc.id!);
    restored.push({ doc, cancelledOn, reason: (raw.cancel_reason as string | null) ?? null });
  }
  await insertInvoices(tx, restored.map((r) => r.doc));
  for (const r of restored) {
    if (r.doc.phase === 'issued' && r.cancelledOn) await replayInvoiceCancellation(tx, r.doc.id!, r.cancelledOn, r.reason);
  }
  return { invoices: restored.length, invoiceLineItems: restored.reduce((s, r) => s + r.doc.lines.length, 0) };
}

/** Invoices and their lines; lines of hidden (deleted) invoices stay out, as the invoices do. */
async function backupInvoices(ctx: Ctx): Promise<Record<string, Row[]>> {
  const invoices = await readAll(ctx, 'Invoice');
  return { invoices, invoiceLineItems: belongingTo(await readAll(ctx, 'InvoiceLineItem'), 'invoice_id', invoices) };
}

export const invoicesBackupStep: BackupStep = { name: 'invoices', order: 15, tables: ['invoices', 'invoice_line_items'], collections: collectionSchemas(collections), backup: backupInvoices, restore: restoreInvoices };
