/**
 * The authorization matrix: every registered route × every caller (the seven application roles and an
 * anonymous caller), with the expected outcome written down in tables below.
 *
 *  1. ROUTES maps every route the server registers to its rule; a route missing from the table fails
 *     the suite by name, so a new route cannot ship without an authorization decision.
 *  2. The generic entity routes run for every entity of the registry and every operation; the
 *     expectation derives from the caller's level on the entity's resource (LEVELS) through BY_LEVEL.
 *     Every refused write is followed by an administrator's read-back proving nothing changed.
 *  3. Realtime: every entity room × every role for the join outcome, and update_model delivery for a
 *     representative set of entities (own_records subscribers get only their own owner's records).
 *  4. The other routes (auth, files, logs, settings) run their own per-caller expectations.
 *  5. Every function and every report of the registries (read from the features, as the app assembles them)
 *     runs per caller, with Owner A's and Owner B's records where it takes an id; a registered function
 *     without a row in FUNCTION_MATRIX fails the suite by name.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionLevel, ResourceKey } from '@covenant/contracts/constants';
import { RESOURCE_KEYS } from '@covenant/contracts/constants';
import { BOARD_MEMBER_DEFAULT_LEVELS, OWNER_DEFAULT_LEVELS } from '@covenant/contracts/permissions';
import { FEATURES } from '../src/app.ts';
import { resourceFor } from '../src/platform/entities/entity-def.ts';
import { Registry } from '../src/platform/registry.ts';
import { parseSecretKey } from '../src/lib/secret-box.ts';
import { APP_ID, PASSWORD, createTestApp, createUser, multipartForm, signIn, type Role, type TestApp } from './helpers.ts';

// ---------------------------------------------------------------------------------------------
// Callers and their levels
// ---------------------------------------------------------------------------------------------

const REGISTRY = new Registry(FEATURES);
const ENTITY_DEFINITIONS = [...REGISTRY.entities.values()];
/** Every realtime room: the entities' and the topics' (records published without a generic entity). */
const ROOM_DEFINITIONS: ReadonlyArray<{ name: string; resource: ResourceKey }> = [...ENTITY_DEFINITIONS, ...REGISTRY.topics.values()];

const ROLES = ['admin', 'property_manager', 'owner', 'renter', 'household_member', 'guest_contact', 'board_member'] as const satisfies readonly Role[];
type Caller = Role | 'anonymous';
const CALLERS: readonly Caller[] = [...ROLES, 'anonymous'];

/** The default privileges of the spec (section 6) and of the board member, as the server seeds them at start. */
const LEVELS: Record<Role, (resource: ResourceKey) => PermissionLevel> = {
  admin: () => 'read_write',
  property_manager: (r) => (r === 'role_management' ? 'read' : 'read_write'),
  owner: (r) => OWNER_DEFAULT_LEVELS[r] ?? 'none',
  renter: () => 'none',
  household_member: () => 'none',
  guest_contact: () => 'none',
  board_member: (r) => BOARD_MEMBER_DEFAULT_LEVELS[r] ?? 'none',
};

// ---------------------------------------------------------------------------------------------
// The entity operations and what each level means for them
// ---------------------------------------------------------------------------------------------

const OPS = ['list', 'count', 'get', 'create', 'bulk', 'import', 'update', 'delete', 'deleteMany'] as const;
type Op = (typeof OPS)[number];

/**
 * ok: allowed (200, unless DOMAIN_REFUSALS says why not). forbidden: 403 and nothing written.
 * own: list/count return exactly the caller's rows; get/update reach their own row and 404 on Owner B's.
 */
type Outcome = 'ok' | 'forbidden' | 'own';
const BY_LEVEL: Record<PermissionLevel, Record<Op, Outcome>> = {
  none: { list: 'forbidden', count: 'forbidden', get: 'forbidden', create: 'forbidden', bulk: 'forbidden', import: 'forbidden', update: 'forbidden', delete: 'forbidden', deleteMany: 'forbidden' },
  read: { list: 'ok', count: 'ok', get: 'ok', create: 'forbidden', bulk: 'forbidden', import: 'forbidden', update: 'forbidden', delete: 'forbidden', deleteMany: 'forbidden' },
  read_write: { list: 'ok', count: 'ok', get: 'ok', create: 'ok', bulk: 'ok', import: 'ok', update: 'ok', delete: 'ok', deleteMany: 'ok' },
  own_records: { list: 'own', count: 'own', get: 'own', create: 'forbidden', bulk: 'forbidden', import: 'forbidden', update: 'own', delete: 'forbidden', deleteMany: 'forbidden' },
};

/** Allowed by privilege but refused by the domain: the exact answer, and nothing may be written. */
const STATEMENTS_READ_ONLY = /^Statements are imported from the bank's files/;
const ACH_READ_ONLY = /^ACH batches are made by createAchDebitBatch and createAchCreditBatch/;
const VIOLATION_RECORDED = /^Violations are recorded with recordViolation/;
const ARC_ONLY = /^Architectural requests are submitted with submitArchitecturalRequest/;
const DOMAIN_REFUSALS: Record<string, Partial<Record<Op, { status: number; message?: RegExp; code?: string }>>> = {
  User: {
    create: { status: 403, message: /^New users must be invited through the platform dashboard$/ },
    bulk: { status: 403, message: /^New users must be invited through the platform dashboard$/ },
    import: { status: 403, message: /^New users must be invited through the platform dashboard$/ },
  },
  // A singleton: it exists (seeded below), so a second one is a conflict.
  OrgSettings: {
    create: { status: 409, code: 'singleton' },
    bulk: { status: 409, code: 'singleton' },
    import: { status: 409, code: 'singleton' },
  },
  // Twelve amounts in one field do not fit a CSV cell: budget lines are written through the grid (saveBudget) or the API.
  BudgetLine: {
    import: { status: 400, message: /^Unknown column 'amounts' for BudgetLine$/ },
  },
  // A list of items does not fit a CSV cell: late-fee rules are written on the Assessments screen or through the API.
  LateFeeRule: {
    import: { status: 400, message: /^Row 2: product_ids: Items must be a list of item ids$/ },
  },
  // Questions are a list: votes are written on the Votes screen or through the API.
  Vote: {
    import: { status: 400, message: /^Row 2: questions: Questions must be a list of \{text, kind, seats, options\}$/ },
  },
  // Installments are a list: payment plans are written on the Collections screen or through the API.
  PaymentPlan: {
    import: { status: 400, message: /^Row 2: installments: Installments must be a list of \{due_date, amount\}$/ },
  },
  // Imported from the bank's files, never written one by one; a statement is deleted whole (undoing an import).
  BankStatement: {
    create: { status: 403, message: STATEMENTS_READ_ONLY },
    bulk: { status: 403, message: STATEMENTS_READ_ONLY },
    import: { status: 403, message: STATEMENTS_READ_ONLY },
    update: { status: 403, message: /^Bank statement records cannot be changed here$/ },
  },
  BankStatementLine: {
    create: { status: 403, message: STATEMENTS_READ_ONLY },
    bulk: { status: 403, message: STATEMENTS_READ_ONLY },
    import: { status: 403, message: STATEMENTS_READ_ONLY },
    update: { status: 403, message: /^Bank statement line records cannot be changed here$/ },
    delete: { status: 409, code: 'statement_line' },
    deleteMany: { status: 409, code: 'statement_line' },
  },
  // Started, cleared, completed and voided through their functions; only a draft is deleted (each delete here gets a fresh draft).
  BankReconciliation: {
    create: { status: 403, message: /^A reconciliation is started with startReconciliation/ },
    bulk: { status: 403, message: /^A reconciliation is started with startReconciliation/ },
    import: { status: 403, message: /^A reconciliation is started with startReconciliation/ },
    update: { status: 403, message: /^Reconciliation records cannot be changed here$/ },
  },
  // An account number is write-only (sealed) and no column: enrollments come from a signed form or My Account, not a spreadsheet.
  AutopayEnrollment: {
    import: { status: 400, message: /^Unknown column 'account_number' for AutopayEnrollment$/ },
  },
  // Files made by the ACH functions, kept as sent: never written one by one, changed or deleted.
  AchBatch: {
    create: { status: 403, message: ACH_READ_ONLY },
    bulk: { status: 403, message: ACH_READ_ONLY },
    import: { status: 403, message: ACH_READ_ONLY },
    update: { status: 403, message: /^ACH batch records cannot be changed here$/ },
    delete: { status: 409, code: 'ach_batch_sent' },
    deleteMany: { status: 409, code: 'ach_batch_sent' },
  },
  // Recorded by recordViolation (the server finds the owner), kept with its notices and evidence: dismissed, never deleted.
  Violation: {
    create: { status: 403, message: VIOLATION_RECORDED },
    bulk: { status: 403, message: VIOLATION_RECORDED },
    import: { status: 403, message: VIOLATION_RECORDED },
    delete: { status: 409, code: 'violation_kept' },
    deleteMany: { status: 409, code: 'violation_kept' },
  },
  // An application is posted to the ledger: it is created or removed, never edited.
  PaymentInvoice: {
    update: { status: 403, message: /^Payment application records cannot be changed here$/ },
  },
  // Submitted, decided, appealed and withdrawn through their functions; kept as the record of the decision.
  ArchitecturalRequest: {
    create: { status: 403, message: ARC_ONLY },
    bulk: { status: 403, message: ARC_ONLY },
    import: { status: 403, message: ARC_ONLY },
    update: { status: 403, message: /^Architectural request records cannot be changed here$/ },
    delete: { status: 409, code: 'architectural_request_kept' },
    deleteMany: { status: 409, code: 'architectural_request_kept' },
  },
};

function outcomeOf(caller: Caller, resource: ResourceKey, op: Op): Outcome | 'unauthenticated' {
  if (caller === 'anonymous') return 'unauthenticated';
  return BY_LEVEL[LEVELS[caller](resource)][op];
}

/** The resource an operation is checked against: reads under the entity's resource, writes under its write resource. */
const OP_KIND: Record<Op, 'read' | 'create' | 'update' | 'delete'> = {
  list: 'read', count: 'read', get: 'read', create: 'create', bulk: 'create', import: 'create', update: 'update', delete: 'delete', deleteMany: 'delete',
};

/**
 * Cases that fail because of a known server bug, kept with it.fails and keyed by case name (a fix makes
 * them fail loudly, and the entry must go). None at present.
 */
const KNOWN_BUGS: Record<string, string> = {};

// ---------------------------------------------------------------------------------------------
// Test state
// ---------------------------------------------------------------------------------------------

