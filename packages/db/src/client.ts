import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { createHash } from 'node:crypto';
import { clusterImage, initDataDir, type Preparation } from './pglite-cluster.ts';
import { adoptLegacySchema, migrateAssociation, migrateShared, quoteSchema, readMigrations, schemaOfAppId, searchPathOf, type Migration, type MigrationRunner } from './migrator.ts';
import { schema, type Schema } from './schema/index.ts';
import { SHARED_SCHEMA } from './schema/shared.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Db = PgDatabase<PgQueryResultHKT & any, Schema>;

export interface DbHandle {
  /**
   * Queries of the shared schema (people, sign-ins, memberships, the association registry), whose tables are named
   * with their schema. Its search path is the shared schema: an association table named without a schema fails
   * here instead of reaching some association.
   */
  db: Db;
  kind: 'pglite' | 'postgres';
  /** A database whose every query runs in the given association schema (cached: one per schema). */
  inSchema(schema: string): Db;
  /** Brings the database up to date: the shared schema, then each association's (see prepareDatabase). */
  migrate(opts: MigrateOptions): Promise<MigrateReport>;
  /** Applies the association migrations to one schema (a new association, or one behind). */
  migrateAssociation(appId: string, schema: string): Promise<number>;
  /** Drops an association's schema with everything in it (a creation that failed half way). */
  dropSchema(schema: string): Promise<void>;
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
  /** Where the fresh cluster a new PGlite database is copied from is kept (pglite-cluster.ts; its default when omitted). */
  pgliteCacheDir?: string | undefined;
  /**
   * The first association migrate() will be given: a new PGlite database is then a copy of a cluster already
   * migrated for it (cached per migration set and association), and migrate() finds nothing left to do.
   */
  prepareFor?: MigrateOptions | undefined;
  /** Told about errors of idle pooled connections (PostgreSQL). */
  onIdleError?: (err: Error) => void;
  /** Where the migrations are when this module runs from a bundle rather than from its source folder. */
  migrationsFolder?: string | undefined;
  sharedMigrationsFolder?: string | undefined;
}

export interface MigrateOptions {
  /** The association of an instance's first start (APP_ID); a database of the single-association versions becomes it. */
  firstAppId: string;
  firstName: string;
}

export interface MigrateReport {
  /** The first start: the first association was made, or adopted from a database of an earlier version. */
  first: 'created' | 'adopted' | null;
  associations: number;
  /** Associations whose schema had pending migrations. */
  migrated: number;
}

// PGlite zeroes its shared buffers when it starts, so all of them are resident from the first second
// (initdb's 128MB); its data files sit in the operating system's page cache anyway.
const PGLITE_SHARED_BUFFERS = '32MB';

const sourceMigrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));
const sourceSharedFolder = fileURLToPath(new URL('../migrations-shared', import.meta.url));

// Money and dates stay strings from the driver: NUMERIC is exact, DATE has no time zone.
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => v);
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

const SEARCH_PATH = Symbol('covenant search path');
type TaggedClient = pg.PoolClient & { [SEARCH_PATH]?: string };

/**
 * A pool whose connections run in one schema: a connection serving another schema has its search path set (once,
 * outside any transaction) before it is handed out. Still a pg.Pool to drizzle (transactions take a connection).
 */
function poolInSchema(pool: pg.Pool, path: string): pg.Pool {
  const wrapped = Object.create(pool) as pg.Pool;
  const checkout = async (): Promise<pg.PoolClient> => {
    const client = (await pool.connect()) as TaggedClient;
    if (client[SEARCH_PATH] !== path) {
      try {
        await client.query('select set_config($1, $2, false)', ['search_path', path]);
      } catch (err) {
        client.release(err as Error);
        throw err;
      }
      client[SEARCH_PATH] = path;
    }
    return client;
  };
  Object.assign(wrapped, {
    connect: checkout,
    async query(config: unknown, values?: unknown) {
      const client = await checkout();
      try {
        return await client.query(config as string, values as unknown[]);
      } finally {
        client.release();
      }
    },
  });
  return wrapped;
}

/** PGlite is one connection: every schema's work takes turns here, each setting the search path it needs first. */
class PgliteSchemas {
  private tail: Promise<unknown> = Promise.resolve();
  private current: string | null = null;
  constructor(private readonly client: PGlite) {}

  private exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async enter(path: string) {
    if (this.current === path) return;
    await this.client.query('select set_config($1, $2, false)', ['search_path', path]);
    this.current = path;
  }

  /** The client drizzle sees for one schema: query and transaction, each run in that schema. */
  clientFor(path: string): PGlite {
    return {
      query: (text: string, params?: unknown[], options?: unknown) =>
        this.exclusive(async () => {
          await this.enter(path);
          return this.client.query(text, params, options as never);
        }),
      transaction: <T>(fn: (tx: unknown) => Promise<T>) =>
        this.exclusive(async () => {
          await this.enter(path);
          return this.client.transaction(fn as never) as Promise<T>;
        }),
    } as unknown as PGlite;
  }
}

