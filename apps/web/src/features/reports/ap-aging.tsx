import type { UseQueryResult } from '@tanstack/react-query';
import type { Aging } from '@/features/reports/reports.api';
import { AgingTable } from './aging-table';
import { ReportCard, ReportState } from './report-frame';

/** Accounts Payable Aging as of a date: what is owed to each vendor by days past due. */
export function ApAgingReport({ ap, subtitle, params }: { ap: UseQueryResult<Aging>; subtitle: string; params: Record<string, string | undefined> }) {
  return (
    <ReportCard title="Accounts Payable Aging" subtitle={subtitle} name="ap-aging" params={params}>
      <ReportState query={ap}>{ap.data ? <AgingTable aging={ap.data} party="vendor" label="A/P Aging" /> : null}</ReportState>
    </ReportCard>
  );
}
