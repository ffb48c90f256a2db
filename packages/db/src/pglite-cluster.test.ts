import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { freshClusterImage, initDataDir } from './pglite-cluster.ts';

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
    await initDataDir(first, startParams, cache);
    const cached = readdirSync(cache).filter((n) => n.startsWith('pglite-cluster-') && !n.endsWith('.tar'));
    expect(cached).toHaveLength(1);
    expect(existsSync(join(cache, cached[0]!, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(first, 'PG_VERSION'))).toBe(true);

    const second = join(root, 'second');
    await initDataDir(second, startParams, cache);
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
    await initDataDir(dir, startParams, cache);
    expect(readFileSync(join(dir, 'README.txt'), 'utf8')).toBe('kept');
    const db = new PGlite({ dataDir: dir, startParams });
    expect(await answers(db)).toBe('one');
    await db.close();
    // Nothing left beside it by a copy.
    expect(readdirSync(root).filter((n) => n.includes('.copy-'))).toEqual([]);
  }, 120_000);
});
