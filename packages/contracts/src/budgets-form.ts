import { z } from 'zod';
import { budgetInput } from './entities.ts';

/** The New Budget dialog: the budget's name, year and fund, and whether it starts from last year's lines. */
export const newBudgetForm = budgetInput.pick({ name: true, fiscal_year: true, fund_id: true }).extend({ copy_last_year: z.boolean() });
