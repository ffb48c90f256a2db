import { achBatches, achEntries, autopayEnrollments } from '@covenant/db/schema/banking';
import { tableStep } from '../../platform/backup/table-step.ts';

/**
 * Autopay enrollments (their account numbers sealed as stored: the file never holds one in clear, and a restore
 * onto a server with another BANK_ENCRYPTION_KEY cannot open them), the ACH files as sent and their entries.
 */
export const achBackupStep = tableStep('ach', 80, [
  {
    collection: 'autopayEnrollments', entity: 'AutopayEnrollment', label: 'autopay enrollment', table: autopayEnrollments, refs: { owner_id: 'owners', bank_account_id: 'bank_accounts' },
    describe: (r) => `enrollment of ${String(r.account_holder)}`,
  },
  { collection: 'achBatches', entity: 'AchBatch', label: 'ACH file', table: achBatches, refs: { bank_account_id: 'bank_accounts' },
    // The file as sent holds the owners' and vendors' account numbers in clear.
    sealInFile: { file_text: 'backup:ach_file_text' }, describe: (r) => `ACH file ${String(r.file_name)}` },
  {
    collection: 'achEntries', entity: 'AchEntry', label: 'ACH entry', table: achEntries,
    refs: {
      batch_id: 'ach_batches', enrollment_id: 'autopay_enrollments', owner_id: 'owners', payment_id: 'payments', vendor_id: 'vendors', bill_id: 'bills', bill_payment_id: 'bill_payments',
      retry_of_entry_id: 'ach_entries',
    },
    deletedDocuments: { payment_id: 'null', bill_id: 'null', bill_payment_id: 'null' },
    describe: (r) => `ACH entry ${String(r.trace_number)}`,
  },
]);
