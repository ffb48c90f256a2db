import { defineFunction } from '../../platform/functions/define-function.ts';
import { eq, sql } from 'drizzle-orm';
import { MAX_RETURNS_FILE_CHARS, type AchReturnsAnswer } from '@covenant/contracts/ach';
import { toCents, centsToDecimal } from '@covenant/contracts/money';
import { achBatches, achEntries, autopayEnrollments } from '@covenant/db/schema/banking';
import { orgSettings } from '@covenant/db/schema/community';
import { payments, vendors } from '@covenant/db/schema/finance';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { openSecret } from '../../lib/secret-box.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { publishRecord, recordForActor } from '../../platform/entities/entities.service.ts';
import { billPaymentEntity } from '../bills/bill-payments.ts';
import { bouncePayment } from '../payments/payment.commands.ts';
import { VENDOR_SECRET_CONTEXT, vendorEntity } from '../vendors/vendors.feature.ts';
import { applyChangeNotice, decideReturn, readAchReturnsFile } from './ach-returns.rules.ts';
import { autopayEnrollmentEntity, ENROLLMENT_SECRET_CONTEXT, sealAccount } from './autopay-enrollments.ts';

type EntryRow = typeof achEntries.$inferSelect;
type ReturnOutcome = AchReturnsAnswer['returns'][number];
type NoticeOutcome = AchReturnsAnswer['notices'][number];

/** The entry a return names, locked; an unknown trace number refuses the whole import, naming it. */
async function entryByTrace(ctx: Ctx, trace: string, line: number | null): Promise<EntryRow> {
  const [row] = await ctx.db.select().from(achEntries).where(eq(achEntries.trace_number, trace)).for('update').limit(1);
  if (!row) throw new NotFoundError(`${line ? `Line ${line}: ` : ''}no ACH entry of ours has trace number ${trace}; nothing was applied`);
  return row;
}

/** The original entry of a chain of presentments: its file's effective date and how many times it was presented again. */
async function chainOf(ctx: Ctx, entry: EntryRow): Promise<{ original_effective_date: string; retries_so_far: number }> {
  const root = entry.retry_of_entry_id ?? entry.id;
  const [row] = (await ctx.db.execute(sql`
    select b.effective_date, (select count(*)::int from ${achEntries} x where x.retry_of_entry_id = ${root}) as retries
    from ${achEntries} e join ${achBatches} b on b.id = e.batch_id where e.id = ${root}`)).rows as Array<{ effective_date: string; retries: number }>;
  return { original_effective_date: String(row!.effective_date).slice(0, 10), retries_so_far: Number(row!.retries) };
}

async function pauseEnrollment(ctx: Ctx, id: string, reason: string): Promise<void> {
  await recordForActor(ctx, autopayEnrollmentEntity, id, 'update', { changing: ['status'] });
  await ctx.db.update(autopayEnrollments).set({ status: 'paused', status_reason: reason }).where(eq(autopayEnrollments.id, id));
  await publishRecord(ctx, autopayEnrollmentEntity, id);
}

