import { asc, and, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { BACKUP_VERSION } from '@covenant/contracts/constants';
import {
  accountInput, billInput, billLineInput, billPaymentInput, invoiceInput, invoiceLineInput, orgSettingsInput, ownerInput, ownerPropertyInput,
  paymentInput, paymentInvoiceInput, productInput, propertyInput, taxRateInput, userUpdateInput, vendorInput,
} from '@covenant/contracts/entities';
import { money } from '@covenant/contracts/fields';
import { orgSettings, owners, properties } from '@covenant/db/schema/community';
import { billPayments, bills, chartOfAccounts, paymentInvoices, payments } from '@covenant/db/schema/finance';
import { toCents } from '@covenant/contracts/money';
import { recalcBill } from '../bills/bills.service.ts';
import { recalcInvoice } from '../invoices/invoices.service.ts';
import { systemAccounts } from '../ledger/accounts.service.ts';
import { postEntry } from '../ledger/ledger.service.ts';
import { applicationPosting, billPaymentPosting, paymentPosting } from '../ledger/posting.rules.ts';
import { newId } from '@covenant/db/ids';
import { onCommit, withTransaction, type Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { assertNoForbiddenKeys, parseJsonSafely } from '../../lib/safe-json.ts';
import { isAdmin, requirePermission } from '../../platform/access/access.service.ts';
import { entityByName } from '../../platform/entities/definitions.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { columnsOf, serialize } from '../../platform/entities/query.ts';

/** The collections of a backup file (spec part 1, section 3) and the entity each holds. */
const COLLECTIONS = {
  owners: 'Owner',
  properties: 'Property',
  ownerProperties: 'OwnerProperty',
  invoices: 'Invoice',
  invoiceLineItems: 'InvoiceLineItem',
  payments: 'Payment',
  paymentInvoices: 'PaymentInvoice',
  vendors: 'Vendor',
  bills: 'Bill',
  billLineItems: 'BillLineItem',
  /** Beyond the spec's list: payments made on bills, so restored bills keep what was paid on them. */
  billPayments: 'BillPayment',
  accounts: 'ChartOfAccount',
  products: 'Product',
  taxRates: 'TaxRate',
  orgSettings: 'OrgSettings',
  users: 'User',
} as const;
type CollectionKey = keyof typeof COLLECTIONS;

const SCHEMAS: Record<CollectionKey, z.ZodType> = {
  owners: ownerInput,
  properties: propertyInput,
  ownerProperties: ownerPropertyInput,
  invoices: invoiceInput,
  invoiceLineItems: invoiceLineInput,
  payments: paymentInput,
  paymentInvoices: paymentInvoiceInput,
  vendors: vendorInput,
  bills: billInput,
  billLineItems: billLineInput,
  billPayments: billPaymentInput,
  accounts: accountInput,
  products: productInput,
  taxRates: taxRateInput,
  orgSettings: orgSettingsInput,
  users: userUpdateInput,
};

const defOf = (key: CollectionKey): EntityDef => entityByName(COLLECTIONS[key])!;
const idCol = (def: EntityDef): PgColumn => columnsOf(def).get('id')!.column;
const col = (def: EntityDef, field: string): PgColumn => columnsOf(def).get(field)!.column;

/** Every visible row of an entity, oldest first, as the API shows it. */
async function readAll(ctx: Ctx, def: EntityDef): Promise<Row[]> {
  const cols = columnsOf(def);
  const selection: Record<string, PgColumn> = {};
  for (const [name, info] of cols) selection[name] = info.column;
  const where: SQL[] = def.visibleWhere ? [def.visibleWhere()] : [];
  const rows = await ctx.db
    .select(selection)
    .from(def.table)
    .where(and(...where))
    .orderBy(asc(col(def, 'created_date')), asc(idCol(def)));
  return rows.map((r) => serialize(def, r as Row));
}

/** JSON schema of each collection's record, from the contracts (the input shape; ids and dates are added by the server). */
function backupSchemas(): Record<CollectionKey, unknown> {
  const out = {} as Record<CollectionKey, unknown>;
  for (const [key, schema] of Object.entries(SCHEMAS) as Array<[CollectionKey, z.ZodType]>) {
    out[key] = { entity: COLLECTIONS[key], ...z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) };
  }
  return out;
}

/**
 * createBackup: every collection of the spec's backup file. Users come from the users table, which
 * holds no password; sessions and sign-in accounts live elsewhere and are never included.
 */
export async function createBackup(ctx: Ctx) {
  await requirePermission(ctx, 'backup', 'read');
  const data = {} as Record<CollectionKey, Row[]>;
  for (const key of Object.keys(COLLECTIONS) as CollectionKey[]) data[key] = await readAll(ctx, defOf(key));
  // Lines and links of hidden (deleted) documents would point at records the file does not hold.
  const invoiceIds = new Set(data.invoices.map((r) => r.id));
  const paymentIds = new Set(data.payments.map((r) => r.id));
  const billIds = new Set(data.bills.map((r) => r.id));
  data.invoiceLineItems = data.invoiceLineItems.filter((r) => invoiceIds.has(r.invoice_id));
  data.paymentInvoices = data.paymentInvoices.filter((r) => paymentIds.has(r.payment_id) && invoiceIds.has(r.invoice_id));
  data.billLineItems = data.billLineItems.filter((r) => billIds.has(r.bill_id));
  data.billPayments = data.billPayments.filter((r) => billIds.has(r.bill_id));
  return { timestamp: new Date().toISOString(), version: BACKUP_VERSION, data, schemas: backupSchemas() };
}

type IdMap = Map<string, string>;
interface Maps {
  owner: IdMap;
  property: IdMap;
  account: IdMap;
  product: IdMap;
  taxRate: IdMap;
  vendor: IdMap;
  invoice: IdMap;
  payment: IdMap;
  bill: IdMap;
}
type MapName = keyof Maps;

interface RestoreStep {
  key: Exclude<CollectionKey, 'users' | 'orgSettings'>;
  /** Reference fields and the map that turns an old id into the new one. */
  refs: Partial<Record<string, MapName>>;
  /** The map this collection's own ids go into. */
  produces?: MapName;
  /** Server-computed amounts kept as they were in the file (documents restore as documents). */
  amounts?: readonly string[];
  /** Extra columns outside the contract copied as they were. */
  extra?: readonly string[];
  describe(r: Row): string;
}

/** The spec's restore order (part 1, section 4), after org settings. */
const STEPS: readonly RestoreStep[] = [
  { key: 'owners', refs: {}, produces: 'owner', describe: (r) => `owner ${str(r.owner_id)} (${str(r.first_name)} ${str(r.last_name)})` },
  { key: 'properties', refs: {}, produces: 'property', describe: (r) => `property ${str(r.property_id)} (unit ${str(r.unit_number)})` },
  { key: 'ownerProperties', refs: { owner_id: 'owner', property_id: 'property' }, describe: () => 'owner-property link' },
  { key: 'accounts', refs: {}, produces: 'account', extra: ['system_key'], describe: (r) => `account ${str(r.account_number)} (${str(r.account_name)})` },
  { key: 'products', refs: { account_id: 'account' }, produces: 'product', describe: (r) => `item ${str(r.product_code)}` },
  { key: 'taxRates', refs: {}, produces: 'taxRate', describe: (r) => `tax rate ${str(r.tax_name)}` },
  { key: 'vendors', refs: {}, produces: 'vendor', describe: (r) => `vendor ${str(r.vendor_name)}` },
  {
    key: 'invoices', refs: { owner_id: 'owner', property_id: 'property', tax_rate_id: 'taxRate' }, produces: 'invoice',
    amounts: ['subtotal', 'tax_amount', 'total_amount', 'balance_due', 'amount_paid'], describe: (r) => `invoice ${str(r.invoice_number)}`,
  },
  { key: 'invoiceLineItems', refs: { invoice_id: 'invoice', product_id: 'product', account_id: 'account' }, amounts: ['extended_price'], extra: ['line_no'], describe: () => 'invoice line item' },
  { key: 'payments', refs: { owner_id: 'owner' }, produces: 'payment', describe: (r) => `payment ${str(r.payment_number)}` },
  { key: 'paymentInvoices', refs: { payment_id: 'payment', invoice_id: 'invoice' }, describe: () => 'payment-invoice link' },
  {
    key: 'bills', refs: { vendor_id: 'vendor' }, produces: 'bill', amounts: ['subtotal', 'tax_amount', 'total_amount', 'balance_due', 'amount_paid'],
    describe: (r) => `bill ${str(r.bill_number)}`,
  },
  { key: 'billLineItems', refs: { bill_id: 'bill', account_id: 'account' }, amounts: ['extended_price'], extra: ['line_no'], describe: () => 'bill line item' },
  { key: 'billPayments', refs: { bill_id: 'bill' }, describe: () => 'bill payment' },
];

function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

const INVALID = 'Invalid backup file format';
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The backup as an object with data and schemas, whether it came as JSON text or as a parsed object. */
function readBackup(input: unknown): { data: Record<string, unknown> } {
  let backup = input;
  if (typeof backup === 'string') {
    try {
      backup = parseJsonSafely(backup, 'Backup file');
    } catch (err) {
      if (err instanceof AppError && /forbidden key/.test(err.message)) throw err;
      throw new ValidationError(INVALID);
    }
  }
  if (!isObject(backup) || !isObject(backup.data) || !isObject(backup.schemas)) throw new ValidationError(INVALID);
  assertNoForbiddenKeys(backup, 'Backup file');
  for (const key of Object.keys(COLLECTIONS)) {
    const list = backup.data[key];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list) || !list.every(isObject)) throw new ValidationError(`${INVALID}: data.${key} must be a list of records`);
  }
  return { data: backup.data };
}

