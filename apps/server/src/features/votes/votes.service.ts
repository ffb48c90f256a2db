import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { electorateQuery, type ballotLogSchema, type electorateSchema, type participationSchema, type proxyHoldersSchema, type voteResultsSchema } from '@covenant/contracts/votes';
import { isStaffRole } from '@covenant/contracts/permissions';
import { ownerProperties, properties, users } from '@covenant/db/schema/community';
import { voteBallots, voteElectorate, voteParticipation, voteProxies, votes } from '@covenant/db/schema/votes';
import { today, withTransaction, type Ctx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { permissionLevel, requireSignedIn } from '../../platform/access/access.service.ts';
import { recordForActor, publishRecord } from '../../platform/entities/entities.service.ts';
import { containsPattern } from '../../platform/entities/list-page.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { publishDocument } from '../documents/documents.service.ts';
import { loadLetterhead } from '../statements/pdf.ts';
import { associationState } from '../state-law/association-state.ts';
import { allowsElectronicVote, defaultQuorumPercent } from '../state-law/state-law.rules.ts';
import { appendBallot, BALLOT_LOG_HOW, exportBallotLog, findReceipt, genesisHash, verifyChain, type BallotLogEntry } from './ballot-log.rules.ts';
import { renderVoteResultsPdf, type VoteForResultsPdf } from './vote-results.pdf.ts';
import { BallotError, formatWeight, identifyingWeights, tally, toScaledWeight, validateVoteRules, type BallotAnswer, type ElectorateEntry, type VoteRules } from './tally.rules.ts';

type VoteRow = Row & {
  id: string; title: string; status: 'draft' | 'open' | 'closed'; secret: boolean; electronic: boolean; is_assessment: boolean; inspector_user_id: string | null;
  opens_at: string | null; closes_at: string | null; weight_basis: string; quorum_basis: string;
};

/** The rules a vote is counted by, from its row. */
export function rulesOf(vote: Row): VoteRules {
  return {
    weight_basis: vote.weight_basis as VoteRules['weight_basis'],
    quorum_basis: vote.quorum_basis as VoteRules['quorum_basis'],
    quorum_percent: vote.quorum_percent as string,
    majority: vote.majority as VoteRules['majority'],
    majority_percent: (vote.majority_percent as string | null) ?? null,
    abstain_counts_for_quorum: vote.abstain_counts_for_quorum as boolean,
    questions: vote.questions as VoteRules['questions'],
  };
}

function refuseRules(err: unknown): never {
  if (err instanceof BallotError || err instanceof RangeError) throw new ValidationError(err.message);
  throw err;
}

async function memberUser(ctx: Ctx, id: string, label: string): Promise<{ id: string; user_role: string | null }> {
  const [user] = await ctx.db.select({ id: users.id, user_role: users.user_role }).from(users).where(sql`${users.id} = ${id}`).limit(1);
  if (!user) throw new ValidationError(`${label}: no user of this association has that id`);
  return user;
}

/**
 * A vote's rules as they are saved (a draft only): the state's default quorum when none is given, the rules checked
 * as the tally will count them, and the state's limits on electronic voting (California: never on assessments).
 */
async function prepareVote(ctx: Ctx, values: Row, existing: Row | null): Promise<Row> {
  if (existing && existing.status !== 'draft') throw new ConflictError(`This vote is ${existing.status as string}: its rules were fixed when it opened`, 'vote_not_draft');
  const merged: Row = { ...(existing ?? {}), weight_basis: 'unit', quorum_basis: 'unit', majority: 'simple', abstain_counts_for_quorum: true, secret: false, electronic: true, is_assessment: false, ...stripUndefined(existing ?? {}), ...stripUndefined(values) };
  const state = await associationState(ctx);
  const on = await today(ctx);
  const out: Row = { ...values };
  if (!merged.quorum_percent) {
    const fallback = defaultQuorumPercent(state, on);
    if (!fallback.percent) throw new ValidationError(`Quorum is required: ${fallback.message}`);
    out.quorum_percent = fallback.percent;
    merged.quorum_percent = fallback.percent;
  }
  if (merged.majority !== 'percent') {
    out.majority_percent = null;
    merged.majority_percent = null;
  }
  try {
    validateVoteRules(rulesOf(merged));
  } catch (err) {
    refuseRules(err);
  }
  if (merged.opens_at && merged.closes_at && String(merged.closes_at) <= String(merged.opens_at)) throw new ValidationError('Closes at must be after opens at');
  if (merged.inspector_user_id) await memberUser(ctx, merged.inspector_user_id as string, 'Inspector of elections');
  if (merged.electronic) {
    const check = allowsElectronicVote({ state, is_assessment: Boolean(merged.is_assessment), on, has_inspector: Boolean(merged.inspector_user_id) });
    if (!check.ok) throw new ValidationError(`${check.message} (${check.citation})`);
  }
  return out;
}

function stripUndefined(row: Row): Row {
  return Object.fromEntries(Object.entries(row).filter(([, v]) => v !== undefined));
}

/** Fetches a vote through the caller's scope (another association's or an unknown id is a 404). */
async function voteFor(ctx: Ctx, entity: EntityDef, id: string, op: 'read' | 'update'): Promise<VoteRow> {
  return (await recordForActor(ctx, entity, id, op)) as VoteRow;
}

/** Locks the vote for a change of its state or its log: ballots of one vote are appended one at a time. */
async function lockVote(ctx: Ctx, id: string): Promise<VoteRow> {
  const [row] = (await ctx.db.execute(sql`select * from ${votes} where id = ${id} for update`)).rows as VoteRow[];
  if (!row) throw new NotFoundError('Vote not found');
  return row;
}

export function voteHooks(): EntityDef['hooks'] {
  return {
    prepareCreate: async (ctx, values) => ({ ...(await prepareVote(ctx, values, null)), status: 'draft', opened_at: null, closed_at: null }),
    prepareUpdate: (ctx, changes, existing) => prepareVote(ctx, changes, existing),
    beforeDelete: (_ctx, existing) => {
      if (existing.status !== 'draft') throw new ConflictError('A vote that has opened keeps its ballots and cannot be deleted', 'vote_not_draft');
    },
  };
}

/**
 * openVote: the electorate snapshot, one entry per unit. A unit votes when it has an owner on the day the vote
 * opens; weighted by share, a unit without an assessment share cannot vote (its reason says so).
 */
export async function openVote(ctx: Ctx, entity: EntityDef, voteId: string) {
  await voteFor(ctx, entity, voteId, 'update');
  return withTransaction(ctx, async (tx) => {
    const vote = await lockVote(tx, voteId);
    if (vote.status !== 'draft') throw new ConflictError(`This vote is already ${vote.status}`, 'vote_not_draft');
    const on = await today(tx);
    const units = (await tx.db.execute(sql`
      select p.id, p.assessment_share::text as share,
        exists (select 1 from ${ownerProperties} op where op.property_id = p.id and op.start_date <= ${on} and (op.end_date is null or op.end_date >= ${on})) as owned
      from ${properties} p order by p.id`)).rows as Array<{ id: string; share: string | null; owned: boolean }>;
    const byShare = vote.weight_basis === 'share';
    const needsQuorumShare = vote.quorum_basis === 'share' && !byShare;
    const entries = units.map((u) => {
      const hasShare = u.share !== null && toScaledWeight(u.share) > 0n;
      const reason = !u.owned ? 'No owner on the day the vote opened' : (byShare || needsQuorumShare) && !hasShare ? 'The unit has no assessment share' : null;
      return {
        vote_id: voteId, property_id: u.id, eligible: reason === null, reason,
        weight: byShare ? (hasShare ? formatWeight(toScaledWeight(u.share!)) : '0') : '1',
        quorum_weight: needsQuorumShare && hasShare ? formatWeight(toScaledWeight(u.share!)) : null,
      };
    });
    if (!entries.some((e) => e.eligible)) throw new ConflictError('No unit can vote: none has an owner (and, weighted by share, an assessment share)', 'empty_electorate');
    for (let i = 0; i < entries.length; i += 2000) await tx.db.insert(voteElectorate).values(entries.slice(i, i + 2000));
    await tx.db.execute(sql`update ${votes} set status = 'open', opened_at = now(), updated_date = now() where id = ${voteId}`);
    await publishRecord(tx, entity, voteId);
    return { ...vote, status: 'open' as const, electorate: entries.length, eligible: entries.filter((e) => e.eligible).length, genesis_hash: genesisHash(rulesOf(vote)) };
  });
}

export async function closeVote(ctx: Ctx, entity: EntityDef, voteId: string) {
  await voteFor(ctx, entity, voteId, 'update');
  return closeAndPublish(ctx, entity, voteId);
}

/**
 * Closes an open vote and, in the same transaction, publishes its results as a PDF among the association's
 * documents (visible to owners), with the ballot log's head hash. Staff close a vote, or the scheduler at closes_at.
 */
async function closeAndPublish(ctx: Ctx, entity: EntityDef, voteId: string) {
  return withTransaction(ctx, async (tx) => {
    const vote = await lockVote(tx, voteId);
    if (vote.status !== 'open') throw new ConflictError(vote.status === 'draft' ? 'This vote has not opened' : 'This vote is already closed', 'vote_not_open');
    const [closed] = (await tx.db.execute(sql`update ${votes} set status = 'closed', closed_at = now(), updated_date = now() where id = ${voteId} returning closed_at::text as closed_at`)).rows as Array<{ closed_at: string }>;
    const counted = await countResults(tx, { ...vote, status: 'closed' });
    const on = await today(tx);
    const opened = vote.opened_at ? new Date(vote.opened_at as string).toISOString() : null;
    const pdf = await renderVoteResultsPdf(await loadLetterhead(tx), { ...(vote as unknown as VoteForResultsPdf), opened_at: opened, closed_at: closed!.closed_at }, counted);
    const documentId = await publishDocument(tx, { data: pdf, filename: `vote-results-${on}.pdf` }, { title: `Results: ${vote.title}`.slice(0, 200), category: 'other', visibility: 'owners', effective_date: on, supersedes_id: null });
    await tx.db.execute(sql`update ${votes} set results_document_id = ${documentId} where id = ${voteId}`);
    await publishRecord(tx, entity, voteId);
    return { ...vote, status: 'closed' as const, closed_at: closed!.closed_at, results_document_id: documentId };
  });
}

/** The scheduled job: every open vote whose closing time has come closes, and its results are published. */
export async function closeDueVotes(ctx: Ctx, entity: EntityDef, at: Date = new Date()): Promise<number> {
  const due = (await ctx.db.execute(sql`select id from ${votes} where status = 'open' and closes_at is not null and closes_at <= ${at.toISOString()}::timestamptz order by closes_at, id`)).rows as Array<{ id: string }>;
  let closed = 0;
  for (const { id } of due) {
    try {
      await closeAndPublish(ctx, entity, id);
      closed++;
    } catch (err) {
      // Another process closed it first: nothing left to do for this one.
      if (!(err instanceof ConflictError && err.code === 'vote_not_open')) throw err;
    }
  }
  return closed;
}

async function electorateEntry(ctx: Ctx, voteId: string, propertyId: string) {
  const [row] = (await ctx.db.execute(sql`select weight::text as weight, quorum_weight::text as quorum_weight, eligible, reason from ${voteElectorate} where vote_id = ${voteId} and property_id = ${propertyId}`)).rows as Array<{ weight: string; quorum_weight: string | null; eligible: boolean; reason: string | null }>;
  return row ?? null;
}

/** The unit an id names, in this association (another association's or an unknown id is a 404). */
async function assertUnit(ctx: Ctx, propertyId: string): Promise<void> {
  const [row] = (await ctx.db.execute(sql`select 1 from ${properties} where id = ${propertyId}`)).rows;
  if (!row) throw new NotFoundError('Unit not found');
}

/** An owner of the unit today: a seller's ownership ends on the closing day, a buyer's starts the day after. */
async function ownsUnit(ctx: Ctx, ownerId: string | null, propertyId: string): Promise<boolean> {
  if (!ownerId) return false;
  const on = await today(ctx);
  const [row] = (await ctx.db.execute(sql`select 1 from ${ownerProperties} where owner_id = ${ownerId} and property_id = ${propertyId}
    and start_date <= ${on} and (end_date is null or end_date >= ${on}) limit 1`)).rows;
  return Boolean(row);
}

async function activeProxy(ctx: Ctx, voteId: string, propertyId: string): Promise<{ id: string; holder_user_id: string } | null> {
  const [row] = (await ctx.db.execute(sql`select id, holder_user_id from ${voteProxies} where vote_id = ${voteId} and property_id = ${propertyId} and revoked_at is null`)).rows as Array<{ id: string; holder_user_id: string }>;
  return row ?? null;
}

type Method = 'electronic' | 'paper' | 'proxy';

/** The vote must be open, and within its window when it has one. */
function assertAccepting(vote: VoteRow, now: Date): void {
  if (vote.status !== 'open') throw new ConflictError(vote.status === 'draft' ? 'This vote has not opened yet' : 'This vote is closed', 'vote_not_open');
  if (vote.opens_at && now < new Date(vote.opens_at)) throw new ConflictError('Voting has not started yet', 'vote_not_started');
  if (vote.closes_at && now >= new Date(vote.closes_at)) throw new ConflictError('Voting has ended', 'vote_ended');
}

/**
 * One unit's ballot into the log: the unit's electorate entry gives its weight; participation (which unit, how)
 * is written apart from the ballot, linked to it only when the vote is not secret. A second ballot for the unit is
 * refused by the participation key, whoever casts it.
 */
async function castFor(ctx: Ctx, voteId: string, propertyId: string, answers: readonly BallotAnswer[], authorize: (tx: Ctx, vote: VoteRow) => Promise<Method>) {
  const actor = requireSignedIn(ctx);
  return withTransaction(ctx, async (tx) => {
    const vote = await lockVote(tx, voteId);
    await assertUnit(tx, propertyId);
    const method = await authorize(tx, vote);
    assertAccepting(vote, new Date());
    const entry = await electorateEntry(tx, voteId, propertyId);
    if (!entry) throw new NotFoundError('That unit was not found in this vote\'s electorate');
    if (!entry.eligible) throw new ConflictError(`This unit cannot vote: ${entry.reason ?? 'not eligible'}`, 'not_eligible');
    const [voted] = (await tx.db.execute(sql`select method from ${voteParticipation} where vote_id = ${voteId} and property_id = ${propertyId}`)).rows as Array<{ method: string }>;
    if (voted) throw new ConflictError('This unit has already voted; a unit casts one ballot', 'already_voted');
    const [last] = (await tx.db.execute(sql`select seq, hash from ${voteBallots} where vote_id = ${voteId} order by seq desc limit 1`)).rows as Array<{ seq: number; hash: string }>;
    let appended: { entry: BallotLogEntry; nonce: string };
    try {
      appended = appendBallot(rulesOf(vote), last ?? null, { weight: entry.weight, ...(entry.quorum_weight ? { quorum_weight: entry.quorum_weight } : {}), answers }, randomBytes(32).toString('hex'));
    } catch (err) {
      refuseRules(err);
    }
    const e = appended.entry;
    await tx.db.insert(voteBallots).values({ vote_id: voteId, seq: e.seq, weight: e.ballot.weight, quorum_weight: e.ballot.quorum_weight ?? null, answers: e.ballot.answers, receipt: e.receipt, prev_hash: e.prev_hash, hash: e.hash });
    await tx.db.insert(voteParticipation).values({ vote_id: voteId, property_id: propertyId, method, cast_by: actor.id, cast_on: await today(tx), ballot_seq: vote.secret ? null : e.seq });
    tx.services.changes.publish({ entity: 'Vote', type: 'update', id: voteId, record: { id: voteId }, timestamp: new Date().toISOString() });
    return { receipt: e.receipt, nonce: appended.nonce, head_hash: e.hash, method };
  });
}

/** castBallot: an owner of the unit, or the holder of its proxy, votes electronically. */
export async function castBallot(ctx: Ctx, entity: EntityDef, input: { vote_id: string; property_id: string; answers: BallotAnswer[] }) {
  const actor = requireSignedIn(ctx);
  await voteFor(ctx, entity, input.vote_id, 'read');
  return castFor(ctx, input.vote_id, input.property_id, input.answers, async (tx, vote) => {
    if (!vote.electronic) throw new ConflictError('This vote is held on written ballots only; ask the inspector of elections for a paper ballot', 'paper_only');
    // A proxy given to someone else speaks for the unit: its owners no longer vote it themselves until it is revoked.
    const proxy = await activeProxy(tx, input.vote_id, input.property_id);
    if (proxy?.holder_user_id === actor.id) return 'proxy';
    if (await ownsUnit(tx, actor.owner_id, input.property_id)) {
      if (proxy) throw new ConflictError('This unit\'s vote is with its proxy holder; revoke the proxy to vote yourself', 'proxy_holds_vote');
      return 'electronic';
    }
    // Neither an owner nor the proxy: the unit is not the caller's to vote for, as if it did not exist.
    throw new NotFoundError('That unit was not found among the units you may vote for');
  });
}

/** recordPaperBallot: the inspector of elections enters a written ballot for a unit. */
export async function recordPaperBallot(ctx: Ctx, entity: EntityDef, input: { vote_id: string; property_id: string; answers: BallotAnswer[] }) {
  const actor = requireSignedIn(ctx);
  await voteFor(ctx, entity, input.vote_id, 'read');
  return castFor(ctx, input.vote_id, input.property_id, input.answers, async (_tx, vote) => {
    if (!vote.inspector_user_id) throw new ConflictError('This vote has no inspector of elections; name one before entering paper ballots', 'no_inspector');
    if (vote.inspector_user_id !== actor.id) throw new ForbiddenError('Only the inspector of elections enters paper ballots');
    return 'paper';
  });
}

/** Who may give or take back a unit's proxy: an owner of the unit, or staff recording a signed proxy form. */
async function assertProxyGiver(ctx: Ctx, propertyId: string): Promise<void> {
  const actor = requireSignedIn(ctx);
  if (isStaffRole(actor)) return;
  if (!(await ownsUnit(ctx, actor.owner_id, propertyId))) throw new NotFoundError('That unit was not found among the units you may give a proxy for');
}

export async function assignProxy(ctx: Ctx, entity: EntityDef, input: { vote_id: string; property_id: string; holder_user_id: string }) {
  const actor = requireSignedIn(ctx);
  await voteFor(ctx, entity, input.vote_id, 'read');
  return withTransaction(ctx, async (tx) => {
    const vote = await lockVote(tx, input.vote_id);
    await assertUnit(tx, input.property_id);
    await assertProxyGiver(tx, input.property_id);
    if (vote.status === 'closed') throw new ConflictError('This vote is closed', 'vote_not_open');
    const holder = await memberUser(tx, input.holder_user_id, 'Proxy holder');
    if (holder.id === actor.id && !isStaffRole(actor)) throw new ValidationError('Proxy holder: name someone else; you can vote for your own unit');
    if (vote.status === 'open') {
      const entry = await electorateEntry(tx, input.vote_id, input.property_id);
      if (!entry) throw new NotFoundError('That unit was not found in this vote\'s electorate');
      const [voted] = (await tx.db.execute(sql`select 1 from ${voteParticipation} where vote_id = ${input.vote_id} and property_id = ${input.property_id}`)).rows;
      if (voted) throw new ConflictError('This unit has already voted; its proxy can no longer change', 'already_voted');
    }
    if (await activeProxy(tx, input.vote_id, input.property_id)) throw new ConflictError('This unit already has a proxy for this vote; revoke it first', 'proxy_exists');
    const [row] = await tx.db.insert(voteProxies).values({ vote_id: input.vote_id, property_id: input.property_id, holder_user_id: holder.id, assigned_by: actor.id, created_by: actor.email }).returning();
    return proxyOut(row!);
  });
}

export async function revokeProxy(ctx: Ctx, entity: EntityDef, input: { vote_id: string; property_id: string }) {
  await voteFor(ctx, entity, input.vote_id, 'read');
  return withTransaction(ctx, async (tx) => {
    await lockVote(tx, input.vote_id);
    await assertUnit(tx, input.property_id);
    await assertProxyGiver(tx, input.property_id);
    const [voted] = (await tx.db.execute(sql`select 1 from ${voteParticipation} where vote_id = ${input.vote_id} and property_id = ${input.property_id}`)).rows;
    if (voted) throw new ConflictError('This unit has already voted; its proxy can no longer be revoked', 'already_voted');
    const proxy = await activeProxy(tx, input.vote_id, input.property_id);
    if (!proxy) throw new NotFoundError('Proxy not found: this unit has none for this vote');
    const [row] = await tx.db.update(voteProxies).set({ revoked_at: new Date().toISOString() }).where(sql`${voteProxies.id} = ${proxy.id}`).returning();
    return proxyOut(row!);
  });
}

function proxyOut(row: typeof voteProxies.$inferSelect) {
  return { id: row.id, vote_id: row.vote_id, property_id: row.property_id, holder_user_id: row.holder_user_id, assigned_by: row.assigned_by, revoked_at: row.revoked_at };
}

async function logEntries(ctx: Ctx, voteId: string): Promise<BallotLogEntry[]> {
  const rows = (await ctx.db.execute(sql`select seq, weight, quorum_weight, answers, receipt, prev_hash, hash from ${voteBallots} where vote_id = ${voteId} order by seq`)).rows as Array<{
    seq: number; weight: string; quorum_weight: string | null; answers: BallotAnswer[]; receipt: string; prev_hash: string; hash: string;
  }>;
  return rows.map((r) => ({
    seq: r.seq, ballot: { weight: r.weight, ...(r.quorum_weight ? { quorum_weight: r.quorum_weight } : {}), answers: r.answers }, receipt: r.receipt, prev_hash: r.prev_hash, hash: r.hash, how: BALLOT_LOG_HOW,
  }));
}

async function electorateOf(ctx: Ctx, voteId: string): Promise<ElectorateEntry[]> {
  return (await ctx.db.execute(sql`select property_id, weight::text as weight, quorum_weight::text as quorum_weight, eligible from ${voteElectorate} where vote_id = ${voteId} order by property_id`)).rows as unknown as ElectorateEntry[];
}

function normalizedElectorate(rows: ElectorateEntry[]): ElectorateEntry[] {
  return rows.map((e) => ({ property_id: e.property_id, weight: formatWeight(toScaledWeight(e.weight)), quorum_weight: e.quorum_weight ? formatWeight(toScaledWeight(e.quorum_weight)) : null, eligible: e.eligible }));
}

/** GET /votes/{id}/ballot-log: every ballot (weight and answers, never its unit) in its chain; `receipt` narrows to one. */
export async function ballotLog(ctx: Ctx, entity: EntityDef, voteId: string, receipt?: string): Promise<z.infer<typeof ballotLogSchema>> {
  const vote = await voteFor(ctx, entity, voteId, 'read');
  if (vote.status === 'draft') throw new ConflictError('This vote has not opened: its log starts when it opens', 'vote_not_open');
  const entries = await logEntries(ctx, voteId);
  let exported;
  try {
    exported = exportBallotLog(rulesOf(vote), normalizedElectorate(await electorateOf(ctx, voteId)), entries);
  } catch (err) {
    if (err instanceof BallotError) throw new ConflictError(err.message, 'ballot_log_broken');
    throw err;
  }
  if (receipt === undefined) return exported as unknown as z.infer<typeof ballotLogSchema>;
  const found = findReceipt(entries, receipt.trim().toLowerCase());
  if (!found) throw new NotFoundError('No ballot in this vote\'s log has that receipt');
  return { ...exported, entries: [found] } as unknown as z.infer<typeof ballotLogSchema>;
}

/** Participation while open: how many units and how much weight voted, by method; never a tally. */
export async function participation(ctx: Ctx, entity: EntityDef, voteId: string): Promise<z.infer<typeof participationSchema>> {
  const vote = await voteFor(ctx, entity, voteId, 'read');
  const [totals] = (await ctx.db.execute(sql`
    select count(*) filter (where e.eligible)::int as eligible_units,
      coalesce(sum(e.weight) filter (where e.eligible), 0)::text as eligible_weight,
      count(p.id)::int as voted_units, coalesce(sum(e.weight) filter (where p.id is not null), 0)::text as voted_weight,
      count(*) filter (where p.method = 'electronic')::int as electronic, count(*) filter (where p.method = 'paper')::int as paper,
      count(*) filter (where p.method = 'proxy')::int as proxy
    from ${voteElectorate} e left join ${voteParticipation} p on p.vote_id = e.vote_id and p.property_id = e.property_id
    where e.vote_id = ${voteId}`)).rows as Array<Record<string, number | string>>;
  const t = totals!;
  // Which unit voted is for those who run the vote (votes write), never the ballot it cast.
  const units = (await permissionLevel(ctx, 'votes')) === 'read_write'
    ? ((await ctx.db.execute(sql`
        select p.property_id, pr.unit_number, p.method, p.cast_on::text as cast_on from ${voteParticipation} p join ${properties} pr on pr.id = p.property_id
        where p.vote_id = ${voteId} order by pr.unit_number, p.property_id`)).rows as Array<{ property_id: string; unit_number: string | null; method: Method; cast_on: string }>)
    : null;
  // The caller's own units in the electorate and whether each has voted: their own participation, nobody else's.
  const ownerId = requireSignedIn(ctx).owner_id;
  const on = await today(ctx);
  const mine = ownerId
    ? ((await ctx.db.execute(sql`
        select e.property_id, pr.unit_number, e.eligible, (p.id is not null) as voted, x.holder_user_id, u.full_name as holder_name
        from ${voteElectorate} e join ${ownerProperties} op on op.property_id = e.property_id and op.owner_id = ${ownerId}
          and op.start_date <= ${on} and (op.end_date is null or op.end_date >= ${on})
        join ${properties} pr on pr.id = e.property_id left join ${voteParticipation} p on p.vote_id = e.vote_id and p.property_id = e.property_id
        left join ${voteProxies} x on x.vote_id = e.vote_id and x.property_id = e.property_id and x.revoked_at is null
        left join ${users} u on u.id = x.holder_user_id
        where e.vote_id = ${voteId} order by pr.unit_number, e.property_id`)).rows as Array<{ property_id: string; unit_number: string | null; eligible: boolean; voted: boolean; holder_user_id: string | null; holder_name: string | null }>)
        .map(({ holder_user_id, holder_name, ...r }) => ({ ...r, proxy_holder: holder_user_id ? { id: holder_user_id, full_name: holder_name ?? '' } : null }))
    : [];
  return {
    vote_id: voteId, status: vote.status as 'draft' | 'open' | 'closed', mine,
    eligible_units: Number(t.eligible_units), eligible_weight: formatWeight(toScaledWeight(String(t.eligible_weight))),
    voted_units: Number(t.voted_units), voted_weight: formatWeight(toScaledWeight(String(t.voted_weight))),
    by_method: { electronic: Number(t.electronic), paper: Number(t.paper), proxy: Number(t.proxy) },
    identifying_weights: vote.secret ? identifyingWeights(await electorateOf(ctx, voteId)) : null,
    units,
  };
}

/**
 * GET /votes/{id}/electorate: the snapshot as the vote opened, with whether each unit has voted (and how) and its
 * proxy: for those who run the vote (votes write) and its inspector of elections, who enters the paper ballots.
 */
export async function electorate(ctx: Ctx, entity: EntityDef, voteId: string, query: unknown): Promise<z.infer<typeof electorateSchema>> {
  const actor = requireSignedIn(ctx);
  const vote = await voteFor(ctx, entity, voteId, 'read');
  if ((await permissionLevel(ctx, 'votes')) !== 'read_write' && vote.inspector_user_id !== actor.id) {
    throw new ForbiddenError('Only those who run the vote and its inspector of elections see the electorate unit by unit');
  }
  const q = parseInput(electorateQuery, query ?? {});
  const search = q.search?.trim() ? sql`and pr.unit_number ilike ${containsPattern(q.search.trim())}` : sql``;
  const [count] = (await ctx.db.execute(sql`select count(*)::int as n from ${voteElectorate} e join ${properties} pr on pr.id = e.property_id where e.vote_id = ${voteId} ${search}`)).rows as Array<{ n: number }>;
  const rows = (await ctx.db.execute(sql`
    select e.property_id, pr.unit_number, e.weight::text as weight, e.eligible, e.reason, (p.id is not null) as voted, p.method,
      x.holder_user_id, u.full_name as holder_name
    from ${voteElectorate} e join ${properties} pr on pr.id = e.property_id
    left join ${voteParticipation} p on p.vote_id = e.vote_id and p.property_id = e.property_id
    left join ${voteProxies} x on x.vote_id = e.vote_id and x.property_id = e.property_id and x.revoked_at is null
    left join ${users} u on u.id = x.holder_user_id
    where e.vote_id = ${voteId} ${search}
    order by pr.unit_sort_key collate "C", pr.id limit ${q.limit} offset ${q.skip}`)).rows as Array<{ property_id: string; unit_number: string; weight: string; eligible: boolean; reason: string | null; voted: boolean; method: Method | null; holder_user_id: string | null; holder_name: string | null }>;
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({
      property_id: r.property_id, unit_number: r.unit_number, weight: formatWeight(toScaledWeight(r.weight)), eligible: r.eligible, reason: r.reason, voted: r.voted, method: r.method,
      proxy_holder: r.holder_user_id ? { id: r.holder_user_id, full_name: r.holder_name ?? '' } : null,
    })),
  };
}

