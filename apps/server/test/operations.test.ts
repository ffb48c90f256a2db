/**
 * Operating the server: request ids on every response and log line, Prometheus metrics for
 * administrators or a scraper's token, and a graceful stop that finishes the requests in flight.
 */
import { rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { io } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, createTestApp, createUser, HEAVY_TEST_TIMEOUT_MS, makeOwner, type TestApp } from './helpers.ts';
import { startServerProcess, type ServerProcess } from './processes.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const METRICS_TOKEN = 'scraper-token-0123456789abcdef';

let t: TestApp;
let admin: { token: string };
let owner: { token: string };

beforeAll(async () => {
  t = await createTestApp({ metricsToken: METRICS_TOKEN });
  // The instance's operator (a portfolio administrator) reads the metrics; an association's administrator does not.
  admin = await createUser(t, 'admin', { portfolioAdmin: true });
  owner = await createUser(t, 'owner');
});
afterAll(async () => t?.close());

describe('request ids', () => {
  it('every response carries x-request-id; error bodies carry the same request_id', async () => {
    const ok = await t.call('GET', '/entities/Owner', { token: admin.token });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['x-request-id']).toMatch(UUID);
    for (const res of [await t.call('GET', '/entities/Owner'), await t.call('GET', '/entities/Nope', { token: admin.token }), await t.app.inject({ method: 'GET', url: '/api/nowhere' })]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const body = res.json();
      expect(body).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String), request_id: res.headers['x-request-id'] }));
      expect(body.request_id).toMatch(UUID);
    }
  });

  it("a caller's x-request-id is kept when it is a short safe token, replaced otherwise", async () => {
    const kept = await t.call('GET', '/entities/Owner', { headers: { 'x-request-id': 'lb-7f3a.19:2' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.19:2');
    expect(kept.json().request_id).toBe('lb-7f3a.19:2');
    for (const unsafe of ['has space', 'x'.repeat(65), 'quote"s', 'new\u2028line', '']) {
      const res = await t.call('GET', '/entities/Owner', { headers: { 'x-request-id': unsafe } });
      expect(res.headers['x-request-id'], JSON.stringify(unsafe)).toMatch(UUID);
    }
  });
});

describe('GET /api/metrics', () => {
  it('anonymous 401, a non-administrator 403, a wrong scraper token 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${owner.token}` } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } })).statusCode).toBe(401);
    // An association's administrator is not the instance's operator: the figures span every association.
    const associationAdmin = await createUser(t, 'admin');
    expect((await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${associationAdmin.token}` } })).statusCode).toBe(403);
  });

  it('an administrator reads Prometheus text: requests and latencies by route pattern, event loop lag, memory, pool', async () => {
    await makeOwner(t, admin.token);
    for (let i = 0; i < 3; i++) await t.call('GET', '/entities/Owner?limit=5', { token: admin.token });
    await t.call('GET', '/entities/Owner/6b04bd5a00022540f97a8f47', { token: admin.token });
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${admin.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const count = (route: string, status: string) => Number(new RegExp(`^covenant_http_requests_total\\{method="GET",route="${route.replace(/[/:]/g, '\\$&')}",status="${status}"\\} (\\d+)$`, 'm').exec(text)?.[1] ?? 0);
    expect(count('/api/apps/:appId/entities/:entity', '200')).toBeGreaterThanOrEqual(3);
    expect(count('/api/apps/:appId/entities/:entity/:id', '404')).toBe(1);
    // Route patterns only: no raw URL or id becomes a label value.
    expect(text).not.toContain('6b04bd5a00022540f97a8f47');
    expect(text).toMatch(/^covenant_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/apps\/:appId\/entities\/:entity"\} \d+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/^covenant_realtime_connections 0$/m);
    if (t.db.kind === 'postgres') {
      expect(text).toMatch(/^covenant_db_pool_connections\{state="total"\} [1-9]/m);
      expect(text).toMatch(/^covenant_db_pool_connections\{state="max"\} 10$/m);
    }
  });

  it('a scraper with METRICS_TOKEN reads them without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('# TYPE covenant_http_requests_total counter');
  });
});

describe('the production process', () => {
  let server: ServerProcess | undefined;
  const ADMIN = { email: 'ops-admin@example.com', password: 'ops-admin-password-1' };
  afterAll(async () => server?.stop());

  async function signInTo(p: ServerProcess) {
    const res = await fetch(`${p.baseUrl}/api/apps/${APP_ID}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('SIGTERM: no new connections, the request in flight completes, realtime and database close, exit 0', async () => {
    server = await startServerProcess({ APP_ID, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
    const token = await signInTo(server);
    const subscriber = io(server.baseUrl, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query: { app_id: APP_ID, token }, reconnection: false });
    await new Promise<void>((resolve, reject) => {
      subscriber.once('connect', () => resolve());
      subscriber.once('connect_error', reject);
    });
    const disconnected = new Promise<string>((resolve) => subscriber.once('disconnect', (reason) => resolve(reason)));

    // A slow request: its body arrives in two halves, with SIGTERM in between.
    const body = Buffer.from(JSON.stringify({ owner_id: '654321', first_name: 'Late', last_name: 'Request', email: 'late@example.com' }));
    const socket = connect({ port: server.port, host: '127.0.0.1' });
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    let response = '';
    socket.on('data', (d) => (response += d.toString('utf8')));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(
      `POST /api/apps/${APP_ID}/entities/Owner HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nX-Request-Id: slow-request-1\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    socket.write(body.subarray(0, 20));
    await delay(300);

    server.child.kill('SIGTERM');
    expect(await disconnected).toBe('io server disconnect');
    await delay(300);
    // The listener is closed: a new connection is refused, while the request in flight goes on.
    const refused = await new Promise<string>((resolve) => {
      const probe = connect({ port: server!.port, host: '127.0.0.1' });
      probe.once('connect', () => {
        probe.destroy();
        resolve('connected');
      });
      probe.once('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    socket.write(body.subarray(20));
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200 /);
    expect(response).toMatch(/^connection: close$/im);
    expect(response).toContain('"last_name":"Request"');

    expect(await server.exited).toEqual({ code: 0, signal: null });
    const messages = server.logs().map((l) => l.msg);
    expect(messages).toContain('shutting down: finishing requests in flight');
    // The in-flight request's own log line may land just after (Fastify logs it from an async onResponse hook).
    expect(messages.filter((m) => m !== 'request completed').at(-1)).toBe('shut down');

    // Request ids in the log: every line about a request carries one, and the caller's id is kept.
    const requestLines = server.logs().filter((l) => l.req || l.res || l.responseTime !== undefined);
    expect(requestLines.length).toBeGreaterThan(3);
    for (const line of requestLines) expect(line.request_id, JSON.stringify(line)).toEqual(expect.any(String));
    expect(requestLines.filter((l) => l.request_id === 'slow-request-1').length).toBeGreaterThanOrEqual(2);

    // The write of the finished request is in the database the next start opens.
    const dataDir = server.dataDir;
    server = await startServerProcess({ APP_ID, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }, { dataDir });
    const again = await signInTo(server);
    const list = await fetch(`${server.baseUrl}/api/apps/${APP_ID}/entities/Owner?q=${encodeURIComponent(JSON.stringify({ owner_id: '654321' }))}`, { headers: { authorization: `Bearer ${again}` } });
    expect(((await list.json()) as Array<{ last_name: string }>).map((o) => o.last_name)).toEqual(['Request']);
    expect((await server.stop({ keepData: true })).code).toBe(0);
    server = undefined;
    await rm(dataDir, { recursive: true, force: true });
  }, HEAVY_TEST_TIMEOUT_MS);
});
