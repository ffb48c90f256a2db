import { defineFunction } from '../../platform/functions/define-function.ts';
import { and, asc, count, eq, inArray, isNull, like, or, sql } from 'drizzle-orm';
import { RETRY_DESCRIPTION, type AchBatchAnswer } from '@covenant/contracts/ach';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { achBatches, achEntries, autopayEnrollments, bankAccounts } from '@covenant/db/schema/banking';
import { owners } from '@covenant/db/schema/community';
import { vendors } from '@covenant/db/schema/finance';
import { associationTimeZone, onCommit, today, withTransaction, type Ctx } from '../../lib/context.ts';
import { insertRows } from '../../lib/bulk-insert.ts';
import { AppError, ConflictError } from '../../lib/errors.ts';
import { openSecret, SecretBoxError } from '../../lib/secret-box.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { publishRecord, recordForActor } from '../../platform/entities/entities.service.ts';
import type { EntityDef } from '../../platform/entities/entity-def.ts';
import { bankAccountEntity, NO_BANK_KEY_MESSAGE } from '../banking/bank-accounts.ts';
import { phaseOf } from '../document-lifecycle/lifecycle.rules.ts';
import { lockBill } from '../bills/bill.commands.ts';
import { payBill } from '../bills/bill-payments.ts';
import { billEntity } from '../bills/bills.entities.ts';
import { VENDOR_SECRET_CONTEXT } from '../vendors/vendors.feature.ts';
import { recordAndApplyMany } from '../payments/payment.commands.ts';
import { ownerBalancesCents } from '../statements/statement.service.ts';
import { FILE_ID_MODIFIERS, nextTraceSequence, planDebits, retryDue, type EnrollmentForBatch } from './ach.rules.ts';
import { ENROLLMENT_SECRET_CONTEXT, autopayEnrollmentEntity } from './autopay-enrollments.ts';
import { buildNachaFile, type NachaBatchInput, type NachaEntryInput, type SecCode } from './nacha.builder.ts';

/** What owners' statements show for the association's debits, and vendors' for its credits. */
const DEBIT_DESCRIPTION = 'HOA DUES';
const CREDIT_DESCRIPTION = 'VENDOR PMT';
const READ_ONLY = 'ACH batches are made by createAchDebitBatch and createAchCreditBatch, not written one by one';

/**
 * AchBatch: an ACH file built for the bank, kept as sent. Read under the chart of accounts privilege like the bank
 * accounts and statements (the file itself: GET /ach-batches/{id}/file); never changed or deleted, since the bank
 * may have it.
 */
export const achBatchEntity: EntityDef = {
  name: 'AchBatch',
  label: 'ACH batch',
  table: achBatches,
  resource: 'chart_of_accounts',
  createRefusal: READ_ONLY,
  scope: { kind: 'creator' },
  hiddenColumns: ['file_text'],
  hooks: {
    beforeDelete() {
      throw new ConflictError('An ACH file stays once made (the bank may have it): return or reverse its entries instead', 'ach_batch_sent');
    },
  },
};

/** The originating side of a file: the association's bank account and its ACH settings. */
interface AchOrigin {
  id: string;
  name: string;
  bank_name: string;
  cash_account_id: string;
  is_operating: boolean;
  odfi: string;
  company_id: string;
  company_name: string;
}

