import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { isBoardMemberRole, isOwnerTypeRole, isStaffRole } from '@covenant/contracts/permissions';
import { centsToNumber } from '@covenant/contracts/money';
import { owners, ownerProperties, properties } from '@covenant/db/schema/community';
import { payments } from '@covenant/db/schema/finance';
import { today, type Ctx } from '../../lib/context.ts';
import { ForbiddenError, NotFoundError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { requireSignedIn } from '../../platform/access/access.service.ts';
import { nextDue } from '../statements/statement.rules.ts';
import { buildStatement, openInvoicesAsOf, ownerBalanceCents, ownerColumns, statementPeriod, statementQuery, type Statement } from '../statements/statement.service.ts';

/**
 * The owner record of the signed-in user's own account: owner-type users (owner, renter, household member), board
 * members and staff who are linked to an owner (User.owner_id, set by staff; a director usually owns a unit).
 * Nothing else is reachable from here.
 */
export async function accountOwner(ctx: Ctx) {
  const actor = requireSignedIn(ctx);
  if (!isOwnerTypeRole(actor) && !isStaffRole(actor) && !isBoardMemberRole(actor)) throw new ForbiddenError('My Account is for owners, renters and household members');
  if (!actor.owner_id) throw new NotFoundError('Your sign-in is not linked to an owner record yet; ask the association to link it');
  const [owner] = await ctx.db
    .select({ ...ownerColumns, phone: owners.phone, resident_status: owners.resident_status })
    .from(owners)
    .where(eq(owners.id, actor.owner_id))
    .limit(1);
  if (!owner) throw new NotFoundError('Your owner record no longer exists; ask the association');
  return owner;
}

const amount = centsToNumber;

/** My Account: balance, what falls due next, open charges, recent payments, units with their co-owners, contact details. */
export async function myAccount(ctx: Ctx) {
  const owner = await accountOwner(ctx);
  const now = await today(ctx);
  const balance = await ownerBalanceCents(ctx, owner.id, now);
  const open = await openInvoicesAsOf(ctx, owner.id, now);
  const recent = await ctx.db
      .select({ id: payments.id, payment_number: payments.payment_number, payment_date: payments.payment_date, amount: payments.amount, payment_method: payments.payment_method, status: payments.status })
      .from(payments)
      .where(and(eq(payments.owner_id, owner.id), isNull(payments.deleted_at)))
      .orderBy(desc(payments.payment_date), desc(payments.id))
      .limit(10);
  const units = await ctx.db
      .select({ property_id: properties.id, unit_number: properties.unit_number, street_address: properties.street_address, city: properties.city, ownership_percentage: ownerProperties.ownership_percentage, relationship_type: ownerProperties.relationship_type })
      .from(ownerProperties)
      .innerJoin(properties, eq(properties.id, ownerProperties.property_id))
      .where(and(eq(ownerProperties.owner_id, owner.id), sql`(${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= ${now})`))
      .orderBy(properties.unit_number);
  const coOwners = units.length
    ? await ctx.db
        .select({ property_id: ownerProperties.property_id, name: sql<string>`trim(${owners.first_name} || ' ' || ${owners.last_name})`, ownership_percentage: ownerProperties.ownership_percentage, relationship_type: ownerProperties.relationship_type })
        .from(ownerProperties)
        .innerJoin(owners, eq(owners.id, ownerProperties.owner_id))
        .where(and(inArray(ownerProperties.property_id, units.map((u) => u.property_id)), ne(ownerProperties.owner_id, owner.id), sql`(${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= ${now})`))
        .orderBy(owners.last_name, owners.first_name)
    : [];
  const due = nextDue(open, now);
  return {
    owner: {
      id: owner.id, owner_id: owner.owner_id, name: `${owner.first_name} ${owner.last_name}`.trim(), resident_status: owner.resident_status, email: owner.email, phone: owner.phone,
      mailing_address: owner.mailing_address, mailing_address_2: owner.mailing_address_2, city: owner.city, state: owner.state, zip_code: owner.zip_code,
    },
    as_of: now,
    balance: amount(balance),
    past_due: amount(due.pastDueCents),
    next_due: due.next ? { date: due.next.date, amount: amount(due.next.cents) } : null,
    open_charges: open.map((i) => ({ id: i.id, invoice_number: i.invoice_number, invoice_date: i.invoice_date, due_date: i.due_date, total_amount: Number(i.total_amount), open: amount(i.open_cents) })),
    recent_payments: recent.map((p) => ({ ...p, amount: Number(p.amount) })),
    units: units.map((u) => ({
      ...u,
      ownership_percentage: Number(u.ownership_percentage),
      co_owners: coOwners.filter((c) => c.property_id === u.property_id).map(({ property_id: _p, ...c }) => ({ ...c, ownership_percentage: Number(c.ownership_percentage) })),
    })),
  };
}

/** The signed-in user's own statement for any period (JSON or PDF). */
export async function myStatement(ctx: Ctx, query: unknown): Promise<Statement> {
  const q = parseInput(statementQuery, query);
  const owner = await accountOwner(ctx);
  const { from, to } = await statementPeriod(ctx, q);
  return buildStatement(ctx, owner, from, to);
}
