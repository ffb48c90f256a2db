import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';
import { MONEY, recordColumns } from './common.ts';
import { owners } from './community.ts';
import { chartOfAccounts, funds, vendors } from './finance.ts';
import { journalLines } from './ledger.ts';

/**
 * A bank account of the association: which cash account of the chart (and fund) its money is in, the bank's
 * routing number, the account number sealed (AES-256-GCM, BANK_ENCRYPTION_KEY) and its last four characters, and
 * the ACH originator settings. The CSV column mapping last used to import its statements is kept for the next one.
 */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    account_id: text('account_id').notNull().references(() => chartOfAccounts.id),
    fund_id: text('fund_id').notNull().references(() => funds.id),
    bank_name: text('bank_name').notNull(),
    routing_number: text('routing_number'),
    account_number_sealed: text('account_number_sealed'),
    account_last4: text('account_last4'),
    account_type: text('account_type').notNull().default('checking'),
    ach_company_id: text('ach_company_id'),
    ach_company_name: text('ach_company_name'),
    ach_odfi_routing_number: text('ach_odfi_routing_number'),
    csv_mapping: jsonb('csv_mapping'),
    /** 'operating' or 'reserve' for the two seeded accounts. */
    system_key: text('system_key'),
  },
  (t) => [
    uniqueIndex('bank_accounts_account_key').on(t.account_id),
    uniqueIndex('bank_accounts_system_key').on(t.system_key),
    index('bank_accounts_fund_idx').on(t.fund_id),
    check('bank_accounts_type', sql`${t.account_type} in ('checking', 'savings')`),
  ],
);

/** One imported statement file: its period and balances, and the file's fingerprint (a file is imported once). */
export const bankStatements = pgTable(
  'bank_statements',
  {
    ...recordColumns(),
    bank_account_id: text('bank_account_id').notNull().references(() => bankAccounts.id),
    format: text('format').notNull(),
    file_name: text('file_name'),
    fingerprint: text('fingerprint').notNull(),
    period_start: date('period_start', { mode: 'string' }).notNull(),
    period_end: date('period_end', { mode: 'string' }).notNull(),
    opening_balance: numeric('opening_balance', MONEY),
    closing_balance: numeric('closing_balance', MONEY),
    lines_imported: integer('lines_imported').notNull(),
    duplicates_skipped: integer('duplicates_skipped').notNull(),
    warnings: jsonb('warnings').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    uniqueIndex('bank_statements_fingerprint_key').on(t.bank_account_id, t.fingerprint),
    index('bank_statements_account_period_idx').on(t.bank_account_id, t.period_end),
  ],
);

/** One transaction of a statement, signed as the bank sees it (deposits positive). */
export const bankStatementLines = pgTable(
  'bank_statement_lines',
  {
    ...recordColumns(),
    statement_id: text('statement_id').notNull().references(() => bankStatements.id),
    bank_account_id: text('bank_account_id').notNull().references(() => bankAccounts.id),
    line_no: integer('line_no').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    amount: numeric('amount', MONEY).notNull(),
    description: text('description').notNull().default(''),
    payee: text('payee'),
    bank_reference: text('bank_reference'),
    check_number: text('check_number'),
    status: text('status').notNull().default('unmatched'),
    excluded_reason: text('excluded_reason'),
  },
  (t) => [
    index('bank_statement_lines_statement_idx').on(t.statement_id, t.line_no),
    index('bank_statement_lines_account_date_idx').on(t.bank_account_id, t.date, t.id),
    index('bank_statement_lines_account_status_idx').on(t.bank_account_id, t.status, t.date),
    check('bank_statement_lines_status', sql`${t.status} in ('unmatched', 'matched', 'excluded')`),
  ],
);

/**
 * A rule for bank lines no document explains (fees, interest): a line whose description contains the text and
 * whose signed amount is within the bounds is matched by posting a journal entry to the account, in the fund.
 */
export const bankRules = pgTable(
  'bank_rules',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    description_contains: text('description_contains').notNull(),
    amount_min: numeric('amount_min', MONEY),
    amount_max: numeric('amount_max', MONEY),
    account_id: text('account_id').notNull().references(() => chartOfAccounts.id),
    fund_id: text('fund_id').notNull().references(() => funds.id),
  },
  (t) => [index('bank_rules_name_idx').on(t.name)],
);

/**
 * What a matched bank line is matched to: one row per document (an owner payment, a bill payment, a journal
 * entry). A document is matched to one line at most (the unique key); unmatching deletes the rows.
 */
export const bankLineMatches = pgTable(
  'bank_line_matches',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    line_id: text('line_id').notNull().references(() => bankStatementLines.id),
    bank_account_id: text('bank_account_id').notNull().references(() => bankAccounts.id),
    doc_type: text('doc_type').notNull(),
    doc_id: text('doc_id').notNull(),
    /** The matching pass that found it, or 'manual'. */
    rule: text('rule').notNull(),
    bank_rule_id: text('bank_rule_id'),
    created_by: text('created_by'),
    created_date: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_line_matches_doc_key').on(t.doc_type, t.doc_id),
    index('bank_line_matches_line_idx').on(t.line_id),
    index('bank_line_matches_account_idx').on(t.bank_account_id, t.doc_type),
    check('bank_line_matches_doc_type', sql`${t.doc_type} in ('payment', 'bill_payment', 'journal_entry')`),
  ],
);

/**
 * A monthly reconciliation of a bank account to its statement: a draft while postings are being cleared, then
 * completed (its cleared postings locked) or voided (the newest completed one only).
 */
