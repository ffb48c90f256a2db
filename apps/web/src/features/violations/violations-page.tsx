import { useQuery } from '@tanstack/react-query';
import { ScanEyeIcon } from 'lucide-react';
import { useState } from 'react';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { effectiveRoleOf } from '@/lib/roles';
import { InspectionMode } from './inspection-mode';
import { ViolationActions } from './violation-actions';
import { timelineQuery, VIOLATION_STATUS_LABELS, violationsQuery, type ViolationListRow, type ViolationStatus } from './violations.api';

const PAGE = 20;
const STATUSES = Object.keys(VIOLATION_STATUS_LABELS) as ViolationStatus[];

function StatusBadge({ status }: { status: ViolationStatus }) {
  const variant = status === 'fined' ? 'destructive' : status === 'open' || status === 'hearing' ? 'default' : 'secondary';
  return <Badge variant={variant}>{VIOLATION_STATUS_LABELS[status]}</Badge>;
}

/** The timeline of one violation: each step, its date, and the rule (citation) that allowed it. */
function Timeline({ id, canWrite, canDecide }: { id: string; canWrite: boolean; canDecide: boolean }) {
  const timeline = useQuery(timelineQuery(id));
  const v = timeline.data?.violation;
  return (
    <SectionCard title="Timeline" description={v ? `${v.type_name} at unit ${v.unit_number} (${v.owner_name}), observed ${v.observed_on}` : 'Loading the timeline'}>
      {timeline.error ? <p role="alert">{(timeline.error as Error).message}</p> : null}
      {v ? (
        <ol className="space-y-3" aria-label="Violation timeline">
          {timeline.data!.steps.map((s, i) => (
            <li key={`${s.step}-${s.ref_id ?? ''}-${i}`} className="border-l-2 pl-3">
              <p className="text-sm text-muted-foreground">{s.date}</p>
              <p className="font-medium">{s.label}</p>
              {s.detail ? <p className="text-sm break-all">{s.detail}</p> : null}
              {s.citation ? <p className="text-sm">Rule: {s.citation}</p> : null}
            </li>
          ))}
        </ol>
      ) : null}
      {v && (canWrite || canDecide) ? <ViolationActions timeline={timeline.data!} canWrite={canWrite} canDecide={canDecide} /> : null}
    </SectionCard>
  );
}

export default function ViolationsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'violations');
  const [inspecting, setInspecting] = useState(false);
  const [status, setStatus] = useState<ViolationStatus | ''>('');
  const [page, setPage] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const list = useQuery({ ...violationsQuery(status, page, PAGE), enabled: canRead && !inspecting });
  if (inspecting) {
    return (
      <ListPage title="Inspection mode" description="Record violations on a walk through the community" canRead={canRead} noAccess="You do not have permission to view violations.">
        <InspectionMode onClose={() => setInspecting(false)} />
      </ListPage>
    );
  }
  return (
    <ListPage title="Violations" description="Violations observed, their notices, hearings and fines" canRead={canRead} noAccess="You do not have permission to view violations." error={list.error}
      actions={canWrite ? <Button onClick={() => setInspecting(true)}><ScanEyeIcon aria-hidden="true" /> Inspection mode</Button> : undefined}
    >
      <div className="flex flex-wrap items-end gap-2">
        <div className="space-y-1">
          <Label htmlFor="violation-status">Status</Label>
          <select
            id="violation-status"
            className="h-9 rounded-md border bg-background px-2 text-sm"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as ViolationStatus | '');
              setPage(0);
            }}
          >
            <option value="">All</option>
            {STATUSES.map((s) => <option key={s} value={s}>{VIOLATION_STATUS_LABELS[s]}</option>)}
          </select>
        </div>
      </div>
      <DataTable<ViolationListRow>
        label="Violations"
        rows={list.data?.rows ?? []}
        rowKey={(r) => r.id}
        loading={list.isPending ? 'Loading violations' : false}
        empty="No violations recorded"
        columns={[
          { id: 'observed_on', header: 'Observed', cell: (r) => r.observed_on },
          { id: 'unit', header: 'Unit', cell: (r) => r.unit_number },
          { id: 'owner', header: 'Owner', cell: (r) => r.owner_name, hideBelow: 'md' },
          { id: 'type', header: 'Violation', cell: (r) => r.type_name },
          { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} /> },
          { id: 'cure_by', header: 'Cure by', cell: (r) => r.cure_by, hideBelow: 'sm' },
        ]}
        actionsHeader="Timeline"
        actions={(r) => (
          <Button variant="outline" size="sm" aria-label={`Timeline of ${r.type_name} at unit ${r.unit_number}, observed ${r.observed_on}`} onClick={() => setSelected(r.id)}>
            Timeline
          </Button>
        )}
        pager={{ page, pageSize: PAGE, total: list.data?.total ?? 0, onPage: setPage }}
      />
      {selected ? <Timeline id={selected} canWrite={canWrite} canDecide={canWrite || effectiveRoleOf(user) === 'board_member'} /> : null}
    </ListPage>
  );
}
