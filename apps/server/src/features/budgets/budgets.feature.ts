import type { Feature } from '../../platform/registry.ts';
import { applyAssessment, previewAssessment } from './assessments.service.ts';
import { adoptBudgetFn, copyBudget, saveBudgetFn, unadoptBudget } from './budget.commands.ts';
import { budgetVsActualReport } from './budget-vs-actual.ts';
import { budgetEntity, budgetLineEntity } from './budgets.entities.ts';
import { plansBackupStep } from './budgets.backup.ts';

/** Budgets (read under reports, written under the chart of accounts), budget vs actual, and the assessment calculator. */
export const budgetsFeature: Feature = {
  name: 'budgets',
  backup: [plansBackupStep],
  entities: [budgetEntity, budgetLineEntity],
  functions: [saveBudgetFn, copyBudget, adoptBudgetFn, unadoptBudget, previewAssessment, applyAssessment],
  reports: [budgetVsActualReport],
};
