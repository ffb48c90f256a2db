// npm run check: the server's module layering. Fails on a circle of imports between feature folders (A imports B
// and B, through any files, imports A), and on a layer importing a layer above it: lib < platform < ledger <
// documents < the other features. Every relative import counts, `import type` too: a circle of types is still a
// circle in the design. `--graph` prints the folder graph.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'apps/server/src');

/** The layers under the features, lowest first; a folder of a layer imports only its own layer and the ones below. */
const LAYERS = [
  { name: 'lib', folders: ['lib', 'config.ts'] },
  { name: 'platform', folders: ['platform'] },
  // The chart of accounts and the journal it posts to.
  { name: 'ledger', folders: ['features/accounts', 'features/ledger'] },
  // What invoices and bills share, and the links between payments and invoices.
  { name: 'documents', folders: ['features/document-lifecycle', 'features/payment-applications'] },
];

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...walk(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  return [base, base.replace(/\.js$/, '.ts'), `${base}.ts`, join(base, 'index.ts')].find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const rel = (file) => relative(src, file).split(sep).join('/');

/** The folder a file belongs to: `features/<name>`, `lib`, `platform`, `config.ts`, or `.` (app.ts, main.ts, ...). */
function folderOf(file) {
  const parts = rel(file).split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  if (parts.length > 1) return parts[0];
  return parts[0] === 'config.ts' ? 'config.ts' : '.';
}
const layerOf = (folder) => LAYERS.findIndex((l) => l.folders.includes(folder));
/** The unit circles are counted between: a layer below the features is one unit, every other folder its own. */
const unitOf = (folder) => (layerOf(folder) >= 0 ? `layer ${LAYERS[layerOf(folder)].name}` : folder);

const files = walk(src);
const imports = new Map();
for (const file of files) {
  const targets = new Set();
  for (const imported of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
    const target = resolveImport(file, imported.fileName);
    if (target) targets.add(target);
  }
  imports.set(file, [...targets]);
}

const problems = [];

// A layer imports only itself and the layers below it.
for (const [file, targets] of imports) {
  const from = layerOf(folderOf(file));
  if (from < 0) continue;
  for (const target of targets) {
    const to = layerOf(folderOf(target));
    if (to < 0 || to > from) problems.push(`${rel(file)} (layer ${LAYERS[from].name}) imports ${rel(target)} (${to < 0 ? folderOf(target) : `layer ${LAYERS[to].name}`}), which is above it`);
  }
}

// Circles between units: strongly connected components of the unit graph.
const edges = new Map();
const via = new Map();
for (const [file, targets] of imports) {
  for (const target of targets) {
    const a = unitOf(folderOf(file));
    const b = unitOf(folderOf(target));
    if (a === b) continue;
    if (!edges.has(a)) edges.set(a, new Set());
    edges.get(a).add(b);
    if (!via.has(`${a}>${b}`)) via.set(`${a}>${b}`, `${rel(file)} -> ${rel(target)}`);
  }
}
const units = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])])].sort();
let counter = 0;
const index = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function connect(v) {
  index.set(v, counter);
  low.set(v, counter);
  counter++;
  stack.push(v);
  onStack.add(v);
  for (const w of edges.get(v) ?? []) {
    if (!index.has(w)) {
      connect(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
  }
  if (low.get(v) === index.get(v)) {
    const component = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    components.push(component);
  }
}
for (const u of units) if (!index.has(u)) connect(u);

/** A shortest circle through `start` inside a component, as the imports that make it. */
function circle(start, members) {
  const prev = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const v = queue.shift();
    for (const w of edges.get(v) ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        for (let p = prev.get(v); p !== null; p = prev.get(p)) path.unshift(p);
        return path.map((u, i) => `  ${via.get(`${u}>${path[i + 1] ?? start}`)}`);
      }
      if (!prev.has(w)) {
        prev.set(w, v);
        queue.push(w);
      }
    }
  }
  return [];
}
for (const component of components) {
  if (component.length < 2) continue;
  const members = new Set(component);
  problems.push(`a circle between ${component.sort().join(', ')}:\n${circle(component[0], members).join('\n')}`);
}

if (process.argv.includes('--graph')) {
  for (const u of units) console.log(`${u} -> ${[...(edges.get(u) ?? [])].sort().join(', ')}`);
}
for (const p of problems) console.error(`import-cycles: ${p}`);
if (problems.length === 0) console.log(`import-cycles: ${files.length} files, no circle between feature folders, every layer below the ones that use it`);
process.exit(problems.length ? 1 : 0);
