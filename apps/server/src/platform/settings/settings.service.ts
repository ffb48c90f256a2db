import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { orgSettings } from '@covenant/db/schema/community';
import { outbox, outboxAttachments } from '@covenant/db/schema/platform';
import { associationCtx, associationOf, associationTimeZone, type Ctx } from '../../lib/context.ts';
import { AppError, NotFoundError } from '../../lib/errors.ts';
import { requireAdmin } from '../access/access.service.ts';

/** What every visitor may know of the organization: its name, theme and logo (header and sign-in pages). */
async function organization(ctx: Ctx): Promise<{ name: string; theme: string | null; logo_url: string | null }> {
  const [row] = await ctx.db
    .select({ company: orgSettings.company_name, org: orgSettings.organization_name, theme: orgSettings.theme, logo: orgSettings.logo_url })
    .from(orgSettings)
    .limit(1);
  return { name: row?.org || row?.company || ctx.association?.name || 'Covenant', theme: row?.theme ?? null, logo_url: row?.logo ?? null };
}

async function organizationName(ctx: Ctx): Promise<string> {
  return (await organization(ctx)).name;
}

/** The app's public settings; a 403 tells the client why it cannot go on (auth_required or user_not_registered). */
export async function publicSettings(ctx: Ctx) {
  const appId = associationOf(ctx).app_id;
  if (!ctx.actor) {
    throw new AppError(403, 'auth_required', 'Authentication required', undefined, { extra_data: { reason: 'auth_required' } });
  }
  // Signed in, but with no role here (not a member of this association, or a member no role was given yet).
  if (!ctx.actor.is_member || (ctx.actor.role !== 'admin' && !ctx.actor.user_role)) {
    throw new AppError(403, 'user_not_registered', 'User not registered for this app', undefined, { extra_data: { reason: 'user_not_registered' } });
  }
  return { id: appId, name: await organizationName(ctx), time_zone: await associationTimeZone(ctx), public_settings: { auth_required: true, registration: 'invite_only' } };
}

/** The instance's first association (APP_ID), where the web app goes when no address names one, with its name and theme. */
export async function appConfig(ctx: Ctx) {
  const first = (await ctx.services.tenancy.get(ctx.services.config.appId))!;
  return { app_id: first.app_id, ...(await organization(associationCtx(ctx.services, first))) };
}

export async function listOutbox(ctx: Ctx, limit: number) {
  requireAdmin(ctx);
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.created_date), desc(outbox.id)).limit(limit);
  const files = rows.length
    ? await ctx.db
        .select({ id: outboxAttachments.id, outbox_id: outboxAttachments.outbox_id, filename: outboxAttachments.filename, content_type: outboxAttachments.content_type, size: sql<number>`octet_length(${outboxAttachments.content})::int` })
        .from(outboxAttachments)
        .where(inArray(outboxAttachments.outbox_id, rows.map((r) => r.id)))
    : [];
  return rows.map((r) => ({
    id: r.id, to: r.to, subject: r.subject, text: r.text, created_date: r.created_date.toISOString(),
    attachments: files.filter((f) => f.outbox_id === r.id).map(({ outbox_id: _o, ...f }) => f),
  }));
}

/** One attachment of an outbox message, for administrators. */
export async function outboxAttachment(ctx: Ctx, messageId: string, attachmentId: string) {
  requireAdmin(ctx);
  const [row] = await ctx.db
    .select()
    .from(outboxAttachments)
    .where(and(eq(outboxAttachments.id, attachmentId), eq(outboxAttachments.outbox_id, messageId)))
    .limit(1);
  if (!row) throw new NotFoundError('Attachment not found');
  return row;
}

export async function health(ctx: Ctx) {
  await ctx.db.execute(sql`select 1`);
  return { status: 'ok', database: 'ok' };
}
