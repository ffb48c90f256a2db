import { callFunction, defineFunction } from '../../platform/functions/define-function.ts';
import type { BudgetWithLines, FunctionInput } from '@covenant/contracts/functions';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { orgSettings } from '@covenant/db/schema/community';
import { budgetLines, budgets } from '@covenant/db/schema/budgets';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import { newId } from '@covenant/db/ids';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { publishRecord, readRecord, recordForActor, referencedRecord } from '../../platform/entities/entities.service.ts';
import type { Row } from '../../platform/entities/entity-def.ts';
import { fundEntity } from '../funds/funds.feature.ts';
import { budgetEntity, budgetLineEntity } from './budgets.entities.ts';

export interface BudgetFields {
  name: string;
  fiscal_year: number;
  fund_id: string;
  notes?: string | null;
}

export interface LineFields {
  account_id: string;
  /** Twelve decimal amounts, fiscal-year order. */
  amounts: ReadonlyArray<number | string>;
  notes?: string | null;
}

/** The month the association's fiscal year starts in (1 when no settings record exists yet). */
export async function fiscalYearStartMonth(ctx: Ctx): Promise<number> {
  const [row] = await ctx.db.select({ month: orgSettings.fiscal_year_start_month }).from(orgSettings).orderBy(asc(orgSettings.created_date)).limit(1);
  return row?.month ?? 1;
}

/** The budget, fetched through the caller's scope for a change and locked; a missing one referred to by a line is a 400. */
async function lockBudget(ctx: Ctx, id: string, op: 'update' | 'delete', referred = false): Promise<Row> {
  try {
    return await recordForActor(ctx, budgetEntity, id, op, { lock: true });
  } catch (err) {
    if (referred && err instanceof NotFoundError) throw new ValidationError('Budget does not exist');
    throw err;
  }
}

/** An adopted budget is read-only until it is explicitly un-adopted. */
function assertDraft(budget: Row): void {
  if (budget.status === 'adopted') {
    throw new ConflictError(`${budget.name as string} is adopted, so it is read-only: un-adopt it first`, 'budget_adopted');
  }
}

/** One budget per fund and fiscal year (the unique index backs this with a plainer message). */
async function assertFreeYear(ctx: Ctx, fundId: string, fiscalYear: number, exceptId?: string): Promise<void> {
  const where = [eq(budgets.fund_id, fundId), eq(budgets.fiscal_year, fiscalYear)];
  if (exceptId) where.push(ne(budgets.id, exceptId));
  const [taken] = await ctx.db.select({ name: budgets.name }).from(budgets).where(and(...where)).limit(1);
  if (taken) throw new ConflictError(`This fund already has a budget for fiscal year ${fiscalYear} (${taken.name})`, 'budget_exists');
}

/** Budget lines are on revenue and expense accounts only: balance-sheet accounts have no budget. */
async function assertBudgetAccounts(ctx: Ctx, accountIds: readonly string[]): Promise<void> {
  const seen = new Set<string>();
  for (const id of accountIds) {
    if (seen.has(id)) throw new ValidationError('An account appears on two lines of the budget');
    seen.add(id);
  }
  if (accountIds.length === 0) return;
  const rows = await ctx.db
    .select({ id: chartOfAccounts.id, number: chartOfAccounts.account_number, name: chartOfAccounts.account_name, type: chartOfAccounts.account_type })
    .from(chartOfAccounts)
    .where(inArray(chartOfAccounts.id, [...seen]));
  for (const id of seen) {
    const a = rows.find((r) => r.id === id);
    if (!a) throw new ValidationError('Account does not exist');
    if (a.type !== 'revenue' && a.type !== 'expense') {
      throw new ValidationError(`${a.number} ${a.name} is a ${a.type} account: budget lines are on revenue and expense accounts only`);
    }
  }
}

/** Twelve amounts as exact decimal strings for the NUMERIC[] column. */
const storedAmounts = (amounts: ReadonlyArray<number | string>) => amounts.map((a) => centsToDecimal(toCents(a)));

async function insertBudget(ctx: Ctx, fields: BudgetFields): Promise<string> {
  await referencedRecord(ctx, fundEntity, fields.fund_id, 'Fund');
  await assertFreeYear(ctx, fields.fund_id, fields.fiscal_year);
  const id = newId();
  await ctx.db.insert(budgets).values({
    id, name: fields.name, fiscal_year: fields.fiscal_year, fund_id: fields.fund_id, notes: fields.notes ?? null,
    status: 'draft', start_month: await fiscalYearStartMonth(ctx), created_by: ctx.actor?.email ?? null,
  });
  return id;
}