/** GET /votes/{id}/proxy-holders: the directors (board members), whom an owner may name as proxy without a lookup of people. */
export async function proxyHolders(ctx: Ctx, entity: EntityDef, voteId: string): Promise<z.infer<typeof proxyHoldersSchema>> {
  await voteFor(ctx, entity, voteId, 'read');
  const rows = (await ctx.db.execute(sql`select id, full_name from ${users} where user_role = 'board_member' order by full_name, id`)).rows as Array<{ id: string; full_name: string }>;
  return { rows };
}

/** GET /votes/{id}/results: once closed, recounted from the raw ballots and the electorate at every call. */
export async function results(ctx: Ctx, entity: EntityDef, voteId: string): Promise<z.infer<typeof voteResultsSchema>> {
  const vote = await voteFor(ctx, entity, voteId, 'read');
  if (vote.status !== 'closed') throw new ConflictError('Results are counted when the vote closes; participation shows how many have voted', 'vote_not_closed');
  return countResults(ctx, vote);
}

/** The count from the raw records: the chain verified, then the ballots tallied against the electorate. */
async function countResults(ctx: Ctx, vote: VoteRow): Promise<z.infer<typeof voteResultsSchema>> {
  const rules = rulesOf(vote);
  const entries = await logEntries(ctx, vote.id);
  const chain = verifyChain(rules, entries);
  if (!chain.ok) throw new ConflictError(`The ballot log is broken at entry ${chain.seq}: ${chain.reason}`, 'ballot_log_broken');
  const counted = tally(rules, normalizedElectorate(await electorateOf(ctx, vote.id)), entries.map((e) => e.ballot));
  return { vote_id: vote.id, head_hash: chain.head_hash, ...counted } as unknown as z.infer<typeof voteResultsSchema>;
}
