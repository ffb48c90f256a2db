import { associationState } from '../state-law/association-state.ts';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  documentFields, documentListQuery, documentUpdate, recordsRequestInput, recordsRequestListQuery, recordsRequestUpdate, type AssociationDocument, type DocumentCategory,
  type DocumentVisibility, type RecordsChecklist, type RecordsRequest,
} from '@covenant/contracts/association-documents';
import { fiscalYearOf } from '@covenant/contracts/budgets';
import { effectiveRole, normalizeRoleName } from '@covenant/contracts/permissions';
import { associationDocuments, recordsRequests } from '@covenant/db/schema/association-documents';
import { orgSettings, owners, properties } from '@covenant/db/schema/community';
import { files } from '@covenant/db/schema/platform';
import { associationOf, today, withTransaction, type Ctx } from '../../lib/context.ts';
import { AppError, ForbiddenError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { permissionLevel, requirePermission } from '../../platform/access/access.service.ts';
import { fileKey, sniffImage } from '../../platform/files/files.service.ts';
import { fiscalYearStartMonth } from '../budgets/budget.commands.ts';
import { recordsRequestDue } from '../state-law/state-law.rules.ts';
import { recordsChecklist } from './records-checklist.rules.ts';

/** The largest document one upload takes. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
const ID = /^[0-9a-f]{24}$/;

/**
 * The visibilities a caller reads: staff (read_write on documents) every one; a board member public, owners' and
 * the board's; an owner public and owners'; anyone else with the read privilege (renters, household members,
 * guests) public only. Owners never see board or staff documents.
 */
async function readableVisibilities(ctx: Ctx): Promise<readonly DocumentVisibility[]> {
  const level = await requirePermission(ctx, 'documents', 'read');
  if (level === 'read_write') return ['public', 'owners', 'board', 'staff'];
  const role = normalizeRoleName(effectiveRole(ctx.actor!) ?? '');
  if (role === 'board_member') return ['public', 'owners', 'board'];
  if (role === 'owner') return ['public', 'owners'];
  return ['public'];
}

const visibleTo = (v: readonly string[]): SQL => sql`${associationDocuments.visibility} in (${sql.join(v.map((x) => sql`${x}`), sql`, `)})`;
const supersededSql = sql<boolean>`exists (select 1 from ${associationDocuments} as newer where newer.supersedes_id = ${associationDocuments.id})`;

const columns = {
  id: associationDocuments.id, title: associationDocuments.title, category: associationDocuments.category, visibility: associationDocuments.visibility,
  effective_date: associationDocuments.effective_date, supersedes_id: associationDocuments.supersedes_id, created_date: associationDocuments.created_date,
  file_name: files.original_name, content_type: files.content_type, size: files.size, is_superseded: supersededSql,
};
type ListedRow = { [K in keyof typeof columns]: unknown };

function view(r: ListedRow): AssociationDocument {
  return {
    id: r.id as string, title: r.title as string, category: r.category as DocumentCategory, visibility: r.visibility as DocumentVisibility, effective_date: (r.effective_date as string | null) ?? null,
    supersedes_id: (r.supersedes_id as string | null) ?? null, is_superseded: r.is_superseded === true || r.is_superseded === 't', file_name: (r.file_name as string | null) ?? null,
    content_type: (r.content_type as string | null) ?? 'application/octet-stream', size: Number(r.size ?? 0), created_date: new Date(r.created_date as Date).toISOString(),
  };
}

/** GET /documents: what the caller may read, by category then newest first; superseded ones only when asked. */
export async function listDocuments(ctx: Ctx, query: unknown) {
  const visible = await readableVisibilities(ctx);
  const q = parseInput(documentListQuery, query);
  const where = and(visibleTo(visible), q.category ? eq(associationDocuments.category, q.category) : undefined, q.include_superseded === 'true' ? undefined : sql`not ${supersededSql}`);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select(columns)
      .from(associationDocuments)
      .leftJoin(files, eq(files.id, associationDocuments.file_id))
      .where(where)
      .orderBy(asc(associationDocuments.category), sql`${associationDocuments.effective_date} desc nulls last`, desc(associationDocuments.created_date))
      .limit(q.limit)
      .offset(q.skip),
    ctx.db.select({ n: count() }).from(associationDocuments).where(where),
  ]);
  return { rows: rows.map((r) => view(r as ListedRow)), total: total?.n ?? 0 };
}

