import { useQuery } from '@tanstack/react-query';
import { PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { FormError } from '@/components/form-error';
import { ListPage } from '@/components/list-page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/native-select';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { useLiveRefresh } from '@/lib/entities';
import { isForbidden, NoAccess } from '@/app/page-access';
import { participationQuery, STATUS_LABELS, useCreateVote, useVoteStep, votesQuery, type Vote, type VoteBody } from './votes.api';
import { ElectorateView } from './electorate-view';
import { BallotLogView, VoteResultsView } from './vote-views';

/** Votes and elections: drafts with their rule set, opening (the electorate) and closing, live participation, results and the log. */
export default function VotesPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'votes');
  const votes = useQuery(votesQuery);
  // Live participation: every ballot, proxy, opening and closing publishes its vote; its counts and electorate refresh.
  useLiveRefresh(['votes'], 'Vote');
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const open = useVoteStep('openVote');
  const close = useVoteStep('closeVote');
  if (isForbidden(votes.error)) return <NoAccess />;
  const current = votes.data?.find((v) => v.id === selected) ?? null;
  return (
    <ListPage
      title="Votes"
      description="Elections and measures: the electorate, participation, results anyone can recount"
      actions={canWrite ? <Button onClick={() => setCreating(true)}><PlusIcon /> New Vote</Button> : null}
      error={votes.error}
    >
      <DataTable
        label="Votes"
        loading={votes.isPending && 'Loading votes'}
        columns={[
          { id: 'title', header: 'Title', cell: (v) => v.title },
          { id: 'kind', header: 'Kind', cell: (v) => (v.kind === 'election' ? 'Election' : 'Measure') },
          { id: 'status', header: 'Status', cell: (v) => <Badge variant="outline">{STATUS_LABELS[v.status]}</Badge> },
          { id: 'rules', header: 'Counted', cell: (v) => `${v.weight_basis === 'share' ? 'By share' : 'One vote per unit'}, quorum ${v.quorum_percent}%${v.secret ? ', secret' : ''}${v.electronic ? '' : ', paper only'}`, hideBelow: 'md' },
        ]}
        rows={votes.data ?? []}
        rowKey={(v) => v.id}
        rowProps={(v) => ({ 'aria-label': v.title })}
        empty="No votes yet"
        actions={(v) => (
          <div className="flex flex-wrap justify-end gap-2">
            <Button size="sm" variant="outline" onClick={() => setSelected(v.id)}>View</Button>
            {canWrite && v.status === 'draft' ? (
              <Button size="sm" disabled={open.isPending} onClick={() => open.mutate(v.id, { onSuccess: () => toast.success('Vote opened') })}>Open</Button>
            ) : null}
            {canWrite && v.status === 'open' ? (
              <Button size="sm" disabled={close.isPending} onClick={() => close.mutate(v.id, { onSuccess: () => toast.success('Vote closed') })}>Close</Button>
            ) : null}
          </div>
        )}
      />
      <FormError error={open.error ?? close.error} />
      {current ? <VoteDetail vote={current} /> : null}
      {creating ? <NewVoteDialog onClose={() => setCreating(false)} /> : null}
    </ListPage>
  );
}

function VoteDetail({ vote }: { vote: Vote }) {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'votes');
  const isInspector = Boolean(vote.inspector_user_id) && vote.inspector_user_id === user.id;
  const participation = useQuery({ ...participationQuery(vote.id), enabled: vote.status !== 'draft' });
  const p = participation.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{vote.title}</h2>
        </CardTitle>
        <CardDescription>
          {vote.questions.length} {vote.questions.length === 1 ? 'question' : 'questions'} · {STATUS_LABELS[vote.status]}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {vote.status === 'draft' ? <p className="text-sm">Open the vote to take the electorate and accept ballots.</p> : null}
        {p ? (
          <section aria-label="Participation" className="space-y-2">
            <h3 className="font-medium">Participation</h3>
            <p className="text-sm">
              {p.voted_units} of {p.eligible_units} units have voted (weight {p.voted_weight} of {p.eligible_weight}): {p.by_method.electronic} online, {p.by_method.paper} on paper, {p.by_method.proxy} by proxy.
            </p>
            {p.identifying_weights && p.identifying_weights.units > 0 ? (
              <Alert>
                <AlertTitle>Some secret ballots can be matched to their unit by weight</AlertTitle>
                <AlertDescription>
                  {p.identifying_weights.units} of {p.identifying_weights.of} eligible units carry a weight no other unit carries. The ballot log shows each ballot's weight, so
                  those units' choices can be read from it. Weigh votes by unit, or give units of one type the same share, to keep every ballot secret.
                </AlertDescription>
              </Alert>
            ) : null}
            {p.units ? (
              <DataTable
                label="Units that voted"
                columns={[
                  { id: 'unit', header: 'Unit', cell: (u) => u.unit_number ?? u.property_id },
                  { id: 'method', header: 'How', cell: (u) => u.method },
                  { id: 'on', header: 'On', cell: (u) => u.cast_on },
                ]}
                rows={p.units}
                rowKey={(u) => u.property_id}
                empty="No unit has voted yet"
              />
            ) : null}
          </section>
        ) : null}
        {vote.status !== 'draft' && (canWrite || isInspector) ? <ElectorateView vote={vote} canWrite={canWrite} isInspector={isInspector} /> : null}
        {vote.status === 'closed' ? <VoteResultsView vote={vote} /> : null}
        {vote.status !== 'draft' ? <BallotLogView vote={vote} /> : null}
      </CardContent>
    </Card>
  );
}

