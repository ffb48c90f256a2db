import { and, asc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import { journalLines, ledgerAccountDeltas, ledgerAccountTotals } from '@covenant/db/schema/ledger';
import {
  addMemberInput, createAssociationInput, portfolioSummaryQuery, type AssociationMember, type PortfolioAssociation, type PortfolioList,
  type PortfolioSummary,
} from '@covenant/contracts/portfolio';
import { centsToNumber, toCents } from '@covenant/contracts/money';
import { chartOfAccounts, funds, products } from '@covenant/db/schema/finance';
import { orgSettings, privileges, roles, users } from '@covenant/db/schema/community';
import { associations, memberships, people } from '@covenant/db/schema/shared';
import { associationCtx, today, withTransaction, type Actor, type Association, type Ctx } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from '../../lib/errors.ts';
import { bankAccounts } from '@covenant/db/schema/banking';
import { seedBankAccounts } from '../banking/bank-accounts.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { permissionLevel } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { actorOfPerson, addMember, invitationEmail, writeInvitations } from '../../platform/auth/auth.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { systemAccounts } from '../accounts/accounts.service.ts';
import { openInvoicesOn } from '../invoices/open-as-of.ts';
import { ownerEntity } from '../owners/owners.feature.ts';

/**
 * The management company's routes (/api/portfolio): its associations, each an app id with its own schema, books and
 * bank accounts; their figures from each one's own ledger; who works in which. Creating, archiving and staffing
 * associations, and the summed figures, are the portfolio administrators'; anyone signed in lists their own.
 */

function requirePortfolioAdmin(ctx: Ctx): Actor {
  if (!ctx.actor) throw new UnauthorizedError();
  if (ctx.actor.portfolio_role !== 'portfolio_admin') throw new ForbiddenError('Only a portfolio administrator can do this', 'portfolio_admin_required');
  return ctx.actor;
}

async function associationOrNotFound(ctx: Ctx, appId: string): Promise<Association> {
  const a = await ctx.services.tenancy.get(appId);
  if (!a) throw new NotFoundError(`There is no association '${appId}'`);
  return a;
}

/** The caller as the given association sees them (their membership's role; a portfolio administrator is its admin). */
async function actorIn(ctx: Ctx, a: Association): Promise<Ctx> {
  const inner = associationCtx(ctx.services, a);
  inner.actor = ctx.actor ? await actorOfPerson(inner, ctx.actor.id) : null;
  if (ctx.client) inner.client = ctx.client;
  return inner;
}

// ---------------------------------------------------------------------------------------------
// Figures
// ---------------------------------------------------------------------------------------------

type Figures = { units: number; owners: number; receivables: number; past_due_90: number; cash: number };

/**
 * The name an association goes by: its Organization Settings' organization or company name (what its people see in
 * the header), else the name it was created with.
 */
async function displayName(ctx: Ctx, a: Association): Promise<string> {
  const [row] = (await ctx.db.execute(sql`select coalesce(nullif(organization_name, ''), nullif(company_name, '')) as name from org_settings limit 1`)).rows as Array<{ name: string | null }>;
  return row?.name ?? a.name;
}

/**
 * An association's figures on a date from its own records, and the name it goes by, in one query: units, owners,
 * receivables (the A/R account), what has been past due over 90 days (open balances on that date) and cash (every
 * fund's cash account). Account balances come from the ledger's running totals less the lines dated after the
 * date (an index range, empty for today), so the cost does not grow with the books' history.
 */
async function associationOverview(ctx: Ctx, a: Association, asOf: string): Promise<{ name: string; figures: Figures }> {
  const acc = await systemAccounts(ctx);
  const cutoff = new Date(Date.parse(`${asOf}T00:00:00Z`) - 90 * 86_400_000).toISOString().slice(0, 10);
  const balanceOf = (accounts: SQL) => sql`(
      (select coalesce(sum(t.debit - t.credit), 0) from ${ledgerAccountTotals} t where t.account_id in (${accounts}))
    + (select coalesce(sum(d.debit - d.credit), 0) from ${ledgerAccountDeltas} d where d.account_id in (${accounts}))
    - (select coalesce(sum(l.debit - l.credit), 0) from ${journalLines} l where l.account_id in (${accounts}) and l.entry_date > ${asOf}::date))::text`;
  const [row] = (await ctx.db.execute(sql`
    select
      (select coalesce(nullif(organization_name, ''), nullif(company_name, '')) from org_settings limit 1) as name,
      (select count(*)::int from properties) as units,
      (select count(*)::int from owners) as owners,
      ${balanceOf(sql`${acc.accounts_receivable}`)} as receivables,
      (select coalesce(sum(balance_on), 0)::text from ${openInvoicesOn(asOf)} i where i.due_date < ${cutoff}::date) as past_due_90,
      ${balanceOf(sql`select cash_account_id from funds where cash_account_id is not null`)} as cash`)).rows as Array<{
    name: string | null; units: number; owners: number; receivables: string; past_due_90: string; cash: string;
  }>;
  return {
    name: row!.name ?? a.name,
    figures: {
      units: row!.units, owners: row!.owners, receivables: centsToNumber(toCents(row!.receivables)), past_due_90: centsToNumber(toCents(row!.past_due_90)),
      cash: centsToNumber(toCents(row!.cash)),
    },
  };
}

/** An association's figures on a date (see associationOverview). */
export async function associationFigures(ctx: Ctx, a: Association, asOf: string): Promise<Figures> {
  return (await associationOverview(ctx, a, asOf)).figures;
}

/** Runs fn over the associations with a few at a time (the pool's connections), in their order. */
async function eachAssociation<T>(list: readonly Association[], fn: (a: Association) => Promise<T>, concurrency = 6): Promise<T[]> {
  const out = new Array<T>(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      out[i] = await fn(list[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, list.length) }, worker));
  return out;
}

