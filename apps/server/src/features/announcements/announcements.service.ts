import { and, count, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm';
import {
  announcementFeedQuery, announcementInput, announcementListQuery, announcementUpdate, markdownPreviewInput, type Announcement, type AnnouncementAudience, type AnnouncementFeedItem,
} from '@covenant/contracts/announcements';
import { effectiveRole, normalizeRoleName } from '@covenant/contracts/permissions';
import { announcements } from '@covenant/db/schema/announcements';
import { ownerProperties, owners, properties, users } from '@covenant/db/schema/community';
import { mailJobs } from '@covenant/db/schema/mailings';
import { withTransaction, type Actor, type Ctx } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import type { PermissionLevel } from '@covenant/contracts/constants';
import { permissionLevel, requirePermission } from '../../platform/access/access.service.ts';
import { BackgroundMail, uniqueRecipients, type MailRecipient } from '../mailings/background-mail.ts';
import { renderMarkdown } from './markdown.ts';

type Row = typeof announcements.$inferSelect;

function view(r: Row, now = Date.now()): Announcement {
  return {
    id: r.id, title: r.title, body: r.body, body_html: r.body_html, audience: r.audience as AnnouncementAudience, property_ids: r.property_ids,
    publish_at: r.publish_at.toISOString(), send_email: r.send_email, event_on: r.event_on, emailed_at: r.emailed_at?.toISOString() ?? null, mail_job_id: r.mail_job_id,
    is_published: r.publish_at.getTime() <= now, created_by: r.created_by, created_date: r.created_date.toISOString(), updated_date: r.updated_date.toISOString(),
  };
}

/** Staff write announcements: read_write on the announcements privilege. */
const requireWriter = (ctx: Ctx) => requirePermission(ctx, 'announcements', 'create');

/** Every unit id given must be one of the association's units. */
async function checkUnits(ctx: Ctx, ids: readonly string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await ctx.db.select({ id: properties.id }).from(properties).where(sql`${properties.id} = any(${toTextArray(unique)})`);
  if (found.length !== unique.length) throw new ValidationError('Units: one of the units does not exist');
  return unique;
}

const toTextArray = (ids: readonly string[]): SQL => (ids.length ? sql`array[${sql.join(ids.map((id) => sql`${id}`), sql`, `)}]::text[]` : sql`'{}'::text[]`);

/** The units a reader lives in or owns: their linked owner's units and the unit their user is linked to. */
async function readerUnits(ctx: Ctx, actor: Actor): Promise<string[]> {
  const owned = actor.owner_id ? await ctx.db.select({ id: ownerProperties.property_id }).from(ownerProperties).where(eq(ownerProperties.owner_id, actor.owner_id)) : [];
  return [...new Set([...owned.map((r) => r.id), ...(actor.property_id ? [actor.property_id] : [])])];
}

/**
 * The announcements a caller may read, as a condition: staff (read_write) every one; a board member the board's,
 * owners' and residents'; an owner the owners' and residents' and a renter or household member the residents', each
 * only when it names none of the units or one of theirs; anyone else none.
 */
async function audienceWhere(ctx: Ctx, level: PermissionLevel): Promise<SQL> {
  if (level === 'none') return sql`false`;
  if (level === 'read_write') return sql`true`;
  const actor = ctx.actor!;
  const role = normalizeRoleName(effectiveRole(actor) ?? '');
  if (role === 'board_member') return sql`${announcements.audience} in ('board', 'owners', 'residents')`;
  const audiences = role === 'owner' ? ['owners', 'residents'] : role === 'renter' || role === 'household_member' ? ['residents'] : [];
  if (audiences.length === 0) return sql`false`;
  const units = await readerUnits(ctx, actor);
  const forUnits = units.length ? sql`(cardinality(${announcements.property_ids}) = 0 or ${announcements.property_ids} && ${toTextArray(units)})` : sql`cardinality(${announcements.property_ids}) = 0`;
  return sql`${announcements.audience} = any(${toTextArray(audiences)}) and ${forUnits}`;
}

/** GET /announcements/feed: what the caller may read, published, newest first. */
export async function announcementFeed(ctx: Ctx, query: unknown): Promise<{ rows: AnnouncementFeedItem[] }> {
  const where = await audienceWhere(ctx, await requirePermission(ctx, 'announcements', 'read'));
  const q = parseInput(announcementFeedQuery, query);
  const rows = await ctx.db
    .select()
    .from(announcements)
    .where(and(where, lte(announcements.publish_at, new Date())))
    .orderBy(desc(announcements.publish_at), desc(announcements.id))
    .limit(q.limit);
  return { rows: rows.map((r) => ({ id: r.id, title: r.title, body_html: r.body_html, audience: r.audience as AnnouncementAudience, publish_at: r.publish_at.toISOString(), event_on: r.event_on })) };
}

/** GET /announcements: every announcement, scheduled ones too, for staff who write them. */
export async function listAnnouncements(ctx: Ctx, query: unknown) {
  await requireWriter(ctx);
  const q = parseInput(announcementListQuery, query);
  const [rows, [total]] = await Promise.all([
    ctx.db.select().from(announcements).orderBy(desc(announcements.publish_at), desc(announcements.id)).limit(q.limit).offset(q.skip),
    ctx.db.select({ n: count() }).from(announcements),
  ]);
  const now = Date.now();
  return { rows: rows.map((r) => view(r, now)), total: total?.n ?? 0 };
}

async function announcementForWriter(ctx: Ctx, id: string, lock = false): Promise<Row> {
  await requireWriter(ctx);
  if (!/^[0-9a-f]{24}$/.test(id)) throw new NotFoundError('Announcement not found');
  const q = ctx.db.select().from(announcements).where(eq(announcements.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new NotFoundError('Announcement not found');
  return row;
}

/** POST /announcements: renders and sanitizes the body; emails at once when it is published now and asked to. */
export async function createAnnouncement(ctx: Ctx, body: unknown): Promise<Announcement> {
  await requireWriter(ctx);
  const input = parseInput(announcementInput, body);
  const row = await withTransaction(ctx, async (tx) => {
    const property_ids = await checkUnits(tx, input.property_ids);
    const [created] = await tx.db
      .insert(announcements)
      .values({
        title: input.title, body: input.body, body_html: renderMarkdown(input.body), audience: input.audience, property_ids,
        publish_at: input.publish_at ? new Date(input.publish_at) : new Date(), send_email: input.send_email, event_on: input.event_on ?? null, created_by: ctx.actor?.email ?? null,
      })
      .returning();
    return created!;
  });
  return view((await emailIfDue(ctx, row.id)) ?? row);
}

/** PUT /announcements/{id}: any field; an announcement already emailed is not emailed again. */
export async function updateAnnouncement(ctx: Ctx, id: string, body: unknown): Promise<Announcement> {
  await requireWriter(ctx);
  const changes = parseInput(announcementUpdate, body);
  await withTransaction(ctx, async (tx) => {
    const existing = await announcementForWriter(tx, id, true);
    const set: Partial<typeof announcements.$inferInsert> = {};
    if (changes.title !== undefined) set.title = changes.title;
    if (changes.body !== undefined) Object.assign(set, { body: changes.body, body_html: renderMarkdown(changes.body) });
    if (changes.audience !== undefined) set.audience = changes.audience;
    if (changes.property_ids !== undefined && body && typeof body === 'object' && 'property_ids' in body) set.property_ids = await checkUnits(tx, changes.property_ids);
    if (changes.publish_at !== undefined) set.publish_at = new Date(changes.publish_at);
    if (changes.event_on !== undefined) set.event_on = changes.event_on;
    if (changes.send_email !== undefined && body && typeof body === 'object' && 'send_email' in body) {
      if (existing.emailed_at && changes.send_email !== existing.send_email) throw new ValidationError('Send email: this announcement was already emailed');
      set.send_email = changes.send_email;
    }
    if (Object.keys(set).length) await tx.db.update(announcements).set(set).where(eq(announcements.id, existing.id));
  });
  await emailIfDue(ctx, id);
  return view(await announcementForWriter(ctx, id));
}

/** DELETE /announcements/{id}. */
export async function deleteAnnouncement(ctx: Ctx, id: string): Promise<{ success: true }> {
  await withTransaction(ctx, async (tx) => {
    const existing = await announcementForWriter(tx, id, true);
    await tx.db.delete(announcements).where(eq(announcements.id, existing.id));
  });
  return { success: true };
}

/** POST /announcements/preview: the Markdown as readers will see it (the same renderer and allow-list). */
export async function previewMarkdown(ctx: Ctx, body: unknown): Promise<{ html: string }> {
  await requireWriter(ctx);
  return { html: renderMarkdown(parseInput(markdownPreviewInput, body).body) };
}

// ---- Emailing ---------------------------------------------------------------------------------------------------

type Recipient = MailRecipient;

/** The people an announcement reaches by email: the owners on file and the members with the audience's roles. */
async function recipients(ctx: Ctx, a: Row): Promise<Recipient[]> {
  const units = a.property_ids;
  const ownerRows = async () =>
    ctx.db
      .select({ email: owners.email, first: owners.first_name, last: owners.last_name })
      .from(owners)
      .where(and(eq(owners.status, 'active'), units.length ? sql`${owners.id} in (select ${ownerProperties.owner_id} from ${ownerProperties} where ${ownerProperties.property_id} = any(${toTextArray(units)}))` : undefined));
  const memberRows = async (roles: string[], byUnit: boolean) =>
    ctx.db
      .select({ email: users.email, name: users.full_name })
      .from(users)
      .where(
        and(
          sql`${users.user_role}::text = any(${toTextArray(roles)})`,
          byUnit && units.length
            ? sql`(${users.property_id} = any(${toTextArray(units)}) or ${users.owner_id} in (select ${ownerProperties.owner_id} from ${ownerProperties} where ${ownerProperties.property_id} = any(${toTextArray(units)})))`
            : undefined,
        ),
      );
  const list: Recipient[] = [];
  if (a.audience === 'owners' || a.audience === 'residents') for (const o of await ownerRows()) if (o.email) list.push({ email: o.email, name: `${o.first} ${o.last}`.trim() });
  if (a.audience === 'residents') for (const u of await memberRows(['renter', 'household_member'], true)) list.push({ email: u.email, name: u.name });
  if (a.audience === 'board') for (const u of await memberRows(['board_member'], false)) list.push({ email: u.email, name: u.name });
  if (a.audience === 'staff') for (const u of await memberRows(['admin', 'property_manager'], false)) list.push({ email: u.email, name: u.name });
  return uniqueRecipients(list);
}

/** The announcement mailings running in this process. */
const mails = new BackgroundMail();

/**
 * Starts emailing an announcement that asks for it once it is published and was never emailed: the claim (emailed_at)
 * and the job are written in one statement each under a row lock, so two processes or a retry never send it twice.
 * Answers the announcement as claimed, or null when nothing was due.
 */
export async function emailIfDue(ctx: Ctx, id: string, at: Date = new Date()): Promise<Row | null> {
  const claimed = await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select()
      .from(announcements)
      .where(and(eq(announcements.id, id), eq(announcements.send_email, true), isNull(announcements.emailed_at), lte(announcements.publish_at, at)))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!row) return null;
    const to = await recipients(tx, row);
    const [job] = await tx.db
      .insert(mailJobs)
      .values({ kind: 'announcement', params: { title: row.title, audience: row.audience }, total: to.length, created_by: ctx.actor?.email ?? row.created_by })
      .returning();
    const [updated] = await tx.db.update(announcements).set({ emailed_at: at, mail_job_id: job!.id }).where(eq(announcements.id, row.id)).returning();
    return { row: updated!, jobId: job!.id, to };
  });
  if (!claimed) return null;
  const a = claimed.row;
  mails.start(ctx, claimed.jobId, claimed.to, (r, letterhead) => ({
    subject: `${a.title as string} (${letterhead.name})`,
    text: [`Dear ${r.name || 'neighbor'},`, '', a.body as string, '', letterhead.name].join('\n'),
  }));
  return claimed.row;
}

