import { desc, sql } from 'drizzle-orm';
import { orgSettings } from '@covenant/db/schema/community';
import { outbox } from '@covenant/db/schema/platform';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { requireAdmin } from '../access/access.service.ts';

/** What every visitor may know of the organization: its name, theme and logo (header and sign-in pages). */
async function organization(ctx: Ctx): Promise<{ name: string; theme: string | null; logo_url: string | null }> {
  const [row] = await ctx.db
    .select({ company: orgSettings.company_name, org: orgSettings.organization_name, theme: orgSettings.theme, logo: orgSettings.logo_url })
    .from(orgSettings)
    .limit(1);
  return { name: row?.org || row?.company || 'Covenant', theme: row?.theme ?? null, logo_url: row?.logo ?? null };
}

async function organizationName(ctx: Ctx): Promise<string> {
  return (await organization(ctx)).name;
}

/** The app's public settings; a 403 tells the client why it cannot go on (auth_required or user_not_registered). */
export async function publicSettings(ctx: Ctx) {
  const { appId } = ctx.services.config;
  if (!ctx.actor) {
    throw new AppError(403, 'auth_required', 'Authentication required', undefined, { extra_data: { reason: 'auth_required' } });
  }
  if (ctx.actor.role !== 'admin' && !ctx.actor.user_role) {
    throw new AppError(403, 'user_not_registered', 'User not registered for this app', undefined, { extra_data: { reason: 'user_not_registered' } });
  }
  return { id: appId, name: await organizationName(ctx), public_settings: { auth_required: true, registration: 'invite_only' } };
}

export async function appConfig(ctx: Ctx) {
  return { app_id: ctx.services.config.appId, ...(await organization(ctx)) };
}

export async function listOutbox(ctx: Ctx, limit: number) {
  requireAdmin(ctx);
  const rows = await ctx.db.select().from(outbox).orderBy(desc(outbox.created_date), desc(outbox.id)).limit(limit);
  return rows.map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, created_date: r.created_date.toISOString() }));
}

export async function health(ctx: Ctx) {
  await ctx.db.execute(sql`select 1`);
  return { status: 'ok', database: 'ok' };
}