type QuestionDraft = { text: string; kind: 'candidates' | 'yes_no' | 'choice'; seats: string; options: string };
const blankQuestion = (): QuestionDraft => ({ text: '', kind: 'yes_no', seats: '1', options: '' });

/** A draft vote: its rule set and questions; nothing is counted until it opens. */
function NewVoteDialog({ onClose }: { onClose(): void }) {
  const create = useCreateVote();
  const [title, setTitle] = useState('');
  const [kind, setKind] = useState<'election' | 'measure'>('election');
  const [weightBasis, setWeightBasis] = useState<'unit' | 'share'>('unit');
  const [quorum, setQuorum] = useState('');
  const [majority, setMajority] = useState<'simple' | 'two_thirds'>('simple');
  const [secret, setSecret] = useState(false);
  const [electronic, setElectronic] = useState(true);
  const [questions, setQuestions] = useState<QuestionDraft[]>([blankQuestion()]);
  const change = (i: number, patch: Partial<QuestionDraft>) => setQuestions((qs) => qs.map((q, j) => (j === i ? { ...q, ...patch } : q)));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body: VoteBody = {
      title, kind, weight_basis: weightBasis, quorum_basis: weightBasis, quorum_percent: quorum.trim() || null, majority, secret, electronic,
      questions: questions.map((q) => ({
        text: q.text, kind: q.kind, seats: q.kind === 'candidates' ? Number(q.seats) : null,
        options: q.kind === 'yes_no' ? [] : q.options.split('\n').map((o) => o.trim()).filter(Boolean),
      })),
    };
    create.mutate(body, { onSuccess: () => { toast.success('Vote created'); onClose(); } });
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New Vote</DialogTitle>
          <DialogDescription>The rules are fixed when the vote opens; results are counted from the ballots when it closes.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit}>
          <div className="space-y-1">
            <Label htmlFor="vote-title">Title</Label>
            <Input id="vote-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <NativeSelect id="vote-kind" label="Kind" value={kind} onChange={(v) => setKind(v as 'election' | 'measure')} options={[['election', 'Election'], ['measure', 'Measure']]} />
            <NativeSelect id="vote-weight" label="Votes counted" value={weightBasis} onChange={(v) => setWeightBasis(v as 'unit' | 'share')} options={[['unit', 'One vote per unit'], ['share', "By each unit's share"]]} />
            <div className="space-y-1">
              <Label htmlFor="vote-quorum">Quorum (%)</Label>
              <Input id="vote-quorum" value={quorum} onChange={(e) => setQuorum(e.target.value)} placeholder="The state's default" />
            </div>
            <NativeSelect id="vote-majority" label="Majority" value={majority} onChange={(v) => setMajority(v as 'simple' | 'two_thirds')} options={[['simple', 'Simple majority'], ['two_thirds', 'Two thirds']]} />
          </div>
          <div className="flex flex-wrap gap-6">
            <label className="flex items-center gap-2 text-sm"><input type="checkbox" className="size-4" checked={secret} onChange={(e) => setSecret(e.target.checked)} /> Secret ballot</label>
            <label className="flex items-center gap-2 text-sm"><input type="checkbox" className="size-4" checked={electronic} onChange={(e) => setElectronic(e.target.checked)} /> Owners may vote online</label>
          </div>
          {questions.map((q, i) => (
            <fieldset key={i} className="space-y-2 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Question {i + 1}</legend>
              <Label htmlFor={`q-text-${i}`}>Question</Label>
              <Input id={`q-text-${i}`} value={q.text} onChange={(e) => change(i, { text: e.target.value })} required />
              <div className="grid gap-3 sm:grid-cols-2">
                <NativeSelect id={`q-kind-${i}`} label="Answer" value={q.kind} onChange={(v) => change(i, { kind: v as QuestionDraft['kind'] })} options={[['yes_no', 'Yes or no'], ['candidates', 'Candidates'], ['choice', 'One of several choices']]} />
                {q.kind === 'candidates' ? (
                  <div className="space-y-1">
                    <Label htmlFor={`q-seats-${i}`}>Seats</Label>
                    <Input id={`q-seats-${i}`} type="number" min={1} value={q.seats} onChange={(e) => change(i, { seats: e.target.value })} />
                  </div>
                ) : null}
              </div>
              {q.kind !== 'yes_no' ? (
                <div className="space-y-1">
                  <Label htmlFor={`q-options-${i}`}>{q.kind === 'candidates' ? 'Candidates (one per line)' : 'Choices (one per line)'}</Label>
                  <textarea id={`q-options-${i}`} className="border-input w-full rounded-md border bg-transparent p-2 text-sm" rows={3} value={q.options} onChange={(e) => change(i, { options: e.target.value })} />
                </div>
              ) : null}
              {questions.length > 1 ? <Button type="button" variant="outline" size="sm" onClick={() => setQuestions((qs) => qs.filter((_, j) => j !== i))}>Remove question {i + 1}</Button> : null}
            </fieldset>
          ))}
          <Button type="button" variant="outline" onClick={() => setQuestions((qs) => [...qs, blankQuestion()])}><PlusIcon /> Add question</Button>
          <FormError error={create.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={create.isPending}>Create Vote</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