async function insertLines(ctx: Ctx, budgetId: string, lines: readonly LineFields[], firstNo = 0): Promise<void> {
  if (lines.length === 0) return;
  await ctx.db.insert(budgetLines).values(
    lines.map((l, i) => ({
      budget_id: budgetId, account_id: l.account_id, monthly_amounts: storedAmounts(l.amounts), notes: l.notes ?? null, line_no: firstNo + i,
      created_by: ctx.actor?.email ?? null,
    })),
  );
}

/**
 * A restored budget with its lines, as the file had it (adopted or draft, its own start month), under the same
 * rules as a saved one: one per fund and year, lines on revenue and expense accounts, twelve amounts each.
 */
export async function insertRestoredBudget(
  ctx: Ctx,
  b: BudgetFields & { status: 'draft' | 'adopted'; start_month: number; adopted_at: Date | null; adopted_by: string | null },
  lines: readonly LineFields[],
): Promise<string> {
  await assertFreeYear(ctx, b.fund_id, b.fiscal_year);
  await assertBudgetAccounts(ctx, lines.map((l) => l.account_id));
  const id = newId();
  await ctx.db.insert(budgets).values({
    id, name: b.name, fiscal_year: b.fiscal_year, fund_id: b.fund_id, notes: b.notes ?? null, status: b.status, start_month: b.start_month,
    adopted_at: b.status === 'adopted' ? b.adopted_at : null, adopted_by: b.status === 'adopted' ? b.adopted_by : null, created_by: ctx.actor?.email ?? null,
  });
  await insertLines(ctx, id, lines);
  return id;
}

/** The generic create: a draft budget with no lines, in the fiscal year's start month of today's setting. */
export async function createBudget(ctx: Ctx, fields: BudgetFields): Promise<string> {
  await requirePermission(ctx, 'chart_of_accounts', 'create');
  return withTransaction(ctx, async (tx) => {
    const id = await insertBudget(tx, fields);
    await publishRecord(tx, budgetEntity, id, 'create');
    return id;
  });
}

export async function updateBudget(ctx: Ctx, id: string, changes: Partial<BudgetFields>): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const budget = await lockBudget(tx, id, 'update');
    assertDraft(budget);
    const fundId = changes.fund_id ?? (budget.fund_id as string);
    const year = changes.fiscal_year ?? (budget.fiscal_year as number);
    if (changes.fund_id) await referencedRecord(tx, fundEntity, changes.fund_id, 'Fund');
    if (fundId !== budget.fund_id || year !== budget.fiscal_year) await assertFreeYear(tx, fundId, year, id);
    const set: Record<string, unknown> = {};
    for (const k of ['name', 'fiscal_year', 'fund_id', 'notes'] as const) if (changes[k] !== undefined) set[k] = changes[k];
    if (Object.keys(set).length) await tx.db.update(budgets).set(set).where(eq(budgets.id, id));
    await publishRecord(tx, budgetEntity, id);
  });
}

/** A draft budget is deleted with its lines; an adopted one must be un-adopted first. */
export async function deleteBudget(ctx: Ctx, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const budget = await lockBudget(tx, id, 'delete');
    assertDraft(budget);
    await tx.db.delete(budgets).where(eq(budgets.id, id));
    await publishRecord(tx, budgetEntity, id, 'delete', budget);
  });
}

export async function addBudgetLine(ctx: Ctx, values: LineFields & { budget_id: string }): Promise<string> {
  await requirePermission(ctx, 'chart_of_accounts', 'create');
  return withTransaction(ctx, async (tx) => {
    const budget = await lockBudget(tx, values.budget_id, 'update', true);
    assertDraft(budget);
    const existing = await tx.db.select({ account_id: budgetLines.account_id, line_no: budgetLines.line_no }).from(budgetLines).where(eq(budgetLines.budget_id, values.budget_id));
    await assertBudgetAccounts(tx, [...existing.map((l) => l.account_id), values.account_id]);
    const id = newId();
    await tx.db.insert(budgetLines).values({
      id, budget_id: values.budget_id, account_id: values.account_id, monthly_amounts: storedAmounts(values.amounts), notes: values.notes ?? null,
      line_no: existing.reduce((m, l) => Math.max(m, l.line_no + 1), 0), created_by: tx.actor?.email ?? null,
    });
    await publishRecord(tx, budgetLineEntity, id, 'create');
    return id;
  });
}

/** The line's budget, locked before the line (the order every budget write takes). */
async function lineWithBudget(ctx: Ctx, id: string, op: 'update' | 'delete'): Promise<{ line: Row; budget: Row }> {
  const line = await recordForActor(ctx, budgetLineEntity, id, op);
  const budget = await lockBudget(ctx, line.budget_id as string, 'update');
  assertDraft(budget);
  return { line, budget };
}

