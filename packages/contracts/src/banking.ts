import { z } from 'zod';
import { routingNumberProblem } from './aba.ts';
import { blankAsNull, decimal, enumOf, isoDate, optText, recordId, reqText } from './fields.ts';

export const STATEMENT_FORMATS = ['ofx', 'qfx', 'camt053', 'bai2', 'csv'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** Date layouts a CSV statement may use; `/`, `-` and `.` are accepted for one another, days and months may drop a leading zero. */
export const CSV_DATE_FORMATS = ['MM/DD/YYYY', 'DD/MM/YYYY', 'YYYY-MM-DD', 'MM/DD/YY', 'DD/MM/YY', 'YYYYMMDD'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

export const BANK_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export const BANK_LINE_STATUSES = ['unmatched', 'matched', 'excluded'] as const;
/** The matching passes, in the order they run, and a person's own match. */
export const MATCH_RULES = ['ach_batch', 'ach_trace', 'check_number', 'deposit_group', 'amount_date', 'bank_rule', 'manual'] as const;
export const MATCH_CANDIDATE_KINDS = ['payment', 'bill_payment', 'journal_entry', 'ach_batch', 'ach_entry', 'bank_rule'] as const;

const MAX_SIGNED = 999_999_999_999.99;
/** A signed amount (a balance can be overdrawn, a bank rule's bounds can be below zero). */
export const signedMoney = (label: string) => decimal(label, { min: -MAX_SIGNED, max: MAX_SIGNED, places: 2 });

/** A nine-digit ABA routing number whose check digit is right. */
export const routingNumber = (label = 'Routing number') =>
  z.string({ error: `${label} is required` }).transform((value, ctx) => {
    const problem = routingNumberProblem(value, label);
    if (problem) {
      ctx.issues.push({ code: 'custom', input: value, message: problem });
      return z.NEVER;
    }
    return value.trim();
  });

/** A bank account number as printed on a check: 4 to 17 digits or letters (spaces and hyphens are dropped). */
export const bankAccountNumber = (label = 'Account number') =>
  z.string({ error: `${label} is required` }).transform((value, ctx) => {
    const s = value.replace(/[\s-]/g, '');
    if (/^[0-9A-Za-z]{4,17}$/.test(s)) return s.toUpperCase();
    ctx.issues.push({
      code: 'custom',
      input: value,
      message: s === '' ? `${label} is required` : `${label} must be 4 to 17 digits or letters`,
    });
    return z.NEVER;
  });

/** Which columns of a CSV statement hold what: each value but the date format is a column header. */
export const csvMappingSchema = z
  .strictObject({
    date: reqText('The date column', 100),
    amount: blankAsNull(reqText('The amount column', 100)),
    debit: blankAsNull(reqText('The debit column', 100)),
    credit: blankAsNull(reqText('The credit column', 100)),
    description: blankAsNull(reqText('The description column', 100)),
    reference: blankAsNull(reqText('The reference column', 100)),
    check_number: blankAsNull(reqText('The check number column', 100)),
    date_format: enumOf('Date format', CSV_DATE_FORMATS),
  })
  .check((ctx) => {
    const m = ctx.value;
    const hasAmount = Boolean(m.amount);
    const hasSplit = Boolean(m.debit) || Boolean(m.credit);
    if (hasAmount && hasSplit) {
      ctx.issues.push({ code: 'custom', input: m, path: ['amount'], message: 'Map either one amount column or the debit and credit columns, not both' });
    } else if (!hasAmount && !(m.debit && m.credit)) {
      ctx.issues.push({
        code: 'custom',
        input: m,
        path: [hasSplit ? (m.debit ? 'credit' : 'debit') : 'amount'],
        message: hasSplit ? 'Map both the debit and the credit columns' : 'Map the amount column, or the debit and credit columns',
      });
    }
  });
export type CsvMapping = z.infer<typeof csvMappingSchema>;

const ACH_FIELDS = ['ach_company_id', 'ach_company_name', 'ach_odfi_routing_number'] as const;

/** The fields of a bank account as it is written; the ACH settings go together (bankAccountInput, and on update). */
export const bankAccountFields = z.strictObject({
  name: reqText('Name', 100),
  account_id: recordId('Cash account'),
  fund_id: recordId('Fund'),
  bank_name: reqText('Bank name', 100),
  routing_number: blankAsNull(routingNumber()),
  /** Write-only: stored encrypted (needs BANK_ENCRYPTION_KEY), read back only as account_last4. */
  account_number: blankAsNull(bankAccountNumber()),
  account_type: enumOf('Account type', BANK_ACCOUNT_TYPES),
  /** The company identification the bank assigned for ACH (often "1" and the association's EIN). */
  ach_company_id: blankAsNull(
    z.string().trim().regex(/^[0-9A-Za-z]{1,10}$/, 'ACH company ID must be 1 to 10 digits or letters').transform((s) => s.toUpperCase()),
  ),
  ach_company_name: blankAsNull(z.string().trim().min(1, 'ACH company name is required').max(16, 'ACH company name must be at most 16 characters (the bank file has 16)')),
  ach_odfi_routing_number: blankAsNull(routingNumber('ACH originating bank routing number')),
});

/** Which ACH settings a bank account lacks when it has some but not all three (each names the rule). */
export function achSettingsProblems(value: Partial<Record<(typeof ACH_FIELDS)[number], unknown>>): Array<(typeof ACH_FIELDS)[number]> {
  const given = ACH_FIELDS.filter((f) => value[f]);
  if (given.length === 0 || given.length === ACH_FIELDS.length) return [];
  return ACH_FIELDS.filter((x) => !value[x]);
}
export const ACH_SETTINGS_MESSAGE = 'ACH needs the company ID, the company name and the originating bank routing number together';

export const bankAccountInput = bankAccountFields.check((ctx) => {
  for (const f of achSettingsProblems(ctx.value)) ctx.issues.push({ code: 'custom', input: ctx.value, path: [f], message: ACH_SETTINGS_MESSAGE });
});
/** A change of a bank account: any of its fields (the server checks the ACH settings on the account as changed). */
export const bankAccountUpdate = bankAccountFields.partial();
export type BankAccountInput = z.infer<typeof bankAccountInput>;

/** A bank account as the API answers it: the account number only as its last four characters. */
export const bankAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  account_id: z.string(),
  fund_id: z.string(),
  bank_name: z.string(),
  routing_number: z.string().nullable(),
  account_last4: z.string().nullable(),
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  ach_company_id: z.string().nullable(),
  ach_company_name: z.string().nullable(),
  ach_odfi_routing_number: z.string().nullable(),
});

