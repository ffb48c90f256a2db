import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRightIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '@covenant/contracts/money';
import { ListPage, ListSkeleton, RowActions } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import { humanize } from '@/lib/format';
import { useLiveRefresh } from '@/lib/entities';
import { today } from '@/lib/dates';
import { balanceSheetQuery, BY_FUND, reportKeys, type BalanceSheet } from '@/features/reports/reports.api';
import { FundFormDialog } from './fund-form-dialog';
import { bankAccountLabel, bankAccountsQuery, fundsQuery, type Fund } from './funds.api';
import { TransferDialog } from './transfer-dialog';

/** A fund's bank balance and its fund balance (assets less liabilities) from the balance sheet by fund. */
function figuresOf(sheet: BalanceSheet | undefined, fund: Fund) {
  if (!sheet) return { cash: undefined, balance: undefined };
  const cashRow = sheet.assets.find((a) => a.account_id === fund.cash_account_id);
  return { cash: fund.cash_account_id ? (cashRow?.by_fund?.[fund.id] ?? 0) : undefined, balance: sheet.total_equity_by_fund?.[fund.id] ?? 0 };
}

/** 'Funds': each fund with its bank account and balances as of a date; add or edit a fund, transfer between funds. */
export default function FundsPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'chart_of_accounts');
  const [asOf, setAsOf] = useState(today);
  const [editing, setEditing] = useState<{ fund: Fund | null } | null>(null);
  const [isTransferring, setIsTransferring] = useState(false);
  const funds = useQuery(fundsQuery());
  const banks = useQuery(bankAccountsQuery());
  const sheet = useQuery(balanceSheetQuery(asOf, BY_FUND));
  useLiveRefresh(reportKeys.all, 'ChartOfAccount', 'JournalEntry');

  if (isForbidden(funds.error)) return <NoAccess />;
  const bankOf = (id: string | null) => banks.data?.find((a) => a.id === id);
  const figure = (value: number | undefined) => (value === undefined ? '—' : formatMoney(value));

  return (
    <ListPage
      title="Funds"
      description="Operating, reserve and other funds: each keeps its own bank account and balances on its own"
      className="max-w-6xl"
      error={funds.error}
      actions={
        canWrite ? (
          <>
            <Button variant="outline" onClick={() => setIsTransferring(true)}>
              <ArrowLeftRightIcon aria-hidden="true" />
              Transfer Between Funds
            </Button>
            <Button onClick={() => setEditing({ fund: null })}>
              <PlusIcon aria-hidden="true" />
              Add Fund
            </Button>
          </>
        ) : null
      }
    >
      <div className="space-y-1">
        <Label htmlFor="funds-as-of">As of</Label>
        <Input id="funds-as-of" type="date" className="w-48" value={asOf} onChange={(e) => e.target.value && setAsOf(e.target.value)} />
      </div>

      {sheet.isError && !isForbidden(sheet.error) ? <p className="text-destructive text-sm">{sheet.error.message}</p> : null}
      {funds.isPending ? (
        <ListSkeleton label="Loading funds" />
      ) : (
        <div className="rounded-md border">
          <Table aria-label="Funds">
            <TableHeader>
              <TableRow>
                <TableHead>Code</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Kind</TableHead>
                <TableHead>Bank Account</TableHead>
                <TableHead className="text-right">Cash</TableHead>
                <TableHead className="text-right">Fund Balance</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(funds.data ?? []).map((fund) => {
                const bank = bankOf(fund.cash_account_id);
                const { cash, balance } = figuresOf(sheet.data, fund);
                return (
                  <TableRow key={fund.id} aria-label={fund.name}>
                    <TableCell className="font-medium">{fund.code}</TableCell>
                    <TableCell>{fund.name}</TableCell>
                    <TableCell>{humanize(fund.kind)}</TableCell>
                    <TableCell>{bank ? bankAccountLabel(bank) : <span className="text-muted-foreground">None yet</span>}</TableCell>
                    <TableCell className="text-right tabular-nums">{figure(cash)}</TableCell>
                    <TableCell className="text-right tabular-nums">{figure(balance)}</TableCell>
                    <TableCell>
                      <Badge variant={fund.is_active ? 'default' : 'secondary'}>{fund.is_active ? 'Active' : 'Inactive'}</Badge>
                    </TableCell>
                    <TableCell className="text-right">{canWrite ? <RowActions name={fund.name} onEdit={() => setEditing({ fund })} /> : null}</TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}

      {editing ? <FundFormDialog fund={editing.fund} onClose={() => setEditing(null)} /> : null}
      {isTransferring ? <TransferDialog onClose={() => setIsTransferring(false)} /> : null}
    </ListPage>
  );
}
