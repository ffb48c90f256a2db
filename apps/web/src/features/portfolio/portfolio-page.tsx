import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@covenant/contracts/money';
import { ArchiveIcon, PlusIcon, UsersIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ListPage } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableCell, TableRow } from '@/components/ui/table';
import { associationHref } from '@/lib/association';
import { today } from '@/lib/dates';
import { NoAccess } from '@/app/page-access';
import { CreateAssociationDialog } from './create-association-dialog';
import { MembersDialog } from './members-dialog';
import { myAssociationsQuery, portfolioSummaryQuery, useArchiveAssociation, type PortfolioAssociation } from './portfolio.api';

const FIGURES = [
  { key: 'units', label: 'Units', money: false },
  { key: 'owners', label: 'Owners', money: false },
  { key: 'receivables', label: 'Receivables', money: true },
  { key: 'past_due_90', label: 'Past due 90+ days', money: true },
  { key: 'cash', label: 'Cash', money: true },
] as const;

/**
 * 'Portfolio' (portfolio administrators): every association of the instance with its figures from its own ledger as
 * of a date, the totals, and the management company's work: new associations, staffing, archiving.
 */
export default function PortfolioPage() {
  const mine = useQuery(myAssociationsQuery);
  const [asOf, setAsOf] = useState(() => today());
  const summary = useQuery({ ...portfolioSummaryQuery(asOf), enabled: mine.data?.portfolio_admin === true });
  const archive = useArchiveAssociation();
  const [isCreating, setIsCreating] = useState(false);
  const [staffing, setStaffing] = useState<PortfolioAssociation | null>(null);
  const [archiving, setArchiving] = useState<PortfolioAssociation | null>(null);

  if (mine.isSuccess && !mine.data.portfolio_admin) return <NoAccess />;
  const rows = summary.data?.associations ?? [];
  const totals = summary.data?.totals;
  const show = (value: number, money: boolean) => (money ? formatMoney(value) : value.toLocaleString('en-US'));

  return (
    <ListPage
      title="Portfolio"
      description="Every association of the management company, with its figures from its own books."
      error={mine.error ?? summary.error}
      actions={
        <Button onClick={() => setIsCreating(true)}>
          <PlusIcon aria-hidden="true" />
          New Association
        </Button>
      }
    >
      <div className="flex flex-wrap items-end gap-3">
        <div className="space-y-1">
          <Label htmlFor="portfolio-as-of">As of</Label>
          <Input id="portfolio-as-of" type="date" value={asOf} onChange={(e) => e.target.value && setAsOf(e.target.value)} className="w-44" />
        </div>
      </div>

      {totals ? (
        <ul aria-label="Portfolio totals" className="grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
          <li>
            <Card className="gap-1 py-4">
              <CardHeader className="px-4">
                <CardTitle className="text-muted-foreground text-sm font-normal">Associations</CardTitle>
              </CardHeader>
              <CardContent className="px-4 text-2xl font-semibold tabular-nums">{totals.associations}</CardContent>
            </Card>
          </li>
          {FIGURES.map((f) => (
            <li key={f.key}>
              <Card className="gap-1 py-4">
                <CardHeader className="px-4">
                  <CardTitle className="text-muted-foreground text-sm font-normal">{f.label}</CardTitle>
                </CardHeader>
                <CardContent className="px-4 text-2xl font-semibold tabular-nums">{show(totals[f.key], f.money)}</CardContent>
              </Card>
            </li>
          ))}
        </ul>
      ) : null}

      <DataTable
        label="Associations"
        loading={(mine.isPending || summary.isPending) && 'Loading the portfolio'}
        rows={rows}
        rowKey={(a) => a.app_id}
        empty="No associations yet. Create the first one to get started."
        columns={[
          {
            id: 'association', header: 'Association',
            cell: (a) => (
              <span>
                <a className="font-medium underline-offset-4 hover:underline" href={associationHref(a.app_id)}>
                  {a.name}
                </a>
                <span className="text-muted-foreground block text-xs">{a.app_id}</span>
                {a.archived ? <Badge variant="secondary">Archived</Badge> : null}
              </span>
            ),
          },
          { id: 'state', header: 'State', cell: (a) => a.state ?? '—' },
          ...FIGURES.map((f) => ({ id: f.key, header: f.label, align: 'end' as const, cell: (a: (typeof rows)[number]) => show(a.figures[f.key], f.money) })),
        ]}
        actions={(a) => (
          <span>
            <Button variant="ghost" size="sm" onClick={() => setStaffing(a)} aria-label={`Members of ${a.name}`}>
              <UsersIcon aria-hidden="true" />
              Members
            </Button>
            {!a.archived ? (
              <Button variant="ghost" size="sm" onClick={() => setArchiving(a)} aria-label={`Archive ${a.name}`}>
                <ArchiveIcon aria-hidden="true" />
                Archive
              </Button>
            ) : null}
          </span>
        )}
        footer={
          totals && rows.length > 0 ? (
            <TableRow>
              <TableCell colSpan={2} className="font-semibold">
                Total
              </TableCell>
              {FIGURES.map((f) => (
                <TableCell key={f.key} data-label={f.label} className="text-right font-semibold tabular-nums">
                  {show(totals[f.key], f.money)}
                </TableCell>
              ))}
              <TableCell className="max-sm:hidden!" />
            </TableRow>
          ) : null
        }
      />

      {isCreating ? <CreateAssociationDialog associations={mine.data?.associations ?? []} onClose={() => setIsCreating(false)} /> : null}
      {staffing ? <MembersDialog association={staffing} onClose={() => setStaffing(null)} /> : null}
      <ConfirmDialog
        open={archiving !== null}
        text={`Archive ${archiving?.name ?? ''}? It becomes read-only: its records stay listed and exportable, and nothing can be changed.`}
        confirmLabel="Archive"
        onCancel={() => setArchiving(null)}
        onConfirm={() => {
          const target = archiving!;
          setArchiving(null);
          archive.mutate(target.app_id, {
            onSuccess: () => toast.success(`${target.name} is archived`),
            onError: (error) => toast.error(error.message),
          });
        }}
      />
    </ListPage>
  );
}
