import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { participationQuery, useCastBallot, votesQuery, type Receipt, type Vote } from './votes.api';
import { ReceiptLookup, VoteResultsView } from './vote-views';

/** My Account's votes: a ballot for each of the owner's units in an open vote, the receipt to keep, results once closed. */
export function MyVotes() {
  const votes = useQuery(votesQuery);
  const shown = (votes.data ?? []).filter((v) => v.status !== 'draft');
  if (shown.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Votes</h2>
        </CardTitle>
        <CardDescription>Cast your unit's ballot, keep its receipt, and find it in the published log.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {shown.map((vote) => (
          <MyVote key={vote.id} vote={vote} />
        ))}
      </CardContent>
    </Card>
  );
}

function MyVote({ vote }: { vote: Vote }) {
  const participation = useQuery({ ...participationQuery(vote.id), enabled: vote.status === 'open' });
  const [showResults, setShowResults] = useState(false);
  // Kept here, not in the ballot form: once cast, the unit shows as voted and the form goes, the receipt stays. The
  // mutation lives here too: the realtime refresh can remove the form before the answer arrives, and a mutation
  // whose component is gone never calls back with the receipt.
  const [receipts, setReceipts] = useState<Record<string, Receipt>>({});
  const cast = useCastBallot();
  return (
    <section className="space-y-3 border-t pt-4 first:border-t-0 first:pt-0" aria-label={vote.title}>
      <h3 className="font-medium">
        {vote.title} <Badge variant="outline">{vote.status === 'open' ? 'Open' : 'Closed'}</Badge>
      </h3>
      {vote.status === 'open'
        ? (participation.data?.mine ?? []).map((unit) =>
            receipts[unit.property_id] ? (
              <ReceiptBox key={unit.property_id} unit={unit} receipt={receipts[unit.property_id]!} />
            ) : unit.voted ? (
              <p key={unit.property_id} className="text-sm">Unit {unit.unit_number}: your ballot is in.</p>
            ) : unit.eligible ? (
              <BallotForm key={unit.property_id} vote={vote} unit={unit} cast={cast} onCast={(r) => setReceipts((all) => ({ ...all, [unit.property_id]: r }))} />
            ) : (
              <p key={unit.property_id} className="text-sm">Unit {unit.unit_number} cannot vote in this vote.</p>
            ),
          )
        : null}
      {vote.status === 'closed' ? (
        showResults ? <VoteResultsView vote={vote} /> : <Button variant="outline" onClick={() => setShowResults(true)}>Show results</Button>
      ) : null}
      <ReceiptLookup vote={vote} />
    </section>
  );
}

/** One unit's ballot: candidates up to the seats, yes or no, or one choice; leaving a question blank abstains on it. */
function BallotForm({ vote, unit, cast, onCast }: { vote: Vote; unit: { property_id: string; unit_number: string | null }; cast: ReturnType<typeof useCastBallot>; onCast(receipt: Receipt): void }) {
  const [choices, setChoices] = useState<string[][]>(() => vote.questions.map(() => []));
  const mine = cast.variables?.property_id === unit.property_id;
  const toggle = (qi: number, option: string, single: boolean, max: number) =>
    setChoices((all) => all.map((c, i) => {
      if (i !== qi) return c;
      if (single) return c[0] === option ? [] : [option];
      if (c.includes(option)) return c.filter((x) => x !== option);
      return c.length >= max ? c : [...c, option];
    }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    cast.mutate(
      { vote_id: vote.id, property_id: unit.property_id, answers: choices.map((c, question_index) => ({ question_index, choices: c })) },
      { onSuccess: onCast },
    );
  };
  return (
    <form className="space-y-3" onSubmit={onSubmit} aria-label={`Ballot for unit ${unit.unit_number}`}>
      {vote.questions.map((q, qi) => {
        const options = q.kind === 'yes_no' ? ['yes', 'no'] : q.options;
        const max = q.kind === 'candidates' ? (q.seats ?? 1) : 1;
        const single = max === 1;
        return (
          <fieldset key={qi} className="space-y-1">
            <legend className="text-sm font-medium">
              {qi + 1}. {q.text}
              {q.kind === 'candidates' ? ` (choose up to ${max})` : ''}
            </legend>
            {options.map((option) => {
              const id = `q-${vote.id}-${unit.property_id}-${qi}-${option}`;
              return (
                <div key={option} className="flex items-center gap-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="size-5"
                    checked={choices[qi]!.includes(option)}
                    onChange={() => toggle(qi, option, single, max)}
                  />
                  <label htmlFor={id} className="text-sm">{option === 'yes' && q.kind === 'yes_no' ? 'Yes' : option === 'no' && q.kind === 'yes_no' ? 'No' : option}</label>
                </div>
              );
            })}
          </fieldset>
        );
      })}
      <FormError error={mine ? cast.error : null} />
      <Button type="submit" disabled={cast.isPending}>Cast ballot for unit {unit.unit_number}</Button>
    </form>
  );
}

/** What the voter keeps: the receipt the log shows, and the proof (the nonce) that the ballot behind it is theirs. */
function ReceiptBox({ unit, receipt }: { unit: { unit_number: string | null }; receipt: Receipt }) {
  return (
    <div className="space-y-1 rounded-md border p-3 text-sm" role="status" aria-label="Your receipt">
      <p className="font-medium">Ballot cast for unit {unit.unit_number}. Keep this receipt and its proof:</p>
      <p className="break-all">Receipt: <code data-testid="receipt">{receipt.receipt}</code></p>
      <p className="break-all">Proof (keep it private): <code>{receipt.nonce}</code></p>
      <p className="text-muted-foreground">The receipt finds your ballot in the published log; the proof shows it is yours without revealing it to anyone else.</p>
    </div>
  );
}
