import { defineFunction } from '../../platform/functions/define-function.ts';
import { asc, eq } from 'drizzle-orm';
import { allocateAssessment, monthlyNeedCents, MONTHS_PER_YEAR } from '@covenant/contracts/budgets';
import { assessmentInput } from '@covenant/contracts/entities';
import { centsToDecimal, centsToNumber, toCents } from '@covenant/contracts/money';
import { properties } from '@covenant/db/schema/community';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import { budgetLineCents } from './budget-vs-actual.ts';
import { budgetEntity } from './budgets.entities.ts';

type AssessmentInput = ReturnType<typeof assessmentInput.parse>;

/**
 * The calculator: an adopted budget's yearly income need (the budgeted revenue of the chosen assessment accounts,
 * or the budgeted expenses less the other income), made monthly (rounded up to the cent so twelve months cover it)
 * and shared among every unit by the basis, odd cents by largest remainder so the units add up to it exactly.
 */
async function calculate(ctx: Ctx, input: AssessmentInput, lock = false) {
  const budget = await referencedRecord(ctx, budgetEntity, input.budget_id, 'Budget');
  if (budget.status !== 'adopted') throw new ConflictError(`${budget.name as string} is not adopted: the calculator works from an adopted budget`, 'budget_not_adopted');
  const lines = await budgetLineCents(ctx, budget.id as string);
  const chosen = new Set(input.account_ids ?? []);
  for (const id of chosen) {
    if (!lines.some((l) => l.account_id === id && l.account_type === 'revenue')) throw new ValidationError('Each assessment account must be a revenue line of the budget');
  }
  const sum = (pick: (l: (typeof lines)[number]) => boolean) => lines.filter(pick).reduce((s, l) => s + l.annual, 0);
  const assessmentRevenue = sum((l) => chosen.has(l.account_id));
  const expenses = sum((l) => l.account_type === 'expense');
  const otherIncome = sum((l) => l.account_type === 'revenue' && !chosen.has(l.account_id));
  const annualNeed = input.need === 'revenue_accounts' ? assessmentRevenue : expenses - otherIncome;
  if (annualNeed < 0) throw new ValidationError('The budget\'s other income covers its expenses: there is nothing to assess');
  const monthlyNeed = monthlyNeedCents(annualNeed);

  const q = ctx.db
    .select({ id: properties.id, property_id: properties.property_id, unit_number: properties.unit_number, square_footage: properties.square_footage, assessment_share: properties.assessment_share, monthly_hoa_fee: properties.monthly_hoa_fee })
    .from(properties)
    .orderBy(asc(properties.property_id));
  const units = lock ? await q.for('update') : await q;
  let shares: Array<{ id: string; cents: number }>;
  try {
    shares = allocateAssessment(monthlyNeed, units.map((u) => ({ ...u, id: u.id })), input.basis);
  } catch (err) {
    if (!(err instanceof RangeError)) throw err;
    const unit = units.find((u) => err.message.includes(u.id));
    throw new ValidationError(unit ? err.message.replace(`Unit ${unit.id}`, `Unit ${unit.unit_number} (${unit.property_id})`) : err.message);
  }
  const shareTotal = units.reduce((s, u) => s + (u.assessment_share ? Number(u.assessment_share) : 0), 0);
  return {
    budget,
    figures: { assessmentRevenue, expenses, otherIncome, annualNeed, monthlyNeed },
    result: {
      budget: { id: budget.id as string, name: budget.name as string, fiscal_year: budget.fiscal_year as number, fund_id: budget.fund_id as string },
      basis: input.basis,
      need: input.need,
      account_ids: [...chosen],
      assessment_revenue: centsToNumber(assessmentRevenue),
      budgeted_expenses: centsToNumber(expenses),
      other_income: centsToNumber(otherIncome),
      annual_need: centsToNumber(annualNeed),
      monthly_need: centsToNumber(monthlyNeed),
      /** Twelve months of the monthly need: at most 11 cents over the annual need. */
      annual_billed: centsToNumber(monthlyNeed * MONTHS_PER_YEAR),
      share_total: Math.round(shareTotal * 1e6) / 1e6,
      units: units.map((u, i) => ({
        id: u.id, property_id: u.property_id, unit_number: u.unit_number, square_footage: u.square_footage,
        assessment_share: u.assessment_share === null ? null : Number(u.assessment_share),
        current_fee: u.monthly_hoa_fee === null ? null : Number(u.monthly_hoa_fee),
        monthly_fee: centsToNumber(shares[i]!.cents),
        annual_fee: centsToNumber(shares[i]!.cents * MONTHS_PER_YEAR),
      })),
      total_monthly: centsToNumber(shares.reduce((s, x) => s + x.cents, 0)),
    },
    shares,
  };
}

/** previewAssessment {budget_id, basis, need, account_ids?}: the per-unit amounts, nothing written. */
export const previewAssessment = defineFunction('previewAssessment', async (ctx, input) => (await calculate(ctx, input)).result, {
  authorize: async (ctx) => {
    await requirePermission(ctx, 'reports', 'read');
    await requirePermission(ctx, 'properties', 'read');
  },
});

/**
 * applyAssessment {budget_id, basis, need, account_ids?}: computes again on the server and sets every unit's
 * monthly HOA fee (what the monthly billing run bills) in one transaction; recorded in the audit log.
 */
export const applyAssessment = defineFunction('applyAssessment', async (ctx, input) => {
  return withTransaction(ctx, async (tx) => {
    const { result, shares, figures } = await calculate(tx, input, true);
    const changed = shares.filter((s, i) => toCents(result.units[i]!.current_fee ?? 0) !== s.cents || result.units[i]!.current_fee === null);
    for (const s of changed) {
      await tx.db.update(properties).set({ monthly_hoa_fee: centsToDecimal(s.cents) }).where(eq(properties.id, s.id));
    }
    await recordAudit(tx, {
      action: 'assessment.applied', target_type: 'Budget', target_id: result.budget.id as string,
      detail: { basis: input.basis, need: input.need, account_ids: result.account_ids, annual_need: centsToNumber(figures.annualNeed), monthly_need: result.monthly_need, units: shares.length, changed: changed.length },
    });
    // Many units at once: one signal that names none, so every reader refetches.
    onCommit(tx, () => tx.services.changes.publish({ entity: 'Property', type: 'update', id: '*', record: {}, timestamp: new Date().toISOString() }));
    return { ...result, changed: changed.length };
  });
}, {
  authorize: async (ctx) => {
    await requirePermission(ctx, 'reports', 'read');
    await requirePermission(ctx, 'properties', 'update');
  },
});