export async function updateBudgetLine(ctx: Ctx, id: string, changes: Partial<LineFields> & { budget_id?: string }): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const { line } = await lineWithBudget(tx, id, 'update');
    if (changes.budget_id !== undefined && changes.budget_id !== line.budget_id) throw new ValidationError('A budget line stays in its budget');
    if (changes.account_id !== undefined && changes.account_id !== line.account_id) {
      const others = await tx.db.select({ account_id: budgetLines.account_id }).from(budgetLines).where(and(eq(budgetLines.budget_id, line.budget_id as string), ne(budgetLines.id, id)));
      await assertBudgetAccounts(tx, [...others.map((o) => o.account_id), changes.account_id]);
    }
    const set: Record<string, unknown> = {};
    if (changes.account_id !== undefined) set.account_id = changes.account_id;
    if (changes.amounts !== undefined) set.monthly_amounts = storedAmounts(changes.amounts);
    if (changes.notes !== undefined) set.notes = changes.notes;
    if (Object.keys(set).length) await tx.db.update(budgetLines).set(set).where(eq(budgetLines.id, id));
    await publishRecord(tx, budgetLineEntity, id);
  });
}

export async function deleteBudgetLine(ctx: Ctx, id: string): Promise<void> {
  await withTransaction(ctx, async (tx) => {
    const { line } = await lineWithBudget(tx, id, 'delete');
    await tx.db.delete(budgetLines).where(eq(budgetLines.id, id));
    await publishRecord(tx, budgetLineEntity, id, 'delete', line);
  });
}

/** A budget as the API shows it, with its lines in order. */
export async function budgetWithLines(ctx: Ctx, id: string): Promise<BudgetWithLines> {
  const budget = await readRecord(ctx, budgetEntity, id);
  const ids = await ctx.db.select({ id: budgetLines.id }).from(budgetLines).where(eq(budgetLines.budget_id, id)).orderBy(asc(budgetLines.line_no), asc(budgetLines.id));
  const lines: Row[] = [];
  for (const l of ids) lines.push(await readRecord(ctx, budgetLineEntity, l.id));
  return { ...budget, lines } as BudgetWithLines;
}

/** Replaces a budget's lines (publishing one signal for them). */
async function replaceLines(ctx: Ctx, budgetId: string, lines: readonly LineFields[]): Promise<void> {
  await ctx.db.delete(budgetLines).where(eq(budgetLines.budget_id, budgetId));
  await insertLines(ctx, budgetId, lines);
  onCommit(ctx, () => ctx.services.changes.publish({ entity: 'BudgetLine', type: 'update', id: '*', record: {}, timestamp: new Date().toISOString() }));
}

/**
 * saveBudget {id?, name, fiscal_year, fund_id, notes?, lines}: the budget grid's save, all or nothing: the header
 * and every line (the lines replace the budget's lines). A draft only.
 */
export const saveBudgetFn = defineFunction('saveBudget', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    let id = input.id;
    if (id) {
      await updateBudget(tx, id, { name: input.name, fiscal_year: input.fiscal_year, fund_id: input.fund_id, notes: input.notes ?? null });
    } else {
      id = await insertBudget(tx, input);
      await publishRecord(tx, budgetEntity, id, 'create');
    }
    await assertBudgetAccounts(tx, input.lines.map((l) => l.account_id));
    await replaceLines(tx, id, input.lines);
    return budgetWithLines(tx, id);
  });
}, { authorize: (ctx, raw) => requirePermission(ctx, 'chart_of_accounts', raw.id ? 'update' : 'create') });

/** saveBudget from server code (the demo), on the request's path. */
export const saveBudget = (ctx: Ctx, input: FunctionInput<'saveBudget'>) => callFunction(ctx, saveBudgetFn, input);

/**
 * copyBudget {budget_id | fund_id + from_fiscal_year, to_fiscal_year, name?}: copy-from-last-year. The source is
 * the given budget, or the fund's budget of from_fiscal_year (by default the year before); its lines go into a new
 * draft of the fund for to_fiscal_year, or into that year's draft when it exists and has no lines yet.
 */