export const bankReconciliations = pgTable(
  'bank_reconciliations',
  {
    ...recordColumns(),
    bank_account_id: text('bank_account_id').notNull().references(() => bankAccounts.id),
    statement_date: date('statement_date', { mode: 'string' }).notNull(),
    beginning_balance: numeric('beginning_balance', MONEY).notNull(),
    ending_balance: numeric('ending_balance', MONEY).notNull(),
    status: text('status').notNull().default('draft'),
    completed_date: timestamp('completed_date', { withTimezone: true, mode: 'date' }),
    completed_by: text('completed_by'),
    voided_date: timestamp('voided_date', { withTimezone: true, mode: 'date' }),
    void_reason: text('void_reason'),
  },
  (t) => [
    index('bank_reconciliations_account_idx').on(t.bank_account_id, t.status, t.statement_date),
    uniqueIndex('bank_reconciliations_one_draft_key').on(t.bank_account_id).where(sql`${t.status} = 'draft'`),
    check('bank_reconciliations_status', sql`${t.status} in ('draft', 'completed', 'void')`),
  ],
);

/** The cash account's postings a reconciliation clears (journal lines); a completed reconciliation's are locked. */
export const bankReconciliationLines = pgTable(
  'bank_reconciliation_lines',
  {
    reconciliation_id: text('reconciliation_id').notNull().references(() => bankReconciliations.id),
    journal_line_id: text('journal_line_id').notNull().references(() => journalLines.id),
  },
  (t) => [
    primaryKey({ columns: [t.reconciliation_id, t.journal_line_id] }),
    index('bank_reconciliation_lines_journal_line_idx').on(t.journal_line_id),
  ],
);

/**
 * An owner's authorization to debit their bank account for what they owe (autopay). The account number is sealed
 * like a bank account's; `prenote` until a zero-amount test entry has gone through, then `active`.
 */
export const autopayEnrollments = pgTable(
  'autopay_enrollments',
  {
    ...recordColumns(),
    owner_id: text('owner_id').notNull().references(() => owners.id),
    /** The association's bank account the debits go into (the operating account when not set). */
    bank_account_id: text('bank_account_id').references(() => bankAccounts.id),
    account_holder: text('account_holder').notNull(),
    routing_number: text('routing_number').notNull(),
    account_number_sealed: text('account_number_sealed').notNull(),
    account_last4: text('account_last4').notNull(),
    account_type: text('account_type').notNull().default('checking'),
    sec_code: text('sec_code').notNull(),
    authorized_at: timestamp('authorized_at', { withTimezone: true, mode: 'date' }).notNull(),
    authorization_text: text('authorization_text').notNull(),
    status: text('status').notNull().default('prenote'),
    /** The date the prenote was sent (active from PRENOTE_WAIT_DAYS later unless it came back). */
    prenote_sent_on: date('prenote_sent_on', { mode: 'string' }),
    status_reason: text('status_reason'),
  },
  (t) => [
    index('autopay_enrollments_owner_idx').on(t.owner_id),
    index('autopay_enrollments_status_idx').on(t.status),
    check('autopay_enrollments_status', sql`${t.status} in ('prenote', 'active', 'paused', 'cancelled')`),
    check('autopay_enrollments_sec', sql`${t.sec_code} in ('PPD', 'WEB')`),
    check('autopay_enrollments_type', sql`${t.account_type} in ('checking', 'savings')`),
  ],
);

/** An ACH file built for the bank: owner debits (PPD/WEB) or vendor credits (CCD); the file is kept as sent. */
export const achBatches = pgTable(
  'ach_batches',
  {
    ...recordColumns(),
    bank_account_id: text('bank_account_id').notNull().references(() => bankAccounts.id),
    direction: text('direction').notNull(),
    effective_date: date('effective_date', { mode: 'string' }).notNull(),
    entry_count: integer('entry_count').notNull(),
    total: numeric('total', MONEY).notNull(),
    file_text: text('file_text').notNull(),
    file_name: text('file_name').notNull(),
  },
  (t) => [
    index('ach_batches_account_idx').on(t.bank_account_id, t.effective_date),
    check('ach_batches_direction', sql`${t.direction} in ('debit', 'credit')`),
  ],
);

/** One entry of an ACH file, by its trace number: what it paid or collected, and a return if one came back. */
export const achEntries = pgTable(
  'ach_entries',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    batch_id: text('batch_id').notNull().references(() => achBatches.id),
    trace_number: text('trace_number').notNull(),
    kind: text('kind').notNull(),
    amount: numeric('amount', MONEY).notNull(),
    enrollment_id: text('enrollment_id').references(() => autopayEnrollments.id),
    owner_id: text('owner_id').references(() => owners.id),
    payment_id: text('payment_id'),
    vendor_id: text('vendor_id').references(() => vendors.id),
    bill_id: text('bill_id'),
    bill_payment_id: text('bill_payment_id'),
    /** A re-presented debit (R01/R09): the entry it presents again. */
    retry_of_entry_id: text('retry_of_entry_id'),
    return_code: text('return_code'),
    returned_on: date('returned_on', { mode: 'string' }),
    created_date: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ach_entries_trace_key').on(t.trace_number),
    index('ach_entries_batch_idx').on(t.batch_id),
    index('ach_entries_enrollment_idx').on(t.enrollment_id),
    index('ach_entries_payment_idx').on(t.payment_id),
    index('ach_entries_bill_payment_idx').on(t.bill_payment_id),
    check('ach_entries_kind', sql`${t.kind} in ('debit', 'credit', 'prenote')`),
  ],
);