const roleOf = (actor: Actor | null) => (actor?.is_member ? actor.user_role : null);

/**
 * GET /api/portfolio/associations: the associations where the caller is a member (every one for a portfolio
 * administrator), each with its figures where the caller may read that association's reports.
 */
export async function listAssociations(ctx: Ctx, withFigures = true): Promise<PortfolioList> {
  if (!ctx.actor) throw new UnauthorizedError();
  const isPortfolioAdmin = ctx.actor.portfolio_role === 'portfolio_admin';
  if (!withFigures) {
    // Names and roles from the shared registry in one query (read from the database: another process may have
    // renamed or made an association), whatever the number of associations.
    const rows = await ctx.db
      .select({ app_id: associations.app_id, name: associations.name, state: associations.state, archived_date: associations.archived_date, user_role: memberships.user_role, member: memberships.person_id })
      .from(associations)
      .leftJoin(memberships, and(eq(memberships.app_id, associations.app_id), eq(memberships.person_id, ctx.actor.id)))
      .where(isPortfolioAdmin ? undefined : isNotNull(memberships.person_id))
      .orderBy(asc(associations.name), asc(associations.app_id));
    return {
      portfolio_admin: isPortfolioAdmin,
      associations: rows.map((r) => ({
        app_id: r.app_id, name: r.name, state: r.state ?? null, archived: r.archived_date !== null, role: r.member ? r.user_role : isPortfolioAdmin ? 'admin' : null, figures: null,
      })),
    };
  }
  let list = ctx.services.tenancy.list();
  if (!isPortfolioAdmin) {
    const mine = new Set((await ctx.db.select({ app_id: memberships.app_id }).from(memberships).where(eq(memberships.person_id, ctx.actor.id))).map((m) => m.app_id));
    for (const appId of mine) if (!list.some((a) => a.app_id === appId)) await ctx.services.tenancy.get(appId);
    list = ctx.services.tenancy.list().filter((a) => mine.has(a.app_id));
  }
  const asOf = await today(ctx.association ? ctx : associationCtx(ctx.services, list[0] ?? (await ctx.services.tenancy.get(ctx.services.config.appId))!));
  const associationsOut = await eachAssociation(list, async (a): Promise<PortfolioAssociation> => {
    const inner = await actorIn(ctx, a);
    const readsReports = ['read', 'read_write'].includes(await permissionLevel(inner, 'reports'));
    const overview = readsReports ? await associationOverview(inner, a, asOf) : { name: await displayName(inner, a), figures: null };
    return { app_id: a.app_id, name: overview.name, state: a.state, archived: a.archived, role: roleOf(inner.actor), figures: overview.figures };
  });
  return { portfolio_admin: isPortfolioAdmin, associations: associationsOut };
}

/** GET /api/portfolio/summary?as_of=: every association's figures from its own ledger, and their sums. */
export async function portfolioSummary(ctx: Ctx, query: unknown): Promise<PortfolioSummary> {
  requirePortfolioAdmin(ctx);
  const q = parseInput(portfolioSummaryQuery, query);
  const list = ctx.services.tenancy.list();
  const asOf = q.as_of ?? (await today(associationCtx(ctx.services, (await ctx.services.tenancy.get(ctx.services.config.appId))!)));
  const rows = await eachAssociation(list, async (a) => {
    const inner = associationCtx(ctx.services, a);
    const { name, figures } = await associationOverview(inner, a, asOf);
    return { app_id: a.app_id, name, state: a.state, archived: a.archived, role: 'admin' as const, figures };
  });
  const sum = (k: 'receivables' | 'past_due_90' | 'cash') => centsToNumber(rows.reduce((s, r) => s + toCents(r.figures[k]), 0));
  return {
    as_of: asOf,
    totals: {
      associations: rows.length, units: rows.reduce((s, r) => s + r.figures.units, 0), owners: rows.reduce((s, r) => s + r.figures.owners, 0),
      receivables: sum('receivables'), past_due_90: sum('past_due_90'), cash: sum('cash'),
    },
    associations: rows,
  };
}

