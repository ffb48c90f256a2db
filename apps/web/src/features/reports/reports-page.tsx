import { toCents } from '@covenant/contracts/money';
import { ListPage } from '@/components/list-page';
import { useQuery } from '@tanstack/react-query';
import { TrendingDownIcon, TrendingUpIcon, WalletIcon } from 'lucide-react';
import { useState } from 'react';
import { PrintStyles } from '@/components/print-area';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useLiveRefresh } from '@/lib/entities';
import { isForbidden, NoAccess } from '@/app/page-access';
import { accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { fundLabel, fundsQuery } from '@/features/funds/funds.api';
import { BooksPanel } from '@/features/ledger/books-panel';
import {
  ALL_FUNDS, apAgingQuery, arAgingQuery, balanceSheetQuery, BY_FUND, fundParams, generalLedgerQuery, incomeStatementQuery, monthlyActivityQuery, reportKeys,
  summaryQuery, trialBalanceQuery, type FundView, type Period,
} from '@/features/reports/reports.api';
import { today } from '@/lib/dates';
import { ApAgingReport } from './ap-aging';
import { ArAgingReport } from './ar-aging';
import { BalanceSheetReport } from './balance-sheet';
import { GeneralLedgerReport } from './general-ledger';
import { IncomeStatementReport } from './income-statement';
import { SummaryCard } from './report-frame';
import { TrialBalanceReport } from './trial-balance';

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
          <IncomeStatementReport income={income} monthly={monthly} subtitle={periodText} params={{ ...period, ...scope }} />
        </TabsContent>
        <TabsContent value="balance-sheet">
          <BalanceSheetReport balance={balance} subtitle={asOfText} params={{ as_of: asOf, ...scope }} />
        </TabsContent>
        <TabsContent value="ar-aging">
          <ArAgingReport ar={ar} subtitle={asOfText} params={{ as_of: asOf, ...scope }} />
        </TabsContent>
        <TabsContent value="ap-aging">
          <ApAgingReport ap={ap} subtitle={asOfText} params={{ as_of: asOf, ...scope }} />
        </TabsContent>
        <TabsContent value="trial-balance">
          <TrialBalanceReport trial={trial} subtitle={asOfText} params={{ as_of: asOf, ...scope }} />
        </TabsContent>
        <TabsContent value="general-ledger">
          <GeneralLedgerReport
            ledger={ledger}
            accounts={accounts.data ?? []}
            account={glAccount}
            onAccount={setGlAccount}
            subtitle={periodText}
            params={{ ...period, account_id: glAccount || undefined, ...scope }}
          />
        </TabsContent>
      </Tabs>
    </ListPage>
  );
}
