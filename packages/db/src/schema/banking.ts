import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MONEY, recordColumns } from './common.ts';
import { chartOfAccounts, funds } from './finance.ts';

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