/** A document the caller may read (another visibility looks missing: 404). */
async function documentForReader(ctx: Ctx, id: string) {
  const visible = await readableVisibilities(ctx);
  if (!ID.test(id)) throw new NotFoundError('Document not found');
  const [row] = await ctx.db
    .select({ ...columns, file_id: associationDocuments.file_id, stored_name: files.stored_name })
    .from(associationDocuments)
    .leftJoin(files, eq(files.id, associationDocuments.file_id))
    .where(and(eq(associationDocuments.id, id), visibleTo(visible)))
    .limit(1);
  if (!row) throw new NotFoundError('Document not found');
  return row;
}

/** GET /documents/{id}/file: the bytes, after the same visibility rule as the list. */
export async function documentFile(ctx: Ctx, id: string): Promise<{ data: Buffer; contentType: string; filename: string }> {
  const row = await documentForReader(ctx, id);
  const data = row.stored_name ? await ctx.services.files.get(fileKey(associationOf(ctx).app_id, row.stored_name)) : null;
  if (!data) throw new NotFoundError('The document\'s file is missing from the file store');
  return { data, contentType: row.content_type ?? 'application/octet-stream', filename: row.file_name ?? `${row.title}` };
}

/** What a document's file may be, told by its first bytes: PDF or an image. */
function sniffDocument(data: Buffer): { ext: string; contentType: string } | null {
  if (data.subarray(0, 5).toString('latin1') === '%PDF-') return { ext: 'pdf', contentType: 'application/pdf' };
  return sniffImage(data);
}

async function checkSupersedes(ctx: Ctx, supersedesId: string | null | undefined, selfId: string | null): Promise<void> {
  if (!supersedesId) return;
  if (supersedesId === selfId) throw new ValidationError('Supersedes: a document cannot supersede itself');
  const [row] = await ctx.db.select({ id: associationDocuments.id }).from(associationDocuments).where(eq(associationDocuments.id, supersedesId)).limit(1);
  if (!row) throw new ValidationError('Supersedes: the document it replaces does not exist');
}

/** Staff write documents: read_write on the documents privilege. */
export const requireDocumentWriter = (ctx: Ctx) => requirePermission(ctx, 'documents', 'create');

/** POST /documents: stores the file (PDF or image, by content) and the document in one go. */
export async function uploadDocument(ctx: Ctx, file: { data: Buffer; filename: string }, fields: Record<string, string>): Promise<AssociationDocument> {
  await requireDocumentWriter(ctx);
  const input = parseInput(documentFields, { ...fields, effective_date: fields.effective_date || null, supersedes_id: fields.supersedes_id || null });
  if (file.data.length === 0) throw new ValidationError('The file is empty');
  if (file.data.length > MAX_DOCUMENT_BYTES) throw new AppError(413, 'file_too_large', 'The file is too large (at most 20 MB)');
  const kind = sniffDocument(file.data);
  if (!kind) throw new ValidationError('Only PDF files and images (PNG, JPEG, WebP or GIF) can be uploaded as documents');
  // Not the generic files' name pattern, so GET /files/{name} never serves a document past its visibility.
  const storedName = `${randomBytes(16).toString('hex')}.document.${kind.ext}`;
  await ctx.services.files.put(fileKey(associationOf(ctx).app_id, storedName), file.data, kind.contentType);
  const id = await withTransaction(ctx, async (tx) => {
    await checkSupersedes(tx, input.supersedes_id, null);
    const [stored] = await tx.db
      .insert(files)
      .values({ stored_name: storedName, original_name: file.filename?.slice(0, 255) || null, content_type: kind.contentType, size: file.data.length, uploaded_by: ctx.actor?.id ?? null })
      .returning({ id: files.id });
    const [doc] = await tx.db
      .insert(associationDocuments)
      .values({ title: input.title, category: input.category, visibility: input.visibility, effective_date: input.effective_date ?? null, supersedes_id: input.supersedes_id ?? null, file_id: stored!.id, created_by: ctx.actor?.email ?? null })
      .returning({ id: associationDocuments.id });
    return doc!.id;
  });
  return view(await documentForReader(ctx, id));
}

/**
 * A document the app makes itself (approved minutes): the file into the store, then the file's and the document's
 * records in the caller's transaction. Answers the document's id.
 */
