/**
 * Operator commands on the configured instance (the same environment as the server):
 *   npm run backup [-- <folder>]     database and files into a new folder (default ./backups/covenant-<time>)
 *   npm run restore-db -- <folder>   the instance back from such a folder (servers stopped)
 */
import { resolve } from 'node:path';
import { loadConfig } from './config.ts';
import { backupInstance, restoreInstance } from './platform/ops/instance-backup.ts';

const [command, folder] = process.argv.slice(2);
const log = (line: string) => console.log(`  ${line}`);

try {
  const config = loadConfig();
  if (command === 'backup') {
    const out = resolve(folder ?? `backups/covenant-${new Date().toISOString().replace(/[:.]/g, '-')}`);
    console.log(`Backing up the instance to ${out}`);
    const manifest = await backupInstance(config, out, log);
    console.log(`Done: ${manifest.database} database and ${manifest.files.length} files in ${out}`);
  } else if (command === 'restore' && folder) {
    console.log(`Restoring the instance from ${resolve(folder)}`);
    const manifest = await restoreInstance(config, resolve(folder), log);
    console.log(`Done: the instance is as it was at ${manifest.created_at}`);
  } else {
    console.error('usage: ops.js backup [folder] | ops.js restore <folder>');
    process.exitCode = 2;
  }
} catch (err) {
  console.error(`Failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
