import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { AppConfig } from '../../config.ts';
import { openS3Store } from './s3-store.ts';

/** Where uploaded files live: a local folder or an S3-compatible bucket. Names are server-generated. */
export interface FileStore {
  readonly kind: 'local' | 's3';
  put(name: string, data: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(name: string): Promise<Buffer | null>;
  list(): Promise<string[]>;
  remove(name: string): Promise<void>;
  close(): Promise<void>;
}

/** DATA_DIR/uploads on this machine; a name may have one folder (`app-id/name`: each association's files). */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  constructor(private readonly dir: string) {}

  async put(name: string, data: Buffer): Promise<void> {
    await mkdir(dirname(join(this.dir, name)), { recursive: true });
    await writeFile(join(this.dir, name), data, { flag: 'wx' });
  }

  async get(name: string): Promise<Buffer | null> {
    return readFile(join(this.dir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null;
      throw err;
    });
  }

  async list(): Promise<string[]> {
    const entries = await readdir(this.dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [];
      throw err;
    });
    const names: string[] = [];
    for (const e of entries) {
      if (e.isFile()) names.push(e.name);
      else if (e.isDirectory()) for (const inner of await readdir(join(this.dir, e.name))) names.push(`${e.name}/${inner}`);
    }
    return names;
  }

  async remove(name: string): Promise<void> {
    await rm(join(this.dir, name), { force: true });
  }

  async close(): Promise<void> {}
}

/** The store the configuration names: S3 when its four settings are given, the local folder otherwise. */
export async function createFileStore(config: AppConfig): Promise<FileStore> {
  return config.s3 ? openS3Store(config.s3) : new LocalFileStore(join(config.dataDir, 'uploads'));
}