const listOf = (data: Record<string, unknown>, key: CollectionKey): Row[] => (Array.isArray(data[key]) ? (data[key] as Row[]) : []);

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** Picks the contract's fields from a record, validates them, and gives the values as the database takes them. */
function recordValues(step: RestoreStep | { key: 'orgSettings'; amounts?: undefined; extra?: undefined }, raw: Row, where: string): Row {
  const schema = SCHEMAS[step.key] as z.ZodObject;
  const picked: Row = {};
  for (const field of Object.keys(schema.shape)) if (raw[field] !== undefined) picked[field] = raw[field];
  const parsed = schema.safeParse(picked);
  if (!parsed.success) throw new ValidationError(`Backup ${where}: ${describeIssues(parsed.error)}`);
  const def = defOf(step.key);
  const cols = columnsOf(def);
  const values: Row = {};
  for (const [k, v] of Object.entries(parsed.data as Row)) {
    if (v === undefined || !cols.has(k) || def.derivedFields?.includes(k)) continue;
    values[k] = v === '' ? null : v;
  }
  for (const field of step.amounts ?? []) {
    if (raw[field] === undefined || raw[field] === null) continue;
    const amount = money(field).safeParse(raw[field]);
    if (!amount.success) throw new ValidationError(`Backup ${where}: ${field} must be an amount`);
    values[field] = amount.data;
  }
  for (const field of step.extra ?? []) if (raw[field] !== undefined) values[field] = raw[field];
  if (typeof raw.created_date === 'string' && !Number.isNaN(Date.parse(raw.created_date))) values.created_date = new Date(raw.created_date);
  for (const [k, v] of Object.entries(values)) if (cols.get(k)?.kind === 'numeric' && typeof v === 'number') values[k] = String(v);
  return values;
}

