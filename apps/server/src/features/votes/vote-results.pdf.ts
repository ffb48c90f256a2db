import type { z } from 'zod';
import type { voteResultsSchema } from '@covenant/contracts/votes';
import { letterhead, newDocument, type Letterhead } from '../statements/pdf.ts';

export interface VoteForResultsPdf {
  title: string;
  kind: string;
  weight_basis: string;
  quorum_basis: string;
  quorum_percent: string;
  majority: string;
  majority_percent: string | null;
  secret: boolean;
  opened_at: string | null;
  closed_at: string;
}

const STATUS: Record<string, string> = {
  elected: 'Elected', passed: 'Passed', failed: 'Failed', decided: 'Decided', tie: 'Tie (not broken: the board decides as the governing documents say)',
  no_majority: 'No majority', no_quorum: 'No quorum',
};

/**
 * The results as published when a vote closes: the rules, participation, quorum and each question's tally, with the
 * ballot log's head hash so that anyone can check the published figures against the log they recount.
 */
export async function renderVoteResultsPdf(lh: Letterhead, vote: VoteForResultsPdf, results: z.infer<typeof voteResultsSchema>): Promise<Buffer> {
  const { doc, done } = newDocument(`Results: ${vote.title}`);
  letterhead(doc, lh, 'Results of the vote', [vote.title, `Closed ${vote.closed_at.slice(0, 10)}`]);
  const p = results.participation as unknown as { ballots: number; eligible_units: number; weight: string; eligible_weight: string; percent_by_count: string; percent_by_weight: string };
  const q = results.quorum as unknown as { basis: string; required_percent: string; present: string; total: string; met: boolean };
  const line = (text: string, bold = false) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).text(text, 50, doc.y, { width: 512 });
  line(`${vote.kind === 'election' ? 'Election' : 'Measure'}${vote.secret ? ', secret ballot' : ''}; votes weighed by ${vote.weight_basis}, quorum counted by ${vote.quorum_basis}.`);
  line(`Majority: ${vote.majority === 'percent' ? `${vote.majority_percent ?? ''}%` : vote.majority === 'two_thirds' ? 'two thirds' : 'simple'}.${vote.opened_at ? ` Opened ${vote.opened_at.slice(0, 10)}.` : ''}`);
  doc.moveDown();
  line('Participation', true);
  line(`${p.ballots} of ${p.eligible_units} units voted (${p.percent_by_count}%); weight ${p.weight} of ${p.eligible_weight} (${p.percent_by_weight}%).`);
  line(`Quorum (${q.basis}, ${q.required_percent}% required): ${q.met ? 'met' : 'not met'}, ${q.present} of ${q.total} present.`);
  for (const [i, question] of results.questions.entries()) {
    doc.moveDown();
    line(`${i + 1}. ${question.text}`, true);
    line(`Result: ${STATUS[question.status] ?? question.status}${question.winners.length ? `: ${question.winners.join(', ')}` : ''}${question.tied.length ? `; tied: ${question.tied.join(', ')}` : ''}`);
    for (const t of question.tally) line(`    ${t.option}: weight ${t.weight}, ${t.ballots} ${t.ballots === 1 ? 'ballot' : 'ballots'}`);
  }
  doc.moveDown();
  line('Check these results', true);
  line(`Head hash of the ballot log: ${results.head_hash}`);
  line('Download the ballot log from the Votes screen; any SHA-256 tool recomputes each entry\'s hash as the log describes, and a recount of its ballots gives these figures. Each voter finds their receipt in the log.');
  doc.end();
  return done;
}
