import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';
import { expectBooksBalanced } from './ledger-helpers.ts';

type Rec = Record<string, unknown> & { id: string };

const COLLECTIONS = [
  'assessmentSchedules', 'lateFeeRules', 'chargeRuns', 'chargeRunItems', 'collectionStages', 'collectionCases', 'collectionLetters', 'paymentPlans', 'mailJobs', 'emailDeliveries',
  'bankAccounts', 'bankRules', 'bankStatements', 'bankStatementLines', 'bankLineMatches', 'bankReconciliations', 'bankReconciliationLines', 'autopayEnrollments', 'achBatches', 'achEntries',
  'owners', 'properties', 'ownerProperties', 'invoices', 'invoiceLineItems', 'payments', 'paymentInvoices', 'vendors', 'bills',
  'billLineItems', 'billPayments', 'funds', 'accounts', 'products', 'taxRates', 'orgSettings', 'users', 'ledgerEntries', 'periodClose', 'budgets', 'reserveComponents',
  // The community and governance (issues 19 and 20).
  'violationTypes', 'violations', 'violationNotices', 'hearings', 'violationPhotos', 'workOrders', 'workOrderComments', 'architecturalRequests', 'estoppelRequests',
  'announcements', 'associationDocuments', 'recordsRequests', 'votes', 'voteElectorate', 'voteParticipation', 'voteBallots', 'voteProxies',
  'meetings', 'meetingMotions', 'meetingMotionVotes',
];
const SYSTEM_FIELDS = ['id', 'created_date', 'updated_date', 'created_by'];

function withoutSystem(r: Record<string, unknown>) {
  const out = { ...r };
  for (const f of SYSTEM_FIELDS) delete out[f];
  return out;
}

async function post(t: TestApp, token: string, url: string, body: unknown): Promise<Rec> {
  const res = await t.call('POST', url, { token, body });
  if (res.statusCode !== 200) throw new Error(`${url} ${res.statusCode}: ${res.body}`);
  return res.json();
}

