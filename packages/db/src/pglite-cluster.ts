import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database starts from a copy of a fresh cluster instead of running initdb (PGlite's initdb is a
 * WebAssembly program that takes 3 to 5 seconds here, the copy a fraction of a second). The fresh cluster is made
 * once by initdb itself, the same for every database (no schema, no data: only what initdb writes), and kept in a
 * cache keyed by the PGlite build that made it, so an upgraded PGlite makes its own. Nothing but initdb's output
 * is ever cached: migrations and data always run on the copy.
 *
 * Two forms: a data directory (copied file by file into a new data folder: the server, the demo) and the tar
 * file PGlite loads into memory (`loadDataDir`: the tests' in-memory databases).
 */

const require = createRequire(import.meta.url);

/** The PGlite build: its version and the size and time of its WebAssembly files. */
function pgliteBuildKey(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const dist = dirname(entry);
  let root = dist;
  while (!existsSync(join(root, 'package.json')) && dirname(root) !== root) root = dirname(root);
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  const parts = [version];
  for (const file of ['initdb.wasm', 'pglite.wasm', 'pglite.data']) {
    const path = join(dist, file);
    if (existsSync(path)) {
      const s = statSync(path);
      parts.push(`${s.size}-${Math.floor(s.mtimeMs)}`);
    }
  }
  return parts.join('_').replace(/[^A-Za-z0-9._-]/g, '-');
}

/** The default place of the cache: node_modules/.cache/covenant beside the installed PGlite (removed with node_modules). */
function defaultCacheRoot(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const at = entry.lastIndexOf(join('node_modules', '@electric-sql'));
  return at >= 0 ? join(entry.slice(0, at), 'node_modules', '.cache', 'covenant') : join(tmpdir(), 'covenant-cache');
}

let key: string | undefined;
const cacheKey = () => (key ??= pgliteBuildKey());

/** Writes a cache entry under a unique name and renames it into place: a concurrent maker's entry wins, ours is dropped. */
function publish(tmp: string, final: string) {
  try {
    renameSync(tmp, final);
  } catch {
    rmSync(tmp, { recursive: true, force: true });
  }
}

const unique = () => `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`;

/** The fresh cluster as a data directory (made by initdb the first time). Read only: callers copy it. */
async function freshClusterDir(startParams: string[], root: string): Promise<string> {
  const final = join(root, `pglite-cluster-${cacheKey()}`);
  if (existsSync(join(final, 'PG_VERSION'))) return final;
  mkdirSync(root, { recursive: true });
  const tmp = join(root, `.tmp-cluster-${unique()}`);
  mkdirSync(tmp, { recursive: true });
  const init = new PGlite({ dataDir: tmp, startParams });
  await init.waitReady;
  await init.close();
  publish(tmp, final);
  return final;
}

/**
 * Fills a new data folder with a fresh cluster: the cache copied beside it, then renamed into place, so a copy that
 * fails half way leaves nothing behind. A folder that already holds files, a cache that cannot be made or read (a
 * read-only installation), or a failed copy: initdb runs in the folder, as without a cache (the same database, made
 * more slowly).
 */
export async function initDataDir(dataDir: string, startParams: string[], cacheDir?: string): Promise<void> {
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  const source = empty ? await freshClusterDir(startParams, cacheDir ?? defaultCacheRoot()).catch(() => null) : null;
  if (source) {
    const copy = `${dataDir}.copy-${unique()}`;
    try {
      cpSync(source, copy, { recursive: true, errorOnExist: true, force: false });
      // The folder is empty (checked above): removed so that the copy can take its name.
      if (existsSync(dataDir)) rmdirSync(dataDir);
      renameSync(copy, dataDir);
      return;
    } catch {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const init = new PGlite({ dataDir, startParams });
  await init.waitReady;
  await init.close();
}

const memoryImages = new Map<string, Promise<Blob | null>>();

/** The fresh cluster as the tar PGlite loads into memory (kept in this process too); null when it cannot be made (then initdb runs). */
export function freshClusterImage(startParams: string[], cacheDir?: string): Promise<Blob | null> {
  const root = cacheDir ?? defaultCacheRoot();
  let image = memoryImages.get(root);
  if (!image) {
    image = (async () => {
      try {
        const final = join(root, `pglite-cluster-${cacheKey()}.tar`);
        if (!existsSync(final)) {
          mkdirSync(root, { recursive: true });
          const init = new PGlite({ startParams });
          await init.waitReady;
          // Everything initdb wrote is in the data files before they are copied (no WAL left to replay).
          await init.exec('checkpoint');
          const dump = await init.dumpDataDir('none');
          await init.close();
          const tmp = join(root, `.tmp-image-${unique()}`);
          writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
          publish(tmp, final);
        }
        return new Blob([readFileSync(final)]);
      } catch {
        return null;
      }
    })();
    memoryImages.set(root, image);
  }
  return image;
}