export const copyBudget = defineFunction('copyBudget', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    let source: Row;
    if (input.budget_id) {
      source = await recordForActor(tx, budgetEntity, input.budget_id, 'read');
    } else {
      const fund = await referencedRecord(tx, fundEntity, input.fund_id!, 'Fund');
      const fromYear = input.from_fiscal_year ?? input.to_fiscal_year - 1;
      const [found] = await tx.db.select({ id: budgets.id }).from(budgets).where(and(eq(budgets.fund_id, fund.id as string), eq(budgets.fiscal_year, fromYear))).limit(1);
      if (!found) throw new NotFoundError(`The ${fund.name as string} fund has no budget for fiscal year ${fromYear} to copy from`);
      source = await recordForActor(tx, budgetEntity, found.id, 'read');
    }
    const fundId = input.fund_id ?? (source.fund_id as string);
    if (fundId === source.fund_id && input.to_fiscal_year === source.fiscal_year) throw new ValidationError('Copy to another fiscal year');
    const [target] = await tx.db.select({ id: budgets.id }).from(budgets).where(and(eq(budgets.fund_id, fundId), eq(budgets.fiscal_year, input.to_fiscal_year))).limit(1);
    let id: string;
    if (target) {
      const locked = await lockBudget(tx, target.id, 'update');
      assertDraft(locked);
      const [has] = await tx.db.select({ n: sql<number>`count(*)::int` }).from(budgetLines).where(eq(budgetLines.budget_id, target.id));
      if ((has?.n ?? 0) > 0) throw new ConflictError(`${locked.name as string} already has lines: remove them before copying`, 'budget_not_empty');
      id = target.id;
    } else {
      const fund = await referencedRecord(tx, fundEntity, fundId, 'Fund');
      id = await insertBudget(tx, { name: input.name ?? `${fund.name as string} budget ${input.to_fiscal_year}`, fiscal_year: input.to_fiscal_year, fund_id: fundId });
      await publishRecord(tx, budgetEntity, id, 'create');
    }
    const lines = await tx.db
      .select({ account_id: budgetLines.account_id, amounts: budgetLines.monthly_amounts, notes: budgetLines.notes })
      .from(budgetLines)
      .where(eq(budgetLines.budget_id, source.id as string))
      .orderBy(asc(budgetLines.line_no), asc(budgetLines.id));
    await insertLines(tx, id, lines);
    onCommit(tx, () => tx.services.changes.publish({ entity: 'BudgetLine', type: 'create', id: '*', record: {}, timestamp: new Date().toISOString() }));
    return budgetWithLines(tx, id);
  });
}, { authorize: (ctx) => requirePermission(ctx, 'chart_of_accounts', 'create') });

/** adoptBudget {budget_id}: the board's approval; the budget becomes read-only. Recorded in the audit log. */
export const adoptBudgetFn = defineFunction('adoptBudget', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    const budget = await lockBudget(tx, input.budget_id, 'update');
    if (budget.status === 'adopted') throw new ConflictError(`${budget.name as string} is already adopted`, 'budget_adopted');
    const [lines] = await tx.db.select({ n: sql<number>`count(*)::int` }).from(budgetLines).where(eq(budgetLines.budget_id, input.budget_id));
    if (!lines?.n) throw new ConflictError('Add at least one line before adopting the budget', 'budget_empty');
    await tx.db.update(budgets).set({ status: 'adopted', adopted_at: new Date(), adopted_by: tx.actor?.email ?? null }).where(eq(budgets.id, input.budget_id));
    await recordAudit(tx, { action: 'budget.adopted', target_type: 'Budget', target_id: input.budget_id, detail: { name: budget.name, fiscal_year: budget.fiscal_year, fund_id: budget.fund_id } });
    await publishRecord(tx, budgetEntity, input.budget_id);
    return budgetWithLines(tx, input.budget_id);
  });
}, { authorize: (ctx) => requirePermission(ctx, 'chart_of_accounts', 'update') });

/** adoptBudget from server code (the demo), on the request's path. */
export const adoptBudget = (ctx: Ctx, input: FunctionInput<'adoptBudget'>) => callFunction(ctx, adoptBudgetFn, input);

/** unadoptBudget {budget_id, reason}: back to draft so it can be changed; the reason goes to the audit log. */
export const unadoptBudget = defineFunction('unadoptBudget', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    const budget = await lockBudget(tx, input.budget_id, 'update');
    if (budget.status !== 'adopted') throw new ConflictError(`${budget.name as string} is not adopted`, 'budget_not_adopted');
    await tx.db.update(budgets).set({ status: 'draft', adopted_at: null, adopted_by: null }).where(eq(budgets.id, input.budget_id));
    await recordAudit(tx, {
      action: 'budget.unadopted', target_type: 'Budget', target_id: input.budget_id,
      detail: { name: budget.name, fiscal_year: budget.fiscal_year, fund_id: budget.fund_id, reason: input.reason, adopted_at: budget.adopted_at, adopted_by: budget.adopted_by },
    });
    await publishRecord(tx, budgetEntity, input.budget_id);
    return budgetWithLines(tx, input.budget_id);
  });
}, { authorize: (ctx) => requirePermission(ctx, 'chart_of_accounts', 'update') });
