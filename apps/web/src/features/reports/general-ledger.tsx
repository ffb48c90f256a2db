import { formatMoney } from '@covenant/contracts/money';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { humanize } from '@/lib/format';
import type { UseQueryResult } from '@tanstack/react-query';
import { Label } from '@/components/ui/label';
import { AccountSelect } from '@/features/chart-of-accounts/account-select';
import type { Account } from '@/features/chart-of-accounts/accounts.api';
import type { GeneralLedger, LedgerAccount } from '@/features/reports/reports.api';
import { ReportCard, ReportState } from './report-frame';

/** One account of the general ledger: opening balance, every line with its running balance, closing balance. */
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

/** General Ledger of the period: each account's (or the chosen one's) lines with running balances. */
export function GeneralLedgerReport({ ledger, accounts, account, onAccount, subtitle, params }: {
  ledger: UseQueryResult<GeneralLedger>; accounts: readonly Account[]; account: string; onAccount(id: string): void; subtitle: string; params: Record<string, string | undefined>;
}) {
  return (
    <ReportCard title="General Ledger" subtitle={subtitle} name="general-ledger" params={params}>
      <div className="no-print space-y-1">
        <Label htmlFor="gl-account">Account</Label>
        <AccountSelect id="gl-account" className="w-80" accounts={accounts} withInactive value={account} onChange={onAccount} noneLabel="All accounts" />
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
  );
}
