import { useQuery } from '@tanstack/react-query';
import { MEETING_KIND_LABELS } from '@covenant/contracts/meetings';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatWhen, upcomingMeetingsQuery } from './meetings.api';

/** My Account's upcoming meetings: the members' meetings an owner may attend (the server answers only those). */
export function MyMeetings() {
  const meetings = useQuery(upcomingMeetingsQuery());
  const rows = meetings.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>Upcoming meetings</h2>
        </CardTitle>
        <CardDescription>Members' meetings of the association you may attend.</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm">
          {rows.map((m) => (
            <li key={m.id}>
              <span className="font-medium">{m.title}</span> · {MEETING_KIND_LABELS[m.kind]} meeting · {formatWhen(m.starts_at)}
              {m.location ? ` · ${m.location}` : ''}
              {m.video_url ? <> · <a className="underline" href={m.video_url} target="_blank" rel="noreferrer">Video link<span className="sr-only"> for {m.title}</span></a></> : null}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
