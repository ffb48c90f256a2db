/**
 * The isolation matrix between associations (issue 17): association A (the test app's first) and B (created here),
 * both seeded through the API with one record of every entity and the documents, runs, mail and files around them.
 *
 *  1. Every entity of the registry: B's administrator reaches A's record ids under B's path → 404 (get, update,
 *     delete), matches nothing (delete by filter, filtered count and list), and cannot point B's records at A's.
 *  2. Every function and report of the registries that takes record ids, and every other route that does, with
 *     A's ids under B's path → the exact refusal written in the tables below; nothing in A's schema changes.
 *  3. A's staff (administrator, property manager) and an A owner: every route, entity operation, function and
 *     report under B's path → 403 `not_a_member` (the portfolio routes naming B: 403 `portfolio_admin_required`;
 *     the routes open outside membership are listed with the reason, and what they answer is checked).
 *  4. What B's administrator reads (entity lists and counts, list pages, reports and their CSV, exports, the
 *     backup, the audit log, app logs, the outbox, run histories, the dashboard) holds none of A's ids or names.
 *  5. Realtime: a write in A reaches A's administrator's socket and never B's; B's rooms are B's only.
 *
 * Every registered route, entity, function, report and realtime room must be generated here or listed in a table
 * with its reason: a test fails by name otherwise.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { io as connectSocket, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURES } from '../src/app.ts';
import { addMember } from '../src/platform/auth/auth.service.ts';
import { Registry } from '../src/platform/registry.ts';
import { parseSecretKey } from '../src/lib/secret-box.ts';
import { APP_ID, createTestApp, createUser, multipartForm, type TestApp } from './helpers.ts';

const REGISTRY = new Registry(FEATURES);
const ENTITY_DEFINITIONS = [...REGISTRY.entities.values()];
const ENTITY_NAMES = ENTITY_DEFINITIONS.map((d) => d.name);
const ROOM_NAMES = [...ENTITY_NAMES, ...REGISTRY.topics.keys()];
const FUNCTION_NAMES = [...REGISTRY.functions.keys()];
const REPORT_NAMES = [...REGISTRY.reports.keys()];

const B_APP = 'isolation-b';
/** Each side's originating bank for ACH: trace numbers start with it, so A's never name one of B's entries. */
const ODFI: Record<'A' | 'B', string> = { A: '121000358', B: '011000015' };
type SideKey = 'A' | 'B';
const MARKER: Record<SideKey, string> = { A: 'Aardvark', B: 'Bumblebee' };
/** A's distinctive text: every name A's seed gives contains it, and nothing of B's does. */
const A_MARK = /aardvark/i;

interface Person {
  id: string;
  email: string;
  token: string;
}
/** A PostgreSQL schema whose rows a case must leave as they were. */
interface Schema {
  key: string;
  schema: string;
}
interface Side extends Schema {
  key: SideKey;
  app: string;
  marker: string;
  admin: Person;
  /** One record of every entity. */
  seed: Record<string, string>;
  /** Other records the cases name: funds, documents, runs, mail, files. */
  ids: Record<string, string>;
}
const side = {} as Record<SideKey, Side>;
let t: TestApp;
let boss: Person;
const aStaff = {} as Record<'admin' | 'property_manager' | 'owner', Person>;
const STAFF = ['admin', 'property_manager', 'owner'] as const;
/** Every id of A's rows (every entity, journal entries, letters, runs, mail, files, A's people). */
let aIds = new Set<string>();
let seq = 0;
const next = () => ++seq;

// ---------------------------------------------------------------------------------------------
// HTTP
// ---------------------------------------------------------------------------------------------

interface Req {
  method: string;
  /** Relative to the association's base (/api/apps/{app}), or absolute when it starts with /api. */
  url: string;
  json?: unknown;
  multipart?: { field: string; filename: string; contentType: string; data: Buffer; fields?: Record<string, string> };
}

function multipartBody(part: NonNullable<Req['multipart']>): { payload: Buffer; contentType: string } {
  return multipartForm([
    { name: part.field, value: part.data, filename: part.filename, contentType: part.contentType },
    ...Object.entries(part.fields ?? {}).map(([name, value]) => ({ name, value })),
  ]);
}

/** The import of a one-line CSV statement, unique to the call, into the given bank account (of the path's association). */
function statementImport(bankAccountId: string | undefined, marker: string): Req {
  const n = next();
  return {
    method: 'POST',
    url: `/bank-accounts/${bankAccountId}/statements`,
    multipart: {
      field: 'file', filename: `${marker}-${n}.csv`, contentType: 'text/csv', data: Buffer.from(`Date,Amount,Description\n01/15/2025,${n}.75,${marker} deposit ${n}\n`),
      fields: { mapping: JSON.stringify({ date: 'Date', amount: 'Amount', description: 'Description', date_format: 'MM/DD/YYYY' }) },
    },
  };
}

async function send(token: string | undefined, app: string, req: Req): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.json);
  } else if (req.multipart) {
    const mp = multipartBody(req.multipart);
    headers['content-type'] = mp.contentType;
    payload = mp.payload;
  }
  const url = req.url.startsWith('/api') ? req.url : `/api/apps/${app}${req.url}`;
  return t.app.inject({ method: req.method as 'GET', url, headers, payload });
}
const show = (what: string, res: LightMyRequestResponse) => `${what} → ${res.statusCode} ${res.body.slice(0, 300)}`;

/** The side's administrator, in the side's association; throws unless 200. */
async function ok<T = Record<string, unknown>>(s: Side, method: string, url: string, json?: unknown): Promise<T> {
  const res = await send(s.admin.token, s.app, { method, url, json });
  if (res.statusCode !== 200) throw new Error(show(`${s.key} admin ${method} ${url} ${JSON.stringify(json ?? '').slice(0, 200)}`, res));
  return (res.body ? res.json() : undefined) as T;
}
const create = (s: Side, entity: string, values: Record<string, unknown>) => ok<{ id: string }>(s, 'POST', `/entities/${entity}`, values);
const list = (s: Side, entity: string, filter?: unknown) =>
  ok<Array<Record<string, unknown> & { id: string }>>(s, 'GET', `/entities/${entity}?limit=5000${filter ? `&q=${encodeURIComponent(JSON.stringify(filter))}` : ''}`);
const fn = <T = Record<string, unknown>>(s: Side, name: string, params: Record<string, unknown>) => ok<T>(s, 'POST', `/functions/${name}`, params);

// ---------------------------------------------------------------------------------------------
// Seeding one association through the API: one record of every entity, named with the side's marker
// ---------------------------------------------------------------------------------------------

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

