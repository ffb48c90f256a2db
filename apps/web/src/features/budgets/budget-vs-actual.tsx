import { useQuery } from '@tanstack/react-query';
import { DownloadIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { fiscalYearRange } from '@covenant/contracts/budgets';
import { formatMoney } from '@covenant/contracts/money';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { budgetVsActualQuery, exportBudgetVsActual, type Budget, type VarianceFigures, type VarianceRow } from './budgets.api';

const percent = (p: number | null) => (p === null ? '—' : `${p.toFixed(2)}%`);

function Figures({ f }: { f: VarianceFigures }) {
  return (
    <>
      <TableCell className="text-right tabular-nums">{formatMoney(f.budget)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatMoney(f.actual)}</TableCell>
      <TableCell className={`text-right tabular-nums ${f.variance < 0 ? 'text-destructive' : ''}`}>{formatMoney(f.variance)}</TableCell>
      <TableCell className="text-right tabular-nums">{percent(f.percent)}</TableCell>
    </>
  );
}

function Section({ title, rows, total, totalLabel }: { title: string; rows: VarianceRow[]; total: VarianceFigures; totalLabel: string }) {
  return (
    <>
      <TableRow className="bg-muted/50 hover:bg-muted/50">
        <TableCell colSpan={5} className="font-semibold">
          {title}
        </TableCell>
      </TableRow>
      {rows.map((r) => (
        <TableRow key={r.account_id} aria-label={`${r.account_number} - ${r.account_name}`}>
          <TableCell className="pl-6">
            {r.account_number} - {r.account_name}
          </TableCell>
          <Figures f={r} />
        </TableRow>
      ))}
      <TableRow className="font-semibold" aria-label={totalLabel}>
        <TableCell>{totalLabel}</TableCell>
        <Figures f={total} />
      </TableRow>
    </>
  );
}

/** A labelled choice of budget. */
export function BudgetPicker({ id, budgets, value, onChange }: { id: string; budgets: Budget[]; value: string; onChange(id: string): void }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>Budget</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-72">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {budgets.map((b) => (
            <SelectItem key={b.id} value={b.id}>
              {b.name} ({b.fiscal_year})
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Budget vs Actual: the budget of the whole fiscal months in the period against the ledger; favourable variances are positive. */
export function BudgetVsActualView({ budget, onChangeBudget, budgets }: { budget: Budget; budgets: Budget[]; onChangeBudget(id: string): void }) {
  const year = fiscalYearRange(budget.fiscal_year, budget.start_month);
  const [period, setPeriod] = useState<{ budgetId: string; from: string; to: string }>({ budgetId: budget.id, ...year });
  // A newly chosen budget starts on its whole fiscal year.
  const current = period.budgetId === budget.id ? period : { budgetId: budget.id, ...year };
  const params = { budget_id: budget.id, from: current.from, to: current.to };
  const report = useQuery(budgetVsActualQuery(params));
  const set = (patch: Partial<typeof current>) => setPeriod({ ...current, ...patch });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-4">
        <BudgetPicker id="bva-budget" budgets={budgets} value={budget.id} onChange={onChangeBudget} />
        <div className="space-y-1">
          <Label htmlFor="bva-from">From</Label>
          <Input id="bva-from" type="date" value={current.from} max={current.to} onChange={(e) => e.target.value && set({ from: e.target.value })} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="bva-to">To</Label>
          <Input id="bva-to" type="date" value={current.to} min={current.from} onChange={(e) => e.target.value && set({ to: e.target.value })} />
        </div>
        <Button variant="outline" onClick={() => exportBudgetVsActual(params).catch((e: Error) => toast.error(e.message))}>
          <DownloadIcon aria-hidden="true" />
          Export CSV
        </Button>
      </div>
      {report.isPending ? (
        <Skeleton className="h-48" />
      ) : report.isError ? (
        <p className="text-destructive" role="alert">
          {report.error.message}
        </p>
      ) : (
        <>
          <p className="text-muted-foreground text-sm" role="status">
            {report.data.months.length === 0
              ? 'No whole fiscal month lies in this period, so nothing is budgeted for it.'
              : `Budget for ${report.data.months.length} whole month${report.data.months.length === 1 ? '' : 's'} (${report.data.months[0]} to ${report.data.months.at(-1)}); actual ${report.data.from} to ${report.data.to}, ${report.data.budget.fund_name ?? ''} fund.`}
          </p>
          <Table aria-label="Budget vs Actual">
            <TableHeader>
              <TableRow>
                <TableHead>Account</TableHead>
                <TableHead className="text-right">Budget</TableHead>
                <TableHead className="text-right">Actual</TableHead>
                <TableHead className="text-right">Variance</TableHead>
                <TableHead className="text-right">Variance %</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              <Section title="Revenue" rows={report.data.revenue} total={report.data.totals.revenue} totalLabel="Total Revenue" />
              <Section title="Expenses" rows={report.data.expenses} total={report.data.totals.expenses} totalLabel="Total Expenses" />
            </TableBody>
            <TableFooter>
              <TableRow aria-label="Net">
                <TableCell>Net</TableCell>
                <Figures f={report.data.totals.net} />
              </TableRow>
            </TableFooter>
          </Table>
        </>
      )}
    </div>
  );
}
