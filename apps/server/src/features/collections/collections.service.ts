import { analyzeIfBulk } from '../../lib/analyze.ts';
import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import type { FunctionInput } from '@covenant/contracts/functions';
import { sql } from 'drizzle-orm';
import { collectionLettersQuery, delinquencyOf, nextStage, renderLetter, type LetterPlaceholder, type LetterStatus } from '@covenant/contracts/collections';
import { centsToDecimal, centsToNumber, formatMoney, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { chargeRuns } from '@covenant/db/schema/charges';
import { collectionCases, collectionLetters, collectionStages } from '@covenant/db/schema/collections';
import { invoices } from '@covenant/db/schema/finance';
import { CHARGE_RUN_LOCK } from '../../lib/advisory-locks.ts';
import { associationOf, onCommit, today, withTransaction, type Ctx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { lineFund, systemAccounts } from '../accounts/accounts.service.ts';
import { insertInvoices, type NewInvoiceDoc } from '../invoices/invoice.commands.ts';
import { defaultDueDate, receivable } from '../document-lifecycle/lifecycle.rules.ts';
import { bulkNumbers } from '../invoices/numbering.ts';
import { openInvoicesOn } from '../invoices/open-as-of.ts';
import { deliver, logDelivery } from '../mailings/mailings.service.ts';
import { orgPolicy } from '../org-settings/org-policy.ts';
import { loadLetterhead, organizationName, renderCollectionLetterPdf, type LetterForPdf } from '../statements/pdf.ts';
import { ownerForAccount } from '../statements/statement.service.ts';
import { ownersOnPlan } from './payment-plans.ts';

type Row = Record<string, unknown>;
const rowsOf = async <T>(ctx: Ctx, query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows as T[];
const isoOf = (v: unknown) => (v === null || v === undefined ? null : String(v instanceof Date ? v.toISOString() : v).slice(0, 10));
const idPattern = /^[0-9a-f]{24}$/;

interface StageRow {
  id: string;
  name: string;
  days_past_due: number;
  min_balance_cents: number;
  letter_subject: string;
  letter_body: string;
  fee_product_id: string | null;
  fee_cents: number;
  fee_account_id: string | null;
  fee_fund_id: string | null;
  requires_approval: boolean;
}

/** One owner moving into a stage on a run: the letter written for them and the fee it charges when released. */
export interface CollectionStep {
  owner_id: string;
  owner_number: string;
  owner_name: string;
  email: string | null;
  units: string;
  case_id: string | null;
  stage: StageRow;
  days_past_due: number;
  past_due_cents: number;
  subject: string;
  body: string;
}

async function activeStages(ctx: Ctx): Promise<StageRow[]> {
  const rows = await rowsOf<Row>(ctx, sql`
    select s.id, s.name, s.days_past_due, s.min_balance, s.letter_subject, s.letter_body, s.fee_product_id, s.requires_approval,
      pr.unit_price as fee_price, pr.account_id as fee_account_id, pr.fund_id as fee_fund_id
    from ${collectionStages} s left join products pr on pr.id = s.fee_product_id
    where s.is_active order by s.days_past_due`);
  return rows.map((r) => ({
    id: r.id as string, name: r.name as string, days_past_due: Number(r.days_past_due), min_balance_cents: toCents((r.min_balance as string | null) ?? 0),
    letter_subject: r.letter_subject as string, letter_body: r.letter_body as string, fee_product_id: (r.fee_product_id as string | null) ?? null,
    fee_cents: r.fee_product_id ? toCents(r.fee_price as string) : 0, fee_account_id: (r.fee_account_id as string | null) ?? null,
    fee_fund_id: (r.fee_fund_id as string | null) ?? null, requires_approval: r.requires_approval as boolean,
  }));
}

/**
 * The owners a run looks at: everyone with a charge past due on the date, and everyone with an open case (who may
 * have paid up). For each, what is past due, the oldest past-due charge their unapplied credit does not cover, the
 * credit and their open total.
 */
async function ownerStandings(ctx: Ctx, asOf: string) {
  const acc = await systemAccounts(ctx);
  // Aggregated per owner in one pass (no subquery per owner: 5,000 owners would each rescan every open charge).
  return rowsOf<Row>(ctx, sql`
    with open_charges as (
      select i.owner_id, i.due_date, i.balance_on as balance_due,
        sum(i.balance_on) filter (where i.due_date < ${asOf}::date) over (partition by i.owner_id order by i.due_date, i.id) as running_past_due
      from ${openInvoicesOn(asOf)} i
      where i.balance_on > 0
    ),
    credits as (
      select jl.owner_id, sum(jl.credit - jl.debit) as credit from journal_lines jl
      where jl.account_id = ${acc.owner_prepayments} and jl.entry_date <= ${asOf}::date and jl.owner_id is not null group by jl.owner_id
    ),
    per_owner as (
      select oc.owner_id,
        coalesce(sum(oc.balance_due) filter (where oc.due_date < ${asOf}::date), 0) as past_due,
        sum(oc.balance_due) as open_total,
        -- The oldest past-due charge the credit does not cover (credit pays the oldest first).
        min(oc.due_date) filter (where oc.due_date < ${asOf}::date and oc.running_past_due > coalesce(cr.credit, 0)) as oldest_due
      from open_charges oc left join credits cr on cr.owner_id = oc.owner_id
      group by oc.owner_id
    ),
    candidates as (
      select owner_id from per_owner where past_due > 0
      union select owner_id from ${collectionCases} where closed_on is null
    )
    select o.id as owner_id, o.owner_id as owner_number, o.first_name, o.last_name, o.email,
      coalesce(p.past_due, 0) as past_due, coalesce(p.open_total, 0) as open_total, coalesce(cr.credit, 0) as credit, p.oldest_due,
      (select string_agg(pr.unit_number, ', ' order by pr.unit_sort_key collate "C", pr.unit_number) from owner_properties op join properties pr on pr.id = op.property_id where op.owner_id = o.id) as units,
      c.id as case_id, c.stage_days_past_due, c.stage_entered_on
    from candidates k
    join owners o on o.id = k.owner_id
    left join per_owner p on p.owner_id = o.id
    left join credits cr on cr.owner_id = o.id
    left join ${collectionCases} c on c.owner_id = o.id and c.closed_on is null
    order by o.owner_id, o.id`);
}

/**
 * What a run as of a date does: each owner not on a plan in force moves at most one stage (nextStage), with the
 * letter written from the stage's templates; open cases of owners with nothing past due close.
 */
async function computeRun(ctx: Ctx, asOf: string, record: boolean): Promise<{ steps: CollectionStep[]; closing: string[] }> {
  const stages = await activeStages(ctx);
  const paused = await ownersOnPlan(ctx, asOf, record);
  const association = await organizationName(ctx);
  const steps: CollectionStep[] = [];
  const closing: string[] = [];
  for (const r of await ownerStandings(ctx, asOf)) {
    const ownerId = r.owner_id as string;
    const d = delinquencyOf(toCents(r.past_due as string), isoOf(r.oldest_due), toCents(r.credit as string), asOf);
    if (d.past_due_cents === 0) {
      if (r.case_id) closing.push(r.case_id as string);
      continue;
    }
    if (paused.has(ownerId)) continue;
    const stage = nextStage(stages, d, { stage_days_past_due: (r.stage_days_past_due as number | null) ?? null, entered_on: isoOf(r.stage_entered_on) }, asOf);
    if (!stage) continue;
    const name = `${r.first_name as string} ${r.last_name as string}`.trim();
    const values: Record<LetterPlaceholder, string> = {
      owner_name: name, first_name: r.first_name as string, last_name: r.last_name as string, account_number: r.owner_number as string,
      units: (r.units as string | null) ?? '', past_due_balance: formatMoney(d.past_due_cents / 100),
      balance: formatMoney(Math.max(0, toCents(r.open_total as string) - Math.max(0, toCents(r.credit as string))) / 100),
      days_past_due: String(d.days_past_due), oldest_due_date: isoOf(r.oldest_due) ?? '', stage_name: stage.name, fee_amount: formatMoney(stage.fee_cents / 100),
      date: asOf, association_name: association,
    };
    steps.push({
      owner_id: ownerId, owner_number: r.owner_number as string, owner_name: name, email: (r.email as string | null) || null, units: values.units,
      case_id: (r.case_id as string | null) ?? null, stage, days_past_due: d.days_past_due, past_due_cents: d.past_due_cents,
      subject: renderLetter(stage.letter_subject, values), body: renderLetter(stage.letter_body, values),
    });
  }
  return { steps, closing };
}

/** Charges the collection fees of released letters, dated `on`, through the invoice commands; answers letter id → invoice id. */
async function chargeFees(ctx: Ctx, on: string, letters: ReadonlyArray<{ id: string; owner_id: string; owner_number: string; stage_name: string; fee_product_id: string | null; fee_cents: number; fee_account_id: string | null; fee_fund_id: string | null }>): Promise<Map<string, string>> {
  const due = letters.filter((l) => l.fee_product_id && l.fee_cents > 0 && l.fee_account_id);
  if (due.length === 0) return new Map();
  const numberFor = await bulkNumbers(ctx, 'INV', invoices, invoices.invoice_number, invoices.invoice_date, on);
  const fundOf = new Map<string | null, string>();
  for (const l of due) if (!fundOf.has(l.fee_fund_id)) fundOf.set(l.fee_fund_id, await lineFund(ctx, l.fee_fund_id));
  const docs: NewInvoiceDoc[] = due.map((l) => ({
    invoice_number: numberFor(l.owner_number), invoice_date: on, due_date: defaultDueDate(receivable, on), owner_id: l.owner_id, property_id: null, tax_rate_id: null, tax_rate: null, phase: 'issued',
    lines: [{ product_id: l.fee_product_id, description: `Collection fee: ${l.stage_name}`, quantity: '1', unit_price: centsToDecimal(l.fee_cents), account_id: l.fee_account_id!, fund_id: fundOf.get(l.fee_fund_id)!, extended_price: centsToDecimal(l.fee_cents) }],
  }));
  const ids = await insertInvoices(ctx, docs);
  const pairs = due.map((l, i) => [l.id, ids[i]!] as const);
  for (let k = 0; k < pairs.length; k += 1000) {
    const values = sql.join(pairs.slice(k, k + 1000).map(([letter, invoice]) => sql`(${letter}, ${invoice})`), sql`, `);
    await ctx.db.execute(sql`update ${collectionLetters} l set fee_invoice_id = v.invoice_id from (values ${values}) as v(id, invoice_id) where l.id = v.id`);
  }
  return new Map(pairs);
}

const stepOut = (s: CollectionStep, letter?: { id: string; status: LetterStatus; fee_invoice_id: string | null }) => ({
  owner_id: s.owner_id, owner_number: s.owner_number, owner_name: s.owner_name, units: s.units, stage_id: s.stage.id, stage_name: s.stage.name,
  days_past_due: s.days_past_due, past_due_balance: centsToNumber(s.past_due_cents), fee_amount: centsToNumber(s.stage.fee_cents),
  requires_approval: s.stage.requires_approval, subject: s.subject, letter_id: letter?.id ?? null, status: letter?.status ?? null, fee_invoice_id: letter?.fee_invoice_id ?? null,
});

/**
 * A run as of a date: the steps (nextStage per owner) and, unless dry, one run record, the cases opened, moved and
 * closed, the letters (waiting for approval, or released: queued to email, or to print for owners without an
 * email address) and the fees of released letters, all in one transaction under the charge runs' lock. The unique
 * letter per case and stage keeps a second run, process or restart from writing one twice. Released letters are
 * emailed after the commit.
 */
async function collectionsRun(ctx: Ctx, asOf: string, dryRun: boolean, trigger: 'manual' | 'scheduler') {
  if (dryRun) {
    const { steps, closing } = await computeRun(ctx, asOf, false);
    const fees = steps.filter((s) => !s.stage.requires_approval).reduce((t, s) => t + s.stage.fee_cents, 0);
    return { count: steps.length, total: centsToNumber(fees), closed: closing.length, as_of: asOf, dry_run: true, run_id: null, items: steps.map((s) => stepOut(s)) };
  }
  const answer = await withTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${CHARGE_RUN_LOCK}, 0)`);
    if (trigger === 'scheduler') {
      const [done] = await rowsOf<{ id: string }>(tx, sql`select id from ${chargeRuns} where job = 'collections' and as_of = ${asOf} and trigger = 'scheduler' limit 1`);
      if (done) return null;
    }
    const { steps, closing } = await computeRun(tx, asOf, true);
    const runId = newId();
    const by = tx.actor?.email ?? null;
    const letters = steps.map((s) => ({
      id: newId(), step: s, case_id: s.case_id ?? newId(),
      status: (s.stage.requires_approval ? 'awaiting_approval' : s.email ? 'queued' : 'no_email') as LetterStatus,
    }));
    const released = letters.filter((l) => l.status !== 'awaiting_approval');
    const fees = released.reduce((t, l) => t + l.step.stage.fee_cents, 0);
    await tx.db.insert(chargeRuns).values({ id: runId, job: 'collections', as_of: asOf, trigger, count: letters.length, total: centsToDecimal(fees), created_by: by });
    if (closing.length) await tx.db.execute(sql`update ${collectionCases} set closed_on = ${asOf}, updated_date = now() where id in (${sql.join(closing.map((id) => sql`${id}`), sql`, `)}) and closed_on is null`);
    // New cases open at their first stage; open cases move to their next one (set-wise, a thousand at a time).
    const opened = letters.filter((l) => !l.step.case_id);
    for (let k = 0; k < opened.length; k += 1000) {
      await tx.db.insert(collectionCases).values(opened.slice(k, k + 1000).map((l) => ({
        id: l.case_id, owner_id: l.step.owner_id, opened_on: asOf, stage_id: l.step.stage.id, stage_days_past_due: l.step.stage.days_past_due, stage_entered_on: asOf, created_by: by,
      })));
    }
    const moved = letters.filter((l) => l.step.case_id);
    for (let k = 0; k < moved.length; k += 1000) {
      const values = sql.join(moved.slice(k, k + 1000).map((l) => sql`(${l.case_id}, ${l.step.stage.id}, ${l.step.stage.days_past_due}::int)`), sql`, `);
      await tx.db.execute(sql`update ${collectionCases} c set stage_id = v.stage_id, stage_days_past_due = v.days, stage_entered_on = ${asOf}, updated_date = now()
        from (values ${values}) as v(id, stage_id, days) where c.id = v.id`);
    }
    for (let k = 0; k < letters.length; k += 500) {
      await tx.db.insert(collectionLetters).values(letters.slice(k, k + 500).map((l) => ({
        id: l.id, case_id: l.case_id, owner_id: l.step.owner_id, stage_id: l.step.stage.id, stage_name: l.step.stage.name, run_id: runId, as_of: asOf,
        days_past_due: l.step.days_past_due, past_due_balance: centsToDecimal(l.step.past_due_cents), subject: l.step.subject, body: l.step.body,
        fee_product_id: l.step.stage.fee_product_id, fee_amount: centsToDecimal(l.step.stage.fee_cents), status: l.status, email_to: l.step.email, created_by: by,
        ...(l.status === 'awaiting_approval' ? {} : { decided_by: trigger === 'scheduler' ? 'scheduler' : by, decided_at: new Date() }),
      })));
    }
    analyzeIfBulk(tx, letters.length, ['collection_cases', 'collection_letters']);
    const feeInvoices = await chargeFees(tx, asOf, released.map((l) => ({
      id: l.id, owner_id: l.step.owner_id, owner_number: l.step.owner_number, stage_name: l.step.stage.name, fee_product_id: l.step.stage.fee_product_id,
      fee_cents: l.step.stage.fee_cents, fee_account_id: l.step.stage.fee_account_id, fee_fund_id: l.step.stage.fee_fund_id,
    })));
    if (released.some((l) => l.status === 'queued')) onCommit(tx, () => sendQueuedLetters(ctx));
    return {
      count: letters.length, total: centsToNumber(fees), closed: closing.length, as_of: asOf, dry_run: false, run_id: runId,
      items: letters.map((l) => stepOut(l.step, { id: l.id, status: l.status, fee_invoice_id: feeInvoices.get(l.id) ?? null })),
    };
  });
  return answer;
}

/** runCollections {as_of?, dry_run?}: moves delinquent owners through the stages → {count, total (fees), closed, items}. */
const collectionsOptions = { authorize: (ctx: Ctx) => requirePermission(ctx, 'invoices', 'create') };

export const runCollectionsFn = defineFunction(
  'runCollections',
  async (ctx, input) => (await collectionsRun(ctx, input.as_of ?? (await today(ctx)), input.dry_run ?? false, 'manual'))!,
  collectionsOptions,
);

/** runCollections from server code (the demo, the bench), on the request's path. */
export const runCollections = (ctx: Ctx, input: FunctionInput<'runCollections'>) => callFunction(ctx, runCollectionsFn, input);

/** The scheduler's daily collections run, after assessments and late fees, once the association's run hour has come. */
export async function runDueCollections(ctx: Ctx, at: Date = new Date()) {
  const policy = await orgPolicy(ctx);
  const hour = Number(new Intl.DateTimeFormat('en-GB', { timeZone: policy.timeZone, hour: '2-digit', hourCycle: 'h23' }).format(at));
  if (hour < policy.runHour) return null;
  const answer = await collectionsRun(ctx, await today(ctx, at), false, 'scheduler');
  // Letters a stopped process left queued go out on the next tick.
  await sendQueuedLetters(ctx);
  return answer;
}

/** Letters of the queue by id, each checked to exist; the caller's privilege was checked first. */
async function lettersById(ctx: Ctx, ids: readonly string[]) {
  const rows = await rowsOf<Row>(ctx, sql`
    select l.*, o.owner_id as owner_number, o.email, pr.account_id as fee_account_id, pr.fund_id as fee_fund_id
    from ${collectionLetters} l join owners o on o.id = l.owner_id left join products pr on pr.id = l.fee_product_id
    where l.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) for update of l`);
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  for (const id of ids) if (!byId.has(id)) throw new NotFoundError('Collection letter not found');
  return ids.map((id) => byId.get(id)!);
}

/**
 * approveCollectionLetters {letter_ids}: letters waiting for approval are released (queued to email, or to print
 * for owners without an email address) and their stage's fee is charged today; a failed letter is queued again
 * (its fee was charged when it was released). All or nothing: a letter in any other state refuses the call.
 */
export const approveCollectionLetters = defineFunction('approveCollectionLetters', async (ctx, input) => {
  const ids = [...new Set(input.letter_ids)];
  const day = await today(ctx);
  const answer = await withTransaction(ctx, async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${CHARGE_RUN_LOCK}, 0)`);
    const letters = await lettersById(tx, ids);
    const wrong = letters.find((l) => l.status !== 'awaiting_approval' && l.status !== 'failed');
    if (wrong) throw new ValidationError(`The letter to account ${wrong.owner_number as string} (${wrong.stage_name as string}) is ${String(wrong.status).replace('_', ' ')}; only letters awaiting approval or failed can be approved`);
    for (const l of letters) {
      const status = l.email ? 'queued' : 'no_email';
      await tx.db.execute(sql`update ${collectionLetters} set status = ${status}, email_to = ${(l.email as string | null) || null}, error = null,
        decided_by = ${tx.actor?.email ?? null}, decided_at = now(), updated_date = now() where id = ${l.id as string}`);
    }
    await chargeFees(tx, day, letters.filter((l) => l.status === 'awaiting_approval').map((l) => ({
      id: l.id as string, owner_id: l.owner_id as string, owner_number: l.owner_number as string, stage_name: l.stage_name as string,
      fee_product_id: (l.fee_product_id as string | null) ?? null, fee_cents: toCents(l.fee_amount as string), fee_account_id: (l.fee_account_id as string | null) ?? null, fee_fund_id: (l.fee_fund_id as string | null) ?? null,
    })));
    onCommit(tx, () => sendQueuedLetters(ctx));
    return { approved: letters.length };
  });
  return answer;
}, collectionsOptions);

