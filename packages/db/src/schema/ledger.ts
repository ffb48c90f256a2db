import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';
import { MONEY } from './common.ts';
import { chartOfAccounts } from './finance.ts';

/** A balanced posting. Never updated or deleted: a void posts a reversing entry (reverses_id). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    entry_date: date('entry_date', { mode: 'string' }).notNull(),
    memo: text('memo'),
    source_type: text('source_type').notNull(),
    source_id: text('source_id'),
    reverses_id: text('reverses_id'),
    created_by: text('created_by'),
    created_date: timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('journal_entries_source_idx').on(t.source_type, t.source_id),
    // The export pages through entries by (date, id), and every read by date uses it (no date-only index repeating
    // its prefix); Journal Entries lists one source type newest first.
    index('journal_entries_date_id_idx').on(t.entry_date, t.id),
    index('journal_entries_type_date_idx').on(t.source_type, t.entry_date),
    uniqueIndex('journal_entries_reverses_key').on(t.reverses_id),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    // entry_id, account_id, fund_id, owner_id, vendor_id and property_id refer to their tables as foreign keys do,
    // checked by the database once per statement over the statement's lines rather than once per line and column
    // (migration 0022: the referenced rows are locked FOR KEY SHARE as a foreign key locks them, a missing one is
    // refused with the foreign-key error, and deleting a referenced row is refused).
    entry_id: text('entry_id').notNull(),
    line_no: integer('line_no').notNull(),
    account_id: text('account_id').notNull(),
    /** Every line belongs to a fund; an entry balances within each fund (deferred check, migration 0007). */
    fund_id: text('fund_id').notNull(),
    debit: numeric('debit', MONEY).notNull().default('0'),
    credit: numeric('credit', MONEY).notNull().default('0'),
    owner_id: text('owner_id'),
    vendor_id: text('vendor_id'),
    property_id: text('property_id'),
    /** The document line this posting line comes from (invoice, payment, bill), for aging and drill-down. */
    document_type: text('document_type'),
    document_id: text('document_id'),
    entry_date: date('entry_date', { mode: 'string' }).notNull(),
    /** A manual journal entry's line note. */
    memo: text('memo'),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entry_id),
    index('journal_lines_account_date_idx').on(t.account_id, t.entry_date),
    index('journal_lines_fund_idx').on(t.fund_id, t.account_id),
    // An owner's statement: their lines in a period, and their balance before it (and any lookup by owner alone:
    // a separate owner index was the same prefix written twice for every line, dropped in migration 0022).
    index('journal_lines_owner_date_idx').on(t.owner_id, t.entry_date),
    // Only vendor lines (bills and their payments) are indexed by vendor: most lines have none.
    index('journal_lines_vendor_idx').on(t.vendor_id).where(sql`${t.vendor_id} is not null`),
    index('journal_lines_document_idx').on(t.document_type, t.document_id),
    check('journal_lines_amounts', sql`${t.debit} >= 0 and ${t.credit} >= 0 and (${t.debit} = 0) <> (${t.credit} = 0)`),
  ],
);

/** Folded running totals per account (one row each); only the fold (ledger-totals.service) writes them. */
export const ledgerAccountTotals = pgTable('ledger_account_totals', {
  account_id: text('account_id').primaryKey().references(() => chartOfAccounts.id),
  debit: numeric('debit', { precision: 16, scale: 2 }).notNull().default('0'),
  credit: numeric('credit', { precision: 16, scale: 2 }).notNull().default('0'),
});

/**
 * Per-statement additions to the totals, appended by a trigger on journal_lines (migration 0005): appends never
 * wait on each other, so concurrent postings to the same account take no shared row lock. Folded into
 * ledger_account_totals in the background; a balance is the totals plus the deltas not yet folded.
 */
export const ledgerAccountDeltas = pgTable(
  'ledger_account_deltas',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    account_id: text('account_id').notNull().references(() => chartOfAccounts.id),
    debit: numeric('debit', { precision: 16, scale: 2 }).notNull(),
    credit: numeric('credit', { precision: 16, scale: 2 }).notNull(),
  },
  (t) => [index('ledger_account_deltas_account_idx').on(t.account_id)],
);

/**
 * The ledger's own settings (one row, id 1): the date through which the books are closed. A trigger refuses any
 * journal entry dated on or before it (migration 0009); only closePeriod, closeYear and reopenPeriod change it.
 */
export const ledgerSettings = pgTable('ledger_settings', {
  id: integer('id').primaryKey(),
  closed_through: date('closed_through', { mode: 'string' }),
  updated_date: timestamp('updated_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The hash chain over posted entries, append-only (the database refuses UPDATE and DELETE): each sealed entry's
 * SHA-256 over its content and the previous entry's hash, in the order they were sealed.
 */
export const journalEntryHashes = pgTable(
  'journal_entry_hashes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    entry_id: text('entry_id').notNull().references(() => journalEntries.id),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    sealed_date: timestamp('sealed_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('journal_entry_hashes_entry_key').on(t.entry_id)],
);

/**
 * Entries posted but not yet sealed into the hash chain (a trigger appends; the sealer takes them in batches, in
 * the order they were queued: `seq`, so taking a batch reads a batch, whatever the backlog).
 */
export const journalEntriesUnsealed = pgTable(
  'journal_entries_unsealed',
  {
    entry_id: text('entry_id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
  },
  (t) => [index('journal_entries_unsealed_seq_idx').on(t.seq)],
);

/**
 * The entries each statement posted, waiting for the balance check at commit: a statement trigger on
 * journal_entries writes one row per statement, and a deferred check of that row tests all its entries in one
 * query and deletes it (migration 0033). Empty outside a transaction that is posting.
 */
export const journalBalanceChecks = pgTable('journal_balance_checks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  entry_ids: text('entry_ids').array().notNull(),
});
