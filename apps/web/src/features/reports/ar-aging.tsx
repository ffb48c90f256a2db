import type { UseQueryResult } from '@tanstack/react-query';
import type { Aging } from '@/features/reports/reports.api';
import { AgingChart, AgingTable } from './aging-table';
import { ReportCard, ReportState } from './report-frame';

/** Accounts Receivable Aging as of a date: owners' open balances by days past due, with the buckets as bars. */
export function ArAgingReport({ ar, subtitle, params }: { ar: UseQueryResult<Aging>; subtitle: string; params: Record<string, string | undefined> }) {
  return (
    <ReportCard title="Accounts Receivable Aging" subtitle={subtitle} name="ar-aging" params={params}>
      <ReportState query={ar}>
        {ar.data ? (
          <>
            <AgingChart aging={ar.data} title="Receivables by age" />
            <AgingTable aging={ar.data} party="owner" label="A/R Aging" />
          </>
        ) : null}
      </ReportState>
    </ReportCard>
  );
}
