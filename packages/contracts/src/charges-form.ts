import type { z } from 'zod';
import { assessmentScheduleInput, lateFeeRuleInput, lateFeeRuleProblem, scheduleProblem } from './charges.ts';

/** A whole-record rule (null when nothing is wrong) as a check that flags the field it names. */
const checkedBy = <T>(problemOf: (value: T) => { path: string; message: string } | null) => (value: T, ctx: z.RefinementCtx) => {
  const p = problemOf(value);
  if (p) ctx.addIssue({ code: 'custom', path: [p.path], message: p.message });
};

/**
 * The Add/Edit Schedule form: the schedule (its optional per-unit amount left blank means none, so the basis rules
 * say what is missing, not "Amount is required"), checked by the schedule's own rules.
 */
export const assessmentScheduleForm = assessmentScheduleInput.superRefine(checkedBy(scheduleProblem));

/** The Add/Edit Late Fee Rule form: the rule, its optional percentages blank meaning none, checked by the rule's own rules. */
export const lateFeeRuleForm = lateFeeRuleInput.superRefine(checkedBy(lateFeeRuleProblem));
