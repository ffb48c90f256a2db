import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { schema, type Schema } from './schema/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;

export interface DbHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** Connections of the PostgreSQL pool (metrics); PGlite has a single in-process connection and no pool. */
  poolStats?: () => { total: number; idle: number; waiting: number; max: number };
  /** Runs fn while holding a database-wide named lock, so one process at a time does it (PGlite has one process). */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T>;
}

export interface DbConfig {
  /** A postgres:// URL; without it the embedded PGlite database is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; omitted means in memory (tests). */
  pgliteDir?: string | undefined;
  /** Told about errors of idle pooled connections (PostgreSQL). */
  onIdleError?: (err: Error) => void;
  /** Where the migrations are when this module runs from a bundle rather than from its source folder. */
  migrationsFolder?: string | undefined;
}

// PGlite zeroes its shared buffers when it starts, so all of them are resident from the first second
// (initdb's 128MB); its data files sit in the operating system's page cache anyway.
const PGLITE_SHARED_BUFFERS = '32MB';

const sourceMigrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

// Money and dates stay strings from the driver: NUMERIC is exact, DATE has no time zone.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/** Opens the database (PGlite or PostgreSQL) and applies every pending migration. */
export async function createDb(config: DbConfig): Promise<DbHandle> {
  const migrationsFolder = config.migrationsFolder ?? sourceMigrationsFolder;
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => config.onIdleError?.(err));
    const db = drizzlePg({ client: pool, schema });
    const exclusive = <T>(name: string, fn: () => Promise<T>) => holdingLock(pool, name, fn);
    // Several processes may start at once on one database: one applies the migrations, the others wait for it.
    await exclusive('covenant:migrations', () => migratePg(db, { migrationsFolder }));
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 });
    return { db: db as unknown as Db, kind: 'postgres', close: () => pool.end(), poolStats, exclusive };
  }
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  // The instance that runs initdb keeps initdb's memory for its whole life: a short-lived one creates the
  // data directory, and the server's own instance starts without that weight.
  if (config.pgliteDir && !existsSync(join(config.pgliteDir, 'PG_VERSION'))) {
    const init = new PGlite({ dataDir: config.pgliteDir, startParams });
    await init.waitReady;
    await init.close();
  }
  const client = new PGlite({ dataDir: config.pgliteDir, startParams });
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Db, kind: 'pglite', close: () => client.close(), exclusive: (_name, fn) => fn() };
}

/** A session-level advisory lock on its own connection, held while fn runs (its queries use other connections). */
async function holdingLock<T>(pool: pg.Pool, name: string, fn: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [name]);
    return await fn();
  } finally {
    await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    client.release();
  }
}

/** The embedded database's whole data directory as a tarball (with the server stopped: PGlite is one process). */
export async function dumpPgliteDir(dataDir: string): Promise<Uint8Array> {
  const client = new PGlite({ dataDir });
  try {
    await client.waitReady;
    const archive = await client.dumpDataDir('gzip');
    return new Uint8Array(await archive.arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Creates the embedded database's data directory from such a tarball; the directory must not exist yet. */
export async function loadPgliteDir(dataDir: string, tarball: Uint8Array): Promise<void> {
  const client = new PGlite({ dataDir, loadDataDir: new Blob([tarball as Uint8Array<ArrayBuffer>]) });
  await client.waitReady;
  await client.close();
}
