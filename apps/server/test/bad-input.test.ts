/**
 * Hostile and careless input at the wire: every refusal is a 4xx with a message a person can act on,
 * nothing is half-written, and the security limits (uploads, prototype keys, rate limits) hold.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ID, createTestApp, createUser, makeOwner, makeProperty, PASSWORD, type TestApp } from './helpers.ts';

/** A valid 1x1 RGBA PNG. */
const PNG_1X1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let t: TestApp;
let admin: { id: string; email: string; token: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createUser(t, 'admin');
});
afterAll(async () => t?.close());

/** A multipart/form-data body with one file part, built by hand. */
function multipart(file: { content: Buffer | string; filename: string; contentType: string; field?: string }) {
  const boundary = `----covenant${randomBytes(8).toString('hex')}`;
  const head =
    `--${boundary}\r\n` +
    `Content-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\n` +
    `Content-Type: ${file.contentType}\r\n\r\n`;
  const body = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
  return { payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

function postMultipart(app: TestApp, url: string, token: string | undefined, part: ReturnType<typeof multipart>): Promise<LightMyRequestResponse> {
  return app.app.inject({
    method: 'POST',
    url: `${app.base}${url}`,
    headers: { 'content-type': part.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: part.payload,
  });
}

const importCsv = (csv: string, entity = 'Owner') =>
  postMultipart(t, `/entities/${entity}/import`, admin.token, multipart({ content: csv, filename: 'owners.csv', contentType: 'text/csv' }));

const uploadFile = (app: TestApp, token: string | undefined, file: Parameters<typeof multipart>[0]) =>
  postMultipart(app, '/integration-endpoints/Core/UploadFile', token, multipart(file));

async function ownerCount(filter?: unknown): Promise<number> {
  const q = filter === undefined ? '' : `?q=${encodeURIComponent(JSON.stringify(filter))}`;
  const res = await t.call('GET', `/entities/Owner/count${q}`, { token: admin.token });
  expect(res.statusCode).toBe(200);
  return res.json().count as number;
}

const list = (entity: string, query: Record<string, string>) =>
  t.call('GET', `/entities/${entity}?${new URLSearchParams(query).toString()}`, { token: admin.token });

/** A refusal: the status, the {message, code} body, no stack trace or SQL leaking; returns the message. */
function refused(res: LightMyRequestResponse, status: number): string {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { message?: unknown; code?: unknown };
  expect(body.message).toEqual(expect.any(String));
  expect(body.code).toEqual(expect.any(String));
  expect(res.body).not.toMatch(/\n\s+at |node_modules|insert into|select .* from/i);
  return body.message as string;
}

describe('JSON bodies', () => {
  it('malformed JSON is a 400 with a readable message and writes nothing', async () => {
    const before = await ownerCount();
    const res = await t.call('POST', '/entities/Owner', { token: admin.token, body: '{"owner_id": "400001", "first_name": "Ann", ' });
    expect(refused(res, 400)).toBe('Request body is not valid JSON');
    expect(res.json().code).toBe('validation_error');
    const trailing = await t.call('POST', '/entities/Owner', { token: admin.token, body: '{"owner_id": "400001"} trailing' });
    expect(refused(trailing, 400)).toBe('Request body is not valid JSON');
    expect(await ownerCount()).toBe(before);
  });

  it('a body that is JSON but not an object is refused', async () => {
    for (const body of ['[]', '"text"', '42', 'null']) {
      const res = await t.call('POST', '/entities/Owner', { token: admin.token, body });
      expect(refused(res, 400), body).toMatch(/must be a JSON object/);
    }
    const asText = await t.call('POST', '/entities/Owner', {
      token: admin.token,
      body: JSON.stringify({ owner_id: '400001', first_name: 'A', last_name: 'B' }),
      headers: { 'content-type': 'text/plain' },
    });
    expect(asText.statusCode).toBe(400);
  });

  it('an unsupported content type is 415 and an oversized body 413', async () => {
    const xml = await t.call('POST', '/entities/Owner', { token: admin.token, body: '<owner/>', headers: { 'content-type': 'application/xml' } });
    refused(xml, 415);
    const huge = await t.call('POST', '/entities/Owner', { token: admin.token, body: JSON.stringify({ owner_id: '400001', first_name: 'A', last_name: 'B', notes: 'x'.repeat(3 * 1024 * 1024) }) });
    refused(huge, 413);
  });

  it('__proto__ and constructor keys are refused at the top level and nested, and pollute nothing', async () => {
    const before = await ownerCount();
    const bodies: Array<[string, string]> = [
      ['__proto__', '{"owner_id":"400002","first_name":"A","last_name":"B","__proto__":{"polluted":true}}'],
      ['__proto__', '{"owner_id":"400002","first_name":"A","last_name":"B","notes":{"deep":{"__proto__":{"polluted":true}}}}'],
      ['constructor', '{"owner_id":"400002","first_name":"A","last_name":"B","constructor":{"polluted":true}}'],
      ['constructor', '{"owner_id":"400002","first_name":"A","last_name":"B","city":[{"constructor":1}]}'],
    ];
    for (const [key, body] of bodies) {
      const res = await t.call('POST', '/entities/Owner', { token: admin.token, body });
      expect(refused(res, 400), body).toBe(`Request body contains a forbidden key '${key}'`);
    }
    // The same on every JSON route: bulk items, updates, User/me, delete-many filters.
    const bulk = await t.call('POST', '/entities/Owner/bulk', { token: admin.token, body: '[{"owner_id":"400003","first_name":"A","last_name":"B"},{"__proto__":{}}]' });
    expect(refused(bulk, 400)).toContain("forbidden key '__proto__'");
    const owner = await makeOwner(t, admin.token);
    const put = await t.call('PUT', `/entities/Owner/${owner.id}`, { token: admin.token, body: '{"city":"X","__proto__":{"status":"inactive"}}' });
    expect(refused(put, 400)).toContain("forbidden key '__proto__'");
    const me = await t.call('PUT', '/entities/User/me', { token: admin.token, body: '{"phone":"1","constructor":{"role":"admin"}}' });
    expect(refused(me, 400)).toContain("forbidden key 'constructor'");
    const delMany = await t.call('DELETE', '/entities/Owner', { token: admin.token, body: '{"__proto__":{"owner_id":"x"}}' });
    expect(refused(delMany, 400)).toContain("forbidden key '__proto__'");
    const q = await list('Owner', { q: '{"$or":[{"__proto__":{"x":1}}]}' });
    expect(refused(q, 400)).toBe("Filter (q) contains a forbidden key '__proto__'");

    expect(await ownerCount()).toBe(before + 1);
    expect((await t.call('GET', `/entities/Owner/${owner.id}`, { token: admin.token })).json()).toMatchObject({ city: null, status: 'active' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).status).toBeUndefined();
  });
});

describe('the filter language', () => {
  it('an unknown operator is a 400 naming it', async () => {
    expect(refused(await list('Owner', { q: JSON.stringify({ owner_id: { $where: 'sleep(1)' } }) }), 400)).toBe("Unknown filter operator '$where' on 'owner_id'");
    expect(refused(await list('Owner', { q: JSON.stringify({ $nor: [{ first_name: 'A' }] }) }), 400)).toBe("Unknown filter operator '$nor'");
    expect(refused(await list('Owner', { q: JSON.stringify({ $or: [{ last_name: { $elemMatch: {} } }] }) }), 400)).toContain("'$elemMatch'");
  });

  it('an unknown or hidden field is a 400 naming it', async () => {
    expect(refused(await list('Owner', { q: JSON.stringify({ password: 'x' }) }), 400)).toBe("Unknown field 'password' for Owner");
    expect(refused(await list('Invoice', { q: JSON.stringify({ deleted_at: { $exists: true } }) }), 400)).toBe("Unknown field 'deleted_at' for Invoice");
    expect(refused(await list('Owner', { fields: 'first_name,secret' }), 400)).toBe("Unknown field 'secret' for Owner");
  });

  it('a value of the wrong type for the field is a 400', async () => {
    expect(refused(await list('Property', { q: JSON.stringify({ square_footage: 'abc' }) }), 400)).toBe("Filter value for 'square_footage' must be a number");
    expect(refused(await list('Property', { q: JSON.stringify({ bedrooms: { $gte: 1.5 } }) }), 400)).toBe("Filter value for 'bedrooms' must be a number");
    expect(refused(await list('Property', { q: JSON.stringify({ monthly_hoa_fee: { $lt: 'lots' } }) }), 400)).toBe("Filter value for 'monthly_hoa_fee' must be a number");
    expect(refused(await list('Owner', { q: JSON.stringify({ date_of_birth: 'yesterday' }) }), 400)).toBe("Filter value for 'date_of_birth' must be a date (YYYY-MM-DD)");
    expect(refused(await list('Owner', { q: JSON.stringify({ status: 'bogus' }) }), 400)).toMatch(/^Filter value for 'status' must be one of: /);
    expect(refused(await list('Owner', { q: JSON.stringify({ created_date: { $gt: 'not a date' } }) }), 400)).toBe("Filter value for 'created_date' must be a date and time (ISO 8601)");
    expect(refused(await list('Owner', { q: JSON.stringify({ first_name: { nested: 'object' } }) }), 400)).toBe("Unknown filter operator 'nested' on 'first_name'");
    expect(refused(await list('Owner', { q: JSON.stringify({ first_name: ['a', 'b'] }) }), 400)).toMatch(/use \$in/);
    expect(refused(await list('Owner', { q: JSON.stringify({ first_name: { $in: 'a' } }) }), 400)).toBe("$in on 'first_name' needs a list");
    expect(refused(await list('Owner', { q: JSON.stringify({ first_name: { $exists: 'yes' } }) }), 400)).toBe("$exists on 'first_name' needs true or false");
    expect(refused(await list('Owner', { q: JSON.stringify({ $or: [] }) }), 400)).toBe('$or needs a non-empty list of conditions');
    expect(refused(await list('Owner', { q: '[1,2]' }), 400)).toBe('Filter must be a JSON object');
  });

  it('invalid q JSON, an over-long $regex, a broken regex, too deep or too many values are 400s', async () => {
    expect(refused(await list('Owner', { q: '{"first_name": ' }), 400)).toBe('Filter (q) is not valid JSON');
    expect(refused(await t.call('GET', `/entities/Owner/count?q=${encodeURIComponent('{nope}')}`, { token: admin.token }), 400)).toBe('Filter (q) is not valid JSON');

    const longRegex = await list('Owner', { q: JSON.stringify({ last_name: { $regex: 'a'.repeat(201) } }) });
    expect(refused(longRegex, 400)).toBe("$regex on 'last_name' needs a pattern of at most 200 characters");
    expect((await list('Owner', { q: JSON.stringify({ last_name: { $regex: 'a'.repeat(200) } }) })).statusCode).toBe(200);
    expect(refused(await list('Owner', { q: JSON.stringify({ last_name: { $regex: 'a', $options: 'x' } }) }), 400)).toBe("$options on 'last_name' supports only 'i'");
    expect(refused(await list('Owner', { q: JSON.stringify({ last_name: { $regex: '(' } }) }), 400)).toBe('Invalid regular expression in filter');

    let deep: unknown = { first_name: 'A' };
    for (let i = 0; i < 10; i++) deep = { $and: [deep] };
    expect(refused(await list('Owner', { q: JSON.stringify(deep) }), 400)).toBe('Filter is nested too deeply');
    const many = Array.from({ length: 1001 }, (_, i) => String(i));
    expect(refused(await list('Owner', { q: JSON.stringify({ owner_id: { $in: many } }) }), 400)).toBe("$in on 'owner_id' accepts at most 1000 values");
  });

  it('an unknown sort field, limit 0, limit 5001 and a negative skip are 400s', async () => {
    expect(refused(await list('Owner', { sort: 'password' }), 400)).toBe("Cannot sort Owner by unknown field 'password'");
    expect(refused(await list('Owner', { sort: '-last_name,nope' }), 400)).toBe("Cannot sort Owner by unknown field 'nope'");
    expect(refused(await list('Owner', { limit: '0' }), 400)).toContain('limit must be at least 1');
    expect(refused(await list('Owner', { limit: '5001' }), 400)).toContain('limit must be at most 5000');
    expect(refused(await list('Owner', { limit: 'ten' }), 400)).toContain('limit');
    expect(refused(await list('Owner', { skip: '-1' }), 400)).toContain('skip must be 0 or more');
    expect((await list('Owner', { limit: '5000', skip: '0', sort: 'last_name' })).statusCode).toBe(200);
  });

  it('delete-many refuses a bad filter and deletes nothing', async () => {
    await makeOwner(t, admin.token, { first_name: 'Keeper' });
    const before = await ownerCount();
    expect(refused(await t.call('DELETE', '/entities/Owner', { token: admin.token, body: { first_name: { $regex: 'K', $bogus: 1 } } }), 400)).toContain("'$bogus'");
    expect(refused(await t.call('DELETE', '/entities/Owner', { token: admin.token, body: [{ first_name: 'Keeper' }] }), 400)).toBe('Delete many needs a JSON filter object');
    expect(await ownerCount()).toBe(before);
  });
});

describe('values the database cannot hold ', () => {
  it('a NUL character in a text value is a 400, not a 500 (create)', async () => {
    const res = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400040', first_name: 'Nul\u0000Byte', last_name: 'B' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe('first_name: must not contain NUL characters');
  });

  it('a NUL character in a filter value is a 400, not a 500', async () => {
    const res = await list('Owner', { q: JSON.stringify({ first_name: 'Nul\u0000Byte' }) });
    expect(res.statusCode, res.body).toBe(400);
  });

  it('a timestamp filter with an expanded year is a 400, not a 500', async () => {
    const res = await list('Owner', { q: JSON.stringify({ created_date: { $gt: '+010000-01-01T00:00:00Z' } }) });
    expect(res.statusCode, res.body).toBe(400);
  });
});

describe('CSV rows that do not match the header ', () => {
  it('a row with more values than header columns is refused naming the row', async () => {
    const res = await importCsv('owner_id,first_name,last_name\n400701,Anne,Smith, Jr.\n');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('Row 2');
  });

  it('a header naming a column twice is refused', async () => {
    const res = await importCsv('owner_id,first_name,last_name,last_name\n400702,Anne,Smith,Jones\n');
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toBe("Column 'last_name' appears twice in the header");
  });
});

describe('record ids and entity names', () => {
  it('a malformed id is 400, a well-formed unknown id 404, on get, update and delete', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const bad = await t.call(method, '/entities/Owner/not-an-id', { token: admin.token, ...(method === 'PUT' ? { body: { city: 'X' } } : {}) });
      expect(refused(bad, 400), method).toBe("'not-an-id' is not a valid owner id");
      const unknown = await t.call(method, `/entities/Owner/${'f'.repeat(24)}`, { token: admin.token, ...(method === 'PUT' ? { body: { city: 'X' } } : {}) });
      expect(refused(unknown, 404), method).toBe('Owner not found');
    }
    expect(refused(await t.call('GET', `/entities/Owner/${'A'.repeat(24)}`, { token: admin.token }), 400)).toContain('is not a valid owner id');
    expect(refused(await t.call('GET', `/entities/Owner/${encodeURIComponent("1' or '1'='1")}`, { token: admin.token }), 400)).toContain('is not a valid owner id');
  });

  it('an unknown entity is 404, including prototype names', async () => {
    expect(refused(await t.call('GET', '/entities/Nope', { token: admin.token }), 404)).toBe("Unknown entity 'Nope'");
    expect(refused(await t.call('POST', '/entities/Nope', { token: admin.token, body: {} }), 404)).toBe("Unknown entity 'Nope'");
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
      expect((await t.call('GET', `/entities/${name}`, { token: admin.token })).statusCode, name).toBe(404);
    }
    expect(refused(await t.call('GET', `/api/apps/other-app/entities/Owner`, { token: admin.token }), 404)).toBe('App not found');
  });
});

