/**
 * Request bodies at the wire: an anonymous caller cannot make the server read a large body, each route
 * has its own size limit (large only where a file is expected), and malformed multipart is a 400.
 */
import { connect } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, HEAVY_TEST_TIMEOUT_MS, makeOwner, multipartForm, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; email: string; token: string };
let port: number;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as { port: number }).port;
});
afterAll(async () => t?.close());

interface RawOutcome {
  /** The status line and headers the server sent, if any. */
  head: string;
  /** Body bytes the client managed to hand to the socket before the server answered or closed. */
  bytesSent: number;
  closedByServer: boolean;
}

/**
 * Opens a real connection, announces a body of `declared` bytes and streams it in 64 KiB chunks, stopping
 * once the server answers. A server that reads the body first never answers before it is all sent.
 */
function streamBody(path: string, declared: number, headers: Record<string, string> = {}, timeoutMs = 10_000): Promise<RawOutcome> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    let bytesSent = 0;
    let received = '';
    let answered = false;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms after ${bytesSent} body bytes`));
    }, timeoutMs);
    const finish = (closedByServer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ head: received.split('\r\n\r\n')[0] ?? '', bytesSent, closedByServer });
    };
    const pump = () => {
      while (!answered && bytesSent < declared) {
        bytesSent += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.on('data', (d) => {
      received += d.toString('latin1');
      answered = true;
    });
    socket.on('end', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => {
      const lines = [`POST ${path} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Content-Type: application/json', `Content-Length: ${declared}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      pump();
    });
  });
}

describe('body size limits', () => {
  it('an anonymous 64 MB body to /functions/x is refused with 401 before it is read, and the connection is closed', async () => {
    const declared = 64 * 1024 * 1024;
    const outcome = await streamBody(`${t.base}/functions/x`, declared);
    expect(outcome.head).toMatch(/^HTTP\/1\.1 401 /);
    expect(outcome.closedByServer).toBe(true);
    // The server answered without waiting for the body: far less than it was announced had been sent.
    expect(outcome.bytesSent).toBeLessThan(declared / 4);
  });

  it('the same refusal for an anonymous upload and CSV import', async () => {
    for (const path of [`${t.base}/integration-endpoints/Core/UploadFile`, `${t.base}/entities/Owner/import`, `${t.base}/entities/Owner/bulk`]) {
      const outcome = await streamBody(path, 64 * 1024 * 1024, { 'Content-Type': 'multipart/form-data; boundary=x' });
      expect(outcome.head, path).toMatch(/^HTTP\/1\.1 401 /);
      expect(outcome.bytesSent, path).toBeLessThan(16 * 1024 * 1024);
    }
  });

  it('a signed-in caller announcing a body over the function limit gets 413 before sending it', async () => {
    const outcome = await streamBody(`${t.base}/functions/createBackup`, 8 * 1024 * 1024, { Authorization: `Bearer ${admin.token}` });
    expect(outcome.head).toMatch(/^HTTP\/1\.1 413 /);
    expect(outcome.bytesSent).toBeLessThan(8 * 1024 * 1024);
  });

  it('a signed-in caller sending an oversized JSON or multipart body to an ordinary function gets 413', async () => {
    const json = await t.call('POST', '/functions/createBackup', { token: admin.token, body: { padding: 'x'.repeat(3 * 1024 * 1024) } });
    expect(json.statusCode, json.body).toBe(413);
    expect(json.json()).toMatchObject({ code: 'request_too_large' });
    const part = multipartBody([{ name: 'padding', value: 'x'.repeat(3 * 1024 * 1024) }]);
    const multi = await t.app.inject({ method: 'POST', url: `${t.base}/functions/createBackup`, headers: { authorization: `Bearer ${admin.token}`, 'content-type': part.contentType }, payload: part.payload });
    expect(multi.statusCode, multi.body).toBe(413);
  });

  it('restoreBackup still accepts a large backup, as JSON and as an uploaded file', async () => {
    const source = await createTestApp();
    try {
      const sourceAdmin = await createUser(source, 'admin');
      const owners = Array.from({ length: 1500 }, (_, i) => ({
        owner_id: String(700000 + i),
        first_name: 'Large',
        last_name: `Backup${i}`,
        email: `large${i}@example.com`,
        mailing_address: `${i} ${'Long Street Name '.repeat(25)}`.slice(0, 480),
      }));
      const bulk = await source.call('POST', '/entities/Owner/bulk', { token: sourceAdmin.token, body: owners });
      expect(bulk.statusCode, bulk.body).toBe(200);
      const backup = (await source.call('POST', '/functions/createBackup', { token: sourceAdmin.token, body: {} })).json();
      const text = JSON.stringify({ backup });
      expect(text.length).toBeGreaterThan(1024 * 1024);

      const restored = await t.call('POST', '/functions/restoreBackup', { token: admin.token, body: text });
      expect(restored.statusCode, restored.body.slice(0, 300)).toBe(200);
      const count = await t.call('GET', `/entities/Owner/count?q=${encodeURIComponent(JSON.stringify({ last_name: { $regex: '^Backup' } }))}`, { token: admin.token });
      expect(count.json().count).toBe(1500);

      // The same file uploaded as multipart (the backup screen's file) into a third, empty instance.
      const target = await createTestApp();
      try {
        const targetAdmin = await createUser(target, 'admin');
        const part = multipartBody([{ name: 'backup', value: JSON.stringify(backup), filename: 'backup.json', contentType: 'application/json' }]);
        const res = await target.app.inject({ method: 'POST', url: `${target.base}/functions/restoreBackup`, headers: { authorization: `Bearer ${targetAdmin.token}`, 'content-type': part.contentType }, payload: part.payload });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
        expect((await target.call('GET', '/entities/Owner/count', { token: targetAdmin.token })).json().count).toBe(1500);
      } finally {
        await target.close();
      }
    } finally {
      await source.close();
    }
  }, HEAVY_TEST_TIMEOUT_MS);

  it('ordinary JSON bodies keep the small default limit', async () => {
    const huge = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400001', first_name: 'A', last_name: 'B', notes: 'x'.repeat(1536 * 1024) } });
    expect(huge.statusCode).toBe(413);
  });
});

