/**
 * Two server processes (the production bundle) on one fresh PostgreSQL database, joined by Redis, with
 * files in an S3-compatible store: what one process does, the other sees.
 */
import { randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, freshDatabase } from './helpers.ts';
import { startServerProcess, useRedis, type ServerProcess } from './processes.ts';
import { startS3Server, type TestS3 } from './s3-server.ts';

const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const ADMIN = { email: 'cluster-admin@example.com', password: 'cluster-admin-password-1' };

const database = await freshDatabase();
const redis = database ? await useRedis() : null;
const skipReason = !database
  ? 'needs a PostgreSQL server: it runs in the server suite on PostgreSQL (npm run test:server:pg, .ci/run)'
  : redis && redis.url === null
    ? redis.reason
    : null;
if (skipReason) console.warn(`two-servers.test.ts skipped: ${skipReason}`);

describe.skipIf(skipReason !== null)('two server processes, one PostgreSQL database, Redis and S3', () => {
  let s3: TestS3;
  let a: ServerProcess;
  let b: ServerProcess;
  const sockets: Socket[] = [];
  const report: string[] = [];

  beforeAll(async () => {
    s3 = await startS3Server();
    const env = {
      APP_ID,
      DATABASE_URL: database!.url,
      REDIS_URL: (redis as { url: string }).url,
      // Every process signs and checks sessions with the same secret.
      AUTH_SECRET: randomBytes(32).toString('hex'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...s3.env,
    };
    // Started together: the migration lock lets one migrate while the other waits.
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    report.push(`A: pid ${a.child.pid} at ${a.baseUrl}; B: pid ${b.child.pid} at ${b.baseUrl}; database ${new URL(database!.url).pathname.slice(1)}; redis ${(redis as { url: string }).url}; s3 ${s3.config.endpoint}/${s3.config.bucket}`);
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    const exits = await Promise.all([a?.stop(), b?.stop()]);
    report.push(`stopped: A ${JSON.stringify(exits[0])}, B ${JSON.stringify(exits[1])}`);
    await s3?.close();
    await database?.drop();
    if (redis && redis.url !== null) await redis.stop();
    console.log(`two-servers.test.ts:\n  ${report.join('\n  ')}`);
  });

  const api = (p: ServerProcess, path: string, init: RequestInit & { token?: string } = {}) =>
    fetch(`${p.baseUrl}/api/apps/${APP_ID}${path}`, { ...init, headers: { ...(init.token ? { authorization: `Bearer ${init.token}` } : {}), ...(init.headers ?? {}) } });

  async function signIn(p: ServerProcess): Promise<string> {
    const res = await api(p, '/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('a session from either process is valid on both; logout through one ends it on both', async () => {
    const fromA = await signIn(a);
    const fromB = await signIn(b);
    for (const [token, where] of [[fromA, 'A'], [fromB, 'B']] as const) {
      for (const p of [a, b]) {
        const me = await api(p, '/entities/User/me', { token });
        expect(me.status, `token from ${where} on ${p === a ? 'A' : 'B'}`).toBe(200);
        expect(((await me.json()) as { email: string }).email).toBe(ADMIN.email);
      }
    }
    expect((await api(a, '/auth/logout', { method: 'POST', token: fromB })).status).toBe(200);
    expect((await api(b, '/entities/User/me', { token: fromB })).status).toBe(401);
    report.push('sessions: a token from A and one from B each answered 200 on both; logged out on A, the token is refused (401) by B');
  });

  it('an owner created through A reaches a realtime subscriber connected to B', async () => {
    const token = await signIn(a);
    const socket = io(b.baseUrl, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query: { app_id: APP_ID, token }, reconnection: false });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.timeout(5000).emitWithAck('join', `entities:${APP_ID}:Owner`)).toEqual({ ok: true });
    const arrived = new Promise<{ type: string; id: string; data: Record<string, unknown> }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no update_model on B within 10 s')), 10_000);
      socket.on('update_model', (msg: { room: string; data: string }) => {
        const change = JSON.parse(msg.data);
        if (change.data?.last_name === 'Acrossnodes') {
          clearTimeout(timer);
          resolve(change);
        }
      });
    });
    const started = Date.now();
    const created = await api(a, '/entities/Owner', { method: 'POST', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ owner_id: '818181', first_name: 'Cross', last_name: 'Acrossnodes' }) });
    expect(created.status).toBe(200);
    const owner = (await created.json()) as { id: string };
    const event = await arrived;
    expect(event).toMatchObject({ type: 'create', id: owner.id, data: { owner_id: '818181', last_name: 'Acrossnodes' } });
    report.push(`realtime: owner ${owner.id} created through A arrived on B's socket as update_model ${event.type} in ${Date.now() - started} ms`);
  });

  it('a file uploaded through A is served by B from the bucket', async () => {
    const token = await signIn(b);
    const form = new FormData();
    form.append('file', new Blob([PNG_1X1], { type: 'image/png' }), 'logo.png');
    const uploaded = await api(a, '/integration-endpoints/Core/UploadFile', { method: 'POST', token, body: form });
    expect(uploaded.status).toBe(200);
    const fileUrl = new URL(((await uploaded.json()) as { file_url: string }).file_url);
    const served = await fetch(`${b.baseUrl}${fileUrl.pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    report.push(`files: ${fileUrl.pathname.split('/').pop()} uploaded through A (${PNG_1X1.length} bytes) served by B with image/png, same bytes`);
  });
});
