import { insertRows, ROWS_PER_STATEMENT } from '../../lib/bulk-insert.ts';
import { pgArray } from '../../lib/pg-array.ts';
import { analyzeIfBulk } from '../../lib/analyze.ts';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { allocate } from '@covenant/contracts/documents';
import { PAYMENT_METHODS } from '@covenant/contracts/constants';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import type { FunctionInput, InvoiceRecord, PaymentApplication, PaymentRecord } from '@covenant/contracts/functions';
import { newId } from '@covenant/db/ids';
import type { PaymentApplicationOrder } from '@covenant/contracts/charges';
import { chargeRunItems } from '@covenant/db/schema/charges';
import { chartOfAccounts, invoiceLineItems, invoices, paymentInvoices, payments } from '@covenant/db/schema/finance';
import { owners } from '@covenant/db/schema/community';
import { onCommit, today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, readRecord, recordForActor, referencedRecord as referenced, visibleIds } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { bankAccount, systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { addAppliedAmounts, createInvoice, lockInvoice, settleInvoice, type InvoiceRow } from '../invoices/invoice.commands.ts';
import { invoiceEntity } from '../invoices/invoices.entities.ts';
import { phaseOf } from '../document-lifecycle/lifecycle.rules.ts';
import { bulkNumbersOn, nextDocumentNumber } from '../invoices/numbering.ts';
import { openByFund, openByFundMany, postEntries, reverseSource } from '../ledger/ledger.service.ts';
import { paymentPosting, recordedPaymentPosting, reversed, splitByFund } from '../ledger/posting.rules.ts';
import { ownerEntity } from '../owners/owners.feature.ts';
import { paymentEntity, paymentInvoiceEntity } from './payments.entities.ts';
import {
  eraseApplication, insertApplications, linksOfPayment, reverseApplication, unappliedCents,
} from '../payment-applications/applications.service.ts';
import { orgPolicy } from '../org-settings/org-policy.ts';
import { applicationDate, applicationOrder, assertApplication, chargeKind, planBounce, type OpenCharge } from './payment.rules.ts';
import { assertNotMatched } from '../banking/matching.service.ts';

/**
 * The one write path of owner payments and their applications to invoices. Lock order everywhere: the
 * payment, then its invoices in id order (an invoice's own commands lock only the invoice), so two commands
 * never wait on each other in a circle.
 */

export type PaymentRow = typeof payments.$inferSelect;

/**
 * The bank accounts' funds, for the payments that deposit into them. An opening credit (imported opening
 * balances) "deposits" into Opening Balance Equity, in the Operating fund.
 */
async function fundsOfAccounts(ctx: Ctx, ids: Iterable<string>): Promise<Map<string, string>> {
  const list = [...new Set(ids)];
  if (list.length === 0) return new Map();
  const rows = await ctx.db.select({ id: chartOfAccounts.id, fund_id: chartOfAccounts.fund_id, key: chartOfAccounts.system_key }).from(chartOfAccounts).where(inArray(chartOfAccounts.id, list));
  const operating = (await systemFunds(ctx)).operating;
  const out = new Map(rows.map((r) => [r.id, r.key === 'opening_balances' ? operating : r.fund_id!]));
  for (const id of list) if (!out.get(id)) throw new ValidationError('A payment must be deposited into a bank account of a fund');
  return out;
}

export interface NewPaymentInput {
  payment_number?: string | undefined;
  payment_date: string;
  payment_method?: (typeof PAYMENT_METHODS)[number] | undefined;
  reference_number?: string | null | undefined;
  amount: number | string;
  owner_id: string;
  notes?: string | null | undefined;
  status?: string | undefined;
  idempotency_key?: string | undefined;
  deposit_account_id?: string | null | undefined;
}


export async function lockPayment(ctx: Ctx, id: string): Promise<PaymentRow> {
  const [row] = await ctx.db.select().from(payments).where(and(eq(payments.id, id), isNull(payments.deleted_at))).for('no key update').limit(1);
  if (!row) throw new NotFoundError('Payment not found');
  return row;
}

/** Locks invoices in id order (the one order every command uses). */
async function lockInvoices(ctx: Ctx, ids: Iterable<string>): Promise<Map<string, InvoiceRow>> {
  const out = new Map<string, InvoiceRow>();
  for (const id of [...new Set(ids)].sort()) out.set(id, await lockInvoice(ctx, id));
  return out;
}

/** The payment an earlier request with the same idempotency key recorded. */
export async function paymentByIdempotencyKey(ctx: Ctx, key: string | undefined): Promise<PaymentRow | undefined> {
  if (!key) return undefined;
  const [row] = await ctx.db.select().from(payments).where(eq(payments.idempotency_key, key)).limit(1);
  return row;
}

/** An application of a new payment as insertApplications writes it. */
type NewApplication = Parameters<typeof insertApplications>[1][number];

/**
 * Inserts new payments and posts each (Dr Cash / Cr Owner Prepayments), with the applications among `applied` that
 * are `posted_with_payment` in the same entry (recordedPaymentPosting): the single create, recordPayment, the bulk
 * writer and restore come through here. The applications themselves are the caller's to insert.
 */
export async function insertPayments(ctx: Ctx, docs: ReadonlyArray<Omit<typeof payments.$inferInsert, 'created_by'>>, applied: readonly NewApplication[] = []): Promise<string[]> {
  const acc = await systemAccounts(ctx);
  const rows = docs.map((d) => ({ ...d, id: d.id ?? newId(), created_by: ctx.actor?.email ?? null }));
  const fundOf = await fundsOfAccounts(ctx, rows.map((r) => r.deposit_account_id));
  const withPayment = new Map<string, NewApplication[]>();
  for (const a of applied) if (a.posted_with_payment) withPayment.set(a.payment_id, [...(withPayment.get(a.payment_id) ?? []), a]);
  await insertRows(ctx.db, payments, rows);
  analyzeIfBulk(ctx, rows.length, ['payments']);
  await postEntries(
    ctx,
    rows.map((p) => ({
      date: p.payment_date, memo: `Payment ${p.payment_number}`, source_type: 'payment' as const, source_id: p.id,
      lines: recordedPaymentPosting(
        { id: p.id, owner_id: p.owner_id, cents: toCents(p.amount), cash_account_id: p.deposit_account_id, fund_id: fundOf.get(p.deposit_account_id)! },
        // In invoice id order, so a restore (which reads the applications back in another order) writes the same lines.
        (withPayment.get(p.id) ?? []).sort((x, y) => (x.invoice_id < y.invoice_id ? -1 : x.invoice_id > y.invoice_id ? 1 : 0)).map((a) => {
          if (a.applied_date !== p.payment_date) throw new Error(`An application posted with payment ${p.payment_number} must be dated on it`);
          return { invoice_id: a.invoice_id, split: a.fund_split };
        }),
        acc,
      ),
    })),
  );
  if (rows.length <= 20) for (const p of rows) await publishRecord(ctx, paymentEntity, p.id, 'create');
  else onCommit(ctx, () => ctx.services.changes.publish({ entity: 'Payment', type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
  return rows.map((r) => r.id);
}

/** Restore: a restored payment bounced on `on` (its applications' reversals are replayed from the file's dates). */
export async function replayBounce(ctx: Ctx, paymentId: string, on: string, reason: string | null): Promise<void> {
  const payment = await lockPayment(ctx, paymentId);
  await reversePaymentEntry(ctx, payment, `Payment ${payment.payment_number} bounced (restored)`, on);
  await ctx.db.update(payments).set({ status: 'bounced', bounced_date: on, bounce_reason: reason }).where(eq(payments.id, paymentId));
}

/**
 * Reverses a payment's entry once every application it made is undone (each on its own: an application posted with
 * the payment has its reversal written from its amounts). What is left to undo is the payment's own posting (Dr
 * Cash / Cr Owner Prepayments) whether or not the entry carried applications; the entry's bank line must be that
 * posting's, or the ledger is not what the payment says and nothing is written.
 */
async function reversePaymentEntry(ctx: Ctx, payment: PaymentRow, memo: string, on?: string): Promise<void> {
  const acc = await systemAccounts(ctx);
  const fund = (await fundsOfAccounts(ctx, [payment.deposit_account_id])).get(payment.deposit_account_id)!;
  const own = paymentPosting({ id: payment.id, owner_id: payment.owner_id, cents: toCents(payment.amount), cash_account_id: payment.deposit_account_id, fund_id: fund }, acc);
  await reverseSource(ctx, 'payment', payment.id, memo, on, (lines) => {
    const bank = lines[0];
    if (!bank || bank.account_id !== own[0]!.account_id || bank.fund_id !== own[0]!.fund_id || bank.debit !== own[0]!.debit || bank.credit !== 0) {
      throw new Error(`Payment ${payment.payment_number}: its entry does not begin with its bank line`);
    }
    return reversed(own);
  });
}

/** Records a payment with nothing applied (all of it the owner's credit until applied); answers its id. */
export async function createPayment(ctx: Ctx, input: NewPaymentInput): Promise<string> {
  await requirePermission(ctx, 'payments', 'create');
  const cents = assertNewPayment(input);
  return withTransaction(ctx, async (tx) => {
    const owner = await referenced(tx, ownerEntity, input.owner_id, 'Owner');
    const deposit = await bankAccount(tx, input.deposit_account_id);
    const number = input.payment_number?.trim() || (await nextDocumentNumber(tx, 'PMT', payments, payments.payment_number, owner.owner_id as string, input.payment_date));
    const [id] = await insertPayments(tx, [
      {
        payment_number: number, payment_date: input.payment_date, payment_method: input.payment_method ?? 'check', reference_number: input.reference_number ?? null,
        amount: centsToDecimal(cents), owner_id: input.owner_id, notes: input.notes ?? null, status: (input.status as 'cleared' | 'pending' | undefined) ?? 'cleared',
        idempotency_key: input.idempotency_key ?? null, deposit_account_id: deposit.id,
      },
    ]);
    return id!;
  });
}

const EDITABLE_PAYMENT_FIELDS = ['notes', 'reference_number', 'payment_method'];

/** A recorded payment keeps its amount, owner and date; notes, reference and method can be corrected. */
export async function updatePayment(ctx: Ctx, id: string, changes: Row): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, paymentEntity, id, 'update', { changing: Object.keys(changes) });
    const payment = await lockPayment(tx, id);
    if (changes.status !== undefined && changes.status !== payment.status) {
      throw new ConflictError('A payment\'s status changes only by bouncing it (bouncePayment)', 'payment_locked');
    }
    const locked = Object.keys(changes).filter((k) => !EDITABLE_PAYMENT_FIELDS.includes(k) && k !== 'status');
    if (locked.length) throw new ConflictError(`A recorded payment's ${locked.join(', ')} cannot change; delete the payment and record it again`, 'payment_locked');
    const set = Object.fromEntries(Object.entries(changes).filter(([k]) => EDITABLE_PAYMENT_FIELDS.includes(k)));
    if (Object.keys(set).length) await tx.db.update(payments).set(set).where(eq(payments.id, id));
    await publishRecord(tx, paymentEntity, id);
  });
}

