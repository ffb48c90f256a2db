import { Bar, CartesianGrid, ComposedChart, Line, XAxis, YAxis } from 'recharts';
import { ChartContainer, ChartLegend, ChartLegendContent, ChartTooltip, ChartTooltipContent, type ChartConfig } from '@/components/ui/chart';
import type { ProjectionYear } from './reserves.api';

const config = {
  ending_balance: { label: 'Ending balance', color: 'var(--chart-1)' },
  fully_funded_balance: { label: 'Fully funded balance', color: 'var(--chart-2)' },
  replacements: { label: 'Replacements', color: 'var(--chart-5)' },
} satisfies ChartConfig;

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', style: 'currency', currency: 'USD', maximumFractionDigits: 1 });

/** The projection as a chart, drawn without animation; the table beside it is its text alternative. */
export function ProjectionChart({ projection, describedBy }: { projection: ProjectionYear[]; describedBy: string }) {
  return (
    <figure className="space-y-2" aria-describedby={describedBy}>
      <ChartContainer config={config} className="aspect-auto h-80 w-full" role="img" aria-label="Reserve balance, fully funded balance and replacements over 30 years">
        <ComposedChart data={projection} margin={{ left: 12, right: 12 }}>
          <CartesianGrid vertical={false} />
          <XAxis dataKey="year" tickLine={false} axisLine={false} tickMargin={8} />
          <YAxis tickLine={false} axisLine={false} width={72} tickFormatter={(v: number) => compact.format(v)} />
          <ChartTooltip content={<ChartTooltipContent />} />
          <ChartLegend content={<ChartLegendContent />} />
          <Bar dataKey="replacements" fill="var(--color-replacements)" radius={2} isAnimationActive={false} />
          <Line dataKey="fully_funded_balance" type="monotone" stroke="var(--color-fully_funded_balance)" strokeWidth={2} strokeDasharray="5 4" dot={false} isAnimationActive={false} />
          <Line dataKey="ending_balance" type="monotone" stroke="var(--color-ending_balance)" strokeWidth={2} dot={false} isAnimationActive={false} />
        </ComposedChart>
      </ChartContainer>
      <figcaption className="text-muted-foreground text-sm">The same figures are in the projection table.</figcaption>
    </figure>
  );
}
