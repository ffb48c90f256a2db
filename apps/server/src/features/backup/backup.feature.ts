import type { Feature } from '../../platform/registry.ts';
import { createBackup, restoreBackup } from './backup.service.ts';
import { recordsBackupStep } from './records.backup.ts';

export const backupFeature: Feature = {
  name: 'backup',
  backup: [recordsBackupStep],
  functions: [
    { name: 'createBackup', access: 'backup read (administrators, property managers)', handler: (ctx) => createBackup(ctx), readOnly: true },
    {
      name: 'restoreBackup',
      access: 'backup read_write (administrators, property managers)',
      handler: (ctx, params) => restoreBackup(ctx, params.backup),
      // A backup file of a large association runs to many megabytes.
      maxBodyBytes: 200 * 1024 * 1024,
    },
  ],
};
