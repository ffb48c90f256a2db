import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../src/app.ts';
import { APP_ID, PASSWORD, createTestApp, createUser, makeOwner, signIn, type TestApp } from './helpers.ts';
import { isReachable } from './processes.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

const redisUp = await isReachable(REDIS_URL);

/** Two server processes on one database, joined by the Redis adapter: a write on one reaches sockets of the other. */
describe.runIf(redisUp)('realtime across two nodes through Redis', () => {
  let nodeA: TestApp;
  let nodeB: BuiltApp;
  let portB: number;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    nodeA = await createTestApp({ redisUrl: REDIS_URL });
    nodeB = await buildApp({ ...nodeA.services.config }, { sharedDb: nodeA.dbHandle });
    await nodeA.app.listen({ port: 0, host: '127.0.0.1' });
    await nodeB.app.listen({ port: 0, host: '127.0.0.1' });
    portB = (nodeB.app.server.address() as { port: number }).port;
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await nodeB?.close();
    await nodeA?.close();
  });

  function connect(token: string): Promise<Socket> {
    const socket = io(`http://127.0.0.1:${portB}`, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query: { app_id: APP_ID, token }, reconnection: false });
    sockets.push(socket);
    return new Promise((resolve, reject) => {
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', reject);
    });
  }

  function nextUpdate(socket: Socket, match: (data: { type: string; id: string; data: Record<string, unknown> }) => boolean, ms = 5000) {
    return new Promise<{ type: string; id: string; data: Record<string, unknown> }>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no update_model within the time limit')), ms);
      socket.on('update_model', (msg: { room: string; data: string }) => {
        const data = JSON.parse(msg.data);
        if (match(data)) {
          clearTimeout(timer);
          resolve(data);
        }
      });
    });
  }

  it('an owner created through node A reaches an admin subscribed on node B, filtered by privilege', async () => {
    const admin = await createUser(nodeA, 'admin');
    const owner = await createUser(nodeA, 'owner');
    const adminSocket = await connect(admin.token);
    const ownerSocket = await connect(owner.token);
    const refused = new Promise<unknown>((resolve) => ownerSocket.once('error', resolve));
    expect(await adminSocket.timeout(5000).emitWithAck('join', `entities:${APP_ID}:Owner`)).toEqual({ ok: true });
    expect(await ownerSocket.timeout(5000).emitWithAck('join', `entities:${APP_ID}:Owner`)).toEqual({ ok: false });
    expect(await refused).toMatchObject({ message: expect.stringContaining('permission') });
    const arrived = nextUpdate(adminSocket, (d) => d.type === 'create' && d.data.last_name === 'Crossnode');
    const created = await makeOwner(nodeA, admin.token, { last_name: 'Crossnode' });
    const event = await arrived;
    expect(event).toMatchObject({ type: 'create', id: created.id, data: { last_name: 'Crossnode', owner_id: created.owner_id } });
    let ownerGotOne = false;
    ownerSocket.on('update_model', () => (ownerGotOne = true));
    const sentinel = nextUpdate(adminSocket, (d) => d.type === 'create' && d.data.last_name === 'Sentinel');
    await makeOwner(nodeA, admin.token, { last_name: 'Sentinel' });
    await sentinel;
    expect(ownerGotOne).toBe(false);
  });

  it('logout on node A closes the session socket on node B', async () => {
    const admin = await createUser(nodeA, 'admin');
    const socket = await connect(admin.token);
    const closed = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    await nodeA.call('POST', '/auth/logout', { token: admin.token });
    expect(await closed).toBe('io server disconnect');
  });

  it('a password change on node A closes the sockets of the revoked sessions on node B', async () => {
    const pm = await createUser(nodeA, 'property_manager');
    const other = await signIn(nodeA, pm.email);
    const sockets = [await connect(pm.token), await connect(other)];
    const closed = sockets.map((socket) => new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason))));
    const res = await nodeA.call('POST', '/auth/change-password', { token: pm.token, body: { current_password: PASSWORD, new_password: 'cluster-pass-1' } });
    expect(res.statusCode).toBe(200);
    expect(await Promise.all(closed)).toEqual(['io server disconnect', 'io server disconnect']);
    // The caller's new session opens a socket on node B.
    const renewed = await connect(res.json().access_token);
    expect(renewed.connected).toBe(true);
  });
});

describe.runIf(!redisUp)('realtime across two nodes through Redis', () => {
  it.skip(`needs Redis at ${REDIS_URL}`, () => undefined);
});
