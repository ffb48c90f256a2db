import type { MailJob } from '@covenant/contracts/mailings';
import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import type { FunctionInput } from '@covenant/contracts/functions';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { asc, count, desc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { formatMoney } from '@covenant/contracts/money';
import { owners } from '@covenant/db/schema/community';
import { emailDeliveries, mailJobs } from '@covenant/db/schema/mailings';
import type { Ctx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { invoiceEntity } from '../invoices/invoices.entities.ts';
import { loadLetterhead, renderInvoicePdf, renderStatementPdf, type Letterhead } from '../statements/pdf.ts';
import { buildStatement, invoiceForPdf, ownerColumns, ownerForAccount, statementPeriod, type OwnerForStatement } from '../statements/statement.service.ts';

export interface Skip {
  id: string;
  reason: string;
}

/** The most invoices one emailInvoices call takes (the Invoices page selects within a page). */
export const MAX_INVOICES_PER_CALL = 500;

export interface DeliveryRow {
  owner_id: string;
  kind: 'invoice' | 'statement' | 'collection_letter';
  document_id: string | null;
  document_label: string;
  to: string | null;
  subject: string | null;
  status: 'sent' | 'outbox' | 'skipped' | 'failed';
  error: string | null;
  job_id: string | null;
}

/** Writes one line of an owner's delivery log, attributed to the caller. */
export async function logDelivery(ctx: Ctx, row: DeliveryRow): Promise<void> {
  await ctx.db.insert(emailDeliveries).values({ ...row, sent_by: ctx.actor?.email ?? null });
}

/** A send that the SMTP server refused is reported, not thrown: the others still go. */
export async function deliver(ctx: Ctx, email: Parameters<Ctx['services']['mailer']['send']>[0]): Promise<{ status: 'sent' | 'outbox' } | { status: 'failed'; error: string }> {
  try {
    return { status: await ctx.services.mailer.send(email, ctx.db) };
  } catch (err) {
    return { status: 'failed', error: err instanceof Error ? err.message.slice(0, 500) : 'The mail server refused the message' };
  }
}

const fullName = (o: { first_name: string; last_name: string }) => `${o.first_name} ${o.last_name}`.trim();

/**
 * emailInvoices: each invoice, fetched through the caller's scope first (an unknown or hidden id is a 404 before
 * anything is sent), is emailed to its owner with its PDF attached, or kept in the outbox without SMTP. Drafts,
 * cancelled invoices and owners without an email address are skipped with the reason; every attempt is logged.
 */
export const emailInvoices = defineFunction('emailInvoices', async (ctx, input) => {
  await requirePermission(ctx, 'invoices', 'create');
  const ids = [...new Set(input.invoice_ids)];
  for (const id of ids) await recordForActor(ctx, invoiceEntity, id, 'read');
  const letterhead = await loadLetterhead(ctx);
  let sent = 0;
  const skipped: Skip[] = [];
  for (const id of ids) {
    const inv = await invoiceForPdf(ctx, id);
    const base = { owner_id: inv.owner_record_id, kind: 'invoice' as const, document_id: id, document_label: inv.invoice_number, to: inv.owner_email, job_id: null };
    const reason = inv.status === 'cancelled' ? 'cancelled invoice' : inv.status === 'draft' ? 'draft invoice (not issued)' : !inv.owner_email ? 'no email address' : null;
    if (reason) {
      skipped.push({ id, reason });
      await logDelivery(ctx, { ...base, subject: null, status: 'skipped', error: reason });
      continue;
    }
    const subject = `Invoice ${inv.invoice_number} from ${letterhead.name}`;
    const text = [
      `Dear ${fullName(inv.owner)},`,
      '',
      `Please find attached invoice ${inv.invoice_number} dated ${inv.invoice_date} for ${formatMoney(inv.total_amount)}${inv.due_date ? `, due ${inv.due_date}` : ''}.`,
      `Balance due: ${formatMoney(inv.balance_due)}.`,
      '',
      letterhead.name,
    ].join('\n');
    const pdf = await renderInvoicePdf(letterhead, inv);
    const r = await deliver(ctx, { to: inv.owner_email!, subject, text, attachments: [{ filename: `${inv.invoice_number}.pdf`, contentType: 'application/pdf', content: pdf }] });
    if (r.status === 'failed') skipped.push({ id, reason: `delivery failed: ${r.error}` });
    else sent++;
    await logDelivery(ctx, { ...base, subject, status: r.status, error: r.status === 'failed' ? r.error : null });
  }
  return { sent, skipped };
});

/** One owner's statement, emailed with its PDF (or skipped without an address); the delivery is logged. */
async function emailOneStatement(ctx: Ctx, letterhead: Letterhead, owner: OwnerForStatement, from: string, to: string, jobId: string): Promise<Skip | null> {
  const label = `Statement ${from} to ${to}`;
  const base = { owner_id: owner.id, kind: 'statement' as const, document_id: null, document_label: label, to: owner.email, job_id: jobId };
  if (!owner.email) {
    await logDelivery(ctx, { ...base, subject: null, status: 'skipped', error: 'no email address' });
    return { id: owner.id, reason: 'no email address' };
  }
  const statement = await buildStatement(ctx, owner, from, to);
  const pdf = await renderStatementPdf(letterhead, statement);
  const subject = `Your statement from ${letterhead.name}, ${from} to ${to}`;
  const text = [
    `Dear ${fullName(owner)},`,
    '',
    `Please find attached your account statement for ${from} to ${to}.`,
    `Balance on ${to}: ${formatMoney(statement.closingCents / 100)}.`,
    '',
    letterhead.name,
  ].join('\n');
  const r = await deliver(ctx, { to: owner.email, subject, text, attachments: [{ filename: `statement-${owner.owner_id}-${from}-${to}.pdf`, contentType: 'application/pdf', content: pdf }] });
  await logDelivery(ctx, { ...base, subject, status: r.status, error: r.status === 'failed' ? r.error : null });
  return r.status === 'failed' ? { id: owner.id, reason: `delivery failed: ${r.error}` } : null;
}

/** Jobs running in this process, so a shutdown can stop them between owners and wait for them. */
const running = new Map<string, { stop: boolean; done: Promise<void> }>();

/** Owners per progress update (and between which the job yields to requests). */
const PROGRESS_EVERY = 20;

/**
 * emailStatements: checks the caller and every owner id (through the caller's scope: 404 for one they cannot see),
 * records a job and answers at once; the statements are built and sent in the background, one owner at a time,
 * yielding to requests between owners, with progress on the job (GET /mail-jobs/{id}).
 */
export const emailStatementsFn = defineFunction('emailStatements', async (ctx, input) => {
  await requirePermission(ctx, 'invoices', 'create');
  const { from, to } = await statementPeriod(ctx, input);
  let ownerIds: string[];
  if (input.owner_ids) {
    ownerIds = [...new Set(input.owner_ids)];
    for (const id of ownerIds) await ownerForAccount(ctx, id);
  } else {
    ownerIds = (await ctx.db.select({ id: owners.id }).from(owners).where(eq(owners.status, 'active')).orderBy(asc(owners.owner_id))).map((r) => r.id);
  }
  const [job] = await ctx.db
    .insert(mailJobs)
    .values({ kind: 'statements', params: { from, to, owners: ownerIds.length }, total: ownerIds.length, created_by: ctx.actor?.email ?? null })
    .returning();
  const state = { stop: false, done: Promise.resolve() };
  const jobCtx: Ctx = { db: ctx.db, association: ctx.association, actor: ctx.actor, services: ctx.services, permissionCache: new Map() };
  state.done = runStatementsJob(jobCtx, job!.id, ownerIds, from, to, state).finally(() => running.delete(job!.id));
  running.set(job!.id, state);
  return jobView(job!);
});

/** emailStatements from server code (the demo), on the request's path. */
export const emailStatements = (ctx: Ctx, input: FunctionInput<'emailStatements'>) => callFunction(ctx, emailStatementsFn, input);

async function runStatementsJob(ctx: Ctx, jobId: string, ownerIds: string[], from: string, to: string, state: { stop: boolean }): Promise<void> {
  let sent = 0;
  let done = 0;
  const skipped: Skip[] = [];
  const progress = (extra: Partial<typeof mailJobs.$inferInsert> = {}) =>
    ctx.db.update(mailJobs).set({ done, sent, skipped, updated_date: new Date(), ...extra }).where(eq(mailJobs.id, jobId));
  try {
    const letterhead = await loadLetterhead(ctx);
    for (let i = 0; i < ownerIds.length; i += PROGRESS_EVERY) {
      const chunk = ownerIds.slice(i, i + PROGRESS_EVERY);
      const rows = await ctx.db.select(ownerColumns).from(owners).where(inArray(owners.id, chunk));
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const id of chunk) {
        if (state.stop) throw new Error('The server stopped before the run finished');
        const owner = byId.get(id);
        const skip = owner ? await emailOneStatement(ctx, letterhead, owner, from, to, jobId) : { id, reason: 'owner no longer exists' };
        if (skip) skipped.push(skip);
        else sent++;
        done++;
        await yieldToRequests();
      }
      await progress();
    }
    await progress({ status: 'done', finished_date: new Date() });
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await progress({ status: 'failed', error: message.slice(0, 500), finished_date: new Date() }).catch(() => undefined);
  }
}

/** Stops this process's jobs between two owners and waits for them (server shutdown). */
export async function stopMailJobs(): Promise<void> {
  for (const job of running.values()) job.stop = true;
  await Promise.all([...running.values()].map((j) => j.done));
}

/** Waits for this process's running jobs to finish (the demo, which emails statements before it exits). */
export async function mailJobsDone(): Promise<void> {
  while (running.size) await Promise.all([...running.values()].map((j) => j.done));
}

/** A running job that has not written progress for this long lost its process (progress comes every 20 owners). */
const STALE_AFTER_MS = 2 * 60_000;

function jobView(j: typeof mailJobs.$inferSelect): MailJob {
  const lost = j.status === 'running' && Date.now() - j.updated_date.getTime() > STALE_AFTER_MS;
  return {
    id: j.id, kind: j.kind, status: lost ? 'failed' : (j.status as MailJob['status']), params: j.params, total: j.total, done: j.done, sent: j.sent, skipped: j.skipped, error: lost ? 'The run stopped: its server process ended' : j.error,
    created_by: j.created_by, created_date: j.created_date.toISOString(), finished_date: j.finished_date?.toISOString() ?? null,
  };
}

/** A mailing job's progress and result, for staff who may email documents. */
export async function getMailJob(ctx: Ctx, id: string) {
  await requirePermission(ctx, 'invoices', 'create');
  if (!/^[0-9a-f]{24}$/.test(id)) throw new ValidationError('The job id is malformed');
  const [job] = await ctx.db.select().from(mailJobs).where(eq(mailJobs.id, id)).limit(1);
  if (!job) throw new NotFoundError('Mailing job not found');
  return jobView(job);
}

const deliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  skip: z.coerce.number().int().min(0).default(0),
});

/** An owner's delivery log, newest first: through the same scope as their statement (an owner sees only their own). */
export async function listDeliveries(ctx: Ctx, ownerId: string, query: unknown) {
  const q = parseInput(deliveriesQuery, query);
  await ownerForAccount(ctx, ownerId);
  const where = eq(emailDeliveries.owner_id, ownerId);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(emailDeliveries).where(where).orderBy(desc(emailDeliveries.created_date), desc(emailDeliveries.id)).limit(q.limit).offset(q.skip),
    ctx.db.select({ n: count() }).from(emailDeliveries).where(where),
  ]);
  return {
    rows: rows.map((r) => ({ ...r, created_date: r.created_date.toISOString() })),
    total: total?.n ?? 0,
  };
}