async function seedSide(s: Side): Promise<void> {
  const M = s.marker;
  const m = M.toLowerCase();
  const { seed, ids } = s;
  const funds = await list(s, 'Fund');
  const operating = funds.find((f) => f.system_key === 'operating')!;
  ids.operatingFund = operating.id;
  ids.reserveFund = funds.find((f) => f.system_key === 'reserve')!.id;
  ids.cash = operating.cash_account_id as string;
  seed.Fund = (await create(s, 'Fund', { code: `${M.slice(0, 3).toUpperCase()}F`, name: `${M} fund`, kind: 'other' })).id;
  ids.fundBank = (await create(s, 'ChartOfAccount', { account_number: '1990', account_name: `${M} fund bank`, account_type: 'asset', fund_id: seed.Fund })).id;
  seed.ChartOfAccount = (await create(s, 'ChartOfAccount', { account_number: '4990', account_name: `${M} revenue`, account_type: 'revenue' })).id;
  ids.expenseAccount = (await create(s, 'ChartOfAccount', { account_number: '5990', account_name: `${M} repairs`, account_type: 'expense' })).id;
  seed.Product = (await create(s, 'Product', { product_code: `${M.toUpperCase()}-DUES`, description: `${M} dues`, unit_price: 100, account_id: seed.ChartOfAccount })).id;
  seed.TaxRate = (await create(s, 'TaxRate', { tax_name: `${M} tax`, tax_rate: 5 })).id;
  seed.Owner = (await create(s, 'Owner', { owner_id: '100001', first_name: M, last_name: `${M}son`, email: `${m}-owner@example.com` })).id;
  ids.otherOwner = (await create(s, 'Owner', { owner_id: '100002', first_name: M, last_name: `${M}field` })).id;
  seed.Property = (await create(s, 'Property', { property_id: '200001', unit_number: `${M}-1`, monthly_hoa_fee: 100 })).id;
  seed.OwnerProperty = (await create(s, 'OwnerProperty', { owner_id: seed.Owner, property_id: seed.Property, ownership_percentage: 100, start_date: '2020-01-01' })).id;

  const invoice = await fn<{ id: string; invoice_number: string }>(s, 'saveInvoice', {
    owner_id: seed.Owner, invoice_date: '2025-01-01', due_date: '2025-01-15', status: 'sent', lines: [{ product_id: seed.Product, description: `${M} dues`, quantity: 1, unit_price: 100 }],
  });
  seed.Invoice = invoice.id;
  seed.InvoiceLineItem = (await list(s, 'InvoiceLineItem', { invoice_id: invoice.id }))[0]!.id;
  seed.Payment = (await fn<{ payment: { id: string } }>(s, 'recordPayment', { owner_id: seed.Owner, amount: 40, payment_date: '2025-01-10', invoice_ids: [invoice.id] })).payment.id;
  seed.PaymentInvoice = (await list(s, 'PaymentInvoice', { payment_id: seed.Payment }))[0]!.id;
  ids.creditPayment = (await fn<{ payment: { id: string } }>(s, 'recordPayment', { owner_id: seed.Owner, amount: 20, payment_date: '2025-01-11', invoice_ids: [] })).payment.id;

  seed.Vendor = (await create(s, 'Vendor', { vendor_name: `${M} Landscaping` })).id;
  seed.Bill = (await fn<{ id: string }>(s, 'saveBill', { vendor_id: seed.Vendor, bill_number: `${M}-B1`, bill_date: '2025-01-05', lines: [{ description: `${M} mowing`, quantity: 1, unit_price: 80, account_id: seed.ChartOfAccount }] })).id;
  seed.BillLineItem = (await list(s, 'BillLineItem', { bill_id: seed.Bill }))[0]!.id;
  seed.BillPayment = (await create(s, 'BillPayment', { bill_id: seed.Bill, amount: 30, payment_date: '2025-01-20' })).id;

  seed.Budget = (await fn<{ id: string }>(s, 'saveBudget', { name: `${M} budget`, fiscal_year: 2030, fund_id: ids.operatingFund, lines: [{ account_id: seed.ChartOfAccount, amounts: Array(12).fill(50) }] })).id;
  seed.BudgetLine = (await list(s, 'BudgetLine', { budget_id: seed.Budget }))[0]!.id;
  ids.adoptedBudget = (await fn<{ id: string }>(s, 'saveBudget', { name: `${M} adopted budget`, fiscal_year: 2031, fund_id: ids.operatingFund, lines: [{ account_id: seed.ChartOfAccount, amounts: Array(12).fill(60) }] })).id;
  await fn(s, 'adoptBudget', { budget_id: ids.adoptedBudget });
  seed.ReserveComponent = (await create(s, 'ReserveComponent', { name: `${M} pool`, useful_life_years: 10, remaining_life_years: 3, current_replacement_cost: 5000 })).id;
  seed.AssessmentSchedule = (await create(s, 'AssessmentSchedule', { name: `${M} dues schedule`, product_id: seed.Product, frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2025-01-01', is_active: false })).id;

  // A late fee: a rule on an item only the late invoice carries, charged by a late-fee run.
  ids.lateItem = (await create(s, 'Product', { product_code: `${M.toUpperCase()}-LATE`, description: `${M} late item`, unit_price: 1, account_id: seed.ChartOfAccount })).id;
  seed.LateFeeRule = (await create(s, 'LateFeeRule', { name: `${M} late fee`, grace_days: 0, fee_type: 'fixed', fixed_amount: 3, product_ids: [ids.lateItem], late_fee_product_id: ids.lateItem })).id;
  const late = await fn<{ invoice_number: string }>(s, 'saveInvoice', { owner_id: seed.Owner, invoice_date: '2025-02-01', due_date: '2025-02-16', status: 'sent', lines: [{ product_id: ids.lateItem, description: `${M} late`, quantity: 1, unit_price: 10 }] });
  const feeRun = await fn<{ items: Array<{ invoice_id: string; charged_invoice_number: string }> }>(s, 'runLateFees', { as_of: '2025-03-01' });
  ids.lateFee = feeRun.items.find((i) => i.charged_invoice_number === late.invoice_number)!.invoice_id;

  // A collection letter awaiting approval.
  seed.CollectionStage = (await create(s, 'CollectionStage', { name: `${M} reminder`, days_past_due: 30, requires_approval: true, letter_subject: `${M} past due`, letter_body: 'Dear {{owner_name}}, {{association_name}}' })).id;
  const collections = await fn<{ items: Array<{ owner_id: string; letter_id: string | null }> }>(s, 'runCollections', { as_of: '2025-04-01' });
  ids.letter = collections.items.find((i) => i.owner_id === seed.Owner && i.letter_id)!.letter_id!;

  seed.PaymentPlan = (await create(s, 'PaymentPlan', { owner_id: ids.otherOwner, start_date: '2099-01-01', installments: [{ due_date: '2099-02-01', amount: 10 }] })).id;
  // A draft vote (the entity's seed) and an open one (its log, participation, ballots and proxies).
  seed.Vote = (await create(s, 'Vote', isolationVote(`${M} draft vote`))).id;
  ids.openVote = (await create(s, 'Vote', isolationVote(`${M} open vote`))).id;
  await fn(s, 'openVote', { vote_id: ids.openVote });
  // A board meeting with minutes, a motion its director voted, and a later meeting to approve them at.
  ids.director = (await createUser(t, 'board_member', { appId: s.app, email: `${m}-director-${randomBytes(3).toString('hex')}@example.com` })).id;
  seed.Meeting = (await create(s, 'Meeting', { kind: 'board', title: `${M} board meeting`, starts_at: '2025-03-10T19:00:00Z', minutes: `${M} minutes` })).id;
  ids.laterMeeting = (await create(s, 'Meeting', { kind: 'board', title: `${M} April meeting`, starts_at: '2025-04-14T19:00:00Z' })).id;
  await fn(s, 'recordMotion', { meeting_id: seed.Meeting, text: `${M} motion`, votes: [{ user_id: ids.director, vote: 'yes' }] });
  // A violation with a notice and a photo, and another with a hearing (observed today: the unit's owner is linked today).
  seed.ViolationType = (await create(s, 'ViolationType', { name: `${M} trash cans`, cure_days: 14, fine_amount: 100 })).id;
  seed.Violation = (await fn<{ id: string }>(s, 'recordViolation', { property_id: seed.Property, violation_type_id: seed.ViolationType, description: `${M} bins` })).id;
  ids.violationNotice = (await fn<{ id: string }>(s, 'sendViolationNotice', { violation_id: seed.Violation, kind: 'courtesy' })).id;
  const photo = await send(s.admin.token, s.app, { method: 'POST', url: `/violations/${seed.Violation}/photos`, multipart: { field: 'file', filename: `${m}.png`, contentType: 'image/png', data: TINY_PNG } });
  if (photo.statusCode !== 200) throw new Error(show('violation photo', photo));
  ids.violationPhoto = photo.json().id;
  ids.heardViolation = (await fn<{ id: string }>(s, 'recordViolation', { property_id: seed.Property, violation_type_id: seed.ViolationType })).id;
  ids.hearing = (await fn<{ id: string }>(s, 'scheduleHearing', { violation_id: ids.heardViolation, scheduled_for: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10) })).id;
  seed.Role = (await create(s, 'Role', { role_name: `${m}_committee`, display_name: `${M} committee` })).id;
  seed.Privilege = (await create(s, 'Privilege', { role_name: `${m}_committee`, resource_name: 'reports', permission_level: 'read' })).id;
  const settings = await list(s, 'OrgSettings');
  if (settings[0]) {
    seed.OrgSettings = settings[0].id;
    await ok(s, 'PUT', `/entities/OrgSettings/${settings[0].id}`, { company_name: `${M} Estates` });
  } else seed.OrgSettings = (await create(s, 'OrgSettings', { company_name: `${M} Estates` })).id;
  seed.User = s.admin.id;
  ids.renterUser = (await createUser(t, 'renter', { appId: s.app, email: `${m}-renter@example.com` })).id;

  seed.BankAccount = (await list(s, 'BankAccount', { system_key: 'operating' }))[0]!.id;
  const statement = await send(s.admin.token, s.app, statementImport(seed.BankAccount, M));
  if (statement.statusCode !== 200) throw new Error(show('statement import', statement));
  seed.BankStatement = statement.json().statement_id;
  seed.BankStatementLine = (await list(s, 'BankStatementLine', { statement_id: seed.BankStatement }))[0]!.id;
  seed.BankRule = (await create(s, 'BankRule', { name: `${M} bank fee`, description_contains: `${M.toUpperCase()} FEE`, amount_min: -20, amount_max: 0, account_id: ids.expenseAccount, fund_id: ids.operatingFund })).id;
  seed.BankReconciliation = (await fn<{ reconciliation: { id: string } }>(s, 'startReconciliation', { bank_account_id: seed.BankAccount, statement_date: '2025-01-31', ending_balance: 0 })).reconciliation.id;

  // ACH: each side its own originating bank (so trace numbers differ), an enrolled owner whose prenote makes a file,
  // a vendor with bank details and an open bill to pay by ACH.
  await ok(s, 'PUT', `/entities/BankAccount/${seed.BankAccount}`, { routing_number: '021000021', account_number: '000123456789', ach_company_id: '1234567890', ach_company_name: `${M} HOA`, ach_odfi_routing_number: ODFI[s.key] });
  seed.AutopayEnrollment = (await create(s, 'AutopayEnrollment', { owner_id: seed.Owner, account_holder: `${M}son`, routing_number: '011000015', account_number: '12345678', account_type: 'checking', authorized_at: '2025-01-15', authorization_text: `${M} signed form` })).id;
  const achFile = await fn<{ batch_id: string; entries: Array<{ trace_number: string }> }>(s, 'createAchDebitBatch', { bank_account_id: seed.BankAccount, effective_date: '2030-01-02' });
  seed.AchBatch = achFile.batch_id;
  ids.achTrace = achFile.entries[0]!.trace_number;
  await ok(s, 'PUT', `/entities/Vendor/${seed.Vendor}`, { bank_routing_number: '021000021', bank_account_number: '44455566', bank_account_type: 'checking' });
  ids.achBill = (await fn<{ id: string }>(s, 'saveBill', { vendor_id: seed.Vendor, bill_number: `${M}-ACH1`, bill_date: '2025-01-05', lines: [{ description: `${M} repair`, quantity: 1, unit_price: 20, account_id: seed.ChartOfAccount }] })).id;

  ids.journalEntry = (await fn<{ id: string }>(s, 'postJournalEntry', {
    date: '2025-05-04', memo: `${M} bank fee`,
    lines: [{ account_id: seed.ChartOfAccount, fund_id: ids.operatingFund, debit: 2, credit: 0 }, { account_id: ids.cash, fund_id: ids.operatingFund, debit: 0, credit: 2 }],
  })).id;

  // Mail: the invoice to the owner (a PDF attachment), a statement mailing job.
  await fn(s, 'emailInvoices', { invoice_ids: [invoice.id] });
  const mail = (await ok<Array<{ id: string; to: string; attachments: Array<{ id: string }> }>>(s, 'GET', '/outbox?limit=500')).find((x) => x.to === `${m}-owner@example.com` && x.attachments.length);
  ids.outboxMessage = mail!.id;
  ids.outboxAttachment = mail!.attachments[0]!.id;
  ids.mailJob = (await fn<{ id: string }>(s, 'emailStatements', { owner_ids: [seed.Owner], from: '2025-01-01', to: '2025-12-31' })).id;
  for (let i = 0; i < 100 && (await ok<{ status: string }>(s, 'GET', `/mail-jobs/${ids.mailJob}`)).status === 'running'; i++) await new Promise((r) => setTimeout(r, 50));

  const upload = await send(s.admin.token, s.app, { method: 'POST', url: '/integration-endpoints/Core/UploadFile', multipart: { field: 'file', filename: `${m}.png`, contentType: 'image/png', data: TINY_PNG } });
  if (upload.statusCode !== 200) throw new Error(show('upload', upload));
  ids.fileName = new URL(upload.json().file_url).pathname.split('/').pop()!;
  await ok(s, 'POST', `/api/app-logs/${s.app}/log-user-in-app/${M}Page`);

  // The community: an announcement with an event day, a document, a records request.
  ids.announcement = (await ok<{ id: string }>(s, 'POST', '/announcements', { title: `${M} picnic`, body: `${M} at the pool`, audience: 'owners', event_on: '2025-07-04', publish_at: '2025-01-01T00:00:00Z' })).id;
  const docUpload = await send(s.admin.token, s.app, { method: 'POST', url: '/documents', multipart: { field: 'file', filename: `${m}.pdf`, contentType: 'application/pdf', data: Buffer.from(`%PDF-1.4\n% ${M}\n`), fields: { title: `${M} bylaws`, category: 'governing', visibility: 'owners' } } });
  if (docUpload.statusCode !== 200) throw new Error(show('document upload', docUpload));
  ids.document = docUpload.json().id as string;
  ids.recordsRequest = (await ok<{ id: string }>(s, 'POST', '/records-requests', { requested_by: `${M} neighbor`, owner_id: seed.Owner, description: `${M} minutes`, received_on: '2025-03-03' })).id;
  // A work order of the unit, with the vendor assigned, their bill linked and a comment.
  seed.WorkOrder = (await fn<{ id: string }>(s, 'submitWorkOrder', { title: `${M} leaking roof`, property_id: seed.Property })).id;
  await fn(s, 'assignWorkOrderVendor', { id: seed.WorkOrder, vendor_id: seed.Vendor });
  await fn(s, 'linkWorkOrderBill', { id: seed.WorkOrder, bill_id: seed.Bill });
  await fn(s, 'addWorkOrderComment', { id: seed.WorkOrder, body: `${M} roofer booked`, shared: true });
  // An architectural request of the owner, decided (its letter emailed).
  seed.ArchitecturalRequest = (await fn<{ id: string }>(s, 'submitArchitecturalRequest', { property_id: seed.Property, category: 'fence', description: `${M} cedar fence` })).id;
  await fn(s, 'decideArchitecturalRequest', { id: seed.ArchitecturalRequest, decision: 'approved' });
  // An estoppel request of the unit, open, and another issued (its certificate).
  seed.EstoppelRequest = (await create(s, 'EstoppelRequest', { property_id: seed.Property, requester_name: `${M} title company`, requested_on: '2025-03-03' })).id;
  ids.issuedEstoppel = (await create(s, 'EstoppelRequest', { property_id: seed.Property, requester_name: `${M} closing agent`, requested_on: '2025-03-03' })).id;
  await fn(s, 'issueEstoppelCertificate', { id: ids.issuedEstoppel });
}

// ---------------------------------------------------------------------------------------------
// What "nothing changed" means: every table of an association's schema, row by row
// ---------------------------------------------------------------------------------------------

const schemaTables = new Map<string, string[]>();
async function fingerprint(s: Schema): Promise<Record<string, string>> {
  let tables = schemaTables.get(s.schema);
  if (!tables) {
    const rows = (await t.dbHandle.db.execute(sql`select table_name from information_schema.tables where table_schema = ${s.schema} and table_type = 'BASE TABLE' order by table_name`)).rows as Array<{ table_name: string }>;
    tables = rows.map((r) => r.table_name).filter((n) => /^[a-z0-9_]+$/.test(n));
    schemaTables.set(s.schema, tables);
  }
  const union = tables
    .map((n) => `select '${n}' as t, count(*)::int as n, coalesce(md5(string_agg(md5(x::text), '' order by md5(x::text))), '') as h from "${s.schema}"."${n}" x`)
    .join(' union all ');
  const rows = (await t.dbHandle.db.execute(sql.raw(union))).rows as Array<{ t: string; n: number; h: string }>;
  return Object.fromEntries(rows.map((r) => [r.t, `${r.n}:${r.h}`]));
}

/** Waits until the background ledger upkeep (totals fold, hash chain) of the side has finished. */
async function settle(s: Side): Promise<void> {
  await ok(s, 'GET', '/ledger/verify');
  let before = await fingerprint(s);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 300));
    const now = await fingerprint(s);
    if (JSON.stringify(now) === JSON.stringify(before)) return;
    before = now;
  }
  throw new Error(`${s.key}'s schema keeps changing`);
}

/** People, sign-ins and memberships: shared by every association. */
const SHARED: Schema = { key: 'the shared schema (people, sessions, memberships)', schema: 'covenant' };