/** The bank account (through the caller's scope), refused in words when its ACH settings are incomplete. */
async function achOrigin(ctx: Ctx, bankAccountId: string): Promise<AchOrigin> {
  await recordForActor(ctx, bankAccountEntity, bankAccountId, 'read');
  const [b] = await ctx.db.select().from(bankAccounts).where(eq(bankAccounts.id, bankAccountId)).limit(1);
  const missing = [
    !b!.ach_company_id && 'the ACH company ID',
    !b!.ach_company_name && 'the ACH company name',
    !b!.ach_odfi_routing_number && 'the originating bank routing number',
    !b!.account_number_sealed && 'the account number',
  ].filter(Boolean);
  if (missing.length) throw new AppError(400, 'ach_settings_missing', `${b!.name} lacks ${missing.join(', ')}: complete the bank account's ACH settings on the Banking screen first`);
  if (!ctx.services.config.bankKey) throw new AppError(400, 'bank_key_missing', NO_BANK_KEY_MESSAGE);
  // One file at a time per association: trace numbers and file modifiers continue from the stored ones.
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`ach_files:${ctx.association?.app_id ?? ''}`}))`);
  return {
    id: b!.id, name: b!.name, bank_name: b!.bank_name, cash_account_id: b!.account_id, is_operating: b!.system_key === 'operating',
    odfi: b!.ach_odfi_routing_number!, company_id: b!.ach_company_id!, company_name: b!.ach_company_name!,
  };
}

function openNumber(ctx: Ctx, sealed: string, context: string, whose: string): string {
  try {
    return openSecret(ctx.services.config.bankKey!, sealed, context);
  } catch (err) {
    if (err instanceof SecretBoxError) throw new AppError(409, 'bank_secret_unreadable', `The bank account number of ${whose} cannot be read: ${err.message}. Enter it again`);
    throw err;
  }
}

/** The file header's facts and the numbering that continues from the stored files: trace sequence, modifier, name. */
async function fileFacts(ctx: Ctx, origin: AchOrigin, direction: 'debit' | 'credit') {
  const zone = await associationTimeZone(ctx);
  const created = await today(ctx);
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date()).replace(':', '');
  const [made] = await ctx.db
    .select({ n: count() })
    .from(achBatches)
    .where(and(eq(achBatches.bank_account_id, origin.id), like(achBatches.file_name, `ACH-%-${created}-%`)));
  const modifier = FILE_ID_MODIFIERS[made?.n ?? 0];
  if (!modifier) throw new ConflictError(`${origin.name} already has ${FILE_ID_MODIFIERS.length} ACH files made today, as many as a day allows; make the next one tomorrow`, 'ach_files_per_day');
  const odfi8 = origin.odfi.slice(0, 8);
  const [highest] = (await ctx.db.execute(sql`select max(substring(${achEntries.trace_number} from 9)::int) as n from ${achEntries} where left(${achEntries.trace_number}, 8) = ${odfi8}`)).rows as Array<{ n: number | null }>;
  return {
    created, time, modifier, first_trace_sequence: nextTraceSequence(highest?.n ?? null),
    file_name: `ACH-${direction.toUpperCase()}-${created}-${modifier}.txt`,
  };
}

function fileInput(origin: AchOrigin, facts: Awaited<ReturnType<typeof fileFacts>>, batches: NachaBatchInput[]) {
  const origin10 = /^[0-9A-Z]{10}$/.test(origin.company_id) ? origin.company_id : origin.odfi;
  return {
    immediate_destination: origin.odfi, immediate_destination_name: origin.bank_name, immediate_origin: origin10, immediate_origin_name: origin.company_name,
    creation_date: facts.created, creation_time: facts.time, file_id_modifier: facts.modifier, first_trace_sequence: facts.first_trace_sequence, batches,
  };
}

const batchOf = (origin: AchOrigin, sec: SecCode, description: string, effective: string, entries: NachaEntryInput[]): NachaBatchInput => ({
  sec_code: sec, company_name: origin.company_name, company_id: origin.company_id, entry_description: description, effective_date: effective, odfi_routing_number: origin.odfi, entries,
});

type EntryRow = typeof achEntries.$inferInsert & { name: string };

async function storeBatch(ctx: Ctx, batch: typeof achBatches.$inferInsert, entries: EntryRow[]): Promise<AchBatchAnswer> {
  await ctx.db.insert(achBatches).values(batch);
  const rows = entries.map(({ name: _n, ...e }) => e);
  await insertRows(ctx.db, achEntries, rows);
  await publishRecord(ctx, achBatchEntity, batch.id!, 'create');
  return {
    batch_id: batch.id!, file_name: batch.file_name,
    entries: entries.map((e) => ({
      trace_number: e.trace_number, kind: e.kind as 'debit' | 'credit' | 'prenote', amount: Number(e.amount), name: e.name, owner_id: e.owner_id ?? null, vendor_id: e.vendor_id ?? null,
      bill_id: e.bill_id ?? null, payment_id: e.payment_id ?? null, bill_payment_id: e.bill_payment_id ?? null, retry_of_entry_id: e.retry_of_entry_id ?? null,
    })),
    total: Number(batch.total),
  };
}

interface PlannedDebit {
  kind: 'debit' | 'prenote';
  enrollment: typeof autopayEnrollments.$inferSelect & { owner_number: string };
  cents: number;
  retry_of: string | null;
}

/** Returned debits due to be presented again, keyed by enrollment: the last entry of each chain, and the chain's root. */
async function retriesDue(ctx: Ctx, enrollmentIds: readonly string[]): Promise<Map<string, { root: string; cents: number }>> {
  const out = new Map<string, { root: string; cents: number }>();
  if (enrollmentIds.length === 0) return out;
  const rows = (await ctx.db.execute(sql`
    select e.enrollment_id, e.amount, e.return_code, e.returned_on, coalesce(e.retry_of_entry_id, e.id) as root_id, ob.effective_date as original_effective_date,
      (select count(*)::int from ${achEntries} x where x.retry_of_entry_id = coalesce(e.retry_of_entry_id, e.id)) as retries_so_far
    from ${achEntries} e
    join ${achEntries} o on o.id = coalesce(e.retry_of_entry_id, e.id)
    join ${achBatches} ob on ob.id = o.batch_id
    where e.kind = 'debit' and e.return_code in ('R01', 'R09') and e.enrollment_id in (${sql.join(enrollmentIds.map((id) => sql`${id}`), sql`, `)})
      and not exists (select 1 from ${achEntries} n where n.retry_of_entry_id = coalesce(e.retry_of_entry_id, e.id) and n.created_date > e.created_date)
    order by e.created_date`)).rows as Array<{ enrollment_id: string; amount: string; return_code: string; returned_on: string; root_id: string; original_effective_date: string; retries_so_far: number }>;
  for (const r of rows) {
    const due = retryDue({ return_code: r.return_code, returned_on: String(r.returned_on).slice(0, 10), original_effective_date: String(r.original_effective_date).slice(0, 10), retries_so_far: Number(r.retries_so_far) });
    if (due) out.set(r.enrollment_id, { root: r.root_id, cents: toCents(r.amount) });
  }
  return out;
}

/**
 * createAchDebitBatch: one NACHA file debiting every active enrollment of the bank account (enrollments without one
 * use the operating account) for the owner's open balance as of the effective date, prenotes (codes 28/38) for new
 * enrollments, and returned R01/R09 debits presented again ("RETRY PYMT"). Each debit is a pending payment into the
 * account's cash account, applied in the organization's order. One transaction; nothing to send is a 409.
 */
export const createAchDebitBatch = defineFunction('createAchDebitBatch', async (ctx, input): Promise<AchBatchAnswer> => {
  return withTransaction(ctx, async (tx) => {
    const origin = await achOrigin(tx, input.bank_account_id);
    const belongs = origin.is_operating ? or(eq(autopayEnrollments.bank_account_id, origin.id), isNull(autopayEnrollments.bank_account_id)) : eq(autopayEnrollments.bank_account_id, origin.id);
    const enrollments = await tx.db
      .select({ enrollment: autopayEnrollments, owner_number: owners.owner_id })
      .from(autopayEnrollments)
      .innerJoin(owners, eq(owners.id, autopayEnrollments.owner_id))
      .where(and(belongs, inArray(autopayEnrollments.status, ['prenote', 'active'])))
      .orderBy(asc(owners.owner_id), asc(autopayEnrollments.id));
    const byId = new Map(enrollments.map((r) => [r.enrollment.id, { ...r.enrollment, owner_number: r.owner_number }]));
    const balances = await ownerBalancesCents(tx, [...new Set(enrollments.map((r) => r.enrollment.owner_id))], input.effective_date);
    const retries = await retriesDue(tx, enrollments.filter((r) => r.enrollment.status === 'active').map((r) => r.enrollment.id));
    const plan = planDebits(
      enrollments.map(({ enrollment: e }): EnrollmentForBatch => ({
        id: e.id, owner_id: e.owner_id, status: e.status as 'prenote' | 'active', prenote_sent_on: e.prenote_sent_on, balance_cents: balances.get(e.owner_id) ?? 0, has_retry: retries.has(e.id),
      })),
      input.effective_date,
    );
    const planned: PlannedDebit[] = [
      ...plan.prenotes.map((id) => ({ kind: 'prenote' as const, enrollment: byId.get(id)!, cents: 0, retry_of: null })),
      ...plan.debits.map((d) => ({ kind: 'debit' as const, enrollment: byId.get(d.enrollment_id)!, cents: d.cents, retry_of: null })),
      ...[...retries].map(([id, r]) => ({ kind: 'debit' as const, enrollment: byId.get(id)!, cents: r.cents, retry_of: r.root })),
    ];
    if (planned.length === 0) {
      throw new ConflictError(`Nothing to debit from ${origin.name} on ${input.effective_date}: no active enrollment has an open balance, no prenote is due and no returned debit is due again`, 'ach_batch_empty');
    }
    // One NACHA batch per SEC code and description, each entry in owner order.
    const groups = new Map<string, { sec: SecCode; description: string; items: PlannedDebit[] }>();
    for (const p of planned) {
      const sec = p.enrollment.sec_code as SecCode;
      const description = p.retry_of ? RETRY_DESCRIPTION : DEBIT_DESCRIPTION;
      const key = `${description}|${sec}`;
      if (!groups.has(key)) groups.set(key, { sec, description, items: [] });
      groups.get(key)!.items.push(p);
    }
    const ordered = [...groups.values()].sort((a, b) => a.description.localeCompare(b.description) || a.sec.localeCompare(b.sec));
    for (const g of ordered) g.items.sort((a, b) => a.enrollment.owner_number.localeCompare(b.enrollment.owner_number) || a.enrollment.id.localeCompare(b.enrollment.id));
    const facts = await fileFacts(tx, origin, 'debit');
    const built = buildNachaFile(fileInput(origin, facts, ordered.map((g) => batchOf(origin, g.sec, g.description, input.effective_date, g.items.map((p) => ({
      direction: 'debit', account_type: p.enrollment.account_type as 'checking' | 'savings', prenote: p.kind === 'prenote', routing_number: p.enrollment.routing_number,
      account_number: openNumber(tx, p.enrollment.account_number_sealed, ENROLLMENT_SECRET_CONTEXT, `${p.enrollment.account_holder}'s autopay enrollment`),
      amount_cents: p.cents, individual_id: p.enrollment.owner_number, name: p.enrollment.account_holder, payment_type: 'R',
    }))))));
    const batchId = newId();
    const traced = ordered.flatMap((g, b) => g.items.map((p, i) => ({ p, trace: built.traces[b]![i]! })));
    // Every debit a pending payment applied in order, all in one bulk write.
    const debits = traced.filter((t) => t.p.kind === 'debit');
    const paymentIds = await recordAndApplyMany(tx, debits.map(({ p, trace }) => ({
      payment_date: input.effective_date, payment_method: 'bank_transfer' as const, reference_number: trace, amount: centsToDecimal(p.cents), owner_id: p.enrollment.owner_id,
      status: 'pending', deposit_account_id: origin.cash_account_id, notes: `ACH autopay debit${p.retry_of ? ' presented again' : ''}, file ${facts.file_name}`,
    })));
    const paymentOf = new Map(debits.map((t, i) => [t.trace, paymentIds[i]!]));
    const entries: EntryRow[] = traced.map(({ p, trace }) => ({
      id: newId(), batch_id: batchId, trace_number: trace, kind: p.kind, amount: centsToDecimal(p.cents), enrollment_id: p.enrollment.id, owner_id: p.enrollment.owner_id,
      payment_id: paymentOf.get(trace) ?? null, retry_of_entry_id: p.retry_of, name: p.enrollment.account_holder,
    }));
    if (plan.prenotes.length) await tx.db.update(autopayEnrollments).set({ prenote_sent_on: input.effective_date }).where(inArray(autopayEnrollments.id, plan.prenotes));
    if (plan.activations.length) await tx.db.update(autopayEnrollments).set({ status: 'active', status_reason: null }).where(inArray(autopayEnrollments.id, plan.activations));
    await publishEnrollments(tx, [...plan.prenotes, ...plan.activations]);
    const answer = await storeBatch(tx, {
      id: batchId, bank_account_id: origin.id, direction: 'debit', effective_date: input.effective_date, entry_count: entries.length,
      total: centsToDecimal(built.totals.debit_cents), file_text: built.text, file_name: facts.file_name, created_by: tx.actor?.email ?? null,
    }, entries);
    return answer;
  });
}, { authorize: (ctx) => requirePermission(ctx, 'payments', 'create') });