const CHUNK = 500;

async function insertRows(tx: Ctx, table: PgTable, rows: Row[]) {
  for (let i = 0; i < rows.length; i += CHUNK) await tx.db.insert(table).values(rows.slice(i, i + CHUNK) as never);
}

/** Six-digit business ids already in use refuse the whole restore, naming the first record (in file order). */
async function assertNoBusinessIdClash(tx: Ctx, step: RestoreStep, records: Row[]) {
  const field = step.key === 'owners' ? 'owner_id' : 'property_id';
  const table = step.key === 'owners' ? owners : properties;
  const column = step.key === 'owners' ? owners.owner_id : properties.property_id;
  const wanted = records.map((r) => str(r[field]));
  const taken = new Set<string>();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const rows = await tx.db.select({ v: column }).from(table).where(inArray(column, wanted.slice(i, i + CHUNK)));
    for (const r of rows) taken.add(r.v);
  }
  const seen = new Set<string>();
  for (const [i, r] of records.entries()) {
    const v = str(r[field]);
    if (taken.has(v)) {
      throw new ConflictError(`Cannot restore ${step.describe(r)} (${step.key} #${i + 1}): ${field.replace('_', ' ')} ${v} already exists. Nothing was restored.`, 'restore_conflict');
    }
    if (seen.has(v)) throw new ValidationError(`Backup ${step.key} #${i + 1} (${step.describe(r)}): ${field.replace('_', ' ')} ${v} appears twice in the file`);
    seen.add(v);
  }
}