// ---------------------------------------------------------------------------------------------
// Creating and archiving
// ---------------------------------------------------------------------------------------------

/** The standard template's tables an association may take from another instead: the chart, funds, items, roles, privileges. */
async function readTemplate(source: Ctx) {
  return {
    funds: await source.db.select().from(funds), chart: await source.db.select().from(chartOfAccounts), items: await source.db.select().from(products),
    roles: await source.db.select().from(roles), privileges: await source.db.select().from(privileges),
  };
}

/** Replaces a new association's seeded template with one read from another (before the transaction: one database at a time). */
async function copyTemplate(target: Ctx, template: Awaited<ReturnType<typeof readTemplate>>): Promise<void> {
  const { funds: sourceFunds, chart: sourceChart, items: sourceItems, roles: sourceRoles, privileges: sourcePrivileges } = template;
  // The seeded standard rows go (nothing refers to them yet in a new association but the seeded bank accounts, made
  // again on the copied funds below), the source's come in with their ids.
  await target.db.delete(bankAccounts);
  await target.db.delete(privileges);
  await target.db.delete(roles);
  await target.db.delete(products);
  await target.db.update(funds).set({ cash_account_id: null });
  await target.db.delete(chartOfAccounts);
  await target.db.delete(funds);
  if (sourceFunds.length) await target.db.insert(funds).values(sourceFunds.map((f) => ({ ...f, cash_account_id: null })));
  if (sourceChart.length) await target.db.insert(chartOfAccounts).values(sourceChart);
  for (const f of sourceFunds) if (f.cash_account_id) await target.db.update(funds).set({ cash_account_id: f.cash_account_id }).where(eq(funds.id, f.id));
  if (sourceItems.length) await target.db.insert(products).values(sourceItems);
  if (sourceRoles.length) await target.db.insert(roles).values(sourceRoles);
  if (sourcePrivileges.length) await target.db.insert(privileges).values(sourcePrivileges);
  await seedBankAccounts(target);
}

/**
 * POST /api/portfolio/associations: a new association under its own app id and schema (every migration), its
 * chart of accounts, funds, items, roles and privileges from the standard template or copied from another
 * association, its organization settings (name, state, time zone, fiscal year), and the caller its administrator.
 * A taken app id is a 409; anything failing after the schema was made removes it again.
 */
