import { asc, inArray } from 'drizzle-orm';
import { laterDate } from '@covenant/contracts/dates';
import { paymentInput, paymentInvoiceInput } from '@covenant/contracts/entities';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { invoiceLineItems, invoices, paymentInvoices, payments } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import type { BackupData, BackupStep, IdMaps } from '../../platform/backup/backup-step.ts';
import { belongingTo, collectionSchemas, contractValues, mapRef, naming, optionalDateOf, readAll, str } from '../../platform/backup/contract-step.ts';
import { listOf } from '../../platform/backup/table-step.ts';
import { serialize } from '../../platform/entities/query.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { bankFunds, fundSplitOf } from '../document-lifecycle/lifecycle.backup.ts';
import { peakApplied, phaseOf, type DocumentPhase } from '../document-lifecycle/lifecycle.rules.ts';
import { refreshPaidAmounts } from '../invoices/invoice.commands.ts';
import { receivableByFund, type FundAmount } from '../ledger/posting.rules.ts';
import { insertApplications, paymentApplicationRecord, replayReversedApplications } from '../payment-applications/applications.service.ts';
import { insertPayments, replayBounce } from './payment.commands.ts';
import { applicationDate, assertApplication } from './payment.rules.ts';

const collections = {
  payments: { entity: 'Payment', schema: paymentInput },
  paymentInvoices: { entity: 'PaymentInvoice', schema: paymentInvoiceInput },
};

/** A restored invoice as the applications' checks read it (the invoices' step wrote it with nothing paid). */
interface InvoiceOf {
  id: string;
  owner_id: string;
  invoice_number: string;
  invoice_date: string;
  phase: DocumentPhase;
  totalCents: number;
  byFund: FundAmount[];
  cancelledOn: string | null;
  inForceCents: number;
}

/** The invoices the invoices' step restored, by their id in the file, with what each owes per fund. */
async function restoredInvoices(tx: Ctx, ids: IdMaps): Promise<Map<string, InvoiceOf>> {
  const byNewId = new Map([...ids.of('invoices')].map(([old, id]) => [id, old]));
  const fundIds = await systemFunds(tx);
  const out = new Map<string, InvoiceOf>();
  const all = [...byNewId.keys()];
  for (let i = 0; i < all.length; i += 5000) {
    const chunk = all.slice(i, i + 5000);
    const rows = await tx.db.select().from(invoices).where(inArray(invoices.id, chunk));
    const lines = await tx.db.select().from(invoiceLineItems).where(inArray(invoiceLineItems.invoice_id, chunk)).orderBy(asc(invoiceLineItems.line_no));
    for (const inv of rows) {
      const own = lines.filter((l) => l.invoice_id === inv.id).map((l) => ({ account_id: l.account_id, fund_id: l.fund_id, cents: toCents(l.extended_price) }));
      // Cancelled with a date: it was issued, and its cancellation (replayed) is history the applications must match.
      const phase = inv.status === 'cancelled' && inv.cancelled_date ? 'issued' : phaseOf(inv.status);
      out.set(byNewId.get(inv.id)!, {
        id: inv.id, owner_id: inv.owner_id, invoice_number: inv.invoice_number, invoice_date: inv.invoice_date, phase, totalCents: toCents(inv.total_amount),
        byFund: receivableByFund({ lines: own, taxCents: toCents(inv.tax_amount) }, fundIds), cancelledOn: inv.cancelled_date, inForceCents: 0,
      });
    }
  }
  return out;
}

/**
 * Payments and their applications to the restored invoices, checked by the payment rules as the API checks each
 * when it is made (owner, dates, amounts, funds; at no date more applied than a payment's amount or an invoice's
 * total), written by the payment commands' bulk writers; the invoices' paid amounts are settled, and the history
 * the file records is replayed on its own dates: reversed applications, then bounces.
 */