/** Runs the attempt and proves it changed no row of A's schema nor of the shared one (nor of B's, when given). */
async function unchanged<T>(what: string, attempt: () => Promise<T>, extra: Schema[] = []): Promise<T> {
  const sides = [side.A, SHARED, ...extra];
  const before = await Promise.all(sides.map(fingerprint));
  const out = await attempt();
  const after = await Promise.all(sides.map(fingerprint));
  sides.forEach((s, i) => {
    const changed = Object.keys(after[i]!).filter((k) => after[i]![k] !== before[i]![k]);
    expect(changed, `${what}: tables of ${s.key}'s schema changed`).toEqual([]);
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// Setup
// ---------------------------------------------------------------------------------------------

const schemaOf = (app: string) => t.services.tenancy.list().find((a) => a.app_id === app)!.schema_name;

beforeAll(async () => {
  t = await createTestApp({ bankKey: parseSecretKey(randomBytes(32).toString('base64')) });
  boss = await createUser(t, 'admin', { portfolioAdmin: true, email: `portfolio-boss-${randomBytes(3).toString('hex')}@example.com` });
  const made = await send(boss.token, '', { method: 'POST', url: '/api/portfolio/associations', json: { name: 'Bumblebee Commons', app_id: B_APP, state: 'OR', time_zone: 'America/Los_Angeles', fiscal_year_start_month: 1 } });
  if (made.statusCode !== 200) throw new Error(show('create B', made));
  const aAdmin = await createUser(t, 'admin', { email: 'aardvark-admin@example.com' });
  const bAdmin = await createUser(t, 'admin', { email: 'bumblebee-admin@example.com', appId: B_APP });
  side.A = { key: 'A', app: APP_ID, marker: MARKER.A, schema: schemaOf(APP_ID), admin: aAdmin, seed: {}, ids: {} };
  side.B = { key: 'B', app: B_APP, marker: MARKER.B, schema: schemaOf(B_APP), admin: bAdmin, seed: {}, ids: {} };
  await seedSide(side.A);
  await seedSide(side.B);
  aStaff.admin = aAdmin;
  aStaff.property_manager = await createUser(t, 'property_manager', { email: 'aardvark-manager@example.com' });
  aStaff.owner = await createUser(t, 'owner', { email: 'aardvark-owner-user@example.com', owner_id: side.A.seed.Owner });

  // Every id of A's rows, as A's administrator reads them.
  const ids = new Set<string>();
  for (const name of ENTITY_NAMES) for (const r of await list(side.A, name)) ids.add(r.id);
  for (const r of (await ok<{ rows: Array<{ id: string }> }>(side.A, 'GET', '/journal-entries?type=all&limit=500')).rows) ids.add(r.id);
  for (const r of (await ok<{ rows: Array<{ id: string }> }>(side.A, 'GET', '/collection-letters?limit=500')).rows) ids.add(r.id);
  for (const r of (await ok<{ rows: Array<{ id: string }> }>(side.A, 'GET', '/charge-runs?limit=500')).rows) ids.add(r.id);
  for (const r of await ok<Array<{ id: string }>>(side.A, 'GET', '/outbox?limit=500')) ids.add(r.id);
  for (const v of Object.values(side.A.ids)) ids.add(v);
  for (const p of Object.values(aStaff)) ids.add(p.id);
  // The portfolio administrator who made B is a member of both: the one person both may list.
  ids.delete(boss.id);
  aIds = ids;
  await settle(side.A);
  await settle(side.B);
}, 240_000);

afterAll(async () => {
  console.log(`isolation matrix: ${CASES.total} generated cases (${Object.entries(CASES.bySection).map(([k, n]) => `${k}: ${n}`).join(', ')})`);
  await t?.close();
});

const CASES = { total: 0, bySection: {} as Record<string, number> };
/** Registers one generated case and counts it for the matrix's size. */
function matrixCase(section: string, name: string, body: () => Promise<void>) {
  CASES.total++;
  CASES.bySection[section] = (CASES.bySection[section] ?? 0) + 1;
  it(name, body);
}

/** No id of A's and no name of A's in a body B's administrator reads. */
function expectNothingOfA(what: string, body: string) {
  const leaked = [...aIds].filter((id) => body.includes(id));
  expect(leaked, `${what} shows A's ids`).toEqual([]);
  expect(A_MARK.exec(body)?.[0], `${what} shows A's names: …${body.slice(Math.max(0, body.search(A_MARK) - 80), body.search(A_MARK) + 80)}…`).toBeUndefined();
}

// ---------------------------------------------------------------------------------------------
// The refusals A's ids meet under B's path
// ---------------------------------------------------------------------------------------------

interface Refusal {
  status: number;
  message: RegExp;
}
/** A lookup through the caller's scope: the record is simply not there. */
const notFound = (message = /not found|does not exist|no such/i): Refusal => ({ status: 404, message });
/** A reference checked as input (referencedRecord and friends): 400 with "… does not exist" / "no such …". */
const noSuch = (message = /does not exist|no such/i): Refusal => ({ status: 400, message });

async function expectRefused(what: string, res: LightMyRequestResponse, refusal: Refusal) {
  expect(res.statusCode, show(what, res)).toBe(refusal.status);
  expect(res.json().message, show(what, res)).toMatch(refusal.message);
}

// ---------------------------------------------------------------------------------------------
// 0. Coverage: every registry entry and route is generated or listed
// ---------------------------------------------------------------------------------------------

/**
 * Every registered route: generated from a registry (entity, function, report), or with its own request here.
 * `foreign`: A's ids under B's path (B's administrator) and the refusal; `view`: B's administrator reads it and
 * must see nothing of A's; `outside`: open to a signed-in person outside the association (why); `instance`: not
 * in an association's path at all (why).
 */
interface RouteRule {
  generated?: 'entity' | 'function' | 'report';
  request?: (s: Side) => Req;
  /** `as`: the caller, when not B's administrator. */
  foreign?: Array<{ label: string; request: () => Req; refusal: Refusal; as?: () => Person }>;
  views?: Array<{ label: string; request: (s: Side) => Req; bShows?: RegExp; as?: () => Person }>;
  outside?: string;
  /** For an outside route: what A's administrator gets under B's path. */
  outsideCheck?: (res: LightMyRequestResponse) => void;
  instance?: string;
}

const A = () => side.A;
const B = () => side.B;
const get = (url: string): Req => ({ method: 'GET', url });
const listRule = (name: string, bShows: RegExp, extra: Partial<RouteRule> = {}): RouteRule => ({
  request: () => get(`/lists/${name}?limit=500`),
  views: [{ label: `/lists/${name}`, request: () => get(`/lists/${name}?limit=500`), bShows }],
  ...extra,
});
const PERSONAL = 'signing in and out, registering, one\'s own password and second factor: the person is shared by every association, so these are open outside membership (auth.routes.ts `personal`)';
const DOCS = 'the API documentation: the same for the whole instance';

const ROUTES: Record<string, RouteRule> = {
  // --- the instance, not an association ---
  'GET /api/health': { instance: 'liveness of the instance' },
  'GET /api/app-config': { instance: 'the instance\'s public configuration' },
  'GET /api/metrics': { instance: 'the operator\'s metrics (portfolio administrators or the scraper token)' },
  'GET /api/apps/auth/logout': { instance: 'a redirect to the sign-in page; names no association' },
  'GET /api/docs': { instance: DOCS },
  'GET /api/docs/json': { instance: DOCS },
  'GET /api/docs/yaml': { instance: DOCS },
  'GET /api/docs/static/index.html': { instance: DOCS },
  'GET /api/docs/static/swagger-initializer.js': { instance: DOCS },
  'GET /api/docs/static/*': { instance: DOCS },
  'GET /api/portfolio/associations': {
    instance: 'the caller\'s memberships across the instance: checked in section 4 (B\'s administrator sees only B)',
    views: [{ label: 'portfolio associations', request: () => get('/api/portfolio/associations'), bShows: /Bumblebee Estates/ }],
  },
  'POST /api/portfolio/associations': { instance: 'creating an association: portfolio administrators (portfolio.test.ts)' },
  'POST /api/portfolio/associations/:app_id/archive': { instance: 'portfolio administrators only; A\'s staff are refused in section 3', request: (s) => ({ method: 'POST', url: `/api/portfolio/associations/${s.app}/archive` }) },
  'GET /api/portfolio/associations/:app_id/members': {
    instance: 'portfolio administrators only; A\'s staff are refused in section 3',
    request: (s) => get(`/api/portfolio/associations/${s.app}/members`),
    views: [{ label: "B's members, as the portfolio administrator lists them", request: (s) => get(`/api/portfolio/associations/${s.app}/members`), bShows: /bumblebee-admin/, as: () => boss }],
  },
  'POST /api/portfolio/associations/:app_id/members': {
    instance: 'portfolio administrators only; A\'s staff are refused in section 3',
    request: (s) => ({ method: 'POST', url: `/api/portfolio/associations/${s.app}/members`, json: { email: aStaff.property_manager.email, role: 'admin' } }),
    // The linked owner is looked up in the association being staffed.
    foreign: [{
      label: "A's owner as the member's linked owner (the portfolio administrator staffing B)",
      request: () => ({ method: 'POST', url: `/api/portfolio/associations/${B_APP}/members`, json: { email: 'bumblebee-staff@example.com', role: 'owner', owner_id: A().seed.Owner } }),
      refusal: notFound(/^Owner not found$/),
      as: () => boss,
    }],
  },
  'DELETE /api/portfolio/associations/:app_id/members/:user_id': {
    instance: 'portfolio administrators only; A\'s staff are refused in section 3',
    request: (s) => ({ method: 'DELETE', url: `/api/portfolio/associations/${s.app}/members/${s.admin.id}` }),
  },
  'GET /api/portfolio/summary': { instance: 'portfolio administrators only; A\'s staff are refused in section 3', request: () => get('/api/portfolio/summary') },

  // --- open outside membership (route config outsideMembership) ---
  'GET /api/apps/public/prod/public-settings/by-id/:appId': {
    outside: 'the web app asks it before sign-in to learn whether the caller is registered there',
    request: (s) => get(`/api/apps/public/prod/public-settings/by-id/${s.app}`),
    outsideCheck: (res) => {
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ code: 'user_not_registered', extra_data: { reason: 'user_not_registered' } });
      expectNothingOfA('public settings of B', res.body);
    },
  },
  'GET /api/apps/:appId/setup/status': {
    outside: 'public: whether the association still needs its first administrator',
    request: () => get('/setup/status'),
    outsideCheck: (res) => expect(res.json()).toEqual({ needs_setup: false }),
  },
  'POST /api/apps/:appId/setup': {
    outside: 'public, and refused for everyone once the association has a user',
    request: () => ({ method: 'POST', url: '/setup', json: { full_name: 'Intruder', email: 'aardvark-intruder@example.com', password: 'intruder-pass-1' } }),
    outsideCheck: (res) => {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().code).toBe('setup_complete');
    },
  },
  'POST /api/apps/:appId/analytics/track/batch': {
    outside: 'public: acknowledged and dropped (no product analytics kept)',
    request: () => ({ method: 'POST', url: '/analytics/track/batch', json: { events: [{ event_name: 'page_view' }] } }),
    outsideCheck: (res) => expect(res.json()).toEqual({ success: true }),
  },
  'GET /api/apps/:appId/entities/User/me': {
    outside: 'the person themself: the web app reads it to learn that they have no role in this association',
    request: () => get('/entities/User/me'),
    outsideCheck: (res) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json(), res.body).toMatchObject({ id: aStaff.admin.id, user_role: null });
      expectNothingOfA('User/me under B', res.body.replaceAll(aStaff.admin.id, '').replaceAll(aStaff.admin.email, ''));
    },
  },
  // A person changes their own phone and photo where they are a member (the change is audited in that association's
  // log); under another association's path they are refused like every member route.
  'PUT /api/apps/:appId/entities/User/me': { request: () => ({ method: 'PUT', url: '/entities/User/me', json: { phone: '555-0199' } }) },
  'POST /api/apps/:appId/auth/login': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/logout': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/register': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/verify-otp': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/resend-otp': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/reset-password-request': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/reset-password': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/change-password': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/two-factor/enable': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/two-factor/verify': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/two-factor/disable': { outside: PERSONAL },
  'POST /api/apps/:appId/auth/two-factor/login': { outside: PERSONAL },

  // --- generated from the registries ---
  'GET /api/apps/:appId/entities/:entity': { generated: 'entity' },
  'GET /api/apps/:appId/entities/:entity/count': { generated: 'entity' },
  'GET /api/apps/:appId/entities/:entity/:id': { generated: 'entity' },
  'POST /api/apps/:appId/entities/:entity': { generated: 'entity' },
  'POST /api/apps/:appId/entities/:entity/bulk': { generated: 'entity' },
  'POST /api/apps/:appId/entities/:entity/import': { generated: 'entity' },
  'PUT /api/apps/:appId/entities/:entity/:id': { generated: 'entity' },
  'DELETE /api/apps/:appId/entities/:entity/:id': { generated: 'entity' },
  'DELETE /api/apps/:appId/entities/:entity': { generated: 'entity' },
  'POST /api/apps/:appId/functions/:name': { generated: 'function' },
  ...Object.fromEntries(FUNCTION_NAMES.map((name) => [`POST /api/apps/:appId/functions/${name}`, { generated: 'function' as const }])),
  'GET /api/apps/:appId/reports/:name': { generated: 'report' },
  ...Object.fromEntries(REPORT_NAMES.map((name) => [`GET /api/apps/:appId/reports/${name}`, { generated: 'report' as const }])),

  // --- the association's other routes ---
  'POST /api/apps/:appId/bank-accounts/:id/statements': {
    request: (s) => statementImport(s.seed.BankAccount, s.marker),
    foreign: [{ label: "A's bank account", request: () => statementImport(A().seed.BankAccount, 'Bumblebee'), refusal: notFound() }],
  },
  'GET /api/apps/:appId/bank-accounts/:id/lines': {
    request: (s) => get(`/bank-accounts/${s.seed.BankAccount}/lines`),
    foreign: [{ label: "A's bank account", request: () => get(`/bank-accounts/${A().seed.BankAccount}/lines`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/bank-accounts/:id/unmatched-documents': {
    request: (s) => get(`/bank-accounts/${s.seed.BankAccount}/unmatched-documents?from=2025-01-01&to=2025-12-31`),
    foreign: [{ label: "A's bank account", request: () => get(`/bank-accounts/${A().seed.BankAccount}/unmatched-documents?from=2025-01-01&to=2025-12-31`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/reconciliations/:id': {
    request: (s) => get(`/reconciliations/${s.seed.BankReconciliation}`),
    foreign: [{ label: "A's reconciliation", request: () => get(`/reconciliations/${A().seed.BankReconciliation}`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/reconciliations/:id/report': {
    request: (s) => get(`/reconciliations/${s.seed.BankReconciliation}/report`),
    foreign: [{ label: "A's reconciliation", request: () => get(`/reconciliations/${A().seed.BankReconciliation}/report`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/outbox': {
    request: () => get('/outbox?limit=500'),
    views: [{ label: 'outbox', request: () => get('/outbox?limit=500'), bShows: /bumblebee-owner@example\.com/ }],
  },
  'GET /api/apps/:appId/outbox/:id/attachments/:attachmentId': {
    request: (s) => get(`/outbox/${s.ids.outboxMessage}/attachments/${s.ids.outboxAttachment}`),
    foreign: [{ label: "A's mail attachment", request: () => get(`/outbox/${A().ids.outboxMessage}/attachments/${A().ids.outboxAttachment}`), refusal: notFound() }],
  },
  'POST /api/apps/:appId/users/invite-user': {
    // An email names a person, and people are shared by design: inviting A's manager makes them B's member, no more.
    request: () => ({ method: 'POST', url: '/users/invite-user', json: { user_email: 'aardvark-invitee@example.com', role: 'renter' } }),
  },
  'POST /api/apps/:appId/users/:id/two-factor/reset': {
    request: (s) => ({ method: 'POST', url: `/users/${s.admin.id}/two-factor/reset` }),
    foreign: [{ label: "A's administrator (a person who is no member of B)", request: () => ({ method: 'POST', url: `/users/${A().admin.id}/two-factor/reset` }), refusal: notFound(/User not found/) }],
  },
  'GET /api/apps/:appId/dashboard/summary': {
    request: () => get('/dashboard/summary'),
    views: [{ label: 'dashboard summary', request: () => get('/dashboard/summary') }],
  },
  'POST /api/apps/:appId/integration-endpoints/Core/:name': {
    request: () => ({ method: 'POST', url: '/integration-endpoints/Core/UploadFile', multipart: { field: 'file', filename: 'aardvark.png', contentType: 'image/png', data: TINY_PNG } }),
  },
  'GET /api/apps/:appId/files/:name': {
    request: (s) => get(`/files/${s.ids.fileName}`),
    foreign: [{ label: "A's uploaded file", request: () => get(`/files/${A().ids.fileName}`), refusal: notFound() }],
  },
  'POST /api/app-logs/:appId/log-user-in-app/:pageName': { request: (s) => ({ method: 'POST', url: `/api/app-logs/${s.app}/log-user-in-app/AardvarkVisit` }) },
  'GET /api/apps/:appId/audit-log': {
    request: () => get('/audit-log?limit=500'),
    views: [
      { label: 'audit log', request: () => get('/audit-log?limit=500'), bShows: /bumblebee/i },
      { label: 'audit log CSV', request: () => get('/audit-log?format=csv'), bShows: /bumblebee/i },
      { label: "audit log filtered on A's administrator", request: () => get(`/audit-log?actor=${encodeURIComponent(A().admin.email)}`) },
    ],
  },
  'GET /api/app-logs/:appId': {
    request: (s) => get(`/api/app-logs/${s.app}`),
    views: [
      { label: 'app logs', request: (s) => get(`/api/app-logs/${s.app}?limit=1000`), bShows: /BumblebeePage/ },
      { label: "app logs filtered on A's administrator", request: (s) => get(`/api/app-logs/${s.app}?user_id=${A().admin.id}`) },
    ],
  },
  'GET /api/app-logs/:appId/stats': {
    request: (s) => get(`/api/app-logs/${s.app}/stats`),
    views: [{ label: 'app log stats', request: (s) => get(`/api/app-logs/${s.app}/stats`), bShows: /BumblebeePage/ }],
  },
  'GET /api/apps/:appId/journal-entries': {
    request: () => get('/journal-entries?type=all&limit=500'),
    views: [{ label: 'journal entries', request: () => get('/journal-entries?type=all&limit=500'), bShows: /Bumblebee bank fee/ }],
  },
  'GET /api/apps/:appId/ledger/status': { request: () => get('/ledger/status'), views: [{ label: 'ledger status', request: () => get('/ledger/status') }] },
  'GET /api/apps/:appId/ledger/verify': { request: () => get('/ledger/verify'), views: [{ label: 'ledger verify', request: () => get('/ledger/verify') }] },
  'GET /api/apps/:appId/ledger/export': {
    request: () => get('/ledger/export?format=csv'),
    views: (['hledger', 'beancount', 'csv'] as const).map((format) => ({ label: `ledger export (${format})`, request: () => get(`/ledger/export?format=${format}`), bShows: /Bumblebee/ })),
  },
  'GET /api/apps/:appId/owners/:ownerId/statement': {
    request: (s) => get(`/owners/${s.seed.Owner}/statement?from=2025-01-01&to=2025-12-31`),
    foreign: [
      { label: "A's owner", request: () => get(`/owners/${A().seed.Owner}/statement?from=2025-01-01&to=2025-12-31`), refusal: notFound(/Owner not found/) },
      { label: "A's owner (PDF)", request: () => get(`/owners/${A().seed.Owner}/statement?from=2025-01-01&to=2025-12-31&format=pdf`), refusal: notFound(/Owner not found/) },
    ],
  },
  'GET /api/apps/:appId/invoices/:id/pdf': {
    request: (s) => get(`/invoices/${s.seed.Invoice}/pdf`),
    foreign: [{ label: "A's invoice", request: () => get(`/invoices/${A().seed.Invoice}/pdf`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/mail-jobs/:id': {
    request: (s) => get(`/mail-jobs/${s.ids.mailJob}`),
    foreign: [{ label: "A's statement mailing", request: () => get(`/mail-jobs/${A().ids.mailJob}`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/owners/:ownerId/deliveries': {
    request: (s) => get(`/owners/${s.seed.Owner}/deliveries`),
    foreign: [{ label: "A's owner", request: () => get(`/owners/${A().seed.Owner}/deliveries`), refusal: notFound() }],
  },
  // B's administrator is linked to no owner: My Account is their own, no ids to give (A's owner user is refused in section 3).
  'GET /api/apps/:appId/my-account': { request: () => get('/my-account') },
  'GET /api/apps/:appId/my-account/statement': { request: () => get('/my-account/statement?from=2025-01-01&to=2025-12-31') },
  'GET /api/apps/:appId/my-account/autopay': { request: () => get('/my-account/autopay') },
  'POST /api/apps/:appId/my-account/autopay': {
    request: () => ({ method: 'POST', url: '/my-account/autopay', json: { account_holder: 'Aardvark', routing_number: '021000021', account_number: '12345678', account_type: 'checking', authorization_text: 'x', accept_authorization: true } }),
  },
  // An owner's own enrollment only (the path's owner record): B's administrator is linked to no owner, so A's id and B's alike are not theirs.
  'POST /api/apps/:appId/my-account/autopay/:id/cancel': {
    request: (s) => ({ method: 'POST', url: `/my-account/autopay/${s.seed.AutopayEnrollment}/cancel` }),
    foreign: [{ label: "A's enrollment", request: () => ({ method: 'POST', url: `/my-account/autopay/${A().seed.AutopayEnrollment}/cancel` }), refusal: notFound(/not linked to an owner record/) }],
  },
  'GET /api/apps/:appId/ach-batches/:id/file': {
    request: (s) => get(`/ach-batches/${s.seed.AchBatch}/file`),
    foreign: [{ label: "A's ACH file", request: () => get(`/ach-batches/${A().seed.AchBatch}/file`), refusal: notFound() }],
    views: [{ label: "B's ACH file", request: (s) => get(`/ach-batches/${s.seed.AchBatch}/file`), bShows: /BUMBLEBEE/ }],
  },
  'GET /api/apps/:appId/bank-accounts/:id/positive-pay': {
    request: (s) => get(`/bank-accounts/${s.seed.BankAccount}/positive-pay?from=2025-01-01&to=2025-12-31`),
    foreign: [{ label: "A's bank account", request: () => get(`/bank-accounts/${A().seed.BankAccount}/positive-pay?from=2025-01-01&to=2025-12-31`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/charge-runs': {
    request: () => get('/charge-runs?limit=500'),
    views: [{ label: 'charge runs', request: () => get('/charge-runs?limit=500') }],
  },
  'GET /api/apps/:appId/announcements/feed': {
    request: () => get('/announcements/feed'),
    views: [{ label: 'announcement feed', request: () => get('/announcements/feed?limit=100'), bShows: /Bumblebee picnic/ }],
  },
  'GET /api/apps/:appId/announcements': {
    request: () => get('/announcements?limit=500'),
    views: [{ label: 'announcements', request: () => get('/announcements?limit=500'), bShows: /Bumblebee picnic/ }],
  },
  'POST /api/apps/:appId/announcements': {
    request: () => ({ method: 'POST', url: '/announcements', json: { title: 'Bumblebee notice', body: 'x', audience: 'owners' } }),
    foreign: [{ label: "A's unit", request: () => ({ method: 'POST', url: '/announcements', json: { title: 'x', body: 'x', audience: 'owners', property_ids: [A().seed.Property] } }), refusal: noSuch(/Units: one of the units does not exist/) }],
  },
  'POST /api/apps/:appId/announcements/preview': { request: () => ({ method: 'POST', url: '/announcements/preview', json: { body: '**x**' } }) },
  'PUT /api/apps/:appId/announcements/:id': {
    request: (s) => ({ method: 'PUT', url: `/announcements/${s.ids.announcement}`, json: { title: 'Bumblebee picnic' } }),
    foreign: [{ label: "A's announcement", request: () => ({ method: 'PUT', url: `/announcements/${A().ids.announcement}`, json: { title: 'x' } }), refusal: notFound() }],
  },
  'DELETE /api/apps/:appId/announcements/:id': {
    request: () => ({ method: 'DELETE', url: '/announcements/0123456789abcdef01234567' }),
    foreign: [{ label: "A's announcement", request: () => ({ method: 'DELETE', url: `/announcements/${A().ids.announcement}` }), refusal: notFound() }],
  },
  'GET /api/apps/:appId/documents': {
    request: () => get('/documents'),
    views: [{ label: 'documents', request: () => get('/documents?include_superseded=true'), bShows: /Bumblebee bylaws/ }],
  },
  'POST /api/apps/:appId/documents': {
    request: () => ({ method: 'POST', url: '/documents', multipart: { field: 'file', filename: 'b.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n'), fields: { title: 'Bumblebee rules', category: 'rules', visibility: 'owners' } } }),
    foreign: [{
      label: "A's document as the one replaced",
      request: () => ({ method: 'POST', url: '/documents', multipart: { field: 'file', filename: 'b.pdf', contentType: 'application/pdf', data: Buffer.from('%PDF-1.4\n'), fields: { title: 'x', category: 'rules', visibility: 'owners', supersedes_id: A().ids.document! } } }),
      refusal: noSuch(/Supersedes: the document it replaces does not exist/),
    }],
  },
  'GET /api/apps/:appId/documents/records-checklist': {
    request: () => get('/documents/records-checklist'),
    views: [{ label: 'records checklist', request: () => get('/documents/records-checklist') }],
  },
  'GET /api/apps/:appId/documents/:id/file': {
    request: (s) => get(`/documents/${s.ids.document}/file`),
    foreign: [{ label: "A's document file", request: () => get(`/documents/${A().ids.document}/file`), refusal: notFound() }],
  },
  'PUT /api/apps/:appId/documents/:id': {
    request: (s) => ({ method: 'PUT', url: `/documents/${s.ids.document}`, json: { title: 'Bumblebee bylaws' } }),
    foreign: [
      { label: "A's document", request: () => ({ method: 'PUT', url: `/documents/${A().ids.document}`, json: { title: 'x' } }), refusal: notFound() },
      { label: "A's document as the one replaced", request: () => ({ method: 'PUT', url: `/documents/${B().ids.document}`, json: { supersedes_id: A().ids.document } }), refusal: noSuch(/Supersedes: the document it replaces does not exist/) },
    ],
  },
  'DELETE /api/apps/:appId/documents/:id': {
    request: () => ({ method: 'DELETE', url: '/documents/0123456789abcdef01234567' }),
    foreign: [{ label: "A's document", request: () => ({ method: 'DELETE', url: `/documents/${A().ids.document}` }), refusal: notFound() }],
  },
  'GET /api/apps/:appId/records-requests': {
    request: () => get('/records-requests'),
    views: [{ label: 'records requests', request: () => get('/records-requests?limit=500'), bShows: /Bumblebee neighbor/ }],
  },
  'POST /api/apps/:appId/records-requests': {
    request: () => ({ method: 'POST', url: '/records-requests', json: { requested_by: 'Bumblebee', description: 'x', received_on: '2025-03-03' } }),
    foreign: [{ label: "A's owner", request: () => ({ method: 'POST', url: '/records-requests', json: { requested_by: 'x', description: 'x', received_on: '2025-03-03', owner_id: A().seed.Owner } }), refusal: noSuch(/Owner does not exist/) }],
  },
  'PUT /api/apps/:appId/records-requests/:id': {
    request: (s) => ({ method: 'PUT', url: `/records-requests/${s.ids.recordsRequest}`, json: { fee_cents: 0 } }),
    foreign: [{ label: "A's records request", request: () => ({ method: 'PUT', url: `/records-requests/${A().ids.recordsRequest}`, json: { fee_cents: 100 } }), refusal: notFound() }],
  },
  'GET /api/apps/:appId/calendar.ics': {
    request: () => get('/calendar.ics'),
    views: [{ label: 'calendar', request: () => get('/calendar.ics'), bShows: /Bumblebee picnic/ }],
  },
  'GET /api/apps/:appId/collection-letters': {
    request: () => get('/collection-letters?limit=500'),
    views: [
      { label: 'collection letters', request: () => get('/collection-letters?limit=500'), bShows: /Bumblebee/ },
      { label: "collection letters filtered on A's owner", request: () => get(`/collection-letters?limit=500&owner_id=${A().seed.Owner}`) },
    ],
  },
  'GET /api/apps/:appId/collection-letters/:id/pdf': {
    request: (s) => get(`/collection-letters/${s.ids.letter}/pdf`),
    foreign: [{ label: "A's letter", request: () => get(`/collection-letters/${A().ids.letter}/pdf`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/meetings/directors': {
    request: () => get('/meetings/directors'),
    views: [{ label: 'directors', request: () => get('/meetings/directors') }],
  },
  'GET /api/apps/:appId/meetings/:id/motions': {
    request: (s) => get(`/meetings/${s.seed.Meeting}/motions`),
    foreign: [{ label: "A's meeting", request: () => get(`/meetings/${A().seed.Meeting}/motions`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/votes/:id/ballot-log': {
    request: (s) => get(`/votes/${s.ids.openVote}/ballot-log`),
    foreign: [{ label: "A's vote", request: () => get(`/votes/${A().ids.openVote}/ballot-log`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/votes/:id/participation': {
    request: (s) => get(`/votes/${s.ids.openVote}/participation`),
    foreign: [{ label: "A's vote", request: () => get(`/votes/${A().ids.openVote}/participation`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/votes/:id/electorate': {
    request: (s) => get(`/votes/${s.ids.openVote}/electorate`),
    foreign: [{ label: "A's vote", request: () => get(`/votes/${A().ids.openVote}/electorate`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/votes/:id/proxy-holders': {
    request: (s) => get(`/votes/${s.ids.openVote}/proxy-holders`),
    foreign: [{ label: "A's vote", request: () => get(`/votes/${A().ids.openVote}/proxy-holders`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/votes/:id/results': {
    request: (s) => get(`/votes/${s.ids.openVote}/results`),
    foreign: [{ label: "A's vote", request: () => get(`/votes/${A().ids.openVote}/results`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/violations': {
    request: () => get('/violations?limit=500'),
    views: [
      { label: 'violations', request: () => get('/violations?limit=500'), bShows: /Bumblebee trash cans/ },
      { label: "violations filtered on A's owner", request: () => get(`/violations?limit=500&owner_id=${A().seed.Owner}`) },
    ],
  },
  'GET /api/apps/:appId/violations/inspection-units': {
    request: () => get('/violations/inspection-units?latitude=34.05&longitude=-118.25'),
    views: [
      { label: 'inspection units', request: () => get('/violations/inspection-units'), bShows: /Bumblebee-1/ },
      { label: 'inspection units near a position', request: () => get('/violations/inspection-units?latitude=34.05&longitude=-118.25'), bShows: /Bumblebee-1/ },
    ],
  },
  'GET /api/apps/:appId/violations/:id/timeline': {
    request: (s) => get(`/violations/${s.seed.Violation}/timeline`),
    foreign: [{ label: "A's violation", request: () => get(`/violations/${A().seed.Violation}/timeline`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/violation-notices/:id/pdf': {
    request: (s) => get(`/violation-notices/${s.ids.violationNotice}/pdf`),
    foreign: [{ label: "A's notice", request: () => get(`/violation-notices/${A().ids.violationNotice}/pdf`), refusal: notFound() }],
  },
  'POST /api/apps/:appId/violations/:id/photos': {
    request: (s) => ({ method: 'POST', url: `/violations/${s.seed.Violation}/photos`, multipart: { field: 'file', filename: 'b.png', contentType: 'image/png', data: TINY_PNG } }),
    foreign: [{ label: "A's violation", request: () => ({ method: 'POST', url: `/violations/${A().seed.Violation}/photos`, multipart: { field: 'file', filename: 'a.png', contentType: 'image/png', data: TINY_PNG } }), refusal: notFound() }],
  },
  'GET /api/apps/:appId/violation-photos/:id/:variant': {
    request: (s) => get(`/violation-photos/${s.ids.violationPhoto}/thumbnail`),
    foreign: [{ label: "A's photo", request: () => get(`/violation-photos/${A().ids.violationPhoto}/original`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/owners/:ownerId/collections': {
    request: (s) => get(`/owners/${s.seed.Owner}/collections`),
    foreign: [{ label: "A's owner", request: () => get(`/owners/${A().seed.Owner}/collections`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/work-orders': {
    request: () => get('/work-orders?limit=500'),
    views: [{ label: 'work orders', request: () => get('/work-orders?limit=500'), bShows: /Bumblebee leaking roof/ }],
  },
  'GET /api/apps/:appId/work-orders/:id': {
    request: (s) => get(`/work-orders/${s.seed.WorkOrder}`),
    foreign: [{ label: "A's work order", request: () => get(`/work-orders/${A().seed.WorkOrder}`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/architectural-requests': {
    request: () => get('/architectural-requests?limit=500'),
    views: [{ label: 'architectural requests', request: () => get('/architectural-requests?limit=500'), bShows: /Bumblebee cedar fence/ }],
  },
  'GET /api/apps/:appId/architectural-requests/:id': {
    request: (s) => get(`/architectural-requests/${s.seed.ArchitecturalRequest}`),
    foreign: [{ label: "A's request", request: () => get(`/architectural-requests/${A().seed.ArchitecturalRequest}`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/architectural-requests/:id/letter': {
    request: (s) => get(`/architectural-requests/${s.seed.ArchitecturalRequest}/letter`),
    foreign: [{ label: "A's letter", request: () => get(`/architectural-requests/${A().seed.ArchitecturalRequest}/letter`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/estoppel-requests': {
    request: () => get('/estoppel-requests'),
    views: [{ label: 'estoppel requests', request: () => get('/estoppel-requests'), bShows: /Bumblebee title company/ }],
  },
  'GET /api/apps/:appId/estoppel-requests/:id/certificate': {
    request: (s) => get(`/estoppel-requests/${s.ids.issuedEstoppel}/certificate`),
    foreign: [{ label: "A's certificate", request: () => get(`/estoppel-requests/${A().ids.issuedEstoppel}/certificate`), refusal: notFound() }],
  },
  'GET /api/apps/:appId/lists/owners': listRule('owners', /Bumblebeeson/),
  'GET /api/apps/:appId/lists/properties': listRule('properties', /Bumblebee-1/),
  'GET /api/apps/:appId/lists/invoices': listRule('invoices', /Bumblebeeson/, {
    foreign: [{ label: "A's property as the filter", request: () => get(`/lists/invoices?property_id=${A().seed.Property}`), refusal: notFound() }],
  }),
  'GET /api/apps/:appId/lists/payments': listRule('payments', /Bumblebeeson/),
  'GET /api/apps/:appId/lists/bills': listRule('bills', /Bumblebee Landscaping/),
  'GET /api/apps/:appId/lists/vendors': listRule('vendors', /Bumblebee Landscaping/),
  'GET /api/apps/:appId/lists/users': listRule('users', /bumblebee-admin/),
};

const routeKey = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
/** Under an association's path: the association is the path's app id. */
const inAssociation = (key: string) => key.includes('/:appId');

describe('0. coverage: every route, entity, function, report and room is generated or listed', () => {
  it('every registered route has a rule here, and every rule names a registered route', () => {
    const registered = t.routes.map(routeKey);
    const missing = registered.filter((k) => !(k in ROUTES));
    expect(missing, `routes neither generated nor listed (add them to ROUTES): ${missing.join(', ')}`).toEqual([]);
    const stale = Object.keys(ROUTES).filter((k) => !registered.includes(k));
    expect(stale, `ROUTES lists routes the server does not register: ${stale.join(', ')}`).toEqual([]);
    for (const [key, rule] of Object.entries(ROUTES)) {
      if (rule.instance) expect(inAssociation(key), `${key} is marked instance-level but names an association`).toBe(false);
      else if (!rule.generated && !rule.outside) expect(rule.request, `${key}: no request for section 3`).toBeDefined();
    }
  });

  it('every function has a row in FUNCTION_CASES, every report in REPORT_IDS, every entity a seed on both sides', () => {
    expect(Object.keys(FUNCTION_CASES).sort(), 'FUNCTION_CASES must list exactly the registered functions').toEqual([...FUNCTION_NAMES].sort());
    expect(Object.keys(REPORT_IDS).sort(), 'REPORT_IDS must list exactly the registered reports').toEqual([...REPORT_NAMES].sort());
    for (const name of ENTITY_NAMES) {
      expect(UPDATE_PATCH[name], `UPDATE_PATCH lacks ${name}`).toBeDefined();
      expect(side.A.seed[name], `no A record of ${name}`).toBeDefined();
      expect(side.B.seed[name], `no B record of ${name}`).toBeDefined();
    }
    // Every topic has its write; so do the entities written only by import (no create body, no generic write).
    const topics = [...REGISTRY.topics.keys()];
    expect(topics.filter((topic) => !ROOM_WRITES[topic]), 'ROOM_WRITES must cover every realtime topic').toEqual([]);
    expect(Object.keys(ROOM_WRITES).filter((room) => !topics.includes(room) && !ENTITY_NAMES.includes(room)), 'ROOM_WRITES names rooms that do not exist').toEqual([]);
  });

  it("A's ids and B's ids are distinct (the one person in both is the portfolio administrator who made B)", async () => {
    const bIds = new Set<string>();
    for (const name of ENTITY_NAMES) for (const r of await list(side.B, name)) bIds.add(r.id);
    expect([...aIds].filter((id) => bIds.has(id))).toEqual([]);
    expect(bIds.has(boss.id)).toBe(true);
  });
});

// ---------------------------------------------------------------------------------------------
// 1. Every entity: A's ids under B's path
// ---------------------------------------------------------------------------------------------

/** A valid change of each entity (section 1 sends it to A's ids; section 5 applies it to A's records created no other way). */
const UPDATE_PATCH: Record<string, Record<string, unknown>> = {
  AutopayEnrollment: { account_holder: 'changed' },
  AchBatch: { file_name: 'changed.txt' },
  BankAccount: { bank_name: 'changed' },
  BankStatement: { file_name: 'changed.ofx' },
  BankStatementLine: { description: 'changed' },
  BankRule: { name: 'changed' },
  BankReconciliation: { ending_balance: 1 },
  Owner: { notes: 'changed' },
  Property: { notes: 'changed' },
  OwnerProperty: { ownership_percentage: 50 },
  User: { phone: '555-0188' },
  Role: { description: 'changed' },
  Privilege: { permission_level: 'none' },
  OrgSettings: { phone: '555-0177' },
  Product: { notes: 'changed' },
  TaxRate: { description: 'changed' },
  ChartOfAccount: { description: 'changed' },
  Fund: { description: 'changed' },
  Invoice: { notes: 'changed' },
  InvoiceLineItem: { description: 'changed' },
  Payment: { notes: 'changed' },
  PaymentInvoice: { amount_applied: 2 },
  Vendor: { notes: 'changed' },
  Bill: { notes: 'changed' },
  BillLineItem: { description: 'changed' },
  BillPayment: { notes: 'changed' },
  Budget: { notes: 'changed' },
  BudgetLine: { notes: 'changed' },
  ReserveComponent: { notes: 'changed' },
  AssessmentSchedule: { notes: 'changed' },
  LateFeeRule: { grace_days: 12 },
  CollectionStage: { letter_subject: 'changed' },
  PaymentPlan: { notes: 'changed' },
  Vote: { title: 'changed' },
  Meeting: { location: 'changed' },
  ViolationType: { description: 'changed' },
  Violation: { description: 'changed' },
  WorkOrder: { description: 'changed' },
  ArchitecturalRequest: { description: 'changed' },
  EstoppelRequest: { requester_name: 'changed' },
};

/**
 * An update refused before any record is looked up, for every id alike (so A's id meets it too): the exact answer.
 * Payment applications are posted to the ledger: created or removed, never edited through the generic call.
 */
const UPDATE_REFUSED_FOR_EVERY_ID: Record<string, Refusal> = {
  AchBatch: { status: 403, message: /^ACH batch records cannot be changed here$/ },
  BankStatement: { status: 403, message: /^Bank statement records cannot be changed here$/ },
  BankStatementLine: { status: 403, message: /^Bank statement line records cannot be changed here$/ },
  BankReconciliation: { status: 403, message: /^Reconciliation records cannot be changed here$/ },
  PaymentInvoice: { status: 403, message: /^Payment application records cannot be changed here$/ },
  ArchitecturalRequest: { status: 403, message: /^Architectural request records cannot be changed here$/ },
};

/**
 * A valid create body of the entity in side s, whose references are s's records (the seeds and named ids).
 * Section 1 swaps each reference, one at a time, for its A counterpart.
 */
function createBody(entity: string, s: Side): Record<string, unknown> | null {
  const n = next();
  const { seed, ids } = s;
  const M = s.marker;
  switch (entity) {
    case 'OwnerProperty':
      return { owner_id: ids.otherOwner, property_id: seed.Property, ownership_percentage: 10 };
    case 'Product':
      return { product_code: `${M}-${n}`, description: `${M} item ${n}`, unit_price: 5, account_id: seed.ChartOfAccount, fund_id: ids.operatingFund };
    case 'ChartOfAccount':
      // A bank account of the reserve fund.
      return { account_number: `19${n}`, account_name: `${M} bank ${n}`, account_type: 'asset', fund_id: ids.reserveFund };
    case 'Invoice':
      return { invoice_number: `${M}-I${n}`, invoice_date: '2025-06-01', owner_id: seed.Owner, property_id: seed.Property, tax_rate_id: seed.TaxRate, status: 'draft' };
    case 'InvoiceLineItem':
      return { invoice_id: seed.Invoice, product_id: seed.Product, description: `${M} line ${n}`, quantity: 1, unit_price: 1, account_id: seed.ChartOfAccount, fund_id: ids.operatingFund };
    case 'Payment':
      return { payment_number: `${M}-P${n}`, payment_date: '2025-06-01', amount: 5, owner_id: seed.Owner, deposit_account_id: ids.cash };
    case 'PaymentInvoice':
      return { payment_id: ids.creditPayment, invoice_id: seed.Invoice, amount_applied: 1 };
    case 'Bill':
      return { bill_number: `${M}-B${n}`, vendor_id: seed.Vendor, bill_date: '2025-06-01' };
    case 'BillLineItem':
      return { bill_id: seed.Bill, description: `${M} bill line ${n}`, quantity: 1, unit_price: 1, account_id: seed.ChartOfAccount, fund_id: ids.operatingFund };
    case 'BillPayment':
      return { bill_id: seed.Bill, amount: 1, payment_date: '2025-06-02', cash_account_id: ids.cash };
    case 'Budget':
      return { name: `${M} budget ${n}`, fiscal_year: 2200 + n, fund_id: ids.operatingFund };
    case 'BudgetLine':
      // The seed budget has a line of the revenue account only: one line per account.
      return { budget_id: seed.Budget, account_id: ids.expenseAccount, amounts: Array(12).fill(1) };
    case 'AssessmentSchedule':
      return { name: `${M} schedule ${n}`, product_id: seed.Product, property_ids: [seed.Property], frequency: 'monthly', amount_basis: 'unit_fee', start_date: '2025-01-01', is_active: false };
    case 'LateFeeRule':
      return { name: `${M} fee ${n}`, grace_days: 5, fee_type: 'fixed', fixed_amount: 1, product_ids: [seed.Product], late_fee_product_id: seed.Product, is_active: false };
    case 'CollectionStage':
      return { name: `${M} stage ${n}`, days_past_due: 500 + n, fee_product_id: seed.Product, letter_subject: 'Past due', letter_body: 'Dear {{owner_name}}', is_active: false };
    case 'PaymentPlan':
      return { owner_id: seed.Owner, start_date: '2099-01-01', installments: [{ due_date: '2099-02-01', amount: 10 }] };
    case 'ViolationType':
      return { name: `${M} violation ${n}`, fine_product_id: seed.Product };
    case 'WorkOrder':
      return { title: `${M} work order ${n}`, property_id: seed.Property };
    case 'EstoppelRequest':
      return { property_id: seed.Property, requester_name: `${M} title ${n}`, requested_on: '2025-03-03' };
    case 'BankRule':
      return { name: `${M} rule ${n}`, description_contains: `${M} INTEREST ${n}`, account_id: seed.ChartOfAccount, fund_id: ids.operatingFund };
    case 'AutopayEnrollment':
      // The seed owner is enrolled already (one enrollment in force per owner): the other owner.
      return { owner_id: ids.otherOwner, bank_account_id: seed.BankAccount, account_holder: `${M} holder ${n}`, routing_number: '011000015', account_number: '87654321', account_type: 'checking', authorized_at: '2025-01-15', authorization_text: `${M} form` };
    default:
      // No field of the entity names another record (owners, units, vendors, tax rates, roles, privileges, reserve
      // components, settings, votes: an inspector is a person, not an association's record), or only an update names one (User, Fund: REFERENCE_UPDATE).
      return null;
  }
}

/** Entities with no generic create whose references change by update: the B record changed and a body naming B's records. */
const REFERENCE_UPDATE: Record<string, { target: (s: Side) => string; body: (s: Side) => Record<string, unknown> }> = {
  // The membership's linked owner and unit (memberships check them: no foreign key reaches an association).
  User: { target: (s) => s.ids.renterUser!, body: (s) => ({ owner_id: s.ids.otherOwner, property_id: s.seed.Property }) },
  // A bank account's cash account and fund (one bank account per cash account: the seeded one is changed).
  BankAccount: { target: (s) => s.seed.BankAccount!, body: (s) => ({ account_id: s.ids.cash, fund_id: s.ids.operatingFund }) },
  // A fund's bank account must already be marked with the fund, so only an existing fund takes one.
  Fund: { target: (s) => s.seed.Fund!, body: (s) => ({ cash_account_id: s.ids.fundBank }) },
};

/** The A record matching a B id the body names (a seed or a named id), when there is one. */
function counterpart(bId: string): string | undefined {
  for (const [k, v] of Object.entries(side.B.seed)) if (v === bId) return side.A.seed[k];
  for (const [k, v] of Object.entries(side.B.ids)) if (v === bId) return side.A.ids[k];
  return undefined;
}

/** The body with one reference swapped for A's, for each field that names a B record. */
function withAReferences(body: Record<string, unknown>): Array<{ field: string; body: Record<string, unknown> }> {
  const out: Array<{ field: string; body: Record<string, unknown> }> = [];
  for (const [field, value] of Object.entries(body)) {
    if (typeof value === 'string' && counterpart(value)) out.push({ field, body: { ...body, [field]: counterpart(value) } });
    if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string' && counterpart(v))) out.push({ field, body: { ...body, [field]: value.map((v) => counterpart(v as string)) } });
  }
  return out;
}

/**
 * Where B's write naming one of A's records meets a refusal other than the lookup's 400 "… does not exist", keyed
 * `Entity.field` (create) or `Entity.field (update)`. Each is a rule that refuses the change for any record, A's
 * or B's alike: a link or a posted document never moves to another parent, so the id is never looked up.
 */
const REFERENCE_REFUSALS: Record<string, Refusal> = {
  'InvoiceLineItem.invoice_id (update)': { status: 400, message: /^A line cannot move to another invoice$/ },
  'BillLineItem.bill_id (update)': { status: 400, message: /^A line cannot move to another bill$/ },
  'BudgetLine.budget_id (update)': { status: 400, message: /^A budget line stays in its budget$/ },
  'Payment.owner_id (update)': { status: 409, message: /^A recorded payment's owner_id cannot change; delete the payment and record it again$/ },
  'Payment.deposit_account_id (update)': { status: 409, message: /^A recorded payment's deposit_account_id cannot change; delete the payment and record it again$/ },
  'BillPayment.cash_account_id (update)': { status: 409, message: /^A recorded bill payment's cash_account_id cannot change; delete it and record it again$/ },
  'BillPayment.bill_id (update)': { status: 409, message: /^A recorded bill payment's bill_id cannot change; delete it and record it again$/ },
  'PaymentInvoice.payment_id (update)': UPDATE_REFUSED_FOR_EVERY_ID.PaymentInvoice!,
  'PaymentInvoice.invoice_id (update)': UPDATE_REFUSED_FOR_EVERY_ID.PaymentInvoice!,
  // A plan's owner is set when it is made: the update contract has no owner_id.
  'PaymentPlan.owner_id (update)': { status: 400, message: /^Unknown field: owner_id$/ },
  // So is an enrollment's: the owner enrols again instead.
  'AutopayEnrollment.owner_id (update)': { status: 400, message: /^Unknown field: owner_id$/ },
  // A request's unit is set when it is received (its due date and fee follow from it): only the requester changes.
  'EstoppelRequest.property_id (update)': { status: 400, message: /^Unknown field: property_id$/ },
};

describe("1. every entity: A's ids under B's path (B's administrator)", () => {
  const asB = (req: Req) => send(side.B.admin.token, B_APP, req);
  for (const entity of ENTITY_NAMES) {
    describe(entity, () => {
      matrixCase('entities', `GET /entities/${entity}/<A's id> → 404`, async () => {
        const res = await asB(get(`/entities/${entity}/${side.A.seed[entity]}`));
        await expectRefused(`B GET ${entity} A's id`, res, notFound());
      });
      matrixCase('entities', `PUT /entities/${entity}/<A's id> → ${UPDATE_REFUSED_FOR_EVERY_ID[entity]?.status ?? 404}, A unchanged`, async () => {
        const res = await unchanged(`B PUT ${entity}`, () => asB({ method: 'PUT', url: `/entities/${entity}/${side.A.seed[entity]}`, json: UPDATE_PATCH[entity] }), [side.B]);
        await expectRefused(`B PUT ${entity} A's id`, res, UPDATE_REFUSED_FOR_EVERY_ID[entity] ?? notFound());
      });
      matrixCase('entities', `DELETE /entities/${entity}/<A's id> → 404, A unchanged`, async () => {
        const res = await unchanged(`B DELETE ${entity}`, () => asB({ method: 'DELETE', url: `/entities/${entity}/${side.A.seed[entity]}` }), [side.B]);
        await expectRefused(`B DELETE ${entity} A's id`, res, notFound());
      });
      matrixCase('entities', `DELETE /entities/${entity} {id: <A's id>} → deletes nothing`, async () => {
        const res = await unchanged(`B deleteMany ${entity}`, () => asB({ method: 'DELETE', url: `/entities/${entity}`, json: { id: side.A.seed[entity] } }), [side.B]);
        expect(res.statusCode, show(`B deleteMany ${entity}`, res)).toBe(200);
        expect(res.json()).toEqual({ success: true, deleted: 0 });
      });
      matrixCase('entities', `count and list of ${entity} filtered on A's id → 0, []`, async () => {
        const q = encodeURIComponent(JSON.stringify({ id: side.A.seed[entity] }));
        const count = await asB(get(`/entities/${entity}/count?q=${q}`));
        expect(count.statusCode, show('count', count)).toBe(200);
        expect(count.json()).toEqual({ count: 0 });
        const rows = await asB(get(`/entities/${entity}?q=${q}`));
        expect(rows.statusCode, show('list', rows)).toBe(200);
        expect(rows.json()).toEqual([]);
        const all = encodeURIComponent(JSON.stringify({ id: { $in: [...aIds] } }));
        expect((await asB(get(`/entities/${entity}?q=${all}&limit=5000`))).json()).toEqual([]);
      });
      // Whether the entity has a create body is known before the seeds exist: ask with an empty side.
      const creatable = createBody(entity, { marker: '', seed: {}, ids: {} } as unknown as Side) !== null;
      const byUpdate = REFERENCE_UPDATE[entity];
      if (!creatable && !byUpdate) return;
      matrixCase('entities', `${creatable ? 'create and update' : 'update'} in B naming A's records → refused, nothing written`, async () => {
        const body = creatable ? createBody(entity, side.B) : null;
        const swaps = withAReferences(body ?? byUpdate!.body(side.B));
        expect(swaps.length, `${entity}: the body names no B record`).toBeGreaterThan(0);
        // The update's target: a fresh B record (no payments or lines yet), so only the reference can refuse it.
        const target = body ? (await create(side.B, entity, createBody(entity, side.B)!)).id : byUpdate!.target(side.B);
        // B's own write posts to B's ledger; its upkeep runs in the background and must be over before comparing.
        await settle(side.B);
        for (const { field, body: foreign } of swaps) {
          if (body) {
            const res = await unchanged(`B create ${entity} with A's ${field}`, () => asB({ method: 'POST', url: `/entities/${entity}`, json: foreign }), [side.B]);
            await expectRefused(`B create ${entity} with A's ${field}`, res, REFERENCE_REFUSALS[`${entity}.${field}`] ?? noSuch());
          }
          const patch = { [field]: foreign[field] };
          const upd = await unchanged(`B update ${entity} with A's ${field}`, () => asB({ method: 'PUT', url: `/entities/${entity}/${target}`, json: patch }), [side.B]);
          await expectRefused(`B update ${entity} ${target} with A's ${field}`, upd, REFERENCE_REFUSALS[`${entity}.${field} (update)`] ?? noSuch());
        }
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 2. Functions, reports and other routes that take ids: A's ids under B's path
// ---------------------------------------------------------------------------------------------

interface FunctionCase {
  label: string;
  params: () => Record<string, unknown>;
  refusal: Refusal;
}
const line = (account: string | undefined, fund: string | undefined, debit: number, credit: number) => ({ account_id: account, fund_id: fund, debit, credit });

/** A measure every unit may answer; B's administrator is the inspector on B's side. */
function isolationVote(title: string): Record<string, unknown> {
  return { title, kind: 'measure', quorum_percent: '10', questions: [{ text: 'Repaint?', kind: 'yes_no' }] };
}

/** Each function's cases naming A's records, or why it takes no record id. */
const FUNCTION_CASES: Record<string, FunctionCase[] | { noIds: string }> = {
  inviteOwners: [{ label: "A's owner", params: () => ({ owner_ids: [A().seed.Owner] }), refusal: notFound() }],
  initializePrivileges: { noIds: 'rewrites the path association\'s privileges to the defaults; takes nothing' },
  initializeDefaultRoles: { noIds: 'rewrites the path association\'s roles to the defaults; takes nothing' },
  transferBetweenFunds: [
    { label: "from A's fund", params: () => ({ date: '2025-06-03', from_fund_id: A().ids.operatingFund, to_fund_id: B().ids.reserveFund, amount: 1 }), refusal: noSuch() },
    { label: "to A's fund", params: () => ({ date: '2025-06-03', from_fund_id: B().ids.operatingFund, to_fund_id: A().ids.reserveFund, amount: 1 }), refusal: noSuch() },
  ],
  saveInvoice: [
    { label: "A's invoice", params: () => ({ id: A().seed.Invoice, owner_id: B().seed.Owner, invoice_date: '2025-06-01', status: 'sent', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }), refusal: notFound() },
    { label: "a new invoice for A's owner", params: () => ({ owner_id: A().seed.Owner, invoice_date: '2025-06-01', status: 'draft', lines: [{ description: 'x', quantity: 1, unit_price: 1 }] }), refusal: noSuch() },
    { label: "A's item on a line", params: () => ({ owner_id: B().seed.Owner, invoice_date: '2025-06-01', status: 'draft', lines: [{ product_id: A().seed.Product, quantity: 1, unit_price: 1 }] }), refusal: noSuch() },
  ],
  cancelInvoice: [{ label: "A's invoice", params: () => ({ id: A().seed.Invoice }), refusal: notFound() }],
  recordPayment: [
    { label: "A's owner", params: () => ({ owner_id: A().seed.Owner, amount: 1, payment_date: '2025-06-02' }), refusal: noSuch() },
    { label: "A's invoice to apply to", params: () => ({ owner_id: B().seed.Owner, amount: 1, payment_date: '2025-06-02', invoice_ids: [A().seed.Invoice] }), refusal: noSuch() },
  ],
  bouncePayment: [{ label: "A's payment", params: () => ({ payment_id: A().seed.Payment, date: '2025-06-05', reason: 'NSF' }), refusal: notFound() }],
  applyCredit: [
    // Both are references of the application it creates: checked as input (400 "… does not exist").
    { label: "A's payment", params: () => ({ payment_id: A().ids.creditPayment, invoice_id: B().seed.Invoice, amount: 1 }), refusal: noSuch(/^Payment does not exist$/) },
    { label: "A's invoice", params: () => ({ payment_id: B().ids.creditPayment, invoice_id: A().seed.Invoice, amount: 1 }), refusal: noSuch(/^Invoice does not exist$/) },
  ],
  saveBill: [
    { label: "A's bill", params: () => ({ id: A().seed.Bill, vendor_id: B().seed.Vendor, bill_number: 'X-1', bill_date: '2025-06-01', lines: [{ quantity: 1, unit_price: 1, account_id: B().seed.ChartOfAccount }] }), refusal: notFound() },
    { label: "A's vendor", params: () => ({ vendor_id: A().seed.Vendor, bill_number: 'X-2', bill_date: '2025-06-01', lines: [{ quantity: 1, unit_price: 1, account_id: B().seed.ChartOfAccount }] }), refusal: noSuch() },
    { label: "A's account on a line", params: () => ({ vendor_id: B().seed.Vendor, bill_number: 'X-3', bill_date: '2025-06-01', lines: [{ quantity: 1, unit_price: 1, account_id: A().seed.ChartOfAccount }] }), refusal: noSuch() },
  ],
  cancelBill: [{ label: "A's bill", params: () => ({ id: A().seed.Bill }), refusal: notFound() }],
  runMonthlyBilling: { noIds: 'bills every unit of the path association for a date; takes no record id' },
  createBackup: { noIds: 'the path association\'s whole backup; its content is checked as an export in section 4' },
  restoreBackup: { noIds: 'replaces the path association\'s records with a backup file given whole; names no existing record (backup.test.ts)' },
  postJournalEntry: [
    { label: "A's account", params: () => ({ date: '2025-06-04', memo: 'x', lines: [line(A().seed.ChartOfAccount, B().ids.operatingFund, 1, 0), line(B().ids.cash, B().ids.operatingFund, 0, 1)] }), refusal: noSuch() },
    { label: "A's fund", params: () => ({ date: '2025-06-04', memo: 'x', lines: [line(B().seed.ChartOfAccount, A().ids.operatingFund, 1, 0), line(B().ids.cash, A().ids.operatingFund, 0, 1)] }), refusal: noSuch() },
  ],
  reverseJournalEntry: [{ label: "A's entry", params: () => ({ entry_id: A().ids.journalEntry, date: '2025-06-05', reason: 'x' }), refusal: notFound() }],
  importOpeningBalances: [
    { label: "A's account", params: () => ({ dry_run: true, as_of: '2024-12-31', accounts: [line(A().ids.cash, B().ids.operatingFund, 5, 0), line(B().seed.ChartOfAccount, B().ids.operatingFund, 0, 5)] }), refusal: noSuch() },
    { label: "A's fund", params: () => ({ dry_run: true, as_of: '2024-12-31', accounts: [line(B().ids.cash, A().ids.operatingFund, 5, 0), line(B().seed.ChartOfAccount, A().ids.operatingFund, 0, 5)] }), refusal: noSuch() },
    { label: "A's owner", params: () => ({ dry_run: true, as_of: '2024-12-31', accounts: [line(B().ids.cash, B().ids.operatingFund, 5, 0), line(B().seed.ChartOfAccount, B().ids.operatingFund, 0, 5)], owners: [{ owner_id: A().seed.Owner, amount: 5 }] }), refusal: noSuch() },
    { label: "A's vendor", params: () => ({ dry_run: true, as_of: '2024-12-31', accounts: [line(B().ids.cash, B().ids.operatingFund, 5, 0), line(B().seed.ChartOfAccount, B().ids.operatingFund, 0, 5)], vendors: [{ vendor_id: A().seed.Vendor, amount: 5, reference: 'X' }] }), refusal: noSuch() },
  ],
  closePeriod: { noIds: 'closes the path association\'s books through a date' },
  reopenPeriod: { noIds: 'reopens the path association\'s books' },
  closeYear: { noIds: 'closes the path association\'s fiscal year' },
  saveBudget: [
    { label: "A's budget", params: () => ({ id: A().seed.Budget, name: 'x', fiscal_year: 2040, fund_id: B().ids.operatingFund, lines: [] }), refusal: notFound() },
    { label: "A's fund", params: () => ({ name: 'x', fiscal_year: 2041, fund_id: A().ids.operatingFund, lines: [] }), refusal: noSuch() },
    { label: "A's account on a line", params: () => ({ name: 'x', fiscal_year: 2042, fund_id: B().ids.operatingFund, lines: [{ account_id: A().seed.ChartOfAccount, amounts: Array(12).fill(1) }] }), refusal: noSuch() },
  ],
  copyBudget: [{ label: "A's budget", params: () => ({ budget_id: A().seed.Budget, to_fiscal_year: 2043 }), refusal: notFound() }],
  adoptBudget: [{ label: "A's budget", params: () => ({ budget_id: A().seed.Budget }), refusal: notFound() }],
  unadoptBudget: [{ label: "A's adopted budget", params: () => ({ budget_id: A().ids.adoptedBudget, reason: 'x' }), refusal: notFound() }],
  previewAssessment: [
    { label: "A's budget", params: () => ({ budget_id: A().ids.adoptedBudget, basis: 'equal', need: 'revenue_accounts', account_ids: [B().seed.ChartOfAccount] }), refusal: noSuch() },
    // The accounts are checked against the budget's own lines: A's account is no line of B's budget, as any other account.
    { label: "A's account", params: () => ({ budget_id: B().ids.adoptedBudget, basis: 'equal', need: 'revenue_accounts', account_ids: [A().seed.ChartOfAccount] }), refusal: noSuch(/^Each assessment account must be a revenue line of the budget$/) },
  ],
  applyAssessment: [
    { label: "A's budget", params: () => ({ budget_id: A().ids.adoptedBudget, basis: 'equal', need: 'revenue_accounts', account_ids: [B().seed.ChartOfAccount] }), refusal: noSuch() },
    // The accounts are checked against the budget's own lines: A's account is no line of B's budget, as any other account.
    { label: "A's account", params: () => ({ budget_id: B().ids.adoptedBudget, basis: 'equal', need: 'revenue_accounts', account_ids: [A().seed.ChartOfAccount] }), refusal: noSuch(/^Each assessment account must be a revenue line of the budget$/) },
  ],
  emailInvoices: [{ label: "A's invoice", params: () => ({ invoice_ids: [A().seed.Invoice] }), refusal: notFound() }],
  emailStatements: [{ label: "A's owner", params: () => ({ owner_ids: [A().seed.Owner], from: '2025-01-01', to: '2025-12-31' }), refusal: notFound() }],
  runAssessments: { noIds: 'runs the path association\'s schedules; its preview is a view in section 4' },
  runLateFees: { noIds: 'runs the path association\'s late-fee rules; its preview is a view in section 4' },
  waiveLateFee: [{ label: "A's late fee", params: () => ({ invoice_id: A().ids.lateFee, reason: 'x' }), refusal: notFound() }],
  runCollections: { noIds: 'runs the path association\'s collection stages; its preview is a view in section 4' },
  sendMeetingNotice: [{ label: "A's meeting", params: () => ({ meeting_id: A().seed.Meeting }), refusal: notFound() }],
  recordMotion: [
    { label: "A's meeting", params: () => ({ meeting_id: A().seed.Meeting, text: 'x', votes: [] }), refusal: notFound() },
    { label: "A's director", params: () => ({ meeting_id: B().seed.Meeting, text: 'x', votes: [{ user_id: A().ids.director, vote: 'yes' }] }), refusal: noSuch() },
  ],
  approveMinutes: [
    { label: "A's meeting", params: () => ({ meeting_id: A().seed.Meeting, approved_at_meeting_id: B().ids.laterMeeting }), refusal: notFound() },
    { label: "A's later meeting", params: () => ({ meeting_id: B().seed.Meeting, approved_at_meeting_id: A().ids.laterMeeting }), refusal: notFound() },
  ],
  openVote: [{ label: "A's vote", params: () => ({ vote_id: A().seed.Vote }), refusal: notFound() }],
  closeVote: [{ label: "A's vote", params: () => ({ vote_id: A().ids.openVote }), refusal: notFound() }],
  castBallot: [
    { label: "A's vote", params: () => ({ vote_id: A().ids.openVote, property_id: B().seed.Property, answers: [] }), refusal: notFound() },
    { label: "A's unit", params: () => ({ vote_id: B().ids.openVote, property_id: A().seed.Property, answers: [] }), refusal: notFound() },
  ],
  recordPaperBallot: [
    { label: "A's vote", params: () => ({ vote_id: A().ids.openVote, property_id: B().seed.Property, answers: [] }), refusal: notFound() },
    { label: "A's unit", params: () => ({ vote_id: B().ids.openVote, property_id: A().seed.Property, answers: [] }), refusal: notFound() },
  ],
  assignProxy: [
    { label: "A's vote", params: () => ({ vote_id: A().ids.openVote, property_id: B().seed.Property, holder_user_id: B().admin.id }), refusal: notFound() },
    { label: "A's unit", params: () => ({ vote_id: B().ids.openVote, property_id: A().seed.Property, holder_user_id: B().admin.id }), refusal: notFound() },
  ],
  revokeProxy: [
    { label: "A's vote", params: () => ({ vote_id: A().ids.openVote, property_id: B().seed.Property }), refusal: notFound() },
    { label: "A's unit", params: () => ({ vote_id: B().ids.openVote, property_id: A().seed.Property }), refusal: notFound() },
  ],
  recordViolation: [
    { label: "A's unit", params: () => ({ property_id: A().seed.Property, violation_type_id: B().seed.ViolationType }), refusal: noSuch() },
    { label: "A's violation type", params: () => ({ property_id: B().seed.Property, violation_type_id: A().seed.ViolationType }), refusal: noSuch(/^Violation type does not exist$/) },
  ],
  sendViolationNotice: [{ label: "A's violation", params: () => ({ violation_id: A().seed.Violation, kind: 'courtesy' }), refusal: notFound() }],
  scheduleHearing: [
    { label: "A's violation", params: () => ({ violation_id: A().seed.Violation, scheduled_for: '2099-01-31' }), refusal: notFound() },
    { label: "A's owner user on B's committee", params: () => ({ violation_id: B().seed.Violation, scheduled_for: '2099-01-31', committee_member_ids: [aStaff.owner.id] }), refusal: noSuch(/is not a user of the association$/) },
  ],
  decideHearing: [{ label: "A's hearing", params: () => ({ hearing_id: A().ids.hearing, outcome: 'no_fine' }), refusal: notFound() }],
  requestHearing: [{ label: "A's violation", params: () => ({ violation_id: A().seed.Violation }), refusal: notFound() }],
  approveCollectionLetters: [{ label: "A's letter", params: () => ({ letter_ids: [A().ids.letter] }), refusal: notFound() }],
  skipCollectionLetters: [{ label: "A's letter", params: () => ({ letter_ids: [A().ids.letter] }), refusal: notFound() }],
  matchBankLines: [{ label: "A's bank account", params: () => ({ bank_account_id: A().seed.BankAccount, dry_run: true }), refusal: notFound() }],
  matchBankLine: [
    { label: "A's line", params: () => ({ line_id: A().seed.BankStatementLine, payment_ids: [B().seed.Payment] }), refusal: notFound() },
    { label: "A's payment for B's line", params: () => ({ line_id: B().seed.BankStatementLine, payment_ids: [A().seed.Payment] }), refusal: noSuch(/was not found in/) },
    { label: "A's bill payment for B's line", params: () => ({ line_id: B().seed.BankStatementLine, bill_payment_ids: [A().seed.BillPayment] }), refusal: noSuch(/was not found in/) },
    { label: "A's journal entry for B's line", params: () => ({ line_id: B().seed.BankStatementLine, journal_entry_ids: [A().ids.journalEntry] }), refusal: noSuch(/was not found in/) },
  ],
  unmatchBankLine: [{ label: "A's line", params: () => ({ line_id: A().seed.BankStatementLine }), refusal: notFound() }],
  excludeBankLine: [{ label: "A's line", params: () => ({ line_id: A().seed.BankStatementLine, reason: 'x' }), refusal: notFound() }],
  startReconciliation: [{ label: "A's bank account", params: () => ({ bank_account_id: A().seed.BankAccount, statement_date: '2025-02-28', ending_balance: 0 }), refusal: notFound() }],
  setCleared: [{ label: "A's reconciliation", params: () => ({ reconciliation_id: A().seed.BankReconciliation, journal_line_ids: ['0123456789abcdef01234567'], cleared: true }), refusal: notFound() }],
  completeReconciliation: [{ label: "A's reconciliation", params: () => ({ reconciliation_id: A().seed.BankReconciliation }), refusal: notFound() }],
  voidReconciliation: [{ label: "A's reconciliation", params: () => ({ reconciliation_id: A().seed.BankReconciliation, reason: 'x' }), refusal: notFound() }],
  createAchDebitBatch: [{ label: "A's bank account", params: () => ({ bank_account_id: A().seed.BankAccount, effective_date: '2030-01-03' }), refusal: notFound() }],
  createAchCreditBatch: [
    { label: "A's bank account", params: () => ({ bank_account_id: A().seed.BankAccount, bill_ids: [B().ids.achBill], effective_date: '2030-01-03' }), refusal: notFound() },
    { label: "A's bill", params: () => ({ bank_account_id: B().seed.BankAccount, bill_ids: [A().ids.achBill], effective_date: '2030-01-03' }), refusal: notFound() },
  ],
  submitArchitecturalRequest: [
    { label: "A's unit", params: () => ({ property_id: A().seed.Property, category: 'fence', description: 'x' }), refusal: noSuch(/^Unit does not exist$/) },
    { label: "A's owner for B's unit", params: () => ({ property_id: B().seed.Property, owner_id: A().seed.Owner, category: 'fence', description: 'x' }), refusal: noSuch(/^Owner does not exist$/) },
  ],
  decideArchitecturalRequest: [{ label: "A's request", params: () => ({ id: A().seed.ArchitecturalRequest, decision: 'approved' }), refusal: notFound() }],
  appealArchitecturalRequest: [{ label: "A's request", params: () => ({ id: A().seed.ArchitecturalRequest, reason: 'x' }), refusal: notFound() }],
  withdrawArchitecturalRequest: [{ label: "A's request", params: () => ({ id: A().seed.ArchitecturalRequest }), refusal: notFound() }],
  issueEstoppelCertificate: [{ label: "A's request", params: () => ({ id: A().seed.EstoppelRequest }), refusal: notFound() }],
  transferOwnership: [
    { label: "A's unit", params: () => ({ property_id: A().seed.Property, closing_date: '2025-06-15', buyers: [{ owner_id: B().seed.Owner, ownership_percentage: 100 }] }), refusal: noSuch(/^Unit does not exist$/) },
    { label: "A's owner buying B's unit", params: () => ({ property_id: B().seed.Property, closing_date: '2025-06-15', buyers: [{ owner_id: A().seed.Owner, ownership_percentage: 100 }] }), refusal: noSuch(/^Buyer 1 does not exist$/) },
  ],
  cancelEstoppelRequest: [{ label: "A's request", params: () => ({ id: A().seed.EstoppelRequest }), refusal: notFound() }],
  submitWorkOrder: [{ label: "A's unit", params: () => ({ title: 'x', property_id: A().seed.Property }), refusal: noSuch(/^Unit does not exist$/) }],
  setWorkOrderStatus: [{ label: "A's work order", params: () => ({ id: A().seed.WorkOrder, status: 'in_progress' }), refusal: notFound() }],
  assignWorkOrderVendor: [
    { label: "A's work order", params: () => ({ id: A().seed.WorkOrder, vendor_id: B().seed.Vendor }), refusal: notFound() },
    { label: "A's vendor", params: () => ({ id: B().seed.WorkOrder, vendor_id: A().seed.Vendor }), refusal: noSuch(/^Vendor does not exist$/) },
  ],
  linkWorkOrderBill: [
    { label: "A's work order", params: () => ({ id: A().seed.WorkOrder, bill_id: B().seed.Bill }), refusal: notFound() },
    { label: "A's bill", params: () => ({ id: B().seed.WorkOrder, bill_id: A().seed.Bill }), refusal: noSuch(/^Bill does not exist$/) },
  ],
  addWorkOrderComment: [{ label: "A's work order", params: () => ({ id: A().seed.WorkOrder, body: 'x' }), refusal: notFound() }],
  importAchReturns: [{ label: "the trace number of A's entry", params: () => ({ trace_number: A().ids.achTrace, return_code: 'R03', date: '2030-01-04' }), refusal: notFound(new RegExp(`no ACH entry of ours has trace number ${ODFI.A.slice(0, 8)}`)) }],
};

/** The record ids each report takes in its query (and the refusal A's meet), or none. */
const REPORT_IDS: Record<string, Array<{ label: string; query: () => string; refusal: Refusal }>> = {
  summary: [{ label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) }],
  'income-statement': [{ label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) }],
  'balance-sheet': [{ label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) }],
  'monthly-activity': [{ label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) }],
  'ar-aging': [{ label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) }],
  'ap-aging': [{ label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) }],
  'trial-balance': [{ label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) }],
  'general-ledger': [
    { label: "A's fund", query: () => `fund=${A().ids.operatingFund}`, refusal: noSuch(/fund: no such fund/) },
    { label: "A's account", query: () => `account_id=${A().seed.ChartOfAccount}`, refusal: noSuch(/account_id: no such account/) },
  ],
  'budget-vs-actual': [{ label: "A's budget", query: () => `budget_id=${A().seed.Budget}`, refusal: noSuch(/budget_id: the budget does not exist/) }],
  'reserve-study': [],
};
/** The query every report needs besides its period (the B side's own records). */
const REPORT_QUERY: Record<string, (s: Side) => string> = { 'budget-vs-actual': (s) => `&budget_id=${s.seed.Budget}` };

describe("2. functions, reports and routes taking ids: A's ids under B's path (B's administrator)", () => {
  for (const [name, cases] of Object.entries(FUNCTION_CASES)) {
    if (!Array.isArray(cases)) continue;
    for (const c of cases) {
      matrixCase('functions', `function ${name} with ${c.label} → ${c.refusal.status}`, async () => {
        const params = c.params();
        const res = await unchanged(`B ${name} ${c.label}`, () => send(side.B.admin.token, B_APP, { method: 'POST', url: `/functions/${name}`, json: params }), [side.B]);
        await expectRefused(`B ${name} ${JSON.stringify(params).slice(0, 200)}`, res, c.refusal);
      });
    }
  }
  for (const [name, cases] of Object.entries(REPORT_IDS)) {
    for (const c of cases) {
      matrixCase('reports', `report ${name} with ${c.label} → ${c.refusal.status}`, async () => {
        const res = await send(side.B.admin.token, B_APP, get(`/reports/${name}?as_of=2025-12-31&to=2025-12-31&${c.query()}${name === 'budget-vs-actual' ? '' : REPORT_QUERY[name]?.(side.B) ?? ''}`));
        await expectRefused(`B report ${name} ${c.label}`, res, c.refusal);
      });
    }
  }
  for (const [key, rule] of Object.entries(ROUTES)) {
    for (const c of rule.foreign ?? []) {
      matrixCase('routes', `${key} with ${c.label} → ${c.refusal.status}`, async () => {
        const req = c.request();
        const res = await unchanged(`B ${key} ${c.label}`, () => send((c.as?.() ?? side.B.admin).token, B_APP, req), [side.B]);
        await expectRefused(`B ${req.method} ${req.url}`, res, c.refusal);
      });
    }
  }
  matrixCase('routes', "B's administrator cannot reset the second factor of someone who also belongs to A (it would end their sessions in A) → 403 member_elsewhere", async () => {
    const asB = (req: Req) => send(side.B.admin.token, B_APP, req);
    // A member of A made B's member as an invitation of their email would (at once, their consent not asked); and the
    // portfolio administrator, a member of every association.
    const both = await createUser(t, 'renter', { email: `member-of-both-${randomBytes(3).toString('hex')}@example.com` });
    await addMember(t.systemCtx(B_APP), both.id, { user_role: 'renter', role: 'user' });
    for (const target of [both, boss]) {
      const res = await unchanged(`B resets ${target.email}`, () => asB({ method: 'POST', url: `/users/${target.id}/two-factor/reset` }), [side.B]);
      expect(res.statusCode, show(`B resets the second factor of ${target.email}`, res)).toBe(403);
      expect(res.json().code).toBe('member_elsewhere');
      expect((await send(target.token, APP_ID, get('/entities/User/me'))).statusCode, `${target.email} still signed in in A`).toBe(200);
    }
    // Someone of B's alone: B's administrator resets it as before.
    const own = await asB({ method: 'POST', url: `/users/${side.B.ids.renterUser}/two-factor/reset` });
    expect(own.statusCode, show("B resets its own renter's second factor", own)).toBe(200);
    expect(own.json()).toEqual({ success: true, was_enrolled: false });
  });
  it("A's administrator still signs in and works after B's attempts (no session of A's ended)", async () => {
    expect((await send(side.A.admin.token, APP_ID, get('/entities/User/me'))).json()).toMatchObject({ id: side.A.admin.id, user_role: 'admin' });
  });
});

// ---------------------------------------------------------------------------------------------
// 3. A's staff under B's path: every route, entity operation, function and report → 403 not_a_member
// ---------------------------------------------------------------------------------------------

const ENTITY_OPS: Record<string, (entity: string) => Req> = {
  list: (e) => get(`/entities/${e}`),
  count: (e) => get(`/entities/${e}/count`),
  get: (e) => get(`/entities/${e}/${side.B.seed[e]}`),
  create: (e) => ({ method: 'POST', url: `/entities/${e}`, json: createBody(e, side.B) ?? { notes: 'Aardvark' } }),
  bulk: (e) => ({ method: 'POST', url: `/entities/${e}/bulk`, json: [createBody(e, side.B) ?? { notes: 'Aardvark' }] }),
  import: (e) => ({ method: 'POST', url: `/entities/${e}/import`, multipart: { field: 'file', filename: `${e}.csv`, contentType: 'text/csv', data: Buffer.from('notes\r\nAardvark\r\n') } }),
  update: (e) => ({ method: 'PUT', url: `/entities/${e}/${side.B.seed[e]}`, json: UPDATE_PATCH[e] }),
  delete: (e) => ({ method: 'DELETE', url: `/entities/${e}/${side.B.seed[e]}` }),
  deleteMany: (e) => ({ method: 'DELETE', url: `/entities/${e}`, json: { id: side.B.seed[e] } }),
};

/** Every request of section 3, by name: generated from the registries and the route table. */
function staffRequests(): Array<{ name: string; request: () => Req; instance?: boolean }> {
  const out: Array<{ name: string; request: () => Req; instance?: boolean }> = [];
  for (const entity of ENTITY_NAMES) for (const [op, req] of Object.entries(ENTITY_OPS)) out.push({ name: `entity ${entity} ${op}`, request: () => req(entity) });
  for (const name of FUNCTION_NAMES) out.push({ name: `function ${name}`, request: () => ({ method: 'POST', url: `/functions/${name}`, json: {} }) });
  for (const name of REPORT_NAMES) out.push({ name: `report ${name}`, request: () => get(`/reports/${name}?as_of=2025-12-31&to=2025-12-31${REPORT_QUERY[name]?.(side.B) ?? ''}`) });
  for (const [key, rule] of Object.entries(ROUTES)) {
    if (rule.generated || rule.outside || !rule.request) continue;
    out.push({ name: key, request: () => rule.request!(side.B), instance: !!rule.instance });
  }
  return out;
}

describe("3. A's staff and an A owner under B's path → 403 not_a_member", () => {
  let before: Array<Record<string, string>> = [];
  beforeAll(async () => {
    before = [await fingerprint(side.A), await fingerprint(side.B), await fingerprint(SHARED)];
  });
  for (const caller of STAFF) {
    describe(`A's ${caller}`, () => {
      for (const r of staffRequests()) {
        // The portfolio routes are the instance's: refused to anyone but a portfolio administrator, not for membership.
        const expected = r.instance ? 'portfolio_admin_required' : 'not_a_member';
        matrixCase('staff', `${r.name} → 403 ${expected}`, async () => {
          const req = r.request();
          const res = await send(aStaff[caller].token, B_APP, req);
          expect(res.statusCode, show(`A's ${caller} ${req.method} ${req.url}`, res)).toBe(403);
          expect(res.json().code, show(`A's ${caller} ${req.method} ${req.url}`, res)).toBe(expected);
          expectNothingOfA(`refusal of ${req.url}`, res.body);
        });
      }
    });
  }
  describe("open outside membership: what A's administrator gets under B's path", () => {
    for (const [key, rule] of Object.entries(ROUTES)) {
      if (!rule.outside || !rule.outsideCheck) continue;
      matrixCase('staff', `${key} (${rule.outside})`, async () => {
        const req = rule.request!(side.B);
        rule.outsideCheck!(await send(aStaff.admin.token, B_APP, req));
      });
    }
  });
  it("nothing changed in A's, B's or the shared schema", async () => {
    expect(await fingerprint(side.A)).toEqual(before[0]);
    expect(await fingerprint(side.B)).toEqual(before[1]);
    expect(await fingerprint(SHARED)).toEqual(before[2]);
  });
});

// ---------------------------------------------------------------------------------------------
// 4. What B's administrator reads: nothing of A's
// ---------------------------------------------------------------------------------------------

describe("4. B's administrator's lists, counts, exports, logs and outbox hold nothing of A's", () => {
  const asB = (req: Req) => send(side.B.admin.token, B_APP, req);
  async function view(label: string, req: Req, bShows?: RegExp, as: Person = side.B.admin) {
    const res = await send(as.token, B_APP, req);
    expect(res.statusCode, show(`B ${label}`, res)).toBe(200);
    expectNothingOfA(`B's ${label}`, res.body);
    if (bShows) expect(res.body, `B's ${label} must show B's own rows`).toMatch(bShows);
    return res;
  }
  for (const entity of ENTITY_NAMES) {
    matrixCase('views', `entity ${entity}: list and count are B's rows only`, async () => {
      const rows = (await view(`${entity} list`, get(`/entities/${entity}?limit=5000`))).json() as Array<{ id: string }>;
      expect(rows.map((r) => r.id), `B's ${entity} list`).toContain(side.B.seed[entity]);
      const count = (await view(`${entity} count`, get(`/entities/${entity}/count`))).json() as { count: number };
      expect(count.count, `B's ${entity} count`).toBe(rows.length);
    });
  }
  for (const name of REPORT_NAMES) {
    for (const format of ['json', 'csv'] as const) {
      matrixCase('views', `report ${name} (${format})`, async () => {
        await view(`report ${name} ${format}`, get(`/reports/${name}?from=2025-01-01&as_of=2025-12-31&to=2025-12-31&format=${format}${REPORT_QUERY[name]?.(side.B) ?? ''}`));
      });
    }
  }
  for (const [key, rule] of Object.entries(ROUTES)) {
    for (const v of rule.views ?? []) {
      matrixCase('views', `${key}: ${v.label}`, async () => {
        await view(v.label, v.request(side.B), v.bShows, v.as?.());
      });
    }
  }
  const PREVIEWS: Array<{ name: string; params: Record<string, unknown> }> = [
    { name: 'runAssessments', params: { as_of: '2025-06-01', dry_run: true } },
    { name: 'runLateFees', params: { as_of: '2025-06-01', dry_run: true } },
    { name: 'runCollections', params: { as_of: '2025-06-01', dry_run: true } },
    { name: 'createBackup', params: {} },
  ];
  for (const p of PREVIEWS) {
    matrixCase('views', `function ${p.name} (${p.params.dry_run ? 'a preview' : 'an export'})`, async () => {
      const res = await unchanged(`B ${p.name}`, () => view(`function ${p.name}`, { method: 'POST', url: `/functions/${p.name}`, json: p.params }));
      if (p.name === 'createBackup') expect(res.body).toMatch(/Bumblebeeson/);
    });
  }
  matrixCase('views', 'dashboard figures are B\'s own', async () => {
    const dash = (await asB(get('/dashboard/summary'))).json();
    const owners = (await asB(get('/entities/Owner/count'))).json().count;
    expect(JSON.stringify(dash)).toContain(`"total_owners":${owners}`);
  });
  matrixCase('views', 'a search for A\'s names in every list page finds nothing', async () => {
    for (const name of ['owners', 'properties', 'invoices', 'payments', 'bills', 'vendors', 'users']) {
      const page = (await view(`/lists/${name}?search=Aardvark`, get(`/lists/${name}?search=Aardvark`))).json() as { rows: unknown[]; total: number };
      expect(page, `/lists/${name}?search=Aardvark`).toEqual({ rows: [], total: 0 });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// 5. Realtime: A's writes reach A's sockets, never B's
// ---------------------------------------------------------------------------------------------

interface Received {
  room: string;
  type: string;
  id: string;
}
interface Watcher {
  socket: Socket;
  events: Received[];
  errors: string[];
}
let socketUrl = '';
const opened: Socket[] = [];
const roomOf = (app: string, name: string) => `entities:${app}:${name}`;

function openSocket(query: Record<string, string>): Socket {
  const s = connectSocket(socketUrl, { path: '/ws-user-apps/socket.io/', transports: ['websocket'], query, reconnection: false, forceNew: true, timeout: 3000 });
  opened.push(s);
  return s;
}
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
async function watch(s: Side): Promise<Watcher> {
  const socket = openSocket({ app_id: s.app, token: s.admin.token });
  const w: Watcher = { socket, events: [], errors: [] };
  socket.on('update_model', (msg: { room: string; data: string }) => {
    const d = JSON.parse(msg.data) as { type: string; id: string };
    w.events.push({ room: msg.room, type: d.type, id: d.id });
  });
  socket.on('error', (e: { message?: string }) => w.errors.push(String(e?.message)));
  const outcome = await connectOutcome(socket);
  if (outcome !== 'connected') throw new Error(`${s.key} socket: ${outcome}`);
  for (const name of ROOM_NAMES) {
    const ack = (await socket.timeout(3000).emitWithAck('join', roomOf(s.app, name))) as { ok: boolean };
    if (!ack.ok) throw new Error(`${s.key} admin could not join ${name}: ${w.errors.join(' | ')}`);
  }
  return w;
}
async function waitUntil(cond: () => boolean, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 15));
  }
  return cond();
}

/** Rooms that are topics, not entities: the write in A that publishes one. */
const ROOM_WRITES: Record<string, () => Promise<string>> = {
  ArchitecturalRequest: async () => (await fn<{ id: string }>(side.A, 'submitArchitecturalRequest', { property_id: side.A.seed.Property, category: 'fence', description: 'Aardvark realtime fence' })).id,
  // A file made in A: a fresh owner's prenote.
  AchBatch: async () => {
    const owner = await create(side.A, 'Owner', { owner_id: '100077', first_name: 'Aardvark', last_name: 'Realtime' });
    await create(side.A, 'AutopayEnrollment', { owner_id: owner.id, account_holder: 'Aardvark Realtime', routing_number: '011000015', account_number: '11112222', account_type: 'checking', authorized_at: '2025-01-15', authorization_text: 'Aardvark form' });
    return (await fn<{ batch_id: string }>(side.A, 'createAchDebitBatch', { bank_account_id: side.A.seed.BankAccount, effective_date: '2030-01-05' })).batch_id;
  },
  BankStatement: async () => (await send(side.A.admin.token, APP_ID, statementImport(side.A.seed.BankAccount, 'Aardvark'))).json().statement_id as string,
  // Imported lines are announced together ('*': the open lists refresh).
  BankStatementLine: async () => {
    await send(side.A.admin.token, APP_ID, statementImport(side.A.seed.BankAccount, 'Aardvark'));
    return '*';
  },
  // A reconciliation of a new bank account of A (one draft per account).
  BankReconciliation: async () => {
    const n = next();
    const cash = await create(side.A, 'ChartOfAccount', { account_number: `17${n}`, account_name: `Aardvark realtime bank ${n}`, account_type: 'asset', fund_id: side.A.ids.operatingFund });
    const bank = await create(side.A, 'BankAccount', { name: `Aardvark realtime ${n}`, account_id: cash.id, fund_id: side.A.ids.operatingFund, bank_name: 'Realtime Bank', account_type: 'checking' });
    return (await fn<{ reconciliation: { id: string } }>(side.A, 'startReconciliation', { bank_account_id: bank.id, statement_date: '2025-06-30', ending_balance: 0 })).reconciliation.id;
  },
  JournalEntry: async () =>
    (await fn<{ id: string }>(side.A, 'postJournalEntry', {
      date: '2025-06-06', memo: 'Aardvark realtime fee',
      lines: [line(side.A.seed.ChartOfAccount, side.A.ids.operatingFund, 1, 0), line(side.A.ids.cash, side.A.ids.operatingFund, 0, 1)],
    })).id,
};
/** One write in A of the room's records; answers the id the event names. */
async function writeInA(room: string): Promise<string> {
  if (ROOM_WRITES[room]) return ROOM_WRITES[room]();
  const body = createBody(room, side.A);
  if (body) return (await create(side.A, room, body)).id;
  const patch = UPDATE_PATCH[room];
  if (!patch) throw new Error(`No realtime write for ${room}: give it a create body or an UPDATE_PATCH`);
  await ok(side.A, 'PUT', `/entities/${room}/${side.A.seed[room]}`, patch);
  return side.A.seed[room]!;
}

describe('5. realtime: A\'s events reach A\'s sockets, never B\'s', () => {
  let aWatch: Watcher;
  let bWatch: Watcher;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    socketUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    aWatch = await watch(side.A);
    bWatch = await watch(side.B);
  }, 60_000);
  afterAll(() => {
    for (const s of opened) s.disconnect();
  });

  for (const caller of STAFF) {
    matrixCase('realtime', `A's ${caller} opening a socket for B → refused`, async () => {
      const s = openSocket({ app_id: B_APP, token: aStaff[caller].token });
      expect(await connectOutcome(s)).toBe('connect_error: auth_required');
      s.disconnect();
    });
  }
  for (const room of ROOM_NAMES) {
    matrixCase('realtime', `B's socket cannot join A's room ${room}`, async () => {
      const ack = (await bWatch.socket.timeout(3000).emitWithAck('join', roomOf(APP_ID, room))) as { ok: boolean };
      expect(ack.ok).toBe(false);
      expect(bWatch.errors).toContain(`Unknown room '${roomOf(APP_ID, room)}'`);
    });
  }
  for (const room of ROOM_NAMES) {
    matrixCase('realtime', `a write of ${room} in A reaches A's socket, not B's`, async () => {
      const id = await writeInA(room);
      const arrived = await waitUntil(() => aWatch.events.some((e) => e.room === roomOf(APP_ID, room) && e.id === id), 3000);
      expect(arrived, `A's socket got no event for ${room} ${id}: ${JSON.stringify(aWatch.events.slice(-5))}`).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      expect(bWatch.events, `B's socket received A's events`).toEqual([]);
    });
  }
  it('after a quiet moment B\'s socket still has nothing; a write in B reaches B\'s socket and not A\'s', async () => {
    await new Promise((r) => setTimeout(r, 500));
    expect(bWatch.events).toEqual([]);
    const aBefore = aWatch.events.length;
    const owner = await create(side.B, 'Owner', { owner_id: '100099', first_name: 'Bumblebee', last_name: 'Control' });
    expect(await waitUntil(() => bWatch.events.some((e) => e.id === owner.id), 3000), 'B\'s socket got B\'s event').toBe(true);
    await new Promise((r) => setTimeout(r, 300));
    expect(aWatch.events.slice(aBefore), 'A\'s socket received B\'s event').toEqual([]);
  });
});
