import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Announcement, AnnouncementFeedItem, AnnouncementInput } from '@covenant/contracts/announcements';
import { appRequest } from '@/lib/api';

export type { Announcement, AnnouncementFeedItem, AnnouncementInput };

/** Query root of announcements: the staff list and every reader's feed; writes invalidate both. */
export const announcementKeys = { all: ['announcements'] as const };

/** What the caller may read, published, newest first (the dashboard, My Account). */
export const announcementFeedQuery = (limit = 10) =>
  queryOptions({ queryKey: [...announcementKeys.all, 'feed', limit], queryFn: () => appRequest<{ rows: AnnouncementFeedItem[] }>(`/announcements/feed?limit=${limit}`) });

/** Every announcement, scheduled ones too (staff). */
export const announcementListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...announcementKeys.all, 'list', page, pageSize],
    queryFn: () => appRequest<{ rows: Announcement[]; total: number }>(`/announcements?limit=${pageSize}&skip=${page * pageSize}`),
  });

/** The Markdown as the server renders and sanitizes it. */
export const previewMarkdown = (body: string) => appRequest<{ html: string }>('/announcements/preview', { method: 'POST', body: { body } });

export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, values }: { id: string | null; values: AnnouncementInput }) =>
      appRequest<Announcement>(id ? `/announcements/${id}` : '/announcements', { method: id ? 'PUT' : 'POST', body: values }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => appRequest(`/announcements/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
