import { describe, expect, it } from 'vitest';
import {
  achReturnInput, bankAccountInput, bankRuleInput, csvMappingSchema, matchBankLineInput, matchBankLinesAnswer, setClearedInput,
  startReconciliationInput, statementImportAnswer,
} from './banking.ts';

const message = (result: { error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((i) => i.message).join('; ');
const ID = 'a'.repeat(24);
const ID2 = 'b'.repeat(24);

describe('CSV mapping', () => {
  it('takes one amount column, or debit and credit columns', () => {
    expect(csvMappingSchema.parse({ date: 'Date', amount: 'Amount', date_format: 'MM/DD/YYYY' })).toMatchObject({ date: 'Date', amount: 'Amount' });
    expect(csvMappingSchema.parse({ date: 'Posting Date', debit: 'Debit', credit: 'Credit', description: 'Description', reference: 'Ref', check_number: 'Check #', date_format: 'DD/MM/YYYY' }))
      .toMatchObject({ debit: 'Debit', credit: 'Credit', check_number: 'Check #' });
    expect(csvMappingSchema.parse({ date: 'Date', amount: 'Amount', debit: '', credit: '', date_format: 'YYYY-MM-DD' }).debit).toBeNull();
  });
  it.each([
    [{ date: 'Date', date_format: 'MM/DD/YYYY' }, 'Map the amount column, or the debit and credit columns'],
    [{ date: 'Date', debit: 'Debit', date_format: 'MM/DD/YYYY' }, 'Map both the debit and the credit columns'],
    [{ date: 'Date', credit: 'Credit', date_format: 'MM/DD/YYYY' }, 'Map both the debit and the credit columns'],
    [{ date: 'Date', amount: 'Amount', debit: 'Debit', credit: 'Credit', date_format: 'MM/DD/YYYY' }, 'Map either one amount column or the debit and credit columns, not both'],
    [{ date: '', amount: 'Amount', date_format: 'MM/DD/YYYY' }, 'The date column is required'],
    [{ date: 'Date', amount: 'Amount', date_format: 'M/D/Y' }, 'Date format must be one of: MM/DD/YYYY, DD/MM/YYYY, YYYY-MM-DD, MM/DD/YY, DD/MM/YY, YYYYMMDD'],
    [{ date: 'Date', amount: 'Amount' }, 'Date format is required'],
  ])('%j is refused: %s', (input, expected) => {
    expect(message(csvMappingSchema.safeParse(input))).toBe(expected);
  });
  it('refuses unknown keys', () => {
    expect(csvMappingSchema.safeParse({ date: 'Date', amount: 'Amount', date_format: 'MM/DD/YYYY', payee: 'Payee' }).success).toBe(false);
  });
});

describe('bank account input', () => {
  const base = { name: 'Operating', account_id: ID, fund_id: ID2, bank_name: 'First Bank', account_type: 'checking' };
  it('accepts an account without numbers (reconciliation only) and with them', () => {
    expect(bankAccountInput.parse(base)).toMatchObject({ name: 'Operating' });
    expect(bankAccountInput.parse({ ...base, routing_number: '021000021', account_number: '1234 5678-90' })).toMatchObject({ routing_number: '021000021', account_number: '1234567890' });
  });
  it('refuses a routing number that fails the ABA check, with the reason', () => {
    expect(message(bankAccountInput.safeParse({ ...base, routing_number: '021000022' }))).toBe(
      "Routing number 021000022 is not valid: its last digit should be 1 by the ABA check (weights 3, 7, 1). Check it against a check or the bank's website",
    );
  });
  it.each([
    [{ account_number: '123' }, 'Account number must be 4 to 17 digits or letters'],
    [{ account_number: '123456789012345678' }, 'Account number must be 4 to 17 digits or letters'],
    [{ account_number: '12#45' }, 'Account number must be 4 to 17 digits or letters'],
    [{ account_type: 'money_market' }, 'Account type must be one of: checking, savings'],
    [{ ach_company_id: '1234567890' }, 'ACH needs the company ID, the company name and the originating bank routing number together; ACH needs the company ID, the company name and the originating bank routing number together'],
    [{ ach_company_id: '12345678901', ach_company_name: 'HOA', ach_odfi_routing_number: '021000021' }, 'ACH company ID must be 1 to 10 digits or letters'],
    [{ ach_company_id: '1234567890', ach_company_name: 'Maple Grove Homeowners', ach_odfi_routing_number: '021000021' }, 'ACH company name must be at most 16 characters (the bank file has 16)'],
    [{ ach_company_id: '1234567890', ach_company_name: 'Maple Grove', ach_odfi_routing_number: '021000020' }, "ACH originating bank routing number 021000020 is not valid: its last digit should be 1 by the ABA check (weights 3, 7, 1). Check it against a check or the bank's website"],
  ])('%j is refused: %s', (extra, expected) => {
    expect(message(bankAccountInput.safeParse({ ...base, ...extra }))).toBe(expected);
  });
  it('takes the three ACH fields together, upper-casing the company id', () => {
    expect(bankAccountInput.parse({ ...base, ach_company_id: '1ab4567890', ach_company_name: 'Maple Grove', ach_odfi_routing_number: '121000358' }))
      .toMatchObject({ ach_company_id: '1AB4567890', ach_odfi_routing_number: '121000358' });
  });
  it('refuses fields it does not know (no account_last4 from the client)', () => {
    expect(bankAccountInput.safeParse({ ...base, account_last4: '1234' }).success).toBe(false);
  });
});

describe('bank rule input', () => {
  const base = { name: 'Service fees', description_contains: 'SERVICE FEE', account_id: ID, fund_id: ID2 };
  it('bounds are signed and optional', () => {
    expect(bankRuleInput.parse({ ...base, amount_min: -50, amount_max: '0' })).toMatchObject({ amount_min: -50, amount_max: 0 });
    expect(bankRuleInput.parse({ ...base, amount_min: '', amount_max: null })).toMatchObject({ amount_min: null, amount_max: null });
  });
  it.each([
    [{ amount_min: 10, amount_max: 5 }, 'Largest amount must not be below the smallest amount'],
    [{ amount_min: '1.234' }, 'Smallest amount must have at most 2 decimal places'],
    [{ description_contains: ' ' }, 'Description contains is required'],
    [{ account_id: 'x' }, 'Account must be a record id'],
  ])('%j is refused: %s', (extra, expected) => {
    expect(message(bankRuleInput.safeParse({ ...base, ...extra }))).toBe(expected);
  });
});

describe('answers and commands', () => {
  it('the import answer carries nullable balances', () => {
    const answer = { statement_id: ID, format: 'ofx', lines_imported: 3, duplicates_skipped: 1, period_start: '2026-11-01', period_end: '2026-11-30', opening_balance: null, closing_balance: 12.5, warnings: [] };
    expect(statementImportAnswer.parse(answer)).toEqual(answer);
    expect(statementImportAnswer.safeParse({ ...answer, format: 'pdf' }).success).toBe(false);
  });
  it('the matching answer lists candidates with their date and reference', () => {
    const answer = {
      matched: [{ line_id: 'l1', rule: 'deposit_group', payment_ids: ['p1', 'p2'] }, { line_id: 'l2', rule: 'bank_rule', rule_id: 'r1' }],
      ambiguous: [{ line_id: 'l3', candidates: [{ kind: 'payment', id: 'p3', date: '2026-11-02', amount: 250, reference: 'PMT-1' }] }],
      unmatched: ['l4'],
    };
    expect(matchBankLinesAnswer.parse(answer)).toEqual(answer);
    expect(matchBankLinesAnswer.safeParse({ ...answer, matched: [{ line_id: 'l1', rule: 'guess' }] }).success).toBe(false);
  });
  it('a manual match needs at least one document', () => {
    expect(message(matchBankLineInput.safeParse({ line_id: ID }))).toBe('Choose at least one payment, bill payment or journal entry');
    expect(matchBankLineInput.parse({ line_id: ID, payment_ids: [ID2] })).toEqual({ line_id: ID, payment_ids: [ID2] });
  });
  it('a reconciliation starts on a statement date with a signed ending balance', () => {
    expect(startReconciliationInput.parse({ bank_account_id: ID, statement_date: '2026-11-30', ending_balance: '-12.34' }).ending_balance).toBe(-12.34);
    expect(message(startReconciliationInput.safeParse({ bank_account_id: ID, statement_date: '2026-11-31', ending_balance: 1 }))).toBe('Statement date must be a date (YYYY-MM-DD)');
    expect(message(setClearedInput.safeParse({ reconciliation_id: ID, journal_line_ids: [], cleared: true }))).toBe('Choose at least one posting');
  });
  it('an ACH return given by hand', () => {
    expect(achReturnInput.parse({ trace_number: '121000350000001', return_code: 'r01', date: '2026-12-05' })).toMatchObject({ return_code: 'R01' });
    expect(message(achReturnInput.safeParse({ trace_number: '12100035000000', return_code: 'R01', date: '2026-12-05' }))).toBe('Trace number must be 15 digits');
    expect(message(achReturnInput.safeParse({ trace_number: '121000350000001', return_code: 'X1', date: '2026-12-05' }))).toBe('Return code must be R and two digits, such as R01');
  });
});
