import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORK_ORDER_STATUSES as CONTRACT_STATUSES, type WorkOrderDetail, type WorkOrdersPage } from '@covenant/contracts/work-orders';
import { WORK_ORDER_STATUSES, type WorkOrderStatus } from '../src/features/work-orders/work-order.rules.ts';
import { createTestApp, createUser, makeOwner, makeProperty, type TestApp } from './helpers.ts';

let t: TestApp;
const tok = {} as Record<'admin' | 'manager' | 'board' | 'alice' | 'bob' | 'renter' | 'unlinked', string>;
const unit = {} as Record<'alice' | 'bob', string>;
const vendor = {} as Record<'plumber' | 'roofer', string>;
let accountId = '';

const call = (method: string, url: string, body?: unknown, as = tok.admin) => t.call(method, url, { token: as, body });
async function ok<T = WorkOrderDetail>(method: string, url: string, body?: unknown, as = tok.admin): Promise<T> {
  const res = await call(method, url, body, as);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
  return res.json() as T;
}
const fn = (name: string, params: Record<string, unknown>, as = tok.admin) => call('POST', `/functions/${name}`, params, as);
const submit = (params: Record<string, unknown>, as = tok.admin) => ok('POST', '/functions/submitWorkOrder', params, as);
async function refused(name: string, params: Record<string, unknown>, status: number, message: RegExp | string, as = tok.admin) {
  const res = await fn(name, params, as);
  expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
  if (typeof message === 'string') expect(res.json().message).toBe(message);
  else expect(res.json().message).toMatch(message);
}

beforeAll(async () => {
  t = await createTestApp();
  tok.admin = (await createUser(t, 'admin')).token;
  tok.manager = (await createUser(t, 'property_manager')).token;
  tok.board = (await createUser(t, 'board_member')).token;
  tok.renter = (await createUser(t, 'renter')).token;
  tok.unlinked = (await createUser(t, 'owner')).token;
  const alice = await makeOwner(t, tok.admin, { first_name: 'Alice', last_name: 'Able' });
  const bob = await makeOwner(t, tok.admin, { first_name: 'Bob', last_name: 'Baker' });
  unit.alice = (await makeProperty(t, tok.admin, { unit_number: 'A-101' })).id;
  unit.bob = (await makeProperty(t, tok.admin, { unit_number: 'B-202' })).id;
  await ok('POST', '/entities/OwnerProperty', { owner_id: alice.id, property_id: unit.alice });
  await ok('POST', '/entities/OwnerProperty', { owner_id: bob.id, property_id: unit.bob });
  tok.alice = (await createUser(t, 'owner', { owner_id: alice.id })).token;
  tok.bob = (await createUser(t, 'owner', { owner_id: bob.id })).token;
  vendor.plumber = (await ok<{ id: string }>('POST', '/entities/Vendor', { vendor_name: 'Pat the Plumber' })).id;
  vendor.roofer = (await ok<{ id: string }>('POST', '/entities/Vendor', { vendor_name: 'Ray Roofing' })).id;
  accountId = (await ok<{ id: string }>('POST', '/entities/ChartOfAccount', { account_number: '6100', account_name: 'Repairs', account_type: 'expense' })).id;
}, 120_000);
afterAll(async () => t?.close());

