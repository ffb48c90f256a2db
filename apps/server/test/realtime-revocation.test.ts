/**
 * A realtime socket lives only as long as the session it was opened with: every way a session ends
 * (logout, password change, password reset) closes the sockets opened with it, and they receive no
 * further update_model events.
 */
import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, PASSWORD, createTestApp, createUser, makeOwner, outbox, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
let url = '';
let admin: { id: string; email: string; token: string };
const opened: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = await createUser(t, 'admin');
});
afterAll(async () => {
  for (const s of opened) s.disconnect();
  await t?.close();
});

interface Watched {
  socket: Socket;
  events: string[];
  closed: Promise<string>;
}

/** A socket subscribed to the Owner room, recording the owners' last names it receives. */
async function watchOwners(token: string): Promise<Watched> {
  const socket = io(url, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query: { app_id: APP_ID, token }, reconnection: false, forceNew: true });
  opened.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  const events: string[] = [];
  socket.on('update_model', (msg: { data: string }) => events.push(String(JSON.parse(msg.data).data.last_name)));
  // Resolves with the disconnect reason, or 'still open' when the server kept the socket for 3 s.
  const closed = new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve('still open'), 3000);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
  expect(await socket.timeout(3000).emitWithAck('join', `entities:${APP_ID}:Owner`)).toEqual({ ok: true });
  return { socket, events, closed };
}

/** A write every subscriber of the Owner room would receive, then a moment for delivery. */
async function ownerWrite(lastName: string) {
  await makeOwner(t, admin.token, { last_name: lastName });
  await new Promise((r) => setTimeout(r, 300));
}

describe('sockets close when their session is revoked', () => {
  it('logout closes the socket of that session only', async () => {
    const user = await createUser(t, 'property_manager');
    const second = await signIn(t, user.email);
    const a = await watchOwners(user.token);
    const b = await watchOwners(second);
    expect((await t.call('POST', '/auth/logout', { token: second })).statusCode).toBe(200);
    expect(await b.closed).toBe('io server disconnect');
    await ownerWrite('AfterLogout');
    expect(a.events).toContain('AfterLogout');
    expect(b.events).not.toContain('AfterLogout');
  });

  it('a password change closes every socket opened with a revoked token, and the new token works', async () => {
    const user = await createUser(t, 'property_manager');
    const other = await signIn(t, user.email);
    const own = await watchOwners(user.token);
    const elsewhere = await watchOwners(other);
    await ownerWrite('BeforeChange');
    expect(elsewhere.events).toContain('BeforeChange');

    const res = await t.call('POST', '/auth/change-password', { token: user.token, body: { current_password: PASSWORD, new_password: 'changed-pass-1' } });
    expect(res.statusCode).toBe(200);
    // Better Auth revokes every session of the user and issues a new one to the caller.
    const fresh = res.json().access_token as string;
    expect(fresh).toEqual(expect.any(String));
    expect((await t.call('GET', '/entities/User/me', { token: fresh })).statusCode).toBe(200);
    expect((await t.call('GET', '/entities/User/me', { token: other })).statusCode).toBe(401);
    expect((await t.call('GET', '/entities/User/me', { token: user.token })).statusCode).toBe(401);

    expect(await elsewhere.closed).toBe('io server disconnect');
    expect(await own.closed).toBe('io server disconnect');
    await ownerWrite('AfterChange');
    expect(elsewhere.events).not.toContain('AfterChange');
    expect(own.events).not.toContain('AfterChange');
    // A socket opened with the new token is served.
    const renewed = await watchOwners(fresh);
    await ownerWrite('WithNewToken');
    expect(renewed.events).toContain('WithNewToken');
  });

  it('a password reset closes every socket of the user', async () => {
    const user = await createUser(t, 'property_manager');
    const other = await signIn(t, user.email);
    const first = await watchOwners(user.token);
    const second = await watchOwners(other);
    const bystander = await watchOwners(admin.token);

    expect((await t.call('POST', '/auth/reset-password-request', { body: { email: user.email } })).statusCode).toBe(200);
    const mail = (await outbox(t, admin.token)).find((m) => m.to === user.email && /reset/i.test(m.subject))!;
    const resetToken = decodeURIComponent(/reset-password\?token=(\S+)/.exec(mail.text)![1]!);
    expect((await t.call('POST', '/auth/reset-password', { body: { reset_token: resetToken, new_password: 'reset-pass-12' } })).statusCode).toBe(200);

    expect(await first.closed).toBe('io server disconnect');
    expect(await second.closed).toBe('io server disconnect');
    await ownerWrite('AfterReset');
    expect(first.events).not.toContain('AfterReset');
    expect(second.events).not.toContain('AfterReset');
    expect(bystander.events).toContain('AfterReset');
    expect(bystander.socket.connected).toBe(true);
  });
});