/** Accounts whose number (or system key) already exists map onto the existing account instead of a duplicate. */
async function existingAccounts(tx: Ctx) {
  const rows = await tx.db
    .select({ id: chartOfAccounts.id, account_number: chartOfAccounts.account_number, system_key: chartOfAccounts.system_key })
    .from(chartOfAccounts);
  return {
    byNumber: new Map(rows.map((r) => [r.account_number, r.id])),
    byKey: new Map(rows.filter((r) => r.system_key).map((r) => [r.system_key!, r.id])),
  };
}

async function restoreOrgSettings(tx: Ctx, list: Row[]): Promise<number> {
  const raw = list[0];
  if (!raw) return 0;
  const values = recordValues({ key: 'orgSettings' }, raw, 'orgSettings #1');
  delete values.created_date;
  // Only an administrator changes open registration (as on the entity API).
  if (!isAdmin(tx.actor)) delete values.open_registration;
  const [existing] = await tx.db.select({ id: orgSettings.id }).from(orgSettings).orderBy(asc(orgSettings.created_date)).limit(1);
  if (existing) await tx.db.update(orgSettings).set(values as never).where(eq(orgSettings.id, existing.id));
  else await tx.db.insert(orgSettings).values({ ...values, created_by: tx.actor?.email ?? null } as never);
  return 1;
}

/**
 * restoreBackup: creates every record anew in the spec's order inside one transaction, with each
 * reference remapped to the new ids; users and roles are not restored and nothing is deleted.
 * Any refusal (a clash of owner or property ids, an invalid record, a dangling reference) restores nothing.
 */
