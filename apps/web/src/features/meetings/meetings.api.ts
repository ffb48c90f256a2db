import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { meetingStart, type directorListSchema, type meetingInput, type MeetingKind, type motionListSchema, type recordMotionInput } from '@covenant/contracts/meetings';
import { appRequest } from '@/lib/api';
import { create, entityKeys, filter, invokeFunction, update } from '@/lib/entities';

export type MeetingBody = z.input<typeof meetingInput>;
export type Meeting = {
  id: string;
  kind: MeetingKind;
  title: string;
  starts_at: string;
  location: string | null;
  video_url: string | null;
  agenda: Array<{ title: string; description?: string | null }>;
  considers_assessments: boolean;
  notice_sent_on: string | null;
  minutes: string | null;
  minutes_status: 'draft' | 'approved';
  minutes_approved_at_meeting_id: string | null;
  minutes_document_id: string | null;
  attendee_ids: string[];
};
export type Director = z.infer<typeof directorListSchema>['rows'][number];
export type Motion = z.infer<typeof motionListSchema>['rows'][number];
export type MotionBody = z.input<typeof recordMotionInput>;

/** The first instant of a month (YYYY-MM) and of the next, in the browser's zone. */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(y, m - 1, 1).toISOString(), to: new Date(y, m, 1).toISOString() };
}

/** The meetings of a month, in order: the server filters by the reader's audience (owners: members' meetings). */
export const meetingsOfMonthQuery = (month: string) => {
  const { from, to } = monthRange(month);
  const q = { starts_at: { $gte: from, $lt: to } };
  return queryOptions({ queryKey: entityKeys.list('Meeting', { q, sort: 'starts_at' }), queryFn: () => filter<Meeting>('Meeting', q, 'starts_at', 500) });
};

/** Meetings after this one that have begun: where its minutes may be approved. */
export const laterMeetingsQuery = (meeting: Meeting) => {
  const q = { starts_at: { $gt: meetingStart(meeting.starts_at).toISOString(), $lte: `${new Date().toISOString().slice(0, 16)}:00.000Z` } };
  return queryOptions({ queryKey: entityKeys.list('Meeting', { q, sort: '-starts_at' }), queryFn: () => filter<Meeting>('Meeting', q, '-starts_at', 50) });
};

/** The next meetings the reader may attend (My Account: owners see members' meetings only). */
export const upcomingMeetingsQuery = () => {
  const q = { starts_at: { $gte: `${new Date().toISOString().slice(0, 13)}:00:00.000Z` } };
  return queryOptions({ queryKey: entityKeys.list('Meeting', { q, sort: 'starts_at', limit: 5 }), queryFn: () => filter<Meeting>('Meeting', q, 'starts_at', 5) });
};

export const directorsQuery = queryOptions({ queryKey: ['meetings', 'directors'], queryFn: () => appRequest<{ rows: Director[] }>('/meetings/directors') });
export const motionsQuery = (id: string) => queryOptions({ queryKey: ['meetings', id, 'motions'], queryFn: () => appRequest<{ rows: Motion[] }>(`/meetings/${id}/motions`) });

function useMeetingRefresh() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: entityKeys.all('Meeting') }), queryClient.invalidateQueries({ queryKey: ['meetings'] })]);
}

export function useCreateMeeting() {
  const refresh = useMeetingRefresh();
  return useMutation({ mutationFn: (body: MeetingBody) => create<Meeting>('Meeting', body), onSuccess: refresh });
}

export function useSaveMinutes() {
  const refresh = useMeetingRefresh();
  return useMutation({ mutationFn: ({ id, minutes }: { id: string; minutes: string }) => update<Meeting>('Meeting', id, { minutes }), onSuccess: refresh });
}

export function useSaveAttendance() {
  const refresh = useMeetingRefresh();
  return useMutation({ mutationFn: ({ id, attendee_ids }: { id: string; attendee_ids: string[] }) => update<Meeting>('Meeting', id, { attendee_ids }), onSuccess: refresh });
}

export function useSendNotice() {
  const refresh = useMeetingRefresh();
  return useMutation({ mutationFn: (meetingId: string) => invokeFunction('sendMeetingNotice', { meeting_id: meetingId }), onSuccess: refresh });
}

export function useRecordMotion() {
  const refresh = useMeetingRefresh();
  return useMutation({ mutationFn: (body: MotionBody) => invokeFunction('recordMotion', body), onSuccess: refresh });
}

export function useApproveMinutes() {
  const refresh = useMeetingRefresh();
  return useMutation({
    mutationFn: (input: { meeting_id: string; approved_at_meeting_id: string }) => invokeFunction('approveMinutes', input),
    onSuccess: refresh,
  });
}

/** A meeting's time as the reader reads it. */
export function formatWhen(startsAt: string): string {
  return meetingStart(startsAt).toLocaleString('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
