import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptOf } from '../src/features/votes/ballot-log.rules.ts';
import { voteEntity } from '../src/features/votes/votes.feature.ts';
import { closeDueVotes } from '../src/features/votes/votes.service.ts';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';

/** Votes and elections through the real app: one ballot per unit, proxies, paper ballots, secrecy, results = recount. */

let t: TestApp;
let admin: { id: string; token: string };
let manager: { id: string; token: string };
let inspector: { id: string; token: string };
const voters: Array<{ id: string; token: string }> = [];
const units: string[] = [];

const fn = (name: string, token: string, body: unknown) => t.call('POST', `/functions/${name}`, { token, body });
const ok = async <T = Record<string, unknown>>(res: Promise<{ statusCode: number; body: string; json(): unknown }>): Promise<T> => {
  const r = await res;
  if (r.statusCode !== 200) throw new Error(`${r.statusCode}: ${r.body}`);
  return r.json() as T;
};
const refused = async (res: Promise<{ statusCode: number; json(): unknown }>, status: number, message: string | RegExp) => {
  const r = await res;
  const body = r.json() as { message: string };
  expect([r.statusCode, body.message], JSON.stringify(body)).toEqual([status, expect.stringMatching(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) : message)]);
};

async function setState(state: string) {
  const [settings] = (await t.call('GET', '/entities/OrgSettings', { token: admin.token })).json();
  if (settings) await ok(t.call('PUT', `/entities/OrgSettings/${settings.id}`, { token: admin.token, body: { state } }));
  else await ok(t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Vote HOA', state } }));
}

const election = (overrides: Record<string, unknown> = {}) => ({
  title: 'Board election 2027',
  kind: 'election',
  weight_basis: 'share',
  quorum_basis: 'share',
  inspector_user_id: inspector.id,
  questions: [
    { text: 'Directors (two seats)', kind: 'candidates', seats: 2, options: ['Avery', 'Blake', 'Casey'] },
    { text: 'Allow solar panels on common roofs?', kind: 'yes_no' },
  ],
  ...overrides,
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  manager = await createUser(t, 'property_manager');
  inspector = await createUser(t, 'property_manager');
  await setState('FL');
  // Four owned units with shares 30, 25, 25, 20 (%), and a fifth nobody owns.
  for (const [i, share] of ['30', '25', '25', '20', '0'].entries()) {
    const unit = await makeProperty(t, admin.token, { assessment_share: share === '0' ? null : share });
    units.push(unit.id);
    if (i === 4) continue;
    const owner = await makeOwner(t, admin.token);
    await ok(t.call('POST', '/entities/OwnerProperty', { token: admin.token, body: { owner_id: owner.id, property_id: unit.id, start_date: '2020-01-01' } }));
    if (i < 3) voters.push(await createUser(t, 'owner', { owner_id: owner.id }));
  }
}, 120_000);

afterAll(async () => t?.close());

describe('creating a vote: the state decides the quorum and electronic voting', () => {
  it('Florida: no quorum given is 30% of the voting interests (720.306); the rules are checked as the tally counts them', async () => {
    const draft = await ok(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ title: 'Defaults' }) }));
    expect(draft).toMatchObject({ status: 'draft', quorum_percent: '30', weight_basis: 'share', secret: false, electronic: true });
    await refused(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ questions: [{ text: 'Seats?', kind: 'candidates', options: ['A', 'B'] }] }) }), 400, 'Question 1 needs the number of seats');
    await refused(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ majority: 'percent', majority_percent: '40' }) }), 400, 'majority_percent must be at least 50');
    await refused(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ inspector_user_id: 'nobody-here' }) }), 400, 'Inspector of elections: no user of this association has that id');
  });
  it('California: a vote on assessments cannot be electronic (Civ. Code 5105); on paper it can be created', async () => {
    await setState('CA');
    const res = await t.call('POST', '/entities/Vote', { token: admin.token, body: election({ kind: 'measure', is_assessment: true, quorum_percent: '50', questions: [{ text: 'Special assessment of $500?', kind: 'yes_no' }] }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^A vote on regular or special assessments cannot be held electronically; use written ballots \(.*Civ\. Code/);
    const paper = await ok(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ kind: 'measure', is_assessment: true, electronic: false, quorum_percent: '50', questions: [{ text: 'Special assessment of $500?', kind: 'yes_no' }] }) }));
    expect(paper).toMatchObject({ electronic: false, is_assessment: true });
    await setState('FL');
  });
  it('owners read votes but cannot write them; a board member reads', async () => {
    const board = await createUser(t, 'board_member');
    expect((await t.call('GET', '/entities/Vote', { token: voters[0]!.token })).statusCode).toBe(200);
    expect((await t.call('GET', '/entities/Vote', { token: board.token })).statusCode).toBe(200);
    expect((await t.call('POST', '/entities/Vote', { token: voters[0]!.token, body: election() })).statusCode).toBe(403);
    expect((await t.call('POST', '/entities/Vote', { token: board.token, body: election() })).statusCode).toBe(403);
  });
});

