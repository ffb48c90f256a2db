import { defineFunction } from '../../platform/functions/define-function.ts';
import type { Feature } from '../../platform/registry.ts';
import { createBackup, restoreBackup } from './backup.service.ts';
import { recordsBackupStep } from './records.backup.ts';

export const backupFeature: Feature = {
  name: 'backup',
  backup: [recordsBackupStep],
  functions: [
    defineFunction('createBackup', (ctx) => createBackup(ctx), { readOnly: true }),
    // A backup file of a large association runs to many megabytes.
    defineFunction('restoreBackup', (ctx, input) => restoreBackup(ctx, input.backup), { maxBodyBytes: 200 * 1024 * 1024 }),
  ],
};