/** Opens the database (PGlite or PostgreSQL); prepareDatabase or migrate() brings it up to date. */
export async function createDb(config: DbConfig): Promise<DbHandle> {
  const migrationsFolder = config.migrationsFolder ?? sourceMigrationsFolder;
  const sharedFolder = config.sharedMigrationsFolder ?? sourceSharedFolder;
  const migrations = readMigrations(migrationsFolder);
  const sharedMigrations = readMigrations(sharedFolder);
  const sharedPath = searchPathOf(SHARED_SCHEMA);
  const cache = new Map<string, Db>();
  /** How a new embedded database was made (pglite-cluster.ts); null for one that existed, and for PostgreSQL. */
  let madeFrom: 'prepared' | 'fresh' | 'initdb' | null = null;
  let handle: Omit<DbHandle, 'migrate' | 'migrateAssociation' | 'inSchema' | 'db' | 'dropSchema'> & {
    db: Db;
    inTransaction<T>(fn: (run: MigrationRunner) => Promise<T>): Promise<T>;
    make(path: string): Db;
  };
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
    pool.on('error', (err) => config.onIdleError?.(err));
    const exclusive = <T>(name: string, fn: () => Promise<T>) => holdingLock(pool, name, fn);
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: pool.options.max ?? 10 });
    const make = (path: string) => drizzlePg({ client: poolInSchema(pool, path), schema }) as unknown as Db;
    handle = {
      db: make(sharedPath), kind: 'postgres', close: () => pool.end(), poolStats, exclusive, make,
      async inTransaction(fn) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          const result = await fn({
            query: async (text, params) => (await client.query(text, params)).rows,
            exec: async (text) => void (await client.query(text)),
          });
          await client.query('commit');
          return result;
        } catch (err) {
          await client.query('rollback').catch(() => undefined);
          throw err;
        } finally {
          // The transaction's search path was local to it; the connection goes back as it came.
          client.release();
        }
      },
    };
  } else {
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    // A new database is a copy of a cached cluster (pglite-cluster.ts) rather than initdb's run and every migration
    // each time: prepared for its first association when the caller names it, else fresh from initdb.
    const preparation = config.prepareFor ? preparationFor(config.prepareFor, migrations, sharedMigrations, sharedPath) : undefined;
    let client: PGlite;
    if (config.pgliteDir) {
      if (!existsSync(join(config.pgliteDir, 'PG_VERSION'))) madeFrom = await initDataDir(config.pgliteDir, startParams, config.pgliteCacheDir, preparation);
      client = new PGlite({ dataDir: config.pgliteDir, startParams });
    } else {
      const made = await clusterImage(startParams, config.pgliteCacheDir, preparation);
      madeFrom = made?.kind ?? 'initdb';
      client = new PGlite({ startParams, ...(made ? { loadDataDir: made.image } : {}) });
    }
    const schemas = new PgliteSchemas(client);
    const make = (path: string) => drizzlePglite({ client: schemas.clientFor(path), schema }) as unknown as Db;
    handle = {
      db: make(sharedPath), kind: 'pglite', close: () => client.close(), exclusive: (_name, fn) => fn(), make,
      inTransaction: (fn) =>
        schemas.clientFor(sharedPath).transaction(async (tx: unknown) => {
          const t = tx as { query: (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>; exec: (text: string) => Promise<unknown> };
          return fn({ query: async (text, params) => (await t.query(text, params)).rows as never, exec: async (text) => void (await t.exec(text)) });
        }),
    };
  }
  const h = handle;
  const inSchema = (schemaName: string): Db => {
    let db = cache.get(schemaName);
    if (!db) {
      db = h.make(searchPathOf(schemaName));
      cache.set(schemaName, db);
    }
    return db;
  };
  const migrateOne = (appId: string, schemaName: string) => h.inTransaction((run) => migrateAssociation(run, schemaName, appId, migrations));
  return {
    db: h.db, kind: h.kind, close: h.close, poolStats: h.poolStats, exclusive: h.exclusive, inSchema,
    migrateAssociation: migrateOne,
    dropSchema: (schemaName) => h.inTransaction(async (run) => void (await run.query(`drop schema if exists ${quoteSchema(schemaName)} cascade`))),
    migrate: (opts) =>
      h.exclusive('covenant:migrations', async () => {
        // A copy of a prepared cluster holds its first association already: its rows get this moment's time (made
        // now, not when the cache was), and the start reports the association as created, as a migrated one would.
        const copied = madeFrom === 'prepared';
        madeFrom = null;
        if (copied) await h.inTransaction((run) => restamp(run, [SHARED_SCHEMA, schemaOfAppId(opts.firstAppId)]));
        const report = await prepareDatabase(h.inTransaction, migrations, sharedMigrations, opts, migrateOne);
        return copied && report.first === null ? { ...report, first: 'created' as const } : report;
      }),
  };
}

