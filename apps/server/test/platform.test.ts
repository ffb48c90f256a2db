/**
 * The remaining platform endpoints: public settings (the SDK's auth gate), app config, the OpenAPI
 * docs, analytics, the outbox, and app logs with their stats and filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, createTestApp, createUser, outbox, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: { id: string; email: string; token: string };
let owner: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
  owner = await createUser(t, 'owner');
});
afterAll(async () => t?.close());

const settingsUrl = (appId = APP_ID) => `/api/apps/public/prod/public-settings/by-id/${appId}`;

describe('public settings', () => {
  it('without a token: 403 with extra_data.reason auth_required (also for a garbage token)', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const res = await t.call('GET', settingsUrl(), { token });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Authentication required', code: 'auth_required', extra_data: { reason: 'auth_required' }, request_id: expect.any(String) });
    }
  });

  it('a signed-in user with no application role: 403 user_not_registered', async () => {
    const stranger = await createUser(t, null);
    const res = await t.call('GET', settingsUrl(), { token: stranger.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'user_not_registered', extra_data: { reason: 'user_not_registered' } });
    expect(res.json().message).toEqual(expect.any(String));
  });

  it('an owner and an administrator: 200 with the app id and public settings', async () => {
    for (const user of [owner, admin]) {
      const res = await t.call('GET', settingsUrl(), { token: user.token });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: APP_ID, name: expect.any(String), public_settings: expect.any(Object) });
    }
  });

  it('a system administrator without an application role is registered', async () => {
    const sysAdmin = await createUser(t, null, { systemAdmin: true });
    expect((await t.call('GET', settingsUrl(), { token: sysAdmin.token })).statusCode).toBe(200);
  });

  it('another app id: 404, signed in or not', async () => {
    for (const token of [owner.token, undefined]) {
      const res = await t.call('GET', settingsUrl('someone-elses-app'), { token });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'not_found', message: 'App not found' });
    }
  });
});

describe('app config', () => {
  it('answers without a session with the app id and the organization name', async () => {
    const res = await t.call('GET', '/api/app-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ app_id: APP_ID, name: 'Covenant', theme: null, logo_url: null });

    const org = await t.call('POST', '/entities/OrgSettings', { token: admin.token, body: { company_name: 'Maple Court LLC', organization_name: 'Maple Court HOA', theme: 'blue' } });
    expect(org.statusCode, org.body).toBe(200);
    expect((await t.call('GET', '/api/app-config')).json()).toEqual({ app_id: APP_ID, name: 'Maple Court HOA', theme: 'blue', logo_url: null });
    expect((await t.call('GET', settingsUrl(), { token: owner.token })).json().name).toBe('Maple Court HOA');
  });

  it('health answers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
});

describe('API docs', () => {
  it('GET /api/docs is an HTML page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });

  it('the OpenAPI document lists the platform paths, entity routes included', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const spec = res.json() as { openapi: string; info: { title: string }; paths: Record<string, Record<string, unknown>> };
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.info.title).toBe('Covenant API');
    const paths = Object.keys(spec.paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/apps/{appId}/entities/{entity}',
        '/api/apps/{appId}/entities/{entity}/{id}',
        '/api/apps/{appId}/entities/{entity}/count',
        '/api/apps/{appId}/entities/{entity}/bulk',
        '/api/apps/{appId}/entities/{entity}/import',
        '/api/apps/{appId}/entities/User/me',
        '/api/apps/{appId}/auth/login',
        '/api/apps/{appId}/integration-endpoints/Core/{name}',
        '/api/app-logs/{appId}/log-user-in-app/{pageName}',
        '/api/apps/public/prod/public-settings/by-id/{appId}',
      ]),
    );
    expect(Object.keys(spec.paths['/api/apps/{appId}/entities/{entity}']!).sort()).toEqual(['delete', 'get', 'post']);
    expect(Object.keys(spec.paths['/api/apps/{appId}/entities/{entity}/{id}']!).sort()).toEqual(['delete', 'get', 'put']);
    // The docs UI's own routes are not part of the API description.
    expect(paths.some((p) => p.startsWith('/api/docs'))).toBe(false);
  });
});

describe('analytics', () => {
  it('the batch endpoint acknowledges the SDK payload', async () => {
    const events = [
      { event_name: 'page_view', properties: { page: 'Owners' }, timestamp: new Date().toISOString(), page_url: 'http://localhost/owners', session_id: 's1', user_id: owner.id },
      { event_name: 'click', properties: {}, timestamp: new Date().toISOString(), page_url: 'http://localhost/owners' },
    ];
    const res = await t.call('POST', '/analytics/track/batch', { token: owner.token, body: { events } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    const other = await t.call('POST', `/api/apps/not-${APP_ID}/analytics/track/batch`, { token: owner.token, body: { events } });
    expect(other.statusCode).toBe(404);
  });
});

describe('outbox', () => {
  it('lists mail newest first, honours limit, and is for administrators only', async () => {
    const addresses = ['first.invite@example.com', 'second.invite@example.com', 'third.invite@example.com'];
    for (const user_email of addresses) {
      const res = await t.call('POST', '/users/invite-user', { token: admin.token, body: { user_email, role: 'owner' } });
      expect(res.statusCode, res.body).toBe(200);
    }
    const mail = await outbox(t, admin.token);
    expect(mail.slice(0, 3).map((m) => m.to)).toEqual([...addresses].reverse());
    const dates = mail.map((m) => m.created_date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(mail[0]).toMatchObject({ subject: 'You are invited to Covenant', text: expect.stringContaining('/register?email=third.invite%40example.com') });

    const limited = await t.call('GET', '/outbox?limit=2', { token: admin.token });
    expect(limited.json().map((m: { to: string }) => m.to)).toEqual(['third.invite@example.com', 'second.invite@example.com']);
    expect((await t.call('GET', '/outbox?limit=0', { token: admin.token })).statusCode).toBe(400);
    expect((await t.call('GET', '/outbox', { token: owner.token })).statusCode).toBe(403);
    expect((await t.call('GET', '/outbox')).statusCode).toBe(401);
  });
});

describe('app logs', () => {
  const logVisit = (token: string | undefined, page: string) => t.call('POST', `/api/app-logs/${APP_ID}/log-user-in-app/${page}`, { token });
  type Log = { id: string; user_id: string; user_email: string; page_name: string; created_date: string };
  let startedAt: string;

  beforeAll(async () => {
    startedAt = new Date(Date.now() - 1000).toISOString();
    for (const [user, page] of [
      [admin, 'Owners'],
      [admin, 'Owners'],
      [admin, 'Invoices'],
      [owner, 'Owners'],
      [owner, 'My-Invoices_2'],
    ] as const) {
      const res = await logVisit(user.token, page);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true });
    }
  });

  it('stats: total, by page and by user counts', async () => {
    const res = await t.call('GET', `/api/app-logs/${APP_ID}/stats`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const stats = res.json() as { total: number; by_page: Array<{ page_name: string; count: number }>; by_user: Array<{ user_id: string; user_email: string; count: number }> };
    expect(stats.total).toBe(5);
    expect(stats.by_page[0]).toEqual({ page_name: 'Owners', count: 3 });
    expect(stats.by_page).toHaveLength(3);
    expect(stats.by_page).toEqual(expect.arrayContaining([{ page_name: 'Invoices', count: 1 }, { page_name: 'My-Invoices_2', count: 1 }]));
    expect(stats.by_user).toEqual([
      { user_id: admin.id, user_email: admin.email, count: 3 },
      { user_id: owner.id, user_email: owner.email, count: 2 },
    ]);
    const filtered = (await t.call('GET', `/api/app-logs/${APP_ID}/stats?user_id=${owner.id}`, { token: admin.token })).json();
    expect(filtered.total).toBe(2);
    expect(filtered.by_page).toEqual(expect.arrayContaining([{ page_name: 'Owners', count: 1 }, { page_name: 'My-Invoices_2', count: 1 }]));
  });

  it('list: newest first, filtered by page, user and date range, paged by limit and skip', async () => {
    const get = async (query: string) => {
      const res = await t.call('GET', `/api/app-logs/${APP_ID}${query}`, { token: admin.token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as Log[];
    };
    const all = await get('');
    expect(all).toHaveLength(5);
    expect(all[0]).toMatchObject({ page_name: 'My-Invoices_2', user_id: owner.id, user_email: owner.email });
    expect(all[4]).toMatchObject({ page_name: 'Owners', user_id: admin.id });
    const dates = all.map((l) => l.created_date);
    expect([...dates].sort().reverse()).toEqual(dates);

    expect((await get('?page_name=Owners')).map((l) => l.user_id)).toEqual([owner.id, admin.id, admin.id]);
    expect((await get(`?user_id=${admin.id}`)).map((l) => l.page_name)).toEqual(['Invoices', 'Owners', 'Owners']);
    expect((await get(`?page_name=Owners&user_id=${owner.id}`))).toHaveLength(1);
    expect(await get('?page_name=Nowhere')).toEqual([]);

    expect((await get('?limit=2')).map((l) => l.id)).toEqual(all.slice(0, 2).map((l) => l.id));
    expect((await get('?limit=2&skip=2')).map((l) => l.id)).toEqual(all.slice(2, 4).map((l) => l.id));

    expect(await get(`?from=${encodeURIComponent(startedAt)}`)).toHaveLength(5);
    expect(await get(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).toEqual([]);
    expect(await get('?to=2000-01-01')).toEqual([]);

    expect((await t.call('GET', `/api/app-logs/${APP_ID}?from=yesterday`, { token: admin.token })).statusCode).toBe(400);
    expect((await t.call('GET', `/api/app-logs/${APP_ID}?limit=1001`, { token: admin.token })).statusCode).toBe(400);
  });

  it('reading logs is for administrators; writing needs a session; another app id is 404', async () => {
    expect((await t.call('GET', `/api/app-logs/${APP_ID}`, { token: owner.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/app-logs/${APP_ID}/stats`, { token: owner.token })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/app-logs/${APP_ID}`)).statusCode).toBe(401);
    expect((await logVisit(undefined, 'Owners')).statusCode).toBe(401);
    expect((await t.call('POST', `/api/app-logs/other-app/log-user-in-app/Owners`, { token: owner.token })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/app-logs/${APP_ID}/stats`, { token: admin.token })).json().total).toBe(5);
  });

  it('an invalid page name is a 400 and is not logged', async () => {
    for (const page of ['a%20b', 'a.b', '%3Cscript%3E', 'x'.repeat(101), '%C3%A9t%C3%A9']) {
      const res = await logVisit(owner.token, page);
      expect(res.statusCode, page).toBe(400);
      expect(res.json()).toEqual({ message: 'Page name must be 1 to 100 letters, digits, hyphens or underscores', code: 'validation_error', request_id: expect.any(String) });
    }
    expect((await logVisit(owner.token, 'x'.repeat(100))).statusCode).toBe(200);
    expect((await t.call('GET', `/api/app-logs/${APP_ID}/stats`, { token: admin.token })).json().total).toBe(6);
  });
});
