import { hearings, violationNotices, violationPhotos, violations, violationTypes } from '@covenant/db/schema/violations';
import { tableStep } from '../../platform/backup/table-step.ts';

/**
 * Violation types, violations, their notices as sent, hearings and photo records (the photo files stay in the file
 * store, as uploaded images do). Committee members are people of the instance, kept by id.
 */
export const violationsBackupStep = tableStep('violations', 90, [
  { collection: 'violationTypes', entity: 'ViolationType', label: 'violation type', table: violationTypes, refs: { fine_product_id: 'products' }, describe: (r) => `type ${String(r.name)}` },
  {
    collection: 'violations', entity: 'Violation', label: 'violation', table: violations,
    refs: { property_id: 'properties', violation_type_id: 'violation_types', owner_id: 'owners' }, describe: (r) => `violation of ${String(r.observed_on)}`,
  },
  { collection: 'hearings', entity: 'Hearing', label: 'hearing', table: hearings, refs: { violation_id: 'violations', fine_invoice_id: 'invoices' }, deletedDocuments: { fine_invoice_id: 'null' } },
  { collection: 'violationNotices', entity: 'ViolationNotice', label: 'violation notice', table: violationNotices, refs: { violation_id: 'violations', hearing_id: 'hearings' } },
  { collection: 'violationPhotos', entity: 'ViolationPhoto', label: 'violation photo', table: violationPhotos, refs: { violation_id: 'violations' } },
]);
