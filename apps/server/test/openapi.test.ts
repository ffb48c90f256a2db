/**
 * The OpenAPI document: every operation declares the shape of its success response (issue 9), so
 * `/api/docs/json` documents it. The operations still without one are listed here; a new route
 * without a response schema fails this test, and the list only shrinks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

/** Operations (`METHOD /path` as the document names them) that do not declare a success response yet. */
const WITHOUT_RESPONSE_SCHEMA = new Set<string>([
  // A redirect to the sign-in page (302): no success body to describe.
  'GET /api/apps/auth/logout',
]);

interface Operation { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> }

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

describe('OpenAPI document', () => {
  it('every operation declares its success response, but those still listed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const withSchema: string[] = [];
    const without: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        (hasSuccessSchema(op) ? withSchema : without).push(`${method.toUpperCase()} ${path}`);
      }
    }
    console.log(`OpenAPI operations: ${withSchema.length} with a response schema, ${without.length} without`);
    expect(without.sort()).toEqual([...WITHOUT_RESPONSE_SCHEMA].sort());
  });
});
