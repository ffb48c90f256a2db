/**
 * The official `@base44/sdk` (0.8.x) as the client of the real server on a loopback port: the wire
 * protocol exactly as the SDK speaks it (axios for HTTP, socket.io for realtime).
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Base44Error, createClient, type Base44Client, type RealtimeEvent } from '@base44/sdk';
import { APP_ID, createTestApp, createUser, PASSWORD, type TestApp } from './helpers.ts';

/** A valid 1x1 RGBA PNG (signature, IHDR, IDAT, IEND with correct CRCs). */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let origin: string;
let admin: { id: string; email: string; token: string };
let sdk: Base44Client;
const clients: Base44Client[] = [];

function newClient(token?: string): Base44Client {
  const client = createClient({ serverUrl: origin, appId: APP_ID, requiresAuth: false, analytics: { enabled: false }, ...(token ? { token } : {}) });
  clients.push(client);
  return client;
}
const Owner = (c: Base44Client) => c.entities['Owner']!;
const Property = (c: Base44Client) => c.entities['Property']!;

/** The SDK's error interceptor and socket helper log to the console outside production; keep the run readable. */
const quiet = <T extends unknown[]>(orig: (...args: T) => void) =>
  (...args: T) => {
    const first = String(args[0] ?? '');
    if (first.startsWith('[Base44 SDK') || first.startsWith('Error data:') || first === 'connect') return;
    orig(...args);
  };
const originalLog = console.log;
const originalError = console.error;

/** Polls until check() is truthy; throws after timeoutMs. */
async function waitFor<T>(check: () => T | Promise<T>, what: string, timeoutMs = 5000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function expectSdkError(promise: Promise<unknown>, status: number): Promise<Base44Error> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(Base44Error);
  expect((err as Base44Error).status).toBe(status);
  return err as Base44Error;
}

beforeAll(async () => {
  console.log = quiet(originalLog);
  console.error = quiet(originalError);
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  sdk = newClient();
});

afterAll(async () => {
  for (const c of clients) c.cleanup?.();
  await t?.close();
  console.log = originalLog;
  console.error = originalError;
});

describe('auth through the SDK', () => {
  it('an anonymous call is a Base44Error 401; loginViaEmailPassword returns the token and later calls carry it', async () => {
    await expectSdkError(sdk.auth.me(), 401);
    expect(await sdk.auth.isAuthenticated()).toBe(false);

    const login = await sdk.auth.loginViaEmailPassword(admin.email, PASSWORD);
    expect(login.access_token).toEqual(expect.any(String));
    expect(login.user).toMatchObject({ id: admin.id, email: admin.email, role: 'admin' });

    const me = await sdk.auth.me();
    expect(me).toMatchObject({ id: admin.id, email: admin.email, role: 'admin', user_role: 'admin' });
    expect(JSON.stringify(me)).not.toMatch(/password/i);
    expect(await sdk.auth.isAuthenticated()).toBe(true);
  });

  it('a wrong password raises Base44Error with status 401 and the server message', async () => {
    const other = newClient();
    const err = await expectSdkError(other.auth.loginViaEmailPassword(admin.email, 'not-the-password'), 401);
    expect(err.message).toBe('Invalid email or password');
    expect(err.code).toBe('invalid_credentials');
    expect(err.data).toMatchObject({ message: 'Invalid email or password', code: 'invalid_credentials' });
    // No token was kept: the client is still anonymous.
    await expectSdkError(other.auth.me(), 401);
  });

  it('auth.updateMe changes the phone; auth.me shows it', async () => {
    const updated = await sdk.auth.updateMe({ phone: '555-0199' });
    expect(updated).toMatchObject({ id: admin.id, phone: '555-0199' });
    expect(await sdk.auth.me()).toMatchObject({ phone: '555-0199' });
  });
});

