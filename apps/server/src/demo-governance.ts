/**
 * The demo's election: the board's two open seats, weighted by each unit's assessment share, a secret ballot with an
 * inspector of elections. Owners vote on their portal, give proxies to a director, or hand in paper ballots that the
 * inspector enters; one owner tries to vote a second time and is refused. The vote closes and its results, head hash
 * and ballot log are what the README's recount script checks.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { addDays } from '@covenant/contracts/documents';
import type { Actor, Ctx } from './lib/context.ts';
import { AppError } from './lib/errors.ts';
import { createVerifiedUser } from './platform/auth/auth.service.ts';
import { createEntity } from './platform/entities/entities.service.ts';
import { callFunction } from './platform/functions/define-function.ts';
import { approveMinutesFn, meetingEntity, recordMotionFn, sendMeetingNoticeFn } from './features/meetings/meetings.feature.ts';
import { meetingNoticesSent } from './features/meetings/meetings.service.ts';
import { assignProxyFn, castBallotFn, closeVoteFn, openVoteFn, recordPaperBallotFn, voteEntity } from './features/votes/votes.feature.ts';
import { ballotLog, results } from './features/votes/votes.service.ts';

const CANDIDATES = ['Ana Ortiz', 'Ben Castillo', 'Chloe Park', 'Dev Rao'];
const PASSWORD = 'covenant-demo';

export interface DemoMeetings {
  meetings: number;
  motions: Array<{ text: string; result: string }>;
  minutesDocument: string;
  annualNotice: { notice_sent_on: string; recipients: number; citation: string };
}

export interface DemoElection {
  title: string;
  electorate: number;
  ballots: { electronic: number; paper: number; proxy: number };
  refusal: string;
  results: Awaited<ReturnType<typeof results>>;
  logFile: string;
  meetings: DemoMeetings;
}

/** A time of day on a date in the association's zone (the demo's Pacific time), as the meeting forms send it. */
const at = (date: string, hour: number) => `${date}T${String(hour).padStart(2, '0')}:00:00-08:00`;

/**
 * Last month's board meeting with two motions and each director's vote, this month's where its minutes were
 * approved (they become a minutes document), and the annual meeting three weeks out, noticed to every owner today.
 */
async function loadMeetings(ctx: Ctx, directors: Ctx[], today: string): Promise<DemoMeetings> {
  const ids = directors.map((d) => d.actor!.id);
  const lastMonth = `${addDays(`${today.slice(0, 7)}-01`, -1).slice(0, 7)}-15`;
  const october = await createEntity(ctx, meetingEntity, {
    kind: 'board', title: 'Board meeting', starts_at: at(lastMonth, 19), location: 'Clubhouse', attendee_ids: ids,
    agenda: [{ title: 'Pool pump repair', description: 'Quote from BlueWave Pool Service' }, { title: 'Rules update', description: 'Quiet hours and trash containers' }],
    minutes: 'Called to order at 7:02 p.m. with all three directors present. The pool pump repair was approved. The revised rules were adopted after discussion. Adjourned at 8:15 p.m.',
  });
  const motions = [];
  motions.push(await callFunction(ctx, recordMotionFn, { meeting_id: october.id as string, text: 'Approve BlueWave Pool Service\'s quote for the pool pump repair', moved_by: ids[0], seconded_by: ids[1], votes: ids.map((user_id) => ({ user_id, vote: 'yes' as const })) }));
  motions.push(await callFunction(ctx, recordMotionFn, { meeting_id: october.id as string, text: 'Adopt the revised Rules and Regulations', moved_by: ids[1], seconded_by: ids[2], votes: [{ user_id: ids[0]!, vote: 'yes' }, { user_id: ids[1]!, vote: 'yes' }, { user_id: ids[2]!, vote: 'no' }] }));
  const november = await createEntity(ctx, meetingEntity, { kind: 'board', title: 'Board meeting', starts_at: at(addDays(today, -3), 19), location: 'Clubhouse', attendee_ids: ids });
  const approved = await callFunction(ctx, approveMinutesFn, { meeting_id: october.id as string, approved_at_meeting_id: november.id as string });
  const annual = await createEntity(ctx, meetingEntity, {
    kind: 'annual', title: 'Annual meeting of the members', starts_at: at(addDays(today, 21), 18), location: 'Clubhouse', video_url: 'https://meet.example/maple-ridge-annual',
    agenda: [{ title: 'Treasurer\'s report', description: 'The year\'s results and next year\'s budget' }, { title: 'Election results', description: 'Two board seats' }],
  });
  const notice = await callFunction(ctx, sendMeetingNoticeFn, { meeting_id: annual.id as string });
  await meetingNoticesSent(); // every owner's notice delivered before the demo ends

  return {
    meetings: 3, motions: motions.map((m) => ({ text: m.text, result: m.result })), minutesDocument: String(approved.minutes_document_id),
    annualNotice: { notice_sent_on: notice.notice_sent_on, recipients: notice.recipients, citation: notice.rule.citation },
  };
}

/** A person with a sign-in in this association, as the server sees them after they sign in. */
async function signedIn(ctx: Ctx, input: { email: string; full_name: string; user_role: 'owner' | 'board_member'; owner_id: string }): Promise<Ctx> {
  const id = await createVerifiedUser(ctx, { ...input, password: PASSWORD });
  const actor: Actor = { id, email: input.email, full_name: input.full_name, role: 'user', user_role: input.user_role, owner_id: input.owner_id, property_id: null, is_member: true, portfolio_role: null };
  return { ...ctx, actor, permissionCache: new Map() };
}