async function applyReturn(ctx: Ctx, r: { trace_number: string; return_code: string; date: string; line: number | null }, feeCents: number): Promise<ReturnOutcome> {
  const entry = await entryByTrace(ctx, r.trace_number, r.line);
  const code = r.return_code.trim().toUpperCase();
  const chain = await chainOf(ctx, entry);
  const decision = decideReturn({ return_code: code, return_date: r.date, original_settlement_date: chain.original_effective_date, retries_so_far: chain.retries_so_far });
  const base = { trace_number: r.trace_number, return_code: code, reason: decision.reason, payment_id: entry.payment_id, fee_invoice_id: null, enrollment_id: entry.enrollment_id, enrollment_paused: false, retry_scheduled: false };
  if (entry.return_code) {
    return { ...base, return_code: entry.return_code, outcome: 'already_applied', message: `Already applied: this entry came back ${entry.return_code} on ${entry.returned_on}` };
  }
  const markReturned = () => ctx.db.update(achEntries).set({ return_code: code, returned_on: r.date }).where(eq(achEntries.id, entry.id));

  if (entry.kind === 'prenote') {
    await markReturned();
    if (entry.enrollment_id) await pauseEnrollment(ctx, entry.enrollment_id, `Prenote returned: ${decision.reason}`);
    return { ...base, outcome: 'prenote_returned', enrollment_paused: Boolean(entry.enrollment_id), message: `The prenote came back (${decision.reason}): autopay is paused until the owner gives correct bank details` };
  }
  if (entry.kind === 'credit') {
    if (entry.bill_payment_id) await recordForActor(ctx, billPaymentEntity, entry.bill_payment_id, 'read');
    await markReturned();
    return { ...base, outcome: 'credit_returned', message: `A vendor credit came back (${decision.reason}): the money is back in the account; delete the bill payment to reopen the bill and correct the vendor's bank details` };
  }
  // A debit: its pending payment bounces through the payments' own command, with the NSF fee invoice when set.
  const [payment] = await ctx.db.select({ id: payments.id, status: payments.status }).from(payments).where(eq(payments.id, entry.payment_id!)).limit(1);
  await markReturned();
  let feeInvoiceId: string | null = null;
  let message: string;
  if (payment?.status === 'bounced') {
    message = `The payment was already bounced by hand; the return is recorded on the entry (${decision.reason})`;
  } else {
    const bounced = await bouncePayment(ctx, { payment_id: entry.payment_id!, date: r.date, reason: decision.reason, ...(feeCents > 0 ? { fee_amount: centsToDecimal(feeCents) } : {}) });
    feeInvoiceId = (bounced.fee_invoice?.id as string | undefined) ?? null;
    message = `Payment bounced (${decision.reason})${feeInvoiceId ? `, returned-payment fee ${centsToDecimal(feeCents)} billed` : ''}`;
  }
  let paused = false;
  let retry = false;
  if (entry.enrollment_id) {
    const [enrollment] = await ctx.db.select({ status: autopayEnrollments.status }).from(autopayEnrollments).where(eq(autopayEnrollments.id, entry.enrollment_id)).limit(1);
    if (decision.pause_enrollment && enrollment?.status !== 'cancelled') {
      await pauseEnrollment(ctx, entry.enrollment_id, `Debit returned: ${decision.reason}`);
      paused = true;
      message += '; autopay paused';
    } else if (decision.retry && (enrollment?.status === 'active' || enrollment?.status === 'prenote')) {
      retry = true;
      message += `; presented again ("RETRY PYMT") in the next debit file (retry ${chain.retries_so_far + 1} of 2, until ${decision.retry_until})`;
    } else if (decision.retry_until && enrollment?.status === 'active') {
      // Presenting the same charges a fourth time (or after 180 days) would break NACHA's reinitiation rule.
      await pauseEnrollment(ctx, entry.enrollment_id, `Debit returned: ${decision.reason}; not presented again (two retries made or 180 days passed)`);
      paused = true;
      message += '; not presented again (two retries made or 180 days passed): autopay paused';
    }
  }
  return { ...base, outcome: payment?.status === 'bounced' ? 'already_applied' : 'bounced', fee_invoice_id: feeInvoiceId, enrollment_paused: paused, retry_scheduled: retry, message };
}

