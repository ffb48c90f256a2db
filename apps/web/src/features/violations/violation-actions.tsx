import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    decide.mutate(
      { hearing_id: hearing.id, outcome, ...(outcome === 'fine' && amount ? { fine_amount: Number(amount) } : {}) },
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
        <Button type="submit" disabled={decide.isPending}>Record Decision</Button>
      </div>
      <FormError error={decide.error} />
    </form>
  );
}

/** What staff do from a violation's timeline (send a notice, schedule a hearing) and what staff or the board decide. */
export function ViolationActions({ timeline, canWrite, canDecide }: { timeline: ViolationTimeline; canWrite: boolean; canDecide: boolean }) {
  const notice = useSendNotice();
  const schedule = useScheduleHearing();
  const [kind, setKind] = useState<'courtesy' | 'notice'>('notice');
  const [hearingOn, setHearingOn] = useState('');
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
            schedule.mutate({ violation_id: v.id, scheduled_for: hearingOn }, { onSuccess: () => { toast.success('Hearing scheduled; the notice of hearing was written'); setHearingOn(''); } });
          }}
        >
          <div className="space-y-1">
            <Label htmlFor="hearing-on">Hearing date</Label>
            <Input id="hearing-on" type="date" required value={hearingOn} onChange={(e) => setHearingOn(e.target.value)} />
          </div>
          <Button type="submit" variant="outline" disabled={schedule.isPending || !hearingOn}>Schedule Hearing</Button>
        </form>
      ) : null}
      <FormError error={schedule.error} />
      {canDecide ? open.map((h) => <DecideHearing key={h.id} hearing={h} />) : null}
    </div>
  );
}