export async function restoreBackup(ctx: Ctx, input: unknown) {
  await requirePermission(ctx, 'backup', 'create');
  const { data } = readBackup(input);
  const createdBy = ctx.actor?.email ?? null;
  try {
    return await withTransaction(ctx, async (tx) => {
      const counts: Record<string, number> = { orgSettings: await restoreOrgSettings(tx, listOf(data, 'orgSettings')) };
      const maps: Maps = {
        owner: new Map(), property: new Map(), account: new Map(), product: new Map(), taxRate: new Map(),
        vendor: new Map(), invoice: new Map(), payment: new Map(), bill: new Map(),
      };
      for (const step of STEPS) {
        const records = listOf(data, step.key);
        if (step.key === 'owners' || step.key === 'properties') await assertNoBusinessIdClash(tx, step, records);
        const accounts = step.key === 'accounts' ? await existingAccounts(tx) : null;
        const rows: Row[] = [];
        let mapped = 0;
        for (const [i, raw] of records.entries()) {
          const where = `${step.key} #${i + 1} (${step.describe(raw)})`;
          const remapped: Row = { ...raw };
          for (const [field, mapName] of Object.entries(step.refs) as Array<[string, MapName]>) {
            const old = raw[field];
            if (old === null || old === undefined || old === '') continue;
            const target = maps[mapName].get(String(old));
            if (!target) throw new ValidationError(`Backup ${where}: ${field} ${str(old)} does not match any ${mapName} in the file`);
            remapped[field] = target;
          }
          const values = recordValues(step, remapped, where);
          const oldId = str(raw.id);
          if (accounts) {
            const existing = accounts.byNumber.get(str(values.account_number)) ?? (values.system_key ? accounts.byKey.get(str(values.system_key)) : undefined);
            if (existing) {
              if (oldId) maps.account.set(oldId, existing);
              mapped++;
              continue;
            }
          }
          const id = newId();
          if (step.produces && oldId) {
            if (maps[step.produces].has(oldId)) throw new ValidationError(`Backup ${where}: id ${oldId} appears twice in the file`);
            maps[step.produces].set(oldId, id);
          }
          rows.push({ ...values, id, created_by: createdBy });
        }
        try {
          await insertRows(tx, defOf(step.key).table, rows);
        } catch (err) {
          const known = translateDbError(err, defOf(step.key).label);
          throw known ? new AppError(known.status, known.code, `Cannot restore ${step.key}: ${known.message}. Nothing was restored.`) : err;
        }
        counts[step.key] = rows.length + mapped;
      }
      await postRestoredDocuments(tx, maps);
      // '*' tells open lists that many records changed at once (realtime), once the restore commits.
      onCommit(tx, () => {
        const timestamp = new Date().toISOString();
        for (const entity of [...new Set(Object.values(COLLECTIONS))].filter((e) => e !== 'User')) {
          ctx.services.changes.publish({ entity, type: 'create', id: '*', record: {}, timestamp });
        }
      });
      return { success: true, restored: counts };
    });
  } catch (err) {
    throw translateDbError(err) ?? err;
  }
}

/**
 * Restored documents enter the books as documents do: each payment and application is posted, and each
 * invoice and bill recomputes its amounts from its lines and payments and posts if it is not a draft.
 */
async function postRestoredDocuments(tx: Ctx, maps: Maps): Promise<void> {
  const acc = await systemAccounts(tx);
  const paymentIds = [...maps.payment.values()];
  if (paymentIds.length) {
    const restoredPayments = await tx.db.select().from(payments).where(inArray(payments.id, paymentIds));
    for (const p of restoredPayments) {
      if (p.status === 'bounced') continue;
      await postEntry(tx, { date: p.payment_date, memo: `Payment ${p.payment_number} (restored)`, source_type: 'payment', source_id: p.id, lines: paymentPosting({ id: p.id, owner_id: p.owner_id, cents: toCents(p.amount) }, acc) });
    }
    const links = await tx.db.select().from(paymentInvoices).where(inArray(paymentInvoices.payment_id, paymentIds));
    const byId = new Map(restoredPayments.map((p) => [p.id, p]));
    for (const l of links) {
      const p = byId.get(l.payment_id)!;
      await postEntry(tx, { date: p.payment_date, memo: `Payment ${p.payment_number} applied (restored)`, source_type: 'payment_application', source_id: l.id, lines: applicationPosting({ payment_id: p.id, invoice_id: l.invoice_id, owner_id: p.owner_id, cents: toCents(l.amount_applied) }, acc) });
    }
  }
  for (const id of maps.invoice.values()) await recalcInvoice(tx, id);
  const billIds = [...maps.bill.values()];
  if (billIds.length) {
    const restoredBillPayments = await tx.db.select().from(billPayments).innerJoin(bills, eq(bills.id, billPayments.bill_id)).where(inArray(billPayments.bill_id, billIds));
    for (const { bill_payments: bp, bills: b } of restoredBillPayments) {
      await postEntry(tx, { date: bp.payment_date, memo: `Payment of bill ${b.bill_number} (restored)`, source_type: 'bill_payment', source_id: bp.id, lines: billPaymentPosting({ bill_id: b.id, vendor_id: b.vendor_id, cents: toCents(bp.amount) }, acc) });
    }
  }
  for (const id of billIds) await recalcBill(tx, id);
}

/** Exposed for tests: the collections a backup holds. */
export const BACKUP_COLLECTIONS = Object.keys(COLLECTIONS) as CollectionKey[];