async function applyNotice(ctx: Ctx, n: { trace_number: string; change_code: string; corrected_data: string; line: number }): Promise<NoticeOutcome> {
  const entry = await entryByTrace(ctx, n.trace_number, n.line);
  const key = ctx.services.config.bankKey;
  const base = { trace_number: n.trace_number, change_code: n.change_code, enrollment_id: entry.enrollment_id, vendor_id: entry.vendor_id };
  if (entry.enrollment_id) {
    await recordForActor(ctx, autopayEnrollmentEntity, entry.enrollment_id, 'update', { changing: ['routing_number', 'account_number'] });
    const [e] = await ctx.db.select().from(autopayEnrollments).where(eq(autopayEnrollments.id, entry.enrollment_id)).limit(1);
    const outcome = applyChangeNotice({ routing_number: e!.routing_number, account_number: key ? openSecret(key, e!.account_number_sealed, ENROLLMENT_SECRET_CONTEXT) : '' }, n);
    if (!outcome.applied) return { ...base, outcome: 'needs_review', message: outcome.reason };
    if (outcome.changed.length === 0) return { ...base, outcome: 'already_applied', message: `${n.change_code}: the enrollment already holds the corrected details` };
    const { sealed, last4 } = sealAccount(ctx, outcome.details.account_number, ENROLLMENT_SECRET_CONTEXT);
    await ctx.db.update(autopayEnrollments).set({ routing_number: outcome.details.routing_number, account_number_sealed: sealed, account_last4: last4 }).where(eq(autopayEnrollments.id, e!.id));
    await publishRecord(ctx, autopayEnrollmentEntity, e!.id);
    return { ...base, outcome: 'applied', message: `${n.change_code}: ${e!.account_holder}'s ${outcome.changed.map((c) => c.replace('_', ' ')).join(' and ')} corrected (account ending ${last4})` };
  }
  if (entry.vendor_id) {
    await recordForActor(ctx, vendorEntity, entry.vendor_id, 'update', { changing: ['bank_routing_number', 'bank_account_number'] });
    const [v] = await ctx.db.select().from(vendors).where(eq(vendors.id, entry.vendor_id)).limit(1);
    const outcome = applyChangeNotice({ routing_number: v!.bank_routing_number ?? '', account_number: key && v!.bank_account_number_sealed ? openSecret(key, v!.bank_account_number_sealed, VENDOR_SECRET_CONTEXT) : '' }, n);
    if (!outcome.applied) return { ...base, outcome: 'needs_review', message: outcome.reason };
    if (outcome.changed.length === 0) return { ...base, outcome: 'already_applied', message: `${n.change_code}: the vendor already holds the corrected details` };
    const { sealed, last4 } = sealAccount(ctx, outcome.details.account_number, VENDOR_SECRET_CONTEXT);
    await ctx.db.update(vendors).set({ bank_routing_number: outcome.details.routing_number, bank_account_number_sealed: sealed, bank_account_last4: last4 }).where(eq(vendors.id, v!.id));
    await publishRecord(ctx, vendorEntity, v!.id);
    return { ...base, outcome: 'applied', message: `${n.change_code}: ${v!.vendor_name}'s bank details corrected (account ending ${last4})` };
  }
  return { ...base, outcome: 'needs_review', message: `${n.change_code}: the entry names no enrollment or vendor` };
}

/**
 * importAchReturns: a returns file from the bank ({file_text}: 99 addenda are returns, 98 notifications of change)
 * or one return given by hand. Each return bounces its payment through bouncePayment (the NSF fee of the settings
 * billed), pauses autopay on the pausing codes, and leaves R01/R09 to be presented again by the next debit file.
 * All or nothing: an invalid record (400, naming the line) or an unknown trace number (404) applies nothing.
 */
export const importAchReturnsFn = defineFunction('importAchReturns', async (ctx, input): Promise<AchReturnsAnswer> => {
  const { returns, notices } = 'file_text' in input
    ? readAchReturnsFile(input.file_text)
    : { returns: [{ trace_number: input.trace_number, return_code: input.return_code, date: input.date, line: null }], notices: [] };
  return withTransaction(ctx, async (tx) => {
    const [settings] = await tx.db.select({ fee: orgSettings.nsf_fee_amount }).from(orgSettings).limit(1);
    const feeCents = settings?.fee ? toCents(settings.fee) : 0;
    const answer: AchReturnsAnswer = { returns: [], notices: [] };
    for (const r of returns) answer.returns.push(await applyReturn(tx, { ...r, line: r.line ?? null }, feeCents));
    for (const n of notices) answer.notices.push(await applyNotice(tx, n));
    return answer;
  });
}, {
  // Staff work (payments read_write): an owner's own_records update would otherwise reach their own entries.
  authorize: (ctx) => requirePermission(ctx, 'payments', 'create'),
  maxBodyBytes: MAX_RETURNS_FILE_CHARS * 2 + 4096,
});
