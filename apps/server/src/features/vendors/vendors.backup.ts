import { vendorInput } from '@covenant/contracts/entities';
import { vendors } from '@covenant/db/schema/finance';
import type { BackupStep } from '../../platform/backup/backup-step.ts';
import { collectionSchemas, readAll, restoreRecords, str, type RecordRestore } from '../../platform/backup/contract-step.ts';

const restore: RecordRestore = {
  key: 'vendors',
  collection: { entity: 'Vendor', schema: vendorInput },
  refs: {},
  produces: 'vendors',
  extra: ['bank_account_number_sealed', 'bank_account_last4'],
  describe: (r) => `vendor ${str(r.vendor_name)}`,
};

/** Vendors, each anew. A vendor's account number for ACH credits is write-only on the API; the file holds it sealed, as stored. */
export const vendorsBackupStep: BackupStep = {
  name: 'vendors',
  order: 14,
  tables: ['vendors'],
  collections: collectionSchemas({ vendors: restore.collection }),
  async backup(ctx) {
    const sealed = new Map((await ctx.db.select({ id: vendors.id, v: vendors.bank_account_number_sealed }).from(vendors)).map((r) => [r.id, r.v]));
    return { vendors: (await readAll(ctx, 'Vendor')).map((v) => ({ ...v, bank_account_number_sealed: sealed.get(v.id as string) ?? null })) };
  },
  restore: async (tx, data, ids) => ({ vendors: await restoreRecords(tx, data, ids, restore) }),
};