describe('an election weighted by share: ballots, proxies, paper, results and the recount', () => {
  let voteId: string;
  const receipts: Array<{ receipt: string; nonce: string }> = [];

  it('opens with the electorate snapshot: a unit without an owner cannot vote; the rules are then fixed', async () => {
    const vote = await ok<{ id: string }>(t.call('POST', '/entities/Vote', { token: admin.token, body: election() }));
    voteId = vote.id;
    await refused(fn('castBallot', voters[0]!.token, { vote_id: voteId, property_id: units[0], answers: [] }), 409, 'This vote has not opened yet');
    expect((await fn('openVote', voters[0]!.token, { vote_id: voteId })).statusCode).toBe(403);
    const opened = await ok(fn('openVote', manager.token, { vote_id: voteId }));
    expect(opened).toMatchObject({ status: 'open', electorate: 5, eligible: 4, genesis_hash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    await refused(fn('openVote', manager.token, { vote_id: voteId }), 409, 'This vote is already open');
    await refused(t.call('PUT', `/entities/Vote/${voteId}`, { token: admin.token, body: { quorum_percent: '10' } }), 409, 'This vote is open: its rules were fixed when it opened');
    await refused(t.call('DELETE', `/entities/Vote/${voteId}`, { token: admin.token }), 409, 'A vote that has opened keeps its ballots and cannot be deleted');
    const electorate = (await t.systemCtx().db.execute(sql`select property_id, weight::text as weight, eligible, reason from vote_electorate where vote_id = ${voteId} order by weight desc`)).rows as Array<Record<string, unknown>>;
    expect(electorate.find((e) => e.property_id === units[4])).toMatchObject({ eligible: false, reason: 'No owner on the day the vote opened' });
  });

  it('an owner votes their unit once and gets a receipt that reveals nothing; another unit is not theirs (404)', async () => {
    const answers = [{ question_index: 0, choices: ['Avery', 'Blake'] }, { question_index: 1, choices: ['yes'] }];
    const cast = await ok<{ receipt: string; nonce: string; method: string; head_hash: string }>(fn('castBallot', voters[0]!.token, { vote_id: voteId, property_id: units[0], answers }));
    expect(cast).toMatchObject({ method: 'electronic', receipt: expect.stringMatching(/^[0-9a-f]{64}$/), nonce: expect.stringMatching(/^[0-9a-f]{64}$/) });
    receipts.push(cast);
    await refused(fn('castBallot', voters[0]!.token, { vote_id: voteId, property_id: units[0], answers }), 409, 'This unit has already voted; a unit casts one ballot');
    await refused(fn('castBallot', voters[0]!.token, { vote_id: voteId, property_id: units[1], answers }), 404, 'That unit was not found among the units you may vote for');
    await refused(fn('castBallot', voters[1]!.token, { vote_id: voteId, property_id: units[1], answers: [{ question_index: 0, choices: ['Avery', 'Blake', 'Casey'] }] }), 400, 'Question 1: at most 2 choices, 3 marked');
    await refused(fn('castBallot', voters[1]!.token, { vote_id: voteId, property_id: units[1], answers: [{ question_index: 1, choices: ['maybe'] }] }), 400, 'Question 2: "maybe" is not one of its options');
  });

  it('a proxy votes for the unit; its owner cannot while it stands; revocable until the unit votes, not after', async () => {
    const [owner2, holder] = [voters[1]!, voters[2]!];
    await refused(fn('assignProxy', owner2.token, { vote_id: voteId, property_id: units[0], holder_user_id: holder.id }), 404, 'That unit was not found among the units you may give a proxy for');
    const proxy = await ok(fn('assignProxy', owner2.token, { vote_id: voteId, property_id: units[1], holder_user_id: holder.id }));
    expect(proxy).toMatchObject({ property_id: units[1], holder_user_id: holder.id, assigned_by: owner2.id, revoked_at: null });
    await refused(fn('assignProxy', owner2.token, { vote_id: voteId, property_id: units[1], holder_user_id: manager.id }), 409, 'This unit already has a proxy for this vote; revoke it first');
    await refused(fn('castBallot', owner2.token, { vote_id: voteId, property_id: units[1], answers: [] }), 409, "This unit's vote is with its proxy holder; revoke the proxy to vote yourself");
    expect((await ok(fn('revokeProxy', owner2.token, { vote_id: voteId, property_id: units[1] }))).revoked_at).not.toBeNull();
    await refused(fn('castBallot', holder.token, { vote_id: voteId, property_id: units[1], answers: [] }), 404, 'That unit was not found among the units you may vote for');
    await ok(fn('assignProxy', owner2.token, { vote_id: voteId, property_id: units[1], holder_user_id: holder.id }));
    const cast = await ok<{ receipt: string; nonce: string; method: string }>(fn('castBallot', holder.token, { vote_id: voteId, property_id: units[1], answers: [{ question_index: 0, choices: ['Blake', 'Casey'] }, { question_index: 1, choices: ['no'] }] }));
    expect(cast.method).toBe('proxy');
    receipts.push(cast);
    await refused(fn('revokeProxy', owner2.token, { vote_id: voteId, property_id: units[1] }), 409, 'This unit has already voted; its proxy can no longer be revoked');
  });

  it('paper ballots are entered by the inspector of elections only; the unit then cannot vote again', async () => {
    const answers = [{ question_index: 0, choices: ['Casey', 'Avery'] }, { question_index: 1, choices: ['yes'] }];
    await refused(fn('recordPaperBallot', manager.token, { vote_id: voteId, property_id: units[2], answers }), 403, 'Only the inspector of elections enters paper ballots');
    await refused(fn('recordPaperBallot', voters[2]!.token, { vote_id: voteId, property_id: units[2], answers }), 403, 'Only the inspector of elections enters paper ballots');
    const paper = await ok<{ receipt: string; nonce: string; method: string }>(fn('recordPaperBallot', inspector.token, { vote_id: voteId, property_id: units[2], answers }));
    expect(paper.method).toBe('paper');
    receipts.push(paper);
    await refused(fn('castBallot', voters[2]!.token, { vote_id: voteId, property_id: units[2], answers }), 409, 'This unit has already voted; a unit casts one ballot');
    await refused(fn('recordPaperBallot', inspector.token, { vote_id: voteId, property_id: units[4], answers }), 409, 'This unit cannot vote: No owner on the day the vote opened');
  });

  it('while open: participation by count, weight and method, no tally; which unit voted only for those who run the vote', async () => {
    const forOwner = await ok(t.call('GET', `/votes/${voteId}/participation`, { token: voters[0]!.token }));
    expect(forOwner).toEqual({
      vote_id: voteId, status: 'open', eligible_units: 4, eligible_weight: '100', voted_units: 3, voted_weight: '80',
      by_method: { electronic: 1, paper: 1, proxy: 1 }, identifying_weights: null, units: null, mine: [{ property_id: units[0], unit_number: expect.any(String), eligible: true, voted: true, proxy_holder: null }],
    });
    const forStaff = await ok<{ units: Array<{ property_id: string; method: string }> }>(t.call('GET', `/votes/${voteId}/participation`, { token: admin.token }));
    expect(forStaff.units.map((u) => [u.property_id, u.method]).sort()).toEqual([[units[0], 'electronic'], [units[1], 'proxy'], [units[2], 'paper']].sort());
    await refused(t.call('GET', `/votes/${voteId}/results`, { token: admin.token }), 409, 'Results are counted when the vote closes');
  });

  it('the electorate unit by unit for who runs the vote and the inspector, with who voted how and the proxies; owners see the directors only', async () => {
    const list = await ok<{ total: number; rows: Array<{ property_id: string; weight: string; eligible: boolean; reason: string | null; voted: boolean; method: string | null; proxy_holder: { id: string } | null }> }>(
      t.call('GET', `/votes/${voteId}/electorate?limit=500`, { token: manager.token }),
    );
    expect(list.total).toBe(5);
    const row = (id: string) => list.rows.find((r) => r.property_id === id)!;
    expect(row(units[0]!)).toMatchObject({ weight: '30', eligible: true, voted: true, method: 'electronic', proxy_holder: null });
    expect(row(units[1]!)).toMatchObject({ voted: true, method: 'proxy', proxy_holder: { id: voters[2]!.id } });
    expect(row(units[4]!)).toMatchObject({ eligible: false, reason: 'No owner on the day the vote opened', voted: false });
    expect((await ok<{ total: number }>(t.call('GET', `/votes/${voteId}/electorate?limit=1&skip=1`, { token: inspector.token }))).total).toBe(5);
    await refused(t.call('GET', `/votes/${voteId}/electorate`, { token: voters[0]!.token }), 403, 'Only those who run the vote and its inspector of elections see the electorate unit by unit');
    const director = await createUser(t, 'board_member');
    const holders = await ok<{ rows: Array<{ id: string; full_name: string }> }>(t.call('GET', `/votes/${voteId}/proxy-holders`, { token: voters[0]!.token }));
    expect(holders.rows.map((h) => h.id)).toContain(director.id);
    expect(holders.rows.map((h) => h.id)).not.toContain(manager.id);
    expect(Object.keys(holders.rows[0]!).sort()).toEqual(['full_name', 'id']);
  });

  it('each voter finds their receipt in the log, and their nonce proves the ballot behind it', async () => {
    for (const r of receipts) {
      const log = await ok<{ entries: Array<{ receipt: string; ballot: { weight: string; answers: unknown[] } }> }>(t.call('GET', `/votes/${voteId}/ballot-log?receipt=${r.receipt}`, { token: voters[0]!.token }));
      expect(log.entries).toHaveLength(1);
      expect(receiptOf(log.entries[0]!.ballot as never, r.nonce)).toBe(r.receipt);
      expect(Object.keys(log.entries[0]!.ballot).sort()).toEqual(['answers', 'weight']);
    }
    await refused(t.call('GET', `/votes/${voteId}/ballot-log?receipt=${'0'.repeat(64)}`, { token: voters[0]!.token }), 404, "No ballot in this vote's log has that receipt");
  });

  it('the log is append-only in the database itself', async () => {
    const failure = (q: Promise<unknown>) => q.then(() => 'accepted', (err: Error & { cause?: Error }) => `${err.message} ${err.cause?.message ?? ''}`);
    expect(await failure(t.systemCtx().db.execute(sql`update vote_ballots set answers = '[]'::jsonb where vote_id = ${voteId}`))).toMatch(/the ballot log is append-only \(UPDATE on vote_ballots\)/);
    expect(await failure(t.systemCtx().db.execute(sql`delete from vote_ballots where vote_id = ${voteId}`))).toMatch(/the ballot log is append-only \(DELETE on vote_ballots\)/);
  });

  it('closed: results recomputed from the raw ballots equal an independent recount of the exported log', async () => {
    await refused(fn('closeVote', voters[0]!.token, { vote_id: voteId }), 403, /permission/);
    await ok(fn('closeVote', admin.token, { vote_id: voteId }));
    await refused(fn('castBallot', voters[0]!.token, { vote_id: voteId, property_id: units[0], answers: [] }), 409, 'This vote is closed');
    const results = await ok<{ head_hash: string; participation: Record<string, unknown>; quorum: Record<string, unknown>; questions: Array<{ status: string; winners: string[]; tied: string[]; tally: Array<{ option: string; weight: string; ballots: number }> }> }>(
      t.call('GET', `/votes/${voteId}/results`, { token: voters[0]!.token }),
    );
    // By share: Avery 30 + 25 = 55, Blake 30 + 25 = 55, Casey 25 + 25 = 50; two seats: Avery and Blake.
    expect(results.questions[0]).toMatchObject({ status: 'elected', winners: ['Avery', 'Blake'], tied: [] });
    expect(results.questions[0]!.tally).toEqual([
      { option: 'Avery', weight: '55', ballots: 2 }, { option: 'Blake', weight: '55', ballots: 2 }, { option: 'Casey', weight: '50', ballots: 2 },
    ]);
    // Yes 30 + 25 = 55 against no 25: passed by a simple majority of the weight cast.
    expect(results.questions[1]).toMatchObject({ status: 'passed', winners: ['yes'] });
    expect(results.participation).toMatchObject({ ballots: 3, eligible_units: 4, weight: '80', eligible_weight: '100' });
    expect(results.quorum).toMatchObject({ basis: 'share', met: true, present: '80', total: '100' });

    const log = await ok<{ head_hash: string }>(t.call('GET', `/votes/${voteId}/ballot-log`, { token: voters[1]!.token }));
    expect(log.head_hash).toBe(results.head_hash);
    const dir = mkdtempSync(join(tmpdir(), 'ballot-log-'));
    writeFileSync(join(dir, 'log.json'), JSON.stringify(log));
    const script = resolve(import.meta.dirname, '../../../scripts/recount-ballot-log.mjs');
    const recount = JSON.parse(execFileSync(process.execPath, [script, join(dir, 'log.json'), '--json'], { encoding: 'utf8' })) as typeof results;
    expect(recount.head_hash).toBe(results.head_hash);
    const decided = (qs: typeof results.questions) => qs.map((q) => ({ status: q.status, winners: q.winners, tied: q.tied, tally: q.tally }));
    expect(decided(recount.questions)).toEqual(decided(results.questions));
    expect(results.quorum).toMatchObject(recount.quorum);
    expect(recount.participation).toEqual(results.participation);
  });

  it('closing published the results as a PDF document owners can read, naming the head hash', async () => {
    const vote = await ok<{ results_document_id: string; title: string }>(t.call('GET', `/entities/Vote/${voteId}`, { token: voters[0]!.token }));
    expect(vote.results_document_id).toEqual(expect.any(String));
    const docs = await ok<{ rows: Array<{ id: string; title: string; category: string; visibility: string }> }>(t.call('GET', '/documents', { token: voters[0]!.token }));
    expect(docs.rows.find((d) => d.id === vote.results_document_id)).toMatchObject({ title: `Results: ${vote.title}`, category: 'other', visibility: 'owners' });
    const file = await t.call('GET', `/documents/${vote.results_document_id}/file`, { token: voters[0]!.token });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // A published result stays: its document cannot be deleted while the vote names it.
    expect((await t.call('DELETE', `/documents/${vote.results_document_id}`, { token: admin.token })).statusCode).toBe(409);
  });
});

describe('a vote closes itself at its closing time', () => {
  it('ballots are refused once closes_at has passed; the scheduled job closes it and publishes the results once', async () => {
    const closesAt = new Date(Date.now() + 60_000);
    const vote = await ok<{ id: string }>(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ title: 'Timed', closes_at: closesAt.toISOString() }) }));
    await ok(fn('openVote', admin.token, { vote_id: vote.id }));
    await ok(fn('castBallot', voters[0]!.token, { vote_id: vote.id, property_id: units[0], answers: [{ question_index: 1, choices: ['yes'] }] }));
    expect(await closeDueVotes(t.systemCtx(), voteEntity, new Date())).toBe(0);
    const later = new Date(closesAt.getTime() + 1_000);
    expect(await closeDueVotes(t.systemCtx(), voteEntity, later)).toBe(1);
    expect(await closeDueVotes(t.systemCtx(), voteEntity, later)).toBe(0);
    const closed = await ok<{ status: string; results_document_id: string | null }>(t.call('GET', `/entities/Vote/${vote.id}`, { token: admin.token }));
    expect(closed).toMatchObject({ status: 'closed', results_document_id: expect.any(String) });
    const results = await ok<{ participation: { ballots: number } }>(t.call('GET', `/votes/${vote.id}/results`, { token: admin.token }));
    expect(results.participation.ballots).toBe(1);
  });
});

