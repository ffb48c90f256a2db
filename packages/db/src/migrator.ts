import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHARED_SCHEMA } from './schema/shared.ts';

/**
 * Our own migrator, for a database with many schemas: the shared schema's migrations (migrations-shared) run once;
 * the association migrations (migrations) run in each association's schema, with the search path set to that
 * schema, so the same SQL makes the same tables in every one of them. Each schema records what it has applied in
 * its own `__migrations` table. drizzle-kit writes the files; their `"public".` qualifiers (drizzle-kit names
 * every object's schema) are dropped so that each statement lands in the schema being migrated.
 */

export interface Migration {
  idx: number;
  tag: string;
  /** drizzle-kit's journal timestamp: how the legacy single-schema migrator recorded it. */
  when: number;
  hash: string;
  statements: string[];
}

/** One connection's worth of SQL, inside the migration's transaction. */
export interface MigrationRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** Several statements in one round trip (no parameters). */
  exec(text: string): Promise<void>;
}

/** The migrations of a folder in order, read from drizzle-kit's journal and the SQL files. */
export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ idx: number; tag: string; when: number }> };
  return journal.entries
    .sort((a, b) => a.idx - b.idx)
    .map((e) => {
      const text = readFileSync(join(folder, `${e.tag}.sql`), 'utf8');
      return {
        idx: e.idx, tag: e.tag, when: e.when, hash: createHash('sha256').update(text).digest('hex'),
        statements: text.split('--> statement-breakpoint').map((s) => s.trim()).filter((s) => s.length > 0),
      };
    });
}

/** The schema of an association: `app_` and its app id, hyphens as underscores (app ids are lowercase letters, digits, hyphens). */
export function schemaOfAppId(appId: string): string {
  if (!/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/.test(appId)) throw new Error(`'${appId}' is not an app id: 3 to 40 lowercase letters, digits and hyphens`);
  return `app_${appId.replace(/-/g, '_')}`;
}

/** A schema name as an SQL identifier; only names this module made (letters, digits, underscores) are accepted. */
export function quoteSchema(schema: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`'${schema}' is not a schema name this instance makes`);
  return `"${schema}"`;
}

/** The search path of an association's work: its own schema only (shared tables are always named with theirs). */
export const searchPathOf = (schema: string) => quoteSchema(schema);

const stripPublic = (statement: string) => statement.replaceAll('"public".', '');

async function appliedIn(run: MigrationRunner, schema: string): Promise<Set<number>> {
  await run.query(`create table if not exists ${quoteSchema(schema)}.__migrations (idx integer primary key, tag text not null, hash text not null, applied_at timestamptz not null default now())`);
  const rows = await run.query<{ idx: number }>(`select idx from ${quoteSchema(schema)}.__migrations`);
  return new Set(rows.map((r) => Number(r.idx)));
}

async function applyPending(run: MigrationRunner, schema: string, migrations: readonly Migration[], transform: (s: string) => string): Promise<number> {
  const done = await appliedIn(run, schema);
  let applied = 0;
  for (const m of migrations) {
    if (done.has(m.idx)) continue;
    // A migration's statements in one round trip: a new association's schema is made in a few dozen, not hundreds.
    await run.exec(m.statements.map(transform).join(';\n'));
    await run.query(`insert into ${quoteSchema(schema)}.__migrations (idx, tag, hash) values ($1, $2, $3)`, [m.idx, m.tag, m.hash]);
    applied++;
  }
  return applied;
}

/** Applies the shared schema's pending migrations (the first creates the schema itself). */
export async function migrateShared(run: MigrationRunner, migrations: readonly Migration[]): Promise<number> {
  const [exists] = await run.query<{ n: number }>(`select count(*)::int as n from pg_namespace where nspname = $1`, [SHARED_SCHEMA]);
  if (!exists?.n) {
    // The first migration creates the schema; its record goes in once the schema exists.
    for (const statement of migrations[0]!.statements) await run.query(statement);
    await appliedIn(run, SHARED_SCHEMA);
    await run.query(`insert into ${quoteSchema(SHARED_SCHEMA)}.__migrations (idx, tag, hash) values ($1, $2, $3)`, [migrations[0]!.idx, migrations[0]!.tag, migrations[0]!.hash]);
    return 1 + (await applyPending(run, SHARED_SCHEMA, migrations, (s) => s));
  }
  return applyPending(run, SHARED_SCHEMA, migrations, (s) => s);
}

/**
 * Makes an association's schema (when new) and applies its pending migrations in it; records its version in the
 * registry row, which must exist. `association_info` names the schema's app id for its views and triggers.
 */
export async function migrateAssociation(run: MigrationRunner, schema: string, appId: string, migrations: readonly Migration[]): Promise<number> {
  await run.query(`create schema if not exists ${quoteSchema(schema)}`);
  await run.query(`create table if not exists ${quoteSchema(schema)}.association_info (app_id text primary key)`);
  await run.query(`insert into ${quoteSchema(schema)}.association_info (app_id) values ($1) on conflict do nothing`, [appId]);
  await run.query(`select set_config('search_path', $1, true)`, [searchPathOf(schema)]);
  const applied = await applyPending(run, schema, migrations, stripPublic);
  await run.query(`update ${quoteSchema(SHARED_SCHEMA)}.associations set schema_version = (select count(*) from ${quoteSchema(schema)}.__migrations) where app_id = $1`, [appId]);
  return applied;
}

/**
 * A database made by the single-association versions (every table in `public`, drizzle's own migrations table):
 * its schema becomes the first association's, keeping every record and what was applied. True when it did so.
 */
export async function adoptLegacySchema(run: MigrationRunner, schema: string, migrations: readonly Migration[]): Promise<boolean> {
  const [legacy] = await run.query<{ owners: string | null; journal: string | null }>(
    `select to_regclass('public.owners')::text as owners, to_regclass('drizzle.__drizzle_migrations')::text as journal`,
  );
  if (!legacy?.owners) return false;
  await run.query(`alter schema public rename to ${quoteSchema(schema)}`);
  await run.query('create schema public');
  const byWhen = new Map(migrations.map((m) => [String(m.when), m]));
  const legacyDone = legacy.journal ? await run.query<{ created_at: string }>('select created_at::text as created_at from drizzle.__drizzle_migrations') : [];
  await appliedIn(run, schema);
  for (const row of legacyDone) {
    const m = byWhen.get(String(row.created_at));
    if (m) await run.query(`insert into ${quoteSchema(schema)}.__migrations (idx, tag, hash) values ($1, $2, $3) on conflict do nothing`, [m.idx, m.tag, m.hash]);
  }
  return true;
}