/**
 * Applies part of a locked payment to a locked invoice on its application date; the invoice is settled. Answers
 * the application's id. madeOn: the day the application is made, when later than the payment's recording.
 */
async function applyLocked(ctx: Ctx, payment: PaymentRow, invoice: InvoiceRow, cents: number, opts: { appliedDate?: string | null | undefined; madeOn?: string | undefined }): Promise<string> {
  const available = await unappliedCents(ctx, payment);
  const date = opts.appliedDate || applicationDate(payment.payment_date, invoice.invoice_date, opts.madeOn);
  assertApplication(
    { owner_id: payment.owner_id, payment_date: payment.payment_date, status: payment.status, availableCents: available },
    { owner_id: invoice.owner_id, invoice_number: invoice.invoice_number, invoice_date: invoice.invoice_date, phase: phaseOf(invoice.status), balanceCents: toCents(invoice.balance_due) },
    cents,
    date,
  );
  const acc = await systemAccounts(ctx);
  // The invoice's funds each get their share of the money; the payment's bank account decides its own fund.
  const split = splitByFund(cents, await openByFund(ctx, acc.accounts_receivable, 'invoice', invoice.id));
  const paymentFund = (await fundsOfAccounts(ctx, [payment.deposit_account_id])).get(payment.deposit_account_id)!;
  const id = newId();
  await insertApplications(ctx, [{
    id, payment_id: payment.id, invoice_id: invoice.id, amount_applied: centsToDecimal(cents), applied_date: date, fund_split: split,
    owner_id: payment.owner_id, payment_number: payment.payment_number, invoice_number: invoice.invoice_number, payment_fund_id: paymentFund,
  }]);
  await settleInvoice(ctx, await lockInvoice(ctx, invoice.id));
  await publishRecord(ctx, paymentInvoiceEntity, id, 'create');
  return id;
}

