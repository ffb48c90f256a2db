// npm run check: fails when a committed migration changed. npm run db:lock: records new migrations.
import { fileURLToPath } from 'node:url';
import { checkMigrations, recordNewMigrations } from '../packages/db/src/migration-lock.ts';

const dir = fileURLToPath(new URL('../packages/db/migrations', import.meta.url));
if (process.argv.includes('--record')) {
  const added = recordNewMigrations(dir);
  console.log(added.length ? `recorded: ${added.join(', ')}` : 'no new migrations');
}
const problems = checkMigrations(dir);
for (const p of problems) console.error(`migrations: ${p}`);
process.exit(problems.length ? 1 : 0);
