import { asc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { budgetInput, monthlyAmounts, reserveComponentCreate } from '@covenant/contracts/entities';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { budgetLines, budgets, reserveComponents } from '@covenant/db/schema/budgets';
import type { Ctx } from '../../lib/context.ts';
import { backupJsonSchema, type BackupData, type BackupStep, type IdMaps } from '../../platform/backup/backup-step.ts';
import { ValidationError } from '../../lib/errors.ts';
import { insertRestoredBudget } from './budget.commands.ts';

/**
 * Budgets (with their lines, status and months) and reserve components in a backup file, beyond the spec's
 * collections: the association's plans belong to it as much as its books. A restore writes them under the same
 * rules as the screens (one budget per fund and year, lines on revenue and expense accounts), funds and accounts
 * remapped.
 */

async function backupPlans(ctx: Ctx) {
  const budgetRows = await ctx.db.select().from(budgets).orderBy(asc(budgets.fiscal_year), asc(budgets.created_date), asc(budgets.id));
  const lineRows = budgetRows.length
    ? await ctx.db.select().from(budgetLines).where(inArray(budgetLines.budget_id, budgetRows.map((b) => b.id))).orderBy(asc(budgetLines.budget_id), asc(budgetLines.line_no))
    : [];
  const components = await ctx.db.select().from(reserveComponents).orderBy(asc(reserveComponents.created_date), asc(reserveComponents.id));
  return {
    budgets: budgetRows.map((b) => ({
      id: b.id, name: b.name, fiscal_year: b.fiscal_year, fund_id: b.fund_id, notes: b.notes, status: b.status, start_month: b.start_month,
      adopted_at: b.adopted_at?.toISOString() ?? null, adopted_by: b.adopted_by,
      lines: lineRows.filter((l) => l.budget_id === b.id).map((l) => ({ account_id: l.account_id, amounts: l.monthly_amounts.map((a) => Number(a)), notes: l.notes })),
    })),
    reserveComponents: components.map((c) => ({
      id: c.id, name: c.name, category: c.category, useful_life_years: c.useful_life_years, remaining_life_years: c.remaining_life_years,
      current_replacement_cost: Number(c.current_replacement_cost), inflation_rate: Number(c.inflation_rate), notes: c.notes,
    })),
  };
}

const budgetRecord = budgetInput.extend({
  status: z.enum(['draft', 'adopted']).default('draft'),
  start_month: z.number().int().min(1).max(12),
  adopted_at: z.iso.datetime({ offset: true }).nullable().optional(),
  adopted_by: z.string().max(254).nullable().optional(),
  lines: z.array(z.object({ account_id: z.string().min(1), amounts: monthlyAmounts, notes: z.string().max(1000).nullable().optional() })).max(1000).default([]),
});
const budgetsBackupSchema = budgetRecord.extend({ id: z.string().optional() });
const reserveComponentsBackupSchema = z.object({ id: z.string().optional() }).and(reserveComponentCreate);

function list(data: Record<string, unknown>, key: string): unknown[] {
  const v = data[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new ValidationError(`Backup ${key}: must be a list`);
  return v;
}

const issues = (e: z.ZodError) => e.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

/** Writes the file's budgets and reserve components; runs in the restore's transaction, after funds and accounts. */
async function restorePlans(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>> {
  const maps = { account: ids.of('chart_of_accounts'), fund: ids.of('funds') };
  let budgetCount = 0;
  for (const [i, raw] of list(data, 'budgets').entries()) {
    const where = `budgets #${i + 1}`;
    const { id: _id, ...rest } = (raw ?? {}) as Record<string, unknown>;
    const parsed = budgetRecord.safeParse({ ...rest, fund_id: maps.fund.get(String(rest.fund_id)) ?? rest.fund_id });
    if (!parsed.success) throw new ValidationError(`Backup ${where}: ${issues(parsed.error)}`);
    const b = parsed.data;
    if (![...maps.fund.values()].includes(b.fund_id)) throw new ValidationError(`Backup ${where}: fund_id ${String(rest.fund_id)} does not match any fund in the file`);
    const lines = b.lines.map((l, n) => {
      const account = maps.account.get(l.account_id);
      if (!account) throw new ValidationError(`Backup ${where}: line ${n + 1}'s account_id ${l.account_id} does not match any account in the file`);
      return { account_id: account, amounts: l.amounts.map((a) => centsToDecimal(toCents(a))), notes: l.notes ?? null };
    });
    try {
      await insertRestoredBudget(tx, { name: b.name, fiscal_year: b.fiscal_year, fund_id: b.fund_id, notes: b.notes ?? null, status: b.status, start_month: b.start_month, adopted_at: b.adopted_at ? new Date(b.adopted_at) : null, adopted_by: b.adopted_by ?? null }, lines);
    } catch (err) {
      if (err instanceof ValidationError || (err as { status?: number }).status === 409) throw new ValidationError(`Backup ${where} (${b.name}): ${(err as Error).message}`);
      throw err;
    }
    budgetCount++;
  }
  const components = list(data, 'reserveComponents').map((raw, i) => {
    const { id: _id, ...rest } = (raw ?? {}) as Record<string, unknown>;
    const parsed = reserveComponentCreate.safeParse(rest);
    if (!parsed.success) throw new ValidationError(`Backup reserveComponents #${i + 1}: ${issues(parsed.error)}`);
    const c = parsed.data;
    return {
      id: newId(), name: c.name, category: c.category ?? null, useful_life_years: c.useful_life_years, remaining_life_years: c.remaining_life_years,
      current_replacement_cost: centsToDecimal(toCents(c.current_replacement_cost)), inflation_rate: String(c.inflation_rate ?? 0), notes: c.notes ?? null, created_by: tx.actor?.email ?? null,
    };
  });
  if (components.length) await tx.db.insert(reserveComponents).values(components);
  return { budgets: budgetCount, reserveComponents: components.length };
}


/** Budgets (with their lines) and reserve components: the association's plans. */
export const plansBackupStep: BackupStep = {
  name: 'plans',
  order: 30,
  tables: ['budgets', 'budget_lines', 'reserve_components'],
  collections: {
    budgets: { entity: 'Budget', schema: backupJsonSchema(budgetsBackupSchema) },
    reserveComponents: { entity: 'ReserveComponent', schema: backupJsonSchema(reserveComponentsBackupSchema) },
  },
  backup: backupPlans,
  restore: restorePlans,
};
