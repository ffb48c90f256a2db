import { count, isNull, sql } from 'drizzle-orm';
import {
  accountInput, billInput, billLineInput, invoiceInput, invoiceLineInput, orgSettingsInput, ownerInput, ownerPropertyInput,
  billPaymentInput, paymentInput, paymentInvoiceInput, privilegeInput, productInput, propertyInput, roleInput, taxRateInput, userUpdateInput, vendorInput,
} from '@covenant/contracts/entities';
import { deriveFlags } from '@covenant/contracts/permissions';
import { ACCOUNT_SUBTYPES, type AccountType, type PermissionLevel } from '@covenant/contracts/constants';
import { orgSettings, ownerProperties, owners, privileges, properties, roles, users } from '@covenant/db/schema/community';
import {
  billLineItems, billPayments, bills, chartOfAccounts, invoiceLineItems, invoices, paymentInvoices, payments, products, taxRates, vendors,
} from '@covenant/db/schema/finance';
import { ledgerAccountTotals } from '@covenant/db/schema/ledger';
import type { z } from 'zod';
import { ConflictError, ForbiddenError, ValidationError } from '../../lib/errors.ts';
import { billHooks, billLineHooks, billPaymentHooks } from '../../features/bills/bills.service.ts';
import { invoiceHooks, invoiceLineHooks } from '../../features/invoices/invoices.service.ts';
import { paymentHooks, paymentInvoiceHooks } from '../../features/payments/payments.service.ts';
import { isAdmin, permissionLevel } from '../access/access.service.ts';
import type { EntityDef, Row } from './entity-def.ts';

const partial = (schema: z.ZodObject) => schema.partial() as unknown as z.ZodType<Row>;
const whole = (schema: z.ZodObject) => schema as unknown as z.ZodType<Row>;
const DOC_DERIVED = ['subtotal', 'tax_amount', 'total_amount', 'balance_due', 'amount_paid'] as const;
/** What an owner may correct on their own Owner profile: contact details, never the id, name or status. */
const OWNER_SELF_EDITABLE = ['email', 'phone', 'photo_url', 'mailing_address', 'mailing_address_2', 'city', 'state', 'zip_code', 'emergency_contact_name', 'emergency_contact_phone'];
/** Financial documents and unit links are staff records: an owner reads their own and changes none. */
const READ_ONLY_FOR_OWNERS: readonly string[] = [];

const user: EntityDef = {
  name: 'User',
  label: 'user',
  table: users,
  resource: 'users',
  createRefusal: 'New users must be invited through the platform dashboard',
  updateInput: partial(userUpdateInput),
  scope: { kind: 'user-self' },
  ownEditable: ['phone', 'photo_url'],
  hooks: {
    async prepareUpdate(ctx, changes, existing) {
      const actor = ctx.actor!;
      const level: PermissionLevel = await permissionLevel(ctx, 'users');
      if (level !== 'read_write') return changes;
      if (!isAdmin(actor)) {
        if (existing.role === 'admin' || existing.user_role === 'admin') throw new ForbiddenError('Only an administrator can change an administrator');
        if ('role' in changes) throw new ForbiddenError('Only an administrator can change the system role');
        if (changes.user_role === 'admin') throw new ForbiddenError('Only an administrator can give the administrator role');
      }
      if (existing.id === actor.id && 'role' in changes && changes.role !== 'admin' && existing.role === 'admin') {
        throw new ConflictError('You cannot remove your own administrator role', 'self_demotion');
      }
      return changes;
    },
    beforeDelete(ctx, existing) {
      const actor = ctx.actor!;
      if (existing.id === actor.id) throw new ConflictError('You cannot delete your own account', 'self_delete');
      if (!isAdmin(actor) && (existing.role === 'admin' || existing.user_role === 'admin')) {
        throw new ForbiddenError('Only an administrator can delete an administrator');
      }
    },
  },
};

const privilege: EntityDef = {
  name: 'Privilege',
  label: 'privilege',
  table: privileges,
  resource: 'role_management',
  createInput: whole(privilegeInput),
  updateInput: partial(privilegeInput),
  scope: { kind: 'creator' },
  hooks: {
    async prepareCreate(ctx, values) {
      if (String(values.role_name).trim().toLowerCase() === 'admin') throw new ForbiddenError('The administrator role cannot be edited');
      // Saving replaces any record for the same role and resource (spec part 1, section 5).
      await ctx.db
        .delete(privileges)
        .where(sql`${privileges.role_name} = ${values.role_name} and ${privileges.resource_name} = ${values.resource_name}`);
      return { ...values, ...deriveFlags(values.permission_level as PermissionLevel) };
    },
    prepareUpdate(_ctx, changes, existing) {
      if (String(changes.role_name ?? existing.role_name).trim().toLowerCase() === 'admin') {
        throw new ForbiddenError('The administrator role cannot be edited');
      }
      const level = (changes.permission_level ?? existing.permission_level) as PermissionLevel;
      return { ...changes, ...deriveFlags(level) };
    },
    beforeDelete(_ctx, existing) {
      if (String(existing.role_name).trim().toLowerCase() === 'admin') throw new ForbiddenError('The administrator role cannot be edited');
    },
  },
};