/**
 * Applies existing credit from a payment to an invoice (the generic PaymentInvoice create, and applyCredit):
 * posted on the later of the payment date, the invoice date and today, or on applied_date when given.
 */
export async function applyPayment(ctx: Ctx, input: { payment_id: string; invoice_id: string; amount_applied: number | string; applied_date?: string | null | undefined }): Promise<string> {
  await requirePermission(ctx, 'payments', 'create');
  return withTransaction(ctx, async (tx) => {
    try {
      await recordForActor(tx, paymentEntity, input.payment_id, 'update', { changing: ['applications'] });
    } catch (err) {
      if (err instanceof NotFoundError) throw new ValidationError('Payment does not exist');
      throw err;
    }
    const payment = await lockPayment(tx, input.payment_id);
    await referenced(tx, invoiceEntity, input.invoice_id, 'Invoice');
    const invoice = await lockInvoice(tx, input.invoice_id);
    return applyLocked(tx, payment, invoice, toCents(input.amount_applied), { appliedDate: input.applied_date, madeOn: (await today(tx)) });
  });
}

/** Removes an application entered in error: reversed at its own date, the money back to the owner's credit. */
export async function removeApplication(ctx: Ctx, linkId: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, paymentInvoiceEntity, linkId, 'delete');
    await lockPayment(tx, found.payment_id as string);
    const invoice = await lockInvoice(tx, found.invoice_id as string);
    const [link] = await tx.db.select().from(paymentInvoices).where(and(eq(paymentInvoices.id, linkId), isNull(paymentInvoices.reversed_date))).limit(1);
    if (!link) throw new NotFoundError('Payment application not found');
    await eraseApplication(tx, link, 'Payment application removed');
    await settleInvoice(tx, invoice);
    await publishRecord(tx, paymentInvoiceEntity, linkId, 'delete', found);
  });
}

