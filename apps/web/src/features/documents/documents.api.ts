import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AssociationDocument, DocumentCategory, DocumentVisibility, RecordsChecklist } from '@covenant/contracts/association-documents';
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
