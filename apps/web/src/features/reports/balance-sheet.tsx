import { formatMoney, toCents } from '@covenant/contracts/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, TableBody, TableCell, TableFooter, TableRow } from '@/components/ui/table';
import type { BalanceSheet } from '@/features/reports/reports.api';
import { AmountHead, BalanceCheck, ReportCard, ReportState, Section } from './report-frame';

/** Balance Sheet as of a date: assets, liabilities and equity (a column per fund when asked), and the check that they balance. */
export function BalanceSheetReport({ balance, subtitle, params }: { balance: UseQueryResult<BalanceSheet>; subtitle: string; params: Record<string, string | undefined> }) {
  return (
    <ReportCard title="Balance Sheet" subtitle={subtitle} name="balance-sheet" params={params}>
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
  );
}