describe('validation messages a person understands', () => {
  it('unknown fields in a create are refused (no mass assignment)', async () => {
    const res = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400010', first_name: 'A', last_name: 'B', role: 'admin' } });
    expect(refused(res, 400)).toBe('Unknown field: role');
    const two = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400010', first_name: 'A', last_name: 'B', id: 'x', created_by: 'me' } });
    expect(refused(two, 400)).toContain('Unknown fields: id, created_by');
    const upd = await t.call('PUT', `/entities/Owner/${(await makeOwner(t, admin.token)).id}`, { token: admin.token, body: { owner_id: '999999' } });
    expect(refused(upd, 400)).toContain('Unknown field: owner_id');
  });

  it('Owner: six-digit owner_id, required names', async () => {
    const short = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '12345', first_name: 'A', last_name: 'B' } });
    expect(refused(short, 400)).toBe('owner_id: Owner ID must be exactly 6 digits');
    const missing = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400011', last_name: 'B' } });
    expect(refused(missing, 400)).toBe('first_name: First name is required');
    const blank = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400011', first_name: '   ', last_name: 'B' } });
    expect(refused(blank, 400)).toBe('first_name: First name is required');
    const email = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400011', first_name: 'A', last_name: 'B', email: 'not-an-email' } });
    expect(refused(email, 400)).toBe('email: Email must be a valid email address');
  });

  it('Property bathrooms 1.25 and OwnerProperty ownership_percentage 101 are refused', async () => {
    const bath = await t.call('POST', '/entities/Property', { token: admin.token, body: { property_id: '400020', unit_number: 'B1', bathrooms: 1.25 } });
    expect(refused(bath, 400)).toMatch(/^bathrooms: Bathrooms must/);
    const ok = await t.call('POST', '/entities/Property', { token: admin.token, body: { property_id: '400020', unit_number: 'B1', bathrooms: 1.5 } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().bathrooms).toBe(1.5);

    const owner = await makeOwner(t, admin.token);
    const property = await makeProperty(t, admin.token);
    const pct = await t.call('POST', '/entities/OwnerProperty', { token: admin.token, body: { owner_id: owner.id, property_id: property.id, ownership_percentage: 101 } });
    expect(refused(pct, 400)).toBe('ownership_percentage: Ownership percentage must be at most 100');
    const good = await t.call('POST', '/entities/OwnerProperty', { token: admin.token, body: { owner_id: owner.id, property_id: property.id, ownership_percentage: 100 } });
    expect(good.statusCode).toBe(200);
  });

  it('a duplicate owner_id is a 409 with a readable message', async () => {
    await makeOwner(t, admin.token, { owner_id: '400030' });
    const dup = await t.call('POST', '/entities/Owner', { token: admin.token, body: { owner_id: '400030', first_name: 'Dup', last_name: 'Licate' } });
    expect(refused(dup, 409)).toBe("An owner with owner id '400030' already exists");
    expect(dup.json().code).toBe('duplicate');
    expect(await ownerCount({ owner_id: '400030' })).toBe(1);
  });
});

