import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { clusterImage, freshClusterImage, initDataDir, type Preparation } from './pglite-cluster.ts';

const root = mkdtempSync(join(tmpdir(), 'covenant-cluster-test-'));
const cache = join(root, 'cache');
const startParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

async function answers(db: PGlite) {
  await db.exec('create table t (id int primary key, note text)');
  await db.query('insert into t values ($1, $2)', [1, 'one']);
  return (await db.query<{ note: string }>('select note from t where id = 1')).rows[0]?.note;
}

describe('new embedded databases start from a copy of a fresh cluster', () => {
  it('the first data folder is made by initdb into the cache and copied; the next is copied; each is a working, separate database', async () => {
    const first = join(root, 'first');
    expect(await initDataDir(first, startParams, cache)).toBe('fresh');
    const cached = readdirSync(cache).filter((n) => n.startsWith('pglite-cluster-') && !n.endsWith('.tar'));
    expect(cached).toHaveLength(1);
    expect(existsSync(join(cache, cached[0]!, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(first, 'PG_VERSION'))).toBe(true);

    const second = join(root, 'second');
    expect(await initDataDir(second, startParams, cache)).toBe('fresh');
    for (const dir of [first, second]) {
      const db = new PGlite({ dataDir: dir, startParams });
      expect(await answers(db)).toBe('one');
      await db.close();
    }
    // The cache itself was never opened as a database: it holds what initdb wrote and nothing since.
    const pristine = new PGlite({ dataDir: join(cache, cached[0]!), startParams });
    expect((await pristine.query<{ n: number }>(`select count(*)::int as n from pg_class where relname = 't'`)).rows[0]?.n).toBe(0);
    await pristine.close();
  }, 120_000);

  it('in memory: the cached image loads, and two databases from it do not share anything', async () => {
    const image = await freshClusterImage(startParams, cache);
    expect(image).not.toBeNull();
    expect(readdirSync(cache).some((n) => n.endsWith('.tar'))).toBe(true);
    const a = new PGlite({ startParams, loadDataDir: image! });
    const b = new PGlite({ startParams, loadDataDir: image! });
    expect(await answers(a)).toBe('one');
    expect((await b.query<{ n: number }>(`select count(*)::int as n from pg_class where relname = 't'`)).rows[0]?.n).toBe(0);
    await a.close();
    await b.close();
  }, 120_000);

  it('a folder that already holds files is not copied into: initdb makes the cluster there, as without a cache, and the files stay', async () => {
    const dir = join(root, 'occupied');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'README.txt'), 'kept');
    expect(await initDataDir(dir, startParams, cache)).toBe('initdb');
    expect(readFileSync(join(dir, 'README.txt'), 'utf8')).toBe('kept');
    const db = new PGlite({ dataDir: dir, startParams });
    expect(await answers(db)).toBe('one');
    await db.close();
    // Nothing left beside it by a copy.
    expect(readdirSync(root).filter((n) => n.includes('.copy-'))).toEqual([]);
  }, 120_000);

  it('a preparation runs once, on a copy of the fresh cluster; every new database is then a copy of its result, on disk and in memory', async () => {
    let runs = 0;
    const preparation: Preparation = {
      key: 'test-prepared-1',
      async prepare(db) {
        runs++;
        await db.exec(`create table prepared (id int primary key); insert into prepared values (${runs})`);
      },
    };
    const dirs = [join(root, 'p1'), join(root, 'p2')];
    for (const dir of dirs) expect(await initDataDir(dir, startParams, cache, preparation)).toBe('prepared');
    const made = await clusterImage(startParams, cache, preparation);
    expect(made?.kind).toBe('prepared');
    expect(runs).toBe(2); // once for the data folders' cache, once for the in-memory image
    const dbs = [...dirs.map((dataDir) => new PGlite({ dataDir, startParams })), new PGlite({ startParams, loadDataDir: made!.image })];
    for (const db of dbs) {
      expect((await db.query<{ id: number }>('select id from prepared')).rows.map((r) => r.id)).toHaveLength(1);
      await db.close();
    }
    // The fresh cluster stays fresh: a database made without the preparation has no such table.
    const plain = join(root, 'plain');
    expect(await initDataDir(plain, startParams, cache)).toBe('fresh');
    const db = new PGlite({ dataDir: plain, startParams });
    expect((await db.query<{ t: string | null }>(`select to_regclass('prepared')::text as t`)).rows[0]?.t).toBeNull();
    await db.close();
  }, 120_000);

  it('a preparation that fails leaves no cache entry and the database is made fresh (migrate() then reports the failure)', async () => {
    const failing: Preparation = { key: 'test-failing', prepare: async () => { throw new Error('bad migration'); } };
    expect(await initDataDir(join(root, 'f1'), startParams, cache, failing)).toBe('fresh');
    expect(readdirSync(cache).filter((n) => n.includes('test-failing') || n.startsWith('.tmp-'))).toEqual([]);
    expect((await clusterImage(startParams, cache, failing))?.kind).toBe('fresh');
  }, 120_000);
});
