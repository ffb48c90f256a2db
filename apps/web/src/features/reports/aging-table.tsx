import { formatMoney } from '@covenant/contracts/money';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { fundLabel } from '@/features/funds/funds.api';
import type { Aging } from '@/features/reports/reports.api';
import { BarChartWithTable, ChartSlot, money } from './report-frame';

/** The aging reports' parts (A/R and A/P): the buckets as bars, and the table by owner or vendor with its fund totals. */
export const AGING_LABELS = { current: 'Current', days_1_30: '1-30', days_31_60: '31-60', days_61_90: '61-90', days_over_90: 'Over 90' } as const;

/** The aging totals by bucket as bars, with the buckets' table (the report's own table holds every owner). */
export function AgingChart({ aging, title }: { aging: Aging; title: string }) {
  const rows = (Object.keys(AGING_LABELS) as Array<keyof typeof AGING_LABELS>).map((b) => ({ category: AGING_LABELS[b], balance: aging.totals[b] }));
  return (
    <ChartSlot>
      <BarChartWithTable title={title} categoryLabel="Days past due" rows={rows} series={[{ key: 'balance', label: 'Balance', color: 'var(--chart-4)' }]} className="mb-6 space-y-2 print:hidden" />
    </ChartSlot>
  );
}

export const AGING_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90', 'total'] as const;

export function AgingHead({ first }: { first: string }) {
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

export function AgingTable({ aging, party, label }: { aging: Aging; party: 'owner' | 'vendor'; label: string }) {
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
              const [id, name] = 'owner_id' in row ? [row.owner_id, row.owner_name] : [row.vendor_id, row.vendor_name];
              return (
                <TableRow key={id} aria-label={name}>
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
