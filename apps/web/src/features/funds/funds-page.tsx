import { useQuery } from '@tanstack/react-query';
import { ArrowLeftRightIcon, PlusIcon } from 'lucide-react';
import { useState } from 'react';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { ListPage, RowActions } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
      {/* No empty row: every association has its operating fund from the start. */}
      <DataTable
        label="Funds"
        loading={funds.isPending && 'Loading funds'}
        rows={funds.data ?? []}
        rowKey={(fund) => fund.id}
        rowProps={(fund) => ({ 'aria-label': fund.name })}
        columns={[
          { id: 'code', header: 'Code', className: 'font-medium', cell: (fund) => fund.code },
          { id: 'name', header: 'Name', cell: (fund) => fund.name },
          { id: 'kind', header: 'Kind', hideBelow: 'sm', cell: (fund) => humanize(fund.kind) },
          {
            id: 'bank', header: 'Bank Account', hideBelow: 'md',
            cell: (fund) => {
              const bank = bankOf(fund.cash_account_id);
              return bank ? bankAccountLabel(bank) : <span className="text-muted-foreground">None yet</span>;
            },
          },
          { id: 'cash', header: 'Cash', align: 'end', cell: (fund) => figure(figuresOf(sheet.data, fund).cash) },
          { id: 'balance', header: 'Fund Balance', align: 'end', cell: (fund) => figure(figuresOf(sheet.data, fund).balance) },
          { id: 'status', header: 'Status', hideBelow: 'sm', cell: (fund) => <Badge variant={fund.is_active ? 'default' : 'secondary'}>{fund.is_active ? 'Active' : 'Inactive'}</Badge> },
        ]}
        actions={(fund) => (canWrite ? <RowActions name={fund.name} onEdit={() => setEditing({ fund })} /> : null)}
      />

      {editing ? <FundFormDialog fund={editing.fund} onClose={() => setEditing(null)} /> : null}
      {isTransferring ? <TransferDialog onClose={() => setIsTransferring(false)} /> : null}
    </ListPage>
  );
}