/** A rule for lines no document explains (fees, interest): bounds are on the signed amount, so a fee rule reads -50 to 0. */
export const bankRuleFields = z.strictObject({
  name: reqText('Name', 100),
  description_contains: reqText('Description contains', 200),
  amount_min: blankAsNull(signedMoney('Smallest amount')),
  amount_max: blankAsNull(signedMoney('Largest amount')),
  account_id: recordId('Account'),
  fund_id: recordId('Fund'),
});
/** A change of a rule: any of its fields (the server checks the bounds on the rule as changed). */
export const bankRuleUpdate = bankRuleFields.partial();
export const bankRuleInput = bankRuleFields
  .check((ctx) => {
    const { amount_min: min, amount_max: max } = ctx.value;
    if (min !== null && min !== undefined && max !== null && max !== undefined && min > max) {
      ctx.issues.push({ code: 'custom', input: ctx.value, path: ['amount_max'], message: 'Largest amount must not be below the smallest amount' });
    }
  });
export type BankRuleInput = z.infer<typeof bankRuleInput>;

/** What a statement import answers; balances are null when the file has none. */
export const statementImportAnswer = z.object({
  statement_id: z.string(),
  format: z.enum(STATEMENT_FORMATS),
  lines_imported: z.number().int(),
  duplicates_skipped: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  opening_balance: z.number().nullable(),
  closing_balance: z.number().nullable(),
  warnings: z.array(z.string()),
});
export type StatementImportAnswer = z.infer<typeof statementImportAnswer>;

export const matchBankLinesInput = z.strictObject({
  bank_account_id: recordId('Bank account'),
  dry_run: z.boolean({ error: 'Dry run must be true or false' }).optional(),
});

const ids = (label: string) => z.array(recordId(label), { error: `${label} must be a list of ids` });

/** A candidate a line could be matched to, with what a person needs to choose (date and reference). */
export const matchCandidateSchema = z.object({
  kind: z.enum(MATCH_CANDIDATE_KINDS),
  id: z.string(),
  date: z.string(),
  amount: z.number(),
  reference: z.string().nullable(),
});
export type MatchCandidate = z.infer<typeof matchCandidateSchema>;

export const matchBankLinesAnswer = z.object({
  matched: z.array(
    z.object({
      line_id: z.string(),
      rule: z.enum(MATCH_RULES),
      payment_ids: z.array(z.string()).optional(),
      bill_payment_ids: z.array(z.string()).optional(),
      journal_entry_ids: z.array(z.string()).optional(),
      rule_id: z.string().optional(),
    }),
  ),
  ambiguous: z.array(z.object({ line_id: z.string(), candidates: z.array(matchCandidateSchema) })),
  unmatched: z.array(z.string()),
});
export type MatchBankLinesAnswer = z.infer<typeof matchBankLinesAnswer>;

