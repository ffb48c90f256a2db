import { sql } from 'drizzle-orm';
import { boolean, check, date, index, jsonb, numeric, pgTable, text } from 'drizzle-orm/pg-core';
import { MONEY, recordColumns } from './common.ts';
import { properties } from './community.ts';

/**
 * A request for an estoppel certificate (FL § 720.30851; CA § 4530 resale disclosure) on a unit being sold: due by
 * the state's rule, its fee computed by the server (quoted at request, fixed at issue) and paid by the requester.
 * On issue the certificate's figures are frozen in `figures`, so the PDF says what it said that day.
 */
export const estoppelRequests = pgTable(
  'estoppel_requests',
  {
    ...recordColumns(),
    property_id: text('property_id').notNull().references(() => properties.id),
    requester_name: text('requester_name').notNull(),
    requester_email: text('requester_email'),
    requested_on: date('requested_on', { mode: 'string' }).notNull(),
    rush: boolean('rush').notNull().default(false),
    status: text('status').notNull().default('requested'),
    due_on: date('due_on', { mode: 'string' }).notNull(),
    /** Dollars like every stored amount; the fee is computed in cents by the state rule. */
    fee_amount: numeric('fee_amount', MONEY).notNull().default('0'),
    /** The rule the due date and fee follow (its citation), and the fee's explanation. */
    fee_rule: text('fee_rule'),
    fee_message: text('fee_message'),
    delinquent: boolean('delinquent').notNull().default(false),
    valid_until: date('valid_until', { mode: 'string' }),
    issued_on: date('issued_on', { mode: 'string' }),
    cancelled_on: date('cancelled_on', { mode: 'string' }),
    certificate_file_id: text('certificate_file_id'),
    figures: jsonb('figures'),
  },
  (t) => [
    index('estoppel_requests_status_idx').on(t.status, t.due_on),
    index('estoppel_requests_property_idx').on(t.property_id),
    check('estoppel_requests_status', sql`${t.status} in ('requested', 'issued', 'cancelled')`),
    check('estoppel_requests_fee_nonneg', sql`${t.fee_amount} >= 0`),
  ],
);
