import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssociationDocument, DocumentCategory, DocumentVisibility, RecordsChecklist, RecordsRequest } from '@covenant/contracts/association-documents';
import { appRequest, downloadPdf } from '@/lib/api';

export type { AssociationDocument, RecordsChecklist };

/** Query root of documents and the checklist; uploads and changes invalidate it. */
export const documentKeys = { all: ['documents'] as const };

export const documentListQuery = () =>
  queryOptions({ queryKey: [...documentKeys.all, 'list'], queryFn: () => appRequest<{ rows: AssociationDocument[]; total: number }>('/documents?limit=500') });

export const recordsChecklistQuery = () => queryOptions({ queryKey: [...documentKeys.all, 'checklist'], queryFn: () => appRequest<RecordsChecklist>('/documents/records-checklist') });

/** Opens the document's file through the server, which checks its visibility first. */
export const downloadDocument = (d: { id: string; file_name: string | null; title: string }) => downloadPdf(`/documents/${d.id}/file`, d.file_name ?? `${d.title}.pdf`);

export interface DocumentUpload {
  file: File;
  title: string;
  category: DocumentCategory;
  visibility: DocumentVisibility;
  effective_date: string;
  supersedes_id: string;
}

export function useUploadDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (d: DocumentUpload) => {
      const form = new FormData();
      form.append('file', d.file);
      form.append('title', d.title);
      form.append('category', d.category);
      form.append('visibility', d.visibility);
      if (d.effective_date) form.append('effective_date', d.effective_date);
      if (d.supersedes_id) form.append('supersedes_id', d.supersedes_id);
      return appRequest<AssociationDocument>('/documents', { method: 'POST', body: form });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => appRequest(`/documents/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: documentKeys.all }),
  });
}

export type { RecordsRequest };

/** Records requests, newest first (staff with documents read_write). */
export const recordsRequestsQuery = () =>
  queryOptions({ queryKey: [...documentKeys.all, 'records-requests'], queryFn: () => appRequest<{ rows: RecordsRequest[]; total: number }>('/records-requests?limit=500') });

/** Logs a records request received; the server sets its due day by the state's rule. */
export function useCreateRecordsRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { requested_by: string; description: string; received_on: string }) => appRequest<RecordsRequest>('/records-requests', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...documentKeys.all, 'records-requests'] }),
  });
}

/** Marks a records request fulfilled on a day, with the fee charged for the copies (cents). */
export function useFulfilRecordsRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, fulfilled_on, fee_cents }: { id: string; fulfilled_on: string; fee_cents: number }) =>
      appRequest<RecordsRequest>(`/records-requests/${id}`, { method: 'PUT', body: { fulfilled_on, fee_cents } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...documentKeys.all, 'records-requests'] }),
  });
}