let t: TestApp;
const users = {} as Record<Role, { id: string; email: string; token: string }>;
const tokenOf = (caller: Caller): string | undefined => (caller === 'anonymous' ? undefined : users[caller].token);
/** Seed ids per entity: a = Owner A's record (or the one used for refused writes), b = Owner B's (or another user's). */
const seed: Record<string, { a: string; b?: string }> = {};
let seq = 0;
const next = () => ++seq;
const systemFund = { operating: '', reserve: '' };
/** The Operating fund's bank account (journal entries in the function matrix move it). */
let operatingCash = '';
/** The operating BankAccount (ACH settings completed in the setup) and a vendor with bank details. */
let operatingBank = '';
let achVendor = '';
/** Every ACH file of the matrix is effective on one far date: prenotes only, never maturing into debits. */
const ACH_DATE = '2030-01-02';
const uniq = () => `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
/** A photo of Owner A's violation (the photo read route). */
let violationPhoto = '';
/** An estoppel request issued in the seed (its certificate exists). */
let issuedEstoppel = '';
/** A violation observed today at Owner A's or Owner B's unit. */
async function freshViolation(side: 'a' | 'b'): Promise<string> {
  return (await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/recordViolation', json: { property_id: side === 'a' ? seed.Property!.a : seed.Property!.b, violation_type_id: seed.ViolationType!.a } })).id;
}
/** A hearing on a fresh violation of Owner A, its notice today and the hearing 30 days on (no rule set refuses that). */
async function freshHearing(): Promise<string> {
  const on = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  return (await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/scheduleHearing', json: { violation_id: await freshViolation('a'), scheduled_for: on } })).id;
}

// ---------------------------------------------------------------------------------------------
// HTTP helpers
// ---------------------------------------------------------------------------------------------

interface Req {
  method: string;
  url: string;
  json?: unknown;
  multipart?: { field: string; filename: string; contentType: string; data: Buffer; fields?: Record<string, string> };
  headers?: Record<string, string>;
}

function multipartBody(part: NonNullable<Req['multipart']>): { payload: Buffer; contentType: string } {
  return multipartForm([
    { name: part.field, value: part.data, filename: part.filename, contentType: part.contentType },
    ...Object.entries(part.fields ?? {}).map(([name, value]) => ({ name, value })),
  ]);
}

async function send(caller: Caller | { token?: string | undefined }, req: Req): Promise<LightMyRequestResponse> {
  const token = typeof caller === 'string' ? tokenOf(caller) : caller.token;
  const headers: Record<string, string> = { ...(req.headers ?? {}) };
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.json);
  } else if (req.multipart) {
    const mp = multipartBody(req.multipart);
    headers['content-type'] = mp.contentType;
    payload = mp.payload;
  }
  const url = req.url.startsWith('/api') ? req.url : `${t.base}${req.url}`;
  return t.app.inject({ method: req.method as 'GET', url, headers, payload });
}

const body = (res: LightMyRequestResponse) => res.body.slice(0, 400);
const describeRes = (what: string, res: LightMyRequestResponse) => `${what} → ${res.statusCode} ${body(res)}`;

async function asAdmin<T = unknown>(req: Req, expected = 200): Promise<T> {
  const res = await send('admin', req);
  if (res.statusCode !== expected) throw new Error(describeRes(`admin ${req.method} ${req.url}`, res));
  return (res.body ? res.json() : undefined) as T;
}
const adminCreate = async (entity: string, values: Record<string, unknown>): Promise<{ id: string } & Record<string, unknown>> =>
  asAdmin<{ id: string } & Record<string, unknown>>({ method: 'POST', url: `/entities/${entity}`, json: values });
const adminCount = async (entity: string): Promise<number> => (await asAdmin<{ count: number }>({ method: 'GET', url: `/entities/${entity}/count` })).count;
const adminGet = async (entity: string, id: string) => send('admin', { method: 'GET', url: `/entities/${entity}/${id}` });
const adminList = async (entity: string, filter?: unknown): Promise<Array<Record<string, unknown> & { id: string }>> =>
  asAdmin<Array<Record<string, unknown> & { id: string }>>({ method: 'GET', url: `/entities/${entity}?limit=5000${filter ? `&q=${encodeURIComponent(JSON.stringify(filter))}` : ''}` });

function csvOf(values: Record<string, unknown>): Buffer {
  const cell = (v: unknown) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return Buffer.from(`${Object.keys(values).map(cell).join(',')}\r\n${Object.values(values).map(cell).join(',')}\r\n`);
}

// ---------------------------------------------------------------------------------------------
// Record factories (administrator, through the API)
// ---------------------------------------------------------------------------------------------

const sixDigits = () => String(300000 + next());

/** A valid create body for the entity; prerequisites are created by the administrator. */
async function newPayload(entity: string): Promise<Record<string, unknown>> {
  const n = next();
  switch (entity) {
    case 'Owner':
      return { owner_id: sixDigits(), first_name: 'Matrix', last_name: `Owner${n}` };
    case 'Property':
      return { property_id: sixDigits(), unit_number: `M${n}` };
    case 'OwnerProperty': {
      const property = await adminCreate('Property', await newPayload('Property'));
      return { owner_id: seed.Owner!.a, property_id: property.id, ownership_percentage: 100 };
    }
    case 'User':
      return { phone: '555-0100' };
    case 'Role':
      return { role_name: `matrix_role_${n}`, display_name: `Matrix role ${n}` };
    case 'Privilege':
      // A role nobody holds, so no caller's level changes.
      return { role_name: `matrix_priv_${n}`, resource_name: 'reports', permission_level: 'read' };
    case 'OrgSettings':
      return { company_name: `Matrix HOA ${n}` };
    case 'Product':
      return { product_code: `MX-${n}`, description: `Matrix item ${n}`, unit_price: 12.5, account_id: seed.ChartOfAccount!.a };
    case 'TaxRate':
      return { tax_name: `Matrix tax ${n}`, tax_rate: 5 };
    case 'ChartOfAccount':
      return { account_number: `9${String(n).padStart(4, '0')}`, account_name: `Matrix account ${n}`, account_type: 'revenue' };
    case 'Invoice':
      return { invoice_number: `MI-${n}`, invoice_date: '2025-01-15', owner_id: seed.Owner!.a, status: 'draft' };
    case 'InvoiceLineItem':
      return { invoice_id: seed.Invoice!.a, description: `Matrix line ${n}`, quantity: 1, unit_price: 10 };
    case 'Payment':
      return { payment_number: `MP-${n}`, payment_date: '2025-02-01', amount: 25, owner_id: seed.Owner!.a };
    case 'PaymentInvoice':
      return applicationPayload(seed.Owner!.a);
    case 'Vendor':
      return { vendor_name: `Matrix vendor ${n}` };
    case 'Fund':
      return { code: `MF${n}`, name: `Matrix fund ${n}`, kind: 'other' };
    case 'Bill':
      return { bill_number: `MB-${n}`, vendor_id: seed.Vendor!.a, bill_date: '2025-03-01' };
    case 'BillLineItem':
      return { bill_id: seed.Bill!.a, description: `Matrix bill line ${n}`, quantity: 2, unit_price: 7.5, account_id: seed.ChartOfAccount!.a };
    case 'Budget':
      return { name: `Matrix budget ${n}`, fiscal_year: 2100 + n, fund_id: systemFund.operating };
    case 'BudgetLine': {
      const budget = await adminCreate('Budget', await newPayload('Budget'));
      return { budget_id: budget.id, account_id: seed.ChartOfAccount!.a, amounts: Array(12).fill(10) };
    }
    case 'ReserveComponent':
      return { name: `Matrix roof ${n}`, category: 'Roofing', useful_life_years: 20, remaining_life_years: 5, current_replacement_cost: 1000 };
    case 'AssessmentSchedule':
      return { name: `Matrix dues ${n}`, product_id: seed.Product!.a, frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2025-01-01', is_active: false };
    case 'LateFeeRule':
      return { name: `Matrix late fee ${n}`, grace_days: 10, fee_type: 'fixed', fixed_amount: 5, product_ids: [seed.Product!.a], late_fee_product_id: seed.Product!.a, is_active: false };
    case 'CollectionStage':
      return { name: `Matrix stage ${n}`, days_past_due: 1000 + n, letter_subject: 'Past due', letter_body: 'Dear {{owner_name}}', is_active: false };
    case 'Vote':
      return matrixVote(`Matrix vote ${n}`);
    case 'Meeting':
      return { kind: 'annual', title: `Matrix annual meeting ${n}`, starts_at: '2030-01-15T18:00:00Z' };
    case 'ViolationType':
      return { name: `Matrix violation ${n}`, cure_days: 7, fine_amount: 50 };
    case 'Violation':
      return { property_id: seed.Property!.a, violation_type_id: seed.ViolationType!.a };
    case 'PaymentPlan': {
      // An owner has one active plan at a time: each new plan is a fresh owner's.
      const owner = await adminCreate('Owner', await newPayload('Owner'));
      return { owner_id: owner.id, start_date: '2099-01-01', installments: [{ due_date: '2099-02-01', amount: 10 }] };
    }
    case 'BillPayment': {
      const bill = await adminCreate('Bill', { bill_number: `MBP-${n}`, vendor_id: seed.Vendor!.a, bill_date: '2025-03-01' });
      await adminCreate('BillLineItem', { bill_id: bill.id, description: 'Repair', quantity: 1, unit_price: 20, account_id: seed.ChartOfAccount!.a });
      return { bill_id: bill.id, amount: 5, payment_date: '2025-03-10' };
    }
    case 'BankAccount': {
      // One bank account per ledger account: each new one gets its own cash account of the Operating fund.
      const cash = await adminCreate('ChartOfAccount', { account_number: `1${String(500 + n).padStart(3, '0')}`, account_name: `Matrix bank ${n}`, account_type: 'asset', fund_id: systemFund.operating });
      return { name: `Matrix bank ${n}`, account_id: cash.id, fund_id: systemFund.operating, bank_name: 'Matrix Bank', account_type: 'checking' };
    }
    case 'BankStatement':
    case 'BankStatementLine':
    case 'BankReconciliation':
      // Refused for every caller (imported from files, or started by startReconciliation); the body is never read.
      return { bank_account_id: seed.BankAccount!.a };
    case 'BankRule':
      return { name: `Matrix fee ${n}`, description_contains: `MATRIX FEE ${n}`, amount_min: -10, amount_max: 0, account_id: seed.ChartOfAccount!.a, fund_id: systemFund.operating };
    case 'AchBatch':
      // Refused for every caller (imported from files, made by the ACH functions); the body is never read.
      return { bank_account_id: seed.BankAccount!.a };
    case 'AutopayEnrollment': {
      // One enrollment in force per owner: each new one is a fresh owner's.
      const owner = await adminCreate('Owner', { owner_id: sixDigits(), first_name: 'Autopay', last_name: `Owner${n}` });
      return { owner_id: owner.id, account_holder: `Autopay Owner${n}`, routing_number: '021000021', account_number: `5550${String(n).padStart(4, '0')}`, account_type: 'checking', authorized_at: '2025-01-15', authorization_text: 'Signed form' };
    }
    case 'WorkOrder':
      return { title: `Matrix work order ${n}`, property_id: seed.Property!.a, priority: 'low' };
    case 'EstoppelRequest':
      return { property_id: seed.Property!.a, requester_name: `Matrix title ${n}`, requested_on: '2025-01-15' };
    case 'ArchitecturalRequest':
      // Refused for every caller (submitted by submitArchitecturalRequest); the body is never read.
      return { property_id: seed.Property!.a };
    default:
      throw new Error(`No payload for entity ${entity}: add one to newPayload()`);
  }
}

/** The import of a one-line CSV statement, unique to the call, into the matrix's bank account. */
function statementRequest(): Req {
  const n = next();
  return {
    method: 'POST',
    url: `/bank-accounts/${seed.BankAccount!.a}/statements`,
    multipart: {
      field: 'file', filename: `matrix-${n}.csv`, contentType: 'text/csv', data: Buffer.from(`Date,Amount,Description\n01/15/2025,${n}.25,Matrix deposit ${n}\n`),
      fields: { mapping: JSON.stringify({ date: 'Date', amount: 'Amount', description: 'Description', date_format: 'MM/DD/YYYY' }) },
    },
  };
}
const importStatement = (caller: Caller) => send(caller, statementRequest());

/** A new bank account on its own cash account (a reconciliation needs one without a draft). */
const freshBankAccount = async () => (await adminCreate('BankAccount', await newPayload('BankAccount'))).id;
/** A fresh unmatched statement line of the matrix's bank account. */
async function freshBankLine(): Promise<string> {
  const imported = (await importStatement('admin')).json() as { statement_id: string };
  return (await adminList('BankStatementLine', { statement_id: imported.statement_id }))[0]!.id as string;
}
/** A draft reconciliation of a new account without postings (balanced at 0), completed when asked. */
async function freshReconciliation(complete = false): Promise<string> {
  const res = await send('admin', { method: 'POST', url: '/functions/startReconciliation', json: { bank_account_id: await freshBankAccount(), statement_date: '2025-06-30', ending_balance: 0 } });
  expect(res.statusCode, res.body).toBe(200);
  const id = (res.json() as { reconciliation: { id: string } }).reconciliation.id;
  if (complete) expect((await send('admin', { method: 'POST', url: '/functions/completeReconciliation', json: { reconciliation_id: id } })).statusCode).toBe(200);
  return id;
}

/** A payment application body: a sent invoice with a balance and a payment with money left, both the owner's. */
async function applicationPayload(ownerId: string): Promise<Record<string, unknown>> {
  const n = next();
  const invoice = await adminCreate('Invoice', { invoice_number: `MPI-${n}`, invoice_date: '2025-02-01', owner_id: ownerId, status: 'sent' });
  await adminCreate('InvoiceLineItem', { invoice_id: invoice.id, description: 'Dues', quantity: 1, unit_price: 10 });
  const payment = await adminCreate('Payment', { payment_number: `MPP-${n}`, payment_date: '2025-02-02', amount: 10, owner_id: ownerId });
  return { payment_id: payment.id, invoice_id: invoice.id, amount_applied: 1 };
}

/** A harmless change for an update. */
const UPDATE_PATCH: Record<string, Record<string, unknown>> = {
  AutopayEnrollment: { account_holder: 'Matrix holder' },
  AchBatch: { file_name: 'renamed.txt' },
  BankAccount: { bank_name: 'Matrix Savings Bank' },
  BankStatement: { file_name: 'renamed.ofx' },
  BankStatementLine: { description: 'changed' },
  BankRule: { name: 'Matrix rule renamed' },
  BankReconciliation: { ending_balance: 5 },
  Owner: { notes: 'matrix update' },
  Property: { notes: 'matrix update' },
  OwnerProperty: { ownership_percentage: 50 },
  User: { phone: '555-0199' },
  Role: { description: 'matrix update' },
  Privilege: { permission_level: 'read' },
  OrgSettings: { phone: '555-0123' },
  Product: { notes: 'matrix update' },
  TaxRate: { description: 'matrix update' },
  ChartOfAccount: { description: 'matrix update' },
  Invoice: { notes: 'matrix update' },
  InvoiceLineItem: { description: 'matrix update' },
  Payment: { notes: 'matrix update' },
  PaymentInvoice: { amount_applied: 2 },
  Vendor: { notes: 'matrix update' },
  Fund: { description: 'matrix update' },
  Bill: { notes: 'matrix update' },
  BillLineItem: { description: 'matrix update' },
  BillPayment: { notes: 'matrix update' },
  Budget: { notes: 'matrix update' },
  BudgetLine: { notes: 'matrix update' },
  ReserveComponent: { notes: 'matrix update' },
  AssessmentSchedule: { notes: 'matrix update' },
  LateFeeRule: { grace_days: 12 },
  CollectionStage: { letter_subject: 'matrix update' },
  PaymentPlan: { notes: 'matrix update' },
  Vote: { title: 'Matrix vote (changed)' },
  Meeting: { location: 'matrix update' },
  ViolationType: { description: 'matrix update' },
  Violation: { description: 'matrix update' },
  WorkOrder: { priority: 'high' },
  ArchitecturalRequest: { description: 'matrix update' },
  EstoppelRequest: { requester_name: 'Matrix title (changed)' },
};

/** A record the administrator creates for an allowed destructive operation, so the seed stays intact. */
async function freshRecord(entity: string): Promise<string> {
  if (entity === 'User') return (await createUser(t, 'guest_contact')).id;
  if (entity === 'OrgSettings') return seed.OrgSettings!.a; // a singleton: the one record
  if (entity === 'BankStatement') return (await importStatement('admin')).json().statement_id as string;
  if (entity === 'BankReconciliation') return freshReconciliation();
  if (entity === 'Violation') return freshViolation('a');
  return (await adminCreate(entity, await newPayload(entity))).id;
}

/** After an allowed delete of the OrgSettings singleton, put it back for the cases that follow. */
async function restoreSingletons(entity: string) {
  if (entity !== 'OrgSettings') return;
  if ((await adminCount('OrgSettings')) === 0) seed.OrgSettings = { a: (await adminCreate('OrgSettings', { company_name: 'Matrix HOA' })).id };
}

/** The ids Owner A's user may see under own_records, computed independently from the admin's view. */
/** The board member's own_records resource is its own user record: its own row, another user's as the foreign one. */
function seedFor(entity: string, caller: Caller): { a: string; b?: string } {
  if (entity === 'User' && caller === 'board_member') return { a: users.board_member.id, b: seed.User!.a };
  return seed[entity]!;
}

async function ownIds(entity: string, caller: Caller = 'owner'): Promise<Set<string>> {
  if (entity === 'User' && caller === 'board_member') return new Set([users.board_member.id]);
  const ownerA = seed.Owner!.a;
  const ids = (rows: Array<{ id: string }>) => new Set(rows.map((r) => r.id));
  switch (entity) {
    case 'Invoice':
    case 'Payment':
    case 'OwnerProperty':
    case 'PaymentPlan':
    case 'AutopayEnrollment':
    case 'Violation':
    case 'WorkOrder':
    case 'ArchitecturalRequest':
      return ids(await adminList(entity, { owner_id: ownerA }));
    case 'Property':
      return new Set((await adminList('OwnerProperty', { owner_id: ownerA })).map((r) => r.property_id as string));
    case 'InvoiceLineItem':
      return ids(await adminList(entity, { invoice_id: { $in: [...(await ownIds('Invoice'))] } }));
    case 'PaymentInvoice':
      return ids(await adminList(entity, { payment_id: { $in: [...(await ownIds('Payment'))] } }));
    case 'User':
      return new Set([users.owner.id]);
    default:
      throw new Error(`No own_records rule for ${entity}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Setup: users and seed data
// ---------------------------------------------------------------------------------------------

/** A measure every unit may answer yes or no; the property manager is its inspector of elections. */
function matrixVote(title: string): Record<string, unknown> {
  return { title, kind: 'measure', quorum_percent: '10', inspector_user_id: users.property_manager?.id ?? null, questions: [{ text: 'Repaint the clubhouse?', kind: 'yes_no' }] };
}
/** A new vote (a unit votes once per vote, so each caller gets its own), opened or closed when asked. */
async function freshVote(state: 'draft' | 'open' | 'closed' = 'open'): Promise<string> {
  const vote = await adminCreate('Vote', matrixVote(`Matrix vote ${state} ${randomBytes(3).toString('hex')}`));
  if (state !== 'draft') await asAdmin({ method: 'POST', url: '/functions/openVote', json: { vote_id: vote.id } });
  if (state === 'closed') await asAdmin({ method: 'POST', url: '/functions/closeVote', json: { vote_id: vote.id } });
  return vote.id;
}
const votes: { open?: string; closed?: string } = {};

