import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { participationQuery, proxyHoldersQuery, useCastBallot, useProxy, votesQuery, type Receipt, type Vote } from './votes.api';
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
            ) : unit.eligible && unit.proxy_holder ? (
              <MyProxy key={unit.property_id} vote={vote} unit={unit} />
            ) : unit.eligible ? (
              <div key={unit.property_id} className="space-y-3">
                <BallotForm vote={vote} unit={unit} cast={cast} onCast={(r) => setReceipts((all) => ({ ...all, [unit.property_id]: r }))} />
                <MyProxy vote={vote} unit={unit} />
              </div>
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
export function BallotForm({ vote, unit, cast, onCast, label = 'Cast ballot' }: { vote: Vote; unit: { property_id: string; unit_number: string | null }; cast: ReturnType<typeof useCastBallot>; onCast(receipt: Receipt): void; label?: string }) {
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
      <Button type="submit" disabled={cast.isPending}>{label} for unit {unit.unit_number}</Button>
    </form>
  );
}

/**
 * Instead of voting, an owner may give the unit's proxy to a director, who then votes it; revocable until the unit
 * has voted. A standing proxy is shown with the way to take it back.
 */
function MyProxy({ vote, unit }: { vote: Vote; unit: { property_id: string; unit_number: string | null; proxy_holder: { id: string; full_name: string } | null } }) {
  const holders = useQuery({ ...proxyHoldersQuery(vote.id), enabled: !unit.proxy_holder });
  const proxy = useProxy();
  const [holder, setHolder] = useState('');
  const id = `proxy-${vote.id}-${unit.property_id}`;
  if (unit.proxy_holder) {
    return (
      <div className="space-y-2 text-sm" role="group" aria-label={`Proxy for unit ${unit.unit_number}`}>
        <p>Unit {unit.unit_number}: your proxy is with {unit.proxy_holder.full_name}, who votes the unit.</p>
        <Button variant="outline" size="sm" disabled={proxy.isPending} onClick={() => proxy.mutate({ vote_id: vote.id, property_id: unit.property_id })}>Revoke my proxy</Button>
        <FormError error={proxy.error} />
      </div>
    );
  }
  if (!holders.data?.rows.length) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      aria-label={`Give the proxy of unit ${unit.unit_number}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (holder) proxy.mutate({ vote_id: vote.id, property_id: unit.property_id, holder_user_id: holder });
      }}
    >
      <div className="space-y-1">
        <label htmlFor={id} className="font-medium">Or give your proxy to a director</label>
        <select id={id} className="border-input bg-background block h-9 rounded-md border px-2" value={holder} onChange={(e) => setHolder(e.target.value)}>
          <option value="">Choose a director</option>
          {holders.data.rows.map((h) => <option key={h.id} value={h.id}>{h.full_name}</option>)}
        </select>
      </div>
      <Button type="submit" variant="outline" size="sm" disabled={!holder || proxy.isPending}>Give Proxy</Button>
      <FormError error={proxy.error} />
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
