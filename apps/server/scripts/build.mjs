// Bundles the server into plain JavaScript (apps/server/dist) so production runs on Node without a
// TypeScript loader. Our workspace packages are TypeScript sources and go into the bundle; every other
// package stays in node_modules (native addons, WASM and their data files are found there at run time).
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(serverDir, 'dist');

/** Bare imports other than @covenant/* are resolved by Node from node_modules at run time. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@covenant/') ? undefined : { path: args.path, external: true }));
  },
};

await rm(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { main: join(serverDir, 'src/main.ts'), ops: join(serverDir, 'src/ops.ts'), demo: join(serverDir, 'src/demo.ts'), bench: join(serverDir, 'bench/bench.ts') },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: 'linked',
  plugins: [externalPackages],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
console.log(`server bundle: ${outdir} (${(bytes / 1024).toFixed(0)} KiB with source maps)`);
