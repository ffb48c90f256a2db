import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/**
 * A new embedded database starts from a copy of a cached cluster instead of running initdb (PGlite's initdb is a
 * WebAssembly program that takes 3 to 5 seconds here, the copy a fraction of a second) and, when the caller says for
 * which first association, every migration. Two kinds of entries, each made once and then only copied:
 * - the fresh cluster: what initdb writes, the same for every database, keyed by the PGlite build that made it (an
 *   upgraded PGlite makes its own);
 * - a prepared cluster: a copy of the fresh one on which a Preparation ran (client.ts: the migrations of the first
 *   association), keyed also by what the preparation names (the migrations' hashes, the app id).
 * Data is never cached: everything after the preparation runs on the copy.
 *
 * Two forms of each: a data directory (copied into a new data folder: the server, the demo) and the tar file
 * PGlite loads into memory (`loadDataDir`: the tests' in-memory databases).
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

/**
 * Renames a cache entry made under a unique name into place. Two makers at once: a directory already in place stays
 * (ours is dropped); a file is replaced by ours, which is the same.
 */
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
 * What every new database of one kind is made into before its first use (the migrations of its first association):
 * done once on a copy of the fresh cluster and cached beside it under `key`, which names everything the result
 * depends on (the migrations' hashes, the association's app id and name). A copy of that prepared cluster is then the
 * new database, and its migrations find nothing to do.
 */
export interface Preparation {
  key: string;
  prepare(db: PGlite): Promise<void>;
}

/** Keeps the newest few prepared clusters (each migration set and app id makes its own) and drops the rest. */
const KEEP_PREPARED = 6;
function dropOldPrepared(root: string) {
  const entries = readdirSync(root)
    .filter((n) => n.startsWith('pglite-prepared-'))
    .map((n) => ({ n, at: statSync(join(root, n)).mtimeMs }))
    .sort((x, y) => y.at - x.at);
  for (const e of entries.slice(KEEP_PREPARED)) rmSync(join(root, e.n), { recursive: true, force: true });
}

async function preparedClusterDir(startParams: string[], root: string, preparation: Preparation): Promise<string> {
  const final = join(root, `pglite-prepared-${cacheKey()}-${preparation.key}`);
  if (existsSync(join(final, 'PG_VERSION'))) return final;
  const fresh = await freshClusterDir(startParams, root);
  const tmp = join(root, `.tmp-prepared-${unique()}`);
  try {
    cpSync(fresh, tmp, { recursive: true });
    const db = new PGlite({ dataDir: tmp, startParams });
    try {
      await preparation.prepare(db);
    } finally {
      await db.close();
    }
  } catch (err) {
    rmSync(tmp, { recursive: true, force: true });
    throw err;
  }
  publish(tmp, final);
  dropOldPrepared(root);
  return final;
}

/**
 * Fills a new data folder with a copy of the cached cluster, prepared when a preparation is given (else fresh):
 * copied beside the folder, then renamed into place, so a copy that fails half way leaves nothing behind. Answers
 * what the folder now holds: 'prepared', 'fresh', or 'initdb' when the cache could not be made or read (a read-only
 * installation), the folder already held files, or the copy failed (initdb ran in the folder, as without a cache).
 */
export async function initDataDir(dataDir: string, startParams: string[], cacheDir?: string, preparation?: Preparation): Promise<'prepared' | 'fresh' | 'initdb'> {
  const root = cacheDir ?? defaultCacheRoot();
  const empty = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
  const sources: Array<{ kind: 'prepared' | 'fresh'; dir: () => Promise<string> }> = [
    ...(preparation ? [{ kind: 'prepared' as const, dir: () => preparedClusterDir(startParams, root, preparation) }] : []),
    { kind: 'fresh', dir: () => freshClusterDir(startParams, root) },
  ];
  for (const source of empty ? sources : []) {
    const dir = await source.dir().catch(() => null);
    if (!dir) continue;
    const copy = `${dataDir}.copy-${unique()}`;
    try {
      cpSync(dir, copy, { recursive: true, errorOnExist: true, force: false });
      // The folder is empty (checked above): removed so that the copy can take its name.
      if (existsSync(dataDir)) rmdirSync(dataDir);
      renameSync(copy, dataDir);
      return source.kind;
    } catch {
      rmSync(copy, { recursive: true, force: true });
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const init = new PGlite({ dataDir, startParams });
  await init.waitReady;
  await init.close();
  return 'initdb';
}

const memoryImages = new Map<string, Promise<Blob | null>>();

/** A tar file of the cache, made once by `make` (and kept in this process too); null when it cannot be made. */
function cachedImage(root: string, name: string, make: () => Promise<Blob>): Promise<Blob | null> {
  const final = join(root, name);
  let image = memoryImages.get(final);
  if (!image) {
    image = (async () => {
      try {
        if (!existsSync(final)) {
          mkdirSync(root, { recursive: true });
          const dump = await make();
          const tmp = join(root, `.tmp-image-${unique()}`);
          writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
          publish(tmp, final);
          if (name.startsWith('pglite-prepared-')) dropOldPrepared(root);
        }
        return new Blob([readFileSync(final)]);
      } catch {
        return null;
      }
    })();
    memoryImages.set(final, image);
  }
  return image;
}

/** Everything written is in the data files before they are copied (no WAL left to replay). */
async function dumpOf(db: PGlite): Promise<Blob> {
  await db.exec('checkpoint');
  return db.dumpDataDir('none');
}

/** The fresh cluster as the tar PGlite loads into memory; null when it cannot be made (then initdb runs). */
export function freshClusterImage(startParams: string[], cacheDir?: string): Promise<Blob | null> {
  return cachedImage(cacheDir ?? defaultCacheRoot(), `pglite-cluster-${cacheKey()}.tar`, async () => {
    const init = new PGlite({ startParams });
    try {
      return await dumpOf(init);
    } finally {
      await init.close();
    }
  });
}

/**
 * The tar of a new in-memory database: the prepared cluster when a preparation is given and it can be made, else the
 * fresh one; null when neither can be made (then initdb runs).
 */
export async function clusterImage(startParams: string[], cacheDir?: string, preparation?: Preparation): Promise<{ image: Blob; kind: 'prepared' | 'fresh' } | null> {
  const root = cacheDir ?? defaultCacheRoot();
  const fresh = await freshClusterImage(startParams, root);
  if (!fresh) return null;
  if (preparation) {
    const prepared = await cachedImage(root, `pglite-prepared-${cacheKey()}-${preparation.key}.tar`, async () => {
      const db = new PGlite({ startParams, loadDataDir: fresh });
      try {
        await preparation.prepare(db);
        return await dumpOf(db);
      } finally {
        await db.close();
      }
    });
    if (prepared) return { image: prepared, kind: 'prepared' };
  }
  return { image: fresh, kind: 'fresh' };
}
