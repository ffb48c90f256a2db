import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import type { FunctionInput } from '@covenant/contracts/functions';
import { and, eq, lte, sql } from 'drizzle-orm';
import { addDays } from '@covenant/contracts/documents';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import { journalLines, ledgerSettings } from '@covenant/db/schema/ledger';
import { withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { requireAdmin } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { closedThrough, postEntry } from './ledger.service.ts';
import { closingPosting } from './posting.rules.ts';

/**
 * Period close. closePeriod locks the books through a date (nothing can be dated on or before it; corrections of
 * documents from the closed period post on the first open date); closeYear first moves each fund's revenue and
 * expenses into its fund balance at the year's end, then closes through it; reopenPeriod (administrators,
 * with a reason, audited) moves the date back. The database refuses any entry in a closed period.
 */

/** Lock the row so two closes or reopens never interleave. */
async function lockSettings(ctx: Ctx): Promise<string | null> {
  const [row] = await ctx.db.select({ closed: ledgerSettings.closed_through }).from(ledgerSettings).where(eq(ledgerSettings.id, 1)).for('update').limit(1);
  return row?.closed ?? null;
}

async function setClosedThrough(ctx: Ctx, date: string | null): Promise<void> {
  await ctx.db.update(ledgerSettings).set({ closed_through: date, updated_date: new Date() }).where(eq(ledgerSettings.id, 1));
}

const adminsOnly = { authorize: requireAdmin };

export const closePeriod = defineFunction('closePeriod', async (ctx, { through }) => {
  return withTransaction(ctx, async (tx) => {
    const current = await lockSettings(tx);
    if (current && through <= current) throw new ConflictError(`The books are already closed through ${current}; to move the date back, reopen the period`, 'already_closed');
    await setClosedThrough(tx, through);
    await recordAudit(tx, { action: 'period.closed', before: { closed_through: current }, after: { closed_through: through } });
    return { closed_through: through, previous: current };
  });
}, adminsOnly);

/** The books are closed through `through` afterwards (null: nothing closed); it must be earlier than now. */
export const reopenPeriod = defineFunction('reopenPeriod', async (ctx, { through, reason }) => {
  return withTransaction(ctx, async (tx) => {
    const current = await lockSettings(tx);
    if (!current) throw new ConflictError('No period is closed', 'not_closed');
    if (through !== null && through >= current) throw new ValidationError(`To reopen, give a date before ${current} (the books are closed through it now)`);
    await setClosedThrough(tx, through);
    await recordAudit(tx, { action: 'period.reopened', before: { closed_through: current }, after: { closed_through: through }, detail: { reason } });
    return { closed_through: through, previous: current, reason };
  });
}, adminsOnly);

/**
 * closeYear: every revenue and expense account's balance through the year end, per fund, moves into that
 * fund's Fund Balance by a closing entry dated the year end (its lines marked 'closing', which income
 * statements leave out); then the books are closed through that date.
 */
export const closeYearFn = defineFunction('closeYear', async (ctx, { fiscal_year_end: yearEnd }) => {
  return withTransaction(ctx, async (tx) => {
    const current = await lockSettings(tx);
    if (current && yearEnd <= current) throw new ConflictError(`The books are already closed through ${current}`, 'already_closed');
    const { entryId, closedToFundBalance } = await postClosingEntry(tx, yearEnd);
    await setClosedThrough(tx, yearEnd);
    await recordAudit(tx, { action: 'period.year_closed', before: { closed_through: current }, after: { closed_through: yearEnd }, detail: { entry_id: entryId, net_income: centsToNumber(closedToFundBalance) } });
    return { closed_through: yearEnd, entry_id: entryId, net_income_closed: centsToNumber(closedToFundBalance) };
  });
}, adminsOnly);

/** closeYear from server code (the demo), on the request's path. */
export const closeYear = (ctx: Ctx, input: FunctionInput<'closeYear'>) => callFunction(ctx, closeYearFn, input);

/**
 * The closing entry of a year end, from the ledger as it stands (closeYear; a restore recomputes it from the
 * restored ledger). Answers the entry (null when nothing was left to close) and the net income moved, in cents.
 */
export async function postClosingEntry(ctx: Ctx, yearEnd: string): Promise<{ entryId: string | null; closedToFundBalance: number }> {
  const rows = await ctx.db
    .select({ account_id: journalLines.account_id, fund_id: journalLines.fund_id, net: sql<string>`sum(${journalLines.debit} - ${journalLines.credit})` })
    .from(journalLines)
    .innerJoin(chartOfAccounts, eq(chartOfAccounts.id, journalLines.account_id))
    .where(and(lte(journalLines.entry_date, yearEnd), sql`${chartOfAccounts.account_type} in ('revenue', 'expense')`))
    .groupBy(journalLines.account_id, journalLines.fund_id);
  const acc = await systemAccounts(ctx);
  const lines = closingPosting(rows.map((r) => ({ account_id: r.account_id, fund_id: r.fund_id, netCents: toCents(r.net) })), acc);
  const entryId = await postEntry(ctx, { date: yearEnd, memo: `Year-end close ${yearEnd}`, source_type: 'closing', source_id: newId(), lines });
  return { entryId, closedToFundBalance: lines.filter((l) => l.account_id === acc.fund_balance).reduce((s, l) => s + l.credit - l.debit, 0) };
}

/** Moves the closed-through date forward to `date` (never back): a restore brings its file's close. */
export async function closeThroughAtLeast(ctx: Ctx, date: string): Promise<void> {
  const current = await lockSettings(ctx);
  if (!current || date > current) await setClosedThrough(ctx, date);
}

/** What Reports show: the closed-through date and the first date that can still be posted. */
export async function ledgerStatus(ctx: Ctx) {
  const closed = await closedThrough(ctx);
  return { closed_through: closed, first_open_date: closed ? addDays(closed, 1) : null };
}
