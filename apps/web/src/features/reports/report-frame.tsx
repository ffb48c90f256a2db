import { formatMoney } from '@covenant/contracts/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2Icon, DownloadIcon, XCircleIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PrintButton } from '@/components/print-area';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { exportReportCsv, type AccountAmount, type ByFund, type FundColumn, type ReportName } from '@/features/reports/reports.api';

/** The pieces every Financial Reports tab is built from: its card, state, export, fund columns and sections. */
/** recharts loads with the first chart, not with the page. */
export const BarChartWithTable = lazy(() => import('@/components/bar-chart-with-table'));

export function ChartSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-64 w-full" />}>{children}</Suspense>;
}

export function ExportButton({ name, params }: { name: ReportName; params: Record<string, string | undefined> }) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Button
      variant="outline"
      className="no-print"
      disabled={isBusy}
      onClick={() => {
        setIsBusy(true);
        exportReportCsv(name, params)
          .catch((error: Error) => toast.error(error.message))
          .finally(() => setIsBusy(false));
      }}
    >
      <DownloadIcon aria-hidden="true" />
      Export CSV
    </Button>
  );
}

export function SummaryCard({ title, value, icon, tone }: { title: string; value: number | undefined; icon: ReactNode; tone?: string }) {
  return (
    <Card className="gap-2" role="group" aria-label={title}>
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle className="text-muted-foreground text-sm font-medium">{title}</CardTitle>
        {icon}
      </CardHeader>
      <CardContent>
        {value === undefined ? <Skeleton className="h-8 w-32" /> : <p className={`text-2xl font-bold tabular-nums ${tone ?? ''}`}>{formatMoney(value)}</p>}
      </CardContent>
    </Card>
  );
}

export function ReportState({ query, children }: { query: UseQueryResult<unknown>; children: ReactNode }) {
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError) return <p className="text-destructive">{query.error.message}</p>;
  return children;
}

/** One report tab's card: what it covers (printed with it), its CSV export and the print button. */
export function ReportCard({ title, subtitle, name, params, children }: { title: string; subtitle: string; name: ReportName; params: Record<string, string | undefined>; children: ReactNode }) {
  return (
    <Card className="print-area">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="space-y-1">
          <CardTitle>
            <h2>{title}</h2>
          </CardTitle>
          <CardDescription>{subtitle}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportButton name={name} params={params} />
          <PrintButton />
        </div>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

export const money = (value: number | undefined) => formatMoney(value ?? 0);

/** One amount cell per fund column (when the report is by fund). */
export function FundCells({ funds, values }: { funds: readonly FundColumn[]; values: ByFund | undefined }) {
  return funds.map((f) => (
    <TableCell key={f.id} className="text-right tabular-nums">
      {money(values?.[f.id])}
    </TableCell>
  ));
}

export function AmountHead({ funds }: { funds: readonly FundColumn[] }) {
  if (!funds.length) return null;
  return (
    <TableHeader>
      <TableRow>
        <TableHead>Account</TableHead>
        {funds.map((f) => (
          <TableHead key={f.id} className="text-right">
            {f.code}
          </TableHead>
        ))}
        <TableHead className="text-right">Total</TableHead>
      </TableRow>
    </TableHeader>
  );
}

/** Account rows of one section followed by its total row; a column per fund when asked. */
export function Section({ title, rows, totalLabel, total, funds, totalByFund }: { title: string; rows: AccountAmount[]; totalLabel: string; total: number; funds: readonly FundColumn[]; totalByFund?: ByFund | undefined }) {
  const span = 2 + funds.length;
  return (
    <>
      <TableRow className="bg-muted/50 hover:bg-muted/50">
        <TableCell colSpan={span} className="font-semibold">
          {title}
        </TableCell>
      </TableRow>
      {rows.length === 0 ? (
        <TableRow>
          <TableCell colSpan={span} className="text-muted-foreground pl-6">
            No activity
          </TableCell>
        </TableRow>
      ) : (
        rows.map((row) => (
          <TableRow key={`${title}-${row.account_id}-${row.account_name}`}>
            <TableCell className="pl-6">
              {row.account_number ? `${row.account_number} - ` : ''}
              {row.account_name}
            </TableCell>
            <FundCells funds={funds} values={row.by_fund} />
            <TableCell className="text-right tabular-nums">{formatMoney(row.amount)}</TableCell>
          </TableRow>
        ))
      )}
      <TableRow className="font-semibold">
        <TableCell>{totalLabel}</TableCell>
        <FundCells funds={funds} values={totalByFund} />
        <TableCell className="text-right tabular-nums">{formatMoney(total)}</TableCell>
      </TableRow>
    </>
  );
}

export function BalanceCheck({ isBalanced, ok, off }: { isBalanced: boolean; ok: string; off: string }) {
  return isBalanced ? (
    <p className="flex items-center gap-2 font-medium text-green-700 dark:text-green-400" role="status">
      <CheckCircle2Icon className="size-4" aria-hidden="true" />
      {ok}
    </p>
  ) : (
    <p className="text-destructive flex items-center gap-2 font-medium" role="status">
      <XCircleIcon className="size-4" aria-hidden="true" />
      {off}
    </p>
  );
}
