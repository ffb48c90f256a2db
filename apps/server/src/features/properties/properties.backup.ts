import { ownerPropertyInput, propertyInput } from '@covenant/contracts/entities';
import { properties } from '@covenant/db/schema/community';
import type { BackupStep } from '../../platform/backup/backup-step.ts';
import { collectionSchemas, readAll, refuseTakenBusinessIds, restoreRecords, str, type RecordRestore } from '../../platform/backup/contract-step.ts';

const units: RecordRestore = {
  key: 'properties',
  collection: { entity: 'Property', schema: propertyInput },
  refs: {},
  produces: 'properties',
  describe: (r) => `property ${str(r.property_id)} (unit ${str(r.unit_number)})`,
  check: refuseTakenBusinessIds('property_id', properties.property_id, properties),
};

const links: RecordRestore = {
  key: 'ownerProperties',
  collection: { entity: 'OwnerProperty', schema: ownerPropertyInput },
  refs: { owner_id: { table: 'owners', name: 'owner' }, property_id: { table: 'properties', name: 'property' } },
  describe: () => 'owner-property link',
};

/** Units, each anew (a property id already in use refuses the file), and their owners' links, after the owners. */
export const propertiesBackupStep: BackupStep = {
  name: 'properties',
  order: 12,
  tables: ['properties', 'owner_properties'],
  collections: collectionSchemas({ properties: units.collection, ownerProperties: links.collection }),
  backup: async (ctx) => ({ properties: await readAll(ctx, 'Property'), ownerProperties: await readAll(ctx, 'OwnerProperty') }),
  restore: async (tx, data, ids) => ({ properties: await restoreRecords(tx, data, ids, units), ownerProperties: await restoreRecords(tx, data, ids, links) }),
};
