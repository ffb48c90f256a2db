import { collectionCases, collectionLetters, collectionStages, paymentPlans } from '@covenant/db/schema/collections';
import { tableStep } from '../../platform/backup/table-step.ts';

/** The collections ladder, each owner's cases and the letters as written (they never change), and payment plans. */
export const collectionsBackupStep = tableStep('collections', 50, [
  { collection: 'collectionStages', entity: 'CollectionStage', label: 'collection stage', table: collectionStages, refs: { fee_product_id: 'products' }, describe: (r) => `stage ${String(r.name)}` },
  { collection: 'collectionCases', entity: 'CollectionCase', label: 'collection case', table: collectionCases, refs: { owner_id: 'owners', stage_id: 'collection_stages' } },
  {
    collection: 'collectionLetters', entity: 'CollectionLetter', label: 'collection letter', table: collectionLetters,
    refs: { case_id: 'collection_cases', owner_id: 'owners', stage_id: 'collection_stages', run_id: 'charge_runs', fee_product_id: 'products', fee_invoice_id: 'invoices' },
    deletedDocuments: { fee_invoice_id: 'null' },
    describe: (r) => `letter ${String(r.stage_name)} of ${String(r.as_of)}`,
  },
  { collection: 'paymentPlans', entity: 'PaymentPlan', label: 'payment plan', table: paymentPlans, refs: { owner_id: 'owners' } },
]);
