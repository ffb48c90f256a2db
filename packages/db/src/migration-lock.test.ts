import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkMigrations, recordNewMigrations } from './migration-lock.ts';

const real = fileURLToPath(new URL('../migrations', import.meta.url));
let temp: string | undefined;
const copy = () => {
  temp = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(real, temp, { recursive: true });
  return temp;
};
afterEach(() => {
  if (temp) rmSync(temp, { recursive: true, force: true });
  temp = undefined;
});

describe('committed migrations are locked', () => {
  it('the repository matches its lock', () => {
    expect(checkMigrations(real)).toEqual([]);
  });
  it('an edited migration is reported', () => {
    const dir = copy();
    appendFileSync(join(dir, '0004_ledger_account_totals_trigger_and_cover_index.sql'), '\n-- edited\n');
    expect(checkMigrations(dir)).toEqual([expect.stringMatching(/^0004_.*changed after it was committed/)]);
  });
  it('a removed migration and a changed journal timestamp are reported', () => {
    const dir = copy();
    rmSync(join(dir, '0001_ledger_integrity.sql'));
    const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8'));
    journal.entries[2].when += 1;
    writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
    const problems = checkMigrations(dir);
    expect(problems.some((p) => /^0001_.*missing/.test(p))).toBe(true);
    expect(problems.some((p) => /^0002_.*journal timestamp changed/.test(p))).toBe(true);
  });
  it('a new migration must be recorded, and recording never rewrites a locked line', () => {
    const dir = copy();
    writeFileSync(join(dir, '0099_new.sql'), 'select 1;');
    const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8'));
    journal.entries.push({ idx: 99, version: '7', when: 1800000000000, tag: '0099_new', breakpoints: true });
    writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify(journal));
    expect(checkMigrations(dir)).toEqual([expect.stringMatching(/^0099_new.sql is not in migrations.lock/)]);
    const before = readFileSync(join(dir, 'migrations.lock'), 'utf8');
    expect(recordNewMigrations(dir)).toEqual(['0099_new.sql']);
    const after = readFileSync(join(dir, 'migrations.lock'), 'utf8');
    expect(after.startsWith(before)).toBe(true);
    expect(checkMigrations(dir)).toEqual([]);
  });
});
