import { z } from 'zod';
import { listPageSchema } from './lists.ts';

// The association's documents, the records checklist and records requests.

export const DOCUMENT_CATEGORIES = ['governing', 'rules', 'budget', 'financial', 'minutes', 'contracts', 'insurance', 'other'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];
export const DOCUMENT_CATEGORY_LABELS: Readonly<Record<DocumentCategory, string>> = {
  governing: 'Governing documents', rules: 'Rules', budget: 'Budgets', financial: 'Financial reports', minutes: 'Minutes', contracts: 'Contracts', insurance: 'Insurance', other: 'Other',
};
export const DOCUMENT_VISIBILITIES = ['public', 'owners', 'board', 'staff'] as const;
export type DocumentVisibility = (typeof DOCUMENT_VISIBILITIES)[number];
export const DOCUMENT_VISIBILITY_LABELS: Readonly<Record<DocumentVisibility, string>> = {
  public: 'Everyone signed in', owners: 'Owners and the board', board: 'The board', staff: 'Staff only',
};

const id = z.string().regex(/^[0-9a-f]{24}$/, 'must be a record id');
const isoDate = (what: string) => z.string().regex(/^\d{4}-\d{2}-\d{2}$/, `${what} must be a date (YYYY-MM-DD)`);

/** The fields of an upload (multipart, beside the file) and of a change. */
export const documentFields = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title: at most 200 characters'),
  category: z.enum(DOCUMENT_CATEGORIES, { error: `Category must be one of ${DOCUMENT_CATEGORIES.join(', ')}` }),
  visibility: z.enum(DOCUMENT_VISIBILITIES, { error: 'Visibility must be public, owners, board or staff' }),
  effective_date: isoDate('Effective date').nullable().optional(),
  supersedes_id: id.nullable().optional(),
});
export const documentUpdate = documentFields.partial();

export const documentSchema = z.object({
  id: z.string(),
  title: z.string(),
  category: z.enum(DOCUMENT_CATEGORIES),
  visibility: z.enum(DOCUMENT_VISIBILITIES),
  effective_date: z.string().nullable(),
  supersedes_id: z.string().nullable(),
  /** Another document replaced this one. */
  is_superseded: z.boolean(),
  file_name: z.string().nullable(),
  content_type: z.string(),
  size: z.number().int(),
  created_date: z.string(),
});
export type AssociationDocument = z.infer<typeof documentSchema>;
export const documentPage = listPageSchema(documentSchema);
export const documentListQuery = z.object({
  category: z.enum(DOCUMENT_CATEGORIES, { error: `Category must be one of ${DOCUMENT_CATEGORIES.join(', ')}` }).optional(),
  include_superseded: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
  skip: z.coerce.number().int().min(0).default(0),
});

export const recordsChecklistSchema = z.object({
  applies: z.boolean(),
  state: z.string().nullable(),
  unit_count: z.number().int(),
  citation: z.string(),
  message: z.string(),
  items: z.array(z.object({ category: z.enum(DOCUMENT_CATEGORIES), label: z.string(), posted: z.boolean(), document_id: z.string().nullable(), document_title: z.string().nullable() })),
});
export type RecordsChecklist = z.infer<typeof recordsChecklistSchema>;

export const recordsRequestInput = z.object({
  requested_by: z.string({ error: 'Requested by is required' }).trim().min(1, 'Requested by is required').max(200),
  owner_id: id.nullable().optional(),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(5000),
  received_on: isoDate('Received on'),
  /** The fiscal year of the records asked for; absent: the current one. */
  records_fiscal_year: z.number().int().min(1900).max(2200).optional(),
  fee_cents: z.number().int('Fee: whole cents').min(0, 'Fee cannot be negative').default(0),
});
export const recordsRequestUpdate = z.object({
  description: z.string().trim().min(1, 'Description is required').max(5000).optional(),
  fulfilled_on: isoDate('Fulfilled on').nullable().optional(),
  fee_cents: z.number().int('Fee: whole cents').min(0, 'Fee cannot be negative').optional(),
});
export const recordsRequestSchema = z.object({
  id: z.string(),
  requested_by: z.string(),
  owner_id: z.string().nullable(),
  description: z.string(),
  received_on: z.string(),
  records_fiscal_year: z.number().int(),
  due_on: z.string().nullable(),
  due_rule: z.string(),
  fulfilled_on: z.string().nullable(),
  fee_cents: z.number().int(),
  created_date: z.string(),
});
export type RecordsRequest = z.infer<typeof recordsRequestSchema>;
export const recordsRequestPage = listPageSchema(recordsRequestSchema);
export const recordsRequestListQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(100), skip: z.coerce.number().int().min(0).default(0) });

/** A records request is overdue when it is not fulfilled and its due day has passed (`today` in the association's zone). */
export function isRecordsRequestOverdue(r: Pick<RecordsRequest, 'due_on' | 'fulfilled_on'>, today: string): boolean {
  return !r.fulfilled_on && !!r.due_on && r.due_on < today;
}
