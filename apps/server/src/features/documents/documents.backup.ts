import { associationDocuments, recordsRequests } from '@covenant/db/schema/association-documents';
import { tableStep } from '../../platform/backup/table-step.ts';

/**
 * The document records (their files' bytes travel with the instance backup, like every upload: file_id names the
 * upload as it is) and the records requests with the due days as computed.
 */
export const documentsBackupStep = tableStep('documents', 66, [
  {
    collection: 'associationDocuments', entity: 'AssociationDocument', label: 'document', table: associationDocuments, refs: { supersedes_id: 'association_documents' },
    describe: (r) => `document ${String(r.title)}`,
  },
  { collection: 'recordsRequests', entity: 'RecordsRequest', label: 'records request', table: recordsRequests, refs: { owner_id: 'owners' }, describe: (r) => `records request of ${String(r.received_on)}` },
]);
