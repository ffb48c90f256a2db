import { formatMoney } from '@covenant/contracts/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { Table, TableBody, TableCell, TableFooter, TableRow } from '@/components/ui/table';
import { monthLabel } from '@/lib/format';
import type { IncomeStatement, MonthlyActivity } from '@/features/reports/reports.api';
import { AmountHead, BarChartWithTable, ChartSlot, FundCells, ReportCard, ReportState, Section } from './report-frame';

/** Income Statement: revenue and expenses of the period (a column per fund when asked), with the months as bars. */
export function IncomeStatementReport({ income, monthly, subtitle, params }: {
  income: UseQueryResult<IncomeStatement>; monthly: UseQueryResult<MonthlyActivity>; subtitle: string; params: Record<string, string | undefined>;
}) {
  return (
    <ReportCard title="Income Statement" subtitle={subtitle} name="income-statement" params={params}>
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
  );
}