async function restorePayments(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>> {
  const acc = await systemAccounts(tx);
  const fundIds = await systemFunds(tx);
  const bankFund = await bankFunds(tx);
  const invoiceByOld = await restoredInvoices(tx, ids);

  interface PaymentInfo { row: typeof payments.$inferInsert & { id: string }; fund: string; where: string; cents: number; bouncedOn: string | null; reason: string | null; inForceCents: number }
  const paymentByOld = new Map<string, PaymentInfo>();
  for (const [i, raw] of listOf(data, 'payments').entries()) {
    const where = `payments #${i + 1} (payment ${str(raw.payment_number)})`;
    const remapped = {
      ...raw, owner_id: mapRef(ids, { table: 'owners', name: 'owner' }, raw.owner_id, 'owner_id', where),
      deposit_account_id: mapRef(ids, { table: 'chart_of_accounts', name: 'account' }, raw.deposit_account_id, 'deposit_account_id', where),
    };
    const v = contractValues(tx, collections.payments, remapped, where);
    if (!v.payment_number) throw new ValidationError(`Backup ${where}: payment_number is required`);
    const deposit = (v.deposit_account_id as string | null) ?? acc.cash;
    // An opening credit's other side is Opening Balance Equity, in the Operating fund.
    const fund = deposit === acc.opening_balances ? fundIds.operating : bankFund.get(deposit);
    if (!fund) throw new ValidationError(`Backup ${where}: deposit_account_id is not a bank account of a fund`);
    const cents = toCents(v.amount as number);
    if (cents <= 0) throw new ValidationError(`Backup ${where}: amount must be greater than 0`);
    const bounced = v.status === 'bounced';
    const bouncedOn = bounced ? laterDate(optionalDateOf(raw, 'bounced_date', where) ?? (v.payment_date as string), v.payment_date as string) : null;
    paymentByOld.set(str(raw.id), {
      row: {
        id: newId(), payment_number: v.payment_number as string, payment_date: v.payment_date as string, payment_method: (v.payment_method as 'check' | undefined) ?? 'check',
        reference_number: (v.reference_number as string | null) ?? null, amount: centsToDecimal(cents), owner_id: v.owner_id as string, notes: (v.notes as string | null) ?? null,
        status: bounced ? 'cleared' : ((v.status as 'cleared' | 'pending' | undefined) ?? 'cleared'), idempotency_key: (v.idempotency_key as string | undefined) ?? null,
        deposit_account_id: deposit,
      },
      fund, where, cents, bouncedOn, reason: (raw.bounce_reason as string | null) ?? null, inForceCents: 0,
    });
  }

  const applicationRows: Parameters<typeof insertApplications>[1][number][] = [];
  // What the in-force applications restored so far applied to each invoice, per fund.
  const appliedToFunds = new Map<string, Map<string, number>>();
  for (const [i, raw] of listOf(data, 'paymentInvoices').entries()) {
    const where = `paymentInvoices #${i + 1} (payment-invoice link)`;
    const payment = paymentByOld.get(str(raw.payment_id));
    const invoice = invoiceByOld.get(str(raw.invoice_id));
    if (!payment) throw new ValidationError(`Backup ${where}: payment_id ${str(raw.payment_id)} does not match any payment in the file`);
    if (!invoice) throw new ValidationError(`Backup ${where}: invoice_id ${str(raw.invoice_id)} does not match any invoice in the file`);
    const v = contractValues(tx, collections.paymentInvoices, { ...raw, payment_id: payment.row.id, invoice_id: invoice.id }, where);
    const cents = toCents(v.amount_applied as number);
    const appliedOn = (v.applied_date as string | null) || applicationDate(payment.row.payment_date, invoice.invoice_date);
    const reversedOn = optionalDateOf(raw, 'reversed_date', where);
    naming(where, () => {
      // Each application alone, as the API checks it when it was made.
      assertApplication(
        { owner_id: payment.row.owner_id, payment_date: payment.row.payment_date, status: 'cleared', availableCents: payment.cents },
        { owner_id: invoice.owner_id, invoice_number: invoice.invoice_number, invoice_date: invoice.invoice_date, phase: invoice.phase, balanceCents: invoice.totalCents },
        cents,
        appliedOn,
      );
      if (reversedOn === null) {
        if (payment.bouncedOn) throw new ConflictError(`payment ${payment.row.payment_number} is bounced, so nothing of it can still be applied`, 'bounced');
        if (invoice.cancelledOn) throw new ConflictError(`invoice ${invoice.invoice_number} is cancelled, so no payment can still be applied to it`, 'cancelled');
      } else {
        const expected = [payment.bouncedOn, invoice.cancelledOn].filter((d): d is string => !!d).map((d) => laterDate(d, appliedOn));
        if (!expected.includes(reversedOn)) {
          throw new ValidationError(`reversed_date ${reversedOn} does not match a cancellation of invoice ${invoice.invoice_number} or a bounce of payment ${payment.row.payment_number}`);
        }
      }
    });
    const split = naming(where, () => fundSplitOf(raw.fund_split, ids, cents, invoice.byFund, appliedToFunds.get(invoice.id) ?? new Map()));
    if (reversedOn === null) {
      payment.inForceCents += cents;
      invoice.inForceCents += cents;
    }
    const applied = appliedToFunds.get(invoice.id) ?? new Map<string, number>();
    for (const part of split) applied.set(part.fund_id, (applied.get(part.fund_id) ?? 0) + (reversedOn === null ? part.cents : 0));
    appliedToFunds.set(invoice.id, applied);
    const applicationId = newId();
    if (raw.id) ids.set('payment_invoices', str(raw.id), applicationId);
    applicationRows.push({
      id: applicationId, payment_id: payment.row.id, invoice_id: invoice.id, amount_applied: centsToDecimal(cents), applied_date: appliedOn, reversed_date: reversedOn, fund_split: split,
      // Posted with its payment when it was (one entry for both), which needs it dated on the payment (an older
      // backup, without the flag, restores each application as an entry of its own, as it was posted then).
      posted_with_payment: raw.posted_with_payment === true && appliedOn === payment.row.payment_date,
      owner_id: payment.row.owner_id, payment_number: payment.row.payment_number, invoice_number: invoice.invoice_number, payment_fund_id: payment.fund,
    });
  }
  // At no date may a payment have applied more than its amount, nor an invoice have received more than its total.
  const timeline = (pick: (a: (typeof applicationRows)[number]) => string, id: string) =>
    peakApplied(applicationRows.filter((a) => pick(a) === id).map((a) => ({ cents: toCents(a.amount_applied), applied_date: a.applied_date, reversed_date: a.reversed_date ?? null })));
  for (const p of paymentByOld.values()) {
    const peak = timeline((a) => a.payment_id, p.row.id);
    if (peak > p.cents) naming(p.where, () => { throw new ConflictError(`its applications (${centsToDecimal(peak)} at one time) exceed its amount (${centsToDecimal(p.cents)})`, 'over_applied'); });
  }
  for (const [i, raw] of listOf(data, 'invoices').entries()) {
    const inv = invoiceByOld.get(str(raw.id));
    if (!inv) continue;
    const peak = timeline((a) => a.invoice_id, inv.id);
    const where = `invoices #${i + 1} (invoice ${str(raw.invoice_number)})`;
    if (peak > inv.totalCents) naming(where, () => { throw new ConflictError(`payments applied to it (${centsToDecimal(peak)} at one time) exceed its total (${centsToDecimal(inv.totalCents)})`, 'over_balance'); });
  }

  for (const [old, p] of paymentByOld) ids.set('payments', old, p.row.id);
  await insertPayments(tx, [...paymentByOld.values()].map((p) => p.row), applicationRows);
  await insertApplications(tx, applicationRows);
  await refreshPaidAmounts(tx, [...new Set(applicationRows.map((a) => a.invoice_id))]);
  // The history the file records, on its own dates: reversed applications, bounces.
  await replayReversedApplications(tx, applicationRows.filter((a) => a.reversed_date));
  for (const p of paymentByOld.values()) {
    if (p.bouncedOn) await replayBounce(tx, p.row.id, p.bouncedOn, p.reason);
  }
  return { payments: paymentByOld.size, paymentInvoices: applicationRows.length };
}

/**
 * Payments and every application they made, reversed ones included (the history of a cancellation or a bounce) with
 * the date they were reversed, and whether each was posted with its payment (the restore posts them the same way).
 */
async function backupPayments(ctx: Ctx): Promise<Record<string, Row[]>> {
  const paymentRecords = await readAll(ctx, 'Payment');
  const links = await ctx.db.select().from(paymentInvoices).orderBy(asc(paymentInvoices.created_date), asc(paymentInvoices.id));
  const records = links.map((l): Row => ({ ...serialize(paymentApplicationRecord, l as Row), reversed_date: l.reversed_date, posted_with_payment: l.posted_with_payment }));
  return { payments: paymentRecords, paymentInvoices: belongingTo(belongingTo(records, 'payment_id', paymentRecords), 'invoice_id', await readAll(ctx, 'Invoice')) };
}

export const paymentsBackupStep: BackupStep = { name: 'payments', order: 16, tables: ['payments', 'payment_invoices'], collections: collectionSchemas(collections), backup: backupPayments, restore: restorePayments };
