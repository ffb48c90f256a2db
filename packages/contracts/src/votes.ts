import { z } from 'zod';
import { enumOf, recordId, reqText } from './fields.ts';

/** Votes and elections (issue 20): the rule set a vote is counted by, ballots, proxies and what the routes answer. */

export const VOTE_KINDS = ['election', 'measure'] as const;
export const VOTE_STATUSES = ['draft', 'open', 'closed'] as const;
export const VOTE_BASES = ['unit', 'share'] as const;
export const VOTE_MAJORITIES = ['simple', 'two_thirds', 'percent'] as const;
export const QUESTION_KINDS = ['candidates', 'yes_no', 'choice'] as const;
export const PARTICIPATION_METHODS = ['electronic', 'paper', 'proxy'] as const;

/** A percentage as a decimal ("30", "33.34") or a fraction ("100/3"), between 0 and 100. */
const percentText = (label: string) =>
  z.union([z.string(), z.number()], { error: `${label} must be a percentage such as 30 or 100/3` })
    .transform((v) => String(v).trim())
    .refine((v) => /^(\d{1,3}(\.\d{1,6})?|\d{1,6}\/\d{1,6})$/.test(v), `${label} must be a percentage such as 30, 33.34 or 100/3`);

export const voteQuestionInput = z.strictObject({
  text: reqText('Question', 500),
  kind: enumOf('Question kind', QUESTION_KINDS),
  seats: z.number({ error: 'Seats must be a whole number' }).int('Seats must be a whole number').min(1, 'Seats must be at least 1').max(50).nullable().optional(),
  options: z.array(reqText('Option', 200)).max(100, 'A question has at most 100 options').default([]),
});

/** A vote as staff create it (a draft); its rules cannot change once it opens. */
export const voteInput = z.strictObject({
  title: reqText('Title', 200),
  kind: enumOf('Kind', VOTE_KINDS),
  is_assessment: z.boolean().optional(),
  opens_at: z.iso.datetime({ offset: true, error: 'Opens at must be a date and time' }).nullable().optional(),
  closes_at: z.iso.datetime({ offset: true, error: 'Closes at must be a date and time' }).nullable().optional(),
  weight_basis: enumOf('Weight basis', VOTE_BASES).optional(),
  quorum_basis: enumOf('Quorum basis', VOTE_BASES).optional(),
  /** Empty: the state's default quorum (Florida 30%), else required. */
  quorum_percent: percentText('Quorum').nullable().optional(),
  majority: enumOf('Majority', VOTE_MAJORITIES).optional(),
  majority_percent: percentText('Majority percent').nullable().optional(),
  abstain_counts_for_quorum: z.boolean().optional(),
  secret: z.boolean().optional(),
  electronic: z.boolean().optional(),
  inspector_user_id: z.union([z.literal('').transform(() => null), z.string().max(100)]).nullable().optional(),
  questions: z.array(voteQuestionInput, { error: 'Questions must be a list of {text, kind, seats, options}' }).min(1, 'A vote asks at least one question').max(20, 'A vote asks at most 20 questions'),
});

export const voteIdInput = z.strictObject({ vote_id: recordId('Vote') });

const answersInput = z
  .array(z.strictObject({
    question_index: z.number({ error: 'question_index must be a whole number' }).int().min(0),
    choices: z.array(z.string().max(200)).max(100),
  }))
  .max(20);

/** castBallot and recordPaperBallot: one unit's ballot. */
export const ballotInput = z.strictObject({ vote_id: recordId('Vote'), property_id: recordId('Unit'), answers: answersInput });

export const assignProxyInput = z.strictObject({ vote_id: recordId('Vote'), property_id: recordId('Unit'), holder_user_id: z.string().min(1, 'Proxy holder is required').max(100) });
export const revokeProxyInput = z.strictObject({ vote_id: recordId('Vote'), property_id: recordId('Unit') });

/** What a voter keeps: the receipt the log shows, and the nonce that proves the ballot behind it is theirs. */
export const ballotReceiptSchema = z.object({ receipt: z.string(), nonce: z.string(), head_hash: z.string(), method: z.enum(PARTICIPATION_METHODS) });

