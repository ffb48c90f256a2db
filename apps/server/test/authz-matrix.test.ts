import { afterAll, beforeAll, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';
let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => t?.close());
it('probe', async () => {
  console.log(t.routes.map((r) => `${r.method} ${r.url}`).join('\n'));
  const r = await t.call('GET', '/api/docs/json');
  console.log('docs', r.statusCode);
  console.log((await t.call('GET', '/api/docs')).statusCode, (await t.call('GET', '/api/docs/static/index.html')).statusCode);
  console.log(t.app.printRoutes({ commonPrefix: false }));
});