const role: EntityDef = {
  name: 'Role',
  label: 'role',
  table: roles,
  resource: 'role_management',
  createInput: whole(roleInput),
  updateInput: partial(roleInput),
  scope: { kind: 'creator' },
  hooks: {
    prepareUpdate(_ctx, changes, existing) {
      if (existing.role_name === 'admin' && changes.role_name !== undefined && changes.role_name !== 'admin') {
        throw new ForbiddenError('The administrator role cannot be renamed');
      }
      return changes;
    },
    beforeDelete(_ctx, existing) {
      if (existing.role_name === 'admin') throw new ForbiddenError('The administrator role cannot be deleted');
    },
  },
};

function guardOpenRegistration(ctx: Parameters<NonNullable<EntityDef['hooks']>['prepareCreate'] & object>[0], values: Row) {
  if ('open_registration' in values && !isAdmin(ctx.actor)) throw new ForbiddenError('Only an administrator can change open registration');
}

const orgSettingsDef: EntityDef = {
  name: 'OrgSettings',
  label: 'organization settings record',
  table: orgSettings,
  resource: 'org_settings',
  createInput: whole(orgSettingsInput),
  updateInput: partial(orgSettingsInput),
  scope: { kind: 'creator' },
  hooks: {
    async prepareCreate(ctx, values) {
      guardOpenRegistration(ctx, values);
      const [existing] = await ctx.db.select({ n: count() }).from(orgSettings);
      if ((existing?.n ?? 0) > 0) throw new ConflictError('Organization settings already exist; update them instead', 'singleton');
      return values;
    },
    prepareUpdate(ctx, changes) {
      guardOpenRegistration(ctx, changes);
      return changes;
    },
  },
};

/** Balance from the ledger: debit-normal for assets and expenses, credit-normal otherwise. */
const accountBalance = () =>
  // Qualified by hand: drizzle leaves columns of a single-table select unqualified, which the subquery would capture.
  sql`coalesce((select case when ${sql.raw('"chart_of_accounts"."account_type"')} in ('asset', 'expense') then t.debit - t.credit else t.credit - t.debit end from ${ledgerAccountTotals} t where t.account_id = ${sql.raw('"chart_of_accounts"."id"')}), 0)`;

/** The subtype must belong to the account type; none given means the type's first subtype. */
function withSubtype(values: Row, type: AccountType): Row {
  const subtype = values.account_subtype as string | null | undefined;
  if (subtype === undefined || subtype === null) return { ...values, account_subtype: ACCOUNT_SUBTYPES[type][0] };
  if (!ACCOUNT_SUBTYPES[type].includes(subtype)) {
    throw new ValidationError(`Account subtype ${subtype} does not belong to ${type} accounts (${ACCOUNT_SUBTYPES[type].join(', ')})`);
  }
  return values;
}

const account: EntityDef = {
  name: 'ChartOfAccount',
  label: 'account',
  table: chartOfAccounts,
  resource: 'chart_of_accounts',
  createInput: whole(accountInput),
  updateInput: partial(accountInput),
  derivedFields: ['balance'],
  scope: { kind: 'creator' },
  computed: { balance: accountBalance },
  hooks: {
    prepareCreate(_ctx, values) {
      return withSubtype(values, values.account_type as AccountType);
    },
    prepareUpdate(_ctx, changes, existing) {
      if (existing.system_key && changes.account_type !== undefined && changes.account_type !== existing.account_type) {
        throw new ConflictError('A system account cannot change type', 'system_account');
      }
      const type = (changes.account_type ?? existing.account_type) as AccountType;
      // Changing the type resets the subtype to that type's first subtype (spec part 2, section 5).
      if (changes.account_type !== undefined && changes.account_type !== existing.account_type && changes.account_subtype === undefined) {
        return { ...changes, account_subtype: ACCOUNT_SUBTYPES[type][0] };
      }
      return changes.account_subtype === undefined ? changes : withSubtype(changes, type);
    },
    beforeDelete(_ctx, existing) {
      if (existing.system_key) throw new ConflictError('A system account cannot be deleted', 'system_account');
    },
  },
};

