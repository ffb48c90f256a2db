import { formatMoney, toCents } from '@covenant/contracts/money';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { humanize } from '@/lib/format';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DebitCredit, FundColumn, TrialBalance } from '@/features/reports/reports.api';
import { BalanceCheck, money, ReportCard, ReportState } from './report-frame';

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

/** Trial Balance as of a date, with the check that debits equal credits. */
export function TrialBalanceReport({ trial, subtitle, params }: { trial: UseQueryResult<TrialBalance>; subtitle: string; params: Record<string, string | undefined> }) {
  return (
    <ReportCard title="Trial Balance" subtitle={subtitle} name="trial-balance" params={params}>
      <ReportState query={trial}>{trial.data ? <TrialBalanceTable report={trial.data} /> : null}</ReportState>
    </ReportCard>
  );
}
