/**
 * Restoring a backup into the association it was taken from adds its records (the Backup screen's own flow): the
 * records with a natural key that the association already has (the day's scheduled run, the stage of a number of
 * days) are kept as they are and the file's records refer to them, instead of the whole restore failing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { token: string };
const count = async (table: string) => ((await t.systemCtx().db.execute(sql.raw(`select count(*)::int as n from ${table}`))).rows[0] as { n: number }).n;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('restore into the same association', () => {
  it('keeps the day\'s scheduled run and the stage of the same days, and restores the rest', async () => {
    const stage = await t.call('POST', '/entities/CollectionStage', {
      token: admin.token, body: { name: 'Reminder', days_past_due: 30, letter_subject: 'Past due', letter_body: 'Dear {{owner_name}}' },
    });
    expect(stage.statusCode, stage.body).toBe(200);
    // The scheduler's run of today (what it writes even when there is nothing to bill).
    await t.systemCtx().db.execute(sql`insert into charge_runs (id, job, as_of, trigger, count, total) values ('run-of-the-day', 'assessments', '2026-11-28', 'scheduler', 0, 0)`);
    const backup = await t.call('POST', '/functions/createBackup', { token: admin.token, body: {} });
    expect(backup.statusCode, backup.body.slice(0, 300)).toBe(200);
    const file = backup.json() as { backup?: unknown } & Record<string, unknown>;
    const restored = await t.call('POST', '/functions/restoreBackup', { token: admin.token, body: { backup: file.backup ?? file } });
    expect(restored.statusCode, restored.body.slice(0, 500)).toBe(200);
    expect(await count('charge_runs')).toBe(1);
    expect(await count('collection_stages')).toBe(1);
    const [kept] = (await t.systemCtx().db.execute(sql`select name, days_past_due from collection_stages`)).rows as Array<{ name: string; days_past_due: number }>;
    expect(kept).toEqual({ name: 'Reminder', days_past_due: 30 });
    expect((await t.call('GET', '/ledger/verify', { token: admin.token })).json()).toMatchObject({ ok: true });
  });
});
