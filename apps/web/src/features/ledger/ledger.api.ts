import type { LedgerStatus, LedgerVerification } from '@covenant/contracts/ledger';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { appRequest, downloadText } from '@/lib/api';
import { entityKeys, invokeFunction } from '@/lib/entities';
import { reportKeys } from '@/features/reports/reports.api';

export type { LedgerStatus, LedgerVerification } from '@covenant/contracts/ledger';

export type LedgerExportFormat = 'hledger' | 'beancount' | 'csv';
export const LEDGER_EXPORT_FORMATS: ReadonlyArray<{ value: LedgerExportFormat; label: string }> = [
  { value: 'hledger', label: 'hledger journal' },
  { value: 'beancount', label: 'Beancount' },
  { value: 'csv', label: 'CSV' },
];

export const ledgerKeys = { status: ['ledger', 'status'] as const };
/** Query key root of journal entries; transfers, reversals and closes change them. */
export const journalKeys = { all: ['journal-entries'] as const };

/** What a posting outside the documents changes: reports, journal entries and account balances. */
export function invalidateBooks(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: reportKeys.all }),
    queryClient.invalidateQueries({ queryKey: journalKeys.all }),
    queryClient.invalidateQueries({ queryKey: entityKeys.all('ChartOfAccount') }),
  ]);
}

export function ledgerStatusQuery() {
  return queryOptions({ queryKey: ledgerKeys.status, queryFn: () => appRequest<LedgerStatus>('/ledger/status') });
}

/** Re-computes the hash chain over every posted entry (the server seals new ones first). */
export const verifyLedger = () => appRequest<LedgerVerification>('/ledger/verify');

/** Downloads the ledger of a period as a plain-text journal or CSV, named by the server. */
export function exportLedger(format: LedgerExportFormat, period: { from: string; to: string }): Promise<void> {
  const query = new URLSearchParams({ format, from: period.from, to: period.to });
  return downloadText(`/ledger/export?${query.toString()}`, `ledger.${format === 'hledger' ? 'journal' : format}`);
}

export type PeriodCommand =
  | { name: 'closePeriod'; params: { through: string } }
  | { name: 'closeYear'; params: { fiscal_year_end: string } }
  | { name: 'reopenPeriod'; params: { through: string | null; reason: string } };

/** Closes, year-end closes or reopens the books (administrators); the books and their status are read again. */
export function usePeriodCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: PeriodCommand) => invokeFunction<{ closed_through: string | null }>(command.name, command.params),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: ledgerKeys.status }), invalidateBooks(queryClient)]),
  });
}
