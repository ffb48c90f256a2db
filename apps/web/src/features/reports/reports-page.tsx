import { formatMoney, toCents } from '@covenant/contracts/money';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2Icon, DownloadIcon, TrendingDownIcon, TrendingUpIcon, WalletIcon, XCircleIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLiveRefresh } from '@/lib/entities';
import { isForbidden, NoAccess } from '@/app/page-access';
import {
  apAgingQuery, arAgingQuery, balanceSheetQuery, exportReportCsv, incomeStatementQuery, reportKeys, summaryQuery,
  type AccountAmount, type Aging, type Period, type ReportName,
} from '@/features/reports/reports.api';

const todayIso = () => new Date().toLocaleDateString('en-CA');

function ExportButton({ name, params }: { name: ReportName; params: Record<string, string> }) {
  const [isBusy, setIsBusy] = useState(false);
  return (
    <Button
      variant="outline"
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

function SummaryCard({ title, value, icon, tone }: { title: string; value: number | undefined; icon: ReactNode; tone?: string }) {
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

function ReportState({ query, children }: { query: UseQueryResult<unknown>; children: ReactNode }) {
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError) return <p className="text-destructive">{query.error.message}</p>;
  return children;
}

/** Account rows of one section followed by its total row. */
function Section({ title, rows, totalLabel, total }: { title: string; rows: AccountAmount[]; totalLabel: string; total: number }) {
  return (
    <>
      <TableRow className="bg-muted/50 hover:bg-muted/50">
        <TableCell colSpan={2} className="font-semibold">
          {title}
        </TableCell>
      </TableRow>
      {rows.length === 0 ? (
        <TableRow>
          <TableCell colSpan={2} className="text-muted-foreground pl-6">
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
            <TableCell className="text-right tabular-nums">{formatMoney(row.amount)}</TableCell>
          </TableRow>
        ))
      )}
      <TableRow className="font-semibold">
        <TableCell>{totalLabel}</TableCell>
        <TableCell className="text-right tabular-nums">{formatMoney(total)}</TableCell>
      </TableRow>
    </>
  );
}

function AgingTable({ aging, party, label }: { aging: Aging; party: 'owner' | 'vendor'; label: string }) {
  const buckets = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90', 'total'] as const;
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow>
          <TableHead>{party === 'owner' ? 'Owner' : 'Vendor'}</TableHead>
          <TableHead className="text-right">Current</TableHead>
          <TableHead className="text-right">1-30</TableHead>
          <TableHead className="text-right">31-60</TableHead>
          <TableHead className="text-right">61-90</TableHead>
          <TableHead className="text-right">Over 90</TableHead>
          <TableHead className="text-right">Total</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {aging.rows.length === 0 ? (
          <TableRow>
            <TableCell colSpan={7} className="text-muted-foreground py-6 text-center">
              {party === 'owner' ? 'No outstanding receivables' : 'No outstanding payables'}
            </TableCell>
          </TableRow>
        ) : (
          aging.rows.map((row) => {
            const name = (party === 'owner' ? row.owner_name : row.vendor_name) ?? '';
            return (
              <TableRow key={(party === 'owner' ? row.owner_id : row.vendor_id) ?? name} aria-label={name}>
                <TableCell className="font-medium">{name}</TableCell>
                {buckets.map((b) => (
                  <TableCell key={b} className={`text-right tabular-nums ${b === 'total' ? 'font-semibold' : ''}`}>
                    {formatMoney(row[b])}
                  </TableCell>
                ))}
              </TableRow>
            );
          })
        )}
      </TableBody>
      <TableFooter>
        <TableRow aria-label="Total">
          <TableCell>Total</TableCell>
          {buckets.map((b) => (
            <TableCell key={b} className="text-right tabular-nums">
              {formatMoney(aging.totals[b])}
            </TableCell>
          ))}
        </TableRow>
      </TableFooter>
    </Table>
  );
}

