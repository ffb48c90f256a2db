import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { InspectionUnitRow, ViolationListRow, ViolationStatus, ViolationTimeline } from '@covenant/contracts/violations';
import { appRequest, currentAppId, downloadPdf, errorMessage } from '@/lib/api';
import { readStoredToken } from '@/lib/auth-token';
import { filter } from '@/lib/entities';
import { callFunction } from '@/lib/functions';

export type { InspectionUnitRow, ViolationListRow, ViolationStatus, ViolationTimeline };

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

export interface Position {
  latitude: number;
  longitude: number;
}

/** Inspection mode's units: with the phone's position, those nearest their earlier violations first (the server sorts). */
export const inspectionUnitsQuery = (at: Position | null) =>
  queryOptions({
    queryKey: [...violationKeys.all, 'inspection-units', at?.latitude ?? null, at?.longitude ?? null],
    queryFn: () => appRequest<{ rows: InspectionUnitRow[] }>(`/violations/inspection-units${at ? `?latitude=${at.latitude}&longitude=${at.longitude}` : ''}`),
    placeholderData: keepPreviousData,
  });

export interface ViolationTypeRow {
  id: string;
  name: string;
  ccr_reference: string | null;
  cure_days: number;
}

/** The association's active violation types, by name. */
export const activeViolationTypesQuery = () =>
  queryOptions({
    queryKey: [...violationKeys.all, 'types', 'active'],
    queryFn: () => filter<ViolationTypeRow>('ViolationType', { is_active: true }, 'name', 500),
  });

/** Adds a photo to a violation: staff add evidence; an owner's is always proof of the cure. */
export function uploadViolationPhoto(violationId: string, file: File, kind: 'evidence' | 'cure') {
  const form = new FormData();
  form.append('kind', kind);
  form.append('file', file, file.name);
  return appRequest<{ id: string }>(`/violations/${violationId}/photos`, { method: 'POST', body: form });
}

/** A violation photo's bytes (the routes need the session's token, so an <img> cannot load them by address). */
export async function fetchViolationPhoto(photoId: string, variant: 'thumbnail' | 'resized' | 'original'): Promise<Blob> {
  const appId = await currentAppId();
  const token = readStoredToken();
  const response = await fetch(`/api/apps/${appId}/violation-photos/${photoId}/${variant}`, { headers: { 'X-App-Id': appId, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  if (!response.ok) throw new Error(`The photo could not be loaded (${response.status})`);
  return response.blob();
}

/** A notice as its PDF, under the server's name. */
export const downloadNoticePdf = (noticeId: string, kind: string) => downloadPdf(`/violation-notices/${noticeId}/pdf`, `${kind}.pdf`);

/** Records a violation, then uploads its photos as evidence (answering the photos that were refused). */
export function useRecordViolation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { property_id: string; violation_type_id: string; description?: string; position: Position | null; photos: File[] }) => {
      const v = await callFunction('recordViolation', {
        property_id: input.property_id, violation_type_id: input.violation_type_id,
        ...(input.description ? { description: input.description } : {}),
        ...(input.position ? { latitude: round6(input.position.latitude), longitude: round6(input.position.longitude) } : {}),
      });
      // The violation stands once recorded: a photo refused is reported, not a reason to record it twice.
      const failed: string[] = [];
      for (const photo of input.photos) {
        await uploadViolationPhoto(v.id, photo, 'evidence').catch((e: unknown) => failed.push(`${photo.name}: ${errorMessage(e)}`));
      }
      return { violation: v, failed };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: violationKeys.all }),
  });
}

/** The owner asks for a hearing on their violation. */
export function useRequestHearing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (violationId: string) => callFunction('requestHearing', { violation_id: violationId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: violationKeys.all }),
  });
}

/** The owner adds a proof-of-cure photo to their violation. */
export function useUploadCurePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ violationId, file }: { violationId: string; file: File }) => uploadViolationPhoto(violationId, file, 'cure'),
    onSuccess: (_photo, { violationId }) => queryClient.invalidateQueries({ queryKey: [...violationKeys.all, 'timeline', violationId] }),
  });
}

/** The database keeps six decimals (about 10 cm). */
const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

/** Staff send a notice of a kind (courtesy, notice) today; the owner gets it by email or it is kept to print. */
export function useSendNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { violation_id: string; kind: 'courtesy' | 'notice' }) => callFunction('sendViolationNotice', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: violationKeys.all }),
  });
}

/** Staff schedule a hearing (the state's notice period is checked by the server, which names the rule when it refuses). */
export function useScheduleHearing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { violation_id: string; scheduled_for: string; committee_member_ids: string[]; notice_sent_on?: string }) => callFunction('scheduleHearing', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: violationKeys.all }),
  });
}

/** Staff or the board decide a hearing; a fine is invoiced to the owner by the server. */
export function useDecideHearing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { hearing_id: string; outcome: 'fine' | 'no_fine' | 'cured'; fine_amount?: number; health_safety_finding?: boolean }) => callFunction('decideHearing', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: violationKeys.all }),
  });
}