// ---------------------------------------------------------------------------------------------
// Malformed multipart
// ---------------------------------------------------------------------------------------------

const multipartBody = multipartForm;

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const ROUTES = [
  { name: 'upload', url: '/integration-endpoints/Core/UploadFile', field: 'file', content: PNG_1X1, filename: 'a.png', type: 'image/png' },
  { name: 'CSV import', url: '/entities/Owner/import', field: 'file', content: Buffer.from('owner_id,first_name,last_name\n480001,A,B\n'), filename: 'o.csv', type: 'text/csv' },
  { name: 'function', url: '/functions/createBackup', field: 'note', content: Buffer.from('hello'), filename: undefined, type: undefined },
] as const;

/** Each malformation: the content type and body it sends. */
const MALFORMED: Record<string, (r: (typeof ROUTES)[number]) => { contentType: string; payload: Buffer }> = {
  'no boundary': (r) => ({ contentType: 'multipart/form-data', payload: multipartBody([{ name: r.field, value: r.content, filename: r.filename, contentType: r.type }]).payload }),
  'an empty boundary': (r) => ({ contentType: 'multipart/form-data; boundary=', payload: multipartBody([{ name: r.field, value: r.content, filename: r.filename, contentType: r.type }]).payload }),
  'a truncated part': (r) => {
    const whole = multipartBody([{ name: r.field, value: r.content, filename: r.filename, contentType: r.type }]);
    const cut = whole.payload.indexOf(Buffer.from('\r\n\r\n')) + 4 + Math.floor(r.content.length / 2);
    return { contentType: whole.contentType, payload: whole.payload.subarray(0, cut) };
  },
  'a boundary that never appears': (r) => ({ contentType: 'multipart/form-data; boundary=nothere', payload: r.content }),
};

describe('malformed multipart is a 400 with a readable message', () => {
  for (const route of ROUTES) {
    for (const [what, make] of Object.entries(MALFORMED)) {
      it(`${route.name}: ${what}`, async () => {
        const before = (await t.call('GET', '/entities/Owner/count', { token: admin.token })).json().count;
        const { contentType, payload } = make(route);
        const res: LightMyRequestResponse = await t.app.inject({ method: 'POST', url: `${t.base}${route.url}`, headers: { authorization: `Bearer ${admin.token}`, 'content-type': contentType }, payload });
        expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
        expect(res.json()).toMatchObject({ code: 'validation_error', message: expect.stringMatching(/multipart|form data|field/i) });
        expect((await t.call('GET', '/entities/Owner/count', { token: admin.token })).json().count).toBe(before);
      });
    }
  }

  it('well-formed multipart still works on each route', async () => {
    await makeOwner(t, admin.token);
    for (const route of ROUTES) {
      const body = multipartBody([{ name: route.field, value: route.content, filename: route.filename, contentType: route.type }]);
      const res = await t.app.inject({ method: 'POST', url: `${t.base}${route.url}`, headers: { authorization: `Bearer ${admin.token}`, 'content-type': body.contentType }, payload: body.payload });
      expect(res.statusCode, `${route.name}: ${res.body.slice(0, 200)}`).toBe(200);
    }
  });
});
