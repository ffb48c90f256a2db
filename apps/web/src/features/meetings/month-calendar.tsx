import { meetingStart } from '@covenant/contracts/meetings';
import { cn } from '@/lib/utils';
import type { Meeting } from './meetings.api';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * The month as a calendar: a week a row, each meeting on its day (in this browser's time zone, as the list shows
 * it), a button that opens it. The list below stays the way to read them on a phone.
 */
export function MonthCalendar({ month, label, meetings, selectedId, onSelect }: { month: string; label: string; meetings: readonly Meeting[]; selectedId: string | null; onSelect(m: Meeting): void }) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = new Date(y, m - 1, 1);
  const days = new Date(y, m, 0).getDate();
  const byDay = new Map<number, Meeting[]>();
  for (const meeting of meetings) {
    const d = meetingStart(meeting.starts_at);
    if (d.getFullYear() !== y || d.getMonth() !== m - 1) continue;
    byDay.set(d.getDate(), [...(byDay.get(d.getDate()) ?? []), meeting]);
  }
  const cells: Array<number | null> = [...Array.from({ length: first.getDay() }, () => null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
  const time = (iso: string) => meetingStart(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return (
    <table className="hidden w-full table-fixed border-collapse text-sm md:table">
      <caption className="sr-only">{label}</caption>
      <thead>
        <tr>
          {WEEKDAYS.map((d) => (
            <th key={d} scope="col" className="text-muted-foreground py-1 text-xs font-medium">{d}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week, w) => (
          <tr key={w}>
            {week.map((day, i) => (
              <td key={i} className={cn('h-20 border p-1 align-top', day === null && 'bg-muted/40')}>
                {day === null ? null : (
                  <>
                    <div className="text-muted-foreground text-xs">{day}</div>
                    <ul className="space-y-1">
                      {(byDay.get(day) ?? []).map((meeting) => (
                        <li key={meeting.id}>
                          <button
                            type="button"
                            className={cn('w-full truncate rounded px-1 text-left text-xs hover:bg-accent', meeting.id === selectedId ? 'bg-primary text-primary-foreground' : 'bg-secondary')}
                            aria-label={`${time(meeting.starts_at)} ${meeting.title}, on ${month}-${String(day).padStart(2, '0')}`}
                            onClick={() => onSelect(meeting)}
                          >
                            {time(meeting.starts_at)} {meeting.title}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
