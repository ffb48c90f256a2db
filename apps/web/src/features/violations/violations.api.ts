import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ViolationListRow, ViolationStatus, ViolationTimeline } from '@covenant/contracts/violations';
import { appRequest } from '@/lib/api';

export type { ViolationListRow, ViolationStatus, ViolationTimeline };

export const VIOLATION_STATUS_LABELS: Record<ViolationStatus, string> = {
  open: 'Open', cured: 'Cured', hearing: 'Hearing', fined: 'Fined', closed: 'Closed', dismissed: 'Dismissed',
};

export const violationKeys = { all: ['violations'] as const };

/** A page of violations (the server joins, filters and pages; an owner gets their own). */
export function violationsQuery(status: ViolationStatus | '', page: number, pageSize: number) {
  return queryOptions({
    queryKey: [...violationKeys.all, 'list', status, page, pageSize],
    queryFn: () => appRequest<{ rows: ViolationListRow[]; total: number }>(`/violations?${status ? `status=${status}&` : ''}limit=${pageSize}&skip=${page * pageSize}`),
    placeholderData: keepPreviousData,
  });
}

/** One violation's timeline: every step with its date and the rule that allowed it. */
export const timelineQuery = (id: string) =>
  queryOptions({ queryKey: [...violationKeys.all, 'timeline', id], queryFn: () => appRequest<ViolationTimeline>(`/violations/${id}/timeline`) });