export const ENTITY_DEFINITIONS: readonly EntityDef[] = [
  { name: 'Owner', label: 'owner', table: owners, resource: 'owners', createInput: whole(ownerInput), updateInput: partial(ownerInput.omit({ owner_id: true })), scope: { kind: 'owner-self' }, ownEditable: OWNER_SELF_EDITABLE },
  { name: 'Property', label: 'property', table: properties, resource: 'properties', createInput: whole(propertyInput), updateInput: partial(propertyInput.omit({ property_id: true })), scope: { kind: 'property' }, ownEditable: READ_ONLY_FOR_OWNERS },
  { name: 'OwnerProperty', label: 'owner assignment', table: ownerProperties, resource: 'properties', createInput: whole(ownerPropertyInput), updateInput: partial(ownerPropertyInput), scope: { kind: 'owner-field', field: 'owner_id' }, ownEditable: READ_ONLY_FOR_OWNERS },
  user,
  role,
  privilege,
  orgSettingsDef,
  { name: 'Product', label: 'item', table: products, resource: 'items', createInput: whole(productInput), updateInput: partial(productInput), scope: { kind: 'creator' } },
  { name: 'TaxRate', label: 'tax rate', table: taxRates, resource: 'tax_rates', createInput: whole(taxRateInput), updateInput: partial(taxRateInput), scope: { kind: 'creator' } },
  account,
  {
    name: 'Invoice', label: 'invoice', table: invoices, resource: 'invoices', createInput: whole(invoiceInput), updateInput: partial(invoiceInput),
    derivedFields: DOC_DERIVED, hiddenColumns: ['deleted_at'], visibleWhere: () => isNull(invoices.deleted_at), scope: { kind: 'owner-field', field: 'owner_id' }, ownEditable: READ_ONLY_FOR_OWNERS,
    hooks: invoiceHooks,
  },
  {
    name: 'InvoiceLineItem', label: 'invoice line', table: invoiceLineItems, resource: 'invoices', createInput: whole(invoiceLineInput), updateInput: partial(invoiceLineInput),
    derivedFields: ['extended_price'], scope: { kind: 'parent', field: 'invoice_id', parent: invoices }, ownEditable: READ_ONLY_FOR_OWNERS,
    hooks: invoiceLineHooks,
  },
  {
    name: 'Payment', label: 'payment', table: payments, resource: 'payments', createInput: whole(paymentInput), updateInput: partial(paymentInput),
    hiddenColumns: ['deleted_at', 'idempotency_key'], visibleWhere: () => isNull(payments.deleted_at), scope: { kind: 'owner-field', field: 'owner_id' }, ownEditable: READ_ONLY_FOR_OWNERS,
    hooks: paymentHooks,
  },
  {
    // An application is created or removed, never edited: its amount is posted to the ledger.
    name: 'PaymentInvoice', label: 'payment application', table: paymentInvoices, resource: 'payments', createInput: whole(paymentInvoiceInput),
    scope: { kind: 'parent', field: 'payment_id', parent: payments }, ownEditable: READ_ONLY_FOR_OWNERS, hooks: paymentInvoiceHooks,
  },
  { name: 'Vendor', label: 'vendor', table: vendors, resource: 'vendors', createInput: whole(vendorInput), updateInput: partial(vendorInput), scope: { kind: 'creator' } },
  {
    name: 'Bill', label: 'bill', table: bills, resource: 'bills', createInput: whole(billInput), updateInput: partial(billInput),
    derivedFields: ['subtotal', 'total_amount', 'balance_due', 'amount_paid'], hiddenColumns: ['deleted_at'], visibleWhere: () => isNull(bills.deleted_at), scope: { kind: 'creator' },
    hooks: billHooks,
  },
  { name: 'BillLineItem', label: 'bill line', table: billLineItems, resource: 'bills', createInput: whole(billLineInput), updateInput: partial(billLineInput), derivedFields: ['extended_price'], scope: { kind: 'creator' }, hooks: billLineHooks },
  {
    name: 'BillPayment', label: 'bill payment', table: billPayments, resource: 'bills', createInput: whole(billPaymentInput), updateInput: partial(billPaymentInput),
    hiddenColumns: ['deleted_at'], visibleWhere: () => isNull(billPayments.deleted_at), scope: { kind: 'creator' }, hooks: billPaymentHooks,
  },
];

const BY_NAME = new Map(ENTITY_DEFINITIONS.map((d) => [d.name, d]));

/** The entity definition for a name from the URL; Map lookup, so '__proto__' and friends are simply unknown. */
export function entityByName(name: string): EntityDef | undefined {
  return BY_NAME.get(name);
}

