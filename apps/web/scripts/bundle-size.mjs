#!/usr/bin/env node
// Initial JavaScript of the built app, gzipped: the entry script and the chunks index.html preloads.
// Budget (issue "Web at scale"; the architecture allows 250 KB): 200 KB. Run after `vite build`; exits 1 over budget.
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const INITIAL_JS_BUDGET_BYTES = 200 * 1024;

/**
 * The scripts a first visit loads before any page chunk, each with its gzipped size.
 * @param {string} dist the built app (apps/web/dist)
 * @returns {Promise<{ files: Array<{ file: string, bytes: number }>, total: number }>}
 */
export async function initialJavaScript(dist) {
  const html = await readFile(join(dist, 'index.html'), 'utf8');
  const scripts = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="\/([^"]+\.js)"/g)].flatMap((m) => (m[1] ? [m[1]] : []));
  const files = [];
  for (const file of new Set(scripts)) files.push({ file, bytes: gzipSync(await readFile(join(dist, file))).length });
  return { files, total: files.reduce((sum, f) => sum + f.bytes, 0) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { files, total } = await initialJavaScript(join(dirname(fileURLToPath(import.meta.url)), '../dist'));
  for (const { file, bytes } of files) console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  console.log(`${(total / 1024).toFixed(1).padStart(7)} KB  initial JS, gzipped (budget ${INITIAL_JS_BUDGET_BYTES / 1024} KB)`);
  process.exit(total > INITIAL_JS_BUDGET_BYTES ? 1 : 0);
}
