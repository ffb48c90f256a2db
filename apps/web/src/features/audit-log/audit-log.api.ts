import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditLogPage } from '@covenant/contracts/audit';
import { appRequest, downloadCsv } from '@/lib/api';

export const AUDIT_PAGE_SIZE = 50;

export interface AuditFilters {
  /** Part of an email, or a user id. */
  actor: string;
  /** An action ('auth.sign_in') or its area ('auth'); empty for all. */
  action: string;
  from: string;
  to: string;
}

export const NO_FILTERS: AuditFilters = { actor: '', action: '', from: '', to: '' };

function search(filters: AuditFilters, extra: Record<string, string>): string {
  const params = new URLSearchParams(extra);
  for (const [key, value] of Object.entries(filters)) if (value.trim()) params.set(key, value.trim());
  return params.toString();
}

/** One page of entries matching the filters, newest first, with the total (filtered and paged by the server). */
export function auditLogQuery(filters: AuditFilters, page: number) {
  return queryOptions({
    queryKey: ['audit-log', filters, page],
    queryFn: () =>
      appRequest<AuditLogPage>(
        `/audit-log?${search(filters, { limit: String(AUDIT_PAGE_SIZE), skip: String(page * AUDIT_PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every entry matching the filters as CSV (the server neutralises formula cells). */
export function exportAuditLogCsv(filters: AuditFilters): Promise<void> {
  return downloadCsv(`/audit-log?${search(filters, { format: 'csv' })}`, 'audit-log.csv');
}
