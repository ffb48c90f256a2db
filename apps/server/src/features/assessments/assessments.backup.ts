import { assessmentSchedules, chargeRunItems, chargeRuns, lateFeeRules } from '@covenant/db/schema/charges';
import { and, eq } from 'drizzle-orm';
import { tableStep } from '../../platform/backup/table-step.ts';

/**
 * Schedules, late-fee rules and the runs' records. The run items are what keeps a restored schedule from billing a
 * period again, so they travel with the invoices they billed (a schedule's item targets a unit, a late fee's the
 * late invoice).
 */
export const assessmentsBackupStep = tableStep('assessments', 40, [
  { collection: 'assessmentSchedules', entity: 'AssessmentSchedule', label: 'assessment schedule', table: assessmentSchedules, refs: { product_id: 'products', fund_id: 'funds' }, arrayRefs: { property_ids: 'properties' }, describe: (r) => `schedule ${String(r.name)}` },
  { collection: 'lateFeeRules', entity: 'LateFeeRule', label: 'late-fee rule', table: lateFeeRules, refs: { late_fee_product_id: 'products' }, arrayRefs: { product_ids: 'products' }, describe: (r) => `rule ${String(r.name)}` },
  {
    collection: 'chargeRuns', entity: 'ChargeRun', label: 'run', table: chargeRuns, describe: (r) => `${String(r.job)} run as of ${String(r.as_of)}`,
    // The scheduler runs a job once a day: a scheduled run of that job and day here already is that run (restoring
    // into the association the file came from); the file's run records join it.
    existing: async (tx, v) => {
      if (v.trigger !== 'scheduler') return null;
      const [row] = await tx.db.select({ id: chargeRuns.id }).from(chargeRuns)
        .where(and(eq(chargeRuns.job, v.job as string), eq(chargeRuns.as_of, v.as_of as string), eq(chargeRuns.trigger, 'scheduler'))).limit(1);
      return row?.id ?? null;
    },
    keepExisting: true,
  },
  {
    collection: 'chargeRunItems', entity: 'ChargeRunItem', label: 'run record', table: chargeRunItems,
    refs: {
      run_id: 'charge_runs', owner_id: 'owners', invoice_id: 'invoices',
      source_id: (r) => (r.job === 'assessments' ? 'assessment_schedules' : 'late_fee_rules'),
      target_id: (r) => (r.job === 'assessments' ? 'properties' : 'invoices'),
    },
    deletedDocuments: { invoice_id: 'skip', target_id: 'skip' },
  },
]);
