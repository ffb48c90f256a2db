import { registerFunction } from '../../platform/functions/functions.routes.ts';
import { createBackup, restoreBackup } from './backup.service.ts';

// POST /functions/createBackup {} and /functions/restoreBackup {backup}; each checks the backup privilege itself.
registerFunction('createBackup', (ctx) => createBackup(ctx));
registerFunction('restoreBackup', (ctx, params) => restoreBackup(ctx, params.backup));