describe('entities through the SDK', () => {
  it('Owner create / get / update / delete', async () => {
    const created = await Owner(sdk).create({ owner_id: '310001', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
    expect(created).toMatchObject({ owner_id: '310001', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', status: 'active', created_by: admin.email });
    expect(created.id).toMatch(/^[0-9a-f]{24}$/);
    expect(created.created_date).toEqual(expect.any(String));
    expect(created.updated_date).toEqual(expect.any(String));

    expect(await Owner(sdk).get(created.id)).toEqual(created);

    const updated = await Owner(sdk).update(created.id, { phone: '555-0100', city: 'Springfield' });
    expect(updated).toMatchObject({ id: created.id, owner_id: '310001', phone: '555-0100', city: 'Springfield' });
    expect(await Owner(sdk).get(created.id)).toMatchObject({ phone: '555-0100', city: 'Springfield' });

    expect(await Owner(sdk).delete(created.id)).toEqual({ success: true });
    const gone = await expectSdkError(Owner(sdk).get(created.id), 404);
    expect(gone.message).toBe('Owner not found');
  });

  it('bulkCreate, then filter with $gte/$lt, $in, $regex + $options i, $or; sort, limit, skip and fields; count', async () => {
    const people = [
      ['320001', 'Grace', 'Hopper'],
      ['320002', 'Alan', 'Turing'],
      ['320003', 'Edsger', 'Dijkstra'],
      ['320004', 'Barbara', 'Liskov'],
      ['320005', 'Donald', 'Knuth'],
      ['320006', 'Ken', 'thompson'],
      ['320007', 'Dennis', 'Ritchie'],
    ] as const;
    const created = await Owner(sdk).bulkCreate(people.map(([owner_id, first_name, last_name]) => ({ owner_id, first_name, last_name })));
    expect(created).toHaveLength(7);
    expect(created.map((o) => o.owner_id)).toEqual(people.map((p) => p[0]));
    expect(created.every((o) => /^[0-9a-f]{24}$/.test(o.id))).toBe(true);

    // $gte / $lt on the six-digit owner_id strings, ascending by owner_id.
    const range = await Owner(sdk).filter({ owner_id: { $gte: '320002', $lt: '320005' } }, 'owner_id');
    expect(range.map((o) => o.owner_id)).toEqual(['320002', '320003', '320004']);

    // $in, sorted by last_name ascending.
    const picked = await Owner(sdk).filter({ owner_id: { $in: ['320005', '320001', '320003', '999999'] } }, 'last_name');
    expect(picked.map((o) => o.last_name)).toEqual(['Dijkstra', 'Hopper', 'Knuth']);

    // $regex case-insensitive (and case-sensitive without $options).
    const ci = await Owner(sdk).filter({ last_name: { $regex: '^T', $options: 'i' }, owner_id: { $gte: '320000', $lt: '330000' } }, 'owner_id');
    expect(ci.map((o) => o.last_name)).toEqual(['Turing', 'thompson']);
    const cs = await Owner(sdk).filter({ last_name: { $regex: '^T' }, owner_id: { $gte: '320000', $lt: '330000' } }, 'owner_id');
    expect(cs.map((o) => o.last_name)).toEqual(['Turing']);

    // $or of two conditions.
    const either = await Owner(sdk).filter({ $or: [{ first_name: 'Grace' }, { last_name: 'Ritchie' }] }, 'owner_id');
    expect(either.map((o) => o.owner_id)).toEqual(['320001', '320007']);

    // limit and skip over a stable sort; fields limits the columns (id always comes back).
    const page = await Owner(sdk).filter({ owner_id: { $gte: '320000', $lt: '330000' } }, 'owner_id', 3, 2, ['owner_id', 'last_name']);
    expect(page).toEqual([
      { id: created[2]!.id, owner_id: '320003', last_name: 'Dijkstra' },
      { id: created[3]!.id, owner_id: '320004', last_name: 'Liskov' },
      { id: created[4]!.id, owner_id: '320005', last_name: 'Knuth' },
    ]);
    // (320006 'thompson' is left out: how lower case sorts against upper case depends on the database collation.)
    const descending = await Owner(sdk).filter({ owner_id: { $in: ['320001', '320002', '320003', '320007'] } }, '-last_name', 2);
    expect(descending.map((o) => o.last_name)).toEqual(['Turing', 'Ritchie']);

    // list(sort, limit) with the default sort key the SDK documents.
    const newest = await Owner(sdk).list('-created_date', 50);
    expect(newest.length).toBeGreaterThanOrEqual(7);
    const dates = newest.map((o) => String(o.created_date));
    expect([...dates].sort().reverse()).toEqual(dates);

    expect(await Owner(sdk).count({ owner_id: { $gte: '320000', $lt: '330000' } })).toBe(7);
    expect(await Owner(sdk).count({ last_name: { $regex: 'K', $options: 'i' } })).toBeGreaterThanOrEqual(2);
  });

  it('filters numbers: $gte/$lt on Property.monthly_hoa_fee, sorted by -created_date', async () => {
    const fees = [100, 249.99, 250, 300.5, 400];
    const made: Array<{ id: string; monthly_hoa_fee: number; created_date: string }> = [];
    // One request each, so created_date differs from record to record.
    for (const [i, fee] of fees.entries()) {
      made.push(await Property(sdk).create({ property_id: String(330001 + i), unit_number: `P${i}`, monthly_hoa_fee: fee }));
    }
    expect(made.map((p) => p.monthly_hoa_fee)).toEqual(fees);
    const mid = await Property(sdk).filter({ monthly_hoa_fee: { $gte: 249.99, $lt: 400 } }, 'monthly_hoa_fee');
    expect(mid.map((p) => p.monthly_hoa_fee)).toEqual([249.99, 250, 300.5]);
    const newestFirst = await Property(sdk).filter({ monthly_hoa_fee: { $gte: 250 } }, '-created_date');
    expect(newestFirst.map((p) => p.id)).toEqual([made[4]!.id, made[3]!.id, made[2]!.id]);
  });

  it('deleteMany returns {success, deleted} and removes exactly the matches', async () => {
    await Owner(sdk).bulkCreate([
      { owner_id: '340001', first_name: 'Del', last_name: 'One' },
      { owner_id: '340002', first_name: 'Del', last_name: 'Two' },
      { owner_id: '340003', first_name: 'Keep', last_name: 'Three' },
    ]);
    const result = await Owner(sdk).deleteMany({ first_name: 'Del', owner_id: { $gte: '340000', $lt: '350000' } });
    expect(result).toEqual({ success: true, deleted: 2 });
    const left = await Owner(sdk).filter({ owner_id: { $gte: '340000', $lt: '350000' } });
    expect(left.map((o) => o.owner_id)).toEqual(['340003']);
    expect(await Owner(sdk).deleteMany({ first_name: 'Nobody-by-this-name' })).toEqual({ success: true, deleted: 0 });
  });

  it('server refusals surface as Base44Error with the readable message', async () => {
    const bad = await expectSdkError(Owner(sdk).create({ owner_id: '12345', first_name: 'X', last_name: 'Y' }), 400);
    expect(bad.message).toContain('Owner ID must be exactly 6 digits');
    const op = await expectSdkError(Owner(sdk).filter({ owner_id: { $where: 'x' } }), 400);
    expect(op.message).toContain("'$where'");
  });
});

describe('files through the SDK', () => {
  it('integrations.Core.UploadFile stores a PNG and it is served inert', async () => {
    const file = new File([PNG_1X1], 'a.png', { type: 'image/png' });
    const result = (await sdk.integrations.Core.UploadFile({ file })) as { file_url: string };
    expect(result.file_url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:3999/api/apps/${APP_ID}/files/[0-9a-f]{32}\\.png$`));

    const url = new URL(result.file_url);
    const res = await fetch(`${origin}${url.pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toEqual(expect.stringContaining("default-src 'none'"));
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('UploadFile without a session is a 401', async () => {
    const anonymous = newClient();
    await expectSdkError(anonymous.integrations.Core.UploadFile({ file: new File([PNG_1X1], 'a.png', { type: 'image/png' }) }), 401);
  });
});

describe('realtime through the SDK', () => {
  it('Owner.subscribe receives update_model {type: create, id, data} when another client creates an Owner', async () => {
    const subscriber = newClient();
    const { access_token } = await subscriber.auth.loginViaEmailPassword(admin.email, PASSWORD);
    // In Node the SDK finds no localStorage, so the socket takes its token from the client config:
    // client.setToken is what puts the session on the (lazily opened) realtime connection.
    subscriber.setToken(access_token);

    const events: RealtimeEvent[] = [];
    const unsubscribe = Owner(subscriber).subscribe((event) => events.push(event));
    const room = `entities:${APP_ID}:Owner`;
    // Bounded wait until the server has the socket in the room, so the create below cannot race the join.
    await waitFor(async () => (await t.realtime.io.in(room).fetchSockets()).length > 0, `a socket in ${room}`);

    const writer = newClient(admin.token);
    const created = await Owner(writer).create({ owner_id: '350001', first_name: 'Real', last_name: 'Time' });

    const event = await waitFor(() => events.find((e) => e.id === created.id), 'the update_model event');
    expect(event.type).toBe('create');
    expect(event.data).toMatchObject({ id: created.id, owner_id: '350001', first_name: 'Real', last_name: 'Time' });
    expect(Number.isNaN(Date.parse(event.timestamp))).toBe(false);

    const updated = await Owner(writer).update(created.id, { city: 'Live' });
    const upd = await waitFor(() => events.find((e) => e.type === 'update' && e.id === created.id), 'the update event');
    expect(upd.data).toMatchObject({ city: 'Live', updated_date: updated.updated_date });
    unsubscribe();
  });
});

describe('app logs through the SDK', () => {
  it("appLogs.logUserInApp('Owners') is listed for the administrator", async () => {
    await sdk.appLogs.logUserInApp('Owners');
    const res = await t.call('GET', `/api/app-logs/${APP_ID}?page_name=Owners`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const logs = res.json() as Array<{ page_name: string; user_id: string; user_email: string; created_date: string }>;
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ page_name: 'Owners', user_id: admin.id, user_email: admin.email });
    const viaSdk = (await sdk.appLogs.fetchLogs({ page_name: 'Owners' })) as unknown as typeof logs;
    expect(viaSdk).toEqual(logs);
  });

  it('logUserInApp without a session is a 401', async () => {
    await expectSdkError(newClient().appLogs.logUserInApp('Owners'), 401);
  });
});

describe('the SDK against a second association of the instance', () => {
  it('createClient({ appId }) of another association: its own records, its realtime, and 403 for a person who is not a member there', async () => {
    const boss = await createUser(t, 'admin', { portfolioAdmin: true });
    const made = await t.app.inject({
      method: 'POST', url: '/api/portfolio/associations', headers: { authorization: `Bearer ${boss.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Second Street HOA', app_id: 'second-street', state: 'TX', time_zone: 'America/Chicago', fiscal_year_start_month: 1 }),
    });
    expect(made.statusCode, made.body).toBe(200);
    const second = createClient({ serverUrl: origin, appId: 'second-street', requiresAuth: false, analytics: { enabled: false }, token: boss.token });
    clients.push(second);
    expect(await Owner(second).list()).toEqual([]);
    const events: RealtimeEvent[] = [];
    const stop = Owner(second).subscribe((event) => events.push(event));
    await new Promise((r) => setTimeout(r, 300));
    const owner = await Owner(second).create({ owner_id: '900001', first_name: 'Sam', last_name: 'Second' });
    await waitFor(() => events.find((e) => e.id === owner.id), 'the second association\'s realtime event');
    stop();
    expect((await Owner(second).list()).map((o) => (o as { id: string }).id)).toEqual([owner.id]);
    // The first association's client never sees the second's owner.
    const first = newClient(boss.token);
    expect((await Owner(first).list()).map((o) => (o as { id: string }).id)).not.toContain(owner.id);
    // The first association's administrator has no membership in the second.
    const outsider = createClient({ serverUrl: origin, appId: 'second-street', requiresAuth: false, analytics: { enabled: false }, token: admin.token });
    clients.push(outsider);
    await expectSdkError(Owner(outsider).list(), 403);
  });
});
