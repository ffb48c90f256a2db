import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { humanize } from '@/lib/format';
import { downloadDocument } from '@/features/documents/documents.api';
import { ballotLogQuery, findReceipt, resultsQuery, type BallotLog, type Vote } from './votes.api';

/** A closed vote's results, recounted by the server from the raw ballots, with the head hash of the log it counted. */
export function VoteResultsView({ vote }: { vote: Pick<Vote, 'id' | 'title' | 'results_document_id'> }) {
  const results = useQuery(resultsQuery(vote.id));
  if (results.isPending) return <Skeleton className="h-24" role="status" aria-label="Loading the results" />;
  if (results.error) return <FormError error={results.error} />;
  const r = results.data;
  const p = r.participation as { ballots: number; eligible_units: number; weight: string; eligible_weight: string; percent_by_count: string; percent_by_weight: string };
  const q = r.quorum as { met: boolean; basis: string; required_percent: string; present: string; total: string };
  return (
    <section className="space-y-3" aria-label={`Results of ${vote.title}`}>
      <p className="text-sm">
        Participation: {p.ballots} of {p.eligible_units} units ({p.percent_by_count}%), weight {p.weight} of {p.eligible_weight} ({p.percent_by_weight}%).
        {' '}Quorum ({q.basis === 'share' ? 'by share' : 'by unit'}, {q.required_percent}%): <strong>{q.met ? 'met' : 'not met'}</strong> with {q.present} of {q.total}.
      </p>
      {r.questions.map((question, i) => (
        <div key={i} className="space-y-2">
          <h4 className="font-medium">
            {i + 1}. {question.text} <Badge variant="outline">{humanize(question.status)}</Badge>
            {question.winners.length ? <span className="ml-2 text-sm">Winners: {question.winners.join(', ')}</span> : null}
            {question.tied.length ? <span className="ml-2 text-sm">Tied: {question.tied.join(', ')}</span> : null}
          </h4>
          <DataTable
            label={`Tally of question ${i + 1}`}
            columns={[
              { id: 'option', header: 'Option', cell: (t) => t.option },
              { id: 'weight', header: 'Weight', cell: (t) => t.weight, align: 'end' },
              { id: 'ballots', header: 'Ballots', cell: (t) => t.ballots, align: 'end' },
            ]}
            rows={question.tally}
            rowKey={(t) => t.option}
            empty="No ballots"
          />
        </div>
      ))}
      <p className="text-muted-foreground text-xs break-all">Head hash of the ballot log counted: <code>{r.head_hash}</code></p>
      {vote.results_document_id ? (
        <Button variant="outline" size="sm" onClick={() => void downloadDocument({ id: vote.results_document_id!, file_name: null, title: `Results ${vote.title}` }).catch((e: Error) => toast.error(e.message))}>
          Download the published results (PDF)
        </Button>
      ) : null}
    </section>
  );
}

/** The ballot log as anyone may recount it: each entry's weight, answers, receipt and hash; a receipt finds its entry. */
export function BallotLogView({ vote }: { vote: Pick<Vote, 'id' | 'title' | 'questions'> }) {
  const log = useQuery(ballotLogQuery(vote.id));
  return (
    <section className="space-y-3" aria-label={`Ballot log of ${vote.title}`}>
      <ReceiptLookup vote={vote} />
      {log.error ? <FormError error={log.error} /> : null}
      {log.data ? (
        <>
          <p className="text-muted-foreground text-xs break-all">
            {log.data.entries.length} ballots · head hash <code>{log.data.head_hash}</code>
          </p>
          <LogEntries vote={vote} log={log.data} />
        </>
      ) : null}
    </section>
  );
}

function answersText(vote: Pick<Vote, 'questions'>, entry: BallotLog['entries'][number]): string {
  return entry.ballot.answers.map((a) => `${a.question_index + 1}: ${a.choices.length ? a.choices.join(', ') : 'abstained'}`).join('; ') || (vote.questions.length ? 'abstained' : '');
}

function LogEntries({ vote, log }: { vote: Pick<Vote, 'questions'>; log: BallotLog }) {
  return (
    <DataTable
      label="Ballot log"
      columns={[
        { id: 'seq', header: '#', cell: (e) => e.seq },
        { id: 'weight', header: 'Weight', cell: (e) => e.ballot.weight, align: 'end' },
        { id: 'answers', header: 'Answers', cell: (e) => answersText(vote, e) },
        { id: 'receipt', header: 'Receipt', cell: (e) => <code className="text-xs break-all">{e.receipt}</code>, hideBelow: 'md' },
      ]}
      rows={log.entries}
      rowKey={(e) => String(e.seq)}
      empty="No ballots yet"
    />
  );
}

/** A voter pastes their receipt: the log answers the entry that carries it (the ballot as it was counted). */
export function ReceiptLookup({ vote, initial = '' }: { vote: Pick<Vote, 'id' | 'questions'>; initial?: string }) {
  const [receipt, setReceipt] = useState(initial);
  const [found, setFound] = useState<BallotLog['entries'][number] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFound(null);
    try {
      setFound((await findReceipt(vote.id, receipt)).entries[0] ?? null);
    } catch (err) {
      setError(err);
    }
  };
  const id = `receipt-${vote.id}`;
  return (
    <form className="space-y-2" onSubmit={(e) => void onSubmit(e)}>
      <Label htmlFor={id}>Find a receipt in the log</Label>
      <div className="flex gap-2">
        <Input id={id} value={receipt} onChange={(e) => setReceipt(e.target.value)} placeholder="64 characters" className="font-mono" />
        <Button type="submit" variant="outline" disabled={!receipt.trim()}>Find</Button>
      </div>
      <FormError error={error} />
      {found ? (
        <p className="text-sm" role="status">
          Found: entry #{found.seq}, weight {found.ballot.weight}, answers {answersText(vote, found)}.
        </p>
      ) : null}
    </form>
  );
}