/** Runs `fn` over the items, `size` at a time; answers the results in the items' order. */
async function inGroups<T, R>(items: readonly T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return out;
}

/** One ballot's choices: two candidates (sometimes one) drawn with the demo's own weights, so the race is close. */
function choicesOf(rand: () => number): string[] {
  const leaning = [0.34, 0.27, 0.25, 0.14];
  const first = drawIndex(rand, leaning);
  if (rand() < 0.12) return [CANDIDATES[first]!];
  const rest = leaning.map((w, i) => (i === first ? 0 : w));
  return [CANDIDATES[first]!, CANDIDATES[drawIndex(rand, rest)]!];
}
function drawIndex(rand: () => number, weights: number[]): number {
  let r = rand() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

export async function loadElection(ctx: Ctx, input: { rand: () => number; today: string; units: Array<{ id: string; ownerId: string; ownerName: string; ownerEmail: string }>; dataDir: string }): Promise<DemoElection> {
  const { rand, units } = input;
  const admin = ctx.actor!;
  // Three directors (owners of units 1, 2 and 3); the manager is the inspector of elections.
  // Who votes how: about a fifth on the portal, a third on paper, six by proxy to the first director (two given on the
  // owners' portal, four on signed forms the manager records); the rest abstain.
  const ways = units.map((_, i) => {
    if (i < 3) return 'director' as const;
    const r = rand();
    return i < 5 ? ('portal-proxy' as const) : i < 9 ? ('proxy' as const) : r < 0.2 ? ('portal' as const) : r < 0.55 ? ('paper' as const) : ('abstain' as const);
  });
  // Everyone who signs in does so first, a few at a time: each sign-up hashes a password on the thread pool.
  const signIns = await inGroups(units.map((u, i) => ({ u, way: ways[i]! })).filter((v) => v.way === 'director' || v.way === 'portal-proxy' || v.way === 'portal'), 4, ({ u, way }) =>
    signedIn(ctx, way === 'director'
      ? { email: `director.${u.ownerEmail}`, full_name: u.ownerName, user_role: 'board_member', owner_id: u.ownerId }
      : { email: `voter.${u.ownerEmail}`, full_name: u.ownerName, user_role: 'owner', owner_id: u.ownerId }));
  const signedInOf = new Map(signIns.map((c) => [c.actor!.owner_id!, c]));
  const directors: Ctx[] = units.slice(0, 3).map((u) => signedInOf.get(u.ownerId)!);
  const meetings = await loadMeetings(ctx, directors, input.today);
  const title = 'Board of Directors election: two seats';
  const vote = await createEntity(ctx, voteEntity, {
    title, kind: 'election', weight_basis: 'share', quorum_basis: 'share', quorum_percent: '30', majority: 'simple', secret: true, electronic: true,
    inspector_user_id: admin.id, questions: [{ text: 'Elect two directors', kind: 'candidates', seats: 2, options: CANDIDATES }],
  });
  const voteId = vote.id as string;
  const opened = await callFunction(ctx, openVoteFn, { vote_id: voteId });
  const answers = () => [{ question_index: 0, choices: choicesOf(rand) }];

  const ballots = { electronic: 0, paper: 0, proxy: 0 };
  let refusal = '';
  for (const [i, u] of units.entries()) {
    const way = ways[i]!;
    if (way === 'proxy' || way === 'portal-proxy') {
      // The owner on their portal, or the manager from the owner's signed proxy form.
      await callFunction(way === 'portal-proxy' ? signedInOf.get(u.ownerId)! : ctx, assignProxyFn, { vote_id: voteId, property_id: u.id, holder_user_id: directors[0]!.actor!.id });
      await callFunction(directors[0]!, castBallotFn, { vote_id: voteId, property_id: u.id, answers: answers() });
      ballots.proxy++;
    } else if (way === 'portal') {
      const owner = signedInOf.get(u.ownerId)!;
      await callFunction(owner, castBallotFn, { vote_id: voteId, property_id: u.id, answers: answers() });
      ballots.electronic++;
      // The first portal voter tries again: a unit casts one ballot.
      if (!refusal) {
        try {
          await callFunction(owner, castBallotFn, { vote_id: voteId, property_id: u.id, answers: answers() });
          throw new Error('a second ballot for one unit was accepted');
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          refusal = `${err.status} ${err.message}`;
        }
      }
    } else if (way === 'paper') {
      await callFunction(ctx, recordPaperBallotFn, { vote_id: voteId, property_id: u.id, answers: answers() });
      ballots.paper++;
    }
  }
  // The directors vote for themselves on the portal.
  for (const [k, d] of directors.entries()) {
    await callFunction(d, castBallotFn, { vote_id: voteId, property_id: units[k]!.id, answers: answers() });
    ballots.electronic++;
  }
  await callFunction(ctx, closeVoteFn, { vote_id: voteId });
  const counted = await results(ctx, voteEntity, voteId);
  // The exported ballot log, as staff download it from the Votes screen, for `node scripts/recount-ballot-log.mjs`.
  const log = await ballotLog(ctx, voteEntity, voteId);
  await mkdir(input.dataDir, { recursive: true });
  const logFile = join(input.dataDir, 'demo-election-ballot-log.json');
  await writeFile(logFile, `${JSON.stringify(log, null, 2)}\n`);
  const [{ n } = { n: 0 }] = (await ctx.db.execute(sql`select count(*)::int as n from vote_electorate where vote_id = ${voteId}`)).rows as Array<{ n: number }>;
  void opened;
  return { title, electorate: n, ballots, refusal, results: counted, logFile, meetings };
}
