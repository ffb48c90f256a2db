import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, XIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { AUDIT_ACTIONS, auditActionLabel, auditLogSorts, type AuditLogEntry } from '@covenant/contracts/audit';
import { DataTable, useSortParam, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ListPage } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectGroup, SelectItem, SelectLabel, SelectTrigger, SelectValue } from '@/components/ui/select';
import { humanize } from '@/lib/format';
import { isForbidden, NoAccess } from '@/app/page-access';
import { AUDIT_PAGE_SIZE, auditLogQuery, exportAuditLogCsv, NO_FILTERS, type AuditFilters } from '@/features/audit-log/audit-log.api';

const ALL = 'all';
/** The order at rest: newest first (the address then has no `sort`). */
const DEFAULT_SORT: SortState<(typeof auditLogSorts)[number]> = { key: 'created_date', direction: 'desc' };

/** The actions by area ('auth', 'user', …) for the filter: an area matches every action in it. */
const ACTION_GROUPS = Object.entries(
  Object.keys(AUDIT_ACTIONS).reduce<Record<string, string[]>>((groups, action) => {
    const area = action.split('.')[0]!;
    (groups[area] ??= []).push(action);
    return groups;
  }, {}),
);
const AREA_LABELS: Record<string, string> = {
  auth: 'Sign-in and security', user: 'Users', role: 'Roles', privilege: 'Privileges', org_settings: 'Organization settings',
  backup: 'Backups', invoice: 'Invoices', payment: 'Payments', bill: 'Bills', bill_payment: 'Bill payments',
  period: 'Period close', journal: 'Journal entries', opening: 'Opening balances',
};

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

const show = (value: unknown) => (value === null || value === undefined || value === '' ? '—' : typeof value === 'object' ? JSON.stringify(value) : String(value));

/** What changed (field: before → after), or the entry's details. */
function Details({ entry }: { entry: AuditLogEntry }) {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const detail = entry.detail && typeof entry.detail === 'object' ? Object.entries(entry.detail as Record<string, unknown>) : [];
  if (fields.length === 0 && detail.length === 0) return <span className="text-muted-foreground">—</span>;
  const changed = entry.before && entry.after;
  return (
    <ul className="space-y-0.5 text-xs">
      {fields.slice(0, 8).map((field) => (
        <li key={field} className="break-all">
          <span className="font-medium">{humanize(field)}</span>:{' '}
          {changed ? `${show(before[field])} → ${show(after[field])}` : show(entry.before ? before[field] : after[field])}
        </li>
      ))}
      {fields.length > 8 ? <li className="text-muted-foreground">and {fields.length - 8} more (in the CSV export)</li> : null}
      {detail.map(([key, value]) => (
        <li key={key} className="break-all">
          <span className="font-medium">{humanize(key)}</span>: {show(value)}
        </li>
      ))}
    </ul>
  );
}

/** 'Audit Log' (administrators): who did what, when and from where; filtered and paged on the server, exported as CSV. */
export default function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>(NO_FILTERS);
  const [page, setPage] = useState(0);
  const [sort, setSort] = useSortParam(auditLogSorts, DEFAULT_SORT);
  const [isExporting, setIsExporting] = useState(false);
  // Typing stays responsive while the next page loads.
  const deferredFilters = useDeferredValue(filters);
  const log = useQuery(auditLogQuery(deferredFilters, page, sortParam(sort)));
  const rows = log.data?.rows ?? [];
  const total = log.data?.total ?? 0;

  const change = (patch: Partial<AuditFilters>) => {
    setFilters((current) => ({ ...current, ...patch }));
    setPage(0);
  };
  const onExport = async () => {
    setIsExporting(true);
    try {
      await exportAuditLogCsv(filters, sortParam(sort));
    } catch (error) {
      toast.error(`Export failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      setIsExporting(false);
    }
  };

  if (isForbidden(log.error)) return <NoAccess />;

  return (
    <ListPage
      title="Audit Log"
      description="Sign-ins, security changes, users, roles, settings, backups and financial deletions: who, when and from where"
      className="max-w-6xl"
      actions={
        <>
          <Button variant="outline" onClick={() => void onExport()} disabled={isExporting}>
            <DownloadIcon aria-hidden="true" />
            {isExporting ? 'Exporting...' : 'Export CSV'}
          </Button>
        </>
      }
    >

      <Card>
        <CardContent className="grid gap-4 sm:grid-cols-2 lg:grid-cols-[2fr_2fr_1fr_1fr_auto] lg:items-end">
          <div className="grid gap-2">
            <Label htmlFor="audit-actor">User</Label>
            <Input id="audit-actor" placeholder="Email or part of it" value={filters.actor} onChange={(e) => change({ actor: e.target.value })} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-action">Action</Label>
            <Select value={filters.action || ALL} onValueChange={(value) => change({ action: value === ALL ? '' : value })}>
              <SelectTrigger id="audit-action" className="w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={ALL}>All actions</SelectItem>
                {ACTION_GROUPS.map(([area, actions]) => (
                  <SelectGroup key={area}>
                    <SelectLabel>{AREA_LABELS[area] ?? humanize(area)}</SelectLabel>
                    {actions.length > 1 ? <SelectItem value={area}>{`All: ${AREA_LABELS[area] ?? humanize(area)}`}</SelectItem> : null}
                    {actions.map((action) => (
                      <SelectItem key={action} value={action}>
                        {auditActionLabel(action)}
                      </SelectItem>
                    ))}
                  </SelectGroup>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-from">From</Label>
            <Input id="audit-from" type="date" value={filters.from} onChange={(e) => change({ from: e.target.value })} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor="audit-to">To</Label>
            <Input id="audit-to" type="date" value={filters.to} onChange={(e) => change({ to: e.target.value })} />
          </div>
          <Button variant="ghost" onClick={() => change(NO_FILTERS)} disabled={Object.values(filters).every((v) => !v)}>
            <XIcon aria-hidden="true" />
            Clear filters
          </Button>
        </CardContent>
      </Card>

      {log.isError ? <p className="text-destructive">{log.error.message}</p> : null}

      <DataTable
        label="Audit log entries"
        loading={log.isPending && 'Loading the audit log'}
        rows={rows}
        rowKey={(entry) => entry.id}
        empty="No entries match these filters"
        pager={{ page, pageSize: AUDIT_PAGE_SIZE, total, onPage: setPage }}
        sort={sort}
        onSort={(next) => {
          setSort(next);
          setPage(0);
        }}
        columns={[
          { id: 'when', header: 'When', sortKey: 'created_date', cell: (entry) => when(entry.created_date) },
          {
            id: 'user', header: 'User', sortKey: 'actor_email', className: 'break-all',
            cell: (entry) => entry.actor_email ?? <span className="text-muted-foreground">System</span>,
          },
          { id: 'action', header: 'Action', sortKey: 'action', cell: (entry) => auditActionLabel(entry.action) },
          {
            id: 'record', header: 'Record', className: 'text-xs',
            cell: (entry) =>
              entry.target_type ? (
                <span>
                  {entry.target_type}
                  <br />
                  <span className="text-muted-foreground break-all">{entry.target_id}</span>
                </span>
              ) : (
                '—'
              ),
          },
          { id: 'address', header: 'Address', hideBelow: 'md', className: 'font-mono text-xs', cell: (entry) => entry.ip_address ?? '—' },
          { id: 'details', header: 'Details', className: 'max-w-sm whitespace-normal', cell: (entry) => <Details entry={entry} /> },
        ]}
      />
    </ListPage>
  );
}