describe('bulk create is all or nothing', () => {
  const batch = (third: Record<string, unknown>) => [
    { owner_id: '400101', first_name: 'One', last_name: 'Bulk' },
    { owner_id: '400102', first_name: 'Two', last_name: 'Bulk' },
    third,
    { owner_id: '400104', first_name: 'Four', last_name: 'Bulk' },
  ];

  it('an invalid item 3 is a 400 naming Item 3, and nothing from the batch is written', async () => {
    const before = await ownerCount();
    const res = await t.call('POST', '/entities/Owner/bulk', { token: admin.token, body: batch({ owner_id: '4001', first_name: 'Three', last_name: 'Bulk' }) });
    expect(refused(res, 400)).toBe('Item 3: owner_id: Owner ID must be exactly 6 digits');
    expect(await ownerCount()).toBe(before);
    expect(await ownerCount({ last_name: 'Bulk' })).toBe(0);
  });

  it('item 3 refused by the database (duplicate of item 1) rolls back items 1 and 2', async () => {
    const before = await ownerCount();
    const res = await t.call('POST', '/entities/Owner/bulk', { token: admin.token, body: batch({ owner_id: '400101', first_name: 'Three', last_name: 'Bulk' }) });
    expect(refused(res, 409)).toBe("Item 3: An owner with owner id '400101' already exists");
    expect(await ownerCount()).toBe(before);
    expect(await ownerCount({ last_name: 'Bulk' })).toBe(0);
  });

  it('a body that is not an array is refused', async () => {
    const res = await t.call('POST', '/entities/Owner/bulk', { token: admin.token, body: { owner_id: '400105', first_name: 'A', last_name: 'B' } });
    expect(refused(res, 400)).toBe('Bulk create needs a JSON array of records');
  });
});

