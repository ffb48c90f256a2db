#!/usr/bin/env node
// Initial JavaScript of the built app, gzipped: the entry script and the chunks index.html preloads.
// Budget (issue "Web at scale"; the architecture allows 250 KB): 200 KB. Run after `vite build`; exits 1 over budget.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '../dist');
const html = await readFile(join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));

let total = 0;
for (const file of new Set(scripts)) {
  const size = gzipSync(await readFile(join(dist, file))).length;
  total += size;
  console.log(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JS, gzipped (budget ${BUDGET_BYTES / 1024} KB)`);
process.exit(total > BUDGET_BYTES ? 1 : 0);
