import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Vitest global setup of the server suite: the tests that start real server processes run the production bundle. */
export default function setup() {
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], { stdio: 'inherit' });
}
