import { useQuery } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, PlusIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { isMemberMeeting, MEETING_KIND_LABELS, MEETING_KINDS, meetingStart, type DirectorVote, type MeetingKind } from '@covenant/contracts/meetings';
import { DataTable } from '@/components/data-table';
import { FormError } from '@/components/form-error';
import { ListPage } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/native-select';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import {
  directorsQuery, formatWhen, laterMeetingsQuery, meetingsOfMonthQuery, motionsQuery, useApproveMinutes, useCreateMeeting, useRecordMotion, useSaveAttendance, useSaveMinutes, useSendNotice,
  type Meeting, type MeetingBody,
} from './meetings.api';
import { MonthCalendar } from './month-calendar';

const thisMonth = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
function shiftMonth(month: string, by: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(y, m - 1 + by, 1);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
}
const monthLabel = (month: string) => {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(y, m - 1, 1).toLocaleString('en-US', { month: 'long', year: 'numeric' });
};

/** Meetings by month (a calendar and a list): notices, agendas, motions with each director's vote, and minutes approved at a later meeting. */
export default function MeetingsPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'meetings');
  const [month, setMonth] = useState(thisMonth);
  const meetings = useQuery(meetingsOfMonthQuery(month));
  const [creating, setCreating] = useState(false);
  const [selected, setSelected] = useState<Meeting | null>(null);
  if (isForbidden(meetings.error)) return <NoAccess />;
  const current = selected ? (meetings.data?.find((m) => m.id === selected.id) ?? selected) : null;
  return (
    <ListPage
      title="Meetings"
      description="Board, committee and members' meetings: notices, agendas, motions and minutes"
      actions={canWrite ? <Button onClick={() => setCreating(true)}><PlusIcon /> New Meeting</Button> : null}
      error={meetings.error}
    >
      <nav aria-label="Month" className="flex items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => setMonth((m) => shiftMonth(m, -1))}><ChevronLeftIcon /> Previous month</Button>
        <h2 className="min-w-40 text-center font-medium" aria-live="polite">{monthLabel(month)}</h2>
        <Button variant="outline" size="sm" onClick={() => setMonth((m) => shiftMonth(m, 1))}>Next month <ChevronRightIcon /></Button>
      </nav>
      <MonthCalendar month={month} label={`Calendar of ${monthLabel(month)}`} meetings={meetings.data ?? []} selectedId={current?.id ?? null} onSelect={setSelected} />
      <DataTable
        label={`Meetings in ${monthLabel(month)}`}
        loading={meetings.isPending && 'Loading meetings'}
        columns={[
          { id: 'when', header: 'When', cell: (m) => formatWhen(m.starts_at) },
          { id: 'title', header: 'Title', cell: (m) => m.title },
          { id: 'kind', header: 'Kind', cell: (m) => MEETING_KIND_LABELS[m.kind] },
          { id: 'notice', header: 'Notice', cell: (m) => (m.notice_sent_on ? `Sent ${m.notice_sent_on}` : 'Not sent'), hideBelow: 'md' },
          { id: 'minutes', header: 'Minutes', cell: (m) => <Badge variant="outline">{m.minutes_status === 'approved' ? 'Approved' : 'Draft'}</Badge>, hideBelow: 'md' },
        ]}
        rows={meetings.data ?? []}
        rowKey={(m) => m.id}
        rowProps={(m) => ({ 'aria-label': m.title })}
        empty="No meetings this month"
        actions={(m) => <Button size="sm" variant="outline" onClick={() => setSelected(m)}>View</Button>}
      />
      {current ? <MeetingDetail key={current.id} meeting={current} canWrite={canWrite} /> : null}
      {creating ? <NewMeetingDialog onClose={() => setCreating(false)} onCreated={(m) => { setMonth(monthOf(m.starts_at)); setSelected(m); }} /> : null}
    </ListPage>
  );
}

const monthOf = (startsAt: string) => {
  const d = meetingStart(startsAt);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};

