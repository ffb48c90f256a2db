import { and, asc, eq, inArray, isNotNull, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { laterDate } from '@covenant/contracts/dates';
import {
  accountInput, billInput, billLineInput, billPaymentInput, fundInput, invoiceInput, invoiceLineInput, orgSettingsInput, ownerInput, ownerPropertyInput,
  paymentInput, paymentInvoiceInput, productInput, propertyInput, taxRateInput, userUpdateInput, vendorInput,
} from '@covenant/contracts/entities';
import { decimal, isoDate } from '@covenant/contracts/fields';
import { centsToDecimal, multiplyCents, toCents } from '@covenant/contracts/money';
import { newId } from '@covenant/db/ids';
import { orgSettings, owners, properties } from '@covenant/db/schema/community';
import { chartOfAccounts, funds, paymentInvoices, payments, taxRates, vendors } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { translateDbError } from '../../lib/db-errors.ts';
import { AppError, ConflictError, ValidationError } from '../../lib/errors.ts';
import { isAdmin } from '../../platform/access/access.service.ts';
import type { BackupData, BackupStep, IdMaps } from '../../platform/backup/backup-step.ts';
import { listOf as listRecords } from '../../platform/backup/table-step.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { columnsOf, serialize } from '../../platform/entities/query.ts';
import { controlAccountIds, systemAccounts, systemFunds } from '../accounts/accounts.service.ts';
import { assertBillPayment } from '../bills/bill.rules.ts';
import { insertBills, replayBillCancellation, type CompletedBillLine, type NewBillDoc } from '../bills/bill.commands.ts';
import { insertBillPayments } from '../bills/bill-payments.ts';
import { insertInvoices, replayInvoiceCancellation, type CompletedLine, type NewInvoiceDoc } from '../invoices/invoice.commands.ts';
import { computeDocument, payable, peakApplied, receivable } from '../document-lifecycle/lifecycle.rules.ts';
import { insertApplications, replayReversedApplications } from '../payment-applications/applications.service.ts';
import { insertPayments, replayBounce } from '../payments/payment.commands.ts';
import { applicationDate, assertApplication } from '../payments/payment.rules.ts';
import { payableByFund, receivableByFund, splitByFund, type FundAmount } from '../ledger/posting.rules.ts';
import { syncAssociationName } from '../org-settings/org-settings.feature.ts';

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
  /** Beyond the spec's list: the funds (fund accounting); Operating and Reserve map onto the instance's own. */
  funds: 'Fund',
  accounts: 'ChartOfAccount',
  products: 'Product',
  taxRates: 'TaxRate',
  orgSettings: 'OrgSettings',
  users: 'User',
} as const;
type CollectionKey = keyof typeof COLLECTIONS;

const SCHEMAS: Record<CollectionKey, z.ZodObject> = {
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
  funds: fundInput,
  accounts: accountInput,
  products: productInput,
  taxRates: taxRateInput,
  orgSettings: orgSettingsInput,
  users: userUpdateInput,
};

const defOf = (ctx: Ctx, key: CollectionKey): EntityDef => ctx.services.registry.requireEntity(COLLECTIONS[key]);
const col = (def: EntityDef, field: string): PgColumn => columnsOf(def).get(field)!.column;

/** Every visible row of an entity, oldest first, as the API shows it. */
async function readAll(ctx: Ctx, def: EntityDef): Promise<Row[]> {
  const selection: Record<string, PgColumn> = {};
  for (const [name, info] of columnsOf(def)) selection[name] = info.column;
  const where: SQL[] = def.visibleWhere ? [def.visibleWhere()] : [];
  const rows = await ctx.db.select(selection).from(def.table).where(and(...where)).orderBy(asc(col(def, 'created_date')), asc(col(def, 'id')));
  return rows.map((r) => serialize(def, r as Row));
}

/** The spec's collections and the documents' history, read as the API shows them. */
async function backupRecords(ctx: Ctx): Promise<Record<string, unknown[]>> {
  const data = {} as Record<CollectionKey, Row[]>;
  for (const key of Object.keys(COLLECTIONS) as CollectionKey[]) {
    if (key !== 'paymentInvoices') data[key] = await readAll(ctx, defOf(ctx, key));
  }
  const links = await ctx.db.select().from(paymentInvoices).orderBy(asc(paymentInvoices.created_date), asc(paymentInvoices.id));
  data.paymentInvoices = links.map((l) => ({ ...serialize(defOf(ctx, 'paymentInvoices'), l as Row), reversed_date: l.reversed_date }));
  // Lines and links of hidden (deleted) documents would point at records the file does not hold.
  const invoiceIds = new Set(data.invoices.map((r) => r.id));
  const paymentIds = new Set(data.payments.map((r) => r.id));
  const billIds = new Set(data.bills.map((r) => r.id));
  data.invoiceLineItems = data.invoiceLineItems.filter((r) => invoiceIds.has(r.invoice_id));
  data.paymentInvoices = data.paymentInvoices.filter((r) => paymentIds.has(r.payment_id) && invoiceIds.has(r.invoice_id));
  data.billLineItems = data.billLineItems.filter((r) => billIds.has(r.bill_id));
  data.billPayments = data.billPayments.filter((r) => billIds.has(r.bill_id));
  // A vendor's account number for ACH credits is write-only on the API; the file holds it sealed, as stored.
  const sealed = new Map((await ctx.db.select({ id: vendors.id, v: vendors.bank_account_number_sealed }).from(vendors)).map((r) => [r.id, r.v]));
  data.vendors = data.vendors.map((v) => ({ ...v, bank_account_number_sealed: sealed.get(v.id as string) ?? null }));
  return data;
}