/** skipCollectionLetters {letter_ids, reason?}: letters waiting for approval are not sent (the owner stays at the stage). */
export const skipCollectionLetters = defineFunction('skipCollectionLetters', async (ctx, input) => {
  const ids = [...new Set(input.letter_ids)];
  return withTransaction(ctx, async (tx) => {
    const letters = await lettersById(tx, ids);
    const wrong = letters.find((l) => l.status !== 'awaiting_approval');
    if (wrong) throw new ValidationError(`The letter to account ${wrong.owner_number as string} (${wrong.stage_name as string}) is ${String(wrong.status).replace('_', ' ')}; only letters awaiting approval can be skipped`);
    await tx.db.execute(sql`update ${collectionLetters} set status = 'skipped', error = ${input.reason || null}, decided_by = ${tx.actor?.email ?? null}, decided_at = now(), updated_date = now()
      where id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
    return { skipped: letters.length };
  });
}, collectionsOptions);

// ---------------------------------------------------------------------------------------------
// Sending
// ---------------------------------------------------------------------------------------------

/** Each association's sending loop of this process, and whether it must look again when done. */
const sendingLoops = new Map<string, { run: Promise<void>; again: boolean }>();

/** A letter claimed for sending this long ago lost its process: it is queued again. */
const STALE_SENDING = sql`now() - interval '10 minutes'`;

/**
 * Emails every queued letter with its PDF, one at a time. Each is claimed first (queued → sending, one statement
 * with skip locked) so two processes never send the same letter and no transaction stays open while the mail
 * server answers; the outcome (sent, outbox, failed) is written with the delivery log. One loop per process; a
 * call while it runs makes it look again when done.
 */
export function sendQueuedLetters(ctx: Ctx): Promise<void> {
  const key = associationOf(ctx).app_id;
  const busy = sendingLoops.get(key);
  if (busy) {
    busy.again = true;
    return busy.run;
  }
  const loopCtx: Ctx = { db: ctx.db, association: ctx.association, actor: ctx.actor, services: ctx.services, permissionCache: new Map() };
  const loop = { run: Promise.resolve(), again: false };
  sendingLoops.set(key, loop);
  loop.run = (async () => {
    do {
      loop.again = false;
      const letterhead = await loadLetterhead(loopCtx);
      for (;;) {
        const [claimed] = await rowsOf<{ id: string }>(loopCtx, sql`
          update ${collectionLetters} set status = 'sending', updated_date = now()
          where id = (select id from ${collectionLetters} where status = 'queued' or (status = 'sending' and updated_date < ${STALE_SENDING})
            order by created_date, id limit 1 for update skip locked)
          returning id`);
        if (!claimed) break;
        const [l] = await rowsOf<Row>(loopCtx, sql`
          select l.id, l.owner_id, l.as_of, l.subject, l.body, l.stage_name, l.past_due_balance, l.days_past_due, l.email_to,
            o.owner_id as owner_number, o.first_name, o.last_name, o.mailing_address, o.mailing_address_2, o.city, o.state, o.zip_code
          from ${collectionLetters} l join owners o on o.id = l.owner_id where l.id = ${claimed.id}`);
        const pdf = await renderCollectionLetterPdf(letterhead, letterForPdf(l!));
        const r = await deliver(loopCtx, {
          to: l!.email_to as string, subject: l!.subject as string, text: `${l!.body as string}\n\n${letterhead.name}`,
          attachments: [{ filename: `letter-${l!.owner_number as string}-${isoOf(l!.as_of)}.pdf`, contentType: 'application/pdf', content: pdf }],
        });
        const error = r.status === 'failed' ? r.error : null;
        await withTransaction(loopCtx, async (tx) => {
          await tx.db.execute(sql`update ${collectionLetters} set status = ${r.status}, error = ${error}, sent_at = ${r.status === 'failed' ? null : new Date()}, updated_date = now() where id = ${claimed.id}`);
          await logDelivery(tx, { owner_id: l!.owner_id as string, kind: 'collection_letter', document_id: claimed.id, document_label: l!.stage_name as string, to: l!.email_to as string, subject: l!.subject as string, status: r.status, error, job_id: null });
        });
      }
    } while (loop.again);
  })()
    .catch((err: unknown) => loopCtx.services.config.logLevel !== 'silent' && console.error('Sending collection letters failed', err))
    .then(() => undefined)
    .finally(() => {
      sendingLoops.delete(key);
    });
  return loop.run;
}

/** Waits for this process's letters in flight, of every association (server shutdown, tests). */
export async function lettersSent(): Promise<void> {
  while (sendingLoops.size) await Promise.all([...sendingLoops.values()].map((l) => l.run));
}

function letterForPdf(l: Row): LetterForPdf {
  return {
    as_of: isoOf(l.as_of)!, subject: l.subject as string, body: l.body as string, stage_name: l.stage_name as string, past_due_balance: String(l.past_due_balance), days_past_due: Number(l.days_past_due),
    owner: {
      owner_id: l.owner_number as string, first_name: l.first_name as string, last_name: l.last_name as string, mailing_address: l.mailing_address as string | null,
      mailing_address_2: l.mailing_address_2 as string | null, city: l.city as string | null, state: l.state as string | null, zip_code: l.zip_code as string | null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** What an owner is shown of their letters: the ones released to them (never the queue nor the skipped). */
const RELEASED = sql`l.status not in ('awaiting_approval', 'skipped')`;

const letterColumns = sql`l.id, l.owner_id, l.stage_id, l.stage_name, l.as_of, l.days_past_due, l.past_due_balance, l.subject, l.fee_amount, l.fee_invoice_id,
  l.status, l.email_to, l.error, l.decided_by, l.decided_at, l.sent_at, l.created_date, l.run_id`;

function letterOut(r: Row) {
  return {
    ...r, as_of: isoOf(r.as_of), past_due_balance: Number(r.past_due_balance), fee_amount: Number(r.fee_amount),
    decided_at: r.decided_at ? new Date(r.decided_at as string).toISOString() : null, sent_at: r.sent_at ? new Date(r.sent_at as string).toISOString() : null,
    created_date: new Date(r.created_date as string).toISOString(),
  };
}

/** GET /collection-letters: the approval queue and the letters' history for staff who run collections, paged in SQL. */
export async function listCollectionLetters(ctx: Ctx, query: unknown) {
  await requirePermission(ctx, 'invoices', 'create');
  const q = parseInput(collectionLettersQuery, query ?? {});
  const conditions = [q.status ? sql`l.status = ${q.status}` : undefined, q.owner_id ? sql`l.owner_id = ${q.owner_id}` : undefined].filter(Boolean) as ReturnType<typeof sql>[];
  const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const rows = await rowsOf<Row>(ctx, sql`
    select ${letterColumns}, o.owner_id as owner_number, o.first_name, o.last_name
    from ${collectionLetters} l join owners o on o.id = l.owner_id ${where}
    order by l.created_date desc, o.owner_id, l.id limit ${q.limit} offset ${q.skip}`);
  const [{ n }] = (await rowsOf<{ n: string | number }>(ctx, sql`select count(*) as n from ${collectionLetters} l ${where}`)) as [{ n: string | number }];
  return { rows: rows.map(letterOut), total: Number(n) };
}

/**
 * GET /owners/{id}/collections: the owner's open case (stage and since when), the cases before, their letters and
 * payment plans. Through the statement's scope: staff read any owner, an owner only their own (and only letters
 * released to them).
 */
export async function ownerCollections(ctx: Ctx, ownerId: string) {
  const owner = await ownerForAccount(ctx, ownerId);
  const level = await requirePermission(ctx, 'invoices', 'read');
  const [current] = await rowsOf<Row>(ctx, sql`
    select c.id, c.opened_on, c.stage_id, s.name as stage_name, c.stage_entered_on from ${collectionCases} c left join ${collectionStages} s on s.id = c.stage_id
    where c.owner_id = ${owner.id} and c.closed_on is null`);
  const letters = await rowsOf<Row>(ctx, sql`
    select ${letterColumns} from ${collectionLetters} l where l.owner_id = ${owner.id} ${level === 'own_records' ? sql`and ${RELEASED}` : sql``}
    order by l.created_date desc, l.id limit 100`);
  const plans = await rowsOf<Row>(ctx, sql`select id, start_date, installments, total_amount, grace_days, status, status_date, notes from payment_plans where owner_id = ${owner.id} order by start_date desc, created_date desc`);
  return {
    owner_id: owner.id,
    case: current ? { id: current.id, opened_on: isoOf(current.opened_on), stage_id: current.stage_id ?? null, stage_name: current.stage_name ?? null, stage_entered_on: isoOf(current.stage_entered_on) } : null,
    letters: letters.map(letterOut),
    payment_plans: plans.map((p) => ({ ...p, start_date: isoOf(p.start_date), status_date: isoOf(p.status_date), total_amount: Number(p.total_amount) })),
  };
}

/** GET /collection-letters/{id}/pdf: staff read any letter; an owner only a letter released to them (others look missing). */
export async function collectionLetterPdf(ctx: Ctx, letterId: string): Promise<{ filename: string; pdf: Buffer }> {
  if (!idPattern.test(letterId)) throw new ValidationError('The letter id is malformed');
  const level = await requirePermission(ctx, 'invoices', 'read');
  const [l] = await rowsOf<Row>(ctx, sql`
    select l.*, o.owner_id as owner_number, o.first_name, o.last_name, o.mailing_address, o.mailing_address_2, o.city, o.state, o.zip_code
    from ${collectionLetters} l join owners o on o.id = l.owner_id where l.id = ${letterId}
    ${level === 'own_records' ? sql`and l.owner_id = ${ctx.actor!.owner_id ?? ''} and ${RELEASED}` : sql``}`);
  if (!l) throw new NotFoundError('Collection letter not found');
  return { filename: `letter-${l.owner_number as string}-${isoOf(l.as_of)}.pdf`, pdf: await renderCollectionLetterPdf(await loadLetterhead(ctx), letterForPdf(l)) };
}