describe('submitting', () => {
  it('the statuses of the contract are the rules\'', () => expect([...CONTRACT_STATUSES]).toEqual([...WORK_ORDER_STATUSES]));

  it('an owner submits for their own unit or the common area; the server sets status, requester and date', async () => {
    const mine = await submit({ title: 'Leaking faucet', description: 'Kitchen sink drips', property_id: unit.alice, category: 'plumbing', priority: 'high' }, tok.alice);
    expect(mine).toMatchObject({ title: 'Leaking faucet', status: 'open', unit_number: 'A-101', priority: 'high', category: 'plumbing', next_statuses: ['in_progress', 'declined'], comments: [] });
    expect(mine.owner_id).toBeTruthy();
    expect(mine.submitted_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const common = await submit({ title: 'Pool gate sticks' }, tok.alice);
    expect(common).toMatchObject({ property_id: null, unit_number: null, priority: 'normal', category: 'general', owner_id: mine.owner_id });
  });

  it("an owner cannot name another owner's unit; input is checked in words", async () => {
    await refused('submitWorkOrder', { title: 'Not mine', property_id: unit.bob }, 400, 'Unit does not exist', tok.alice);
    await refused('submitWorkOrder', { title: ' ' }, 400, /Title is required/, tok.alice);
    await refused('submitWorkOrder', { title: 'x', priority: 'urgent' }, 400, /Priority must be one of: low, normal, high, emergency/, tok.alice);
    await refused('submitWorkOrder', { title: 'x', status: 'closed' }, 400, /status/, tok.alice);
    await refused('submitWorkOrder', { title: 'x', photo_ids: ['../../etc/passwd'] }, 400, /A photo must be an uploaded file/, tok.alice);
  });

  it('staff submit for any unit; a board member, a renter and an owner without an owner record cannot', async () => {
    expect(await submit({ title: 'Bob\'s gutter', property_id: unit.bob, priority: 'emergency' }, tok.manager)).toMatchObject({ owner_id: null, unit_number: 'B-202', priority: 'emergency' });
    await refused('submitWorkOrder', { title: 'x' }, 403, /permission/, tok.board);
    await refused('submitWorkOrder', { title: 'x' }, 403, /permission/, tok.renter);
    await refused('submitWorkOrder', { title: 'x' }, 403, /not linked to an owner record/, tok.unlinked);
  });

  it('staff may also create one through the generic entity call, with the same rules', async () => {
    const made = await ok<Record<string, unknown>>('POST', '/entities/WorkOrder', { title: 'Entrance light out', property_id: unit.alice });
    expect(made).toMatchObject({ status: 'open', owner_id: null, category: 'general' });
    const bad = await call('POST', '/entities/WorkOrder', { title: 'x', status: 'closed' });
    expect(bad.statusCode).toBe(400);
    expect((await call('POST', '/entities/WorkOrder', { title: 'x', property_id: '0123456789abcdef01234567' })).json().message).toBe('Unit does not exist');
    expect((await call('POST', '/entities/WorkOrder', { title: 'x' }, tok.alice)).statusCode).toBe(403);
  });
});

describe('transitions', () => {
  const ALLOWED: Record<WorkOrderStatus, WorkOrderStatus[]> = {
    open: ['in_progress', 'declined'], in_progress: ['deferred', 'completed', 'open', 'declined'], completed: ['open', 'closed'], deferred: ['open'], closed: [], declined: [],
  };
  /** A path from open to the status, through allowed moves only. */
  const PATH: Record<WorkOrderStatus, WorkOrderStatus[]> = {
    open: [], in_progress: ['in_progress'], deferred: ['in_progress', 'deferred'], completed: ['in_progress', 'completed'], closed: ['in_progress', 'completed', 'closed'], declined: ['declined'],
  };
  async function orderIn(status: WorkOrderStatus): Promise<string> {
    const { id } = await submit({ title: `To ${status}` });
    for (const s of PATH[status]) await ok('POST', '/functions/setWorkOrderStatus', { id, status: s });
    return id;
  }

  for (const from of WORK_ORDER_STATUSES) {
    for (const to of WORK_ORDER_STATUSES) {
      const allowed = ALLOWED[from].includes(to);
      it(`${from} → ${to}: ${allowed ? 'allowed' : '409'}`, async () => {
        const id = await orderIn(from);
        const res = await fn('setWorkOrderStatus', { id, status: to });
        if (allowed) {
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json()).toMatchObject({ status: to, next_statuses: ALLOWED[to] });
          return;
        }
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().code).toBe('work_order_transition');
        expect(res.json().message).toMatch(from === to ? /^The work order is already / : /^A work order cannot move from /);
        expect((await ok('GET', `/work-orders/${id}`)).status).toBe(from);
      });
    }
  }

  it('the refusal names what is possible', async () => {
    const id = await orderIn('open');
    await refused('setWorkOrderStatus', { id, status: 'completed' }, 409, 'A work order cannot move from Open to Completed: from Open it can move to In Progress, Declined.');
    const closed = await orderIn('closed');
    await refused('setWorkOrderStatus', { id: closed, status: 'open' }, 409, 'A work order cannot move from Closed to Open: a Closed work order cannot change status.');
  });

  it('only staff move a work order; the status is no field of the generic update', async () => {
    const { id } = await submit({ title: 'Broken tile', property_id: unit.alice }, tok.alice);
    await refused('setWorkOrderStatus', { id, status: 'in_progress' }, 403, /permission/, tok.alice);
    await refused('setWorkOrderStatus', { id, status: 'in_progress' }, 403, /permission/, tok.board);
    const put = await call('PUT', `/entities/WorkOrder/${id}`, { status: 'closed' });
    expect(put.statusCode).toBe(400);
    expect((await call('PUT', `/entities/WorkOrder/${id}`, { title: 'Mine now' }, tok.alice)).statusCode).toBe(403);
    expect(await ok<Record<string, unknown>>('PUT', `/entities/WorkOrder/${id}`, { priority: 'emergency' }, tok.manager)).toMatchObject({ priority: 'emergency', status: 'open' });
    await refused('setWorkOrderStatus', { id: '0123456789abcdef01234567', status: 'in_progress' }, 404, 'Work order not found');
  });

  it('each move leaves a shared note the requester reads', async () => {
    const { id } = await submit({ title: 'Squeaky door', property_id: unit.alice }, tok.alice);
    await ok('POST', '/functions/setWorkOrderStatus', { id, status: 'in_progress' });
    const seen = await ok('GET', `/work-orders/${id}`, undefined, tok.alice);
    expect(seen.comments.map((c) => c.body)).toEqual(['Status changed from Open to In Progress.']);
    expect(seen.status_changed_on).toBe(seen.submitted_on);
  });
});