describe('CSV import', () => {
  it('BOM, CRLF, quoted commas, doubled quotes, embedded line breaks and blank lines import exactly', async () => {
    const csv =
      '\uFEFFowner_id,first_name,last_name,mailing_address,notes,email,phone\r\n' +
      '400201,Anne,O\'Neil,"12 Main St, Apt 4","She said ""hello"", then left",anne@example.com,555-0101\r\n' +
      '\r\n' +
      '400202,"Bob","Smith, Jr.",,"line one\r\nline two",,\r\n' +
      ',,,,,,\r\n' +
      '   \r\n' +
      '400203,Cara,"""Quoted""",PO Box 9,,cara@example.com,\r\n';
    const res = await importCsv(csv);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { success: boolean; count: number; items: Array<Record<string, unknown>> };
    expect(body.success).toBe(true);
    expect(body.count).toBe(3);
    expect(body.items.map((i) => i.owner_id)).toEqual(['400201', '400202', '400203']);

    const stored = (await list('Owner', { q: JSON.stringify({ owner_id: { $in: ['400201', '400202', '400203'] } }), sort: 'owner_id' })).json() as Array<Record<string, unknown>>;
    const pick = (o: Record<string, unknown>) => ({
      owner_id: o.owner_id, first_name: o.first_name, last_name: o.last_name, mailing_address: o.mailing_address, notes: o.notes, email: o.email, phone: o.phone,
    });
    expect(stored.map(pick)).toEqual([
      { owner_id: '400201', first_name: 'Anne', last_name: "O'Neil", mailing_address: '12 Main St, Apt 4', notes: 'She said "hello", then left', email: 'anne@example.com', phone: '555-0101' },
      { owner_id: '400202', first_name: 'Bob', last_name: 'Smith, Jr.', mailing_address: null, notes: 'line one\r\nline two', email: null, phone: null },
      { owner_id: '400203', first_name: 'Cara', last_name: '"Quoted"', mailing_address: 'PO Box 9', notes: null, email: 'cara@example.com', phone: null },
    ]);
    // The BOM did not end up in the first header (owner_id was recognised) nor in any value.
    expect(JSON.stringify(stored)).not.toContain('\uFEFF');
    expect(stored.every((o) => o.created_by === admin.email)).toBe(true);
  });

  it('an invalid 4th line rejects the whole file with a message naming Row 4', async () => {
    const before = await ownerCount();
    const csv = 'owner_id,first_name,last_name\n400301,Ann,Row\n400302,Ben,Row\n400303,,Row\n400304,Dan,Row\n';
    const res = await importCsv(csv);
    expect(refused(res, 400)).toBe('Row 4: first_name: First name is required');
    expect(await ownerCount()).toBe(before);
    expect(await ownerCount({ last_name: 'Row' })).toBe(0);
  });

  it('a 4th line refused by the database (duplicate owner_id) rolls back the rows before it', async () => {
    const before = await ownerCount();
    const csv = 'owner_id,first_name,last_name\r\n400401,Ann,Dup\r\n400402,Ben,Dup\r\n400401,Cat,Dup\r\n';
    const res = await importCsv(csv);
    expect(refused(res, 409)).toBe("Row 4: An owner with owner id '400401' already exists");
    expect(await ownerCount()).toBe(before);
  });

  it("headers '__proto__', 'constructor', unknown or system columns are refused", async () => {
    expect(refused(await importCsv('owner_id,first_name,last_name,__proto__\n400501,A,B,x\n'), 400)).toBe("Column '__proto__' is not allowed");
    expect(refused(await importCsv('constructor,owner_id,first_name,last_name\nx,400501,A,B\n'), 400)).toBe("Column 'constructor' is not allowed");
    expect(refused(await importCsv('owner_id,first_name,last_name,password\n400501,A,B,x\n'), 400)).toBe("Unknown column 'password' for Owner");
    expect(refused(await importCsv('id,owner_id,first_name,last_name\nabc,400501,A,B\n'), 400)).toBe("Unknown column 'id' for Owner");
    expect(refused(await importCsv(''), 400)).toBe('The CSV file is empty');
    expect(await ownerCount({ owner_id: '400501' })).toBe(0);
  });

  it('an import that is not multipart, or in another field, is refused', async () => {
    const json = await t.call('POST', '/entities/Owner/import', { token: admin.token, body: { file: 'owner_id\n400601' } });
    expect(refused(json, 400)).toContain('multipart');
    const wrongField = await postMultipart(t, '/entities/Owner/import', admin.token, multipart({ content: 'owner_id,first_name,last_name\n400601,A,B\n', filename: 'o.csv', contentType: 'text/csv', field: 'upload' }));
    expect(refused(wrongField, 400)).toBe('Upload the CSV in the field "file"');
    const anonymous = await postMultipart(t, '/entities/Owner/import', undefined, multipart({ content: 'owner_id,first_name,last_name\n400601,A,B\n', filename: 'o.csv', contentType: 'text/csv' }));
    refused(anonymous, 401);
    expect(await ownerCount({ owner_id: '400601' })).toBe(0);
  });
});