describe('secret and paper-only votes', () => {
  it('a secret ballot row holds no unit, owner or voter, and participation names no ballot; an open vote links them', async () => {
    const secret = await ok<{ id: string }>(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ title: 'Secret', secret: true }) }));
    const open = await ok<{ id: string }>(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ title: 'Roll call' }) }));
    for (const v of [secret, open]) {
      await ok(fn('openVote', admin.token, { vote_id: v.id }));
      await ok(fn('castBallot', voters[0]!.token, { vote_id: v.id, property_id: units[0], answers: [{ question_index: 1, choices: ['yes'] }] }));
    }
    const db = t.systemCtx().db;
    const columns = (await db.execute(sql`select column_name from information_schema.columns where table_name = 'vote_ballots' and table_schema = current_schema() order by column_name`)).rows.map((r: Record<string, unknown>) => r.column_name);
    expect(columns).toEqual(['answers', 'hash', 'id', 'prev_hash', 'quorum_weight', 'receipt', 'seq', 'vote_id', 'weight']);
    const link = async (id: string) => (await db.execute(sql`select ballot_seq, cast_by from vote_participation where vote_id = ${id}`)).rows[0];
    expect(await link(secret.id)).toEqual({ ballot_seq: null, cast_by: voters[0]!.id });
    expect(await link(open.id)).toEqual({ ballot_seq: 1, cast_by: voters[0]!.id });
    // Shares 30, 25, 25 and 20: the units of 30 and 20 are alone with their weight, so the log's weight names them.
    const secretParticipation = await ok<{ identifying_weights: unknown }>(t.call('GET', `/votes/${secret.id}/participation`, { token: admin.token }));
    expect(secretParticipation.identifying_weights).toEqual({ units: 2, of: 4 });
    expect((await ok<{ identifying_weights: unknown }>(t.call('GET', `/votes/${open.id}/participation`, { token: admin.token }))).identifying_weights).toBeNull();
  });
  it('a vote held on written ballots refuses electronic ones', async () => {
    const paperOnly = await ok<{ id: string }>(t.call('POST', '/entities/Vote', { token: admin.token, body: election({ title: 'Paper only', electronic: false }) }));
    await ok(fn('openVote', admin.token, { vote_id: paperOnly.id }));
    await refused(fn('castBallot', voters[0]!.token, { vote_id: paperOnly.id, property_id: units[0], answers: [] }), 409, 'This vote is held on written ballots only');
    expect((await ok(fn('recordPaperBallot', inspector.token, { vote_id: paperOnly.id, property_id: units[0], answers: [] }))).method).toBe('paper');
  });
});
