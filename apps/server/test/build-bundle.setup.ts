import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Vitest global setup of the server suite: the tests that start real server processes run the production bundle.
 * COVENANT_BUNDLE_BUILT=1 says it was just built (CI builds once, then runs this suite beside the browser suite).
 */
export default function setup() {
  if (process.env.COVENANT_BUNDLE_BUILT === '1') return;
  execFileSync(process.execPath, [fileURLToPath(new URL('../scripts/build.mjs', import.meta.url))], { stdio: 'inherit' });
}