type IdMap = Map<string, string>;
interface Maps {
  fund: IdMap;
  owner: IdMap;
  property: IdMap;
  account: IdMap;
  product: IdMap;
  taxRate: IdMap;
  vendor: IdMap;
}
type MapName = keyof Maps;

interface RestoreStep {
  key: 'owners' | 'properties' | 'ownerProperties' | 'funds' | 'accounts' | 'products' | 'taxRates' | 'vendors';
  /** Reference fields and the map that turns an old id into the new one. */
  refs: Partial<Record<string, MapName>>;
  /** The map this collection's own ids go into. */
  produces?: MapName;
  /** Extra columns outside the contract copied as they were. */
  extra?: readonly string[];
  describe(r: Row): string;
}

/** The spec's restore order (part 1, section 4) for the records that are not documents, after org settings. */
const STEPS: readonly RestoreStep[] = [
  { key: 'owners', refs: {}, produces: 'owner', describe: (r) => `owner ${str(r.owner_id)} (${str(r.first_name)} ${str(r.last_name)})` },
  { key: 'properties', refs: {}, produces: 'property', describe: (r) => `property ${str(r.property_id)} (unit ${str(r.unit_number)})` },
  { key: 'ownerProperties', refs: { owner_id: 'owner', property_id: 'property' }, describe: () => 'owner-property link' },
  { key: 'funds', refs: {}, produces: 'fund', describe: (r) => `fund ${str(r.code)} (${str(r.name)})` },
  { key: 'accounts', refs: { fund_id: 'fund' }, produces: 'account', extra: ['system_key'], describe: (r) => `account ${str(r.account_number)} (${str(r.account_name)})` },
  { key: 'products', refs: { account_id: 'account', fund_id: 'fund' }, produces: 'product', describe: (r) => `item ${str(r.product_code)}` },
  { key: 'taxRates', refs: {}, produces: 'taxRate', describe: (r) => `tax rate ${str(r.tax_name)}` },
  { key: 'vendors', refs: {}, produces: 'vendor', extra: ['bank_account_number_sealed', 'bank_account_last4'], describe: (r) => `vendor ${str(r.vendor_name)}` },
];

function str(v: unknown): string {
  return v === null || v === undefined ? '' : String(v);
}

const listOf = (data: BackupData, key: CollectionKey): Row[] => listRecords(data, key);

function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
}

/** Picks the contract's fields from a record and validates them; empty strings become null. */
function contractValues(ctx: Ctx, key: CollectionKey, raw: Row, where: string): Row {
  const schema = SCHEMAS[key];
  const picked: Row = {};
  for (const field of Object.keys(schema.shape)) if (raw[field] !== undefined) picked[field] = raw[field];
  const parsed = schema.safeParse(picked);
  if (!parsed.success) throw new ValidationError(`Backup ${where}: ${describeIssues(parsed.error)}`);
  const def = defOf(ctx, key);
  const cols = columnsOf(def);
  const values: Row = {};
  for (const [k, v] of Object.entries(parsed.data as Row)) {
    if (v === undefined || !cols.has(k) || def.derivedFields?.includes(k)) continue;
    values[k] = v === '' ? null : v;
  }
  return values;
}