/** A person's match: the documents' amounts must add up to the line (checked by the server). */
export const matchBankLineInput = z
  .strictObject({
    line_id: recordId('Bank line'),
    payment_ids: ids('Payments').optional(),
    bill_payment_ids: ids('Bill payments').optional(),
    journal_entry_ids: ids('Journal entries').optional(),
  })
  .check((ctx) => {
    const v = ctx.value;
    if ((v.payment_ids?.length ?? 0) + (v.bill_payment_ids?.length ?? 0) + (v.journal_entry_ids?.length ?? 0) === 0) {
      ctx.issues.push({ code: 'custom', input: v, path: ['payment_ids'], message: 'Choose at least one payment, bill payment or journal entry' });
    }
  });
export const unmatchBankLineInput = z.strictObject({ line_id: recordId('Bank line') });
export const excludeBankLineInput = z.strictObject({ line_id: recordId('Bank line'), reason: reqText('Reason', 500) });

export const startReconciliationInput = z.strictObject({
  bank_account_id: recordId('Bank account'),
  statement_date: isoDate('Statement date'),
  ending_balance: signedMoney('Ending balance'),
});
export const setClearedInput = z.strictObject({
  reconciliation_id: recordId('Reconciliation'),
  journal_line_ids: z.array(recordId('Journal line'), { error: 'Journal lines must be a list of ids' }).min(1, 'Choose at least one posting'),
  cleared: z.boolean({ error: 'Cleared must be true or false' }),
});
export const completeReconciliationInput = z.strictObject({ reconciliation_id: recordId('Reconciliation') });
export const voidReconciliationInput = z.strictObject({ reconciliation_id: recordId('Reconciliation'), reason: reqText('Reason', 500) });

const reportPosting = z.object({ journal_line_id: z.string(), date: z.string(), amount: z.number(), reference: z.string().nullable(), description: z.string().nullable() });
/** The reconciliation report: the adjusted bank balance equals the ledger balance when the books agree. */
export const reconciliationReportSchema = z.object({
  statement_date: z.string(),
  beginning_balance: z.number(),
  ending_balance: z.number(),
  cleared_deposits: z.number(),
  cleared_withdrawals: z.number(),
  cleared_balance: z.number(),
  difference: z.number(),
  outstanding_checks: z.array(reportPosting),
  outstanding_checks_total: z.number(),
  deposits_in_transit: z.array(reportPosting),
  deposits_in_transit_total: z.number(),
  adjusted_bank_balance: z.number(),
  ledger_balance: z.number(),
  unexplained_difference: z.number(),
});

/** One ACH return given by hand instead of a returns file. */
export const achReturnInput = z.strictObject({
  trace_number: z.string({ error: 'Trace number is required' }).trim().regex(/^\d{15}$/, 'Trace number must be 15 digits'),
  return_code: z.string({ error: 'Return code is required' }).trim().toUpperCase().regex(/^R\d{2}$/, 'Return code must be R and two digits, such as R01'),
  date: isoDate('Return date'),
  note: optText(500),
});
export type AchReturnInput = z.infer<typeof achReturnInput>;

/** What a matched line is matched to (GET /bank-accounts/{id}/lines). */
export const matchedDocumentSchema = z.object({
  doc_type: z.enum(['payment', 'bill_payment', 'journal_entry']),
  doc_id: z.string(),
  rule: z.enum(MATCH_RULES),
  date: z.string().nullable(),
  amount: z.number().nullable(),
  reference: z.string().nullable(),
});

/** A statement line with what it is matched to (the lines page; matchBankLine, unmatchBankLine, excludeBankLine). */
export const bankLineWithMatchesSchema = z.object({
  id: z.string(),
  statement_id: z.string(),
  bank_account_id: z.string(),
  date: z.string(),
  amount: z.number(),
  description: z.string(),
  payee: z.string().nullable(),
  bank_reference: z.string().nullable(),
  check_number: z.string().nullable(),
  status: z.enum(BANK_LINE_STATUSES),
  excluded_reason: z.string().nullable(),
  matches: z.array(matchedDocumentSchema),
});

/** A page of a bank account's statement lines with their matches. */
export const bankLinePageSchema = z.object({
  rows: z.array(bankLineWithMatchesSchema),
  total: z.number().int(),
});

/** A reconciliation with its running figures and the postings it works on (GET /reconciliations/{id}). */
export const reconciliationViewSchema = z.object({
  reconciliation: z.looseObject({ id: z.string(), bank_account_id: z.string(), statement_date: z.string(), status: z.enum(['draft', 'completed', 'void']) }),
  bank_account_name: z.string(),
  figures: z.object({
    beginning_balance: z.number(),
    ending_balance: z.number(),
    cleared_deposits: z.number(),
    cleared_withdrawals: z.number(),
    cleared_balance: z.number(),
    difference: z.number(),
  }),
  postings: z.array(z.object({ journal_line_id: z.string(), date: z.string(), amount: z.number(), cleared: z.boolean(), reference: z.string().nullable(), description: z.string().nullable() })),
});
