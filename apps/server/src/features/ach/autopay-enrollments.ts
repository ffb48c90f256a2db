import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { autopayAuthorizationText, autopayEnrollmentInput, autopayEnrollmentUpdate, selfEnrollmentInput, type MyAutopay } from '@covenant/contracts/ach';
import { newId } from '@covenant/db/ids';
import { achEntries, autopayEnrollments } from '@covenant/db/schema/banking';
import { orgSettings } from '@covenant/db/schema/community';
import { today, withTransaction, type Ctx } from '../../lib/context.ts';
import { AppError, ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { lastFour, sealSecret } from '../../lib/secret-box.ts';
import { publishRecord, readRecord, referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { bankAccountEntity, NO_BANK_KEY_MESSAGE } from '../banking/bank-accounts.ts';
import { accountOwner } from '../my-account/my-account.service.ts';
import { ownerEntity } from '../owners/owners.feature.ts';

/** The authenticated context of an enrollment's sealed account number (a ciphertext copied elsewhere fails to open). */
export const ENROLLMENT_SECRET_CONTEXT = 'autopay_enrollment:account_number';

/** Seals an account number with the server's key; without a key, bank details cannot be saved (400 bank_key_missing). */
export function sealAccount(ctx: Ctx, number: string, context: string): { sealed: string; last4: string } {
  const key = ctx.services.config.bankKey;
  if (!key) throw new AppError(400, 'bank_key_missing', NO_BANK_KEY_MESSAGE);
  return { sealed: sealSecret(key, number, context), last4: lastFour(number) ?? number };
}

/** One enrollment in force per owner: taken under a per-owner lock so two requests cannot both pass the check. */
async function assertNoEnrollmentInForce(ctx: Ctx, ownerId: string, exceptId?: string): Promise<void> {
  await ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`autopay:${ownerId}`}))`);
  const [existing] = await ctx.db
    .select({ id: autopayEnrollments.id, status: autopayEnrollments.status })
    .from(autopayEnrollments)
    .where(and(eq(autopayEnrollments.owner_id, ownerId), ne(autopayEnrollments.status, 'cancelled'), ...(exceptId ? [ne(autopayEnrollments.id, exceptId)] : [])))
    .limit(1);
  if (existing) {
    throw new ConflictError(`This owner already has an autopay enrollment (${existing.status}); cancel it before enrolling again`, 'autopay_already_enrolled');
  }
}

/** The association's name as the authorization names it. */
async function associationName(ctx: Ctx): Promise<string> {
  const [row] = await ctx.db.select({ organization_name: orgSettings.organization_name, company_name: orgSettings.company_name }).from(orgSettings).limit(1);
  return row?.organization_name || row?.company_name || ctx.association?.name || '';
}

/** The stored values of a new enrollment (both paths): always a prenote first, the account number sealed. */
function enrollmentValues(ctx: Ctx, v: { owner_id: string; bank_account_id?: string | null | undefined; account_holder: string; routing_number: string; account_number: string; account_type: string }, sec: 'PPD' | 'WEB', authorizedAt: Date, text: string) {
  const { sealed, last4 } = sealAccount(ctx, v.account_number, ENROLLMENT_SECRET_CONTEXT);
  return {
    owner_id: v.owner_id, bank_account_id: v.bank_account_id ?? null, account_holder: v.account_holder, routing_number: v.routing_number,
    account_number_sealed: sealed, account_last4: last4, account_type: v.account_type, sec_code: sec, authorized_at: authorizedAt,
    authorization_text: text, status: 'prenote', prenote_sent_on: null, status_reason: null,
  };
}

/**
 * AutopayEnrollment: an owner's authorization to debit their bank account (payments resource; an owner reads their
 * own). Staff enrol from a signed form (PPD, the form's date and words); owners enrol themselves on My Account
 * (WEB). The account number is write-only; new bank details start a new prenote.
 */
export const autopayEnrollmentEntity: EntityDef = {
  name: 'AutopayEnrollment',
  label: 'autopay enrollment',
  table: autopayEnrollments,
  resource: 'payments',
  createInput: autopayEnrollmentInput as unknown as z.ZodType<Row>,
  updateInput: autopayEnrollmentUpdate as unknown as z.ZodType<Row>,
  scope: { kind: 'owner-field', field: 'owner_id' },
  ownEditable: [],
  hiddenColumns: ['account_number_sealed'],
  hooks: {
    async prepareCreate(ctx, values) {
      const v = values as unknown as z.infer<typeof autopayEnrollmentInput>;
      await referencedRecord(ctx, ownerEntity, v.owner_id, 'Owner');
      if (v.bank_account_id) await referencedRecord(ctx, bankAccountEntity, v.bank_account_id, 'Bank account');
      if (v.authorized_at > (await today(ctx))) throw new ValidationError('Date the form was signed cannot be in the future');
      await assertNoEnrollmentInForce(ctx, v.owner_id);
      return enrollmentValues(ctx, v, 'PPD', new Date(`${v.authorized_at}T00:00:00Z`), v.authorization_text) as unknown as Row;
    },
    async prepareUpdate(ctx, changes, existing) {
      if (existing.status === 'cancelled') throw new ConflictError('A cancelled enrollment stays cancelled; enrol the owner again', 'autopay_cancelled');
      const out: Row = { ...changes };
      if (changes.bank_account_id) await referencedRecord(ctx, bankAccountEntity, changes.bank_account_id as string, 'Bank account');
      if (changes.account_number !== undefined) {
        const { sealed, last4 } = sealAccount(ctx, String(changes.account_number), ENROLLMENT_SECRET_CONTEXT);
        delete out.account_number;
        out.account_number_sealed = sealed;
        out.account_last4 = last4;
      }
      const detailsChanged = (changes.routing_number !== undefined && changes.routing_number !== existing.routing_number) || changes.account_number !== undefined;
      if (detailsChanged) Object.assign(out, { status: 'prenote', prenote_sent_on: null, status_reason: changes.status_reason ?? 'New bank details: a prenote is sent with the next ACH file' });
      else if (changes.status === 'active' && changes.status_reason === undefined) out.status_reason = null;
      return out;
    },
    async beforeDelete(ctx, existing) {
      const [used] = await ctx.db.select({ id: achEntries.id }).from(achEntries).where(eq(achEntries.enrollment_id, existing.id as string)).limit(1);
      if (used) throw new ConflictError('This enrollment has ACH entries in files sent to the bank: cancel it instead of deleting it', 'enrollment_in_use');
    },
  },
};

/** The owner's enrollment in force (or the latest cancelled one), as the API shows it. */
async function latestEnrollmentId(ctx: Ctx, ownerId: string): Promise<string | null> {
  const [row] = await ctx.db
    .select({ id: autopayEnrollments.id })
    .from(autopayEnrollments)
    .where(eq(autopayEnrollments.owner_id, ownerId))
    .orderBy(sql`case when ${autopayEnrollments.status} = 'cancelled' then 1 else 0 end`, desc(autopayEnrollments.created_date), desc(autopayEnrollments.id))
    .limit(1);
  return row?.id ?? null;
}

/** GET /my-account/autopay: the words to accept and the signed-in owner's enrollment. */
export async function myAutopay(ctx: Ctx): Promise<MyAutopay> {
  const owner = await accountOwner(ctx);
  const id = await latestEnrollmentId(ctx, owner.id);
  return {
    authorization_text: autopayAuthorizationText(await associationName(ctx)),
    enrollment: id ? ((await readRecord(ctx, autopayEnrollmentEntity, id)) as unknown as MyAutopay['enrollment']) : null,
    unavailable_reason: ctx.services.config.bankKey ? null : NO_BANK_KEY_MESSAGE,
  };
}

/** POST /my-account/autopay: the signed-in owner enrols their own account (WEB, authorized now, the words they read). */
export async function enrollMyself(ctx: Ctx, body: unknown): Promise<MyAutopay> {
  const owner = await accountOwner(ctx);
  const input = parseInput(selfEnrollmentInput, body);
  await withTransaction(ctx, async (tx) => {
    const text = autopayAuthorizationText(await associationName(tx));
    if (input.authorization_text.trim() !== text) throw new ConflictError('The authorization text has changed since the page was opened: read it again and accept it', 'authorization_changed');
    await assertNoEnrollmentInForce(tx, owner.id);
    const id = newId();
    await tx.db.insert(autopayEnrollments).values({ id, ...enrollmentValues(tx, { ...input, owner_id: owner.id }, 'WEB', new Date(), text), created_by: tx.actor?.email ?? null });
    await publishRecord(tx, autopayEnrollmentEntity, id, 'create');
  });
  return myAutopay(ctx);
}

/** POST /my-account/autopay/{id}/cancel: the owner stops their own autopay (another owner's enrollment is a 404). */
export async function cancelMyEnrollment(ctx: Ctx, id: string): Promise<MyAutopay> {
  const owner = await accountOwner(ctx);
  await withTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .select({ id: autopayEnrollments.id, status: autopayEnrollments.status })
      .from(autopayEnrollments)
      .where(and(eq(autopayEnrollments.id, id), eq(autopayEnrollments.owner_id, owner.id)))
      .for('no key update')
      .limit(1);
    if (!row) throw new NotFoundError('Autopay enrollment not found');
    if (row.status === 'cancelled') return;
    await tx.db.update(autopayEnrollments).set({ status: 'cancelled', status_reason: 'Cancelled by the owner on My Account' }).where(eq(autopayEnrollments.id, id));
    await publishRecord(tx, autopayEnrollmentEntity, id);
  });
  return myAutopay(ctx);
}
