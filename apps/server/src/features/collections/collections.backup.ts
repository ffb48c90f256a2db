import { collectionCases, collectionLetters, collectionStages, paymentPlans } from '@covenant/db/schema/collections';
import { eq } from 'drizzle-orm';
import { tableStep } from '../../platform/backup/table-step.ts';

/** The collections ladder, each owner's cases and the letters as written (they never change), and payment plans. */
export const collectionsBackupStep = tableStep('collections', 50, [
  {
    collection: 'collectionStages', entity: 'CollectionStage', label: 'collection stage', table: collectionStages, refs: { fee_product_id: 'products' }, describe: (r) => `stage ${String(r.name)}`,
    // One stage per number of days past due: the association's own stage of those days is the ladder's step (kept
    // as it is); the file's cases and letters refer to it.
    existing: async (tx, v) => {
      const [row] = await tx.db.select({ id: collectionStages.id }).from(collectionStages).where(eq(collectionStages.days_past_due, Number(v.days_past_due))).limit(1);
      return row?.id ?? null;
    },
    keepExisting: true,
  },
  { collection: 'collectionCases', entity: 'CollectionCase', label: 'collection case', table: collectionCases, refs: { owner_id: 'owners', stage_id: 'collection_stages' } },
  {
    collection: 'collectionLetters', entity: 'CollectionLetter', label: 'collection letter', table: collectionLetters,
    refs: { case_id: 'collection_cases', owner_id: 'owners', stage_id: 'collection_stages', run_id: 'charge_runs', fee_product_id: 'products', fee_invoice_id: 'invoices' },
    deletedDocuments: { fee_invoice_id: 'null' },
    describe: (r) => `letter ${String(r.stage_name)} of ${String(r.as_of)}`,
  },
  { collection: 'paymentPlans', entity: 'PaymentPlan', label: 'payment plan', table: paymentPlans, refs: { owner_id: 'owners' } },
]);
