import { describe, expect, it } from 'vitest';
import { assessmentScheduleForm, lateFeeRuleForm } from './charges-form.ts';

const ITEM = 'a'.repeat(24);
const messages = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message) ?? [];

const schedule = {
  name: 'Dues', product_id: ITEM, fund_id: '', frequency: 'monthly', amount_basis: 'fixed', amount: '', total_amount: '', allocation_method: null,
  start_date: '2031-01-01', end_date: '', invoice_day: '1', due_days: '15', installments: '1', notes: '',
} as const;

const rule = {
  name: 'Late', grace_days: '5', fee_type: 'greater_of', fixed_amount: '20', percent: '10', max_amount: '', min_balance: '', annual_interest_rate: '',
  product_ids: [ITEM], late_fee_product_id: ITEM,
} as const;

describe('the Add/Edit Schedule form', () => {
  it('says what a blank amount misses for its basis, not that the field is required', () => {
    expect(messages(assessmentScheduleForm.safeParse(schedule))).toEqual(['Enter the amount each unit is charged']);
    expect(messages(assessmentScheduleForm.safeParse({ ...schedule, amount_basis: 'per_sqft' }))).toEqual(['Enter the amount per square foot']);
  });

  it('sends numbers and nulls: a blank fund (the item\'s) and a blank amount of a basis without one', () => {
    const parsed = assessmentScheduleForm.parse({ ...schedule, amount_basis: 'unit_fee' });
    expect(parsed).toMatchObject({ fund_id: null, amount: null, total_amount: null, invoice_day: 1, due_days: 15, installments: 1 });
    expect(assessmentScheduleForm.parse({ ...schedule, amount: '12.50' }).amount).toBe(12.5);
  });

  it('keeps the cross-field rules: installments only for a one-time assessment, the end not before the start', () => {
    expect(messages(assessmentScheduleForm.safeParse({ ...schedule, amount: '10', installments: '3' }))).toEqual(['Installments are for a one-time (special) assessment']);
    expect(messages(assessmentScheduleForm.safeParse({ ...schedule, amount: '10', end_date: '2030-12-31' }))).toEqual(['End date cannot be before the start date']);
  });
});

describe('the Add/Edit Late Fee Rule form', () => {
  it('takes blank percentages as none', () => {
    expect(lateFeeRuleForm.parse({ ...rule, fee_type: 'fixed', percent: '' })).toMatchObject({ percent: null, annual_interest_rate: null, fixed_amount: 20 });
  });

  it('says which part of the fee is missing and that an item must be chosen', () => {
    expect(messages(lateFeeRuleForm.safeParse({ ...rule, percent: '' }))).toEqual(['Enter the percent of the balance']);
    expect(messages(lateFeeRuleForm.safeParse({ ...rule, product_ids: [] }))).toEqual(['Choose at least one item the rule applies to']);
  });
});