/** Values as the database takes them: numbers to NUMERIC as text, the file's created_date kept. */
function storable(ctx: Ctx, key: CollectionKey, values: Row, raw: Row, extra: readonly string[] = []): Row {
  const cols = columnsOf(defOf(ctx, key));
  const out: Row = { ...values };
  for (const field of extra) if (raw[field] !== undefined) out[field] = raw[field];
  if (typeof raw.created_date === 'string' && !Number.isNaN(Date.parse(raw.created_date))) out.created_date = new Date(raw.created_date);
  for (const [k, v] of Object.entries(out)) if (cols.get(k)?.kind === 'numeric' && typeof v === 'number') out[k] = String(v);
  return out;
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

/** Bank accounts (accounts that belong to a fund) and their funds, once the file's accounts are in. */
async function bankFunds(tx: Ctx): Promise<Map<string, string>> {
  const rows = await tx.db.select({ id: chartOfAccounts.id, fund_id: chartOfAccounts.fund_id }).from(chartOfAccounts).where(isNotNull(chartOfAccounts.fund_id));
  return new Map(rows.map((r) => [r.id, r.fund_id!]));
}

/**
 * How a restored payment was split across its document's funds: the file's own split (its funds remapped; it
 * must add up to the amount and go only to funds the document owes, none past what it owes), or for a file
 * from before funds the rule's split of what is still owed.
 */
function fundSplitOf(raw: unknown, maps: Maps, cents: number, owed: readonly FundAmount[], applied: ReadonlyMap<string, number>): FundAmount[] {
  const open = owed.map((o) => ({ fund_id: o.fund_id, cents: o.cents - (applied.get(o.fund_id) ?? 0) }));
  if (raw === undefined || raw === null) {
    try {
      return splitByFund(cents, open);
    } catch {
      throw new ConflictError('the amount is more than the document still owes', 'over_balance');
    }
  }
  if (!Array.isArray(raw)) throw new ValidationError('fund_split must be a list of {fund_id, cents}');
  const split = raw.map((part: unknown) => {
    const p = part as { fund_id?: unknown; cents?: unknown };
    const fund = maps.fund.get(str(p.fund_id));
    if (!fund) throw new ValidationError(`fund_split names fund ${str(p.fund_id)}, which is not in the file`);
    if (!Number.isInteger(p.cents) || (p.cents as number) <= 0) throw new ValidationError('fund_split amounts must be whole cents above zero');
    return { fund_id: fund, cents: p.cents as number };
  });
  if (split.reduce((s, p) => s + p.cents, 0) !== cents) throw new ValidationError('fund_split does not add up to the amount');
  for (const part of split) {
    const owes = owed.find((o) => o.fund_id === part.fund_id);
    if (!owes || part.cents > owes.cents) throw new ConflictError('fund_split gives a fund more than the document owes it', 'over_balance');
  }
  return split;
}

/** Funds whose system key (Operating, Reserve) or code already exists map onto the existing fund. */
async function existingFunds(tx: Ctx) {
  const rows = await tx.db.select({ id: funds.id, code: funds.code, system_key: funds.system_key }).from(funds);
  return {
    byCode: new Map(rows.map((r) => [r.code, r.id])),
    byKey: new Map(rows.filter((r) => r.system_key).map((r) => [r.system_key!, r.id])),
  };
}

/** Accounts whose number (or system key) already exists map onto the existing account instead of a duplicate. */
async function existingAccounts(tx: Ctx) {
  const rows = await tx.db.select({ id: chartOfAccounts.id, account_number: chartOfAccounts.account_number, system_key: chartOfAccounts.system_key }).from(chartOfAccounts);
  return {
    byNumber: new Map(rows.map((r) => [r.account_number, r.id])),
    byKey: new Map(rows.filter((r) => r.system_key).map((r) => [r.system_key!, r.id])),
  };
}

async function restoreOrgSettings(tx: Ctx, list: Row[]): Promise<number> {
  const raw = list[0];
  if (!raw) return 0;
  const values = contractValues(tx, 'orgSettings', raw, 'orgSettings #1');
  // Only an administrator changes open registration (as on the entity API).
  if (!isAdmin(tx.actor)) delete values.open_registration;
  const [existing] = await tx.db.select({ id: orgSettings.id }).from(orgSettings).orderBy(asc(orgSettings.created_date)).limit(1);
  if (existing) await tx.db.update(orgSettings).set(values as never).where(eq(orgSettings.id, existing.id));
  else await tx.db.insert(orgSettings).values({ ...values, created_by: tx.actor?.email ?? null } as never);
  // The association registry goes by the restored name, as after a save on the settings screen.
  await syncAssociationName(tx, values);
  return 1;
}

/** Runs a rule for one record of the file; a refusal names the record and says nothing was restored. */
function naming<T>(where: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof AppError) throw new AppError(err.status, err.code, `Backup ${where}: ${err.message.replace(/^Backup [^:]+: /, '')}. Nothing was restored.`);
    throw err;
  }
}

function mapRef(maps: Maps, mapName: MapName, old: unknown, field: string, where: string): string | null {
  if (old === null || old === undefined || old === '') return null;
  const target = maps[mapName].get(String(old));
  if (!target) throw new ValidationError(`Backup ${where}: ${field} ${str(old)} does not match any ${mapName} in the file`);
  return target;
}

/**
 * Restores the spec's collections, every record anew with references remapped to the new ids (users and roles are
 * not restored, nothing is deleted). Documents go through the document rules and bulk writers of their commands
 * (totals, paid status, applications, dates, control accounts), so a file holding what the API would refuse is
 * refused whole, naming the record. Registers the new ids for the later steps.
 */