/** 'Financial Reports' (spec part 2, section 2): summary cards and four tabs, all computed by the server from the ledger. */
export default function ReportsPage() {
  const today = todayIso();
  const [period, setPeriod] = useState<Period>({ from: `${today.slice(0, 4)}-01-01`, to: today });
  const [asOf, setAsOf] = useState(today);
  const [tab, setTab] = useState('income-statement');
  useLiveRefresh(reportKeys.all, 'Invoice', 'Payment', 'Bill', 'ChartOfAccount');
  const summary = useQuery(summaryQuery(period));
  const income = useQuery(incomeStatementQuery(period));
  const balance = useQuery(balanceSheetQuery(asOf));
  const ar = useQuery(arAgingQuery(asOf));
  const ap = useQuery(apAgingQuery(asOf));

  if (isForbidden(summary.error)) return <NoAccess />;
  const netIncome = summary.data?.net_income;
  const isPeriodTab = tab === 'income-statement';

  return (
    <div className="mx-auto w-full max-w-6xl space-y-6 p-4 sm:p-6">
      <title>Financial Reports · Covenant</title>
      <div className="space-y-1">
        <h1 className="text-2xl font-semibold tracking-tight">Financial Reports</h1>
        <p className="text-muted-foreground">Income, financial position and aging from the general ledger</p>
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-1">
          <Label htmlFor="report-from">From</Label>
          <Input id="report-from" type="date" value={period.from} max={period.to} onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, from: e.target.value }))} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="report-to">To</Label>
          <Input id="report-to" type="date" value={period.to} min={period.from} onChange={(e) => e.target.value && setPeriod((p) => ({ ...p, to: e.target.value }))} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="report-as-of">As of</Label>
          <Input id="report-as-of" type="date" value={asOf} onChange={(e) => e.target.value && setAsOf(e.target.value)} />
        </div>
        <p className="text-muted-foreground pb-2 text-sm">
          {isPeriodTab ? `Period ${period.from} to ${period.to}` : `As of ${asOf}`}
        </p>
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <SummaryCard
          title="Net Income"
          value={netIncome}
          tone={netIncome !== undefined && toCents(netIncome) < 0 ? 'text-destructive' : 'text-green-700 dark:text-green-400'}
          icon={<WalletIcon className="text-muted-foreground size-4" aria-hidden="true" />}
        />
        <SummaryCard title="Total Revenue" value={summary.data?.total_revenue} icon={<TrendingUpIcon className="size-4 text-green-600" aria-hidden="true" />} />
        <SummaryCard title="Total Expenses" value={summary.data?.total_expenses} icon={<TrendingDownIcon className="text-destructive size-4" aria-hidden="true" />} />
      </div>

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="income-statement">Income Statement</TabsTrigger>
          <TabsTrigger value="balance-sheet">Balance Sheet</TabsTrigger>
          <TabsTrigger value="ar-aging">A/R Report</TabsTrigger>
          <TabsTrigger value="ap-aging">A/P Report</TabsTrigger>
        </TabsList>

        <TabsContent value="income-statement">
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>
                <h2>Income Statement</h2>
              </CardTitle>
              <ExportButton name="income-statement" params={{ ...period }} />
            </CardHeader>
            <CardContent>
              <ReportState query={income}>
                {income.data ? (
                  <Table aria-label="Income Statement">
                    <TableBody>
                      <Section title="Revenue" rows={income.data.revenue} totalLabel="Total Revenue" total={income.data.total_revenue} />
                      <Section title="Expenses" rows={income.data.expenses} totalLabel="Total Expenses" total={income.data.total_expenses} />
                    </TableBody>
                    <TableFooter>
                      <TableRow>
                        <TableCell>Net Income</TableCell>
                        <TableCell className="text-right tabular-nums">{formatMoney(income.data.net_income)}</TableCell>
                      </TableRow>
                    </TableFooter>
                  </Table>
                ) : null}
              </ReportState>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="balance-sheet">
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>
                <h2>Balance Sheet</h2>
              </CardTitle>
              <ExportButton name="balance-sheet" params={{ as_of: asOf }} />
            </CardHeader>
            <CardContent className="space-y-4">
              <ReportState query={balance}>
                {balance.data ? (
                  <>
                    <Table aria-label="Balance Sheet">
                      <TableBody>
                        <Section title="Assets" rows={balance.data.assets} totalLabel="Total Assets" total={balance.data.total_assets} />
                        <Section title="Liabilities" rows={balance.data.liabilities} totalLabel="Total Liabilities" total={balance.data.total_liabilities} />
                        <Section title="Equity" rows={balance.data.equity} totalLabel="Total Equity" total={balance.data.total_equity} />
                      </TableBody>
                      <TableFooter>
                        <TableRow>
                          <TableCell>Total Liabilities and Equity</TableCell>
                          <TableCell className="text-right tabular-nums">
                            {formatMoney((toCents(balance.data.total_liabilities) + toCents(balance.data.total_equity)) / 100)}
                          </TableCell>
                        </TableRow>
                      </TableFooter>
                    </Table>
                    {toCents(balance.data.difference) === 0 ? (
                      <p className="flex items-center gap-2 font-medium text-green-700 dark:text-green-400" role="status">
                        <CheckCircle2Icon className="size-4" aria-hidden="true" />
                        Assets = Liabilities + Equity
                      </p>
                    ) : (
                      <p className="text-destructive flex items-center gap-2 font-medium" role="status">
                        <XCircleIcon className="size-4" aria-hidden="true" />
                        Assets ≠ Liabilities + Equity (difference {formatMoney(balance.data.difference)})
                      </p>
                    )}
                  </>
                ) : null}
              </ReportState>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="ar-aging">
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>
                <h2>Accounts Receivable Aging</h2>
              </CardTitle>
              <ExportButton name="ar-aging" params={{ as_of: asOf }} />
            </CardHeader>
            <CardContent>
              <ReportState query={ar}>{ar.data ? <AgingTable aging={ar.data} party="owner" label="A/R Aging" /> : null}</ReportState>
            </CardContent>
          </Card>
        </TabsContent>

        <TabsContent value="ap-aging">
          <Card>
            <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
              <CardTitle>
                <h2>Accounts Payable Aging</h2>
              </CardTitle>
              <ExportButton name="ap-aging" params={{ as_of: asOf }} />
            </CardHeader>
            <CardContent>
              <ReportState query={ap}>{ap.data ? <AgingTable aging={ap.data} party="vendor" label="A/P Aging" /> : null}</ReportState>
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    </div>
  );
}
