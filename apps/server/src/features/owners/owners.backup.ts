import { ownerInput } from '@covenant/contracts/entities';
import { owners } from '@covenant/db/schema/community';
import type { BackupStep } from '../../platform/backup/backup-step.ts';
import { collectionSchemas, readAll, refuseTakenBusinessIds, restoreRecords, str, type RecordRestore } from '../../platform/backup/contract-step.ts';

const restore: RecordRestore = {
  key: 'owners',
  collection: { entity: 'Owner', schema: ownerInput },
  refs: {},
  produces: 'owners',
  describe: (r) => `owner ${str(r.owner_id)} (${str(r.first_name)} ${str(r.last_name)})`,
  check: refuseTakenBusinessIds('owner_id', owners.owner_id, owners),
};

/** Owners, each anew; an owner id already in use refuses the file. */
export const ownersBackupStep: BackupStep = {
  name: 'owners',
  order: 11,
  tables: ['owners'],
  collections: collectionSchemas({ owners: restore.collection }),
  backup: async (ctx) => ({ owners: await readAll(ctx, 'Owner') }),
  restore: async (tx, data, ids) => ({ owners: await restoreRecords(tx, data, ids, restore) }),
};
