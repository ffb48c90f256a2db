/**
 * The OpenAPI document: every operation declares the shape of its success response (issue 9), and every operation
 * whose method takes a body declares the body's schema (issue 16), so `/api/docs/json` documents both. The
 * exceptions are listed here with their reason; a new route without either fails this test, and the lists only shrink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** Operations (`METHOD /path` as the document names them) that do not declare a success response yet. */
const WITHOUT_RESPONSE_SCHEMA = new Set<string>([
  // A redirect to the sign-in page (302): no success body to describe.
  'GET /api/apps/auth/logout',
]);

/** Operations whose method takes a body but that declare no request schema, with the reason. */
const WITHOUT_REQUEST_SCHEMA = new Set<string>([
  // Not documented yet: these routes parse their body in the service (parseInput, for its messages); the list only shrinks.
  'POST /api/app-logs/{appId}/log-user-in-app/{pageName}',
  'POST /api/apps/{appId}/analytics/track/batch',
  'POST /api/apps/{appId}/auth/change-password',
  'POST /api/apps/{appId}/auth/login',
  'POST /api/apps/{appId}/auth/logout',
  'POST /api/apps/{appId}/auth/register',
  'POST /api/apps/{appId}/auth/resend-otp',
  'POST /api/apps/{appId}/auth/reset-password',
  'POST /api/apps/{appId}/auth/reset-password-request',
  'POST /api/apps/{appId}/auth/two-factor/disable',
  'POST /api/apps/{appId}/auth/two-factor/enable',
  'POST /api/apps/{appId}/auth/two-factor/login',
  'POST /api/apps/{appId}/auth/two-factor/verify',
  'POST /api/apps/{appId}/auth/verify-otp',
  'POST /api/apps/{appId}/bank-accounts/{id}/statements',
  'POST /api/apps/{appId}/entities/{entity}',
  'POST /api/apps/{appId}/entities/{entity}/bulk',
  'POST /api/apps/{appId}/entities/{entity}/import',
  'POST /api/apps/{appId}/integration-endpoints/Core/{name}',
  'POST /api/apps/{appId}/my-account/autopay',
  'POST /api/apps/{appId}/my-account/autopay/{id}/cancel',
  'POST /api/apps/{appId}/setup',
  'POST /api/apps/{appId}/users/invite-user',
  'POST /api/apps/{appId}/users/{id}/two-factor/reset',
  'POST /api/portfolio/associations/{app_id}/archive',
  'PUT /api/apps/{appId}/entities/User/me',
  'PUT /api/apps/{appId}/entities/{entity}/{id}',
]);

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

/** Whether a 2xx answer of the operation carries a schema (swagger adds a bare "Default Response" otherwise). */
function hasSuccessSchema(op: Operation): boolean {
  return Object.entries(op.responses ?? {}).some(
    ([status, response]) => /^2\d\d$/.test(status) && Object.values(response.content ?? {}).some((media) => media.schema !== undefined),
  );
}

/** Whether the operation declares its body's schema (JSON, or the fields of a multipart form). */
function hasRequestSchema(op: Operation): boolean {
  return Object.values(op.requestBody?.content ?? {}).some((media) => media.schema !== undefined);
}

const TAKES_A_BODY = new Set(['post', 'put', 'patch']);

describe('OpenAPI document', () => {
  it('every operation declares its success response and, where its method takes a body, its request body, but those listed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const operations: string[] = [];
    const withoutResponse: string[] = [];
    const withoutRequest: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        const key = `${method.toUpperCase()} ${path}`;
        operations.push(key);
        if (!hasSuccessSchema(op)) withoutResponse.push(key);
        if (TAKES_A_BODY.has(method) && !hasRequestSchema(op)) withoutRequest.push(key);
      }
    }
    console.log(`OpenAPI operations: ${operations.length}; without a response schema: ${withoutResponse.length}; taking a body without a request schema: ${withoutRequest.length}`);
    expect(withoutResponse.sort()).toEqual([...WITHOUT_RESPONSE_SCHEMA].sort());
    expect(withoutRequest.sort()).toEqual([...WITHOUT_REQUEST_SCHEMA].sort());
  });
});
