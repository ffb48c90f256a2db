/**
 * Transaction-level advisory lock keys (the first argument of pg_advisory_xact_lock) that more than one feature
 * takes, so that no feature imports another for a number.
 */

/** The scheduled jobs (assessments, late fees) and the collection runs share one lock: a run of one sees everything another committed. */
export const CHARGE_RUN_LOCK = 71_004;
