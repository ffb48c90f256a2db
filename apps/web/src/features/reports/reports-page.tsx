import { formatMoney, toCents } from '@covenant/contracts/money';
import { ListPage } from '@/components/list-page';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { CheckCircle2Icon, DownloadIcon, TrendingDownIcon, TrendingUpIcon, WalletIcon, XCircleIcon } from 'lucide-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { PrintButton, PrintStyles } from '@/components/print-area';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLiveRefresh } from '@/lib/entities';
import { humanize, monthLabel } from '@/lib/format';
import { isForbidden, NoAccess } from '@/app/page-access';
import { AccountSelect } from '@/features/chart-of-accounts/account-select';
import { accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { fundLabel, fundsQuery } from '@/features/funds/funds.api';
import { BooksPanel } from '@/features/ledger/books-panel';
import {
  ALL_FUNDS, apAgingQuery, arAgingQuery, balanceSheetQuery, BY_FUND, exportReportCsv, fundParams, generalLedgerQuery, incomeStatementQuery, monthlyActivityQuery, reportKeys,
  summaryQuery, trialBalanceQuery, type AccountAmount, type Aging, type ByFund, type FundColumn, type FundView, type LedgerAccount, type Period,
  type DebitCredit, type ReportName, type TrialBalance,
} from '@/features/reports/reports.api';
import { today } from '@/lib/dates';


/** recharts loads with the first chart, not with the page. */
const BarChartWithTable = lazy(() => import('@/components/bar-chart-with-table'));

function ChartSlot({ children }: { children: ReactNode }) {
  return <Suspense fallback={<Skeleton className="h-64 w-full" />}>{children}</Suspense>;
}

const AGING_LABELS = { current: 'Current', days_1_30: '1-30', days_31_60: '31-60', days_61_90: '61-90', days_over_90: 'Over 90' } as const;

/** The aging totals by bucket as bars, with the buckets' table (the report's own table holds every owner). */
function AgingChart({ aging, title }: { aging: Aging; title: string }) {
  const rows = (Object.keys(AGING_LABELS) as Array<keyof typeof AGING_LABELS>).map((b) => ({ category: AGING_LABELS[b], balance: aging.totals[b] }));
  return (
    <ChartSlot>
      <BarChartWithTable title={title} categoryLabel="Days past due" rows={rows} series={[{ key: 'balance', label: 'Balance', color: 'var(--chart-4)' }]} className="mb-6 space-y-2 print:hidden" />
    </ChartSlot>
  );
}

function ExportButton({ name, params }: { name: ReportName; params: Record<string, string | undefined> }) {
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

/** One report tab's card: what it covers (printed with it), its CSV export and the print button. */
function ReportCard({ title, subtitle, name, params, children }: { title: string; subtitle: string; name: ReportName; params: Record<string, string | undefined>; children: ReactNode }) {
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

const money = (value: number | undefined) => formatMoney(value ?? 0);

/** One amount cell per fund column (when the report is by fund). */
function FundCells({ funds, values }: { funds: readonly FundColumn[]; values: ByFund | undefined }) {
  return funds.map((f) => (
    <TableCell key={f.id} className="text-right tabular-nums">
      {money(values?.[f.id])}
    </TableCell>
  ));
}

function AmountHead({ funds }: { funds: readonly FundColumn[] }) {
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
function Section({ title, rows, totalLabel, total, funds, totalByFund }: { title: string; rows: AccountAmount[]; totalLabel: string; total: number; funds: readonly FundColumn[]; totalByFund?: ByFund | undefined }) {
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

const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90', 'total'] as const;

function AgingHead({ first }: { first: string }) {
  return (
    <TableHeader>
      <TableRow>
        <TableHead>{first}</TableHead>
        <TableHead className="text-right">Current</TableHead>
        <TableHead className="text-right">1-30</TableHead>
        <TableHead className="text-right">31-60</TableHead>
        <TableHead className="text-right">61-90</TableHead>
        <TableHead className="text-right">Over 90</TableHead>
        <TableHead className="text-right">Total</TableHead>
      </TableRow>
    </TableHeader>
  );
}

function AgingTable({ aging, party, label }: { aging: Aging; party: 'owner' | 'vendor'; label: string }) {
  return (
    <>
      <Table aria-label={label}>
        <AgingHead first={party === 'owner' ? 'Owner' : 'Vendor'} />
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
                  {AGING_BUCKETS.map((b) => (
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
            {AGING_BUCKETS.map((b) => (
              <TableCell key={b} className="text-right tabular-nums">
                {formatMoney(aging.totals[b])}
              </TableCell>
            ))}
          </TableRow>
        </TableFooter>
      </Table>
      {aging.funds?.length && aging.totals_by_fund ? (
        <Table aria-label={`${label} by fund`}>
          <AgingHead first="Fund" />
          <TableBody>
            {aging.funds.map((f) => (
              <TableRow key={f.id} aria-label={f.code}>
                <TableCell>{fundLabel(f)}</TableCell>
                {AGING_BUCKETS.map((b) => (
                  <TableCell key={b} className="text-right tabular-nums">
                    {money(aging.totals_by_fund?.[f.id]?.[b])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </>
  );
}

function BalanceCheck({ isBalanced, ok, off }: { isBalanced: boolean; ok: string; off: string }) {
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

/** A debit and a credit cell per fund column, then the total's. */
function DebitCreditCells({ funds, byFund, total, show }: { funds: readonly FundColumn[]; byFund: Record<string, DebitCredit> | undefined; total: DebitCredit; show: (n: number | undefined) => string }) {
  const cells = [...funds.flatMap((f) => [[`${f.id}-dr`, byFund?.[f.id]?.debit], [`${f.id}-cr`, byFund?.[f.id]?.credit]] as const), ['dr', total.debit], ['cr', total.credit]] as const;
  return cells.map(([key, n]) => (
    <TableCell key={key} className="text-right tabular-nums">
      {show(n)}
    </TableCell>
  ));
}

/** Trial balance: every account with a balance in the debit or the credit column, per fund when asked. */
function TrialBalanceTable({ report }: { report: TrialBalance }) {
  const funds = report.funds ?? [];
  const side = (n: number | undefined) => (n ? formatMoney(n) : '');
  return (
    <>
      <Table aria-label="Trial Balance">
        <TableHeader>
          <TableRow>
            <TableHead>Account</TableHead>
            <TableHead>Type</TableHead>
            {funds.flatMap((f) =>
              (['Debit', 'Credit'] as const).map((side) => (
                <TableHead key={`${f.id}-${side}`} className="text-right">
                  {f.code} {side}
                </TableHead>
              )),
            )}
            <TableHead className="text-right">Debit</TableHead>
            <TableHead className="text-right">Credit</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {report.rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4 + 2 * funds.length} className="text-muted-foreground py-6 text-center">
                No balances
              </TableCell>
            </TableRow>
          ) : (
            report.rows.map((r) => (
              <TableRow key={r.account_id} aria-label={`${r.account_number} - ${r.account_name}`}>
                <TableCell>
                  {r.account_number} - {r.account_name}
                </TableCell>
                <TableCell>{humanize(r.account_type)}</TableCell>
                <DebitCreditCells funds={funds} byFund={r.by_fund} total={r} show={side} />
              </TableRow>
            ))
          )}
        </TableBody>
        <TableFooter>
          <TableRow aria-label="Total">
            <TableCell colSpan={2}>Total</TableCell>
            <DebitCreditCells funds={funds} byFund={report.totals_by_fund} total={{ debit: report.total_debit, credit: report.total_credit }} show={money} />
          </TableRow>
        </TableFooter>
      </Table>
      <BalanceCheck isBalanced={toCents(report.difference) === 0} ok="Debits = Credits" off={`Debits ≠ Credits (difference ${formatMoney(report.difference)})`} />
    </>
  );
}

/** One account of the general ledger: opening balance, every line with its running balance, closing balance. */
function LedgerAccountTable({ account, from, to }: { account: LedgerAccount; from: string; to: string }) {
  const name = `${account.account_number} - ${account.account_name}${account.fund_name ? ` · ${account.fund_name} fund` : ''}`;
  return (
    <section className="space-y-2" aria-label={name}>
      <h3 className="font-medium">
        {name} <span className="text-muted-foreground text-sm font-normal">(normal balance: {account.normal_balance})</span>
      </h3>
      <Table aria-label={`General ledger ${name}`}>
        <TableHeader>
          <TableRow>
            <TableHead>Date</TableHead>
            <TableHead>Memo</TableHead>
            <TableHead>Fund</TableHead>
            <TableHead>Document</TableHead>
            <TableHead className="text-right">Debit</TableHead>
            <TableHead className="text-right">Credit</TableHead>
            <TableHead className="text-right">Balance</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <TableRow aria-label="Opening balance">
            <TableCell>{from}</TableCell>
            <TableCell className="font-medium">Opening balance</TableCell>
            <TableCell colSpan={4} />
            <TableCell className="text-right tabular-nums">{formatMoney(account.opening_balance)}</TableCell>
          </TableRow>
          {account.lines.map((l, i) => (
            <TableRow key={`${l.entry_id}-${i}`}>
              <TableCell className="whitespace-nowrap">{l.entry_date}</TableCell>
              <TableCell>{l.line_memo || l.memo}</TableCell>
              <TableCell>{l.fund_code}</TableCell>
              <TableCell>{l.document_number ? `${humanize(l.document_type)} ${l.document_number}` : ''}</TableCell>
              <TableCell className="text-right tabular-nums">{l.debit ? formatMoney(l.debit) : ''}</TableCell>
              <TableCell className="text-right tabular-nums">{l.credit ? formatMoney(l.credit) : ''}</TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(l.balance)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow aria-label="Closing balance">
            <TableCell>{to}</TableCell>
            <TableCell>Closing balance</TableCell>
            <TableCell colSpan={2} />
            <TableCell className="text-right tabular-nums">{formatMoney(account.total_debit)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(account.total_credit)}</TableCell>
            <TableCell className="text-right tabular-nums">{formatMoney(account.closing_balance)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
    </section>
  );
}

/** 'Financial Reports' (spec part 2, section 2): summary cards and the report tabs, all computed by the server from the ledger. */
export default function ReportsPage() {
  const day = today();
  const [period, setPeriod] = useState<Period>({ from: `${day.slice(0, 4)}-01-01`, to: day });
  const [asOf, setAsOf] = useState(day);
  const [tab, setTab] = useState('income-statement');
  const [view, setView] = useState<FundView>(ALL_FUNDS);
  const [glAccount, setGlAccount] = useState('');
  // Every posting (documents, journal entries, closes) changes the figures: the ledger's own event too.
  useLiveRefresh(reportKeys.all, 'Invoice', 'Payment', 'Bill', 'ChartOfAccount', 'JournalEntry');
  const funds = useQuery(fundsQuery());
  const accounts = useQuery(accountsQuery());
  const summary = useQuery(summaryQuery(period, view));
  const income = useQuery(incomeStatementQuery(period, view));
  const monthly = useQuery({ ...monthlyActivityQuery(period, view === BY_FUND ? ALL_FUNDS : view), enabled: tab === 'income-statement' });
  const balance = useQuery(balanceSheetQuery(asOf, view));
  const ar = useQuery(arAgingQuery(asOf, view));
  const ap = useQuery(apAgingQuery(asOf, view));
  const trial = useQuery({ ...trialBalanceQuery(asOf, view), enabled: tab === 'trial-balance' });
  // With a column per fund, each account's ledger is kept per fund (its own opening, running and closing balance).
  const ledger = useQuery({ ...generalLedgerQuery(period, glAccount, view), enabled: tab === 'general-ledger' });

  if (isForbidden(summary.error)) return <NoAccess />;
  const netIncome = summary.data?.net_income;
  const isPeriodTab = tab === 'income-statement' || tab === 'general-ledger';
  const scope = fundParams(view);
  const labelOf = (v: FundView) => (v === ALL_FUNDS ? 'All funds' : v === BY_FUND ? 'A column per fund' : `${funds.data?.find((f) => f.id === v)?.name ?? ''} fund`);
  const asOfText = `As of ${asOf} · ${labelOf(view)}`;
  const periodText = `${period.from} to ${period.to} · ${labelOf(view)}`;

  return (
    <ListPage
      title="Financial Reports"
      description="Income, financial position, aging, the trial balance and the general ledger, from the ledger"
      className="max-w-6xl"
    >
      <PrintStyles />

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
        <div className="space-y-1">
          <Label htmlFor="report-funds">Funds</Label>
          <Select value={view} onValueChange={setView}>
            <SelectTrigger id="report-funds" className="w-56">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ALL_FUNDS}>All funds</SelectItem>
              <SelectItem value={BY_FUND}>A column per fund</SelectItem>
              {(funds.data ?? []).map((f) => (
                <SelectItem key={f.id} value={f.id}>
                  {`Only ${fundLabel(f)}`}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <p className="text-muted-foreground pb-2 text-sm">{isPeriodTab ? `Period ${period.from} to ${period.to}` : `As of ${asOf}`}</p>
      </div>

      <BooksPanel period={period} />

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
          <TabsTrigger value="trial-balance">Trial Balance</TabsTrigger>
          <TabsTrigger value="general-ledger">General Ledger</TabsTrigger>
        </TabsList>

        <TabsContent value="income-statement">
          <ReportCard title="Income Statement" subtitle={periodText} name="income-statement" params={{ ...period, ...scope }}>
            {monthly.data ? (
              <ChartSlot>
                <BarChartWithTable
                  title="Revenue and expenses by month"
                  categoryLabel="Month"
                  rows={monthly.data.months.map((m) => ({ category: monthLabel(m.month), revenue: m.revenue, expenses: m.expenses }))}
                  series={[
                    { key: 'revenue', label: 'Revenue', color: 'var(--chart-2)' },
                    { key: 'expenses', label: 'Expenses', color: 'var(--chart-1)' },
                  ]}
                  className="mb-6 space-y-2 print:hidden"
                />
              </ChartSlot>
            ) : null}
            <ReportState query={income}>
              {income.data ? (
                <Table aria-label="Income Statement">
                  <AmountHead funds={income.data.funds ?? []} />
                  <TableBody>
                    <Section title="Revenue" rows={income.data.revenue} totalLabel="Total Revenue" total={income.data.total_revenue} funds={income.data.funds ?? []} totalByFund={income.data.total_revenue_by_fund} />
                    <Section title="Expenses" rows={income.data.expenses} totalLabel="Total Expenses" total={income.data.total_expenses} funds={income.data.funds ?? []} totalByFund={income.data.total_expenses_by_fund} />
                  </TableBody>
                  <TableFooter>
                    <TableRow>
                      <TableCell>Net Income</TableCell>
                      <FundCells funds={income.data.funds ?? []} values={income.data.net_income_by_fund} />
                      <TableCell className="text-right tabular-nums">{formatMoney(income.data.net_income)}</TableCell>
                    </TableRow>
                  </TableFooter>
                </Table>
              ) : null}
            </ReportState>
          </ReportCard>
        </TabsContent>

        <TabsContent value="balance-sheet">
          <ReportCard title="Balance Sheet" subtitle={asOfText} name="balance-sheet" params={{ as_of: asOf, ...scope }}>
            <ReportState query={balance}>
              {balance.data ? (
                <>
                  <Table aria-label="Balance Sheet">
                    <AmountHead funds={balance.data.funds ?? []} />
                    <TableBody>
                      <Section title="Assets" rows={balance.data.assets} totalLabel="Total Assets" total={balance.data.total_assets} funds={balance.data.funds ?? []} totalByFund={balance.data.total_assets_by_fund} />
                      <Section title="Liabilities" rows={balance.data.liabilities} totalLabel="Total Liabilities" total={balance.data.total_liabilities} funds={balance.data.funds ?? []} totalByFund={balance.data.total_liabilities_by_fund} />
                      <Section title="Equity" rows={balance.data.equity} totalLabel="Total Equity" total={balance.data.total_equity} funds={balance.data.funds ?? []} totalByFund={balance.data.total_equity_by_fund} />
                    </TableBody>
                    <TableFooter>
                      <TableRow>
                        <TableCell>Total Liabilities and Equity</TableCell>
                        {(balance.data.funds ?? []).map((f) => (
                          <TableCell key={f.id} className="text-right tabular-nums">
                            {formatMoney((toCents(balance.data.total_liabilities_by_fund?.[f.id]) + toCents(balance.data.total_equity_by_fund?.[f.id])) / 100)}
                          </TableCell>
                        ))}
                        <TableCell className="text-right tabular-nums">
                          {formatMoney((toCents(balance.data.total_liabilities) + toCents(balance.data.total_equity)) / 100)}
                        </TableCell>
                      </TableRow>
                    </TableFooter>
                  </Table>
                  <BalanceCheck
                    isBalanced={toCents(balance.data.difference) === 0}
                    ok="Assets = Liabilities + Equity"
                    off={`Assets ≠ Liabilities + Equity (difference ${formatMoney(balance.data.difference)})`}
                  />
                </>
              ) : null}
            </ReportState>
          </ReportCard>
        </TabsContent>

        <TabsContent value="ar-aging">
          <ReportCard title="Accounts Receivable Aging" subtitle={asOfText} name="ar-aging" params={{ as_of: asOf, ...scope }}>
            <ReportState query={ar}>
              {ar.data ? (
                <>
                  <AgingChart aging={ar.data} title="Receivables by age" />
                  <AgingTable aging={ar.data} party="owner" label="A/R Aging" />
                </>
              ) : null}
            </ReportState>
          </ReportCard>
        </TabsContent>

        <TabsContent value="ap-aging">
          <ReportCard title="Accounts Payable Aging" subtitle={asOfText} name="ap-aging" params={{ as_of: asOf, ...scope }}>
            <ReportState query={ap}>{ap.data ? <AgingTable aging={ap.data} party="vendor" label="A/P Aging" /> : null}</ReportState>
          </ReportCard>
        </TabsContent>

        <TabsContent value="trial-balance">
          <ReportCard title="Trial Balance" subtitle={asOfText} name="trial-balance" params={{ as_of: asOf, ...scope }}>
            <ReportState query={trial}>{trial.data ? <TrialBalanceTable report={trial.data} /> : null}</ReportState>
          </ReportCard>
        </TabsContent>

        <TabsContent value="general-ledger">
          <ReportCard
            title="General Ledger"
            subtitle={`${period.from} to ${period.to} · ${labelOf(view)}`}
            name="general-ledger"
            params={{ ...period, account_id: glAccount || undefined, ...fundParams(view) }}
          >
            <div className="no-print space-y-1">
              <Label htmlFor="gl-account">Account</Label>
              <AccountSelect id="gl-account" className="w-80" accounts={accounts.data ?? []} withInactive value={glAccount} onChange={setGlAccount} noneLabel="All accounts" />
            </div>
            <ReportState query={ledger}>
              {ledger.data ? (
                <div className="space-y-6">
                  {ledger.data.truncated ? (
                    <p className="text-destructive text-sm" role="status">
                      Only the first {ledger.data.line_limit} lines are shown: pick an account or a shorter period.
                    </p>
                  ) : null}
                  {ledger.data.accounts.length === 0 ? <p className="text-muted-foreground">No activity</p> : null}
                  {ledger.data.accounts.map((a) => (
                    <LedgerAccountTable key={`${a.account_id}|${a.fund_id ?? ''}`} account={a} from={ledger.data.from} to={ledger.data.to} />
                  ))}
                </div>
              ) : null}
            </ReportState>
          </ReportCard>
        </TabsContent>
      </Tabs>
    </ListPage>
  );
}
