import { defineFunction } from '../../platform/functions/define-function.ts';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { type InviteOwnersResult } from '@covenant/contracts/auth';
import type { AppRole } from '@covenant/contracts/constants';
import { owners, users } from '@covenant/db/schema/community';
import { requirePermission } from '../../platform/access/access.service.ts';
import { invitationEmail, writeInvitations } from '../../platform/auth/auth.service.ts';
import { recordForActor } from '../../platform/entities/entities.service.ts';
import { deliver } from '../mailings/mailings.service.ts';
import { ownerEntity } from '../owners/owners.feature.ts';

/** The application role an owner record's resident status signs in with. */
const ROLE_OF: Record<string, AppRole> = { owner: 'owner', renter: 'renter', household_member: 'household_member', other_contact: 'guest_contact' };

interface Candidate {
  id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  resident_status: string;
  status: string;
}

/**
 * inviteOwners {owner_ids?}: invites each owner to the portal by their record's email, with the role of their resident
 * status, linked to their owner record when they register. Without owner_ids: every active owner with an email.
 * Skipped, with the reason: no email, already signed up (a user with that email or linked to the owner), an email
 * another of the chosen owners has (one invitation per email), a send the mail server refused.
 */
export const inviteOwners = defineFunction('inviteOwners', async (ctx, input): Promise<InviteOwnersResult> => {
  let candidates: Candidate[];
  if (input.owner_ids) {
    const ids = [...new Set(input.owner_ids)];
    // Each id through the caller's scope first: an unknown id is a 404 before anything is written.
    for (const id of ids) await recordForActor(ctx, ownerEntity, id, 'read');
    candidates = await ctx.db.select({ id: owners.id, first_name: owners.first_name, last_name: owners.last_name, email: owners.email, resident_status: owners.resident_status, status: owners.status }).from(owners).where(inArray(owners.id, ids));
    candidates.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
  } else {
    candidates = await ctx.db
      .select({ id: owners.id, first_name: owners.first_name, last_name: owners.last_name, email: owners.email, resident_status: owners.resident_status, status: owners.status })
      .from(owners)
      .where(and(eq(owners.status, 'active'), isNotNull(owners.email), sql`trim(${owners.email}) <> ''`))
      .orderBy(owners.last_name, owners.first_name, owners.id);
  }
  const signedUp = new Set(
    (await ctx.db.select({ email: sql<string>`lower(${users.email})`, owner_id: users.owner_id }).from(users)).flatMap((u) => [u.email, ...(u.owner_id ? [`owner:${u.owner_id}`] : [])]),
  );
  const skipped: InviteOwnersResult['skipped'] = [];
  const chosen = new Map<string, { owner_id: string; name: string; role: AppRole }>();
  for (const c of candidates) {
    const email = c.email?.trim().toLowerCase() ?? '';
    const name = `${c.first_name} ${c.last_name}`.trim();
    const skip = (reason: string) => skipped.push({ owner_id: c.id, name, reason });
    if (!email) skip('No email address');
    else if (signedUp.has(email) || signedUp.has(`owner:${c.id}`)) skip('Already has a sign-in');
    else if (chosen.has(email)) skip('Another owner has the same email address');
    else chosen.set(email, { owner_id: c.id, name, role: ROLE_OF[c.resident_status] ?? 'owner' });
  }
  await writeInvitations(ctx, [...chosen].map(([email, c]) => ({ email, role: c.role, owner_id: c.owner_id })));
  let invited = 0;
  for (const [email, c] of chosen) {
    const r = await deliver(ctx, invitationEmail(ctx, email));
    if (r.status === 'failed') skipped.push({ owner_id: c.owner_id, name: c.name, reason: `Delivery failed: ${r.error}` });
    else invited++;
  }
  return { invited, skipped };
}, {
  authorize: async (ctx) => {
    await requirePermission(ctx, 'users', 'create');
    await requirePermission(ctx, 'owners', 'read');
  },
});
