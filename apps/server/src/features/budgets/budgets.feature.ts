import type { Feature } from '../../platform/registry.ts';
import { applyAssessment, previewAssessment } from './assessments.service.ts';
import { adoptBudget, copyBudget, saveBudget, unadoptBudget } from './budget.commands.ts';
import { budgetVsActualReport } from './budget-vs-actual.ts';
import { budgetEntity, budgetLineEntity } from './budgets.entities.ts';
import { plansBackupStep } from './budgets.backup.ts';

const setup = 'chart of accounts read_write (administrators, property managers)';

/** Budgets (read under reports, written under the chart of accounts), budget vs actual, and the assessment calculator. */
export const budgetsFeature: Feature = {
  name: 'budgets',
  backup: [plansBackupStep],
  entities: [budgetEntity, budgetLineEntity],
  functions: [
    { name: 'saveBudget', access: setup, handler: saveBudget },
    { name: 'copyBudget', access: setup, handler: copyBudget },
    { name: 'adoptBudget', access: setup, handler: adoptBudget },
    { name: 'unadoptBudget', access: setup, handler: unadoptBudget },
    { name: 'previewAssessment', access: 'reports read and properties read (administrators, property managers)', handler: previewAssessment },
    { name: 'applyAssessment', access: 'reports read and properties read_write (administrators, property managers)', handler: applyAssessment },
  ],
  reports: [budgetVsActualReport],
};
