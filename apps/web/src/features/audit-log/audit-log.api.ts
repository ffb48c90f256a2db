import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditLogPage, AuditLogSort } from '@covenant/contracts/audit';
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

/** One page of entries matching the filters in the `sort` order, with the total (filtered, sorted and paged by the server). */
export function auditLogQuery(filters: AuditFilters, page: number, sort: AuditLogSort) {
  return queryOptions({
    queryKey: ['audit-log', filters, page, sort],
    queryFn: () =>
      appRequest<AuditLogPage>(
        `/audit-log?${search(filters, { sort, limit: String(AUDIT_PAGE_SIZE), skip: String(page * AUDIT_PAGE_SIZE) })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** Every entry matching the filters as CSV, in the screen's order (the server neutralises formula cells). */
export function exportAuditLogCsv(filters: AuditFilters, sort: AuditLogSort): Promise<void> {
  return downloadCsv(`/audit-log?${search(filters, { sort, format: 'csv' })}`, 'audit-log.csv');
}
