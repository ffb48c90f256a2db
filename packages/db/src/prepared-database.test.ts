import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb, type DbHandle } from './client.ts';

/**
 * A new embedded database prepared for its first association (createDb's `prepareFor`) is a copy of a cluster the
 * migrations ran on once: it must be the database the migrations would have made, made now.
 */
const root = mkdtempSync(join(tmpdir(), 'covenant-prepared-test-'));
const first = { firstAppId: 'prepared-test', firstName: 'Prepared Test' };
const open: DbHandle[] = [];
afterAll(async () => {
  for (const db of open) await db.close();
  rmSync(root, { recursive: true, force: true });
});

async function made(opts: { prepared: boolean; dir?: string }) {
  const db = await createDb({ pgliteCacheDir: join(root, 'cache'), pgliteDir: opts.dir, ...(opts.prepared ? { prepareFor: first } : {}) });
  open.push(db);
  const report = await db.migrate(first);
  return { db, report };
}

/** Every object of the two schemas as the catalog defines it: tables and columns, indexes, constraints, triggers, functions (with their settings), views. */
async function catalog(db: DbHandle): Promise<string[]> {
  const rows = (await db.db.execute(sql`
    select concat_ws(' | ', 'column', table_schema, table_name, column_name, data_type, column_default, is_nullable) as d from information_schema.columns where table_schema in ('covenant', 'app_prepared_test')
    union all select concat_ws(' | ', 'index', schemaname, tablename, indexdef) from pg_indexes where schemaname in ('covenant', 'app_prepared_test')
    union all select concat_ws(' | ', 'constraint', n.nspname, c.conname, pg_get_constraintdef(c.oid)) from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname in ('covenant', 'app_prepared_test')
    union all select concat_ws(' | ', 'trigger', n.nspname, r.relname, pg_get_triggerdef(t.oid)) from pg_trigger t join pg_class r on r.oid = t.tgrelid join pg_namespace n on n.oid = r.relnamespace where not t.tgisinternal and n.nspname in ('covenant', 'app_prepared_test')
    union all select concat_ws(' | ', 'function', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid), md5(p.prosrc), array_to_string(p.proconfig, ',')) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname in ('covenant', 'app_prepared_test')
    union all select concat_ws(' | ', 'view', schemaname, viewname, md5(definition)) from pg_views where schemaname in ('covenant', 'app_prepared_test')
    order by 1`)).rows as Array<{ d: string }>;
  return rows.map((r) => r.d);
}

describe('a database prepared for its first association', () => {
  it('is the database the migrations make: the same catalog, the same registry, migrations recorded, stamped when it was made', async () => {
    const migrated = await made({ prepared: false });
    expect(migrated.report.first).toBe('created');
    // The first prepared databases make the caches (in memory, on disk); the next are copies of them, made later.
    await made({ prepared: true });
    await made({ prepared: true, dir: join(root, 'data-1') });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const startedAt = Date.now();
    const inMemory = await made({ prepared: true });
    const copy = await made({ prepared: true, dir: join(root, 'data-2') });
    for (const c of [inMemory, copy]) expect(c.report).toEqual({ first: 'created', associations: 1, migrated: 0 });

    const expected = await catalog(migrated.db);
    expect(expected.length).toBeGreaterThan(500);
    expect(expected.some((d) => d.includes('users_write') && d.includes('search_path="app_prepared_test"'))).toBe(true);
    expect(await catalog(copy.db)).toEqual(expected);
    expect(await catalog(inMemory.db)).toEqual(expected);
    const registry = async (db: DbHandle) => (await db.db.execute(sql`select app_id, schema_name, name, schema_version from covenant.associations`)).rows;
    expect(await registry(copy.db)).toEqual(await registry(migrated.db));
    const applied = async (db: DbHandle) => (await db.db.execute(sql`select idx, tag, hash from app_prepared_test.__migrations order by idx`)).rows;
    expect(await applied(copy.db)).toEqual(await applied(migrated.db));

    // Their rows carry the time each was made, not the caches'.
    for (const c of [inMemory, copy]) {
      const stamps = (await c.db.db.execute(sql`
        select (select created_date from covenant.associations) as created,
          (select min(applied_at) from app_prepared_test.__migrations) as applied,
          (select min(created_date) from app_prepared_test.funds) as funds`)).rows[0] as Record<string, string | Date>;
      for (const [what, at] of Object.entries(stamps)) expect(new Date(at).getTime(), what).toBeGreaterThanOrEqual(startedAt - 50);
    }
    // A second start of the same database is an ordinary one.
    expect(await copy.db.migrate(first)).toEqual({ first: null, associations: 1, migrated: 0 });
  }, 180_000);
});