describe('comments', () => {
  it('the requester sees only shared comments; their own are always shared', async () => {
    const { id } = await submit({ title: 'Fence board loose', property_id: unit.alice }, tok.alice);
    await ok('POST', '/functions/addWorkOrderComment', { id, body: 'Vendor quoted $400; board to approve', shared: false });
    await ok('POST', '/functions/addWorkOrderComment', { id, body: 'We will fix it next week', shared: true }, tok.manager);
    const mine = await ok('POST', '/functions/addWorkOrderComment', { id, body: 'Thank you!', shared: false }, tok.alice);
    expect(mine.comments.map((c) => [c.body, c.shared])).toEqual([['We will fix it next week', true], ['Thank you!', true]]);
    expect(mine.comment_count).toBe(2);
    const staff = await ok('GET', `/work-orders/${id}`);
    expect(staff.comments.map((c) => [c.body, c.shared])).toEqual([['Vendor quoted $400; board to approve', false], ['We will fix it next week', true], ['Thank you!', true]]);
    expect(staff.comment_count).toBe(3);
    const board = await ok('GET', `/work-orders/${id}`, undefined, tok.board);
    expect(board.comments).toHaveLength(3);
    const listed = await ok<WorkOrdersPage>('GET', '/work-orders', undefined, tok.alice);
    expect(listed.rows.find((r) => r.id === id)!.comment_count).toBe(2);
    await refused('addWorkOrderComment', { id, body: 'x' }, 403, /permission/, tok.board);
    await refused('addWorkOrderComment', { id, body: '' }, 400, /Comment is required/);
  });

  it("another owner's work order is a 404 for every call", async () => {
    const { id } = await submit({ title: 'Alice only', property_id: unit.alice }, tok.alice);
    await refused('addWorkOrderComment', { id, body: 'peek' }, 404, 'Work order not found', tok.bob);
    expect((await call('GET', `/work-orders/${id}`, undefined, tok.bob)).statusCode).toBe(404);
    expect((await call('GET', `/entities/WorkOrder/${id}`, undefined, tok.bob)).statusCode).toBe(404);
    expect((await call('GET', `/work-orders/${id}`, undefined, tok.renter)).statusCode).toBe(403);
  });
});

