// npm run check: fails when a committed migration changed. npm run db:lock: records new migrations.
// Two folders: every association's schema (migrations) and the shared schema (migrations-shared).
import { fileURLToPath } from 'node:url';
import { checkMigrations, recordNewMigrations } from '../packages/db/src/migration-lock.ts';

const folders = ['../packages/db/migrations', '../packages/db/migrations-shared'].map((f) => fileURLToPath(new URL(f, import.meta.url)));
let problems: string[] = [];
for (const dir of folders) {
  if (process.argv.includes('--record')) {
    const added = recordNewMigrations(dir);
    console.log(added.length ? `recorded: ${added.join(', ')}` : `no new migrations in ${dir}`);
  }
  problems = problems.concat(checkMigrations(dir));
}
for (const p of problems) console.error(`migrations: ${p}`);
process.exit(problems.length ? 1 : 0);
