import { formatMoney } from '@covenant/contracts/money';
import { useId } from 'react';
import { Bar, BarChart, CartesianGrid, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';

export interface ChartSeries {
  key: string;
  label: string;
  /** A theme colour, e.g. var(--chart-1). */
  color: string;
}

export interface BarChartWithTableProps {
  /** What the chart shows, read out for the chart and used as the table's caption. */
  title: string;
  /** The category column's heading in the table (e.g. Month, Age). */
  categoryLabel: string;
  rows: Array<{ category: string } & Record<string, number | string>>;
  series: ChartSeries[];
  className?: string;
}

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', style: 'currency', currency: 'USD', maximumFractionDigits: 1 });

/**
 * Money by category as bars (recharts through the shadcn chart), drawn without animation, with the same figures
 * as a table that opens below it: the chart's text alternative, reachable by keyboard and read by screen readers.
 * Loaded lazily by the screens, so recharts is not in the entry chunk.
 */
export default function BarChartWithTable({ title, categoryLabel, rows, series, className }: BarChartWithTableProps) {
  const tableId = useId();
  const config = Object.fromEntries(series.map((s) => [s.key, { label: s.label, color: s.color }])) satisfies ChartConfig;
  return (
    <figure className={className ?? 'space-y-2'}>
      <ChartContainer config={config} className="aspect-auto h-64 w-full" role="img" aria-label={`${title} (chart; the figures are in the table below)`} aria-describedby={tableId}>
        <BarChart data={rows} margin={{ left: 4, right: 4 }} accessibilityLayer={false}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="category" tickLine={false} axisLine={false} tickMargin={8} minTickGap={8} />
          <YAxis tickLine={false} axisLine={false} width={64} tickFormatter={(v: number) => compact.format(v)} />
          <ChartTooltip content={<ChartTooltipContent />} />
          {series.length > 1 ? <ChartLegend content={<ChartLegendContent />} /> : null}
          {series.map((s) => (
            <Bar key={s.key} dataKey={s.key} fill={`var(--color-${s.key})`} radius={2} isAnimationActive={false} />
          ))}
        </BarChart>
      </ChartContainer>
      <details className="text-sm">
        <summary className="text-muted-foreground hover:text-foreground inline-flex min-h-6 cursor-pointer items-center rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
          Show the figures as a table
        </summary>
        <Table id={tableId} aria-label={title} className="mt-2">
          <TableHeader>
            <TableRow>
              <TableHead scope="col">{categoryLabel}</TableHead>
              {series.map((s) => (
                <TableHead key={s.key} scope="col" className="text-right">
                  {s.label}
                </TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.category}>
                <TableHead scope="row" className="font-normal">
                  {r.category}
                </TableHead>
                {series.map((s) => (
                  <TableCell key={s.key} className="text-right tabular-nums">
                    {formatMoney(Number(r[s.key] ?? 0))}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </details>
    </figure>
  );
}