function MeetingDetail({ meeting, canWrite }: { meeting: Meeting; canWrite: boolean }) {
  const notice = useSendNotice();
  const board = !isMemberMeeting(meeting.kind);
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{meeting.title}</h2>
        </CardTitle>
        <CardDescription>
          {MEETING_KIND_LABELS[meeting.kind]} meeting · {formatWhen(meeting.starts_at)}
          {meeting.location ? ` · ${meeting.location}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {meeting.video_url ? <p className="text-sm">Video: <a className="underline" href={meeting.video_url} target="_blank" rel="noreferrer">{meeting.video_url}</a></p> : null}
        <section aria-label="Agenda" className="space-y-2">
          <h3 className="font-medium">Agenda</h3>
          {meeting.agenda.length ? (
            <ol className="list-decimal space-y-1 pl-6 text-sm">
              {meeting.agenda.map((item, i) => (
                <li key={i}>{item.title}{item.description ? <span className="text-muted-foreground"> — {item.description}</span> : null}</li>
              ))}
            </ol>
          ) : <p className="text-sm">No agenda items</p>}
        </section>
        <section aria-label="Notice" className="space-y-2">
          <h3 className="font-medium">Notice</h3>
          {meeting.notice_sent_on ? (
            <p className="text-sm">Notice sent on {meeting.notice_sent_on} to {board ? 'the board' : 'the owners'}.</p>
          ) : canWrite ? (
            <Button size="sm" disabled={notice.isPending} onClick={() => notice.mutate(meeting.id, { onSuccess: (r) => toast.success(`Notice sent to ${r.recipients} ${r.recipients === 1 ? 'person' : 'people'}`) })}>Send Notice</Button>
          ) : <p className="text-sm">Not sent yet</p>}
          <FormError error={notice.error} title="Notice refused" />
        </section>
        {board ? <Attendance meeting={meeting} canWrite={canWrite} /> : null}
        {board ? <Motions meeting={meeting} canWrite={canWrite} /> : null}
        <Minutes meeting={meeting} canWrite={canWrite} />
      </CardContent>
    </Card>
  );
}

/** The directors present: recorded by staff until the minutes are approved (their document lists them). */
function Attendance({ meeting, canWrite }: { meeting: Meeting; canWrite: boolean }) {
  const directors = useQuery(directorsQuery);
  const save = useSaveAttendance();
  const [present, setPresent] = useState<string[]>(meeting.attendee_ids);
  const people = directors.data?.rows ?? [];
  const editable = canWrite && meeting.minutes_status === 'draft';
  const nameOf = (id: string) => people.find((d) => d.id === id)?.name ?? people.find((d) => d.id === id)?.email ?? id;
  return (
    <section aria-label="Attendance" className="space-y-2">
      <h3 className="font-medium">Attendance</h3>
      {editable && people.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm">Directors present</legend>
          <div className="flex flex-wrap gap-4">
            {people.map((d) => (
              <label key={d.id} className="flex items-center gap-2 text-sm">
                <input type="checkbox" className="size-4" checked={present.includes(d.id)}
                  onChange={(e) => setPresent((all) => (e.target.checked ? [...all, d.id] : all.filter((id) => id !== d.id)))} />
                {d.name ?? d.email}
              </label>
            ))}
          </div>
          <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ id: meeting.id, attendee_ids: present }, { onSuccess: () => toast.success('Attendance saved') })}>Save Attendance</Button>
          <FormError error={save.error} />
        </fieldset>
      ) : (
        <p className="text-sm">{meeting.attendee_ids.length ? `Present: ${meeting.attendee_ids.map(nameOf).join(', ')}` : 'No attendance recorded'}</p>
      )}
    </section>
  );
}

const VOTE_LABELS: Record<DirectorVote, string> = { yes: 'Yes', no: 'No', abstain: 'Abstain', absent: 'Absent' };

function Motions({ meeting, canWrite }: { meeting: Meeting; canWrite: boolean }) {
  const motions = useQuery(motionsQuery(meeting.id));
  const [recording, setRecording] = useState(false);
  return (
    <section aria-label="Motions" className="space-y-2">
      <h3 className="font-medium">Motions</h3>
      {motions.data?.rows.length ? (
        <ul className="space-y-3">
          {motions.data.rows.map((m) => (
            <li key={m.id} className="rounded-md border p-3 text-sm">
              <p className="font-medium">{m.text} <Badge variant="outline">{m.result === 'passed' ? 'Passed' : m.result === 'failed' ? 'Failed' : 'Tabled'}</Badge></p>
              {m.votes.length ? (
                <ul aria-label={`Votes on ${m.text}`} className="mt-1 flex flex-wrap gap-x-4">
                  {m.votes.map((v) => <li key={v.user_id}>{v.name ?? v.user_id}: {VOTE_LABELS[v.vote]}</li>)}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      ) : <p className="text-sm">No motions recorded</p>}
      {canWrite && !recording ? <Button size="sm" variant="outline" onClick={() => setRecording(true)}><PlusIcon /> Record Motion</Button> : null}
      {recording ? <MotionForm meetingId={meeting.id} onDone={() => setRecording(false)} /> : null}
    </section>
  );
}

function MotionForm({ meetingId, onDone }: { meetingId: string; onDone(): void }) {
  const directors = useQuery(directorsQuery);
  const record = useRecordMotion();
  const [text, setText] = useState('');
  const [movedBy, setMovedBy] = useState('');
  const [secondedBy, setSecondedBy] = useState('');
  const [votes, setVotes] = useState<Record<string, DirectorVote>>({});
  const people = directors.data?.rows ?? [];
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    record.mutate(
      { meeting_id: meetingId, text, moved_by: movedBy || null, seconded_by: secondedBy || null, votes: people.map((d) => ({ user_id: d.id, vote: votes[d.id] ?? 'absent' })) },
      { onSuccess: (m) => { toast.success(`Motion ${m.result}`); onDone(); } },
    );
  };
  const choices: ReadonlyArray<readonly [string, string]> = [['', 'Nobody'], ...people.map((d) => [d.id, d.name ?? d.email] as const)];
  return (
    <form className="space-y-3 rounded-md border p-3" onSubmit={onSubmit} aria-label="Record Motion">
      <div className="space-y-1">
        <Label htmlFor="motion-text">Motion</Label>
        <Input id="motion-text" value={text} onChange={(e) => setText(e.target.value)} required />
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <NativeSelect id="motion-moved" label="Moved by" value={movedBy} onChange={setMovedBy} options={choices} />
        <NativeSelect id="motion-seconded" label="Seconded by" value={secondedBy} onChange={setSecondedBy} options={choices} />
      </div>
      {people.length ? (
        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-medium">Each director's vote</legend>
          {people.map((d) => (
            <NativeSelect key={d.id} id={`vote-${d.id}`} label={`Vote of ${d.name ?? d.email}`} value={votes[d.id] ?? 'absent'} onChange={(v) => setVotes((all) => ({ ...all, [d.id]: v as DirectorVote }))}
              options={(['yes', 'no', 'abstain', 'absent'] as const).map((v) => [v, VOTE_LABELS[v]] as const)} />
          ))}
        </fieldset>
      ) : <p className="text-sm">This association has no directors (users with the board member role).</p>}
      <FormError error={record.error} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={record.isPending}>Save Motion</Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function Minutes({ meeting, canWrite }: { meeting: Meeting; canWrite: boolean }) {
  const save = useSaveMinutes();
  const approve = useApproveMinutes();
  const later = useQuery({ ...laterMeetingsQuery(meeting), enabled: canWrite && meeting.minutes_status === 'draft' });
  const [text, setText] = useState(meeting.minutes ?? '');
  const [at, setAt] = useState('');
  const approved = meeting.minutes_status === 'approved';
  return (
    <section aria-label="Minutes" className="space-y-2">
      <h3 className="font-medium">Minutes {approved ? <Badge variant="outline">Approved</Badge> : <Badge variant="outline">Draft</Badge>}</h3>
      {approved || !canWrite ? (
        <>
          <p className="text-sm whitespace-pre-wrap">{meeting.minutes || 'No minutes yet'}</p>
          {approved ? <p className="text-sm">These minutes were approved and published with the association's documents.</p> : null}
        </>
      ) : (
        <>
          <Label htmlFor="minutes-text">Minutes (draft)</Label>
          <textarea id="minutes-text" className="border-input w-full rounded-md border bg-transparent p-2 text-sm" rows={6} value={text} onChange={(e) => setText(e.target.value)} />
          <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => save.mutate({ id: meeting.id, minutes: text }, { onSuccess: () => toast.success('Minutes saved') })}>Save Minutes</Button>
          <FormError error={save.error} />
          <div className="flex flex-wrap items-end gap-2 pt-2">
            <NativeSelect id="approve-at" label="Approved at meeting" value={at} onChange={setAt}
              options={[['', later.data?.length ? 'Choose a later meeting' : 'No later meeting has begun'], ...(later.data ?? []).map((m) => [m.id, `${m.title} (${formatWhen(m.starts_at)})`] as const)]} />
            <Button size="sm" disabled={!at || approve.isPending} onClick={() => approve.mutate({ meeting_id: meeting.id, approved_at_meeting_id: at }, { onSuccess: () => toast.success('Minutes approved') })}>Approve Minutes</Button>
          </div>
          <FormError error={approve.error} />
        </>
      )}
    </section>
  );
}

type AgendaDraft = { title: string; description: string };

/** A new meeting: its kind decides who is noticed and who may read it. */
function NewMeetingDialog({ onClose, onCreated }: { onClose(): void; onCreated(m: Meeting): void }) {
  const create = useCreateMeeting();
  const [kind, setKind] = useState<MeetingKind>('board');
  const [title, setTitle] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [location, setLocation] = useState('');
  const [videoUrl, setVideoUrl] = useState('');
  const [assessments, setAssessments] = useState(false);
  const [agenda, setAgenda] = useState<AgendaDraft[]>([{ title: '', description: '' }]);
  const change = (i: number, patch: Partial<AgendaDraft>) => setAgenda((items) => items.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body: MeetingBody = {
      kind, title, starts_at: startsAt ? new Date(startsAt).toISOString() : '', location: location || null, video_url: videoUrl || null, considers_assessments: assessments,
      agenda: agenda.filter((a) => a.title.trim()).map((a) => ({ title: a.title, description: a.description || null })),
    };
    create.mutate(body, { onSuccess: (m) => { toast.success('Meeting created'); onCreated(m); onClose(); } });
  };
  return (
    <Dialog open onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>New Meeting</DialogTitle>
          <DialogDescription>Owners are noticed of members' meetings (annual, special); the board of board and committee meetings.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit}>
          <div className="grid gap-4 sm:grid-cols-2">
            <NativeSelect id="meeting-kind" label="Kind" value={kind} onChange={(v) => setKind(v as MeetingKind)} options={MEETING_KINDS.map((k) => [k, MEETING_KIND_LABELS[k]] as const)} />
            <div className="space-y-1">
              <Label htmlFor="meeting-starts">Starts at</Label>
              <Input id="meeting-starts" type="datetime-local" value={startsAt} onChange={(e) => setStartsAt(e.target.value)} required />
            </div>
          </div>
          <div className="space-y-1">
            <Label htmlFor="meeting-title">Title</Label>
            <Input id="meeting-title" value={title} onChange={(e) => setTitle(e.target.value)} required />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1">
              <Label htmlFor="meeting-location">Location</Label>
              <Input id="meeting-location" value={location} onChange={(e) => setLocation(e.target.value)} />
            </div>
            <div className="space-y-1">
              <Label htmlFor="meeting-video">Video link</Label>
              <Input id="meeting-video" type="url" value={videoUrl} onChange={(e) => setVideoUrl(e.target.value)} placeholder="https://" />
            </div>
          </div>
          <label className="flex items-center gap-2 text-sm"><input type="checkbox" className="size-4" checked={assessments} onChange={(e) => setAssessments(e.target.checked)} /> The meeting will consider assessments</label>
          {agenda.map((item, i) => (
            <fieldset key={i} className="space-y-2 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Agenda item {i + 1}</legend>
              <Label htmlFor={`agenda-title-${i}`}>Item</Label>
              <Input id={`agenda-title-${i}`} value={item.title} onChange={(e) => change(i, { title: e.target.value })} />
              <Label htmlFor={`agenda-description-${i}`}>Description</Label>
              <Input id={`agenda-description-${i}`} value={item.description} onChange={(e) => change(i, { description: e.target.value })} />
              {agenda.length > 1 ? <Button type="button" variant="outline" size="sm" onClick={() => setAgenda((items) => items.filter((_, j) => j !== i))}>Remove item {i + 1}</Button> : null}
            </fieldset>
          ))}
          <Button type="button" variant="outline" onClick={() => setAgenda((items) => [...items, { title: '', description: '' }])}><PlusIcon /> Add agenda item</Button>
          <FormError error={create.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={create.isPending}>Create Meeting</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