/**
 * An owner's open issued charges in the order a payment pays them (pure rule `applicationOrder`). What a charge
 * is comes from the run that billed it (assessment, late fee, interest), else from its lines' accounts
 * (Assessment Income, Late Fee Income), else it is another charge.
 */
export async function openChargesInOrder(ctx: Ctx, ownerId: string, order: PaymentApplicationOrder): Promise<Array<OpenCharge & { balanceCents: number }>> {
  return (await openChargesByOwner(ctx, [ownerId], order)).get(ownerId) ?? [];
}

/** openChargesInOrder for many owners in one query (owners without open charges are absent). */
export async function openChargesByOwner(ctx: Ctx, ownerIds: readonly string[], order: PaymentApplicationOrder): Promise<Map<string, Array<OpenCharge & { balanceCents: number; property_id: string | null }>>> {
  return openChargesQuery(ctx, ownerIds, order, true);
}

/**
 * The ids of each owner's open charges in the order a payment pays them (the bulk writer): what a charge is (from
 * its run and lines) is read only when the order depends on it, not under `oldest_first`, the default.
 */
async function openChargeIdsByOwner(ctx: Ctx, ownerIds: readonly string[], order: PaymentApplicationOrder): Promise<Map<string, string[]>> {
  const byOwner = await openChargesQuery(ctx, ownerIds, order, order !== 'oldest_first');
  return new Map([...byOwner].map(([owner, charges]) => [owner, charges.map((c) => c.id)]));
}

async function openChargesQuery(ctx: Ctx, ownerIds: readonly string[], order: PaymentApplicationOrder, withKinds: boolean): Promise<Map<string, Array<OpenCharge & { balanceCents: number; property_id: string | null }>>> {
  const out = new Map<string, Array<OpenCharge & { balanceCents: number; property_id: string | null }>>();
  if (ownerIds.length === 0) return out;
  const acc = await systemAccounts(ctx);
  const byOwner = new Map<string, Array<OpenCharge & { balanceCents: number; property_id: string | null }>>();
  const kinds = withKinds
    ? sql`coalesce((select array_agg(distinct c.kind::text) from ${chargeRunItems} c where c.invoice_id = i.id), '{}') as run_kinds,
        coalesce((select array_agg(distinct l.account_id) from ${invoiceLineItems} l where l.invoice_id = i.id), '{}') as line_accounts`
    : sql`'{}'::text[] as run_kinds, '{}'::text[] as line_accounts`;
  for (let start = 0; start < ownerIds.length; start += 5000) {
    const chunk = ownerIds.slice(start, start + 5000);
    // The facts as arrays (empty when there are none); the kind is decided by the pure rule, not by SQL.
    const rows = (await ctx.db.execute(sql`
      select i.id, i.owner_id, i.property_id, i.invoice_number, i.invoice_date, i.due_date, i.balance_due, ${kinds}
      from ${invoices} i
      where i.owner_id = any(${pgArray(chunk)}::text[]) and i.deleted_at is null and i.status in ('sent', 'partial', 'overdue') and i.balance_due > 0`)).rows as Array<{
      id: string; owner_id: string; property_id: string | null; invoice_number: string; invoice_date: string; due_date: string | null; balance_due: string; run_kinds: string[]; line_accounts: string[];
    }>;
    for (const r of rows) {
      const list = byOwner.get(r.owner_id) ?? [];
      list.push({
        id: r.id, kind: chargeKind({ runKinds: r.run_kinds, lineAccountIds: r.line_accounts }, acc), invoice_number: r.invoice_number,
        invoice_date: String(r.invoice_date).slice(0, 10), due_date: r.due_date ? String(r.due_date).slice(0, 10) : null, balanceCents: toCents(r.balance_due), property_id: r.property_id,
      });
      byOwner.set(r.owner_id, list);
    }
  }
  for (const [owner, charges] of byOwner) out.set(owner, applicationOrder(charges, order));
  return out;
}

/**
 * Applies each given owner's unapplied credit (oldest payment first) to their open charges in the organization's
 * application order, through the same application command as applyCredit: posted on the later of the payment
 * date, the invoice date and `madeOn`. Answers the cents applied.
 */
