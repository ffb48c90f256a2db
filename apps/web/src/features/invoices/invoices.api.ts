import { addDays } from '@covenant/contracts/documents';
import type { DatePeriod, InvoiceTab } from '@covenant/contracts/lists';
import type { User } from '@/lib/api';
import type { EntityRecord } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';
import { isAdminUser } from '@/lib/roles';

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

export type DateFilter = DatePeriod;
export const DATE_FILTERS: Array<{ value: DateFilter; label: string }> = [
  { value: 'this_month', label: 'This Month' },
  { value: 'last_month', label: 'Last Month' },
  { value: 'this_year', label: 'This Year' },
  { value: 'last_year', label: 'Last Year' },
];

export type { InvoiceTab };

export interface InvoiceListParams {
  search: string;
  dateFilter: DateFilter | null;
  propertyId: string | null;
  tab: InvoiceTab;
  page: number;
}

/** The owners a page's documents are billed to (as the server joined them), by owner record id. */
export function ownersOfRows(rows: Array<{ owner: OwnerRef | null }>): Map<string, OwnerRef> {
  return new Map(rows.flatMap((r) => (r.owner ? [[r.owner.id, r.owner] as const] : [])));
}

/** One page of invoices with the owners they are billed to: one request; the server searches, filters, sorts and pages. */
export async function fetchInvoicePage(p: InvoiceListParams) {
  const page = await fetchListPage<Invoice & { owner: OwnerRef | null }>('invoices', {
    search: p.search, tab: p.tab, period: p.dateFilter, property_id: p.propertyId, limit: PAGE_SIZE, skip: p.page * PAGE_SIZE,
  });
  return { rows: page.rows, total: page.total, owners: ownersOfRows(page.rows) };
}

export const dueDateFor = (invoiceDate: string) => addDays(invoiceDate, 15);