async function list(t: TestApp, token: string, entity: string, sort = 'created_date'): Promise<Rec[]> {
  const res = await t.call('GET', `/entities/${entity}?sort=${sort}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function counts(t: TestApp, token: string) {
  const out: Record<string, number> = {};
  for (const e of ['Owner', 'Property', 'OwnerProperty', 'Invoice', 'Payment', 'Vendor', 'Bill', 'Product', 'TaxRate', 'ChartOfAccount', 'OrgSettings']) {
    out[e] = (await list(t, token, e)).length;
  }
  return out;
}

function keysDeep(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) keysDeep(v, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      keysDeep(v, out);
    }
  }
  return out;
}

describe('backup and restore', () => {
  let a: TestApp;
  let b: TestApp;
  let adminA: string;
  let adminB: string;
  let backup: { timestamp: string; version: string; data: Record<string, Rec[]>; schemas: Record<string, unknown> };

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp();
    adminA = (await createUser(a, 'admin')).token;
    adminB = (await createUser(b, 'admin')).token;

    await post(a, adminA, '/entities/OrgSettings', {
      company_name: 'Maple Grove HOA', address: '1 Maple Way', city: 'Springfield', state: 'IL', zip_code: '62701', phone: '555-0100',
      email: 'board@maple.example', website: 'https://maple.example', theme: 'blue', organization_name: 'Maple Grove',
    });
    const owners: Rec[] = [];
    for (let i = 0; i < 6; i++) {
      owners.push(await makeOwner(a, adminA, {
        owner_id: String(100000 + i), first_name: `First${i}`, last_name: `Last${i}`, date_of_birth: '1970-01-0' + (i + 1),
        resident_status: i === 2 ? 'renter' : 'owner', phone: `555-010${i}`, mailing_address: `${i} Elm St, Apt "B"`, city: 'Springfield',
        emergency_contact_name: 'Kin', status: i === 5 ? 'inactive' : 'active', notes: `note ${i}`,
      }));
    }
    const props: Rec[] = [];
    for (let i = 0; i < 4; i++) {
      props.push(await makeProperty(a, adminA, {
        property_id: String(200000 + i), unit_number: `${i + 1}A`, street_address: `${i + 1} Oak Rd`, property_type: i === 0 ? 'townhouse' : 'condo',
        square_footage: 900 + i, bedrooms: 2, bathrooms: 1.5, parking_spaces: 1, monthly_hoa_fee: 250.75, status: 'occupied', notes: 'n',
      }));
    }
    await post(a, adminA, '/entities/OwnerProperty', { owner_id: owners[0]!.id, property_id: props[0]!.id, ownership_percentage: 60, relationship_type: 'owner', start_date: '2024-01-01' });
    await post(a, adminA, '/entities/OwnerProperty', { owner_id: owners[1]!.id, property_id: props[0]!.id, ownership_percentage: 40, relationship_type: 'co-owner', start_date: '2024-01-01' });
    await post(a, adminA, '/entities/OwnerProperty', { owner_id: owners[2]!.id, property_id: props[1]!.id, relationship_type: 'tenant', start_date: '2024-02-01' });

    const revenue = await post(a, adminA, '/entities/ChartOfAccount', { account_number: '4999', account_name: 'Backup Test Revenue', account_type: 'revenue' });
    const expense = await post(a, adminA, '/entities/ChartOfAccount', { account_number: '6999', account_name: 'Backup Test Expense', account_type: 'expense' });
    const product = await post(a, adminA, '/entities/Product', { product_code: 'DUES', description: 'Monthly dues', unit_price: 250.75, account_id: revenue.id });
    const tax = await post(a, adminA, '/entities/TaxRate', { tax_name: 'County', tax_rate: 7.25, description: 'county tax' });
    const vendor = await post(a, adminA, '/entities/Vendor', { vendor_name: 'Green Lawns', contact_person: 'Gil', vendor_type: 'service_provider' });
    const invoice = await post(a, adminA, '/entities/Invoice', {
      invoice_number: 'INV-100000-20240105-001', invoice_date: '2024-01-05', due_date: '2024-01-20', owner_id: owners[0]!.id, property_id: props[0]!.id,
      tax_rate_id: tax.id, status: 'draft',
    });
    await post(a, adminA, '/entities/InvoiceLineItem', { invoice_id: invoice.id, product_id: product.id, description: 'Dues', quantity: 1, unit_price: 250.75, account_id: revenue.id });
    const sent = await a.call('PUT', `/entities/Invoice/${invoice.id}`, { token: adminA, body: { status: 'sent' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const payment = await post(a, adminA, '/entities/Payment', { payment_number: 'PMT-100000-20240110-001', payment_date: '2024-01-10', amount: 100, owner_id: owners[0]!.id, reference_number: 'CHK 12' });
    await post(a, adminA, '/entities/PaymentInvoice', { payment_id: payment.id, invoice_id: invoice.id, amount_applied: 100 });
    const bill = await post(a, adminA, '/entities/Bill', { bill_number: 'B-1', vendor_id: vendor.id, bill_date: '2024-01-03', due_date: '2024-02-02', tax_amount: 0 });
    await post(a, adminA, '/entities/BillLineItem', { bill_id: bill.id, description: 'Mowing', quantity: 2, unit_price: 80, account_id: expense.id });
    await post(a, adminA, '/entities/BillPayment', { bill_id: bill.id, amount: 60, payment_date: '2024-01-25' });
    await createUser(a, 'owner', { owner_id: owners[0]!.id });

    const res = await a.call('POST', '/functions/createBackup', { token: adminA, body: {} });
    expect(res.statusCode).toBe(200);
    backup = res.json();
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('a backup holds every collection, the version, a schema per entity, and no password or token', async () => {
    expect(backup.version).toBe('1.1');
    expect(Number.isNaN(Date.parse(backup.timestamp))).toBe(false);
    expect(Object.keys(backup.data).sort()).toEqual([...COLLECTIONS].sort());
    expect(Object.keys(backup.schemas).sort()).toEqual([...COLLECTIONS].sort());
    for (const key of COLLECTIONS) expect(Array.isArray(backup.data[key]), key).toBe(true);
    expect(backup.data.owners).toHaveLength(6);
    expect(backup.data.properties).toHaveLength(4);
    expect(backup.data.ownerProperties).toHaveLength(3);
    for (const key of ['invoices', 'invoiceLineItems', 'payments', 'paymentInvoices', 'vendors', 'bills', 'billLineItems', 'products', 'taxRates', 'orgSettings']) {
      expect(backup.data[key]!.length, key).toBeGreaterThanOrEqual(1);
    }
    expect(backup.data.users!.length).toBe(2);
    const keys = [...keysDeep(backup.data)];
    // The ballot log's chain (`hash`, `prev_hash`) is public by design; any other hash (a password's, a token's) is not.
    expect(keys.filter((k) => /password|token|secret|session|hash/i.test(k) && k !== 'hash' && k !== 'prev_hash')).toEqual([]);
    expect(JSON.stringify(backup.data)).not.toMatch(/correct-horse/);
    expect((backup.schemas.owners as { properties: Record<string, unknown> }).properties).toHaveProperty('owner_id');
  });

  it('restore into an empty instance gives the same owners, properties, assignments and settings, references remapped', async () => {
    const before = await counts(b, adminB);
    const res = await b.call('POST', '/functions/restoreBackup', { token: adminB, body: { backup } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    const bOwners = await list(b, adminB, 'Owner', 'owner_id');
    const aOwners = await list(a, adminA, 'Owner', 'owner_id');
    expect(bOwners.map(withoutSystem)).toEqual(aOwners.map(withoutSystem));
    expect(bOwners.map((o) => o.id)).not.toEqual(aOwners.map((o) => o.id));

    const bProps = await list(b, adminB, 'Property', 'property_id');
    const aProps = await list(a, adminA, 'Property', 'property_id');
    expect(bProps.map(withoutSystem)).toEqual(aProps.map(withoutSystem));

    // Assignments compared through the business ids of their owner and property.
    const links = async (t: TestApp, token: string, os: Rec[], ps: Rec[]) =>
      (await list(t, token, 'OwnerProperty')).map((l) => ({
        ...withoutSystem(l),
        owner_id: os.find((o) => o.id === l.owner_id)!.owner_id,
        property_id: ps.find((p) => p.id === l.property_id)!.property_id,
      })).sort((x, y) => String(x.owner_id).localeCompare(String(y.owner_id)));
    expect(await links(b, adminB, bOwners, bProps)).toEqual(await links(a, adminA, aOwners, aProps));

    const [aSettings] = await list(a, adminA, 'OrgSettings');
    const [bSettings] = await list(b, adminB, 'OrgSettings');
    expect(withoutSystem(bSettings!)).toEqual(withoutSystem(aSettings!));

    // Documents point at the new records.
    const [inv] = await list(b, adminB, 'Invoice');
    expect(bOwners.find((o) => o.id === inv!.owner_id)!.owner_id).toBe('100000');
    expect(bProps.find((p) => p.id === inv!.property_id)!.property_id).toBe('200000');
    const [tax] = await list(b, adminB, 'TaxRate');
    expect(inv!.tax_rate_id).toBe(tax!.id);
    const [line] = await list(b, adminB, 'InvoiceLineItem');
    expect(line!.invoice_id).toBe(inv!.id);
    const [product] = await list(b, adminB, 'Product');
    expect(line!.product_id).toBe(product!.id);
    const bAccounts = await list(b, adminB, 'ChartOfAccount');
    expect(bAccounts.find((x) => x.id === line!.account_id)!.account_number).toBe('4999');
    expect(bAccounts.find((x) => x.id === product!.account_id)!.account_number).toBe('4999');
    const [pay] = await list(b, adminB, 'Payment');
    expect(pay!.owner_id).toBe(inv!.owner_id);
    const [pi] = await list(b, adminB, 'PaymentInvoice');
    expect(pi).toMatchObject({ payment_id: pay!.id, invoice_id: inv!.id, amount_applied: 100 });
    const [bill] = await list(b, adminB, 'Bill');
    const [vendor] = await list(b, adminB, 'Vendor');
    expect(bill!.vendor_id).toBe(vendor!.id);
    const [billLine] = await list(b, adminB, 'BillLineItem');
    expect(billLine!.bill_id).toBe(bill!.id);
    expect(bAccounts.find((x) => x.id === billLine!.account_id)!.account_number).toBe('6999');

    // Accounts whose number already existed were reused, not duplicated; users were not restored.
    const numbers = bAccounts.map((x) => x.account_number);
    expect(new Set(numbers).size).toBe(numbers.length);
    const after = await counts(b, adminB);
    expect(after.Owner! - before.Owner!).toBe(6);
    expect(after.OrgSettings).toBe(1);
    expect((await list(b, adminB, 'User')).length).toBe(1);
  });

  it('restored documents are posted: the new instance has the same balances and the books balance', async () => {
    const booksA = await expectBooksBalanced(a);
    const booksB = await expectBooksBalanced(b);
    expect(booksB).toEqual(booksA);
    expect(booksB.ar).toBe(16893); // 250.75 + 7.25% tax (18.18) = 268.93, less 100 paid
    expect(booksB.ap).toBe(10000); // 160 billed, 60 paid
    const [bill] = (await b.call('GET', '/entities/Bill', { token: adminB })).json();
    expect(bill).toMatchObject({ total_amount: 160, amount_paid: 60, balance_due: 100, status: 'partial' });
    const [inv] = (await b.call('GET', '/entities/Invoice', { token: adminB })).json();
    expect(inv).toMatchObject({ total_amount: 268.93, amount_paid: 100, balance_due: 168.93, status: 'partial' });
  });

  it('a second restore into the same instance refuses everything: owner ids already exist', async () => {
    const before = await counts(b, adminB);
    const res = await b.call('POST', '/functions/restoreBackup', { token: adminB, body: { backup } });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('owner 100000 (First0 Last0)');
    expect(await counts(b, adminB)).toEqual(before);
  });

  it('a restore whose 5th owner collides rejects everything (counts unchanged)', async () => {
    const c = await createTestApp();
    try {
      const adminC = (await createUser(c, 'admin')).token;
      await makeOwner(c, adminC, { owner_id: '100004', first_name: 'Already', last_name: 'Here' });
      const before = await counts(c, adminC);
      const res = await c.call('POST', '/functions/restoreBackup', { token: adminC, body: { backup } });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toContain('owner 100004 (First4 Last4)');
      expect(res.json().message).toContain('owners #5');
      expect(await counts(c, adminC)).toEqual(before);

      // A failure late in the order (a bill line pointing at no bill) rolls back the owners and settings written before it.
      const broken = structuredClone(backup);
      broken.data.billLineItems![0]!.bill_id = 'ffffffffffffffffffffffff';
      broken.data.owners = broken.data.owners!.filter((o) => o.owner_id !== '100004');
      const late = await c.call('POST', '/functions/restoreBackup', { token: adminC, body: { backup: broken } });
      expect(late.statusCode).toBe(400);
      expect(late.json().message).toContain('billLineItems #1');
      expect(await counts(c, adminC)).toEqual(before);
      expect(await list(c, adminC, 'OrgSettings')).toEqual([]);
    } finally {
      await c.close();
    }
  });

  it.each([
    ['no data', { schemas: {} }],
    ['no schemas', { data: {} }],
    ['a string that is not JSON', 'not json'],
    ['an array', [1, 2]],
    ['nothing', undefined],
  ])('refuses an invalid file (%s) with "Invalid backup file format"', async (_name, file) => {
    const res = await b.call('POST', '/functions/restoreBackup', { token: adminB, body: file === undefined ? {} : { backup: file } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid backup file format');
  });

  it('accepts the file as JSON text too, and refuses __proto__ keys', async () => {
    const text = JSON.stringify({ data: { owners: [] }, schemas: {} });
    const ok = await b.call('POST', '/functions/restoreBackup', { token: adminB, body: { backup: text } });
    expect(ok.statusCode, ok.body).toBe(200);
    const evil = await b.call('POST', '/functions/restoreBackup', { token: adminB, body: { backup: '{"data":{"__proto__":{"x":1}},"schemas":{}}' } });
    expect(evil.statusCode).toBe(400);
    expect(evil.json().message).toContain('__proto__');
    const raw = await b.call('POST', '/functions/restoreBackup', { token: adminB, body: '{"backup":{"data":{"__proto__":{}},"schemas":{}}}' });
    expect(raw.statusCode).toBe(400);
  });

  it('refuses an invalid record naming it', async () => {
    const bad = { data: { owners: [{ id: 'x', owner_id: '12', first_name: 'A', last_name: 'B' }] }, schemas: {} };
    const res = await b.call('POST', '/functions/restoreBackup', { token: adminB, body: { backup: bad } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('owners #1');
    expect(res.json().message).toContain('Owner ID must be exactly 6 digits');
  });

  it('refuses callers without the backup privilege', async () => {
    for (const role of ['owner', 'renter', 'household_member', 'guest_contact'] as const) {
      const { token } = await createUser(a, role);
      const create = await a.call('POST', '/functions/createBackup', { token, body: {} });
      expect(create.statusCode, role).toBe(403);
      const restore = await a.call('POST', '/functions/restoreBackup', { token, body: { backup } });
      expect(restore.statusCode, role).toBe(403);
    }
    expect((await a.call('POST', '/functions/createBackup', { body: {} })).statusCode).toBe(401);
    expect((await a.call('POST', '/functions/restoreBackup', { body: { backup } })).statusCode).toBe(401);
  });

  it('a read-only backup privilege may download but not restore', async () => {
    const pm = await createUser(a, 'property_manager');
    const priv = await a.call('POST', '/entities/Privilege', { token: adminA, body: { role_name: 'property_manager', resource_name: 'backup', permission_level: 'read' } });
    expect(priv.statusCode).toBe(200);
    expect((await a.call('POST', '/functions/createBackup', { token: pm.token, body: {} })).statusCode).toBe(200);
    const restore = await a.call('POST', '/functions/restoreBackup', { token: pm.token, body: { backup } });
    expect(restore.statusCode).toBe(403);
  });
});