export async function applyCreditsToCharges(ctx: Ctx, ownerIds: readonly string[], madeOn: string): Promise<number> {
  if (ownerIds.length === 0) return 0;
  const { applicationOrder: order } = await orgPolicy(ctx);
  const credits = (await ctx.db.execute(sql`
    select p.id, p.owner_id from ${payments} p
    where p.owner_id in (${sql.join([...new Set(ownerIds)].map((id) => sql`${id}`), sql`, `)}) and p.deleted_at is null and p.status <> 'bounced'
      and p.amount > coalesce((select sum(pi.amount_applied) from ${paymentInvoices} pi where pi.payment_id = p.id and pi.reversed_date is null), 0)
    order by p.owner_id, p.payment_date, p.id`)).rows as Array<{ id: string; owner_id: string }>;
  let applied = 0;
  for (const c of credits) {
    const payment = await lockPayment(ctx, c.id);
    let left = await unappliedCents(ctx, payment);
    for (const charge of await openChargesInOrder(ctx, c.owner_id, order)) {
      if (left <= 0) break;
      const invoice = await lockInvoice(ctx, charge.id);
      const cents = Math.min(left, toCents(invoice.balance_due));
      if (cents <= 0) continue;
      await applyLocked(ctx, payment, invoice, cents, { madeOn });
      left -= cents;
      applied += cents;
    }
  }
  return applied;
}

/** What paying an invoice reads of its locked row. */
type LockedInvoice = Pick<InvoiceRow, 'id' | 'owner_id' | 'invoice_number' | 'invoice_date' | 'status' | 'total_amount' | 'amount_paid' | 'balance_due'>;

/** Locks invoices in id order (the one order every command uses) and reads what paying them needs, up to 50,000 a statement. */
async function lockInvoicesForPaying(ctx: Ctx, ids: readonly string[]): Promise<Map<string, LockedInvoice>> {
  const sorted = [...new Set(ids)].sort();
  const out = new Map<string, LockedInvoice>();
  for (let i = 0; i < sorted.length; i += ROWS_PER_STATEMENT) {
    const rows = (await ctx.db.execute(sql`select id, owner_id, invoice_number, invoice_date::text as invoice_date, status::text as status, total_amount::text as total_amount,
        amount_paid::text as amount_paid, balance_due::text as balance_due
      from ${invoices} where id = any(${pgArray(sorted.slice(i, i + ROWS_PER_STATEMENT))}::text[]) order by id for no key update`)).rows as LockedInvoice[];
    for (const r of rows) out.set(r.id, r);
  }
  return out;
}

type NewPaymentRow = Omit<typeof payments.$inferInsert, 'created_by'> & { id: string; payment_number: string; deposit_account_id: string };

/** A new payment's checks before anything is read: what createPayment refuses. */
function assertNewPayment(input: NewPaymentInput): number {
  if (input.status === 'bounced') throw new ValidationError('A payment is recorded cleared or pending; a returned payment is recorded and then bounced');
  const cents = toCents(input.amount);
  if (cents <= 0) throw new ValidationError('Amount must be greater than 0');
  return cents;
}

/**
 * New payments applied in order to the open charges given for each (locked by the caller), by the rules each
 * application is made by (allocation, application date, the invoice's funds' shares, assertApplication). Two
 * payments of one owner apply one after the other, the second to what the first left open. An application dated on
 * its payment's date is posted with the payment (one entry for the payment and what it paid); a later one (an
 * invoice dated after the payment) posts its own entry on its date.
 */
async function applicationsOfNewPayments(ctx: Ctx, rows: readonly NewPaymentRow[], chargesOf: (p: NewPaymentRow) => readonly string[], locked: ReadonlyMap<string, LockedInvoice>): Promise<NewApplication[]> {
  const acc = await systemAccounts(ctx);
  const invoiceIds = [...locked.keys()];
  const fundShares = await openByFundMany(ctx, acc.accounts_receivable, 'invoice', invoiceIds);
  const paymentFunds = await fundsOfAccounts(ctx, rows.map((r) => r.deposit_account_id));
  const balance = new Map(invoiceIds.map((id) => [id, toCents(locked.get(id)!.balance_due)]));
  const links: NewApplication[] = [];
  for (const p of rows) {
    const open = chargesOf(p).map((id) => ({ id, balanceCents: balance.get(id) ?? 0 }));
    let available = toCents(p.amount);
    for (const a of allocate(available, open).applications) {
      const inv = locked.get(a.id)!;
      const date = applicationDate(p.payment_date, inv.invoice_date);
      assertApplication(
        { owner_id: p.owner_id, payment_date: p.payment_date, status: p.status ?? 'cleared', availableCents: available },
        { owner_id: inv.owner_id, invoice_number: inv.invoice_number, invoice_date: inv.invoice_date, phase: phaseOf(inv.status), balanceCents: balance.get(a.id)! },
        a.cents,
        date,
      );
      const shares = fundShares.get(a.id) ?? [];
      const split = splitByFund(a.cents, shares);
      // What this application took from each fund is no longer open for the next payment of the same owner.
      fundShares.set(a.id, shares.map((sh) => ({ fund_id: sh.fund_id, cents: sh.cents - (split.find((x) => x.fund_id === sh.fund_id)?.cents ?? 0) })));
      balance.set(a.id, balance.get(a.id)! - a.cents);
      available -= a.cents;
      links.push({
        id: newId(), payment_id: p.id, invoice_id: a.id, amount_applied: centsToDecimal(a.cents), applied_date: date, fund_split: split, posted_with_payment: date === p.payment_date,
        owner_id: p.owner_id, payment_number: p.payment_number, invoice_number: inv.invoice_number, payment_fund_id: paymentFunds.get(p.deposit_account_id)!,
      });
    }
  }
  return links;
}

