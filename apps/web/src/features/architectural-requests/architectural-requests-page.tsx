import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isBoardMemberRole } from '@covenant/contracts/permissions';
import type { ArchitecturalRequestView } from '@covenant/contracts/architectural-requests';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { useLiveRefresh } from '@/lib/entities';
import { humanize } from '@/lib/format';
import { ArcDialog, ArcStatusBadge, NewArcDialog } from './arc-dialogs';
import { arcKeys, arcListQuery } from './architectural-requests.api';

/** The requests as a table; each opens its dialog. */
export function ArcTable({ rows, loading, empty, onOpen, showOwner }: { rows: ArchitecturalRequestView[]; loading: boolean; empty: string; onOpen(r: ArchitecturalRequestView): void; showOwner: boolean }) {
  return (
    <DataTable
      label="Architectural requests"
      loading={loading && 'Loading architectural requests'}
      rows={rows}
      rowKey={(r) => r.id}
      rowProps={(r) => ({ 'aria-label': `Unit ${r.unit_number ?? ''} ${humanize(r.category)}` })}
      empty={empty}
      columns={[
        { id: 'unit', header: 'Unit', cell: (r) => r.unit_number ?? '' },
        ...(showOwner ? [{ id: 'owner', header: 'Owner', hideBelow: 'sm' as const, cell: (r: ArchitecturalRequestView) => r.owner_name }] : []),
        { id: 'category', header: 'Category', cell: (r) => humanize(r.category) },
        { id: 'submitted', header: 'Submitted', hideBelow: 'sm', cell: (r) => r.submitted_on },
        { id: 'respond', header: 'Answer Due', hideBelow: 'sm', cell: (r) => r.respond_by },
        { id: 'status', header: 'Status', cell: (r) => <ArcStatusBadge r={r} /> },
      ]}
      actionsHeader={<span className="sr-only">Open</span>}
      actions={(r) => <Button variant="outline" size="sm" aria-label={`Open request for unit ${r.unit_number ?? ''}, ${humanize(r.category)}`} onClick={() => onOpen(r)}>Open</Button>}
    />
  );
}

/** Architectural Requests: every request with its answer date; staff and board members decide. */
export default function ArchitecturalRequestsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'architectural_requests');
  const canDecide = canWrite || (canRead && isBoardMemberRole(user));
  const list = useQuery({ ...arcListQuery(), enabled: canRead });
  useLiveRefresh(arcKeys.all, 'ArchitecturalRequest');
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = list.data?.rows ?? [];
  const open = rows.find((r) => r.id === openId);
  return (
    <ListPage title="Architectural Requests" description="Owners' requests to change their units, newest first, with the date each answer is due" canRead={canRead} error={list.error}>
      <SectionCard title="Requests" description="Open a request to read it, decide it or download its decision letter">
        <ArcTable rows={rows} loading={list.isPending} empty="No architectural requests yet" onOpen={(r) => setOpenId(r.id)} showOwner />
      </SectionCard>
      {open ? <ArcDialog request={open} canDecide={canDecide} isOwner={false} onClose={() => setOpenId(null)} /> : null}
    </ListPage>
  );
}

/** My Account: the owner's requests; they submit, follow, appeal once and withdraw. */
export function MyArchitecturalRequests() {
  const list = useQuery(arcListQuery());
  useLiveRefresh(arcKeys.all, 'ArchitecturalRequest');
  const [adding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = list.data?.rows ?? [];
  const open = rows.find((r) => r.id === openId);
  return (
    <section aria-label="Architectural Requests">
      <SectionCard
        title="Architectural Requests"
        description="Changes to your unit you asked the association to approve"
        action={<Button onClick={() => setAdding(true)}>New Architectural Request</Button>}
      >
        <ArcTable rows={rows} loading={list.isPending} empty="You have not submitted any architectural requests" onOpen={(r) => setOpenId(r.id)} showOwner={false} />
      </SectionCard>
      {adding ? <NewArcDialog onClose={() => setAdding(false)} /> : null}
      {open ? <ArcDialog request={open} canDecide={false} isOwner onClose={() => setOpenId(null)} /> : null}
    </section>
  );
}