describe('owner isolation', () => {
  it('an owner lists exactly their own; staff and the board list all', async () => {
    await submit({ title: 'Bob: porch light', property_id: unit.bob }, tok.bob);
    const all = await ok<WorkOrdersPage>('GET', '/work-orders?limit=500');
    const alice = await ok<WorkOrdersPage>('GET', '/work-orders?limit=500', undefined, tok.alice);
    const bob = await ok<WorkOrdersPage>('GET', '/work-orders?limit=500', undefined, tok.bob);
    const aliceOwner = alice.rows[0]!.owner_id;
    expect(alice.rows.length).toBeGreaterThan(0);
    expect(alice.rows.every((r) => r.owner_id === aliceOwner)).toBe(true);
    expect(alice.total).toBe(all.rows.filter((r) => r.owner_id === aliceOwner).length);
    expect(bob.rows.map((r) => r.title)).toEqual(['Bob: porch light']);
    expect((await ok<WorkOrdersPage>('GET', '/work-orders?limit=500', undefined, tok.board)).total).toBe(all.total);
    const generic = await ok<Array<{ id: string }>>('GET', '/entities/WorkOrder?limit=500', undefined, tok.alice);
    expect(generic.map((r) => r.id).sort()).toEqual(alice.rows.map((r) => r.id).sort());
    expect((await call('GET', '/work-orders', undefined, tok.renter)).statusCode).toBe(403);
    expect((await t.call('GET', '/work-orders')).statusCode).toBe(401);
  });

  it('the board filters by status, emergencies first', async () => {
    const open = await ok<WorkOrdersPage>('GET', '/work-orders?status=open&limit=500');
    expect(open.rows.every((r) => r.status === 'open')).toBe(true);
    expect(open.rows[0]!.priority).toBe('emergency');
    expect((await call('GET', '/work-orders?status=nope')).statusCode).toBe(400);
  });
});

describe('vendor and bill', () => {
  async function bill(vendorId: string, number: string) {
    return ok<{ id: string }>('POST', '/functions/saveBill', { vendor_id: vendorId, bill_number: number, bill_date: '2026-03-01', lines: [{ description: 'Repair', quantity: 1, unit_price: 400, account_id: accountId }] });
  }

  it('staff assign a vendor and link the vendor\'s bill; the board sees them joined', async () => {
    const { id } = await submit({ title: 'Burst pipe', property_id: unit.alice, priority: 'emergency' }, tok.alice);
    await refused('linkWorkOrderBill', { id, bill_id: (await bill(vendor.plumber, 'PL-1')).id }, 400, 'Assign a vendor to the work order before linking their bill');
    const assigned = await ok('POST', '/functions/assignWorkOrderVendor', { id, vendor_id: vendor.plumber }, tok.manager);
    expect(assigned).toMatchObject({ vendor_id: vendor.plumber, vendor_name: 'Pat the Plumber' });
    const roofBill = await bill(vendor.roofer, 'RR-1');
    await refused('linkWorkOrderBill', { id, bill_id: roofBill.id }, 400, 'Bill RR-1 is not from the vendor assigned to this work order');
    const plumberBill = await bill(vendor.plumber, 'PL-2');
    const linked = await ok('POST', '/functions/linkWorkOrderBill', { id, bill_id: plumberBill.id });
    expect(linked).toMatchObject({ bill_id: plumberBill.id, bill_number: 'PL-2' });
    await refused('assignWorkOrderVendor', { id, vendor_id: vendor.roofer }, 409, 'A bill of the assigned vendor is linked to this work order: unlink the bill before changing the vendor');
    expect(await ok('POST', '/functions/linkWorkOrderBill', { id, bill_id: null })).toMatchObject({ bill_id: null, bill_number: null });
    expect(await ok('POST', '/functions/assignWorkOrderVendor', { id, vendor_id: vendor.roofer })).toMatchObject({ vendor_name: 'Ray Roofing' });
    const board = await ok('GET', `/work-orders/${id}`, undefined, tok.board);
    expect(board.vendor_name).toBe('Ray Roofing');
  });

  it('unknown ids are refused in words; owners and the board cannot assign or link', async () => {
    const { id } = await submit({ title: 'Gate motor', property_id: unit.alice }, tok.alice);
    await refused('assignWorkOrderVendor', { id, vendor_id: '0123456789abcdef01234567' }, 400, 'Vendor does not exist');
    await refused('linkWorkOrderBill', { id, bill_id: '0123456789abcdef01234567' }, 400, 'Bill does not exist');
    await refused('assignWorkOrderVendor', { id: '0123456789abcdef01234567', vendor_id: vendor.plumber }, 404, 'Work order not found');
    await refused('assignWorkOrderVendor', { id, vendor_id: vendor.plumber }, 403, /permission/, tok.alice);
    await refused('linkWorkOrderBill', { id, bill_id: null }, 403, /permission/, tok.board);
    expect((await ok('GET', `/work-orders/${id}`)).vendor_id).toBeNull();
  });
});