/**
 * Records a payment and allocates it in order across the chosen invoices, or, without a choice, the owner's open
 * charges in the organization's application order; the rest is the owner's credit. Answers its id. The payment and
 * what it paid on its date are one journal entry. recordPayment comes through here.
 */
export async function recordAndApply(ctx: Ctx, fields: NewPaymentInput, chosen?: readonly string[]): Promise<string> {
  await requirePermission(ctx, 'payments', 'create');
  const cents = assertNewPayment(fields);
  return withTransaction(ctx, async (tx) => {
    const owner = await referenced(tx, ownerEntity, fields.owner_id, 'Owner');
    const deposit = await bankAccount(tx, fields.deposit_account_id);
    const invoiceIds = chosen ?? (await openChargesInOrder(tx, fields.owner_id, (await orgPolicy(tx)).applicationOrder)).map((c) => c.id);
    for (const id of invoiceIds) await referenced(tx, invoiceEntity, id, 'Invoice');
    const locked = await lockInvoices(tx, invoiceIds);
    for (const id of invoiceIds) {
      const inv = locked.get(id)!;
      if (inv.owner_id !== fields.owner_id) throw new ValidationError('Every invoice must be an invoice of this owner');
      if (phaseOf(inv.status) !== 'issued') throw new ConflictError(`Invoice ${inv.invoice_number} is ${inv.status} and cannot be paid`, inv.status);
    }
    const number = fields.payment_number?.trim() || (await nextDocumentNumber(tx, 'PMT', payments, payments.payment_number, owner.owner_id as string, fields.payment_date));
    const row: NewPaymentRow = {
      id: newId(), payment_number: number, payment_date: fields.payment_date, payment_method: fields.payment_method ?? 'check', reference_number: fields.reference_number ?? null,
      amount: centsToDecimal(cents), owner_id: fields.owner_id, notes: fields.notes ?? null, status: (fields.status as 'cleared' | 'pending' | undefined) ?? 'cleared',
      idempotency_key: fields.idempotency_key ?? null, deposit_account_id: deposit.id,
    };
    const links = await applicationsOfNewPayments(tx, [row], () => invoiceIds, locked);
    await insertPayments(tx, [row], links);
    await insertApplications(tx, links);
    for (const id of new Set(links.map((l) => l.invoice_id))) await settleInvoice(tx, await lockInvoice(tx, id));
    for (const l of links) await publishRecord(tx, paymentInvoiceEntity, l.id, 'create');
    return row.id;
  });
}

/**
 * recordAndApply for many payments at once (an ACH debit file): each numbered, then applied to its owner's open
 * charges in the organization's application order by the same rules (applicationsOfNewPayments), the payments
 * with what they paid posted in bulk (an entry per payment), the applications inserted in bulk and the invoices'
 * paid amounts refreshed in one statement. One transaction; answers the new ids in the order given.
 */
