import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('smoke', () => {
  it('health answers', async () => {
    const res = await t.call('GET', '/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: 'ok' });
  });
  it('admin creates an owner', async () => {
    const admin = await createUser(t, 'admin');
    const res = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '100001', first_name: 'A', last_name: 'B' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().owner_id).toBe('100001');
  });
});
