import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { recordColumns } from './common.ts';
import { owners } from './community.ts';

/**
 * The association's documents (governing documents, rules, budgets, minutes…): the uploaded file (files.id, its
 * bytes in the file store), who may read it, and the document it replaces.
 */
export const associationDocuments = pgTable(
  'association_documents',
  {
    ...recordColumns(),
    title: text('title').notNull(),
    /** governing, rules, budget, financial, minutes, contracts, insurance, other */
    category: text('category').notNull(),
    /** The upload (files.id); no foreign key: files are not in the JSON backup (the instance backup carries both). */
    file_id: text('file_id').notNull(),
    /** public, owners, board or staff */
    visibility: text('visibility').notNull(),
    effective_date: date('effective_date', { mode: 'string' }),
    supersedes_id: text('supersedes_id').references((): AnyPgColumn => associationDocuments.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('association_documents_category_idx').on(t.category, t.effective_date),
    index('association_documents_supersedes_idx').on(t.supersedes_id),
    check('association_documents_category', sql`${t.category} in ('governing', 'rules', 'budget', 'financial', 'minutes', 'contracts', 'insurance', 'other')`),
    check('association_documents_visibility', sql`${t.visibility} in ('public', 'owners', 'board', 'staff')`),
    check('association_documents_not_itself', sql`${t.supersedes_id} is null or ${t.supersedes_id} <> ${t.id}`),
  ],
);

/** A request to inspect or copy the association's records, with the day the law says it must be answered. */
export const recordsRequests = pgTable(
  'records_requests',
  {
    ...recordColumns(),
    /** Who asked, as they signed or wrote it. */
    requested_by: text('requested_by').notNull(),
    owner_id: text('owner_id').references(() => owners.id, { onDelete: 'set null' }),
    description: text('description').notNull(),
    received_on: date('received_on', { mode: 'string' }).notNull(),
    /** The fiscal year of the records asked for (the deadline depends on it). */
    records_fiscal_year: integer('records_fiscal_year').notNull(),
    due_on: date('due_on', { mode: 'string' }),
    /** The rule due_on was computed by (its citation). */
    due_rule: text('due_rule').notNull(),
    fulfilled_on: date('fulfilled_on', { mode: 'string' }),
    fee_cents: integer('fee_cents').notNull().default(0),
  },
  (t) => [
    index('records_requests_received_idx').on(t.received_on),
    index('records_requests_owner_idx').on(t.owner_id),
    check('records_requests_fee', sql`${t.fee_cents} >= 0`),
    check('records_requests_fulfilled', sql`${t.fulfilled_on} is null or ${t.fulfilled_on} >= ${t.received_on}`),
  ],
);