/** The preparation of new embedded databases for their first association: the migrations, as migrate() runs them. */
function preparationFor(opts: MigrateOptions, migrations: readonly Migration[], sharedMigrations: readonly Migration[], sharedPath: string): Preparation {
  const key = createHash('sha256')
    .update(JSON.stringify({ shared: sharedMigrations.map((m) => m.hash), association: migrations.map((m) => m.hash), app: opts.firstAppId, name: opts.firstName }))
    .digest('hex')
    .slice(0, 20);
  return {
    key,
    async prepare(client) {
      await client.query('select set_config($1, $2, false)', ['search_path', sharedPath]);
      const inTransaction = <T>(fn: (run: MigrationRunner) => Promise<T>) =>
        client.transaction((tx) => fn({ query: async (text, params) => (await tx.query(text, params)).rows as never, exec: async (text) => void (await tx.exec(text)) }));
      const migrateOne = (appId: string, schemaName: string) => inTransaction((run) => migrateAssociation(run, schemaName, appId, migrations));
      await prepareDatabase(inTransaction, migrations, sharedMigrations, opts, migrateOne);
    },
  };
}

/** The time columns of the rows in the schemas (a prepared copy's few) set to now: the database was made now. */
async function restamp(run: MigrationRunner, schemas: string[]): Promise<void> {
  const columns = await run.query<{ table_schema: string; table_name: string; column_name: string }>(
    `select c.table_schema, c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
      where c.table_schema = any($1::text[]) and c.column_name in ('created_date', 'updated_date', 'applied_at')
      order by 1, 2, 3`,
    [`{${schemas.join(',')}}`],
  );
  if (columns.length === 0) return;
  const q = (name: string) => `"${name.replace(/"/g, '""')}"`;
  const tableOf = (c: { table_schema: string; table_name: string }) => `${q(c.table_schema)}.${q(c.table_name)}`;
  // Only tables with rows (found in one statement): an update of none would still fire the statement triggers
  // that guard some tables.
  const [withRows] = await run.query<Record<string, boolean>>(`select ${columns.map((c, i) => `exists (select 1 from ${tableOf(c)}) as t${i}`).join(', ')}`);
  for (const [i, c] of columns.entries()) if (withRows?.[`t${i}`]) await run.exec(`update ${tableOf(c)} set ${q(c.column_name)} = now()`);
}

/**
 * Brings a database up to date: the shared schema's migrations; on the first start, the first association (a
 * database of the single-association versions is adopted as it: its schema renamed, nothing copied); then every
 * association whose schema is behind. With every schema up to date this is two small queries.
 */
async function prepareDatabase(
  inTransaction: <T>(fn: (run: MigrationRunner) => Promise<T>) => Promise<T>,
  migrations: readonly Migration[],
  sharedMigrations: readonly Migration[],
  opts: MigrateOptions,
  migrateOne: (appId: string, schema: string) => Promise<number>,
): Promise<MigrateReport> {
  const first = await inTransaction(async (run) => {
    await migrateShared(run, sharedMigrations);
    const [{ n }] = (await run.query<{ n: number }>(`select count(*)::int as n from ${quoteSchema(SHARED_SCHEMA)}.associations`)) as [{ n: number }];
    if (n > 0) return null;
    const schemaName = schemaOfAppId(opts.firstAppId);
    const adopted = await adoptLegacySchema(run, schemaName, migrations);
    let name = opts.firstName;
    if (adopted) {
      const [org] = await run.query<{ company_name: string | null }>(`select company_name from ${quoteSchema(schemaName)}.org_settings limit 1`).catch(() => []);
      name = org?.company_name || name;
    }
    await run.query(`insert into ${quoteSchema(SHARED_SCHEMA)}.associations (app_id, schema_name, name) values ($1, $2, $3)`, [opts.firstAppId, schemaName, name]);
    return adopted ? ('adopted' as const) : ('created' as const);
  });
  const behind = await inTransaction((run) =>
    run.query<{ app_id: string; schema_name: string }>(
      `select app_id, schema_name from ${quoteSchema(SHARED_SCHEMA)}.associations where schema_version < $1 order by created_date, app_id`,
      [migrations.length],
    ),
  );
  for (const a of behind) await migrateOne(a.app_id, a.schema_name);
  const [{ n }] = (await inTransaction((run) => run.query<{ n: number }>(`select count(*)::int as n from ${quoteSchema(SHARED_SCHEMA)}.associations`))) as [{ n: number }];
  return { first, associations: n, migrated: behind.length };
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