export async function recordAndApplyMany(ctx: Ctx, docs: readonly NewPaymentInput[]): Promise<string[]> {
  await requirePermission(ctx, 'payments', 'create');
  if (docs.length === 0) return [];
  return withTransaction(ctx, async (tx) => {
    for (const d of docs) assertNewPayment(d);
    const ownerIds = [...new Set(docs.map((d) => d.owner_id))];
    const visible = await visibleIds(tx, ownerEntity, ownerIds);
    const missing = ownerIds.find((id) => !visible.has(id));
    if (missing) throw new ValidationError('Owner does not exist');
    const ownerNumbers = new Map((await tx.db.select({ id: owners.id, number: owners.owner_id }).from(owners).where(inArray(owners.id, ownerIds))).map((o) => [o.id, o.number]));
    const deposits = new Map<string, string>();
    for (const d of docs) {
      const key = d.deposit_account_id ?? '';
      if (!deposits.has(key)) deposits.set(key, (await bankAccount(tx, d.deposit_account_id)).id);
    }
    const numberOn = await bulkNumbersOn(tx, 'PMT', payments, payments.payment_number, payments.payment_date, docs.map((d) => d.payment_date));
    const rows: NewPaymentRow[] = docs.map((d) => ({
      id: newId(), payment_number: d.payment_number?.trim() || numberOn(d.payment_date, ownerNumbers.get(d.owner_id)!), payment_date: d.payment_date,
      payment_method: d.payment_method ?? 'check', reference_number: d.reference_number ?? null, amount: centsToDecimal(toCents(d.amount)), owner_id: d.owner_id,
      notes: d.notes ?? null, status: (d.status as 'cleared' | 'pending' | undefined) ?? 'cleared', idempotency_key: d.idempotency_key ?? null,
      deposit_account_id: deposits.get(d.deposit_account_id ?? '')!,
    }));

    // What each owner owes, in order; locked in id order.
    const charges = await openChargeIdsByOwner(tx, ownerIds, (await orgPolicy(tx)).applicationOrder);
    const invoiceIds = [...charges.values()].flat();
    const locked = await lockInvoicesForPaying(tx, invoiceIds);
    const links = await applicationsOfNewPayments(tx, rows, (p) => charges.get(p.owner_id) ?? [], locked);
    const ids = await insertPayments(tx, rows, links);
    await insertApplications(tx, links);
    const applied = new Map<string, number>();
    for (const l of links) applied.set(l.invoice_id, (applied.get(l.invoice_id) ?? 0) + toCents(l.amount_applied));
    await addAppliedAmounts(tx, applied, locked);
    if (links.length <= 20) for (const l of links) await publishRecord(tx, paymentInvoiceEntity, l.id, 'create');
    else onCommit(tx, () => tx.services.changes.publish({ entity: 'PaymentInvoice', type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
    return ids;
  });
}

/**
 * recordPayment: records an owner's payment and allocates it in order across the chosen invoices, each taking
 * the lesser of what remains and its balance; the rest is the owner's credit. Without invoice_ids it pays the
 * owner's open charges in the organization's application order. Each application posts at the later of the
 * payment and invoice dates. One transaction; idempotent by key.
 */
export const recordPaymentFn = defineFunction('recordPayment', async (ctx, input) => {
  const earlier = await paymentByIdempotencyKey(ctx, input.idempotency_key);
  if (earlier) return paymentWithApplications(ctx, earlier.id);
  const run = () => {
    const { invoice_ids: chosen, ...fields } = input;
    return recordAndApply(ctx, fields, chosen);
  };
  try {
    return await paymentWithApplications(ctx, await run());
  } catch (err) {
    // Two submissions with one key: the loser of the race answers with the winner's payment.
    const replayed = await paymentByIdempotencyKey(ctx, input.idempotency_key);
    if (replayed) return paymentWithApplications(ctx, replayed.id);
    throw err;
  }
}, { authorize: (ctx) => requirePermission(ctx, 'payments', 'create') });

/** recordPayment from server code (the demo), on the request's path. */
export const recordPayment = (ctx: Ctx, input: FunctionInput<'recordPayment'>) => callFunction(ctx, recordPaymentFn, input);

/**
 * Deletes a payment. A bounced one is only hidden (the receipt and the bounce are history). Otherwise it was
 * entered in error: its applications and itself are reversed at their own dates and it is hidden. One whose
 * application was reversed by an invoice's cancellation is history of that invoice and cannot be erased.
 */
export async function deletePayment(ctx: Ctx, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const found = await recordForActor(tx, paymentEntity, id, 'delete');
    const payment = await lockPayment(tx, id);
    await assertNotMatched(tx, 'payment', id);
    await recordAudit(tx, {
      action: 'payment.deleted', target_type: 'Payment', target_id: id, before: found,
      detail: { payment_number: payment.payment_number, owner_id: payment.owner_id, amount: payment.amount, status: payment.status },
    });
    if (payment.status !== 'bounced') {
      const links = await linksOfPayment(tx, id);
      if (links.some((l) => l.reversed_date !== null)) {
        throw new ConflictError('This payment was applied to an invoice that was later cancelled, so it is part of that invoice\'s history and cannot be erased; bounce it instead', 'has_history');
      }
      const locked = await lockInvoices(tx, links.map((l) => l.invoice_id));
      for (const link of links) {
        await eraseApplication(tx, link, `Payment ${payment.payment_number} deleted`);
        await publishRecord(tx, paymentInvoiceEntity, link.id, 'delete', link as unknown as Row);
      }
      await reversePaymentEntry(tx, payment, `Payment ${payment.payment_number} deleted`);
      for (const inv of locked.values()) await settleInvoice(tx, inv);
    }
    await tx.db.update(payments).set({ deleted_at: new Date() }).where(eq(payments.id, id));
    await publishRecord(tx, paymentEntity, id, 'delete', found);
  });
}

/**
 * bouncePayment: a returned payment. Its applications and the payment itself are reversed on the bounce date
 * (earlier periods keep the receipt), the invoices it paid reopen, the payment becomes bounced, and an optional
 * returned-payment fee is billed to the owner as an invoice on that date (Late Fee Income).
 */
export const bouncePaymentFn = defineFunction('bouncePayment', async (ctx, input) => {
  const feeCents = toCents(input.fee_amount ?? 0);
  const feeInvoiceId = await withTransaction(ctx, async (tx) => {
    await recordForActor(tx, paymentEntity, input.payment_id, 'update', { changing: ['status'] });
    const payment = await lockPayment(tx, input.payment_id);
    const on = await bounceLocked(tx, payment, input.date, input.reason);
    if (feeCents <= 0) return null;
    const acc = await systemAccounts(tx);
    return createInvoice(tx, {
      owner_id: payment.owner_id, invoice_date: on, status: 'sent', notes: `Returned payment ${payment.payment_number}: ${input.reason}`,
      lines: [{ description: `Returned payment fee (${payment.payment_number})`, quantity: 1, unit_price: centsToDecimal(feeCents), account_id: acc.late_fee_income }],
    });
  });
  return {
    ...(await paymentWithApplications(ctx, input.payment_id)),
    fee_invoice: feeInvoiceId ? ((await readRecord(ctx, invoiceEntity, feeInvoiceId)) as InvoiceRecord) : null,
  };
}, { authorize: (ctx) => requirePermission(ctx, 'payments', 'update') });

/** bouncePayment from server code (an ACH return), on the request's path. */
export const bouncePayment = (ctx: Ctx, input: FunctionInput<'bouncePayment'>) => callFunction(ctx, bouncePaymentFn, input);

/** Bounces a locked payment on a date (the rules' plan): applications and payment reversed, invoices reopened. Answers the bounce date. */
async function bounceLocked(ctx: Ctx, payment: PaymentRow, date: string, reason: string): Promise<string> {
  const links = (await linksOfPayment(ctx, payment.id)).filter((l) => l.reversed_date === null);
  const plan = planBounce(payment, links.map((l) => ({ id: l.id, invoice_id: l.invoice_id, cents: toCents(l.amount_applied), applied_date: l.applied_date })), date);
  const locked = await lockInvoices(ctx, links.map((l) => l.invoice_id));
  const memo = `Payment ${payment.payment_number} bounced: ${reason}`;
  for (const a of plan.applications) {
    const link = links.find((l) => l.id === a.id)!;
    await reverseApplication(ctx, link, memo, a.on);
    await publishRecord(ctx, paymentInvoiceEntity, a.id, 'delete', link as unknown as Row);
  }
  await reversePaymentEntry(ctx, payment, memo, plan.paymentOn);
  await ctx.db.update(payments).set({ status: 'bounced', bounced_date: plan.paymentOn, bounce_reason: reason }).where(eq(payments.id, payment.id));
  await recordAudit(ctx, {
    action: 'payment.bounced', target_type: 'Payment', target_id: payment.id,
    before: { status: payment.status },
    after: { status: 'bounced', bounced_date: plan.paymentOn, bounce_reason: reason },
    detail: { payment_number: payment.payment_number, owner_id: payment.owner_id, amount: payment.amount, reversed_applications: plan.applications.length },
  });
  for (const inv of locked.values()) await settleInvoice(ctx, inv);
  await publishRecord(ctx, paymentEntity, payment.id);
  return plan.paymentOn;
}

/** applyCredit: applies an owner's existing credit (an unapplied payment) to an invoice, posted today by default. */
export const applyCredit = defineFunction('applyCredit', async (ctx, input) => {
  const id = await applyPayment(ctx, { payment_id: input.payment_id, invoice_id: input.invoice_id, amount_applied: input.amount, applied_date: input.applied_date || undefined });
  return (await readRecord(ctx, paymentInvoiceEntity, id)) as PaymentApplication;
});

/** A payment with its applications in force and what is left unapplied, as the API shows them. */
export async function paymentWithApplications(ctx: Ctx, paymentId: string) {
  const [p] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!p) throw new NotFoundError('Payment not found');
  const links = await ctx.db.select({ id: paymentInvoices.id }).from(paymentInvoices).where(and(eq(paymentInvoices.payment_id, paymentId), isNull(paymentInvoices.reversed_date)));
  const applications = [];
  for (const l of links) applications.push(await readRecord(ctx, paymentInvoiceEntity, l.id));
  return {
    payment: (await readRecord(ctx, paymentEntity, paymentId)) as PaymentRecord,
    applications: applications as PaymentApplication[],
    unapplied: Number(centsToDecimal(await unappliedCents(ctx, p))),
  };
}
