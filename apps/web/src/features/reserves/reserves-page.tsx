import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, PlusIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { useDeleteRecord } from '@/components/delete-record';
import { ListPage, RowActions } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useLiveRefresh } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import { ComponentFormDialog } from './component-form-dialog';
import { ProjectionChart } from './projection-chart';
import { exportReserveStudy, reserveKeys, reserveStudyQuery, type ReserveStudy, type StudyParams } from './reserves.api';

const pct = (p: number | null) => (p === null ? '—' : `${p.toFixed(2)}%`);

function Figure({ title, value, note }: { title: string; value: string; note?: string }) {
  return (
    <Card className="gap-2" role="group" aria-label={title}>
      <CardHeader>
        <CardTitle className="text-muted-foreground text-sm font-medium">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold tabular-nums">{value}</p>
        {note ? <p className="text-muted-foreground text-xs">{note}</p> : null}
      </CardContent>
    </Card>
  );
}

type Component = ReserveStudy['components'][number];

/** Reserves: the components of the reserve study, percent funded (CAI) and the 30-year projection as a chart and a table. */
export default function ReservesPage() {
  const user = useCurrentUser();
  const canWrite = accessOf(user, 'chart_of_accounts').canWrite;
  useLiveRefresh(reserveKeys.all, 'ReserveComponent', 'Budget');
  const [params, setParams] = useState<StudyParams>({ contribution: '', interest_rate: '' });
  const [draft, setDraft] = useState<StudyParams | null>(null);
  const [editing, setEditing] = useState<Component | 'new' | null>(null);
  const study = useQuery(reserveStudyQuery(params));
  const queryClient = useQueryClient();
  const deleter = useDeleteRecord<Component>({
    entity: 'ReserveComponent',
    noun: 'component',
    onDeleted: () => void queryClient.invalidateQueries({ queryKey: reserveKeys.all }),
  });
  const tableId = useId();
  if (isForbidden(study.error)) return <NoAccess />;
  const s = study.data;
  // Until edited, the contribution shows what the study used (the adopted reserve budget's revenue by default).
  const shown = draft ?? { contribution: s ? String(s.contribution) : '', interest_rate: s ? String(s.interest_rate) : '' };
  const onRecalculate = (e: FormEvent) => {
    e.preventDefault();
    setParams({ contribution: shown.contribution.trim(), interest_rate: shown.interest_rate.trim() });
  };

  return (
    <ListPage
      title="Reserves"
      description="Reserve components, percent funded and a 30-year funding projection"
    >

      {study.isPending ? (
        <Skeleton className="h-28" />
      ) : study.isError ? (
        <p className="text-destructive" role="alert">
          {study.error.message}
        </p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-3">
          <Figure title="Reserve Fund Balance" value={formatMoney(s!.reserve_balance)} note={`${s!.reserve_fund?.name ?? 'Reserve'} fund's assets less liabilities as of ${s!.as_of}`} />
          <Figure title="Fully Funded Balance" value={formatMoney(s!.fully_funded_balance)} note="Σ cost × (useful life − remaining life) ÷ useful life" />
          <Figure title="Percent Funded" value={pct(s!.percent_funded)} note="Reserve fund balance ÷ fully funded balance" />
        </div>
      )}

      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <div className="space-y-1">
            <CardTitle>
              <h2>Components</h2>
            </CardTitle>
            <CardDescription>What the reserve fund replaces, with its replacement cost today</CardDescription>
          </div>
          {canWrite ? (
            <Button onClick={() => setEditing('new')}>
              <PlusIcon aria-hidden="true" />
              Add Component
            </Button>
          ) : null}
        </CardHeader>
        <CardContent>
          <DataTable
            label="Reserve components"
            loading={!s && study.isPending && 'Loading reserve components'}
            rows={s?.components ?? []}
            rowKey={(c) => c.id}
            rowProps={(c) => ({ 'aria-label': c.name })}
            empty={s ? 'No reserve components yet' : undefined}
            columns={[
              { id: 'name', header: 'Component', className: 'font-medium', cell: (c) => c.name },
              { id: 'category', header: 'Category', hideBelow: 'sm', cell: (c) => c.category ?? '' },
              { id: 'useful', header: 'Useful Life', align: 'end', hideBelow: 'sm', cell: (c) => `${c.useful_life_years} yrs` },
              { id: 'remaining', header: 'Remaining Life', align: 'end', cell: (c) => `${c.remaining_life_years} yrs` },
              { id: 'cost', header: 'Replacement Cost', align: 'end', cell: (c) => formatMoney(c.current_replacement_cost) },
              { id: 'inflation', header: 'Inflation', align: 'end', hideBelow: 'sm', cell: (c) => `${c.inflation_rate}%` },
              { id: 'funded', header: 'Fully Funded', align: 'end', cell: (c) => formatMoney(c.fully_funded_balance) },
            ]}
            actionsHeader={<span className="sr-only">Actions</span>}
            actions={canWrite ? (c) => <RowActions name={c.name} onEdit={() => setEditing(c)} onDelete={() => deleter.ask(c)} /> : undefined}
            footer={
              s && s.components.length > 0 ? (
                <TableRow>
                  <TableCell colSpan={6}>Fully funded balance</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(s.fully_funded_balance)}</TableCell>
                  {canWrite ? <TableCell className="max-sm:hidden!" /> : null}
                </TableRow>
              ) : null
            }
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>
            <h2>30-Year Projection</h2>
          </CardTitle>
          <CardDescription>
            From fiscal year {s?.fiscal_year ?? ''}: each year adds the contribution and interest on a positive starting balance and pays for the components
            due that year at their inflated cost.
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-6">
          <form className="flex flex-wrap items-end gap-4" onSubmit={onRecalculate} aria-label="Projection assumptions">
            <div className="space-y-1">
              <Label htmlFor="reserve-contribution">Annual Contribution</Label>
              <Input
                id="reserve-contribution"
                inputMode="decimal"
                className="w-44"
                value={shown.contribution}
                onChange={(e) => setDraft({ ...shown, contribution: e.target.value })}
                aria-describedby="reserve-contribution-source"
              />
            </div>
            <div className="space-y-1">
              <Label htmlFor="reserve-interest">Interest Rate (% a year)</Label>
              <Input id="reserve-interest" inputMode="decimal" className="w-32" value={shown.interest_rate} onChange={(e) => setDraft({ ...shown, interest_rate: e.target.value })} />
            </div>
            <Button type="submit" variant="outline">
              Recalculate
            </Button>
            <Button type="button" variant="outline" onClick={() => exportReserveStudy(params).catch((e: Error) => toast.error(e.message))}>
              <DownloadIcon aria-hidden="true" />
              Export CSV
            </Button>
            <p id="reserve-contribution-source" className="text-muted-foreground pb-2 text-sm" role="status">
              {s?.contribution_source === 'budget'
                ? `From the adopted reserve budget for ${s.fiscal_year}: ${formatMoney(s.budget_contribution)} a year`
                : s?.contribution_source === 'none'
                  ? 'No adopted reserve budget this year: enter the planned contribution'
                  : s?.budget_contribution !== null && s?.budget_contribution !== undefined
                    ? `The adopted reserve budget plans ${formatMoney(s.budget_contribution)} a year`
                    : ''}
            </p>
          </form>
          {s ? (
            <>
              <ProjectionChart projection={s.projection} describedBy={tableId} />
              <Table id={tableId} aria-label="Projection table">
                <TableHeader>
                  <TableRow>
                    <TableHead>Year</TableHead>
                    <TableHead className="text-right">Starting Balance</TableHead>
                    <TableHead className="text-right">Contribution</TableHead>
                    <TableHead className="text-right">Interest</TableHead>
                    <TableHead className="text-right">Replacements</TableHead>
                    <TableHead className="text-right">Ending Balance</TableHead>
                    <TableHead className="text-right">Fully Funded</TableHead>
                    <TableHead className="text-right">Percent Funded</TableHead>
                    <TableHead>Replaced</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {s.projection.map((y) => (
                    <TableRow key={y.year} aria-label={String(y.year)}>
                      <TableCell className="font-medium">{y.year}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(y.starting_balance)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(y.contribution)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(y.interest)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(y.replacements)}</TableCell>
                      <TableCell className={`text-right tabular-nums ${y.ending_balance < 0 ? 'text-destructive' : ''}`}>{formatMoney(y.ending_balance)}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(y.fully_funded_balance)}</TableCell>
                      <TableCell className="text-right tabular-nums">{pct(y.percent_funded)}</TableCell>
                      <TableCell className="text-muted-foreground text-xs">{y.replaced.join(', ')}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </>
          ) : (
            <Skeleton className="h-80" />
          )}
        </CardContent>
      </Card>

      {editing ? <ComponentFormDialog component={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
