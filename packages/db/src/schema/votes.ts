import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { newId } from '../ids.ts';
import { recordColumns } from './common.ts';
import { associationDocuments } from './association-documents.ts';
import { properties } from './community.ts';

/** Exact weights (a unit's share such as 0.833333, or 1), ten places as the tally counts them. */
const WEIGHT = { precision: 30, scale: 10 } as const;

/**
 * A vote or election and the rules it is counted by. The rules are hashed into the start of its ballot log when it
 * opens, so they cannot change afterwards; results are never stored, only recomputed from the ballots.
 */
export const votes = pgTable(
  'votes',
  {
    ...recordColumns(),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    is_assessment: boolean('is_assessment').notNull().default(false),
    opens_at: timestamp('opens_at', { withTimezone: true, mode: 'string' }),
    closes_at: timestamp('closes_at', { withTimezone: true, mode: 'string' }),
    weight_basis: text('weight_basis').notNull().default('unit'),
    quorum_basis: text('quorum_basis').notNull().default('unit'),
    quorum_percent: text('quorum_percent').notNull(),
    majority: text('majority').notNull().default('simple'),
    majority_percent: text('majority_percent'),
    abstain_counts_for_quorum: boolean('abstain_counts_for_quorum').notNull().default(true),
    secret: boolean('secret').notNull().default(false),
    electronic: boolean('electronic').notNull().default(true),
    inspector_user_id: text('inspector_user_id'),
    questions: jsonb('questions').notNull(),
    status: text('status').notNull().default('draft'),
    opened_at: timestamp('opened_at', { withTimezone: true, mode: 'string' }),
    closed_at: timestamp('closed_at', { withTimezone: true, mode: 'string' }),
    /** The results as published when the vote closed: a PDF among the association's documents. */
    results_document_id: text('results_document_id').references(() => associationDocuments.id),
  },
  (t) => [
    index('votes_status_idx').on(t.status, t.created_date),
    check('votes_kind', sql`${t.kind} in ('election', 'measure')`),
    check('votes_status', sql`${t.status} in ('draft', 'open', 'closed')`),
    check('votes_bases', sql`${t.weight_basis} in ('unit', 'share') and ${t.quorum_basis} in ('unit', 'share')`),
    check('votes_majority', sql`${t.majority} in ('simple', 'two_thirds', 'percent')`),
  ],
);

/** The electorate as the vote opened: one entry per unit, its weight and whether (and why not) it may vote. */
export const voteElectorate = pgTable(
  'vote_electorate',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    vote_id: text('vote_id').notNull().references(() => votes.id),
    property_id: text('property_id').notNull().references(() => properties.id),
    weight: numeric('weight', WEIGHT).notNull(),
    quorum_weight: numeric('quorum_weight', WEIGHT),
    eligible: boolean('eligible').notNull(),
    reason: text('reason'),
  },
  (t) => [uniqueIndex('vote_electorate_unit_key').on(t.vote_id, t.property_id)],
);

/**
 * Which unit voted and how. The unique key is "one ballot per unit". A secret vote's row names no ballot, and both
 * tables keep only the day, so neither time nor a link ties a unit to its ballot; an open vote's row names its entry.
 */
export const voteParticipation = pgTable(
  'vote_participation',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    vote_id: text('vote_id').notNull().references(() => votes.id),
    property_id: text('property_id').notNull().references(() => properties.id),
    method: text('method').notNull(),
    cast_by: text('cast_by').notNull(),
    cast_on: date('cast_on', { mode: 'string' }).notNull(),
    ballot_seq: integer('ballot_seq'),
  },
  (t) => [
    uniqueIndex('vote_participation_unit_key').on(t.vote_id, t.property_id),
    check('vote_participation_method', sql`${t.method} in ('electronic', 'paper', 'proxy')`),
  ],
);

/** The ballot log: append-only (a trigger refuses changes), each entry chained to the one before by its hash. */
export const voteBallots = pgTable(
  'vote_ballots',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    vote_id: text('vote_id').notNull().references(() => votes.id),
    seq: integer('seq').notNull(),
    weight: text('weight').notNull(),
    quorum_weight: text('quorum_weight'),
    answers: jsonb('answers').notNull(),
    receipt: text('receipt').notNull(),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('vote_ballots_seq_key').on(t.vote_id, t.seq), uniqueIndex('vote_ballots_receipt_key').on(t.vote_id, t.receipt)],
);

/** A unit's proxy for one vote: its holder casts the unit's ballot; revocable until the unit has voted. */
export const voteProxies = pgTable(
  'vote_proxies',
  {
    ...recordColumns(),
    vote_id: text('vote_id').notNull().references(() => votes.id),
    property_id: text('property_id').notNull().references(() => properties.id),
    holder_user_id: text('holder_user_id').notNull(),
    assigned_by: text('assigned_by'),
    revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'string' }),
  },
  (t) => [
    // One proxy in force per unit and vote.
    uniqueIndex('vote_proxies_active_key').on(t.vote_id, t.property_id).where(sql`${t.revoked_at} is null`),
    index('vote_proxies_holder_idx').on(t.holder_user_id, t.vote_id),
  ],
);
