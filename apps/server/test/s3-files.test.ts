/**
 * Uploaded files in an S3-compatible store: a real S3-protocol server (s3rver) started here, the
 * server configured with S3_* settings, and the bucket read back with the AWS SDK independently.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DeleteObjectCommand, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { APP_ID, createTestApp, createUser, type TestApp } from './helpers.ts';
import { startS3Server, type TestS3 } from './s3-server.ts';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let s3: TestS3;
let t: TestApp;
let admin: { token: string };
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ s3: s3.config });
  admin = await createUser(t, 'admin');
  bucket = new S3Client({ endpoint: s3.config.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
afterAll(async () => {
  bucket?.destroy();
  await t?.close();
  await s3?.close();
});

function upload(data: Buffer, filename: string) {
  const boundary = `----covenant${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({ method: 'POST', url: `${t.base}/integration-endpoints/Core/UploadFile`, headers: { authorization: `Bearer ${admin.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
}

const storedNameOf = (fileUrl: string) => new URL(fileUrl).pathname.split('/').pop()!;

describe('files in an S3-compatible store', () => {
  it('an upload becomes the object uploads/<app id>/<name> in the bucket (a prefix per association), with its content type, and nothing on local disk', async () => {
    const res = await upload(PNG_1X1, 'logo.png');
    expect(res.statusCode, res.body).toBe(200);
    const name = storedNameOf(res.json().file_url);
    expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    const object = await bucket.send(new GetObjectCommand({ Bucket: s3.config.bucket, Key: `uploads/${APP_ID}/${name}` }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals(PNG_1X1)).toBe(true);
    expect(object.ContentType).toBe('image/png');
    expect(existsSync(join(t.services.config.dataDir, 'uploads'))).toBe(false);
  });

  it('serves the object with its sniffed type and the headers that keep it inert', async () => {
    const res = await upload(GIF_1X1, 'named-as.png');
    const url = new URL(res.json().file_url as string);
    expect(url.origin).toBe('http://127.0.0.1:3999');
    const served = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(GIF_1X1)).toBe(true);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(served.headers['content-disposition']).toBe('inline');
  });

  it('a missing object (gone from the bucket) and an unknown name are 404, not 500', async () => {
    const res = await upload(PNG_1X1, 'soon-gone.png');
    const name = storedNameOf(res.json().file_url);
    await bucket.send(new DeleteObjectCommand({ Bucket: s3.config.bucket, Key: `uploads/${APP_ID}/${name}` }));
    const gone = await t.app.inject({ method: 'GET', url: `/api/apps/${APP_ID}/files/${name}` });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 'not_found', message: 'File not found' });
    const unknown = await t.app.inject({ method: 'GET', url: `/api/apps/${APP_ID}/files/${'a'.repeat(32)}.png` });
    expect(unknown.statusCode).toBe(404);
  });

  it('the store lists and removes what it holds', async () => {
    const res = await upload(PNG_1X1, 'listed.png');
    const name = storedNameOf(res.json().file_url);
    const key = `${APP_ID}/${name}`;
    expect(await t.services.files.list()).toContain(key);
    await t.services.files.remove(key);
    expect(await t.services.files.list()).not.toContain(key);
    expect(await t.services.files.get(key)).toBeNull();
  });
});

describe('S3 configuration', () => {
  it('all four S3 settings or none: a partial set is refused at start naming what is missing', () => {
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_BUCKET: 'b' })).toThrow(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY/);
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3.env).s3).toEqual(s3.config);
  });
});
