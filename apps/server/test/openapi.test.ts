/**
 * The OpenAPI document: every operation declares the shape of its success response (issue 9), and every operation
 * whose method takes a body declares the body's schema (issue 16), so `/api/docs/json` documents both. The
 * exceptions are listed here with their reason; a new route without either fails this test, and the lists only shrink.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../src/app.ts';
import { Registry } from '../src/platform/registry.ts';
import { createTestApp, type TestApp } from './helpers.ts';

/** Operations (`METHOD /path` as the document names them) that do not declare a success response yet. */
const WITHOUT_RESPONSE_SCHEMA = new Set<string>([
  // A redirect to the sign-in page (302): no success body to describe.
  'GET /api/apps/auth/logout',
]);

/** Operations whose method takes a body but that declare no request schema, with the reason: none. */
const WITHOUT_REQUEST_SCHEMA = new Set<string>([]);

interface JsonSchema {
  type?: string;
  format?: string;
  title?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  items?: JsonSchema;
}

interface Operation {
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
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

  it('request bodies say what the service reads: JSON fields, multipart forms with a binary file, no body where none is read', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    const body = (path: string, method = 'post') => doc.paths[path]![method]!.requestBody!;

    const login = body('/api/apps/{appId}/auth/login').content!['application/json']!.schema!;
    expect(Object.keys(login.properties!)).toEqual(['email', 'password', 'sign_in_code', 'turnstile_token']);
    expect(login.required).toEqual(['email', 'password']);
    expect(body('/api/apps/{appId}/auth/login').required).toBe(true);

    for (const path of ['/api/apps/{appId}/entities/{entity}/import', '/api/apps/{appId}/integration-endpoints/Core/{name}', '/api/apps/{appId}/bank-accounts/{id}/statements']) {
      const form = body(path).content!['multipart/form-data']?.schema;
      expect(form?.properties?.file, path).toMatchObject({ type: 'string', format: 'binary' });
      expect(form?.required, path).toContain('file');
    }
    expect(Object.keys(body('/api/apps/{appId}/bank-accounts/{id}/statements').content!['multipart/form-data']!.schema!.properties!)).toEqual(['file', 'mapping']);

    for (const [method, path] of [
      ['post', '/api/apps/{appId}/auth/logout'], ['post', '/api/app-logs/{appId}/log-user-in-app/{pageName}'], ['post', '/api/apps/{appId}/my-account/autopay/{id}/cancel'],
      ['post', '/api/apps/{appId}/users/{id}/two-factor/reset'], ['post', '/api/portfolio/associations/{app_id}/archive'],
    ] as const) {
      expect(body(path, method).required, `${path}: no body is read`).toBe(false);
      expect(body(path, method).content!['application/json']!.schema!.properties, path).toEqual({});
    }

    // The generic entity writes: one branch per entity written that way, titled by its name.
    const registry = new Registry(FEATURES);
    const titles = (schema: JsonSchema | undefined) => (schema?.anyOf ?? []).map((branch) => branch.title);
    const creatable = [...registry.entities.values()].filter((def) => def.createInput).map((def) => def.name);
    const updatable = [...registry.entities.values()].filter((def) => def.updateInput).map((def) => def.name);
    expect(titles(body('/api/apps/{appId}/entities/{entity}').content!['application/json']!.schema)).toEqual(creatable);
    expect(titles(body('/api/apps/{appId}/entities/{entity}/bulk').content!['application/json']!.schema!.items)).toEqual(creatable);
    expect(titles(body('/api/apps/{appId}/entities/{entity}/{id}', 'put').content!['application/json']!.schema)).toEqual(updatable);
    expect(creatable).toEqual(expect.arrayContaining(['Owner', 'Invoice', 'Payment']));
    expect(creatable).not.toContain('User');
  });
});
