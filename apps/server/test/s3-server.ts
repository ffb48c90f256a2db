import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.ts';
import { freePort } from './processes.ts';

export interface TestS3 {
  config: S3Config;
  /** The same settings as environment variables, for a server process. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** A real S3-protocol server (s3rver) on a free loopback port, with one empty bucket, files in a temporary folder. */
export async function startS3Server(bucket = 'covenant-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'covenant-s3-'));
  const port = await freePort();
  const server = new S3rver({ address: '127.0.0.1', port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  await server.run();
  // s3rver's built-in account.
  const config: S3Config = { endpoint: `http://127.0.0.1:${port}`, bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', region: 'us-east-1', forcePathStyle: true };
  return {
    config,
    env: { S3_ENDPOINT: config.endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: config.accessKeyId, S3_SECRET_ACCESS_KEY: config.secretAccessKey },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
