import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { accountInput } from '@covenant/contracts/entities';
import { ACCOUNT_SUBTYPES, type AccountType } from '@covenant/contracts/constants';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import { ledgerAccountDeltas, ledgerAccountTotals } from '@covenant/db/schema/ledger';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { assertCanRetype, hasPostings, lineFund, seedChartOfAccounts } from './accounts.service.ts';

/**
 * Balance from the ledger's running totals (folded totals plus the deltas not yet folded): debit-normal for
 * assets and expenses, credit-normal otherwise. Qualified by hand: drizzle leaves the columns of a single-table
 * select unqualified, which the subquery would capture.
 */
const accountBalance = () => {
  const id = sql.raw('"chart_of_accounts"."id"');
  return sql`(select case when ${sql.raw('"chart_of_accounts"."account_type"')} in ('asset', 'expense') then s.d - s.c else s.c - s.d end
    from (select coalesce(sum(u.debit), 0) as d, coalesce(sum(u.credit), 0) as c from (
      select t.debit, t.credit from ${ledgerAccountTotals} t where t.account_id = ${id}
      union all select x.debit, x.credit from ${ledgerAccountDeltas} x where x.account_id = ${id}) u) s)`;
};

/** The subtype must belong to the account type; none given means the type's first subtype. */
function withSubtype(values: Row, type: AccountType): Row {
  const subtype = values.account_subtype as string | null | undefined;
  if (subtype === undefined || subtype === null) return { ...values, account_subtype: ACCOUNT_SUBTYPES[type][0] };
  if (!ACCOUNT_SUBTYPES[type].includes(subtype)) {
    throw new ValidationError(`Account subtype ${subtype} does not belong to ${type} accounts (${ACCOUNT_SUBTYPES[type].join(', ')})`);
  }
  return values;
}

export const accountEntity: EntityDef = {
  name: 'ChartOfAccount',
  label: 'account',
  table: chartOfAccounts,
  resource: 'chart_of_accounts',
  createInput: accountInput as unknown as z.ZodType<Row>,
  updateInput: accountInput.partial() as unknown as z.ZodType<Row>,
  derivedFields: ['balance'],
  scope: { kind: 'creator' },
  computed: { balance: accountBalance },
  hooks: {
    async prepareCreate(ctx, values) {
      if (values.fund_id) await lineFund(ctx, values.fund_id as string);
      return withSubtype(values, values.account_type as AccountType);
    },
    async prepareUpdate(ctx, changes, existing) {
      const retype = changes.account_type !== undefined && changes.account_type !== existing.account_type;
      if (existing.system_key && retype) throw new ConflictError('A system account cannot change type', 'system_account');
      if (retype) await assertCanRetype(ctx, existing.id as string);
      if (changes.fund_id !== undefined && changes.fund_id !== existing.fund_id) {
        if (existing.system_key) throw new ConflictError('A system account keeps its fund', 'system_account');
        if (await hasPostings(ctx, existing.id as string)) {
          throw new ConflictError('This account has postings, so its fund cannot change (that would move money between funds); use a transfer between funds instead', 'account_has_postings');
        }
        if (changes.fund_id) await lineFund(ctx, changes.fund_id as string);
      }
      const type = (changes.account_type ?? existing.account_type) as AccountType;
      // Changing the type resets the subtype to that type's first subtype (spec part 2, section 5).
      if (retype && changes.account_subtype === undefined) return { ...changes, account_subtype: ACCOUNT_SUBTYPES[type][0] };
      return changes.account_subtype === undefined ? changes : withSubtype(changes, type);
    },
    beforeDelete(_ctx, existing) {
      if (existing.system_key) throw new ConflictError('A system account cannot be deleted', 'system_account');
    },
  },
};

export const accountsFeature: Feature = { name: 'accounts', entities: [accountEntity], seed: seedChartOfAccounts };