/** The scheduled run: emails every announcement whose publish time has come and that asks to be emailed. */
export async function emailDueAnnouncements(ctx: Ctx, at: Date = new Date()): Promise<number> {
  const due = await ctx.db
    .select({ id: announcements.id })
    .from(announcements)
    .where(and(eq(announcements.send_email, true), isNull(announcements.emailed_at), lte(announcements.publish_at, at)));
  let started = 0;
  for (const { id } of due) if (await emailIfDue(ctx, id, at)) started++;
  return started;
}

/** Waits for this process's announcement mailings (tests), or stops them between messages (shutdown). */
export async function announcementMailsSent(stop = false): Promise<void> {
  await mails.settled(stop);
}

/** The calendar's announcement events: published ones with an event day that the caller may read (none without the privilege). */
export async function announcementEvents(ctx: Ctx): Promise<DayEvent[]> {
  const where = await audienceWhere(ctx, await permissionLevel(ctx, 'announcements'));
  const rows = await ctx.db
    .select({ id: announcements.id, title: announcements.title, body: announcements.body, event_on: announcements.event_on })
    .from(announcements)
    .where(and(where, lte(announcements.publish_at, new Date()), sql`${announcements.event_on} is not null`));
  return rows.map((r) => ({ kind: 'event' as const, id: r.id, title: r.title, description: r.body, on: r.event_on! }));
}

/** An all-day event as the calendar feed takes it (features/calendar reads this feature, not the other way round). */
export interface DayEvent {
  kind: 'event';
  id: string;
  title: string;
  description: string;
  on: string;
}