async function restoreRecords(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>> {
  const createdBy = tx.actor?.email ?? null;
  const counts: Record<string, number> = { orgSettings: await restoreOrgSettings(tx, listOf(data, 'orgSettings')) };
  const maps: Maps = { fund: new Map(), owner: new Map(), property: new Map(), account: new Map(), product: new Map(), taxRate: new Map(), vendor: new Map() };
  const control = await controlAccountIds(tx);
  const acc = await systemAccounts(tx);
  const operatingFund = (await systemFunds(tx)).operating;
  // New funds get their bank account once the accounts are in.
  const fundCash: Array<{ id: string; oldAccount: string; where: string }> = [];
  for (const step of STEPS) {
    const records = listOf(data, step.key);
    if (step.key === 'owners' || step.key === 'properties') await assertNoBusinessIdClash(tx, step, records);
    const accounts = step.key === 'accounts' ? await existingAccounts(tx) : null;
    const fundsNow = step.key === 'funds' ? await existingFunds(tx) : null;
    const rows: Row[] = [];
    let mapped = 0;
    for (const [i, raw] of records.entries()) {
      const where = `${step.key} #${i + 1} (${step.describe(raw)})`;
      const remapped: Row = { ...raw };
      for (const [field, mapName] of Object.entries(step.refs) as Array<[string, MapName]>) remapped[field] = mapRef(maps, mapName, raw[field], field, where);
      const values = contractValues(tx, step.key, remapped, where);
      if (step.key === 'products' && control.has(values.account_id as string)) {
        throw new ValidationError(`Backup ${where}: its default account is a control account, which changes only through documents`);
      }
      const oldId = str(raw.id);
      if (fundsNow) {
        const existing = (raw.system_key ? fundsNow.byKey.get(str(raw.system_key)) : undefined) ?? fundsNow.byCode.get(str(values.code));
        if (existing) {
          if (oldId) maps.fund.set(oldId, existing);
          mapped++;
          continue;
        }
        if (values.cash_account_id) fundCash.push({ id: '', oldAccount: str(values.cash_account_id), where });
        delete values.cash_account_id;
      }
      if (step.key === 'products' && !values.fund_id) values.fund_id = operatingFund;
      if (accounts) {
        const existing = accounts.byNumber.get(str(values.account_number)) ?? (raw.system_key ? accounts.byKey.get(str(raw.system_key)) : undefined);
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
      if (fundsNow && fundCash.at(-1)?.where === where) fundCash.at(-1)!.id = id;
      rows.push({ ...storable(tx, step.key, values, raw, step.extra), id, created_by: createdBy });
    }
    try {
      await insertRows(tx, defOf(tx, step.key).table, rows);
    } catch (err) {
      const known = translateDbError(err, defOf(tx, step.key).label);
      throw known ? new AppError(known.status, known.code, `Cannot restore ${step.key}: ${known.message}. Nothing was restored.`) : err;
    }
    counts[step.key] = rows.length + mapped;
    if (step.key === 'accounts') {
      for (const f of fundCash) {
        const accountId = mapRef(maps, 'account', f.oldAccount, 'cash_account_id', f.where);
        await tx.db.update(funds).set({ cash_account_id: accountId }).where(eq(funds.id, f.id));
      }
    }
  }
  // Documents of an opening-balance import post against Opening Balance Equity, which only they may.
  const documentControl = new Set([...control].filter((id) => id !== acc.opening_balances));
  Object.assign(counts, await restoreReceivables(tx, data, maps, documentControl, ids));
  Object.assign(counts, await restorePayables(tx, data, maps, documentControl, ids));
  for (const [name, table] of Object.entries(MAP_TABLES) as Array<[MapName, string]>) for (const [o, n] of maps[name]) ids.set(table, o, n);
  return counts;
}

/** The id maps of the records step, by the table each lives in. */
const MAP_TABLES: Record<MapName, string> = {
  fund: 'funds', owner: 'owners', property: 'properties', account: 'chart_of_accounts', product: 'products', taxRate: 'tax_rates', vendor: 'vendors',
};

/** The spec's collections (part 1, section 3), the documents' history and what the chart and settings hold. */
export const recordsBackupStep: BackupStep = {
  name: 'records',
  order: 10,
  tables: [
    'org_settings', 'owners', 'properties', 'owner_properties', 'funds', 'chart_of_accounts', 'products', 'tax_rates', 'vendors',
    'invoices', 'invoice_line_items', 'payments', 'payment_invoices', 'bills', 'bill_line_items', 'bill_payments',
  ],
  collections: Object.fromEntries(
    (Object.entries(SCHEMAS) as Array<[CollectionKey, z.ZodType]>).map(([key, schema]) => [key, { entity: COLLECTIONS[key], schema: () => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown> }]),
  ),
  backup: backupRecords,
  restore: restoreRecords,
};

const snapshotRate = decimal('tax_rate', { min: 0, max: 100, places: 4 });
const optionalDate = isoDate('date');

function optionalDateOf(raw: Row, field: string, where: string): string | null {
  const v = raw[field];
  if (v === undefined || v === null || v === '') return null;
  const parsed = optionalDate.safeParse(v);
  if (!parsed.success) throw new ValidationError(`Backup ${where}: ${field} must be a date (YYYY-MM-DD)`);
  return parsed.data;
}

/** Groups lines by their document's old id, refusing a line whose document is not in the file. */
function linesByDocument(lines: Row[], field: string, documentIds: Set<string>, collection: string, label: string): Map<string, Array<{ raw: Row; where: string }>> {
  const out = new Map<string, Array<{ raw: Row; where: string }>>();
  lines.forEach((raw, i) => {
    const where = `${collection} #${i + 1} (${label})`;
    const doc = str(raw[field]);
    if (!documentIds.has(doc)) throw new ValidationError(`Backup ${where}: ${field} ${doc} does not match any ${field.replace('_id', '')} in the file`);
    const list = out.get(doc) ?? [];
    list.push({ raw, where });
    out.set(doc, list);
  });
  for (const list of out.values()) list.sort((a, b) => Number(a.raw.line_no ?? 0) - Number(b.raw.line_no ?? 0));
  return out;
}

/** Invoices, payments and their applications, checked by the rules and written by the commands' bulk writers. */
async function restoreReceivables(tx: Ctx, data: Record<string, unknown>, maps: Maps, control: Set<string>, ids: IdMaps): Promise<Record<string, number>> {
  const acc = await systemAccounts(tx);
  const fundIds = await systemFunds(tx);
  const bankFund = await bankFunds(tx);
  const invoiceRecords = listOf(data, 'invoices');
  const lineGroups = linesByDocument(listOf(data, 'invoiceLineItems'), 'invoice_id', new Set(invoiceRecords.map((r) => str(r.id))), 'invoiceLineItems', 'invoice line item');
  const ratesNow = new Map((await tx.db.select({ id: taxRates.id, rate: taxRates.tax_rate }).from(taxRates)).map((r) => [r.id, r.rate]));

  interface InvoiceInfo { doc: NewInvoiceDoc; where: string; totalCents: number; byFund: FundAmount[]; cancelledOn: string | null; reason: string | null; inForceCents: number }
  const invoiceByOld = new Map<string, InvoiceInfo>();
  for (const [i, raw] of invoiceRecords.entries()) {
    const where = `invoices #${i + 1} (invoice ${str(raw.invoice_number)})`;
    const remapped = { ...raw, owner_id: mapRef(maps, 'owner', raw.owner_id, 'owner_id', where), property_id: mapRef(maps, 'property', raw.property_id, 'property_id', where), tax_rate_id: mapRef(maps, 'taxRate', raw.tax_rate_id, 'tax_rate_id', where) };
    const v = contractValues(tx, 'invoices', remapped, where);
    if (!v.invoice_number) throw new ValidationError(`Backup ${where}: invoice_number is required`);
    const cancelledOn = optionalDateOf(raw, 'cancelled_date', where);
    const status = str(v.status || 'draft');
    const phase = status === 'draft' ? 'draft' : status === 'cancelled' ? (cancelledOn ? 'issued' : 'cancelled') : 'issued';
    let taxRate: string | null = null;
    if (raw.tax_rate !== undefined && raw.tax_rate !== null && raw.tax_rate !== '') {
      const r = snapshotRate.safeParse(raw.tax_rate);
      if (!r.success) throw new ValidationError(`Backup ${where}: tax_rate must be a percentage from 0 to 100`);
      taxRate = String(r.data);
    } else if (v.tax_rate_id) taxRate = ratesNow.get(v.tax_rate_id as string) ?? null;
    const lines: CompletedLine[] = (lineGroups.get(str(raw.id)) ?? []).map(({ raw: lr, where: lw }) => {
      const lv = contractValues(tx, 'invoiceLineItems', {
        ...lr, invoice_id: '000000000000000000000000', product_id: mapRef(maps, 'product', lr.product_id, 'product_id', lw), account_id: mapRef(maps, 'account', lr.account_id, 'account_id', lw),
        fund_id: mapRef(maps, 'fund', lr.fund_id, 'fund_id', lw),
      }, lw);
      const accountId = (lv.account_id as string | null) ?? acc.assessment_income;
      if (control.has(accountId)) throw new ValidationError(`Backup ${lw}: its account is a control account, which changes only through documents`);
      const quantity = String(lv.quantity);
      const price = String(lv.unit_price);
      return {
        product_id: (lv.product_id as string | null) ?? null, description: (lv.description as string | null) ?? null, quantity, unit_price: price, account_id: accountId,
        fund_id: (lv.fund_id as string | null) ?? fundIds.operating, extended_price: centsToDecimal(multiplyCents(toCents(price), quantity)),
      };
    });
    const doc: NewInvoiceDoc = {
      id: newId(), invoice_number: v.invoice_number as string, invoice_date: v.invoice_date as string, due_date: (v.due_date as string | null) ?? (v.invoice_date as string),
      owner_id: v.owner_id as string, property_id: (v.property_id as string | null) ?? null, tax_rate_id: (v.tax_rate_id as string | null) ?? null, tax_rate: taxRate,
      notes: v.notes as string | null, payment_terms: v.payment_terms as string | null, phase, lines,
    };
    const computed = naming(where, () => computeDocument(receivable, { id: doc.id!, party_id: doc.owner_id, property_id: doc.property_id, tax: doc.tax_rate, phase: doc.phase, lines: doc.lines, paidCents: 0 }, acc, fundIds));
    const byFund = receivableByFund({ lines: doc.lines.map((l, k) => ({ ...l, cents: computed.lineCents[k]! })), taxCents: computed.taxCents }, fundIds);
    invoiceByOld.set(str(raw.id), { doc, where, totalCents: computed.totalCents, byFund, cancelledOn, reason: (raw.cancel_reason as string | null) ?? null, inForceCents: 0 });
  }

  interface PaymentInfo { row: typeof payments.$inferInsert & { id: string }; fund: string; where: string; cents: number; bouncedOn: string | null; reason: string | null; inForceCents: number }
  const paymentByOld = new Map<string, PaymentInfo>();
  for (const [i, raw] of listOf(data, 'payments').entries()) {
    const where = `payments #${i + 1} (payment ${str(raw.payment_number)})`;
    const v = contractValues(tx, 'payments', { ...raw, owner_id: mapRef(maps, 'owner', raw.owner_id, 'owner_id', where), deposit_account_id: mapRef(maps, 'account', raw.deposit_account_id, 'deposit_account_id', where) }, where);
    if (!v.payment_number) throw new ValidationError(`Backup ${where}: payment_number is required`);
    const deposit = (v.deposit_account_id as string | null) ?? acc.cash;
    // An opening credit's other side is Opening Balance Equity, in the Operating fund.
    const fund = deposit === acc.opening_balances ? fundIds.operating : bankFund.get(deposit);
    if (!fund) throw new ValidationError(`Backup ${where}: deposit_account_id is not a bank account of a fund`);
    const cents = toCents(v.amount as number);
    if (cents <= 0) throw new ValidationError(`Backup ${where}: amount must be greater than 0`);
    const bounced = v.status === 'bounced';
    const bouncedOn = bounced ? laterDate(optionalDateOf(raw, 'bounced_date', where) ?? (v.payment_date as string), v.payment_date as string) : null;
    paymentByOld.set(str(raw.id), {
      row: {
        id: newId(), payment_number: v.payment_number as string, payment_date: v.payment_date as string, payment_method: (v.payment_method as 'check' | undefined) ?? 'check',
        reference_number: (v.reference_number as string | null) ?? null, amount: centsToDecimal(cents), owner_id: v.owner_id as string, notes: (v.notes as string | null) ?? null,
        status: bounced ? 'cleared' : ((v.status as 'cleared' | 'pending' | undefined) ?? 'cleared'), idempotency_key: (v.idempotency_key as string | undefined) ?? null,
        deposit_account_id: deposit,
      },
      fund, where, cents, bouncedOn, reason: (raw.bounce_reason as string | null) ?? null, inForceCents: 0,
    });
  }

  const applicationRows: Parameters<typeof insertApplications>[1][number][] = [];
  // What the in-force applications restored so far applied to each invoice, per fund.
  const appliedToFunds = new Map<string, Map<string, number>>();
  for (const [i, raw] of listOf(data, 'paymentInvoices').entries()) {
    const where = `paymentInvoices #${i + 1} (payment-invoice link)`;
    const payment = paymentByOld.get(str(raw.payment_id));
    const invoice = invoiceByOld.get(str(raw.invoice_id));
    if (!payment) throw new ValidationError(`Backup ${where}: payment_id ${str(raw.payment_id)} does not match any payment in the file`);
    if (!invoice) throw new ValidationError(`Backup ${where}: invoice_id ${str(raw.invoice_id)} does not match any invoice in the file`);
    const v = contractValues(tx, 'paymentInvoices', { ...raw, payment_id: payment.row.id, invoice_id: invoice.doc.id }, where);
    const cents = toCents(v.amount_applied as number);
    const appliedOn = (v.applied_date as string | null) || applicationDate(payment.row.payment_date, invoice.doc.invoice_date);
    const reversedOn = optionalDateOf(raw, 'reversed_date', where);
    naming(where, () => {
      // Each application alone, as the API checks it when it was made.
      assertApplication(
        { owner_id: payment.row.owner_id, payment_date: payment.row.payment_date, status: 'cleared', availableCents: payment.cents },
        { owner_id: invoice.doc.owner_id, invoice_number: invoice.doc.invoice_number, invoice_date: invoice.doc.invoice_date, phase: invoice.doc.phase === 'draft' ? 'draft' : invoice.doc.phase === 'cancelled' ? 'cancelled' : 'issued', balanceCents: invoice.totalCents },
        cents,
        appliedOn,
      );
      if (reversedOn === null) {
        if (payment.bouncedOn) throw new ConflictError(`payment ${payment.row.payment_number} is bounced, so nothing of it can still be applied`, 'bounced');
        if (invoice.cancelledOn) throw new ConflictError(`invoice ${invoice.doc.invoice_number} is cancelled, so no payment can still be applied to it`, 'cancelled');
      } else {
        const expected = [payment.bouncedOn, invoice.cancelledOn].filter((d): d is string => !!d).map((d) => laterDate(d, appliedOn));
        if (!expected.includes(reversedOn)) {
          throw new ValidationError(`reversed_date ${reversedOn} does not match a cancellation of invoice ${invoice.doc.invoice_number} or a bounce of payment ${payment.row.payment_number}`);
        }
      }
    });
    const split = naming(where, () => fundSplitOf(raw.fund_split, maps, cents, invoice.byFund, appliedToFunds.get(invoice.doc.id!) ?? new Map()));
    if (reversedOn === null) {
      payment.inForceCents += cents;
      invoice.inForceCents += cents;
    }
    const applied = appliedToFunds.get(invoice.doc.id!) ?? new Map<string, number>();
    for (const part of split) applied.set(part.fund_id, (applied.get(part.fund_id) ?? 0) + (reversedOn === null ? part.cents : 0));
    appliedToFunds.set(invoice.doc.id!, applied);
    const applicationId = newId();
    if (raw.id) ids.set('payment_invoices', str(raw.id), applicationId);
    applicationRows.push({
      id: applicationId, payment_id: payment.row.id, invoice_id: invoice.doc.id!, amount_applied: centsToDecimal(cents), applied_date: appliedOn, reversed_date: reversedOn, fund_split: split,
      owner_id: payment.row.owner_id, payment_number: payment.row.payment_number, invoice_number: invoice.doc.invoice_number, payment_fund_id: payment.fund,
    });
  }
  // At no date may a payment have applied more than its amount, nor an invoice have received more than its total.
  const timeline = (pick: (a: (typeof applicationRows)[number]) => string, id: string) =>
    peakApplied(applicationRows.filter((a) => pick(a) === id).map((a) => ({ cents: toCents(a.amount_applied), applied_date: a.applied_date, reversed_date: a.reversed_date ?? null })));
  for (const p of paymentByOld.values()) {
    const peak = timeline((a) => a.payment_id, p.row.id);
    if (peak > p.cents) naming(p.where, () => { throw new ConflictError(`its applications (${centsToDecimal(peak)} at one time) exceed its amount (${centsToDecimal(p.cents)})`, 'over_applied'); });
  }
  for (const inv of invoiceByOld.values()) {
    const peak = timeline((a) => a.invoice_id, inv.doc.id!);
    if (peak > inv.totalCents) naming(inv.where, () => { throw new ConflictError(`payments applied to it (${centsToDecimal(peak)} at one time) exceed its total (${centsToDecimal(inv.totalCents)})`, 'over_balance'); });
    inv.doc.paidCents = inv.inForceCents;
  }

  for (const [old, inv] of invoiceByOld) ids.set('invoices', old, inv.doc.id!);
  for (const [old, p] of paymentByOld) ids.set('payments', old, p.row.id);
  await insertInvoices(tx, [...invoiceByOld.values()].map((i) => i.doc));
  await insertPayments(tx, [...paymentByOld.values()].map((p) => p.row));
  await insertApplications(tx, applicationRows);
  // The history the file records, on its own dates: reversed applications, cancellations, bounces.
  await replayReversedApplications(tx, applicationRows.filter((a) => a.reversed_date));
  for (const inv of invoiceByOld.values()) {
    if (inv.doc.phase === 'issued' && inv.cancelledOn) await replayInvoiceCancellation(tx, inv.doc.id!, inv.cancelledOn, inv.reason);
  }
  for (const p of paymentByOld.values()) {
    if (p.bouncedOn) await replayBounce(tx, p.row.id, p.bouncedOn, p.reason);
  }
  return { invoices: invoiceByOld.size, invoiceLineItems: [...invoiceByOld.values()].reduce((s, i) => s + i.doc.lines.length, 0), payments: paymentByOld.size, paymentInvoices: applicationRows.length };
}

/** Bills and their payments, checked by the bill rules and written by the bill commands' bulk writers. */
async function restorePayables(tx: Ctx, data: Record<string, unknown>, maps: Maps, control: Set<string>, ids: IdMaps): Promise<Record<string, number>> {
  const acc = await systemAccounts(tx);
  const fundIds = await systemFunds(tx);
  const bankFund = await bankFunds(tx);
  const billRecords = listOf(data, 'bills');
  const lineGroups = linesByDocument(listOf(data, 'billLineItems'), 'bill_id', new Set(billRecords.map((r) => str(r.id))), 'billLineItems', 'bill line item');
  interface BillInfo { doc: NewBillDoc; where: string; balanceCents: number; byFund: FundAmount[]; paidByFund: Map<string, number>; cancelledOn: string | null; reason: string | null }
  const billByOld = new Map<string, BillInfo>();
  for (const [i, raw] of billRecords.entries()) {
    const where = `bills #${i + 1} (bill ${str(raw.bill_number)})`;
    const v = contractValues(tx, 'bills', { ...raw, vendor_id: mapRef(maps, 'vendor', raw.vendor_id, 'vendor_id', where) }, where);
    const cancelledOn = optionalDateOf(raw, 'cancelled_date', where);
    const status = str(v.status || 'pending');
    const phase = status === 'draft' ? 'draft' : status === 'cancelled' ? (cancelledOn ? 'issued' : 'cancelled') : 'issued';
    const lines: CompletedBillLine[] = (lineGroups.get(str(raw.id)) ?? []).map(({ raw: lr, where: lw }) => {
      const lv = contractValues(tx, 'billLineItems', {
        ...lr, bill_id: '000000000000000000000000', account_id: mapRef(maps, 'account', lr.account_id, 'account_id', lw), fund_id: mapRef(maps, 'fund', lr.fund_id, 'fund_id', lw),
      }, lw);
      if (!lv.account_id) throw new ValidationError(`Backup ${lw}: account_id: choose the expense account of the line`);
      if (control.has(lv.account_id as string)) throw new ValidationError(`Backup ${lw}: its account is a control account, which changes only through documents`);
      const quantity = String(lv.quantity);
      const price = String(lv.unit_price);
      return {
        description: (lv.description as string | null) ?? null, quantity, unit_price: price, account_id: lv.account_id as string,
        fund_id: (lv.fund_id as string | null) ?? fundIds.operating, extended_price: centsToDecimal(multiplyCents(toCents(price), quantity)),
      };
    });
    const doc: NewBillDoc = {
      id: newId(), bill_number: v.bill_number as string, vendor_id: v.vendor_id as string, bill_date: v.bill_date as string, due_date: (v.due_date as string | null) ?? (v.bill_date as string),
      tax_amount: centsToDecimal(toCents((v.tax_amount as number | null) ?? 0)), payment_terms: v.payment_terms as string | null, notes: v.notes as string | null, phase, lines,
    };
    const computed = naming(where, () => computeDocument(payable, { id: doc.id!, party_id: doc.vendor_id, tax: doc.tax_amount, phase: doc.phase, lines, paidCents: 0 }, acc, fundIds));
    const byFund = payableByFund({ lines: lines.map((l, k) => ({ ...l, cents: computed.lineCents[k]! })), taxCents: computed.taxCents }, fundIds);
    billByOld.set(str(raw.id), { doc, where, balanceCents: doc.phase === 'issued' ? computed.totalCents : 0, byFund, paidByFund: new Map(), cancelledOn, reason: (raw.cancel_reason as string | null) ?? null });
  }
  const paymentRows: Parameters<typeof insertBillPayments>[1][number][] = [];
  for (const [i, raw] of listOf(data, 'billPayments').entries()) {
    const where = `billPayments #${i + 1} (bill payment)`;
    const bill = billByOld.get(str(raw.bill_id));
    if (!bill) throw new ValidationError(`Backup ${where}: bill_id ${str(raw.bill_id)} does not match any bill in the file`);
    const v = contractValues(tx, 'billPayments', { ...raw, bill_id: bill.doc.id, cash_account_id: mapRef(maps, 'account', raw.cash_account_id, 'cash_account_id', where) }, where);
    const cents = toCents(v.amount as number);
    const cash = (v.cash_account_id as string | null) ?? acc.cash;
    const cashFund = bankFund.get(cash);
    if (!cashFund) throw new ValidationError(`Backup ${where}: cash_account_id is not a bank account of a fund`);
    naming(where, () => {
      if (bill.cancelledOn) throw new ConflictError(`bill ${bill.doc.bill_number} is cancelled, and a bill with payments cannot be cancelled`, 'cancelled');
      assertBillPayment({ phase: bill.doc.phase, status: bill.doc.phase === 'draft' ? 'draft' : 'cancelled', bill_date: bill.doc.bill_date, balanceCents: bill.balanceCents }, cents, v.payment_date as string);
    });
    const split = naming(where, () => fundSplitOf(raw.fund_split, maps, cents, bill.byFund, bill.paidByFund));
    for (const part of split) bill.paidByFund.set(part.fund_id, (bill.paidByFund.get(part.fund_id) ?? 0) + part.cents);
    bill.balanceCents -= cents;
    bill.doc.paidCents = (bill.doc.paidCents ?? 0) + cents;
    const billPaymentId = newId();
    if (raw.id) ids.set('bill_payments', str(raw.id), billPaymentId);
    paymentRows.push({
      id: billPaymentId, bill_id: bill.doc.id!, payment_date: v.payment_date as string, amount: centsToDecimal(cents), payment_method: (v.payment_method as 'check' | undefined) ?? 'check',
      reference_number: (v.reference_number as string | null) ?? null, notes: (v.notes as string | null) ?? null, cash_account_id: cash, fund_split: split,
      check_number: (v.check_number as string | null) ?? null,
      vendor_id: bill.doc.vendor_id, bill_number: bill.doc.bill_number, cash_fund_id: cashFund,
    });
  }
  for (const [old, b] of billByOld) ids.set('bills', old, b.doc.id!);
  await insertBills(tx, [...billByOld.values()].map((b) => b.doc));
  await insertBillPayments(tx, paymentRows);
  for (const b of billByOld.values()) {
    if (b.doc.phase === 'issued' && b.cancelledOn) await replayBillCancellation(tx, b.doc.id!, b.cancelledOn, b.reason);
  }
  return { bills: billByOld.size, billLineItems: [...billByOld.values()].reduce((s, b) => s + b.doc.lines.length, 0), billPayments: paymentRows.length };
}

