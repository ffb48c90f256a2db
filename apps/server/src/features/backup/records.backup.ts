import { eq } from 'drizzle-orm';
import { accountInput, fundInput, productInput, taxRateInput, userUpdateInput } from '@covenant/contracts/entities';
import { chartOfAccounts, funds } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import type { BackupData, BackupStep, IdMaps } from '../../platform/backup/backup-step.ts';
import { collectionSchemas, mapRef, readAll, restoreRecords, str, type RecordRestore } from '../../platform/backup/contract-step.ts';
import { controlAccountIds, systemFunds } from '../accounts/accounts.service.ts';

/**
 * The chart: funds (Operating and Reserve map onto the association's own), accounts (one whose number or system
 * key exists is the association's own), items and tax rates; and the users, read but never restored.
 */

const collections = {
  /** Beyond the spec's list: the funds (fund accounting). */
  funds: { entity: 'Fund', schema: fundInput },
  accounts: { entity: 'ChartOfAccount', schema: accountInput },
  products: { entity: 'Product', schema: productInput },
  taxRates: { entity: 'TaxRate', schema: taxRateInput },
  users: { entity: 'User', schema: userUpdateInput },
};

/** Funds whose system key (Operating, Reserve) or code already exists map onto the existing fund. */
async function existingFunds(tx: Ctx) {
  const rows = await tx.db.select({ id: funds.id, code: funds.code, system_key: funds.system_key }).from(funds);
  return {
    byCode: new Map(rows.map((r) => [r.code, r.id])),
    byKey: new Map(rows.filter((r) => r.system_key).map((r) => [r.system_key!, r.id])),
  };
}

/** Accounts whose number (or system key) already exists map onto the existing account instead of a duplicate. */
async function existingAccounts(tx: Ctx) {
  const rows = await tx.db.select({ id: chartOfAccounts.id, account_number: chartOfAccounts.account_number, system_key: chartOfAccounts.system_key }).from(chartOfAccounts);
  return {
    byNumber: new Map(rows.map((r) => [r.account_number, r.id])),
    byKey: new Map(rows.filter((r) => r.system_key).map((r) => [r.system_key!, r.id])),
  };
}

async function restoreChart(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>> {
  const control = await controlAccountIds(tx);
  const operatingFund = (await systemFunds(tx)).operating;
  const fundsNow = await existingFunds(tx);
  // New funds get their bank account once the accounts are in.
  const fundCash: Array<{ id: string; oldAccount: string; where: string }> = [];
  const fundRestore: RecordRestore = {
    key: 'funds', collection: collections.funds, refs: {}, produces: 'funds', describe: (r) => `fund ${str(r.code)} (${str(r.name)})`,
    existing: (values, raw) => (raw.system_key ? fundsNow.byKey.get(str(raw.system_key)) : undefined) ?? fundsNow.byCode.get(str(values.code)),
    prepare: (values, _raw, where, id) => {
      if (values.cash_account_id) fundCash.push({ id, oldAccount: str(values.cash_account_id), where });
      delete values.cash_account_id;
    },
  };
  const counts: Record<string, number> = { funds: await restoreRecords(tx, data, ids, fundRestore) };
  const accountsNow = await existingAccounts(tx);
  counts.accounts = await restoreRecords(tx, data, ids, {
    key: 'accounts', collection: collections.accounts, refs: { fund_id: { table: 'funds', name: 'fund' } }, produces: 'chart_of_accounts', extra: ['system_key'],
    describe: (r) => `account ${str(r.account_number)} (${str(r.account_name)})`,
    existing: (values, raw) => accountsNow.byNumber.get(str(values.account_number)) ?? (raw.system_key ? accountsNow.byKey.get(str(raw.system_key)) : undefined),
  });
  for (const f of fundCash) {
    const accountId = mapRef(ids, { table: 'chart_of_accounts', name: 'account' }, f.oldAccount, 'cash_account_id', f.where);
    await tx.db.update(funds).set({ cash_account_id: accountId }).where(eq(funds.id, f.id));
  }
  counts.products = await restoreRecords(tx, data, ids, {
    key: 'products', collection: collections.products, refs: { account_id: { table: 'chart_of_accounts', name: 'account' }, fund_id: { table: 'funds', name: 'fund' } },
    produces: 'products', describe: (r) => `item ${str(r.product_code)}`,
    prepare: (values, _raw, where) => {
      if (control.has(values.account_id as string)) throw new ValidationError(`Backup ${where}: its default account is a control account, which changes only through documents`);
      if (!values.fund_id) values.fund_id = operatingFund;
    },
  });
  counts.taxRates = await restoreRecords(tx, data, ids, { key: 'taxRates', collection: collections.taxRates, refs: {}, produces: 'tax_rates', describe: (r) => `tax rate ${str(r.tax_name)}` });
  return counts;
}

/** The chart of accounts with its funds, items and tax rates, which the documents' steps after it refer to. */
export const recordsBackupStep: BackupStep = {
  name: 'records',
  order: 13,
  tables: ['funds', 'chart_of_accounts', 'products', 'tax_rates'],
  collections: collectionSchemas(collections),
  async backup(ctx) {
    const data: Record<string, unknown[]> = {};
    for (const [key, c] of Object.entries(collections)) data[key] = await readAll(ctx, c.entity);
    return data;
  },
  restore: restoreChart,
};
