import { addDays } from '@covenant/contracts/documents';
import type { User } from '@/lib/api';
import { count, filter, type EntityQuery, type EntityRecord } from '@/lib/entities';
import { isAdminUser } from '@/lib/roles';
import { escapeRegex } from '@/lib/search';

export type Amount = number | string;

export interface Invoice extends EntityRecord {
  invoice_number: string;
  invoice_date: string;
  due_date: string | null;
  owner_id: string;
  property_id: string | null;
  subtotal: Amount;
  tax_rate_id: string | null;
  tax_amount: Amount;
  total_amount: Amount;
  balance_due: Amount;
  amount_paid: Amount;
  status: 'draft' | 'sent' | 'paid' | 'partial' | 'overdue' | 'cancelled';
  notes: string | null;
  payment_terms: string | null;
}

export interface InvoiceLine extends EntityRecord {
  invoice_id: string;
  product_id: string | null;
  description: string | null;
  quantity: Amount;
  unit_price: Amount;
  extended_price: Amount;
  account_id: string | null;
  fund_id?: string | null;
}

export interface OwnerRef extends EntityRecord {
  owner_id: string;
  first_name: string;
  last_name: string;
  email?: string | null;
  mailing_address?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
}

export interface Product extends EntityRecord {
  product_code: string;
  description: string;
  unit_price: Amount;
  account_id: string | null;
  fund_id?: string | null;
  is_active: boolean;
}

export interface TaxRate extends EntityRecord {
  tax_name: string;
  tax_rate: Amount;
  is_active: boolean;
}

export const PAGE_SIZE = 50;
export const OWNER_FIELDS = ['id', 'owner_id', 'first_name', 'last_name'];

export const ownerName = (o: Pick<OwnerRef, 'first_name' | 'last_name'> | undefined) =>
  o ? `${o.first_name ?? ''} ${o.last_name ?? ''}`.trim() : '';
/** The Billed To / Owner cell: the owner's name, or the signed-in owner's own name when the list is not readable. */
export function billedTo(owners: Map<string, OwnerRef> | undefined, ownerId: string, user: User): string {
  const owner = owners?.get(ownerId);
  if (owner) return ownerName(owner);
  return user.owner_id === ownerId ? (user.full_name ?? '') : '';
}
export const ownerLabel = (o: OwnerRef) => `${ownerName(o)} (#${o.owner_id})`;

/** Today as an ISO date in the browser's time zone. */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  try {
    return JSON.stringify(error);
  } catch {
    return String(error);
  }
}

/** What the user may do on a financial resource; owners (own_records) only read. */
export function privilegesOf(user: User, resource: 'invoices' | 'payments') {
  if (isAdminUser(user)) return { canCreate: true, canUpdate: true, canDelete: true };
  const p = user.userPrivileges?.find((x) => x.resource_name === resource);
  if (!p) {
    const staff = user.user_role === 'property_manager';
    return { canCreate: staff, canUpdate: staff, canDelete: staff };
  }
  // own_records users (owners) read their account only: the server keeps their documents read-only.
  const staff = p.permission_level === 'read_write';
  return { canCreate: staff && p.can_create, canUpdate: staff && p.can_update, canDelete: staff && p.can_delete };
}

/** Record ids of owners whose name or owner id matches every word of the search (at most 500). */
export async function ownerIdsMatching(search: string): Promise<string[]> {
  const words = search.trim().split(/\s+/).filter(Boolean);
  const clauses = words.map((w) => ({
    $or: ['first_name', 'last_name', 'owner_id'].map((f) => ({ [f]: { $regex: escapeRegex(w), $options: 'i' } })),
  }));
  const q = clauses.length === 1 ? clauses[0]! : { $and: clauses };
  const rows = await filter<OwnerRef>('Owner', q, undefined, 500, 0, ['id']).catch(() => []);
  return rows.map((r) => r.id);
}

export async function ownersByIds(ids: string[]): Promise<Map<string, OwnerRef>> {
  const unique = [...new Set(ids.filter(Boolean))];
  if (!unique.length) return new Map();
  // Owners signed in may not read the Owner list; their rows then fall back to their own name.
  const rows = await filter<OwnerRef>('Owner', { id: { $in: unique } }, undefined, unique.length, 0, OWNER_FIELDS).catch(() => []);
  return new Map(rows.map((r) => [r.id, r]));
}

export type DateFilter = 'this_month' | 'last_month' | 'this_year' | 'last_year';
export const DATE_FILTERS: Array<{ value: DateFilter; label: string }> = [
  { value: 'this_month', label: 'This Month' },
  { value: 'last_month', label: 'Last Month' },
  { value: 'this_year', label: 'This Year' },
  { value: 'last_year', label: 'Last Year' },
];

/** The [from, to) ISO range of a quick filter. */
export function dateRange(value: DateFilter, now = today()): { from: string; to: string } {
  const y = Number(now.slice(0, 4));
  const m = Number(now.slice(5, 7));
  const iso = (year: number, month: number) => {
    const d = new Date(Date.UTC(year, month - 1, 1));
    return d.toISOString().slice(0, 10);
  };
  switch (value) {
    case 'this_month':
      return { from: iso(y, m), to: iso(y, m + 1) };
    case 'last_month':
      return { from: iso(y, m - 1), to: iso(y, m) };
    case 'this_year':
      return { from: `${y}-01-01`, to: `${y + 1}-01-01` };
    case 'last_year':
      return { from: `${y - 1}-01-01`, to: `${y}-01-01` };
  }
}

export type InvoiceTab = 'outstanding' | 'all' | 'cancelled';

export interface InvoiceListParams {
  search: string;
  dateFilter: DateFilter | null;
  propertyId: string | null;
  tab: InvoiceTab;
  page: number;
}

/** One page of invoices with the owners they are billed to; all filtering and paging is done by the server. */
export async function fetchInvoicePage(p: InvoiceListParams) {
  const and: EntityQuery[] = [];
  if (p.tab === 'outstanding') and.push({ balance_due: { $gt: 0 } });
  else if (p.tab === 'all') and.push({ status: { $ne: 'cancelled' } });
  else and.push({ status: 'cancelled' });
  if (p.dateFilter) {
    const { from, to } = dateRange(p.dateFilter);
    and.push({ invoice_date: { $gte: from, $lt: to } });
  }
  if (p.propertyId) {
    const links = await filter<{ owner_id: string } & EntityRecord>('OwnerProperty', { property_id: p.propertyId }, undefined, 500, 0, ['id', 'owner_id']);
    and.push({ $or: [{ property_id: p.propertyId }, { owner_id: { $in: links.map((l) => l.owner_id) } }] });
  }
  const search = p.search.trim();
  if (search) {
    const ownerIds = await ownerIdsMatching(search);
    and.push({ $or: [{ invoice_number: { $regex: escapeRegex(search), $options: 'i' } }, { owner_id: { $in: ownerIds } }] });
  }
  const q: EntityQuery = and.length === 1 ? and[0]! : { $and: and };
  const [rows, total] = await Promise.all([
    filter<Invoice>('Invoice', q, '-invoice_date,-invoice_number', PAGE_SIZE, p.page * PAGE_SIZE),
    count('Invoice', q),
  ]);
  const owners = await ownersByIds(rows.map((r) => r.owner_id));
  return { rows, total, owners };
}

export const dueDateFor = (invoiceDate: string) => addDays(invoiceDate, 15);
