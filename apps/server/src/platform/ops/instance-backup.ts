import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { dumpPgliteDir, loadPgliteDir } from '@covenant/db/client';
import type { AppConfig } from '../../config.ts';
import { createFileStore } from '../files/file-store.ts';
import { sniffImage } from '../files/files.service.ts';

/**
 * The whole instance in one folder: the database (PGlite's data directory as a tarball, or pg_dump's custom
 * format for PostgreSQL), every uploaded file, the generated auth secret, and a manifest.
 */
export interface BackupManifest {
  format: 'covenant-instance-backup';
  version: 1;
  created_at: string;
  app_id: string;
  database: 'pglite' | 'postgres';
  database_file: string;
  files: string[];
  auth_secret: boolean;
}

const MANIFEST = 'manifest.json';
const FILES = 'files';

/** Runs a client tool (pg_dump, pg_restore); its error output becomes the error. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', (err) => reject(new Error(`${command} could not run (${err.message}): install the PostgreSQL client tools of the server's major version`)));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** Backup and restore need the server stopped on the embedded database, and restore on either. */
async function assertServerStopped(config: AppConfig, what: string): Promise<void> {
  const answered = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(1500) }).then(() => true, () => false);
  if (answered) throw new Error(`A server answers on port ${config.port}: stop it before ${what}`);
}

const pgliteDir = (config: AppConfig) => join(config.dataDir, 'db');
const secretFile = (config: AppConfig) => join(config.dataDir, 'auth-secret');

export async function backupInstance(config: AppConfig, outDir: string, log: (line: string) => void): Promise<BackupManifest> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  // pg_dump reads a consistent snapshot of a live database; PGlite's files belong to the running process.
  if (kind === 'pglite') await assertServerStopped(config, 'backing up the embedded database');
  if (existsSync(outDir) && (await readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty: name a new folder`);
  await mkdir(join(outDir, FILES), { recursive: true });

  let databaseFile: string;
  if (kind === 'postgres') {
    databaseFile = 'database.pgdump';
    await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${join(outDir, databaseFile)}`, config.databaseUrl!]);
  } else {
    if (!existsSync(join(pgliteDir(config), 'PG_VERSION'))) throw new Error(`No embedded database in ${pgliteDir(config)}`);
    databaseFile = 'database.pglite.tgz';
    await writeFile(join(outDir, databaseFile), await dumpPgliteDir(pgliteDir(config)));
  }
  log(`database (${kind}) -> ${databaseFile}`);

  const store = await createFileStore(config);
  const names = await store.list();
  try {
    for (const name of names) {
      const data = await store.get(name);
      if (!data) continue;
      // Each association's files are in a folder of its own.
      await mkdir(dirname(join(outDir, FILES, name)), { recursive: true });
      await writeFile(join(outDir, FILES, name), data);
    }
  } finally {
    await store.close();
  }
  log(`${names.length} files from the ${store.kind} store -> ${FILES}/`);

  const hasSecret = existsSync(secretFile(config));
  if (hasSecret) await writeFile(join(outDir, 'auth-secret'), await readFile(secretFile(config)), { mode: 0o600 });
  const manifest: BackupManifest = {
    format: 'covenant-instance-backup', version: 1, created_at: new Date().toISOString(), app_id: config.appId, database: kind, database_file: databaseFile, files: names, auth_secret: hasSecret,
  };
  await writeFile(join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup back: the database is replaced (PostgreSQL: pg_restore --clean into DATABASE_URL; PGlite:
 * an existing data directory is moved aside, never deleted), and every file of the backup is written to the store.
 */
export async function restoreInstance(config: AppConfig, dir: string, log: (line: string) => void): Promise<BackupManifest> {
  await assertServerStopped(config, 'restoring');
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as BackupManifest;
  if (manifest.format !== 'covenant-instance-backup' || manifest.version !== 1) throw new Error(`${dir} is not a Covenant instance backup`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database !== kind) {
    throw new Error(`This backup holds a ${manifest.database} database; the configuration names ${kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (no DATABASE_URL)'}`);
  }

  await mkdir(config.dataDir, { recursive: true });
  const databaseFile = join(dir, manifest.database_file);
  if (kind === 'postgres') {
    await run('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error', `--dbname=${config.databaseUrl!}`, databaseFile]);
  } else {
    if (existsSync(pgliteDir(config))) {
      const aside = `${pgliteDir(config)}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(pgliteDir(config), aside);
      log(`the existing embedded database was moved to ${aside}`);
    }
    await loadPgliteDir(pgliteDir(config), new Uint8Array(await readFile(databaseFile)));
  }
  log(`database (${kind}) <- ${manifest.database_file}`);

  const store = await createFileStore(config);
  try {
    for (const name of manifest.files) {
      const data = await readFile(join(dir, FILES, name));
      await store.remove(name);
      await store.put(name, data, sniffImage(data)?.contentType ?? 'application/octet-stream');
    }
  } finally {
    await store.close();
  }
  log(`${manifest.files.length} files -> the ${store.kind} store`);

  if (manifest.auth_secret) {
    await writeFile(secretFile(config), await readFile(join(dir, 'auth-secret')), { mode: 0o600 });
    log('auth secret restored (sessions stay valid)');
  }
  return manifest;
}