/** Enrollment changes of a file: each published, or one refresh when there are many. */
export async function publishEnrollments(ctx: Ctx, ids: readonly string[]): Promise<void> {
  if (ids.length > 20) {
    onCommit(ctx, () => ctx.services.changes.publish({ entity: autopayEnrollmentEntity.name, type: 'update', id: '*', record: {}, timestamp: new Date().toISOString() }));
    return;
  }
  for (const id of ids) await publishRecord(ctx, autopayEnrollmentEntity, id);
}

/**
 * createAchCreditBatch: pays each bill's balance due by a CCD credit to its vendor's stored bank account, records
 * the bill payments (bank transfer, reference = trace number, from the bank account's cash account) and stores the
 * file. A vendor without bank details or a bill that is not open is refused by name; nothing is stored then.
 */
export const createAchCreditBatch = defineFunction('createAchCreditBatch', async (ctx, input): Promise<AchBatchAnswer> => {
  return withTransaction(ctx, async (tx) => {
    const origin = await achOrigin(tx, input.bank_account_id);
    const billIds = [...new Set(input.bill_ids)];
    const items: Array<{ bill: Awaited<ReturnType<typeof lockBill>>; vendor: typeof vendors.$inferSelect; cents: number; number: string }> = [];
    for (const id of billIds) {
      await recordForActor(tx, billEntity, id, 'update', { changing: ['payments'] });
      const bill = await lockBill(tx, id);
      const cents = toCents(bill.balance_due);
      if (phaseOf(bill.status) !== 'issued' || cents <= 0) throw new ConflictError(`Bill ${bill.bill_number} is ${bill.status}: only an open bill with a balance due can be paid`, 'bill_not_open');
      const [vendor] = await tx.db.select().from(vendors).where(eq(vendors.id, bill.vendor_id)).limit(1);
      if (!vendor!.bank_routing_number || !vendor!.bank_account_number_sealed) {
        throw new AppError(400, 'vendor_bank_missing', `${vendor!.vendor_name} has no bank details for ACH (bill ${bill.bill_number}): add the routing and account numbers on the vendor first`);
      }
      items.push({ bill, vendor: vendor!, cents, number: openNumber(tx, vendor!.bank_account_number_sealed, VENDOR_SECRET_CONTEXT, vendor!.vendor_name) });
    }
    items.sort((a, b) => a.vendor.vendor_name.localeCompare(b.vendor.vendor_name) || a.bill.bill_number.localeCompare(b.bill.bill_number));
    const facts = await fileFacts(tx, origin, 'credit');
    const built = buildNachaFile(fileInput(origin, facts, [batchOf(origin, 'CCD', CREDIT_DESCRIPTION, input.effective_date, items.map((it) => ({
      direction: 'credit', account_type: (it.vendor.bank_account_type as 'checking' | 'savings' | null) ?? 'checking', routing_number: it.vendor.bank_routing_number!, account_number: it.number,
      amount_cents: it.cents, individual_id: it.bill.bill_number.length <= 15 ? it.bill.bill_number : '', name: it.vendor.vendor_name, addenda: `BILL ${it.bill.bill_number}`,
    })))]));
    const batchId = newId();
    const entries: EntryRow[] = [];
    for (const [i, it] of items.entries()) {
      const trace = built.traces[0]![i]!;
      const billPaymentId = await payBill(tx, {
        bill_id: it.bill.id, payment_date: input.effective_date, amount: centsToDecimal(it.cents), payment_method: 'bank_transfer', reference_number: trace,
        cash_account_id: origin.cash_account_id, notes: `ACH credit, file ${facts.file_name}`,
      });
      entries.push({
        id: newId(), batch_id: batchId, trace_number: trace, kind: 'credit', amount: centsToDecimal(it.cents), vendor_id: it.vendor.id, bill_id: it.bill.id,
        bill_payment_id: billPaymentId, name: it.vendor.vendor_name,
      });
    }
    return storeBatch(tx, {
      id: batchId, bank_account_id: origin.id, direction: 'credit', effective_date: input.effective_date, entry_count: entries.length,
      total: centsToDecimal(built.totals.credit_cents), file_text: built.text, file_name: facts.file_name, created_by: tx.actor?.email ?? null,
    }, entries);
  });
}, { authorize: (ctx) => requirePermission(ctx, 'bills', 'create') });

/** GET /ach-batches/{id}/file: the file as stored; readable by whoever may make such files (payments or bills). */
export async function achBatchFile(ctx: Ctx, id: string): Promise<{ file_name: string; text: string }> {
  const found = await recordForActor(ctx, achBatchEntity, id, 'read');
  await requirePermission(ctx, found.direction === 'credit' ? 'bills' : 'payments', 'create');
  const [row] = await ctx.db.select({ file_text: achBatches.file_text, file_name: achBatches.file_name }).from(achBatches).where(eq(achBatches.id, id)).limit(1);
  return { file_name: row!.file_name, text: row!.file_text };
}