export async function storeGeneratedDocument(
  tx: Ctx,
  data: Buffer,
  meta: { title: string; category: DocumentCategory; visibility: DocumentVisibility; effective_date: string | null; filename: string; extension: string; content_type: string },
): Promise<string> {
  const storedName = `${randomBytes(16).toString('hex')}.document.${meta.extension}`;
  await tx.services.files.put(fileKey(associationOf(tx).app_id, storedName), data, meta.content_type);
  const [stored] = await tx.db
    .insert(files)
    .values({ stored_name: storedName, original_name: meta.filename, content_type: meta.content_type, size: data.length, uploaded_by: tx.actor?.id ?? null })
    .returning({ id: files.id });
  const [doc] = await tx.db
    .insert(associationDocuments)
    .values({ title: meta.title, category: meta.category, visibility: meta.visibility, effective_date: meta.effective_date, file_id: stored!.id, created_by: tx.actor?.email ?? null })
    .returning({ id: associationDocuments.id });
  return doc!.id;
}

/** PUT /documents/{id}: title, category, visibility, effective date, what it supersedes. */
export async function updateDocument(ctx: Ctx, id: string, body: unknown): Promise<AssociationDocument> {
  await requireDocumentWriter(ctx);
  const changes = parseInput(documentUpdate, body);
  await withTransaction(ctx, async (tx) => {
    await documentForReader(tx, id);
    await checkSupersedes(tx, changes.supersedes_id, id);
    const set: Partial<typeof associationDocuments.$inferInsert> = {};
    for (const k of ['title', 'category', 'visibility', 'effective_date', 'supersedes_id'] as const) if (changes[k] !== undefined) (set as Record<string, unknown>)[k] = changes[k];
    if (Object.keys(set).length) await tx.db.update(associationDocuments).set(set).where(eq(associationDocuments.id, id));
  });
  return view(await documentForReader(ctx, id));
}

/** DELETE /documents/{id}: the record (a document that replaced it keeps standing); the file's bytes stay with the file store. */
export async function deleteDocument(ctx: Ctx, id: string): Promise<{ success: true }> {
  await requireDocumentWriter(ctx);
  await withTransaction(ctx, async (tx) => {
    await documentForReader(tx, id);
    await tx.db.delete(associationDocuments).where(eq(associationDocuments.id, id));
  });
  return { success: true };
}

/** GET /documents/records-checklist: for staff and the board; every document counts, whoever reads the checklist. */
export async function getRecordsChecklist(ctx: Ctx): Promise<RecordsChecklist> {
  const level = await requirePermission(ctx, 'documents', 'read');
  if (level !== 'read_write' && normalizeRoleName(effectiveRole(ctx.actor!) ?? '') !== 'board_member') throw new ForbiddenError('The records checklist is for staff and the board');
  const [[settings], [units], docs, day] = await Promise.all([
    ctx.db.select({ state: orgSettings.state }).from(orgSettings).orderBy(asc(orgSettings.created_date)).limit(1),
    ctx.db.select({ n: count() }).from(properties),
    ctx.db.select({ id: associationDocuments.id, title: associationDocuments.title, category: associationDocuments.category, visibility: associationDocuments.visibility, effective_date: associationDocuments.effective_date, is_superseded: supersededSql }).from(associationDocuments),
    today(ctx),
  ]);
  return recordsChecklist({
    state: settings?.state ?? associationOf(ctx).state ?? null,
    unit_count: units?.n ?? 0,
    today: day,
    documents: docs.map((d) => ({
      id: d.id, title: d.title, category: d.category as DocumentCategory, owners_can_read: d.visibility === 'public' || d.visibility === 'owners',
      is_superseded: (d.is_superseded as unknown) === true || (d.is_superseded as unknown) === 't', effective_date: d.effective_date,
    })),
  });
}

// ---- Records requests -----------------------------------------------------------------------------------------------

type RequestRow = typeof recordsRequests.$inferSelect;
const requestView = (r: RequestRow): RecordsRequest => ({
  id: r.id, requested_by: r.requested_by, owner_id: r.owner_id, description: r.description, received_on: r.received_on, records_fiscal_year: r.records_fiscal_year,
  due_on: r.due_on, due_rule: r.due_rule, fulfilled_on: r.fulfilled_on, fee_cents: r.fee_cents, created_date: r.created_date.toISOString(),
});

