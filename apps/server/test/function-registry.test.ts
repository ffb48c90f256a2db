/**
 * The function registry of the contracts (`@covenant/contracts/functions`) and the functions the server registers
 * are the same set; each has an input and an output schema and is its own OpenAPI operation with both. Calls keep
 * their wire behaviour: an unknown name is a 404, bad input a 400 with the person-readable message, a caller
 * without the privilege a 403 whatever they send. Answers are checked against the output schema outside
 * production (every server test that calls a function proves its schema); the check itself is tested here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { functionContracts, FUNCTION_NAMES } from '@covenant/contracts/functions';
import { FEATURES } from '../src/app.ts';
import { answerProblem } from '../src/platform/answers/answer-check.ts';
import { Registry } from '../src/platform/registry.ts';
import { createTestApp, createUser, type TestApp } from './helpers.ts';

const REGISTRY = new Registry(FEATURES);

interface Operation {
  requestBody?: { content?: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

let t: TestApp;
let admin: string;
let owner: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await createUser(t, 'admin')).token;
  owner = (await createUser(t, 'owner')).token;
});
afterAll(async () => t?.close());

describe('the function registry', () => {
  it('every function the server registers is in the contracts registry, and every contract is registered', () => {
    const registered = [...REGISTRY.functions.keys()].sort();
    console.log(`functions: ${registered.length} registered, ${FUNCTION_NAMES.length} in the contracts registry`);
    expect(registered).toEqual([...FUNCTION_NAMES].sort());
  });

  it('each function takes its input schema and declares its output schema and access from its contract', () => {
    for (const name of FUNCTION_NAMES) {
      const fn = REGISTRY.functions.get(name)!;
      const contract = functionContracts[name];
      expect(fn.input, name).toBe(contract.input);
      expect(fn.output, name).toBe(contract.output);
      expect(fn.access, name).toBe(contract.access);
      expect(contract.input, name).toBeInstanceOf(z.ZodType);
      expect(contract.output, name).toBeInstanceOf(z.ZodType);
      // An answer is described: never "anything".
      expect(contract.output instanceof z.ZodUnknown || contract.output instanceof z.ZodAny, `${name}'s output is unknown`).toBe(false);
      expect(contract.access.length, name).toBeGreaterThan(0);
    }
  });

  it('each function is its own OpenAPI operation with a request body schema and a 200 response schema', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    const doc = res.json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    for (const name of FUNCTION_NAMES) {
      const op = doc.paths[`/api/apps/{appId}/functions/${name}`]?.post;
      if (!op) missing.push(`${name}: no operation`);
      else if (!op.requestBody?.content?.['application/json']?.schema) missing.push(`${name}: no request schema`);
      else if (!op.responses?.['200']?.content?.['application/json']?.schema) missing.push(`${name}: no response schema`);
    }
    expect(missing).toEqual([]);
    expect(doc.paths['/api/apps/{appId}/functions/{name}'], 'the generic route of unknown names is not an operation').toBeUndefined();
  });
});

describe('calls keep their wire behaviour', () => {
  it('an unknown name is a 404 naming it; anonymous callers get a 401 first', async () => {
    const res = await t.call('POST', '/functions/noSuchThing', { token: admin, body: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found', message: "Function 'noSuchThing' does not exist" });
    expect((await t.call('POST', '/functions/noSuchThing', { body: {} })).statusCode).toBe(401);
    expect((await t.call('POST', '/functions/recordPayment', { body: {} })).statusCode).toBe(401);
  });

  it('bad input is a 400 with the person-readable message of the contract', async () => {
    const res = await t.call('POST', '/functions/recordPayment', { token: admin, body: { amount: 'ten' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('validation_error');
    expect(res.json().message).toMatch(/owner_id/);
    const unknownKey = await t.call('POST', '/functions/closePeriod', { token: admin, body: { through: '2025-01-31', extra: 1 } });
    expect(unknownKey.statusCode).toBe(400);
    expect(unknownKey.json().message).toBe('Unknown field: extra');
    const notAnObject = await t.call('POST', '/functions/runAssessments', { token: admin, body: [1, 2] });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json().message).toBe('Function runAssessments must receive an object with named parameters');
  });

  it('a caller without the privilege is refused before the input is read (403, not 400)', async () => {
    for (const name of ['recordPayment', 'runAssessments', 'postJournalEntry', 'closePeriod', 'saveBudget', 'matchBankLine', 'createAchDebitBatch']) {
      const res = await t.call('POST', `/functions/${name}`, { token: owner, body: { nonsense: true } });
      expect(res.statusCode, name).toBe(403);
    }
  });
});

describe('answers are checked against their schema outside production', () => {
  const schema = z.object({ id: z.string(), total: z.number(), lines: z.array(z.looseObject({ id: z.string() })) });

  it('an answer as described passes, loose objects keep their other fields', () => {
    expect(answerProblem(schema, { id: 'a', total: 1, lines: [{ id: 'l', note: 'x' }] })).toBeNull();
  });

  it('a missing or mistyped field, or a key the schema does not declare, is named', () => {
    expect(answerProblem(schema, { id: 'a', lines: [] })).toMatch(/total/);
    expect(answerProblem(schema, { id: 'a', total: '1', lines: [] })).toMatch(/total/);
    expect(answerProblem(schema, { id: 'a', total: 1, lines: [], extra: true })).toBe('undeclared keys: extra');
  });

  it('the answer is checked as it goes on the wire (JSON): dates are strings, undefined keys vanish', () => {
    const dated = z.object({ at: z.string() });
    expect(answerProblem(dated, { at: new Date('2025-01-01T00:00:00Z') })).toBeNull();
    expect(answerProblem(dated, { at: 'x', gone: undefined })).toBeNull();
  });
});