export const voteRecordSchema = z.looseObject({ id: z.string(), title: z.string(), status: z.enum(VOTE_STATUSES) });

export const proxySchema = z.object({
  id: z.string(), vote_id: z.string(), property_id: z.string(), holder_user_id: z.string(), assigned_by: z.string().nullable(), revoked_at: z.string().nullable(),
});

const weight = z.string();
export const ballotLogEntrySchema = z.object({
  seq: z.number().int(),
  ballot: z.object({ weight, quorum_weight: weight.optional(), answers: z.array(z.object({ question_index: z.number().int(), choices: z.array(z.string()) })) }),
  receipt: z.string(),
  prev_hash: z.string(),
  hash: z.string(),
  how: z.string(),
});

/** GET /votes/{id}/ballot-log: the export anyone can recount (scripts/recount-ballot-log.mjs). */
export const ballotLogSchema = z.object({
  format: z.literal('covenant-ballot-log'),
  version: z.literal(1),
  how: z.string(),
  vote: z.looseObject({ questions: z.array(z.looseObject({ text: z.string() })) }),
  electorate: z.array(z.object({ property_id: z.string(), weight, quorum_weight: weight.nullable(), eligible: z.boolean() })),
  entries: z.array(ballotLogEntrySchema),
  head_hash: z.string(),
});

export const ballotLogQuery = z.object({ receipt: z.string().max(64).optional() });

/** Participation while a vote is open: counts and weights, never a tally. */
export const participationSchema = z.object({
  vote_id: z.string(),
  status: z.enum(VOTE_STATUSES),
  eligible_units: z.number().int(),
  eligible_weight: weight,
  voted_units: z.number().int(),
  voted_weight: weight,
  by_method: z.object({ electronic: z.number().int(), paper: z.number().int(), proxy: z.number().int() }),
  /** The caller's own units in the electorate, and whether each has voted. */
  mine: z.array(z.object({
    property_id: z.string(), unit_number: z.string().nullable(), eligible: z.boolean(), voted: z.boolean(),
    /** The proxy in force for the unit, whoever gave it. */
    proxy_holder: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  })),
  /** A secret vote: how many eligible units carry a ballot weight no other unit carries (the log's weight names them). */
  identifying_weights: z.object({ units: z.number().int(), of: z.number().int() }).nullable(),
  /** Staff only: which unit voted and how (never which ballot). */
  units: z.array(z.object({ property_id: z.string(), unit_number: z.string().nullable(), method: z.enum(PARTICIPATION_METHODS), cast_on: z.string() })).nullable(),
});

/** The electorate as the vote opened, for who runs it (votes write) and its inspector: one row per unit, paged. */
export const electorateQuery = z.object({
  search: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  skip: z.coerce.number().int().min(0).default(0),
});
export const electorateSchema = z.object({
  total: z.number().int(),
  rows: z.array(z.object({
    property_id: z.string(), unit_number: z.string(), weight, eligible: z.boolean(), reason: z.string().nullable(),
    voted: z.boolean(), method: z.enum(PARTICIPATION_METHODS).nullable(),
    proxy_holder: z.object({ id: z.string(), full_name: z.string() }).nullable(),
  })),
});

/** Who an owner may give a proxy to without knowing anyone's account: the association's directors. */
export const proxyHoldersSchema = z.object({ rows: z.array(z.object({ id: z.string(), full_name: z.string() })) });

const optionTally = z.object({ option: z.string(), weight, ballots: z.number().int() });
/** GET /votes/{id}/results: recounted from the raw records at every call; the head hash of the log counted. */
export const voteResultsSchema = z.object({
  vote_id: z.string(),
  head_hash: z.string(),
  participation: z.looseObject({ ballots: z.number().int(), eligible_units: z.number().int() }),
  quorum: z.looseObject({ met: z.boolean() }),
  questions: z.array(z.looseObject({ text: z.string(), status: z.string(), tally: z.array(optionTally), winners: z.array(z.string()), tied: z.array(z.string()) })),
});