/** GET /records-requests: staff, newest first. */
export async function listRecordsRequests(ctx: Ctx, query: unknown) {
  await requireDocumentWriter(ctx);
  const q = parseInput(recordsRequestListQuery, query);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(recordsRequests).orderBy(desc(recordsRequests.received_on), desc(recordsRequests.id)).limit(q.limit).offset(q.skip),
    ctx.db.select({ n: count() }).from(recordsRequests),
  ]);
  return { rows: rows.map(requestView), total: total?.n ?? 0 };
}

/**
 * POST /records-requests: the due day from the state's rule for the records' fiscal year (CA: 10 business days for
 * the current year's, 30 calendar days for the two before; FL: 10 business days), with the rule's citation.
 */
export async function createRecordsRequest(ctx: Ctx, body: unknown): Promise<RecordsRequest> {
  await requireDocumentWriter(ctx);
  const input = parseInput(recordsRequestInput, body);
  const row = await withTransaction(ctx, async (tx) => {
    if (input.owner_id) {
      const [o] = await tx.db.select({ id: owners.id }).from(owners).where(eq(owners.id, input.owner_id)).limit(1);
      if (!o) throw new ValidationError('Owner does not exist');
    }
    const state = await associationState(tx);
    const current = fiscalYearOf(input.received_on, await fiscalYearStartMonth(tx));
    const year = input.records_fiscal_year ?? current;
    if (year > current) throw new ValidationError(`Records fiscal year: fiscal year ${year} has not begun on ${input.received_on}`);
    const due = recordsRequestDue({ state, received_on: input.received_on, fiscal_year_of_records: year, current_fiscal_year: current });
    const [created] = await tx.db
      .insert(recordsRequests)
      .values({
        requested_by: input.requested_by, owner_id: input.owner_id ?? null, description: input.description, received_on: input.received_on, records_fiscal_year: year,
        due_on: due.due_on, due_rule: due.message, fee_cents: input.fee_cents, created_by: ctx.actor?.email ?? null,
      })
      .returning();
    return created!;
  });
  return requestView(row);
}

/** PUT /records-requests/{id}: the day it was fulfilled, the fee, the description (the due day stays as computed). */
export async function updateRecordsRequest(ctx: Ctx, id: string, body: unknown): Promise<RecordsRequest> {
  await requireDocumentWriter(ctx);
  const changes = parseInput(recordsRequestUpdate, body);
  const row = await withTransaction(ctx, async (tx) => {
    if (!ID.test(id)) throw new NotFoundError('Records request not found');
    const [existing] = await tx.db.select().from(recordsRequests).where(eq(recordsRequests.id, id)).limit(1).for('update');
    if (!existing) throw new NotFoundError('Records request not found');
    if (changes.fulfilled_on && changes.fulfilled_on < existing.received_on) throw new ValidationError(`Fulfilled on: a request cannot be fulfilled before it was received (${existing.received_on})`);
    const set: Partial<typeof recordsRequests.$inferInsert> = {};
    for (const k of ['description', 'fulfilled_on', 'fee_cents'] as const) if (changes[k] !== undefined) (set as Record<string, unknown>)[k] = changes[k];
    if (!Object.keys(set).length) return existing;
    const [updated] = await tx.db.update(recordsRequests).set(set).where(eq(recordsRequests.id, id)).returning();
    return updated!;
  });
  return requestView(row);
}

/** Records requests still open with a due day, for the calendar (staff). */
export async function openRecordsRequestDueDates(ctx: Ctx) {
  return ctx.db
    .select({ id: recordsRequests.id, requested_by: recordsRequests.requested_by, due_on: recordsRequests.due_on, due_rule: recordsRequests.due_rule })
    .from(recordsRequests)
    .where(sql`${recordsRequests.due_on} is not null and ${recordsRequests.fulfilled_on} is null`);
}

/** The calendar's records-request deadlines: open requests with a due day, for staff (nothing for anyone else). */
export async function recordsRequestEvents(ctx: Ctx): Promise<DayEvent[]> {
  if ((await permissionLevel(ctx, 'documents')) !== 'read_write') return [];
  const rows = await openRecordsRequestDueDates(ctx);
  return rows.map((r) => ({ kind: 'deadline' as const, id: r.id, title: `Records request due: ${r.requested_by}`, description: r.due_rule, on: r.due_on! }));
}

/** An all-day event as the calendar feed takes it (features/calendar reads this feature, not the other way round). */
export interface DayEvent {
  kind: 'deadline';
  id: string;
  title: string;
  description: string;
  on: string;
}