export async function createAssociation(ctx: Ctx, body: unknown): Promise<PortfolioAssociation> {
  const actor = requirePortfolioAdmin(ctx);
  const input = parseInput(createAssociationInput, body);
  if (await ctx.services.tenancy.get(input.app_id)) throw new ConflictError(`The app ID '${input.app_id}' is taken`, 'app_id_taken');
  const source = input.copy_from_app_id ? await ctx.services.tenancy.get(input.copy_from_app_id) : null;
  if (input.copy_from_app_id && !source) throw new ValidationError(`copy_from_app_id: there is no association '${input.copy_from_app_id}'`);
  let created: Association;
  try {
    created = await ctx.services.tenancy.create({ app_id: input.app_id, name: input.name, state: input.state, created_by: actor.email });
  } catch (err) {
    // Two requests for one app id: the second meets the first's registry row.
    if ((err as { code?: string; cause?: { code?: string } }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505') {
      throw new ConflictError(`The app ID '${input.app_id}' is taken`, 'app_id_taken');
    }
    throw err;
  }
  try {
    const inner = associationCtx(ctx.services, created, actor);
    const template = source ? await readTemplate(associationCtx(ctx.services, source)) : null;
    await withTransaction(inner, async (tx) => {
      for (const feature of ctx.services.registry.features) await feature.seed?.(tx);
      if (template) await copyTemplate(tx, template);
      await tx.db.insert(orgSettings).values({ company_name: input.name, state: input.state, time_zone: input.time_zone, fiscal_year_start_month: input.fiscal_year_start_month });
      await addMember(tx, actor.id, { user_role: 'admin', role: 'admin', created_by: actor.email });
      await recordAudit(tx, { action: 'association.created', target_type: 'Association', target_id: input.app_id, detail: { name: input.name, state: input.state, copied_from: input.copy_from_app_id ?? null } });
    });
  } catch (err) {
    await ctx.services.tenancy.remove(input.app_id);
    throw err;
  }
  const a = (await ctx.services.tenancy.refresh(input.app_id))!;
  return { app_id: a.app_id, name: a.name, state: a.state, archived: false, role: 'admin', figures: await associationFigures(associationCtx(ctx.services, a), a, await today(associationCtx(ctx.services, a))) };
}

/** POST /api/portfolio/associations/{app_id}/archive: read-only from then on, still listed and exportable. */
export async function archiveAssociation(ctx: Ctx, appId: string): Promise<PortfolioAssociation> {
  const actor = requirePortfolioAdmin(ctx);
  const a = await associationOrNotFound(ctx, appId);
  if (!a.archived) {
    await ctx.db.update(associations).set({ archived_date: new Date() }).where(eq(associations.app_id, appId));
    await recordAudit(associationCtx(ctx.services, a, actor), { action: 'association.archived', target_type: 'Association', target_id: appId });
  }
  const fresh = (await ctx.services.tenancy.refresh(appId))!;
  return { app_id: fresh.app_id, name: await displayName(associationCtx(ctx.services, fresh), fresh), state: fresh.state, archived: fresh.archived, role: 'admin', figures: null };
}

// ---------------------------------------------------------------------------------------------
// Staff
// ---------------------------------------------------------------------------------------------

/** GET /api/portfolio/associations/{app_id}/members: who works in the association, with their roles. */
export async function listMembers(ctx: Ctx, appId: string): Promise<AssociationMember[]> {
  requirePortfolioAdmin(ctx);
  const a = await associationOrNotFound(ctx, appId);
  const rows = await a.db.select({ user_id: users.id, email: users.email, full_name: users.full_name, user_role: users.user_role, owner_id: users.owner_id }).from(users).orderBy(users.full_name, users.email);
  return rows.map((r) => ({ ...r, user_role: r.user_role ?? null, owner_id: r.owner_id ?? null }));
}

/**
 * POST /api/portfolio/associations/{app_id}/members {email, role, owner_id?}: a person with a sign-in becomes a
 * member at once; someone new is invited (an invitation of that association, emailed). The owner, when given, is
 * fetched in that association first (another association's owner is a 404).
 */
export async function addAssociationMember(ctx: Ctx, appId: string, body: unknown) {
  const actor = requirePortfolioAdmin(ctx);
  const a = await associationOrNotFound(ctx, appId);
  if (a.archived) throw new ConflictError(`${a.name} is archived: it is read-only`, 'association_archived');
  const input = parseInput(addMemberInput, body);
  const inner = associationCtx(ctx.services, a, { ...actor, role: 'admin', user_role: 'admin', is_member: true });
  if (input.owner_id) await recordForActor(inner, ownerEntity, input.owner_id, 'read');
  const [person] = await ctx.db.select({ id: people.id }).from(people).where(sql`lower(${people.email}) = ${input.email}`).limit(1);
  if (person) {
    const [already] = await a.db.select({ id: users.id }).from(users).where(eq(users.id, person.id)).limit(1);
    if (already) throw new ConflictError(`${input.email} is already a member of ${a.name}`, 'already_member');
    await withTransaction(inner, async (tx) => {
      await addMember(tx, person.id, { user_role: input.role, owner_id: input.owner_id ?? null, created_by: actor.email });
      await recordAudit(tx, { action: 'user.invited', target_type: 'User', target_id: person.id, detail: { email: input.email, role: input.role, existing_sign_in: true } });
    });
    return { email: input.email, role: input.role, outcome: 'member' as const };
  }
  await writeInvitations(inner, [{ email: input.email, role: input.role, owner_id: input.owner_id ?? null }]);
  await ctx.services.mailer.send(invitationEmail(inner, input.email), a.db);
  return { email: input.email, role: input.role, outcome: 'invited' as const };
}

/** DELETE /api/portfolio/associations/{app_id}/members/{user_id}: the person keeps their sign-in and other associations. */
export async function removeAssociationMember(ctx: Ctx, appId: string, userId: string) {
  const actor = requirePortfolioAdmin(ctx);
  const a = await associationOrNotFound(ctx, appId);
  if (userId === actor.id) throw new ConflictError('You cannot remove yourself from an association', 'self_remove');
  const [member] = await a.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!member) throw new NotFoundError('That person is not a member of this association');
  const inner = associationCtx(ctx.services, a, { ...actor, role: 'admin', user_role: 'admin', is_member: true });
  await withTransaction(inner, async (tx) => {
    await tx.db.delete(users).where(eq(users.id, userId));
    await recordAudit(tx, { action: 'user.deleted', target_type: 'User', target_id: userId, detail: { membership_of: appId } });
  });
  inner.services.changes.sessionsEnded(userId);
  return { success: true };
}
