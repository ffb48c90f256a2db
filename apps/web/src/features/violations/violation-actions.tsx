import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { humanize } from '@/lib/format';
import { usersQuery } from '@/features/users/users.api';
import { useDecideHearing, useScheduleHearing, useSendNotice, type ViolationTimeline } from './violations.api';

const SELECT = 'h-9 rounded-md border bg-background px-2 text-sm';
const OUTCOMES = [
  { id: 'fine', text: 'Fine' },
  { id: 'no_fine', text: 'No fine' },
  { id: 'cured', text: 'Cured, no fine' },
] as const;
type Outcome = (typeof OUTCOMES)[number]['id'];

/** Decides one hearing: the outcome and, for a fine, its amount (empty: the type's fine). */
function DecideHearing({ hearing }: { hearing: ViolationTimeline['hearings'][number] }) {
  const decide = useDecideHearing();
  const [outcome, setOutcome] = useState<Outcome>('fine');
  const [amount, setAmount] = useState('');
  const [healthSafety, setHealthSafety] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(
      { hearing_id: hearing.id, outcome, ...(outcome === 'fine' && amount ? { fine_amount: Number(amount) } : {}), ...(outcome === 'fine' && healthSafety ? { health_safety_finding: true } : {}) },
      { onSuccess: (r) => toast.success(r.hearing.fine_amount ? `Fine of ${formatMoney(r.hearing.fine_amount)} invoiced` : 'Hearing decided') },
    );
  };
  const id = `decide-${hearing.id}`;
  return (
    <form className="space-y-2" onSubmit={onSubmit} aria-label={`Decide the hearing of ${hearing.scheduled_for}`}>
      <p className="font-medium">Decide the hearing of {hearing.scheduled_for}</p>
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor={`${id}-outcome`}>Outcome</Label>
          <select id={`${id}-outcome`} className={SELECT} value={outcome} onChange={(e) => setOutcome(e.target.value as Outcome)}>
            {OUTCOMES.map((o) => <option key={o.id} value={o.id}>{o.text}</option>)}
          </select>
        </div>
        {outcome === 'fine' ? (
          <div className="space-y-1">
            <Label htmlFor={`${id}-amount`}>Fine amount ($, empty: the type's fine)</Label>
            <Input id={`${id}-amount`} type="number" min="0" step="0.01" inputMode="decimal" className="w-40" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </div>
        ) : null}
        {outcome === 'fine' ? (
          <div className="flex items-center gap-2 pb-2">
            <input id={`${id}-health`} type="checkbox" className="size-4" checked={healthSafety} onChange={(e) => setHealthSafety(e.target.checked)} />
            <Label htmlFor={`${id}-health`}>The board found in writing that the violation may harm health or safety</Label>
          </div>
        ) : null}
        <Button type="submit" disabled={decide.isPending}>Record Decision</Button>
      </div>
      <FormError error={decide.error} />
    </form>
  );
}

/**
 * The hearing committee: people of the association found by name or email. Florida needs at least three who are not
 * directors, officers or employees; the server checks and names the rule, the picker shows each person's role.
 */
