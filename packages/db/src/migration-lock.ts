import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A committed migration is never edited: migrations.lock records each migration file's SHA-256 and the
 * journal's timestamp for it. check() reports any listed file whose text or timestamp changed, any listed
 * file that is gone, and any migration not yet listed; record() lists new files and never rewrites a line.
 */
export const LOCK_FILE = 'migrations.lock';

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(dir: string): Map<string, number> {
  const data = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] };
  return new Map(data.entries.map((e) => [`${e.tag}.sql`, e.when]));
}

const sha256 = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');

function sqlFiles(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.sql')).sort();
}

function readLock(dir: string): Array<{ hash: string; file: string; when: string }> {
  const path = join(dir, LOCK_FILE);
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim() && !l.startsWith('#'))
    .map((l) => {
      const [hash, file, when] = l.trim().split(/\s+/);
      return { hash: hash!, file: file!, when: when! };
    });
}

/** Problems with the migrations folder against its lock; empty when every committed migration is untouched. */
export function checkMigrations(dir: string): string[] {
  const problems: string[] = [];
  const whenOf = journal(dir);
  const listed = readLock(dir);
  const files = new Set(sqlFiles(dir));
  for (const l of listed) {
    if (!files.has(l.file)) {
      problems.push(`${l.file} is locked but missing: a committed migration must never be removed`);
      continue;
    }
    if (sha256(join(dir, l.file)) !== l.hash) problems.push(`${l.file} changed after it was committed: add a new migration instead of editing this one`);
    if (String(whenOf.get(l.file)) !== l.when) problems.push(`${l.file}: its journal timestamp changed (was ${l.when}, now ${whenOf.get(l.file)})`);
  }
  const known = new Set(listed.map((l) => l.file));
  for (const f of files) {
    if (!known.has(f)) problems.push(`${f} is not in ${LOCK_FILE}: run npm run db:lock to record it before committing`);
    if (!whenOf.has(f)) problems.push(`${f} is not in meta/_journal.json`);
  }
  return problems;
}

/** Appends the migrations not yet listed; never changes an existing line. */
export function recordNewMigrations(dir: string): string[] {
  const listed = readLock(dir);
  const known = new Set(listed.map((l) => l.file));
  const whenOf = journal(dir);
  const added = sqlFiles(dir).filter((f) => !known.has(f));
  if (added.length === 0) return [];
  const path = join(dir, LOCK_FILE);
  const header = existsSync(path) ? readFileSync(path, 'utf8').replace(/\n*$/, '\n') : '# sha256  file  journal-when: committed migrations are never edited (npm run check verifies)\n';
  writeFileSync(path, header + added.map((f) => `${sha256(join(dir, f))}  ${f}  ${whenOf.get(f)}`).join('\n') + '\n');
  return added;
}