describe('uploads', () => {
  it('content decides: a PNG named .jpg and declared image/jpeg is stored and served as PNG', async () => {
    const res = await uploadFile(t, admin.token, { content: PNG_1X1, filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().file_url as string);
    expect(url.pathname).toMatch(new RegExp(`^/api/apps/${APP_ID}/files/[0-9a-f]{32}\\.png$`));
    const served = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('a text file named x.png and declared image/png is refused; so are an empty file and a wrong field', async () => {
    const text = await uploadFile(t, admin.token, { content: '<script>alert(1)</script>', filename: 'x.png', contentType: 'image/png' });
    expect(refused(text, 400)).toBe('Only image files (PNG, JPEG, WebP or GIF) can be uploaded');
    const svg = await uploadFile(t, admin.token, { content: '<svg xmlns="http://www.w3.org/2000/svg"/>', filename: 'x.svg', contentType: 'image/svg+xml' });
    refused(svg, 400);
    const empty = await uploadFile(t, admin.token, { content: Buffer.alloc(0), filename: 'x.png', contentType: 'image/png' });
    expect(refused(empty, 400)).toBe('The file is empty');
    const field = await uploadFile(t, admin.token, { content: PNG_1X1, filename: 'x.png', contentType: 'image/png', field: 'image' });
    expect(refused(field, 400)).toBe('Upload the file in the field "file"');
  });

  it('an upload without a token is 401', async () => {
    const res = await uploadFile(t, undefined, { content: PNG_1X1, filename: 'a.png', contentType: 'image/png' });
    refused(res, 401);
  });

  it('a stored-file path with traversal or an unknown name is 404', async () => {
    for (const name of ['..%2F..%2Fetc%2Fpasswd', '..%2F..%2F..%2F..%2Fpackage.json', '..%5C..%5Cauth-secret', 'auth-secret', `${'0'.repeat(32)}.png`, '%2Fetc%2Fpasswd']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/apps/${APP_ID}/files/${name}` });
      expect(res.statusCode, name).toBe(404);
      expect(res.body, name).not.toContain('root:');
    }
  });

  it('an unknown Core integration is 404', async () => {
    const res = await t.call('POST', '/integration-endpoints/Core/SendEmail', { token: admin.token, body: { to: 'a@b.c' } });
    expect(refused(res, 404)).toContain('SendEmail');
  });

  describe('with a 1 KiB upload limit', () => {
    let small: TestApp;
    let token: string;
    beforeAll(async () => {
      small = await createTestApp({ maxUploadBytes: 1024 });
      token = (await createUser(small, 'admin')).token;
    });
    afterAll(async () => small?.close());

    it('a file over the limit is 413; one under it is accepted', async () => {
      const big = Buffer.concat([PNG_1X1, Buffer.alloc(2048, 0)]);
      const res = await uploadFile(small, token, { content: big, filename: 'big.png', contentType: 'image/png' });
      expect(refused(res, 413)).toBe('The file is too large');
      expect(res.json().code).toBe('file_too_large');
      const ok = await uploadFile(small, token, { content: PNG_1X1, filename: 'small.png', contentType: 'image/png' });
      expect(ok.statusCode).toBe(200);
    });
  });
});

describe('rate limits', () => {
  describe('per address on the auth routes', () => {
    let limited: TestApp;
    beforeAll(async () => {
      limited = await createTestApp({ authRateLimitPerMinute: 5 });
    });
    afterAll(async () => limited?.close());

    it('the 6th login attempt from the same address in a minute is 429, whatever X-Forwarded-For says', async () => {
      for (let i = 1; i <= 5; i++) {
        const res = await limited.call('POST', '/auth/login', { body: { email: `nobody${i}@example.com`, password: 'wrong-password' } });
        expect(res.statusCode, `attempt ${i}`).toBe(401);
      }
      const sixth = await limited.call('POST', '/auth/login', { body: { email: 'nobody6@example.com', password: 'wrong-password' } });
      expect(refused(sixth, 429)).toBe('Too many requests. Please wait a moment and try again.');
      expect(sixth.json().code).toBe('too_many_requests');
      const spoofed = await limited.call('POST', '/auth/login', { body: { email: 'nobody7@example.com', password: 'wrong-password' }, headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(spoofed.statusCode).toBe(429);
      // Other routes are not affected by the auth limit.
      expect((await limited.call('GET', '/api/health')).statusCode).toBe(200);
    });
  });

  describe('per account on failed sign-ins', () => {
    let strict: TestApp;
    beforeAll(async () => {
      strict = await createTestApp({ failedLoginLimit: 3 });
    });
    afterAll(async () => strict?.close());

    it('after 3 wrong passwords the password alone no longer signs in, whatever the address; others still sign in', async () => {
      const victim = await createUser(strict, 'owner');
      const other = await createUser(strict, 'owner');
      for (let i = 1; i <= 3; i++) {
        const res = await strict.call('POST', '/auth/login', { body: { email: victim.email, password: `wrong-password-${i}` }, headers: { 'x-forwarded-for': `198.51.100.${i}` } });
        expect(res.statusCode, `attempt ${i}`).toBe(401);
      }
      const fourth = await strict.call('POST', '/auth/login', { body: { email: victim.email, password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.200' } });
      expect(refused(fourth, 429)).toBe('Too many wrong passwords were entered for this account. We emailed it a sign-in code: enter the code with your password.');
      expect(fourth.json().code).toBe('sign_in_code_required');
      const shouting = await strict.call('POST', '/auth/login', { body: { email: victim.email.toUpperCase(), password: PASSWORD }, headers: { 'x-forwarded-for': '192.0.2.77' } });
      expect(shouting.statusCode).toBe(429);

      const ok = await strict.call('POST', '/auth/login', { body: { email: other.email, password: PASSWORD }, headers: { 'x-forwarded-for': '198.51.100.1' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user).toMatchObject({ email: other.email });
      // The account's existing session keeps working: the budget is on checking passwords, not on the account's data.
      expect((await strict.call('GET', '/entities/User/me', { token: victim.token })).statusCode).toBe(200);
    });
  });
});