function CommitteePicker({ chosen, onChange }: { chosen: Array<{ id: string; name: string }>; onChange(next: Array<{ id: string; name: string }>): void }) {
  const [search, setSearch] = useState('');
  const people = useQuery({ ...usersQuery(search), enabled: search.trim().length > 0 });
  const toggle = (id: string, name: string) => onChange(chosen.some((c) => c.id === id) ? chosen.filter((c) => c.id !== id) : [...chosen, { id, name }]);
  return (
    <fieldset className="w-full space-y-1">
      <legend className="text-sm font-medium">Hearing committee ({chosen.length} chosen)</legend>
      {chosen.length ? (
        <ul className="flex flex-wrap gap-1" aria-label="Committee members">
          {chosen.map((c) => (
            <li key={c.id}>
              <Button type="button" size="sm" variant="secondary" aria-label={`Remove ${c.name} from the committee`} onClick={() => toggle(c.id, c.name)}>{c.name} ×</Button>
            </li>
          ))}
        </ul>
      ) : null}
      <Label htmlFor="committee-search" className="sr-only">Find a committee member</Label>
      <Input id="committee-search" type="search" placeholder="Find a person by name or email" className="max-w-sm" value={search} onChange={(e) => setSearch(e.target.value)} />
      {people.data?.rows.length ? (
        <ul className="max-h-48 space-y-1 overflow-auto" aria-label="People found">
          {people.data.rows.map((u) => {
            const boxId = `committee-${u.id}`;
            return (
              <li key={u.id} className="flex items-center gap-2">
                <input id={boxId} type="checkbox" className="size-4" checked={chosen.some((c) => c.id === u.id)} onChange={() => toggle(u.id, u.full_name)} />
                <Label htmlFor={boxId}>{u.full_name} <span className="text-muted-foreground">({humanize(u.user_role ?? u.role)})</span></Label>
              </li>
            );
          })}
        </ul>
      ) : null}
    </fieldset>
  );
}

/** What staff do from a violation's timeline (send a notice, schedule a hearing) and what staff or the board decide. */
export function ViolationActions({ timeline, canWrite, canDecide }: { timeline: ViolationTimeline; canWrite: boolean; canDecide: boolean }) {
  const notice = useSendNotice();
  const schedule = useScheduleHearing();
  const [kind, setKind] = useState<'courtesy' | 'notice'>('notice');
  const [hearingOn, setHearingOn] = useState('');
  const [noticeSentOn, setNoticeSentOn] = useState('');
  const [committee, setCommittee] = useState<Array<{ id: string; name: string }>>([]);
  const v = timeline.violation;
  const ended = ['fined', 'closed', 'dismissed'].includes(v.status);
  const open = timeline.hearings.filter((h) => !h.decided_on);
  return (
    <div className="space-y-4 border-t pt-4">
      {canWrite && !ended ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Send a notice"
          onSubmit={(e) => {
            e.preventDefault();
            notice.mutate({ violation_id: v.id, kind }, { onSuccess: (n) => toast.success(`${n.subject}: ${n.delivery === 'print' ? 'kept to print' : 'sent'}`) });
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="notice-kind">Notice</Label>
            <select id="notice-kind" className={SELECT} value={kind} onChange={(e) => setKind(e.target.value as 'courtesy' | 'notice')}>
              <option value="courtesy">Courtesy notice</option>
              <option value="notice">Notice of violation</option>
            </select>
          </div>
          <Button type="submit" variant="outline" disabled={notice.isPending}>Send Notice</Button>
        </form>
      ) : null}
      <FormError error={notice.error} />
      {canWrite && !ended && open.length === 0 ? (
        <form
          className="flex flex-wrap items-end gap-2"
          aria-label="Schedule a hearing"
          onSubmit={(e) => {
            e.preventDefault();
            schedule.mutate(
              { violation_id: v.id, scheduled_for: hearingOn, committee_member_ids: committee.map((m) => m.id), ...(noticeSentOn ? { notice_sent_on: noticeSentOn } : {}) },
              { onSuccess: () => { toast.success('Hearing scheduled; the notice of hearing was written'); setHearingOn(''); setNoticeSentOn(''); setCommittee([]); } },
            );
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="hearing-on">Hearing date</Label>
            <Input id="hearing-on" type="date" required value={hearingOn} onChange={(e) => setHearingOn(e.target.value)} />
          </div>
          <div className="space-y-1">
            <Label htmlFor="hearing-notice-on">Notice sent on (empty: today)</Label>
            <Input id="hearing-notice-on" type="date" value={noticeSentOn} onChange={(e) => setNoticeSentOn(e.target.value)} />
          </div>
          <CommitteePicker chosen={committee} onChange={setCommittee} />
          <Button type="submit" variant="outline" disabled={schedule.isPending || !hearingOn}>Schedule Hearing</Button>
        </form>
      ) : null}
      <FormError error={schedule.error} />
      {canDecide ? open.map((h) => <DecideHearing key={h.id} hearing={h} />) : null}
    </div>
  );
}