beforeAll(async () => {
  t = await createTestApp({ bankKey: parseSecretKey(randomBytes(32).toString('base64')) });
  users.admin = await createUser(t, 'admin');

  const ownerA = await adminCreate('Owner', { owner_id: '100001', first_name: 'Alice', last_name: 'Owner-A' });
  const ownerB = await adminCreate('Owner', { owner_id: '100002', first_name: 'Bob', last_name: 'Owner-B' });
  seed.Owner = { a: ownerA.id, b: ownerB.id };
  const propA = await adminCreate('Property', { property_id: '200001', unit_number: 'A-1' });
  const propB = await adminCreate('Property', { property_id: '200002', unit_number: 'B-1' });
  seed.Property = { a: propA.id, b: propB.id };
  const opA = await adminCreate('OwnerProperty', { owner_id: ownerA.id, property_id: propA.id });
  const opB = await adminCreate('OwnerProperty', { owner_id: ownerB.id, property_id: propB.id });
  seed.OwnerProperty = { a: opA.id, b: opB.id };

  seed.ChartOfAccount = { a: (await adminCreate('ChartOfAccount', { account_number: '4999', account_name: 'Matrix revenue', account_type: 'revenue' })).id };
  seed.Product = { a: (await adminCreate('Product', { product_code: 'DUES', description: 'Monthly dues', unit_price: 100, account_id: seed.ChartOfAccount.a })).id };
  seed.TaxRate = { a: (await adminCreate('TaxRate', { tax_name: 'Matrix sales tax', tax_rate: 7.25 })).id };

  const invA = await adminCreate('Invoice', { invoice_number: 'INV-A-1', invoice_date: '2025-01-01', owner_id: ownerA.id, status: 'sent' });
  const invB = await adminCreate('Invoice', { invoice_number: 'INV-B-1', invoice_date: '2025-01-01', owner_id: ownerB.id, status: 'sent' });
  seed.Invoice = { a: invA.id, b: invB.id };
  const lineA = await adminCreate('InvoiceLineItem', { invoice_id: invA.id, product_id: seed.Product.a, description: 'Dues A', quantity: 1, unit_price: 100 });
  const lineB = await adminCreate('InvoiceLineItem', { invoice_id: invB.id, product_id: seed.Product.a, description: 'Dues B', quantity: 1, unit_price: 100 });
  seed.InvoiceLineItem = { a: lineA.id, b: lineB.id };
  const payA = await adminCreate('Payment', { payment_number: 'PAY-A-1', payment_date: '2025-01-10', amount: 100, owner_id: ownerA.id });
  const payB = await adminCreate('Payment', { payment_number: 'PAY-B-1', payment_date: '2025-01-10', amount: 100, owner_id: ownerB.id });
  seed.Payment = { a: payA.id, b: payB.id };
  const piA = await adminCreate('PaymentInvoice', { payment_id: payA.id, invoice_id: invA.id, amount_applied: 100 });
  const piB = await adminCreate('PaymentInvoice', { payment_id: payB.id, invoice_id: invB.id, amount_applied: 100 });
  seed.PaymentInvoice = { a: piA.id, b: piB.id };

  seed.Vendor = { a: (await adminCreate('Vendor', { vendor_name: 'Matrix Landscaping' })).id };
  seed.Fund = { a: (await adminCreate('Fund', { code: 'MATRIX', name: 'Matrix fund', kind: 'other' })).id };
  for (const f of await adminList('Fund')) if (f.system_key) systemFund[f.system_key as 'operating' | 'reserve'] = f.id;
  operatingCash = (await adminList('Fund')).find((f) => f.system_key === 'operating')!.cash_account_id as string;
  seed.Bill = { a: (await adminCreate('Bill', { bill_number: 'B-0001', vendor_id: seed.Vendor.a, bill_date: '2025-01-05' })).id };
  seed.BillLineItem = { a: (await adminCreate('BillLineItem', { bill_id: seed.Bill.a, description: 'Mowing', quantity: 1, unit_price: 80, account_id: seed.ChartOfAccount.a })).id };
  seed.Budget = { a: (await adminCreate('Budget', { name: 'Matrix operating budget', fiscal_year: 2025, fund_id: systemFund.operating })).id };
  seed.BudgetLine = { a: (await adminCreate('BudgetLine', { budget_id: seed.Budget.a, account_id: seed.ChartOfAccount.a, amounts: Array(12).fill(100) })).id };
  seed.ReserveComponent = { a: (await adminCreate('ReserveComponent', { name: 'Matrix pool', useful_life_years: 10, remaining_life_years: 3, current_replacement_cost: 5000 })).id };
  seed.AssessmentSchedule = { a: (await adminCreate('AssessmentSchedule', { name: 'Matrix dues', product_id: seed.Product.a, frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2025-01-01', is_active: false })).id };
  seed.LateFeeRule = { a: (await adminCreate('LateFeeRule', { name: 'Matrix late fee', grace_days: 10, fee_type: 'fixed', fixed_amount: 5, product_ids: [seed.Product.a], late_fee_product_id: seed.Product.a, is_active: false })).id };
  seed.CollectionStage = { a: (await adminCreate('CollectionStage', { name: 'Matrix reminder', days_past_due: 999, letter_subject: 'Past due', letter_body: 'Dear {{owner_name}}', is_active: false })).id };
  // Plans that start in 2099: in force on no date the other cases use, so nothing pauses for Owner A or B.
  const plan = (owner: string) => adminCreate('PaymentPlan', { owner_id: owner, start_date: '2099-01-01', installments: [{ due_date: '2099-02-01', amount: 10 }] });
  seed.PaymentPlan = { a: (await plan(ownerA.id)).id, b: (await plan(ownerB.id)).id };
  seed.Vote = { a: (await adminCreate('Vote', matrixVote('Matrix draft vote'))).id };
  votes.open = await freshVote('open');
  votes.closed = await freshVote('closed');
  // A members' meeting: owners read it (board and committee meetings are the board's).
  seed.Meeting = { a: (await adminCreate('Meeting', { kind: 'annual', title: 'Matrix annual meeting', starts_at: '2030-01-15T18:00:00Z' })).id };
  seed.ViolationType = { a: (await adminCreate('ViolationType', { name: 'Matrix trash cans', cure_days: 14, fine_amount: 100 })).id };
  seed.Violation = { a: await freshViolation('a'), b: await freshViolation('b') };
  violationPhoto = (await send('admin', { method: 'POST', url: `/violations/${seed.Violation.a}/photos`, multipart: { field: 'file', filename: 'evidence.png', contentType: 'image/png', data: TINY_PNG } })).json().id as string;
  seed.BillPayment = { a: (await adminCreate('BillPayment', { bill_id: seed.Bill.a, amount: 30, payment_date: '2025-01-20' })).id };
  seed.Role = { a: (await adminCreate('Role', { role_name: 'matrix_committee', display_name: 'Matrix committee' })).id };
  // A privilege of a non-admin role that changes nothing (renter already has no access to reports).
  seed.Privilege = { a: (await adminCreate('Privilege', { role_name: 'renter', resource_name: 'reports', permission_level: 'none' })).id };
  const existingSettings = await adminList('OrgSettings');
  seed.OrgSettings = { a: existingSettings[0]?.id ?? (await adminCreate('OrgSettings', { company_name: 'Matrix HOA' })).id };
  seed.BankAccount = { a: (await adminCreate('BankAccount', await newPayload('BankAccount'))).id };
  const imported = (await importStatement('admin')).json() as { statement_id: string };
  seed.BankStatement = { a: imported.statement_id };
  seed.BankStatementLine = { a: (await adminList('BankStatementLine', { statement_id: imported.statement_id }))[0]!.id as string };
  seed.BankRule = { a: (await adminCreate('BankRule', await newPayload('BankRule'))).id };
  seed.BankReconciliation = { a: await freshReconciliation() };
  // ACH: the operating account can make files; Owner A and B are enrolled and their prenotes make the seed file.
  operatingBank = (await adminList('BankAccount', { system_key: 'operating' }))[0]!.id;
  await asAdmin({ method: 'PUT', url: `/entities/BankAccount/${operatingBank}`, json: { routing_number: '021000021', account_number: '000123456789', ach_company_id: '1234567890', ach_company_name: 'Matrix HOA', ach_odfi_routing_number: '121000358' } });
  const enrol = (owner: string, holder: string) => adminCreate('AutopayEnrollment', { owner_id: owner, account_holder: holder, routing_number: '011000015', account_number: '12345678', account_type: 'checking', authorized_at: '2025-01-15', authorization_text: 'Signed form' });
  seed.AutopayEnrollment = { a: (await enrol(ownerA.id, 'Alice Owner-A')).id, b: (await enrol(ownerB.id, 'Bob Owner-B')).id };
  seed.AchBatch = { a: (await asAdmin<{ batch_id: string }>({ method: 'POST', url: '/functions/createAchDebitBatch', json: { bank_account_id: operatingBank, effective_date: ACH_DATE } })).batch_id };
  achVendor = (await adminCreate('Vendor', { vendor_name: 'Matrix ACH vendor', bank_routing_number: '021000021', bank_account_number: '44455566', bank_account_type: 'checking' })).id;

  users.property_manager = await createUser(t, 'property_manager');
  users.owner = await createUser(t, 'owner', { owner_id: ownerA.id });
  users.renter = await createUser(t, 'renter');
  users.household_member = await createUser(t, 'household_member');
  users.guest_contact = await createUser(t, 'guest_contact');
  users.board_member = await createUser(t, 'board_member');
  seed.User = { a: users.owner.id, b: users.renter.id };
  // Owner A's request (submitted from their account) and one staff made for Owner B's unit.
  const ownWorkOrder = await send('owner', { method: 'POST', url: '/functions/submitWorkOrder', json: { title: 'Matrix leak A', property_id: propA.id } });
  seed.WorkOrder = { a: (ownWorkOrder.json() as { id: string }).id, b: (await adminCreate('WorkOrder', { title: 'Matrix leak B', property_id: propB.id })).id };
  // Owner A's request, decided (its letter exists), and one staff submitted for Owner B.
  const ownArc = await send('owner', { method: 'POST', url: '/functions/submitArchitecturalRequest', json: { property_id: propA.id, category: 'fence', description: 'Matrix fence A' } });
  seed.ArchitecturalRequest = { a: (ownArc.json() as { id: string }).id, b: await freshArc(propB.id) };
  await asAdmin({ method: 'POST', url: '/functions/decideArchitecturalRequest', json: { id: seed.ArchitecturalRequest.a, decision: 'approved' } });
  // An open request (updated and deleted by the generic cases) and an issued one (its certificate PDF).
  seed.EstoppelRequest = { a: (await adminCreate('EstoppelRequest', { property_id: propA.id, requester_name: 'Matrix title', requested_on: '2025-01-15' })).id };
  issuedEstoppel = (await adminCreate('EstoppelRequest', { property_id: propA.id, requester_name: 'Matrix title issued', requested_on: '2025-01-15' })).id;
  await asAdmin({ method: 'POST', url: '/functions/issueEstoppelCertificate', json: { id: issuedEstoppel } });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// 1. The route table
// ---------------------------------------------------------------------------------------------

type Expect = Record<Caller, number>;
const everyone = (status: number): Expect => Object.fromEntries(CALLERS.map((c) => [c, status])) as Expect;
const signedIn = (status = 200): Expect => ({ ...everyone(status), anonymous: 401 });
const adminOnly: Expect = { ...everyone(403), admin: 200, anonymous: 401 };
/** Administrators, property managers and board members (reports and chart of accounts read). */
const reportsRead = (): Expect => ({ ...everyone(403), admin: 200, property_manager: 200, board_member: 200, anonymous: 401 });
/** users:create privilege (read_write): administrators and property managers. */
const staff: Expect = { ...everyone(403), admin: 200, property_manager: 200, anonymous: 401 };

interface RouteRule {
  /** Who may call it, in words. */
  access: string;
  /** The status each caller gets, or the entity matrix (section 2), function matrix or report matrix (section 5) decides. */
  expect: Expect | 'entity-matrix' | 'function-matrix' | 'report-matrix';
  /** The request a caller sends (fresh data is prepared here). */
  request?: (caller: Caller) => Promise<Req> | Req;
  /** Further checks after the response (e.g. nothing changed on refusal). */
  verify?: (caller: Caller, res: LightMyRequestResponse, before: unknown) => Promise<void> | void;
  /** State read before the call, handed to verify. */
  snapshot?: (caller: Caller) => Promise<unknown>;
  /** The route carries a per-client rate limit. */
  rateLimited?: boolean;
}

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
let uploadedFileUrl = '';

async function outboxTo(address: string) {
  const mails = await asAdmin<Array<{ to: string; text: string }>>({ method: 'GET', url: '/outbox?limit=500' });
  return mails.filter((m) => m.to.toLowerCase() === address.toLowerCase());
}
const otpIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1];
async function privilegeSnapshot() {
  return (await adminList('Privilege')).map((p) => `${p.id}:${p.role_name}:${p.resource_name}:${p.permission_level}`).sort();
}
const invited = new Map<Caller, string>();

/** A read of one owner's account (statement, delivery log): staff read any; the owner their own, and Owner B's is a 404. */
function ownerAccountRoute(path: (ownerId: string) => string, shape: () => Record<string, unknown>): RouteRule {
  return {
    access: 'invoices read; own_records: only the owner the user is linked to (another owner is a 404)',
    expect: { ...reportsRead(), owner: 200 },
    request: () => ({ method: 'GET', url: path(seed.Owner!.a) }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      expect(res.json(), caller).toMatchObject(shape());
      const other = await send(caller, { method: 'GET', url: path(seed.Owner!.b!) });
      expect(other.statusCode, describeRes(`${caller} reads Owner B's ${path('x')}`, other)).toBe(caller === 'owner' ? 404 : 200);
    },
  };
}

/** GET /lists/{name}: the entity's read level decides; a reader gets every visible row, an own_records caller exactly their own. */
function listRule(name: string, entity: string, query = '', filter?: Record<string, unknown>): Record<string, RouteRule> {
  const def = ENTITY_DEFINITIONS.find((d) => d.name === entity)!;
  const expectByCaller = Object.fromEntries(
    CALLERS.map((caller) => {
      const outcome = outcomeOf(caller, def.resource, 'list');
      return [caller, outcome === 'unauthenticated' ? 401 : outcome === 'forbidden' ? 403 : 200];
    }),
  ) as Expect;
  return {
    [`GET /api/apps/:appId/lists/${name}`]: {
      access: `${def.resource} read (own_records: the caller's own rows)`,
      expect: expectByCaller,
      request: () => ({ method: 'GET', url: `/lists/${name}${query}${query ? '&' : '?'}limit=500` }),
      verify: async (caller, res) => {
        if (res.statusCode !== 200) return;
        const page = res.json() as { rows: Array<{ id: string }>; total: number };
        const got = page.rows.map((r) => r.id).sort();
        expect(page.total, `${caller} /lists/${name} total`).toBe(got.length);
        const listed = (await adminList(entity, filter)).map((r) => r.id);
        const own = outcomeOf(caller, def.resource, 'list') === 'own' ? await ownIds(entity, caller) : null;
        const expected = own ? listed.filter((id) => own.has(id)) : listed;
        expect(got, `${caller} /lists/${name} rows`).toEqual(expected.sort());
      },
    },
  };
}

const ROUTES: Record<string, RouteRule> = {
  // --- public platform endpoints ---
  'GET /api/health': { access: 'public', expect: everyone(200), request: () => ({ method: 'GET', url: '/api/health' }) },
  'GET /api/app-config': { access: 'public', expect: everyone(200), request: () => ({ method: 'GET', url: '/api/app-config' }) },
  'GET /api/metrics': { access: 'the instance\'s portfolio administrators (or a scraper holding METRICS_TOKEN); an association\'s administrator is not the operator', expect: { ...everyone(403), anonymous: 401 }, request: () => ({ method: 'GET', url: '/api/metrics' }) },
  'GET /api/apps/public/prod/public-settings/by-id/:appId': {
    access: 'public route; answers 403 auth_required to an anonymous caller (spec protocol), 200 to a registered user',
    expect: { ...everyone(200), anonymous: 403 },
    request: () => ({ method: 'GET', url: `/api/apps/public/prod/public-settings/by-id/${APP_ID}` }),
    verify: (caller, res) => {
      if (caller === 'anonymous') expect(res.json().extra_data?.reason, body(res)).toBe('auth_required');
    },
  },
  'GET /api/apps/:appId/setup/status': {
    access: 'public',
    expect: everyone(200),
    request: () => ({ method: 'GET', url: '/setup/status' }),
    verify: (_c, res) => expect(res.json()).toEqual({ needs_setup: false }),
  },
  'POST /api/apps/:appId/setup': {
    access: 'public, but 409 for everyone once a user exists',
    expect: everyone(409),
    rateLimited: true,
    snapshot: () => adminCount('User'),
    request: () => ({ method: 'POST', url: '/setup', json: { full_name: 'Intruder', email: `intruder-${uniq()}@example.com`, password: 'intruder-pass-1' } }),
    verify: async (_c, res, before) => {
      expect(res.json().code).toBe('setup_complete');
      expect(await adminCount('User'), 'setup must not create a user').toBe(before);
    },
  },
  // --- the management company (instance-level; none of these callers is a portfolio administrator: test/portfolio.test.ts has theirs) ---
  'GET /api/portfolio/associations': {
    access: 'signed in: the associations where the caller is a member (every one for a portfolio administrator)',
    expect: signedIn(),
    request: () => ({ method: 'GET', url: '/api/portfolio/associations' }),
    verify: (caller, res) => {
      if (caller !== 'anonymous') expect(res.json().associations.map((a: { app_id: string }) => a.app_id), body(res)).toEqual([APP_ID]);
    },
  },
  'POST /api/portfolio/associations': {
    access: 'portfolio administrators',
    expect: { ...everyone(403), anonymous: 401 },
    request: () => ({ method: 'POST', url: '/api/portfolio/associations', json: { name: 'Intruder HOA', app_id: `intruder-${uniq()}`, state: 'CA', time_zone: 'America/Los_Angeles', fiscal_year_start_month: 1 } }),
  },
  'POST /api/portfolio/associations/:app_id/archive': {
    access: 'portfolio administrators',
    expect: { ...everyone(403), anonymous: 401 },
    request: () => ({ method: 'POST', url: `/api/portfolio/associations/${APP_ID}/archive` }),
  },
  'GET /api/portfolio/associations/:app_id/members': {
    access: 'portfolio administrators',
    expect: { ...everyone(403), anonymous: 401 },
    request: () => ({ method: 'GET', url: `/api/portfolio/associations/${APP_ID}/members` }),
  },
  'POST /api/portfolio/associations/:app_id/members': {
    access: 'portfolio administrators',
    expect: { ...everyone(403), anonymous: 401 },
    request: () => ({ method: 'POST', url: `/api/portfolio/associations/${APP_ID}/members`, json: { email: `staff-${uniq()}@example.com`, role: 'property_manager' } }),
  },
  'DELETE /api/portfolio/associations/:app_id/members/:user_id': {
    access: 'portfolio administrators',
    expect: { ...everyone(403), anonymous: 401 },
    request: () => ({ method: 'DELETE', url: `/api/portfolio/associations/${APP_ID}/members/${users.renter!.id}` }),
  },
  'GET /api/portfolio/summary': {
    access: 'portfolio administrators',
    expect: { ...everyone(403), anonymous: 401 },
    request: () => ({ method: 'GET', url: '/api/portfolio/summary' }),
  },
  'POST /api/apps/:appId/bank-accounts/:id/statements': {
    access: 'chart of accounts create (administrators, property managers)',
    expect: staff,
    request: () => statementRequest(),
  },
  'GET /api/apps/:appId/bank-accounts/:id/lines': {
    access: 'chart of accounts read (administrators, property managers)',
    expect: reportsRead(),
    request: () => ({ method: 'GET', url: `/bank-accounts/${seed.BankAccount!.a}/lines?status=unmatched` }),
  },
  'GET /api/apps/:appId/bank-accounts/:id/unmatched-documents': {
    access: 'chart of accounts read (administrators, property managers)',
    expect: reportsRead(),
    request: () => ({ method: 'GET', url: `/bank-accounts/${seed.BankAccount!.a}/unmatched-documents?from=2025-01-01&to=2025-03-31` }),
  },
  'GET /api/apps/:appId/reconciliations/:id': {
    access: 'chart of accounts read (administrators, property managers)',
    expect: reportsRead(),
    request: () => ({ method: 'GET', url: `/reconciliations/${seed.BankReconciliation!.a}` }),
  },
  'GET /api/apps/:appId/reconciliations/:id/report': {
    access: 'chart of accounts read (administrators, property managers)',
    expect: reportsRead(),
    request: () => ({ method: 'GET', url: `/reconciliations/${seed.BankReconciliation!.a}/report` }),
  },
  'GET /api/apps/:appId/ach-batches/:id/file': {
    access: 'the batch read through the AchBatch scope (chart of accounts read), and payments create for a debit file (bills create for a credit file)',
    expect: staff,
    request: () => ({ method: 'GET', url: `/ach-batches/${seed.AchBatch!.a}/file` }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.body.split('\n')[0], caller).toMatch(/^101 121000358/);
    },
  },
  'GET /api/apps/:appId/bank-accounts/:id/positive-pay': {
    access: 'bills read, and the bank account read through its scope (chart of accounts read): staff and the board',
    expect: { ...staff, board_member: 200 },
    request: () => ({ method: 'GET', url: `/bank-accounts/${operatingBank}/positive-pay?from=2025-01-01&to=2025-12-31` }),
  },
  'GET /api/apps/:appId/outbox': { access: 'administrators', expect: adminOnly, request: () => ({ method: 'GET', url: '/outbox' }) },
  'POST /api/apps/:appId/analytics/track/batch': {
    access: 'public (acknowledged and dropped)',
    expect: everyone(200),
    request: () => ({ method: 'POST', url: '/analytics/track/batch', json: { events: [{ event_name: 'page_view' }] } }),
  },

  // --- auth (public, rate limited) ---
  'POST /api/apps/:appId/auth/login': {
    access: 'public',
    expect: everyone(200),
    rateLimited: true,
    // An anonymous caller signs in with the renter's credentials.
    request: (caller) => ({ method: 'POST', url: '/auth/login', json: { email: users[caller === 'anonymous' ? 'renter' : caller].email, password: PASSWORD } }),
    verify: (caller, res) => expect(res.json().user.id).toBe(users[caller === 'anonymous' ? 'renter' : caller].id),
  },
  'POST /api/apps/:appId/auth/logout': {
    access: 'signed-in (revokes the calling session)',
    expect: signedIn(200),
    // A second session, so the caller's main token survives.
    request: async (caller) => ({
      method: 'POST',
      url: '/auth/logout',
      headers: caller === 'anonymous' ? ({} as Record<string, string>) : { authorization: `Bearer ${await signIn(t, users[caller].email)}` },
    }),
  },
  'POST /api/apps/:appId/auth/register': {
    access: 'public (for an invited email)',
    expect: everyone(200),
    rateLimited: true,
    request: async (caller) => {
      const email = `reg-${caller}-${uniq()}@example.com`;
      await asAdmin({ method: 'POST', url: '/users/invite-user', json: { user_email: email, role: 'renter' } });
      invited.set(caller, email);
      return { method: 'POST', url: '/auth/register', json: { email, password: 'register-pass-1', full_name: 'Registered' } };
    },
  },
  'POST /api/apps/:appId/auth/verify-otp': {
    access: 'public',
    expect: everyone(200),
    rateLimited: true,
    request: async (caller) => {
      const email = `otp-${caller}-${uniq()}@example.com`;
      await asAdmin({ method: 'POST', url: '/users/invite-user', json: { user_email: email, role: 'renter' } });
      const reg = await send('anonymous', { method: 'POST', url: '/auth/register', json: { email, password: 'register-pass-1' } });
      expect(reg.statusCode, body(reg)).toBe(200);
      const code = (await outboxTo(email)).map((m) => otpIn(m.text)).find(Boolean);
      expect(code, `no OTP mailed to ${email}`).toBeDefined();
      return { method: 'POST', url: '/auth/verify-otp', json: { email, otp_code: code } };
    },
  },
  'POST /api/apps/:appId/auth/resend-otp': {
    access: 'public',
    expect: everyone(200),
    rateLimited: true,
    request: () => ({ method: 'POST', url: '/auth/resend-otp', json: { email: `nobody-${uniq()}@example.com` } }),
  },
  'POST /api/apps/:appId/auth/reset-password-request': {
    access: 'public',
    expect: everyone(200),
    rateLimited: true,
    request: (caller) => ({ method: 'POST', url: '/auth/reset-password-request', json: { email: users[caller === 'anonymous' ? 'renter' : caller].email } }),
  },
  'POST /api/apps/:appId/auth/reset-password': {
    access: 'public (a bad token is a 400 for everyone)',
    expect: everyone(400),
    rateLimited: true,
    request: () => ({ method: 'POST', url: '/auth/reset-password', json: { reset_token: 'not-a-real-token', new_password: 'new-password-1' } }),
  },
  'POST /api/apps/:appId/auth/change-password': {
    access: 'signed-in, own password only (a wrong current password is a 400)',
    expect: signedIn(400),
    rateLimited: true,
    request: () => ({ method: 'POST', url: '/auth/change-password', json: { current_password: 'not-my-password', new_password: 'new-password-1' } }),
    verify: async (caller, res) => {
      if (caller === 'anonymous') return;
      expect(res.json().message).toBe('Current password is incorrect');
      // Naming another user is refused outright.
      const other = caller === 'renter' ? users.owner.id : users.renter.id;
      const foreign = await send(caller, { method: 'POST', url: '/auth/change-password', json: { user_id: other, current_password: PASSWORD, new_password: 'hijacked-pass-1' } });
      expect(foreign.statusCode, describeRes(`${caller} change-password of another user`, foreign)).toBe(403);
      expect((await send('anonymous', { method: 'POST', url: '/auth/login', json: { email: users[caller].email, password: PASSWORD } })).statusCode).toBe(200);
    },
  },
  'POST /api/apps/:appId/users/invite-user': {
    access: 'users:create (admin, property_manager); only an admin invites an admin',
    expect: staff,
    rateLimited: true,
    request: (caller) => {
      const email = `invitee-${caller}-${uniq()}@example.com`;
      invited.set(caller, email);
      return { method: 'POST', url: '/users/invite-user', json: { user_email: email, role: 'renter' } };
    },
    verify: async (caller, res) => {
      const mails = await outboxTo(invited.get(caller)!);
      expect(mails.length, `invitation mails after ${caller}'s ${res.statusCode}`).toBe(res.statusCode === 200 ? 1 : 0);
      if (caller === 'anonymous') return;
      const adminInvite = await send(caller, { method: 'POST', url: '/users/invite-user', json: { user_email: `admin-invite-${uniq()}@example.com`, role: 'admin' } });
      expect(adminInvite.statusCode, describeRes(`${caller} invites an admin`, adminInvite)).toBe(caller === 'admin' ? 200 : 403);
    },
  },
  'POST /api/apps/:appId/users/:id/two-factor/reset': {
    access: 'administrators only (another user; the reset ends that user\'s sessions)',
    expect: adminOnly,
    request: async () => {
      const target = await createUser(t, 'guest_contact');
      return { method: 'POST', url: `/users/${target.id}/two-factor/reset` };
    },
    verify: async (caller, res) => {
      if (caller !== 'admin') return;
      expect(res.json()).toEqual({ success: true, was_enrolled: false });
      const missing = await send(caller, { method: 'POST', url: '/users/0123456789abcdef01234567/two-factor/reset' });
      expect(missing.statusCode).toBe(404);
    },
  },
  'POST /api/apps/:appId/auth/two-factor/enable': {
    access: 'signed-in, own account (a wrong password is a 400 and enrols nothing)',
    expect: signedIn(400),
    rateLimited: true,
    request: () => ({ method: 'POST', url: '/auth/two-factor/enable', json: { password: 'not-my-password' } }),
    verify: async (caller, res) => {
      if (caller === 'anonymous') return;
      expect(res.json().message).toBe('The password is incorrect');
      expect((await send(caller, { method: 'GET', url: '/entities/User/me' })).json().two_factor_enabled).toBe(false);
    },
  },
  'POST /api/apps/:appId/auth/two-factor/verify': {
    access: 'signed-in, own account (nothing to verify without enable: 400)',
    expect: signedIn(400),
    rateLimited: true,
    request: () => ({ method: 'POST', url: '/auth/two-factor/verify', json: { code: '123456' } }),
  },
  'POST /api/apps/:appId/auth/two-factor/disable': {
    access: 'signed-in, own account (not enrolled: 409)',
    expect: signedIn(409),
    rateLimited: true,
    request: () => ({ method: 'POST', url: '/auth/two-factor/disable', json: { password: PASSWORD } }),
  },
  'POST /api/apps/:appId/auth/two-factor/login': {
    access: 'public; only a challenge from a right password leads anywhere (a forged one is a 401)',
    expect: everyone(401),
    rateLimited: true,
    request: () => ({ method: 'POST', url: '/auth/two-factor/login', json: { challenge: 'forged.challenge', code: '123456' } }),
    verify: (_c, res) => expect(res.json().code).toBe('two_factor_challenge_expired'),
  },
  'GET /api/apps/auth/logout': {
    access: 'public redirect',
    expect: everyone(302),
    request: () => ({ method: 'GET', url: '/api/apps/auth/logout?from_url=/owners' }),
    verify: (_c, res) => expect(res.headers.location).toBe('/login?from_url=%2Fowners'),
  },
  // Every report of the registry, per caller: section 5.
  'GET /api/apps/:appId/reports/:name': { access: 'per report of the registry', expect: 'report-matrix' },
  ...Object.fromEntries([...REGISTRY.reports.keys()].map((name): [string, RouteRule] => [`GET /api/apps/:appId/reports/${name}`, { access: 'per report of the registry', expect: 'report-matrix' }])),
  // Figures aggregated over the rows each caller may read (null counts where the resource is none).
  'GET /api/apps/:appId/dashboard/summary': {
    access: 'signed-in',
    expect: signedIn(200),
    request: () => ({ method: 'GET', url: '/dashboard/summary' }),
  },
  'GET /api/apps/:appId/entities/User/me': {
    access: 'signed-in',
    expect: signedIn(200),
    request: () => ({ method: 'GET', url: '/entities/User/me' }),
    verify: (caller, res) => {
      if (caller !== 'anonymous') expect(res.json()).toMatchObject({ id: users[caller].id, email: users[caller].email });
    },
  },
  'PUT /api/apps/:appId/entities/User/me': {
    access: 'signed-in; own phone and photo only',
    expect: signedIn(200),
    request: () => ({ method: 'PUT', url: '/entities/User/me', json: { phone: '555-0142' } }),
    verify: async (caller, res) => {
      if (caller === 'anonymous') return;
      expect(res.json()).toMatchObject({ id: users[caller].id, phone: '555-0142' });
      const before = (await adminGet('User', users[caller].id)).json();
      for (const escalation of [{ user_role: 'admin' }, { role: 'admin' }, { owner_id: seed.Owner!.b }]) {
        const r = await send(caller, { method: 'PUT', url: '/entities/User/me', json: escalation });
        expect(r.statusCode, describeRes(`${caller} PUT User/me ${JSON.stringify(escalation)}`, r)).toBe(400);
      }
      expect((await adminGet('User', users[caller].id)).json(), `${caller}'s user record changed`).toEqual(before);
    },
  },

  // --- the generic entity calls: section 2 ---
  'GET /api/apps/:appId/entities/:entity': { access: 'per entity resource level', expect: 'entity-matrix' },
  'GET /api/apps/:appId/entities/:entity/count': { access: 'per entity resource level', expect: 'entity-matrix' },
  'GET /api/apps/:appId/entities/:entity/:id': { access: 'per entity resource level', expect: 'entity-matrix' },
  'POST /api/apps/:appId/entities/:entity': { access: 'per entity resource level', expect: 'entity-matrix' },
  'POST /api/apps/:appId/entities/:entity/bulk': { access: 'per entity resource level', expect: 'entity-matrix' },
  'POST /api/apps/:appId/entities/:entity/import': { access: 'per entity resource level', expect: 'entity-matrix' },
  'PUT /api/apps/:appId/entities/:entity/:id': { access: 'per entity resource level', expect: 'entity-matrix' },
  'DELETE /api/apps/:appId/entities/:entity/:id': { access: 'per entity resource level', expect: 'entity-matrix' },
  'DELETE /api/apps/:appId/entities/:entity': { access: 'per entity resource level', expect: 'entity-matrix' },

  // --- files ---
  'POST /api/apps/:appId/integration-endpoints/Core/:name': {
    access: 'signed-in',
    expect: signedIn(200),
    request: () => ({ method: 'POST', url: '/integration-endpoints/Core/UploadFile', multipart: { field: 'file', filename: 'logo.png', contentType: 'image/png', data: TINY_PNG } }),
    verify: (caller, res) => {
      if (caller !== 'anonymous') uploadedFileUrl = res.json().file_url;
    },
  },
  'GET /api/apps/:appId/files/:name': {
    access: 'public (unguessable server-generated names)',
    expect: everyone(200),
    request: () => {
      expect(uploadedFileUrl, 'an upload must have run first').not.toBe('');
      return { method: 'GET', url: new URL(uploadedFileUrl).pathname };
    },
  },

  // --- app logs ---
  'POST /api/app-logs/:appId/log-user-in-app/:pageName': {
    access: 'signed-in',
    expect: signedIn(200),
    snapshot: async () => (await asAdmin<{ total: number }>({ method: 'GET', url: `/api/app-logs/${APP_ID}/stats` })).total,
    request: () => ({ method: 'POST', url: `/api/app-logs/${APP_ID}/log-user-in-app/Dashboard` }),
    verify: async (caller, _res, before) => {
      const after = (await asAdmin<{ total: number }>({ method: 'GET', url: `/api/app-logs/${APP_ID}/stats` })).total;
      expect(after, `page visits after ${caller}`).toBe((before as number) + (caller === 'anonymous' ? 0 : 1));
    },
  },
  'GET /api/apps/:appId/audit-log': {
    access: 'administrators (read only: no route changes or deletes an entry)',
    expect: adminOnly,
    request: () => ({ method: 'GET', url: '/audit-log?limit=5' }),
    verify: (caller, res) => {
      if (caller === 'admin') expect(res.json()).toMatchObject({ rows: expect.any(Array), total: expect.any(Number) });
    },
  },
  'GET /api/app-logs/:appId': { access: 'administrators', expect: adminOnly, request: () => ({ method: 'GET', url: `/api/app-logs/${APP_ID}` }) },
  'GET /api/app-logs/:appId/stats': { access: 'administrators', expect: adminOnly, request: () => ({ method: 'GET', url: `/api/app-logs/${APP_ID}/stats` }) },

  // --- the ledger: journal entries, period status, the hash chain, the export ---
  'GET /api/apps/:appId/journal-entries': {
    access: 'chart of accounts read',
    expect: reportsRead(),
    request: () => ({ method: 'GET', url: '/journal-entries?type=all&limit=5' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json(), caller).toMatchObject({ rows: expect.any(Array), total: expect.any(Number) });
    },
  },
  'GET /api/apps/:appId/ledger/status': { access: 'reports read', expect: reportsRead(), request: () => ({ method: 'GET', url: '/ledger/status' }) },
  'GET /api/apps/:appId/ledger/verify': {
    access: 'reports read',
    expect: reportsRead(),
    request: () => ({ method: 'GET', url: '/ledger/verify' }),
    verify: (_c, res) => {
      if (res.statusCode === 200) expect(res.json()).toMatchObject({ ok: true, first_broken: null });
    },
  },
  'GET /api/apps/:appId/ledger/export': { access: 'reports read', expect: reportsRead(), request: () => ({ method: 'GET', url: '/ledger/export?format=csv' }) },

  // --- statements and invoice PDFs: staff with invoices read; an owner their own (Owner B's look missing) ---
  'GET /api/apps/:appId/owners/:ownerId/statement': ownerAccountRoute((owner) => `/owners/${owner}/statement?from=2025-01-01&to=2025-12-31`, () => ({ owner: { id: seed.Owner!.a }, opening_balance: 0 })),
  'GET /api/apps/:appId/invoices/:id/pdf': {
    access: 'invoices read; own_records: only the linked owner\'s invoices (another owner\'s is a 404)',
    expect: { ...reportsRead(), owner: 200 },
    request: () => ({ method: 'GET', url: `/invoices/${seed.Invoice!.a}/pdf` }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      expect(res.headers['content-type'], caller).toBe('application/pdf');
      const other = await send(caller, { method: 'GET', url: `/invoices/${seed.Invoice!.b}/pdf` });
      expect(other.statusCode, describeRes(`${caller} reads Owner B's invoice PDF`, other)).toBe(caller === 'owner' ? 404 : 200);
    },
  },

  // --- mailings: job progress for senders; an owner's delivery log like their statement ---
  'GET /api/apps/:appId/mail-jobs/:id': {
    access: 'invoices read_write (administrators, property managers)',
    expect: staff,
    request: async () => {
      const job = await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/emailStatements', json: { owner_ids: [seed.Owner!.a], from: '2025-01-01', to: '2025-01-31' } });
      return { method: 'GET', url: `/mail-jobs/${job.id}` };
    },
  },
  'GET /api/apps/:appId/owners/:ownerId/deliveries': ownerAccountRoute((owner) => `/owners/${owner}/deliveries`, () => ({ rows: expect.any(Array), total: expect.any(Number) })),
  'GET /api/apps/:appId/outbox/:id/attachments/:attachmentId': {
    access: 'administrators',
    expect: adminOnly,
    request: async () => {
      const n = next();
      const owner = await adminCreate('Owner', { owner_id: String(300000 + n), first_name: 'Mail', last_name: `Matrix${n}`, email: `mail-matrix-${n}@example.com` });
      const invoice = await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/saveInvoice', json: { owner_id: owner.id, invoice_date: '2025-04-01', status: 'sent', lines: [{ description: 'Dues', quantity: 1, unit_price: 5 }] } });
      await asAdmin({ method: 'POST', url: '/functions/emailInvoices', json: { invoice_ids: [invoice.id] } });
      const mail = (await outboxTo(`mail-matrix-${n}@example.com`)) as unknown as Array<{ id: string; attachments: Array<{ id: string }> }>;
      return { method: 'GET', url: `/outbox/${mail[0]!.id}/attachments/${mail[0]!.attachments[0]!.id}` };
    },
  },

  // --- My Account: the signed-in user's linked owner only (only the owner user is linked here; guests never) ---
  'GET /api/apps/:appId/my-account': {
    access: 'owner-type roles, board members and staff linked to an owner record (User.owner_id): that owner only; unlinked 404, guest contact 403',
    expect: { ...everyone(404), owner: 200, guest_contact: 403, anonymous: 401 },
    request: () => ({ method: 'GET', url: '/my-account' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json(), caller).toMatchObject({ owner: { id: seed.Owner!.a } });
    },
  },
  'GET /api/apps/:appId/my-account/autopay': {
    access: 'as My Account: the linked owner\'s own enrollment',
    expect: { ...everyone(404), owner: 200, guest_contact: 403, anonymous: 401 },
    request: () => ({ method: 'GET', url: '/my-account/autopay' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json().enrollment, caller).toMatchObject({ owner_id: seed.Owner!.a });
    },
  },
  'POST /api/apps/:appId/my-account/autopay': {
    access: 'as My Account: the linked owner enrols only their own owner record (WEB)',
    expect: { ...everyone(404), owner: 200, guest_contact: 403, anonymous: 401 },
    request: async (caller) => {
      // Owner A's seeded enrollment is cancelled first, so the owner can enrol again (one in force per owner).
      if (caller === 'owner') {
        for (const e of await adminList('AutopayEnrollment', { owner_id: seed.Owner!.a, status: { $ne: 'cancelled' } })) {
          await asAdmin({ method: 'PUT', url: `/entities/AutopayEnrollment/${e.id}`, json: { status: 'cancelled' } });
        }
      }
      const text = caller === 'owner' ? (await send('owner', { method: 'GET', url: '/my-account/autopay' })).json().authorization_text : 'x';
      return { method: 'POST', url: '/my-account/autopay', json: { account_holder: 'Alice', routing_number: '021000021', account_number: '99990000', account_type: 'checking', authorization_text: text, accept_authorization: true } };
    },
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json().enrollment, caller).toMatchObject({ owner_id: seed.Owner!.a, sec_code: 'WEB', status: 'prenote' });
    },
  },
  'POST /api/apps/:appId/my-account/autopay/:id/cancel': {
    access: 'as My Account: only the linked owner\'s own enrollment (another owner\'s is a 404)',
    expect: { ...everyone(404), owner: 200, guest_contact: 403, anonymous: 401 },
    request: async () => {
      const [mine] = await adminList('AutopayEnrollment', { owner_id: seed.Owner!.a, status: { $ne: 'cancelled' } });
      const id = mine?.id ?? (await adminCreate('AutopayEnrollment', { ...(await newPayload('AutopayEnrollment')), owner_id: seed.Owner!.a })).id;
      return { method: 'POST', url: `/my-account/autopay/${id}/cancel` };
    },
    verify: async (caller, res) => {
      if (caller !== 'owner') return;
      expect(res.json().enrollment, caller).toMatchObject({ status: 'cancelled' });
      const other = await send(caller, { method: 'POST', url: `/my-account/autopay/${seed.AutopayEnrollment!.b}/cancel` });
      expect(other.statusCode, describeRes('owner cancels Owner B\'s enrollment', other)).toBe(404);
      expect((await adminGet('AutopayEnrollment', seed.AutopayEnrollment!.b!)).json().status).not.toBe('cancelled');
    },
  },
  'GET /api/apps/:appId/my-account/statement': {
    access: 'as My Account',
    expect: { ...everyone(404), owner: 200, guest_contact: 403, anonymous: 401 },
    request: () => ({ method: 'GET', url: '/my-account/statement?from=2025-01-01&to=2025-12-31' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json(), caller).toMatchObject({ owner: { id: seed.Owner!.a } });
    },
  },

  // --- the history of assessment and late-fee runs ---
  'GET /api/apps/:appId/charge-runs': {
    access: 'invoices read_write',
    expect: staff,
    request: () => ({ method: 'GET', url: '/charge-runs?limit=5' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json(), caller).toMatchObject({ rows: expect.any(Array), total: expect.any(Number) });
    },
  },

  // --- collections: the queue for staff who run them; letters and an owner's standing like their statement ---
  'GET /api/apps/:appId/collection-letters': {
    access: 'invoices read_write',
    expect: staff,
    request: () => ({ method: 'GET', url: '/collection-letters?status=awaiting_approval' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json(), caller).toMatchObject({ rows: expect.any(Array), total: expect.any(Number) });
    },
  },
  // No letter exists here (collections.test.ts reads real ones per caller): staff and the owner reach the lookup (404), others are refused first.
  'GET /api/apps/:appId/collection-letters/:id/pdf': {
    access: 'invoices read; own_records: only letters released to the linked owner (others look missing)',
    expect: { ...everyone(403), admin: 404, property_manager: 404, owner: 404, board_member: 404, anonymous: 401 },
    request: () => ({ method: 'GET', url: '/collection-letters/0123456789abcdef01234567/pdf' }),
  },
  // --- votes: members read the log, participation and results; who voted which way is never answered ---
  // --- meetings: those who read meetings see the directors and a meeting's motions (owners: members' meetings only) ---
  'GET /api/apps/:appId/meetings/directors': {
    access: 'meetings read (staff, board members, owners)', expect: { ...staff, owner: 200, board_member: 200 },
    request: () => ({ method: 'GET', url: '/meetings/directors' }),
  },
  'GET /api/apps/:appId/meetings/:id/motions': {
    access: 'meetings read, through the meeting\'s audience', expect: { ...staff, owner: 200, board_member: 200 },
    request: () => ({ method: 'GET', url: `/meetings/${seed.Meeting!.a}/motions` }),
  },
  'GET /api/apps/:appId/votes/:id/ballot-log': {
    access: 'votes read (staff, board members, owners)', expect: { ...staff, owner: 200, board_member: 200 },
    request: () => ({ method: 'GET', url: `/votes/${votes.open}/ballot-log` }),
  },
  'GET /api/apps/:appId/votes/:id/participation': {
    access: 'votes read; which unit voted only with votes write', expect: { ...staff, owner: 200, board_member: 200 },
    request: () => ({ method: 'GET', url: `/votes/${votes.open}/participation` }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json().units === null, caller).toBe(caller !== 'admin' && caller !== 'property_manager');
    },
  },
  'GET /api/apps/:appId/votes/:id/electorate': {
    access: 'votes write, or the vote\'s inspector of elections (here the property manager)', expect: staff,
    request: () => ({ method: 'GET', url: `/votes/${votes.open}/electorate` }),
  },
  'GET /api/apps/:appId/votes/:id/proxy-holders': {
    access: 'votes read (staff, board members, owners): the directors\' names', expect: { ...staff, owner: 200, board_member: 200 },
    request: () => ({ method: 'GET', url: `/votes/${votes.open}/proxy-holders` }),
  },
  'GET /api/apps/:appId/votes/:id/results': {
    access: 'votes read, once the vote is closed', expect: { ...staff, owner: 200, board_member: 200 },
    request: () => ({ method: 'GET', url: `/votes/${votes.closed}/results` }),
  },
  'GET /api/apps/:appId/violations': {
    access: 'violations read (staff, the board); own_records: the linked owner\'s violations only',
    expect: { ...reportsRead(), owner: 200 },
    request: () => ({ method: 'GET', url: '/violations?limit=500' }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      const ids = (res.json() as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
      expect(ids, caller).toContain(seed.Violation!.a);
      if (caller === 'owner') expect(ids, 'owner sees only their own').not.toContain(seed.Violation!.b);
    },
  },
  'GET /api/apps/:appId/violations/inspection-units': {
    access: 'violations read_write (staff who record violations): the units, nearest the earlier violations\' positions first',
    expect: staff,
    request: () => ({ method: 'GET', url: '/violations/inspection-units?latitude=34.05&longitude=-118.25' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect((res.json() as { rows: Array<{ id: string }> }).rows.map((r) => r.id), caller).toContain(seed.Property!.a);
    },
  },
  'GET /api/apps/:appId/violations/:id/timeline': {
    access: 'violations read; own_records: only the linked owner\'s violation (another owner\'s is a 404)',
    expect: { ...reportsRead(), owner: 200 },
    request: () => ({ method: 'GET', url: `/violations/${seed.Violation!.a}/timeline` }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      const other = await send(caller, { method: 'GET', url: `/violations/${seed.Violation!.b}/timeline` });
      expect(other.statusCode, describeRes(`${caller} reads Owner B's timeline`, other)).toBe(caller === 'owner' ? 404 : 200);
    },
  },
  'GET /api/apps/:appId/violation-notices/:id/pdf': {
    access: 'violations read; own_records: only notices of the linked owner\'s violations (others look missing)',
    expect: { ...everyone(403), admin: 404, property_manager: 404, owner: 404, anonymous: 401, board_member: 404 },
    request: () => ({ method: 'GET', url: '/violation-notices/0123456789abcdef01234567/pdf' }),
  },
  'POST /api/apps/:appId/violations/:id/photos': {
    access: 'violations read_write (evidence); own_records: a proof-of-cure photo on the linked owner\'s violation (another owner\'s is a 404); the board reads only',
    expect: { ...reportsRead(), board_member: 403, owner: 200 },
    request: () => ({ method: 'POST', url: `/violations/${seed.Violation!.a}/photos`, multipart: { field: 'file', filename: 'cure.png', contentType: 'image/png', data: TINY_PNG } }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      expect(res.json().kind, caller).toBe(caller === 'owner' ? 'cure' : 'evidence');
      const other = await send(caller, { method: 'POST', url: `/violations/${seed.Violation!.b}/photos`, multipart: { field: 'file', filename: 'cure.png', contentType: 'image/png', data: TINY_PNG } });
      expect(other.statusCode, describeRes(`${caller} adds a photo to Owner B's violation`, other)).toBe(caller === 'owner' ? 404 : 200);
    },
  },
  'GET /api/apps/:appId/violation-photos/:id/:variant': {
    access: 'violations read; own_records: only photos of the linked owner\'s violations (others look missing)',
    expect: { ...reportsRead(), owner: 200 },
    request: () => ({ method: 'GET', url: `/violation-photos/${violationPhoto}/thumbnail` }),
  },
  'GET /api/apps/:appId/owners/:ownerId/collections': ownerAccountRoute((owner) => `/owners/${owner}/collections`, () => ({ owner_id: seed.Owner!.a, letters: expect.any(Array) })),

  // --- announcements: staff write; readers get the feed their role and units allow (a board member reads it too) ---
  'GET /api/apps/:appId/announcements/feed': {
    access: 'announcements read; the rows filtered by audience and units on the server',
    expect: { ...staff, owner: 200, board_member: 200 },
    request: () => ({ method: 'GET', url: '/announcements/feed' }),
    verify: (caller, res) => {
      if (res.statusCode === 200) expect(res.json(), caller).toMatchObject({ rows: expect.any(Array) });
    },
  },
  'GET /api/apps/:appId/announcements': { access: 'announcements read_write (scheduled ones included)', expect: staff, request: () => ({ method: 'GET', url: '/announcements' }) },
  'POST /api/apps/:appId/announcements': {
    access: 'announcements read_write',
    expect: staff,
    request: () => ({ method: 'POST', url: '/announcements', json: { title: `Matrix ${uniq()}`, body: 'Body', audience: 'staff' } }),
  },
  'POST /api/apps/:appId/announcements/preview': { access: 'announcements read_write', expect: staff, request: () => ({ method: 'POST', url: '/announcements/preview', json: { body: '**x**' } }) },
  // No such announcement: staff reach the lookup (404), others are refused first.
  'PUT /api/apps/:appId/announcements/:id': {
    access: 'announcements read_write',
    expect: { ...staff, admin: 404, property_manager: 404 },
    request: () => ({ method: 'PUT', url: '/announcements/0123456789abcdef01234567', json: { title: 'x' } }),
  },
  'DELETE /api/apps/:appId/announcements/:id': {
    access: 'announcements read_write',
    expect: { ...staff, admin: 404, property_manager: 404 },
    request: () => ({ method: 'DELETE', url: '/announcements/0123456789abcdef01234567' }),
  },

  // --- documents: read per visibility (owners never board or staff documents); staff write; records requests are staff's ---
  'GET /api/apps/:appId/documents': { access: 'documents read; rows filtered by visibility per role', expect: { ...staff, owner: 200, board_member: 200 }, request: () => ({ method: 'GET', url: '/documents' }) },
  'POST /api/apps/:appId/documents': {
    access: 'documents read_write',
    expect: staff,
    request: () => ({ method: 'POST', url: '/documents', multipart: { field: 'file', filename: 'rules.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n%%EOF\n'), fields: { title: `Rules ${uniq()}`, category: 'rules', visibility: 'owners' } } }),
  },
  'GET /api/apps/:appId/documents/records-checklist': { access: 'documents read_write, or a board member', expect: { ...staff, board_member: 200 }, request: () => ({ method: 'GET', url: '/documents/records-checklist' }) },
  'GET /api/apps/:appId/documents/:id/file': {
    access: 'documents read and the document\'s visibility (another visibility looks missing)',
    expect: { ...staff, admin: 404, property_manager: 404, owner: 404, board_member: 404 },
    request: () => ({ method: 'GET', url: '/documents/0123456789abcdef01234567/file' }),
  },
  'PUT /api/apps/:appId/documents/:id': {
    access: 'documents read_write',
    expect: { ...staff, admin: 404, property_manager: 404 },
    request: () => ({ method: 'PUT', url: '/documents/0123456789abcdef01234567', json: { title: 'x' } }),
  },
  'DELETE /api/apps/:appId/documents/:id': {
    access: 'documents read_write',
    expect: { ...staff, admin: 404, property_manager: 404 },
    request: () => ({ method: 'DELETE', url: '/documents/0123456789abcdef01234567' }),
  },
  'GET /api/apps/:appId/records-requests': { access: 'documents read_write', expect: staff, request: () => ({ method: 'GET', url: '/records-requests' }) },
  'POST /api/apps/:appId/records-requests': {
    access: 'documents read_write',
    expect: staff,
    request: () => ({ method: 'POST', url: '/records-requests', json: { requested_by: 'Matrix', description: 'Minutes', received_on: '2026-02-02' } }),
  },
  'PUT /api/apps/:appId/records-requests/:id': {
    access: 'documents read_write',
    expect: { ...staff, admin: 404, property_manager: 404 },
    request: () => ({ method: 'PUT', url: '/records-requests/0123456789abcdef01234567', json: { fee_cents: 100 } }),
  },
  // Every signed-in caller gets a calendar: each source adds only what their privileges allow (possibly nothing).
  'GET /api/apps/:appId/calendar.ics': { access: 'signed in; events filtered per source by the caller\'s privileges', expect: signedIn(200), request: () => ({ method: 'GET', url: '/calendar.ics' }) },
  // --- work orders: staff and the board read every one; an owner their own (another's is a 404) ---
  'GET /api/apps/:appId/work-orders': {
    access: 'work_orders read; own_records: the owner\'s own requests',
    expect: { ...everyone(403), admin: 200, property_manager: 200, owner: 200, anonymous: 401, board_member: 200 },
    request: () => ({ method: 'GET', url: '/work-orders?limit=500' }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      const ids = (res.json() as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
      expect(ids, caller).toContain(seed.WorkOrder!.a);
      if (caller === 'owner') expect(new Set(ids), caller).toEqual(await ownIds('WorkOrder'));
      else expect(ids, caller).toContain(seed.WorkOrder!.b);
    },
  },
  'GET /api/apps/:appId/work-orders/:id': {
    access: 'work_orders read; own_records: only the owner\'s own (another\'s is a 404), with only the comments shared with them',
    expect: { ...everyone(403), admin: 200, property_manager: 200, owner: 200, anonymous: 401, board_member: 200 },
    request: () => ({ method: 'GET', url: `/work-orders/${seed.WorkOrder!.a}` }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      expect(res.json(), caller).toMatchObject({ id: seed.WorkOrder!.a, comments: expect.any(Array) });
      const other = await send(caller, { method: 'GET', url: `/work-orders/${seed.WorkOrder!.b}` });
      expect(other.statusCode, describeRes(`${caller} reads Owner B's work order`, other)).toBe(caller === 'owner' ? 404 : 200);
    },
  },

  // --- architectural requests: staff and the board read every one; an owner their own (another's is a 404) ---
  'GET /api/apps/:appId/architectural-requests': {
    access: 'architectural_requests read; own_records: the owner\'s own requests',
    expect: { ...everyone(403), admin: 200, property_manager: 200, owner: 200, anonymous: 401, board_member: 200 },
    request: () => ({ method: 'GET', url: '/architectural-requests?limit=500' }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      const ids = (res.json() as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
      if (caller === 'owner') expect(new Set(ids), caller).toEqual(await ownIds('ArchitecturalRequest'));
      else expect(ids, caller).toEqual(expect.arrayContaining([seed.ArchitecturalRequest!.a, seed.ArchitecturalRequest!.b]));
    },
  },
  'GET /api/apps/:appId/architectural-requests/:id': {
    access: 'architectural_requests read; own_records: only the owner\'s own (another\'s is a 404)',
    expect: { ...everyone(403), admin: 200, property_manager: 200, owner: 200, anonymous: 401, board_member: 200 },
    request: () => ({ method: 'GET', url: `/architectural-requests/${seed.ArchitecturalRequest!.a}` }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      const other = await send(caller, { method: 'GET', url: `/architectural-requests/${seed.ArchitecturalRequest!.b}` });
      expect(other.statusCode, describeRes(`${caller} reads Owner B's request`, other)).toBe(caller === 'owner' ? 404 : 200);
    },
  },
  'GET /api/apps/:appId/architectural-requests/:id/letter': {
    access: 'as the request: the decision letter as a PDF (404 before a decision)',
    expect: { ...everyone(403), admin: 200, property_manager: 200, owner: 200, anonymous: 401, board_member: 200 },
    request: () => ({ method: 'GET', url: `/architectural-requests/${seed.ArchitecturalRequest!.a}/letter` }),
  },

  // --- estoppel requests: staff and the board read them; owners and residents never (no privilege) ---
  'GET /api/apps/:appId/estoppel-requests': {
    access: 'estoppel read (staff, the board)',
    expect: { ...everyone(403), admin: 200, property_manager: 200, anonymous: 401, board_member: 200 },
    request: () => ({ method: 'GET', url: '/estoppel-requests' }),
    verify: async (caller, res) => {
      if (res.statusCode !== 200) return;
      expect((res.json() as Array<{ id: string }>).map((r) => r.id), caller).toEqual(expect.arrayContaining([seed.EstoppelRequest!.a, issuedEstoppel]));
    },
  },
  'GET /api/apps/:appId/estoppel-requests/:id/certificate': {
    access: 'estoppel read: the issued certificate as a PDF (404 before it is issued)',
    expect: { ...everyone(403), admin: 200, property_manager: 200, anonymous: 401, board_member: 200 },
    request: () => ({ method: 'GET', url: `/estoppel-requests/${issuedEstoppel}/certificate` }),
  },

  // --- list pages: the read privilege of the listed entity's resource; own_records callers get exactly their rows ---
  ...listRule('owners', 'Owner'),
  ...listRule('properties', 'Property'),
  ...listRule('invoices', 'Invoice', '?tab=all', { status: { $ne: 'cancelled' } }),
  ...listRule('payments', 'Payment'),
  ...listRule('bills', 'Bill'),
  ...listRule('vendors', 'Vendor'),
  ...listRule('users', 'User'),

  // --- functions: every function of the registry, per caller, in section 5 ---
  // Each function is its own route (its own OpenAPI operation); any other name is the generic route's 404.
  'POST /api/apps/:appId/functions/:name': { access: 'per function of the registry', expect: 'function-matrix' },
  ...Object.fromEntries([...REGISTRY.functions.keys()].map((name): [string, RouteRule] => [`POST /api/apps/:appId/functions/${name}`, { access: 'per function of the registry', expect: 'function-matrix' }])),

  // --- API documentation (swagger-ui) ---
  'GET /api/docs': { access: 'public', expect: everyone(200), request: () => ({ method: 'GET', url: '/api/docs' }) },
  'GET /api/docs/json': { access: 'public', expect: everyone(200), request: () => ({ method: 'GET', url: '/api/docs/json' }) },
  'GET /api/docs/yaml': { access: 'public', expect: everyone(200), request: () => ({ method: 'GET', url: '/api/docs/yaml' }) },
  'GET /api/docs/static/index.html': { access: 'public (redirect)', expect: everyone(302), request: () => ({ method: 'GET', url: '/api/docs/static/index.html' }) },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public', expect: everyone(200), request: () => ({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' }) },
  'GET /api/docs/static/*': { access: 'public', expect: everyone(200), request: () => ({ method: 'GET', url: '/api/docs/static/swagger-ui.css' }) },
};

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;

describe('1. route table', () => {
  it('every registered route has a rule in ROUTES', () => {
    const missing = t.routes.map(routeKey).filter((k) => !(k in ROUTES));
    expect(missing, `routes without an authorization rule (add them to ROUTES): ${missing.join(', ')}`).toEqual([]);
  });

  it('every rule in ROUTES names a registered route', () => {
    const registered = new Set(t.routes.map(routeKey));
    const stale = Object.entries(ROUTES).filter(([k]) => !registered.has(k)).map(([k]) => k);
    expect(stale, `ROUTES lists routes the server does not register: ${stale.join(', ')}`).toEqual([]);
  });

  it('the seeded privileges are the defaults this matrix assumes', async () => {
    const rows = await adminList('Privilege');
    for (const role of ROLES) {
      if (role === 'admin') continue;
      for (const resource of RESOURCE_KEYS) {
        const found = rows.filter((p) => p.role_name === role && p.resource_name === resource).map((p) => p.permission_level);
        const level = found[0] ?? 'none';
        expect(level, `${role} on ${resource}`).toBe(LEVELS[role](resource));
      }
    }
  });

  it('the entity matrix covers every entity definition', () => {
    for (const def of ENTITY_DEFINITIONS) {
      expect(UPDATE_PATCH[def.name], `UPDATE_PATCH lacks ${def.name}`).toBeDefined();
      expect(seed[def.name], `no seed record for ${def.name}`).toBeDefined();
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 2. The generic entity routes
// ---------------------------------------------------------------------------------------------

interface CaseCtx {
  caller: Caller;
  entity: string;
  op: Op;
}
const label = ({ caller, entity, op }: CaseCtx) => `${caller} ${op} ${entity}`;

function expectStatus(c: CaseCtx, res: LightMyRequestResponse, status: number, what = '') {
  expect(res.statusCode, describeRes(`${label(c)}${what ? ` (${what})` : ''}`, res)).toBe(status);
}

/** A refused write: the expected status, and the admin's view is unchanged. */
async function expectRefusedWrite(c: CaseCtx, status: number, attempt: () => Promise<LightMyRequestResponse>, targetIds: string[] = []) {
  const countBefore = await adminCount(c.entity);
  const recordsBefore = await Promise.all(targetIds.map(async (id) => (await adminGet(c.entity, id)).body));
  const res = await attempt();
  expectStatus(c, res, status);
  expect(await adminCount(c.entity), `${label(c)}: record count changed after a refused write`).toBe(countBefore);
  for (const [i, id] of targetIds.entries()) {
    expect((await adminGet(c.entity, id)).body, `${label(c)}: record ${id} changed after a refused write`).toBe(recordsBefore[i]);
  }
  return res;
}

const entityReq = {
  list: (e: string): Req => ({ method: 'GET', url: `/entities/${e}?limit=5000` }),
  count: (e: string): Req => ({ method: 'GET', url: `/entities/${e}/count` }),
  get: (e: string, id: string): Req => ({ method: 'GET', url: `/entities/${e}/${id}` }),
  create: (e: string, values: Record<string, unknown>): Req => ({ method: 'POST', url: `/entities/${e}`, json: values }),
  bulk: (e: string, values: Record<string, unknown>): Req => ({ method: 'POST', url: `/entities/${e}/bulk`, json: [values] }),
  import: (e: string, values: Record<string, unknown>): Req => ({
    method: 'POST',
    url: `/entities/${e}/import`,
    multipart: { field: 'file', filename: `${e}.csv`, contentType: 'text/csv', data: csvOf(values) },
  }),
  update: (e: string, id: string, patch: Record<string, unknown>): Req => ({ method: 'PUT', url: `/entities/${e}/${id}`, json: patch }),
  delete: (e: string, id: string): Req => ({ method: 'DELETE', url: `/entities/${e}/${id}` }),
  deleteMany: (e: string, id: string): Req => ({ method: 'DELETE', url: `/entities/${e}`, json: { id } }),
};

async function runEntityCase(c: CaseCtx, resource: ResourceKey) {
  const { caller, entity, op } = c;
  const outcome = outcomeOf(caller, resource, op);
  const s = seedFor(entity, caller);
  const refusal = outcome === 'unauthenticated' ? 401 : outcome === 'forbidden' ? 403 : null;

  switch (op) {
    case 'list':
    case 'count':
    case 'get': {
      if (refusal) {
        const req = op === 'get' ? entityReq.get(entity, s.a) : entityReq[op](entity);
        return expectStatus(c, await send(caller, req), refusal);
      }
      if (outcome === 'ok') {
        if (op === 'get') {
          for (const id of [s.a, s.b].filter(Boolean) as string[]) {
            const res = await send(caller, entityReq.get(entity, id));
            expectStatus(c, res, 200, id);
            expect(res.json().id).toBe(id);
          }
          return;
        }
        const res = await send(caller, entityReq[op](entity));
        expectStatus(c, res, 200);
        if (op === 'count') return expect(res.json().count, label(c)).toBe(await adminCount(entity));
        const ids = (res.json() as Array<{ id: string }>).map((r) => r.id);
        for (const id of [s.a, s.b].filter(Boolean) as string[]) expect(ids, `${label(c)} must include ${id}`).toContain(id);
        return;
      }
      // own_records
      const own = await ownIds(entity, caller);
      expect(own.has(s.a), `seed: ${entity} ${s.a} must belong to Owner A's user`).toBe(true);
      if (op === 'get') {
        const mine = await send(caller, entityReq.get(entity, s.a));
        expectStatus(c, mine, 200, "own record");
        expect(mine.json().id).toBe(s.a);
        const theirs = await send(caller, entityReq.get(entity, s.b!));
        expectStatus(c, theirs, 404, "another owner's record");
        return;
      }
      if (op === 'count') {
        const res = await send(caller, entityReq.count(entity));
        expectStatus(c, res, 200);
        return expect(res.json().count, `${label(c)}: own rows only`).toBe(own.size);
      }
      const res = await send(caller, entityReq.list(entity));
      expectStatus(c, res, 200);
      const ids = (res.json() as Array<{ id: string }>).map((r) => r.id);
      expect(ids, `${label(c)} must not show another owner's record ${s.b}`).not.toContain(s.b);
      expect(ids, `${label(c)} must show the caller's own record ${s.a}`).toContain(s.a);
      expect(new Set(ids), `${label(c)}: exactly the caller's own rows`).toEqual(own);
      return;
    }

    case 'create':
    case 'bulk':
    case 'import': {
      const values = await newPayload(entity);
      const attempt = () => send(caller, entityReq[op](entity, values));
      if (refusal) return void (await expectRefusedWrite(c, refusal, attempt));
      const domain = DOMAIN_REFUSALS[entity]?.[op];
      if (domain) {
        const res = await expectRefusedWrite(c, domain.status, attempt);
        if (domain.message) expect(res.json().message, label(c)).toMatch(domain.message);
        if (domain.code) expect(res.json().code, label(c)).toBe(domain.code);
        return;
      }
      const before = await adminCount(entity);
      const res = await attempt();
      expectStatus(c, res, 200);
      const created = op === 'create' ? [res.json()] : op === 'bulk' ? res.json() : res.json().items;
      expect(created, `${label(c)}: one record`).toHaveLength(1);
      expect(await adminCount(entity), `${label(c)}: count after create`).toBe(before + 1);
      expectStatus(c, await adminGet(entity, created[0].id), 200, 'admin reads the new record');
      return;
    }

    case 'update': {
      const patch = UPDATE_PATCH[entity]!;
      if (refusal) return void (await expectRefusedWrite(c, refusal, () => send(caller, entityReq.update(entity, s.a, patch)), [s.a]));
      if (outcome === 'own') {
        // An owner changes only the entity's owner-editable fields on their own rows (none on documents and links).
        const editable = ENTITY_DEFINITIONS.find((d) => d.name === entity)!.ownEditable;
        if (editable && Object.keys(patch).some((k) => !editable.includes(k))) {
          for (const id of [s.a, s.b!]) await expectRefusedWrite(c, 403, () => send(caller, entityReq.update(entity, id, patch)), [id]);
          return;
        }
        await expectRefusedWrite(c, 404, () => send(caller, entityReq.update(entity, s.b!, patch)), [s.b!]);
        const mine = await send(caller, entityReq.update(entity, s.a, patch));
        expectStatus(c, mine, 200, 'own record');
        return expect((await adminGet(entity, s.a)).json(), label(c)).toMatchObject(patch);
      }
      const domainUpdate = DOMAIN_REFUSALS[entity]?.update;
      if (domainUpdate) {
        const refused = await expectRefusedWrite(c, domainUpdate.status, () => send(caller, entityReq.update(entity, s.a, patch)), [s.a]);
        if (domainUpdate.message) expect(refused.json().message, label(c)).toMatch(domainUpdate.message);
        return;
      }
      const id = await freshRecord(entity);
      const res = await send(caller, entityReq.update(entity, id, patch));
      expectStatus(c, res, 200);
      return expect((await adminGet(entity, id)).json(), label(c)).toMatchObject(patch);
    }

    case 'delete':
    case 'deleteMany': {
      if (refusal) {
        // Own records too: own_records never deletes. Try the caller's own record and another owner's.
        for (const id of [s.a, s.b].filter(Boolean) as string[]) {
          await expectRefusedWrite(c, refusal, () => send(caller, entityReq[op](entity, id)), [id]);
        }
        return;
      }
      const domainDelete = DOMAIN_REFUSALS[entity]?.[op];
      if (domainDelete) {
        // Refused for every record of the entity: the seed's stays.
        const refused = await expectRefusedWrite(c, domainDelete.status, () => send(caller, entityReq[op](entity, s.a)), [s.a]);
        if (domainDelete.code) expect(refused.json().code, label(c)).toBe(domainDelete.code);
        return;
      }
      const id = await freshRecord(entity);
      const before = await adminCount(entity);
      const res = await send(caller, entityReq[op](entity, id));
      expectStatus(c, res, 200);
      if (op === 'deleteMany') expect(res.json(), label(c)).toEqual({ success: true, deleted: 1 });
      expectStatus(c, await adminGet(entity, id), 404, 'admin reads the deleted record');
      expect(await adminCount(entity), `${label(c)}: count after delete`).toBe(before - 1);
      await restoreSingletons(entity);
      return;
    }
  }
}

describe('2. generic entity routes: every entity × caller × operation', () => {
  for (const def of ENTITY_DEFINITIONS) {
    describe(`${def.name} (resource ${def.resource})`, () => {
      for (const caller of CALLERS) {
        for (const op of OPS) {
          const c: CaseCtx = { caller, entity: def.name, op };
          const resource = resourceFor(def, OP_KIND[op]);
          const outcome = outcomeOf(caller, resource, op);
          const name = `${label(c)} → ${outcome}${resource === def.resource ? '' : ` (${resource})`}`;
          const bug = KNOWN_BUGS[label(c)];
          (bug ? it.fails : it)(bug ? `${name} [server bug: ${bug}]` : name, () => runEntityCase(c, resource));
        }
      }
    });
  }
});

/**
 * own_records lets an owner update their own rows; the update must not move a row out of their
 * scope (onto Owner B) nor attach it to Owner B's data. Each case: refused (4xx) and nothing changed.
 */
const SCOPE_ESCAPES: Array<{ name: string; entity: string; record: () => string; patch: () => Record<string, unknown>; stillHidden?: () => Req }> = [
  { name: 'OwnerProperty.property_id → Owner B\'s property', entity: 'OwnerProperty', record: () => seed.OwnerProperty!.a, patch: () => ({ property_id: seed.Property!.b }), stillHidden: () => entityReq.get('Property', seed.Property!.b!) },
  { name: 'OwnerProperty.owner_id → Owner B', entity: 'OwnerProperty', record: () => seed.OwnerProperty!.a, patch: () => ({ owner_id: seed.Owner!.b }) },
  { name: 'Invoice.owner_id → Owner B', entity: 'Invoice', record: () => seed.Invoice!.a, patch: () => ({ owner_id: seed.Owner!.b }) },
  { name: 'InvoiceLineItem.invoice_id → Owner B\'s invoice', entity: 'InvoiceLineItem', record: () => seed.InvoiceLineItem!.a, patch: () => ({ invoice_id: seed.Invoice!.b }) },
  { name: 'Payment.owner_id → Owner B', entity: 'Payment', record: () => seed.Payment!.a, patch: () => ({ owner_id: seed.Owner!.b }) },
  { name: 'PaymentInvoice.payment_id → Owner B\'s payment', entity: 'PaymentInvoice', record: () => seed.PaymentInvoice!.a, patch: () => ({ payment_id: seed.Payment!.b }) },
  { name: 'PaymentInvoice.invoice_id → Owner B\'s invoice', entity: 'PaymentInvoice', record: () => seed.PaymentInvoice!.a, patch: () => ({ invoice_id: seed.Invoice!.b }) },
  { name: 'AutopayEnrollment.owner_id → Owner B', entity: 'AutopayEnrollment', record: () => seed.AutopayEnrollment!.a, patch: () => ({ owner_id: seed.Owner!.b }) },
  { name: 'User.owner_id → Owner B', entity: 'User', record: () => seed.User!.a, patch: () => ({ owner_id: seed.Owner!.b }) },
  { name: 'User.user_role → admin', entity: 'User', record: () => seed.User!.a, patch: () => ({ user_role: 'admin' }) },
];

describe("2b. own_records updates stay inside the caller's scope", () => {
  for (const escape of SCOPE_ESCAPES) {
    const name = `owner PUT own ${escape.name} → refused, unchanged`;
    const bug = KNOWN_BUGS[escape.name];
    (bug ? it.fails : it)(bug ? `${name} [server bug: ${bug}]` : name, async () => {
      const id = escape.record();
      const patch = escape.patch();
      const beforeRes = await adminGet(escape.entity, id);
      const before = beforeRes.json() as Record<string, unknown>;
      try {
        const res = await send('owner', { method: 'PUT', url: `/entities/${escape.entity}/${id}`, json: patch });
        expect(res.statusCode >= 400 && res.statusCode < 500, describeRes(`owner PUT ${escape.entity}/${id} ${JSON.stringify(patch)}`, res)).toBe(true);
        expect((await adminGet(escape.entity, id)).body, `${escape.entity} ${id} changed`).toBe(beforeRes.body);
        if (escape.stillHidden) {
          const req = escape.stillHidden();
          const leak = await send('owner', req);
          expect(leak.statusCode, describeRes(`owner ${req.method} ${req.url} after the attempt`, leak)).toBe(404);
        }
      } finally {
        // Whatever happened, the administrator puts the record back so later cases see the seed.
        const now = (await adminGet(escape.entity, id)).json() as Record<string, unknown>;
        const revert = Object.fromEntries(Object.keys(patch).filter((k) => now[k] !== before[k]).map((k) => [k, before[k]]));
        if (Object.keys(revert).length) await asAdmin(entityReq.update(escape.entity, id, revert));
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 3. Realtime
// ---------------------------------------------------------------------------------------------

interface Received {
  room: string;
  type: string;
  id: string;
}
interface RoleSocket {
  socket: Socket;
  events: Received[];
  errors: string[];
}
const sockets = {} as Record<Role, RoleSocket>;
const joinAcks = new Map<string, unknown>();
let socketUrl = '';
const room = (entity: string) => `entities:${APP_ID}:${entity}`;

function openSocket(query: Record<string, string>): Socket {
  return connectSocket(socketUrl, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query, reconnection: false, forceNew: true, timeout: 3000 });
}

/** Resolves with 'connected' or the connect_error message, within 3 s. */
function connectOutcome(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve('timeout'), 3000);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve('connected');
    });
    socket.once('connect_error', (err) => {
      clearTimeout(timer);
      resolve(`connect_error: ${err.message}`);
    });
  });
}

async function waitUntil(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 15));
  }
  return cond();
}

const serverRooms = (s: Socket) => t.realtime.io.of('/').sockets.get(s.id ?? '')?.rooms ?? new Set<string>();
const joinRefusal = (entity: string) => `You do not have permission to subscribe to ${entity}`;

/** Entities whose update_model delivery is checked; each write says whether it is Owner A's (the owner user's) record. */
/**
 * own: the owner's (Owner A's) record; ownFor names the own_records roles it belongs to where that is another caller;
 * hiddenFrom names readers the record's audience leaves out (a board meeting for owners).
 */
type Write = { id: string; type: 'create' | 'update'; own: boolean; ownFor?: Role[]; hiddenFrom?: Role[] };
const DELIVERY: Record<string, () => Promise<Write[]>> = {
  Owner: async () => {
    const created = await adminCreate('Owner', await newPayload('Owner'));
    await asAdmin(entityReq.update('Owner', seed.Owner!.a, { notes: 'rt' }));
    await asAdmin(entityReq.update('Owner', seed.Owner!.b!, { notes: 'rt' }));
    return [{ id: created.id, type: 'create', own: false }, { id: seed.Owner!.a, type: 'update', own: true }, { id: seed.Owner!.b!, type: 'update', own: false }];
  },
  Property: async () => {
    // A property becomes the owner's through OwnerProperty; a new unlinked one is nobody's.
    const created = await adminCreate('Property', await newPayload('Property'));
    await asAdmin(entityReq.update('Property', seed.Property!.a, { notes: 'rt' }));
    await asAdmin(entityReq.update('Property', seed.Property!.b!, { notes: 'rt' }));
    return [{ id: created.id, type: 'create', own: false }, { id: seed.Property!.a, type: 'update', own: true }, { id: seed.Property!.b!, type: 'update', own: false }];
  },
  OwnerProperty: async () => {
    const p1 = await adminCreate('Property', await newPayload('Property'));
    const p2 = await adminCreate('Property', await newPayload('Property'));
    // Give the Property-room events of the prerequisites time to settle before the step's events.
    await new Promise((r) => setTimeout(r, 100));
    const a = await adminCreate('OwnerProperty', { owner_id: seed.Owner!.a, property_id: p1.id });
    const b = await adminCreate('OwnerProperty', { owner_id: seed.Owner!.b, property_id: p2.id });
    return [{ id: a.id, type: 'create', own: true }, { id: b.id, type: 'create', own: false }];
  },
  Invoice: async () => {
    const a = await adminCreate('Invoice', { ...(await newPayload('Invoice')), owner_id: seed.Owner!.a });
    const b = await adminCreate('Invoice', { ...(await newPayload('Invoice')), owner_id: seed.Owner!.b });
    return [{ id: a.id, type: 'create', own: true }, { id: b.id, type: 'create', own: false }];
  },
  InvoiceLineItem: async () => {
    const a = await adminCreate('InvoiceLineItem', { invoice_id: seed.Invoice!.a, description: 'rt A', quantity: 1, unit_price: 5 });
    const b = await adminCreate('InvoiceLineItem', { invoice_id: seed.Invoice!.b, description: 'rt B', quantity: 1, unit_price: 5 });
    return [{ id: a.id, type: 'create', own: true }, { id: b.id, type: 'create', own: false }];
  },
  Payment: async () => {
    const a = await adminCreate('Payment', { ...(await newPayload('Payment')), owner_id: seed.Owner!.a });
    const b = await adminCreate('Payment', { ...(await newPayload('Payment')), owner_id: seed.Owner!.b });
    return [{ id: a.id, type: 'create', own: true }, { id: b.id, type: 'create', own: false }];
  },
  PaymentInvoice: async () => {
    const a = await adminCreate('PaymentInvoice', await applicationPayload(seed.Owner!.a));
    const b = await adminCreate('PaymentInvoice', await applicationPayload(seed.Owner!.b!));
    return [{ id: a.id, type: 'create', own: true }, { id: b.id, type: 'create', own: false }];
  },
  User: async () => {
    await asAdmin(entityReq.update('User', users.owner.id, { phone: '555-0001' }));
    await asAdmin(entityReq.update('User', users.renter.id, { phone: '555-0002' }));
    await asAdmin(entityReq.update('User', users.board_member.id, { phone: '555-0003' }));
    return [
      { id: users.owner.id, type: 'update', own: true, ownFor: ['owner'] },
      { id: users.renter.id, type: 'update', own: false },
      { id: users.board_member.id, type: 'update', own: false, ownFor: ['board_member'] },
    ];
  },
  // A topic: every posting publishes its journal entry; nobody owns one.
  JournalEntry: async () => {
    const entry = await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/postJournalEntry', json: journalParams() });
    return [{ id: entry.id, type: 'create', own: false }];
  },
  WorkOrder: async () => {
    const a = await send('owner', { method: 'POST', url: '/functions/submitWorkOrder', json: { title: 'rt A', property_id: seed.Property!.a } });
    const b = await adminCreate('WorkOrder', { title: 'rt B', property_id: seed.Property!.b });
    return [{ id: (a.json() as { id: string }).id, type: 'create', own: true }, { id: b.id, type: 'create', own: false }];
  },
  // The meeting's kind decides its readers: owners get members' meetings only, the board every one.
  Meeting: async () => {
    const board = await adminCreate('Meeting', { kind: 'board', title: 'rt board', starts_at: '2030-02-01T18:00:00Z' });
    const annual = await adminCreate('Meeting', { kind: 'annual', title: 'rt annual', starts_at: '2030-03-01T18:00:00Z' });
    return [{ id: board.id, type: 'create', own: false, hiddenFrom: ['owner'] }, { id: annual.id, type: 'create', own: false }];
  },
  Vendor: async () => {
    const v = await adminCreate('Vendor', await newPayload('Vendor'));
    await asAdmin(entityReq.update('Vendor', seed.Vendor!.a, { notes: 'rt' }));
    return [{ id: v.id, type: 'create', own: false }, { id: seed.Vendor!.a, type: 'update', own: false }];
  },
};

describe('3. realtime: entity rooms', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    for (const role of ROLES) {
      const socket = openSocket({ app_id: APP_ID, token: users[role].token });
      const rs: RoleSocket = { socket, events: [], errors: [] };
      socket.on('update_model', (msg: { room: string; data: string }) => {
        const d = JSON.parse(msg.data) as { type: string; id: string };
        rs.events.push({ room: msg.room, type: d.type, id: d.id });
      });
      socket.on('error', (e: { message?: string }) => rs.errors.push(String(e?.message)));
      sockets[role] = rs;
      const outcome = await connectOutcome(socket);
      if (outcome !== 'connected') throw new Error(`${role} socket: ${outcome}`);
    }
    // Every role asks for every entity room; the server acknowledges each join with {ok}.
    await Promise.all(
      ROLES.flatMap((role) =>
        ROOM_DEFINITIONS.map(async (def) => {
          const ack = (await sockets[role].socket.timeout(3000).emitWithAck('join', room(def.name)).catch((e: Error) => ({ ok: `no ack: ${e.message}` }))) as { ok: unknown };
          joinAcks.set(`${role}:${def.name}`, ack.ok);
        }),
      ),
    );
  }, 60_000);

  afterAll(() => {
    for (const role of ROLES) sockets[role]?.socket.disconnect();
  });

  it('an anonymous connection (no token), a bad token and a foreign app id are refused', async () => {
    const queries: Array<Record<string, string>> = [{ app_id: APP_ID }, { app_id: APP_ID, token: 'not-a-token' }, { app_id: 'other-app', token: users.admin.token }];
    for (const query of queries) {
      const s = openSocket(query);
      const outcome = await connectOutcome(s);
      s.disconnect();
      expect(outcome, `connect with ${JSON.stringify({ ...query, token: query.token ? '…' : undefined })}`).toBe('connect_error: auth_required');
    }
  });

  describe('join outcome: every entity and topic room × every role', () => {
    for (const def of ROOM_DEFINITIONS) {
      for (const role of ROLES) {
        const level = LEVELS[role](def.resource);
        it(`${role} joins ${room(def.name)} → ${level === 'none' ? 'refused' : 'joined'} (${level})`, () => {
          const ack = joinAcks.get(`${role}:${def.name}`);
          const joined = serverRooms(sockets[role].socket).has(room(def.name));
          const refusedWithError = sockets[role].errors.includes(joinRefusal(def.name));
          expect({ ack, joined, refusedWithError }, `${role} join ${def.name} (level ${level}); errors: ${sockets[role].errors.join(' | ')}`).toEqual({
            ack: level !== 'none',
            joined: level !== 'none',
            refusedWithError: level === 'none',
          });
        });
      }
    }
  });

  describe('update_model delivery', () => {
    for (const [entity, write] of Object.entries(DELIVERY)) {
      const def = ROOM_DEFINITIONS.find((d) => d.name === entity)!;
      it(`${entity}: read/read_write get every event, own_records only their own, none nothing`, async () => {
        for (const role of ROLES) sockets[role].events = [];
        const writes = await write();
        const key = (e: { type: string; id: string }) => `${e.type}:${e.id}`;
        const expected = (role: Role) => {
          const level = LEVELS[role](def.resource);
          return writes
            .filter((w) => !w.hiddenFrom?.includes(role))
            .filter((w) => level === 'read' || level === 'read_write' || (level === 'own_records' && (w.ownFor ? w.ownFor.includes(role) : w.own)))
            .map(key)
            .sort();
        };
        const got = (role: Role) => sockets[role].events.filter((e) => e.room === room(entity)).map(key).sort();
        // Sentinel: the admin socket receives every event; then each role's expected events; then a quiet window.
        const arrived = await waitUntil(() => ROLES.every((role) => expected(role).every((k) => got(role).includes(k))), 2000);
        await new Promise((r) => setTimeout(r, 400));
        for (const role of ROLES) {
          expect(got(role), `${role} (${LEVELS[role](def.resource)}) events in ${room(entity)}${arrived ? '' : ' [timed out waiting]'}`).toEqual(expected(role));
        }
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 4. The other routes, per caller
// ---------------------------------------------------------------------------------------------

describe('4. non-entity routes × callers', () => {
  for (const [key, rule] of Object.entries(ROUTES)) {
    if (typeof rule.expect === 'string') continue;
    const expectByCaller = rule.expect;
    describe(`${key} (${rule.access})`, () => {
      for (const caller of CALLERS) {
        it(`${caller} → ${expectByCaller[caller]}`, async () => {
          const before = rule.snapshot ? await rule.snapshot(caller) : undefined;
          const req = await rule.request!(caller);
          const res = await send(caller, req);
          expect(res.statusCode, describeRes(`${caller} ${req.method} ${req.url}`, res)).toBe(expectByCaller[caller]);
          if (rule.rateLimited) expect(res.headers['x-ratelimit-limit'], `${key} must be rate limited`).toBeDefined();
          await rule.verify?.(caller, res, before);
        });
      }
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 5. Every function and report of the registries, per caller (own and other records where they take an id)
// ---------------------------------------------------------------------------------------------

/** A fresh issued invoice of an owner, a payment on it (with credit left), for functions that change them. */
async function freshDocuments(ownerId: string) {
  const n = next();
  const invoice = await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/saveInvoice', json: { owner_id: ownerId, invoice_date: '2025-04-01', status: 'sent', lines: [{ description: `Fn ${n}`, quantity: 1, unit_price: 40 }] } });
  const payment = await asAdmin<{ payment: { id: string } }>({ method: 'POST', url: '/functions/recordPayment', json: { owner_id: ownerId, amount: 20, payment_date: '2025-04-02', invoice_ids: [] } });
  return { invoice: invoice.id, payment: payment.payment.id };
}
async function freshBill() {
  const n = next();
  return (await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/saveBill', json: { vendor_id: seed.Vendor!.a, bill_number: `FB-${n}`, bill_date: '2025-04-01', lines: [{ quantity: 1, unit_price: 15, account_id: seed.ChartOfAccount!.a }] } })).id;
}

interface FunctionCase {
  /** What the case shows, e.g. "Owner A's invoice". */
  label: string;
  expect: Expect;
  /** The named parameters a caller sends (fresh records are made here). */
  params: (caller: Caller) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** Read before and after a refused call: must not change. */
  state?: () => Promise<unknown>;
}

const invoicesWrite: Expect = { ...everyone(403), admin: 200, property_manager: 200, anonymous: 401 };
/** An owner's own document is read-only (403); another owner's looks missing (404). */
const ownDocument: Expect = { ...invoicesWrite, owner: 403 };
const otherDocument: Expect = { ...invoicesWrite, owner: 404 };
const invoiceState = (id: () => string) => async () => (await adminGet('Invoice', id())).body;
let lastDocs: { invoice: string; payment: string } = { invoice: '', payment: '' };
let lastBudget = '';
/** A fresh budget of its own fiscal year with one revenue line, adopted when asked. */
async function freshBudget(adopted = false): Promise<string> {
  const budget = await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/saveBudget', json: { name: `Fresh budget ${next()}`, fiscal_year: 5000 + next(), fund_id: systemFund.operating, lines: [{ account_id: seed.ChartOfAccount!.a, amounts: Array(12).fill(50) }] } });
  if (adopted) await asAdmin({ method: 'POST', url: '/functions/adoptBudget', json: { budget_id: budget.id } });
  return budget.id;
}
let adopted: Promise<string> | undefined;
const adoptedBudget = () => (adopted ??= freshBudget(true));

const journalParams = () => ({
  date: '2025-05-04', memo: `Bank fee ${next()}`,
  lines: [{ account_id: seed.ChartOfAccount!.a, fund_id: systemFund.operating, debit: 2, credit: 0 }, { account_id: operatingCash, fund_id: systemFund.operating, debit: 0, credit: 2 }],
});
const ledgerStatusSnapshot = async () => (await asAdmin({ method: 'GET', url: '/ledger/status' })) as unknown;

let feeRule: Promise<string> | undefined;
let lastFee = '';
/** A late fee charged on a fresh late invoice of the owner (by a rule on an item only these invoices carry). */
async function freshLateFee(ownerId: string): Promise<string> {
  feeRule ??= (async () => {
    const item = await adminCreate('Product', { product_code: `LATEFEE-${next()}`, description: 'Matrix late item', unit_price: 1, account_id: seed.ChartOfAccount!.a });
    await adminCreate('LateFeeRule', { name: 'Matrix fee rule', grace_days: 0, fee_type: 'fixed', fixed_amount: 3, product_ids: [item.id], late_fee_product_id: item.id });
    return item.id as string;
  })();
  const item = await feeRule;
  const invoice = await asAdmin<{ invoice_number: string }>({ method: 'POST', url: '/functions/saveInvoice', json: { owner_id: ownerId, invoice_date: '2025-04-01', due_date: '2025-04-16', status: 'sent', lines: [{ product_id: item, quantity: 1, unit_price: 10 }] } });
  const run = await asAdmin<{ items: Array<{ invoice_id: string; charged_invoice_number: string }> }>({ method: 'POST', url: '/functions/runLateFees', json: { as_of: '2025-05-01' } });
  return run.items.find((i) => i.charged_invoice_number === invoice.invoice_number)!.invoice_id;
}

let lastArc = '';
/** A request staff submit for the unit's owner. */
async function freshArc(propertyId: string): Promise<string> {
  return (await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/submitArchitecturalRequest', json: { property_id: propertyId, category: 'fence', description: `Fn fence ${next()}` } })).id;
}
async function deniedArc(propertyId: string): Promise<string> {
  const id = await freshArc(propertyId);
  await asAdmin({ method: 'POST', url: '/functions/decideArchitecturalRequest', json: { id, decision: 'denied', reason: 'matrix' } });
  return id;
}
const arcState = async () => (await adminGet('ArchitecturalRequest', lastArc)).body;
let lastWorkOrder = '';
const freshWorkOrder = async () => (await adminCreate('WorkOrder', { title: `Fn work order ${next()}` })).id;
/** The work order and its comments as the administrator reads them (a refused call changes neither). */
const workOrderState = async () => (await send('admin', { method: 'GET', url: `/work-orders/${lastWorkOrder}` })).body;

let lastMeeting = '';
let firstMeeting = '';
/** A meeting `days` from now (negative: past), with minutes when given; the first one of a case is its state's subject. */
async function freshMeeting(kind: string, days: number, minutes?: string): Promise<string> {
  const starts_at = new Date(Date.now() + days * 86_400_000).toISOString();
  lastMeeting = (await adminCreate('Meeting', { kind, title: `Fn meeting ${next()}`, starts_at, ...(minutes ? { minutes } : {}) })).id;
  if (minutes || kind === 'annual') firstMeeting = lastMeeting;
  return lastMeeting;
}
const meetingState = async () => (await adminGet('Meeting', firstMeeting)).body;

const FUNCTION_MATRIX: Record<string, FunctionCase[]> = {
  runAssessments: [{ label: 'a preview', expect: invoicesWrite, params: () => ({ as_of: '2025-06-01', dry_run: true }) }],
  runLateFees: [{ label: 'a preview', expect: invoicesWrite, params: () => ({ as_of: '2025-06-01', dry_run: true }) }],
  runCollections: [{ label: 'a preview', expect: invoicesWrite, params: () => ({ as_of: '2025-06-01', dry_run: true }) }],
  // No letter is waiting here (collections.test.ts approves and skips real ones): staff reach the lookup, others are refused first.
  sendMeetingNotice: [{ label: 'a members\' meeting in 60 days', expect: invoicesWrite, params: async () => ({ meeting_id: await freshMeeting('annual', 60) }), state: meetingState }],
  recordMotion: [{
    label: 'a board meeting, the director votes yes', expect: invoicesWrite,
    params: async () => ({ meeting_id: await freshMeeting('board', 7), text: 'Matrix motion', votes: [{ user_id: users.board_member.id, vote: 'yes' }] }),
    state: async () => (await send('admin', { method: 'GET', url: `/meetings/${lastMeeting}/motions` })).body,
  }],
  approveMinutes: [{
    label: 'minutes of a past meeting at a later one', expect: invoicesWrite,
    params: async () => ({ meeting_id: await freshMeeting('board', -30, 'Matrix minutes'), approved_at_meeting_id: await freshMeeting('board', -1) }),
    state: meetingState,
  }],
  issueEstoppelCertificate: [{ label: 'a fresh request', expect: invoicesWrite, params: async () => ({ id: (await adminCreate('EstoppelRequest', await newPayload('EstoppelRequest'))).id }) }],
  // A fresh unit of a fresh owner each time, sold to Owner A (nothing of the seed changes hands).
  transferOwnership: [{
    label: "a fresh unit sold to Owner A", expect: invoicesWrite,
    params: async () => {
      const unit = await adminCreate('Property', await newPayload('Property'));
      const owner = await adminCreate('Owner', await newPayload('Owner'));
      await adminCreate('OwnerProperty', { owner_id: owner.id, property_id: unit.id, start_date: '2020-01-01' });
      return { property_id: unit.id, closing_date: '2025-06-15', buyers: [{ owner_id: seed.Owner!.a, ownership_percentage: 100 }] };
    },
  }],
  cancelEstoppelRequest: [{ label: 'a fresh request', expect: invoicesWrite, params: async () => ({ id: (await adminCreate('EstoppelRequest', await newPayload('EstoppelRequest'))).id }) }],
  openVote: [{ label: 'a draft vote', expect: invoicesWrite, params: async () => ({ vote_id: await freshVote('draft') }) }],
  closeVote: [{ label: 'an open vote', expect: invoicesWrite, params: async () => ({ vote_id: await freshVote('open') }) }],
  // Owner A's unit: its owner votes; staff and the board read the vote but the unit is not theirs to vote (404).
  castBallot: [{
    label: "Owner A's unit", expect: { ...everyone(403), admin: 404, property_manager: 404, board_member: 404, owner: 200, anonymous: 401 },
    params: async () => ({ vote_id: await freshVote('open'), property_id: seed.Property!.a, answers: [{ question_index: 0, choices: ['yes'] }] }),
  }],
  recordPaperBallot: [{
    label: "Owner A's unit (the property manager is the inspector)", expect: { ...everyone(403), property_manager: 200, anonymous: 401 },
    params: async () => ({ vote_id: await freshVote('open'), property_id: seed.Property!.a, answers: [{ question_index: 0, choices: ['no'] }] }),
  }],
  assignProxy: [{
    label: "Owner A's unit to the renter", expect: { ...everyone(403), admin: 200, property_manager: 200, owner: 200, board_member: 404, anonymous: 401 },
    params: async () => ({ vote_id: await freshVote('open'), property_id: seed.Property!.a, holder_user_id: users.renter.id }),
  }],
  revokeProxy: [{
    label: "Owner A's unit's proxy", expect: { ...everyone(403), admin: 200, property_manager: 200, owner: 200, board_member: 404, anonymous: 401 },
    params: async () => {
      const vote_id = await freshVote('open');
      await asAdmin({ method: 'POST', url: '/functions/assignProxy', json: { vote_id, property_id: seed.Property!.a, holder_user_id: users.renter.id } });
      return { vote_id, property_id: seed.Property!.a };
    },
  }],
  approveCollectionLetters: [{ label: 'an unknown letter', expect: { ...invoicesWrite, admin: 404, property_manager: 404 }, params: () => ({ letter_ids: ['0123456789abcdef01234567'] }) }],
  skipCollectionLetters: [{ label: 'an unknown letter', expect: { ...invoicesWrite, admin: 404, property_manager: 404 }, params: () => ({ letter_ids: ['0123456789abcdef01234567'] }) }],
  waiveLateFee: [
    { label: "Owner A's late fee", expect: ownDocument, params: async () => ({ invoice_id: (lastFee = await freshLateFee(seed.Owner!.a)), reason: 'matrix' }), state: invoiceState(() => lastFee) },
    { label: "Owner B's late fee", expect: otherDocument, params: async () => ({ invoice_id: (lastFee = await freshLateFee(seed.Owner!.b!)), reason: 'matrix' }), state: invoiceState(() => lastFee) },
  ],
  saveInvoice: [
    { label: 'new invoice', expect: invoicesWrite, params: () => ({ owner_id: seed.Owner!.a, invoice_date: '2025-05-01', status: 'draft', lines: [{ quantity: 1, unit_price: 1 }] }) },
    {
      label: "Owner A's invoice (the owner's own)", expect: ownDocument,
      params: async () => ({ id: (lastDocs = await freshDocuments(seed.Owner!.a)).invoice, owner_id: seed.Owner!.a, invoice_date: '2025-04-01', status: 'sent', lines: [{ quantity: 1, unit_price: 40 }] }),
      state: invoiceState(() => lastDocs.invoice),
    },
    {
      label: "Owner B's invoice", expect: otherDocument,
      params: async () => ({ id: (lastDocs = await freshDocuments(seed.Owner!.b!)).invoice, owner_id: seed.Owner!.a, invoice_date: '2025-04-01', status: 'sent', lines: [{ quantity: 1, unit_price: 1 }] }),
      state: invoiceState(() => lastDocs.invoice),
    },
  ],
  cancelInvoice: [
    { label: "Owner A's invoice", expect: ownDocument, params: async () => ({ id: (lastDocs = await freshDocuments(seed.Owner!.a)).invoice }), state: invoiceState(() => lastDocs.invoice) },
    { label: "Owner B's invoice", expect: otherDocument, params: async () => ({ id: (lastDocs = await freshDocuments(seed.Owner!.b!)).invoice }), state: invoiceState(() => lastDocs.invoice) },
  ],
  emailInvoices: [
    { label: "Owner A's invoice", expect: invoicesWrite, params: async () => ({ invoice_ids: [(await freshDocuments(seed.Owner!.a)).invoice] }) },
    { label: "Owner B's invoice", expect: invoicesWrite, params: async () => ({ invoice_ids: [(await freshDocuments(seed.Owner!.b!)).invoice] }) },
  ],
  emailStatements: [
    { label: "Owner A's statement", expect: invoicesWrite, params: () => ({ owner_ids: [seed.Owner!.a], from: '2025-01-01', to: '2025-01-31' }) },
    { label: "Owner B's statement", expect: invoicesWrite, params: () => ({ owner_ids: [seed.Owner!.b], from: '2025-01-01', to: '2025-01-31' }) },
  ],
  recordPayment: [{ label: 'a payment for Owner A', expect: invoicesWrite, params: () => ({ owner_id: seed.Owner!.a, amount: 1, payment_date: '2025-05-02' }) }],
  bouncePayment: [
    { label: "Owner A's payment", expect: ownDocument, params: async () => ({ payment_id: (lastDocs = await freshDocuments(seed.Owner!.a)).payment, date: '2025-04-10', reason: 'NSF' }), state: async () => (await adminGet('Payment', lastDocs.payment)).body },
    { label: "Owner B's payment", expect: otherDocument, params: async () => ({ payment_id: (lastDocs = await freshDocuments(seed.Owner!.b!)).payment, date: '2025-04-10', reason: 'NSF' }), state: async () => (await adminGet('Payment', lastDocs.payment)).body },
  ],
  // Applying credit creates an application: payments read_write first, before any record is fetched.
  applyCredit: [
    { label: "Owner A's credit", expect: invoicesWrite, params: async () => { lastDocs = await freshDocuments(seed.Owner!.a); return { payment_id: lastDocs.payment, invoice_id: lastDocs.invoice, amount: 5 }; }, state: invoiceState(() => lastDocs.invoice) },
    { label: "Owner B's credit", expect: invoicesWrite, params: async () => { lastDocs = await freshDocuments(seed.Owner!.b!); return { payment_id: lastDocs.payment, invoice_id: lastDocs.invoice, amount: 5 }; }, state: invoiceState(() => lastDocs.invoice) },
  ],
  saveBill: [{ label: 'new bill', expect: invoicesWrite, params: () => ({ vendor_id: seed.Vendor!.a, bill_number: `SB-${next()}`, bill_date: '2025-05-01', lines: [{ quantity: 1, unit_price: 3, account_id: seed.ChartOfAccount!.a }] }) }],
  cancelBill: [{ label: 'a bill', expect: invoicesWrite, params: async () => ({ id: await freshBill() }) }],
  // Staff who may invite users and read owners; the owner's own record gives an owner nothing here.
  inviteOwners: [{ label: 'Owner A to the portal', expect: invoicesWrite, params: () => ({ owner_ids: [seed.Owner!.a] }) }],
  runMonthlyBilling: [{ label: 'a month', expect: invoicesWrite, params: () => ({ invoice_date: '2025-06-01' }) }],
  transferBetweenFunds: [{ label: 'operating to reserve', expect: invoicesWrite, params: () => ({ date: '2025-05-03', from_fund_id: systemFund.operating, to_fund_id: systemFund.reserve, amount: 1 }) }],
  postJournalEntry: [{ label: 'a bank fee', expect: invoicesWrite, params: () => journalParams() }],
  reverseJournalEntry: [{ label: 'a fresh entry', expect: invoicesWrite, params: async () => ({ entry_id: (await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/postJournalEntry', json: journalParams() })).id, date: '2025-05-05', reason: 'matrix' }) }],
  importOpeningBalances: [{ label: 'a dry run', expect: invoicesWrite, params: () => ({ dry_run: true, as_of: '2024-12-31', accounts: [{ account_id: operatingCash, fund_id: systemFund.operating, debit: 5, credit: 0 }, { account_id: seed.ChartOfAccount!.a, fund_id: systemFund.operating, debit: 0, credit: 5 }], owners: [], vendors: [] }) }],
  // Early dates, so the closes leave every other case's dates open; reopenPeriod runs after closePeriod.
  closePeriod: [{ label: 'through 2001-01-31', expect: adminOnly, params: () => ({ through: '2001-01-31' }), state: ledgerStatusSnapshot }],
  reopenPeriod: [{ label: 'all of it', expect: adminOnly, params: () => ({ through: null, reason: 'matrix' }), state: ledgerStatusSnapshot }],
  closeYear: [{ label: 'fiscal 2001', expect: adminOnly, params: () => ({ fiscal_year_end: '2001-12-31' }), state: ledgerStatusSnapshot }],
  createBackup: [{ label: 'the instance', expect: invoicesWrite, params: () => ({}) }],
  restoreBackup: [{ label: 'an empty file', expect: invoicesWrite, params: () => ({ backup: { data: { owners: [] }, schemas: {} } }) }],
  saveBudget: [{ label: 'a new budget with a line', expect: invoicesWrite, params: () => ({ name: `Fn budget ${next()}`, fiscal_year: 3000 + next(), fund_id: systemFund.operating, lines: [{ account_id: seed.ChartOfAccount!.a, amounts: Array(12).fill(1) }] }) }],
  copyBudget: [{ label: 'the matrix budget to another year', expect: invoicesWrite, params: () => ({ budget_id: seed.Budget!.a, to_fiscal_year: 4000 + next() }), state: () => adminCount('Budget') }],
  adoptBudget: [{ label: 'a draft budget', expect: invoicesWrite, params: async () => ({ budget_id: (lastBudget = await freshBudget()) }), state: async () => (await adminGet('Budget', lastBudget)).body }],
  unadoptBudget: [{ label: 'an adopted budget', expect: invoicesWrite, params: async () => ({ budget_id: (lastBudget = await freshBudget(true)), reason: 'Board revised it' }), state: async () => (await adminGet('Budget', lastBudget)).body }],
  // A preview writes nothing: whoever reads the budgets' books may see it (the board reviews the assessment it adopts).
  previewAssessment: [{ label: 'an adopted budget, equal shares', expect: { ...invoicesWrite, board_member: 200 }, params: async () => ({ budget_id: await adoptedBudget(), basis: 'equal', need: 'revenue_accounts', account_ids: [seed.ChartOfAccount!.a] }) }],
  applyAssessment: [{ label: 'an adopted budget, equal shares', expect: invoicesWrite, params: async () => ({ budget_id: await adoptedBudget(), basis: 'equal', need: 'revenue_accounts', account_ids: [seed.ChartOfAccount!.a] }), state: async () => (await adminList('Property')).map((p) => `${p.id}:${p.monthly_hoa_fee}`).sort() }],
  matchBankLines: [{ label: 'a dry run on the matrix account', expect: invoicesWrite, params: () => ({ bank_account_id: seed.BankAccount!.a, dry_run: true }) }],
  // Staff reach the lookup of the line (404: unknown); everyone else is refused first.
  matchBankLine: [{ label: 'an unknown line', expect: { ...invoicesWrite, admin: 404, property_manager: 404 }, params: () => ({ line_id: '0123456789abcdef01234567', payment_ids: ['0123456789abcdef01234567'] }) }],
  excludeBankLine: [{ label: 'a fresh line', expect: invoicesWrite, params: async () => ({ line_id: await freshBankLine(), reason: 'matrix' }) }],
  unmatchBankLine: [{
    label: 'an excluded line', expect: invoicesWrite,
    params: async () => {
      const line = await freshBankLine();
      await asAdmin({ method: 'POST', url: '/functions/excludeBankLine', json: { line_id: line, reason: 'matrix' } });
      return { line_id: line };
    },
  }],
  startReconciliation: [{ label: 'a new account', expect: invoicesWrite, params: async () => ({ bank_account_id: await freshBankAccount(), statement_date: '2025-06-30', ending_balance: 0 }) }],
  // Staff reach the draft and are told the posting is not one of it (400); everyone else is refused first.
  setCleared: [{ label: 'an unknown posting of a draft', expect: { ...invoicesWrite, admin: 400, property_manager: 400 }, params: async () => ({ reconciliation_id: await freshReconciliation(), journal_line_ids: ['0123456789abcdef01234567'], cleared: true }) }],
  completeReconciliation: [{ label: 'a balanced draft', expect: invoicesWrite, params: async () => ({ reconciliation_id: await freshReconciliation() }) }],
  voidReconciliation: [{ label: 'the newest completed one', expect: invoicesWrite, params: async () => ({ reconciliation_id: await freshReconciliation(true), reason: 'matrix' }) }],
  createAchDebitBatch: [{
    label: 'a fresh enrollment\'s prenote', expect: invoicesWrite, state: () => adminCount('AchBatch'),
    params: async () => {
      await adminCreate('AutopayEnrollment', await newPayload('AutopayEnrollment'));
      return { bank_account_id: operatingBank, effective_date: ACH_DATE };
    },
  }],
  createAchCreditBatch: [{
    label: 'a fresh bill of a vendor with bank details', expect: invoicesWrite, state: () => adminCount('AchBatch'),
    params: async () => {
      const bill = (await asAdmin<{ id: string }>({ method: 'POST', url: '/functions/saveBill', json: { vendor_id: achVendor, bill_number: `ACH-${next()}`, bill_date: '2025-04-01', lines: [{ quantity: 1, unit_price: 15, account_id: seed.ChartOfAccount!.a }] } })).id;
      return { bank_account_id: operatingBank, bill_ids: [bill], effective_date: ACH_DATE };
    },
  }],
  importAchReturns: [{
    label: 'the return of a fresh prenote', expect: invoicesWrite, state: () => adminList('AutopayEnrollment', { status: 'paused' }),
    params: async () => {
      const enrollment = await adminCreate('AutopayEnrollment', await newPayload('AutopayEnrollment'));
      const batch = await asAdmin<{ entries: Array<{ trace_number: string; owner_id: string }> }>({ method: 'POST', url: '/functions/createAchDebitBatch', json: { bank_account_id: operatingBank, effective_date: ACH_DATE } });
      return { trace_number: batch.entries.find((e) => e.owner_id === enrollment.owner_id)!.trace_number, return_code: 'R03', date: ACH_DATE };
    },
  }],
  recordViolation: [{ label: "Owner A's unit", expect: invoicesWrite, params: () => ({ property_id: seed.Property!.a, violation_type_id: seed.ViolationType!.a }) }],
  sendViolationNotice: [{ label: "Owner A's violation", expect: invoicesWrite, params: () => ({ violation_id: seed.Violation!.a, kind: 'courtesy' }) }],
  scheduleHearing: [{
    label: "a fresh violation of Owner A", expect: invoicesWrite,
    params: async () => ({ violation_id: await freshViolation('a'), scheduled_for: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) }),
  }],
  // Staff and board members (not a caller here: violations.test.ts has a board member decide) decide hearings.
  decideHearing: [{ label: 'a fresh hearing', expect: { ...invoicesWrite, board_member: 200 }, params: async () => ({ hearing_id: await freshHearing(), outcome: 'no_fine' }) }],
  requestHearing: [
    { label: "Owner A's violation", expect: { ...invoicesWrite, owner: 200 }, params: async () => ({ violation_id: await freshViolation('a') }) },
    { label: "Owner B's violation", expect: { ...invoicesWrite, owner: 404 }, params: async () => ({ violation_id: await freshViolation('b') }) },
  ],
  // Owners submit for their own unit; staff for any; the board reads only.
  submitWorkOrder: [{ label: "Owner A's unit", expect: { ...invoicesWrite, owner: 200 }, params: () => ({ title: `Fn work order ${next()}`, property_id: seed.Property!.a }), state: () => adminCount('WorkOrder') }],
  setWorkOrderStatus: [{ label: 'a fresh open work order', expect: invoicesWrite, params: async () => ({ id: (lastWorkOrder = await freshWorkOrder()), status: 'in_progress' }), state: workOrderState }],
  assignWorkOrderVendor: [{ label: 'a fresh work order', expect: invoicesWrite, params: async () => ({ id: (lastWorkOrder = await freshWorkOrder()), vendor_id: seed.Vendor!.a }), state: workOrderState }],
  linkWorkOrderBill: [{
    label: "the assigned vendor's bill", expect: invoicesWrite, state: workOrderState,
    params: async () => {
      lastWorkOrder = await freshWorkOrder();
      await asAdmin({ method: 'POST', url: '/functions/assignWorkOrderVendor', json: { id: lastWorkOrder, vendor_id: seed.Vendor!.a } });
      return { id: lastWorkOrder, bill_id: seed.Bill!.a };
    },
  }],
  addWorkOrderComment: [
    { label: "Owner A's work order", expect: { ...invoicesWrite, owner: 200 }, params: () => ({ id: (lastWorkOrder = seed.WorkOrder!.a), body: 'matrix note', shared: false }), state: workOrderState },
    { label: "Owner B's work order", expect: { ...invoicesWrite, owner: 404 }, params: () => ({ id: (lastWorkOrder = seed.WorkOrder!.b!), body: 'matrix note' }), state: workOrderState },
  ],
  // Owners submit for their own unit, staff for a unit's owner; staff (and board members) decide; the owner or staff appeal once and withdraw.
  submitArchitecturalRequest: [{ label: "Owner A's unit", expect: { ...invoicesWrite, owner: 200 }, params: () => ({ property_id: seed.Property!.a, category: 'fence', description: 'matrix' }), state: () => adminCount('ArchitecturalRequest') }],
  decideArchitecturalRequest: [{ label: 'a fresh request', expect: { ...invoicesWrite, board_member: 200 }, params: async () => ({ id: (lastArc = await freshArc(seed.Property!.a)), decision: 'approved' }), state: arcState }],
  appealArchitecturalRequest: [
    { label: "Owner A's denied request", expect: { ...invoicesWrite, owner: 200 }, params: async () => ({ id: (lastArc = await deniedArc(seed.Property!.a)), reason: 'matrix' }), state: arcState },
    { label: "Owner B's denied request", expect: { ...invoicesWrite, owner: 404 }, params: async () => ({ id: (lastArc = await deniedArc(seed.Property!.b!)), reason: 'matrix' }), state: arcState },
  ],
  withdrawArchitecturalRequest: [
    { label: "Owner A's request", expect: { ...invoicesWrite, owner: 200 }, params: async () => ({ id: (lastArc = await freshArc(seed.Property!.a)) }), state: arcState },
    { label: "Owner B's request", expect: { ...invoicesWrite, owner: 404 }, params: async () => ({ id: (lastArc = await freshArc(seed.Property!.b!)) }), state: arcState },
  ],
  // Last: an allowed call rewrites every privilege (to the defaults this matrix assumes).
  initializePrivileges: [{ label: 'the defaults', expect: adminOnly, params: () => ({}), state: privilegeSnapshot }],
  initializeDefaultRoles: [{ label: 'the defaults', expect: adminOnly, params: () => ({}), state: privilegeSnapshot }],
};

const reportExpect: Expect = { ...everyone(403), admin: 200, property_manager: 200, board_member: 200, anonymous: 401 };
/** Reports that need more than a period: their own query. */
const REPORT_QUERY: Record<string, () => string> = { 'budget-vs-actual': () => `&budget_id=${seed.Budget!.a}` };

describe('5. every function and report of the registries × callers', () => {
  it('the function matrix lists exactly the registered functions, the report matrix exactly the registered reports', () => {
    expect(Object.keys(FUNCTION_MATRIX).sort()).toEqual([...REGISTRY.functions.keys()].sort());
    expect([...REGISTRY.functions.keys()].filter((name) => !REGISTRY.functions.get(name)!.access), 'functions without an access text').toEqual([]);
    expect([...REGISTRY.reports.keys()].length).toBeGreaterThan(0);
  });

  for (const name of [...REGISTRY.reports.keys()]) {
    for (const caller of CALLERS) {
      it(`report ${name}: ${caller} → ${reportExpect[caller]}`, async () => {
        const res = await send(caller, { method: 'GET', url: `/reports/${name}?as_of=2025-12-31&to=2025-12-31${REPORT_QUERY[name]?.() ?? ''}` });
        expect(res.statusCode, describeRes(`${caller} report ${name}`, res)).toBe(reportExpect[caller]);
      });
    }
  }

  it('report names that are not reports: 404 for a reader, the privilege refusal for everyone else', async () => {
    for (const name of ['constructor', '__proto__', 'toString', 'valueOf', 'hasOwnProperty', 'nope']) {
      for (const caller of CALLERS) {
        const res = await send(caller, { method: 'GET', url: `/reports/${name}` });
        expect(res.statusCode, describeRes(`${caller} report ${name}`, res)).toBe(reportExpect[caller] === 200 ? 404 : reportExpect[caller]);
      }
    }
  });

  for (const [name, cases] of Object.entries(FUNCTION_MATRIX)) {
    for (const c of cases) {
      for (const caller of CALLERS) {
        it(`function ${name} (${c.label}): ${caller} → ${c.expect[caller]}`, async () => {
          const params = await c.params(caller);
          const before = c.state ? await c.state() : undefined;
          const res = await send(caller, { method: 'POST', url: `/functions/${name}`, json: params });
          expect(res.statusCode, describeRes(`${caller} ${name} ${JSON.stringify(params).slice(0, 200)}`, res)).toBe(c.expect[caller]);
          if (res.statusCode !== 200 && c.state) expect(await c.state(), `${name} changed state after ${caller}'s refused call`).toEqual(before);
        });
      }
    }
  }
});
