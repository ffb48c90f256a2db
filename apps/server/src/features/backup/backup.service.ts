import { BACKUP_VERSION } from '@covenant/contracts/constants';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { assertNoForbiddenKeys, parseJsonSafely } from '../../lib/safe-json.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordAudit } from '../../platform/audit/audit.service.ts';
import { IdMaps, type BackupStep } from '../../platform/backup/backup-step.ts';

/** The registered steps in restore order (each feature's `backup` in its feature definition). */
function stepsOf(ctx: Ctx): readonly BackupStep[] {
  return ctx.services.registry.backupSteps;
}

/**
 * createBackup: every registered step's collections. Users come from the users view, which holds no password;
 * sessions and sign-in accounts are shared and never included; sealed account numbers stay sealed.
 */
export async function createBackup(ctx: Ctx) {
  await requirePermission(ctx, 'backup', 'read');
  await recordAudit(ctx, { action: 'backup.created' });
  const data: Record<string, Array<Record<string, unknown>>> = {};
  const schemas: Record<string, Record<string, unknown>> = {};
  for (const step of stepsOf(ctx)) {
    Object.assign(data, await step.backup(ctx));
    for (const [key, c] of Object.entries(step.collections)) schemas[key] = { entity: c.entity, ...c.schema() };
  }
  return { timestamp: new Date().toISOString(), version: BACKUP_VERSION, data, schemas };
}

const INVALID = 'Invalid backup file format';
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const majorOf = (version: string) => Number(version.split('.')[0]);

/** The backup as an object with data and schemas, whether it came as JSON text or as a parsed object. */
function readBackup(input: unknown, steps: readonly BackupStep[]): { data: Record<string, unknown> } {
  let backup = input;
  if (typeof backup === 'string') {
    try {
      backup = parseJsonSafely(backup, 'Backup file');
    } catch (err) {
      if (err instanceof AppError && /forbidden key/.test(err.message)) throw err;
      throw new ValidationError(INVALID);
    }
  }
  if (!isObject(backup) || !isObject(backup.data) || !isObject(backup.schemas)) throw new ValidationError(INVALID);
  assertNoForbiddenKeys(backup, 'Backup file');
  // A file of an older minor version lacks the collections added since (they restore as empty); a newer major is a format this server does not read.
  if (backup.version !== undefined && (typeof backup.version !== 'string' || !/^\d+\.\d+$/.test(backup.version) || majorOf(backup.version) > majorOf(BACKUP_VERSION))) {
    throw new ValidationError(`${INVALID}: version ${String(backup.version)} is not one this server reads (${BACKUP_VERSION} or older)`);
  }
  for (const key of steps.flatMap((s) => Object.keys(s.collections))) {
    const list = backup.data[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list) || !list.every(isObject)) throw new ValidationError(`${INVALID}: data.${key} must be a list of records`);
  }
  return { data: backup.data };
}

/**
 * restoreBackup: walks the registered steps in their order inside one transaction, each creating its records anew
 * with references remapped to the new ids; users and roles are not restored and nothing is deleted. A file
 * holding what the API would refuse is refused whole, naming the record, and the association is unchanged.
 */
export async function restoreBackup(ctx: Ctx, input: unknown) {
  await requirePermission(ctx, 'backup', 'create');
  const steps = stepsOf(ctx);
  const { data } = readBackup(input, steps);
  try {
    return await withTransaction(ctx, async (tx) => {
      // In the restore's transaction: a refused file leaves no entry.
      await recordAudit(tx, { action: 'backup.restored', detail: { records_in_file: Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Array.isArray(v) ? v.length : 0])) } });
      const ids = new IdMaps();
      const counts: Record<string, number> = {};
      for (const step of steps) Object.assign(counts, await step.restore(tx, data, ids));
      // '*' tells open lists that many records changed at once (realtime), once the restore commits.
      onCommit(tx, () => {
        const timestamp = new Date().toISOString();
        const entities = new Set(steps.flatMap((s) => Object.values(s.collections).map((c) => c.entity)));
        for (const entity of entities) {
          if (ctx.services.registry.entities.has(entity) && entity !== 'User') ctx.services.changes.publish({ entity, type: 'create', id: '*', record: {}, timestamp });
        }
      });
      return { success: true as const, restored: counts };
    });
  } catch (err) {
    const known = err instanceof AppError ? err : translateDbError(err);
    if (!known) throw err;
    // Every refusal says the association is unchanged: the transaction rolled back.
    if (known.message.endsWith('Nothing was restored.')) throw known;
    throw new AppError(known.status, known.code, `${known.message.replace(/\.$/, '')}. Nothing was restored.`);
  }
}
