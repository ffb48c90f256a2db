import { addDays } from '@covenant/contracts/documents';
import type { DatePeriod, InvoiceListSort, InvoiceTab } from '@covenant/contracts/lists';
import type { Invoice, InvoiceLine, Owner, Product, TaxRate } from '@covenant/contracts/entity-records';
import type { User } from '@/lib/api';
import type { EntityRecord } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';
import { isAdminUser } from '@/lib/roles';

export type { Invoice, InvoiceLine, Product, TaxRate };

/** An owner as a document shows it: the server's join gives the name only; a full record has the address too. */
export type OwnerRef = EntityRecord & Pick<Owner, 'id' | 'owner_id' | 'first_name' | 'last_name'> &
  Partial<Pick<Owner, 'email' | 'mailing_address' | 'city' | 'state' | 'zip_code'>>;

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
  /** The server's order (`-invoice_date`, `owner`, …). */
  sort: InvoiceListSort;
}

/** The owners a page's documents are billed to (as the server joined them), by owner record id. */
export function ownersOfRows(rows: Array<{ owner: OwnerRef | null }>): Map<string, OwnerRef> {
  return new Map(rows.flatMap((r) => (r.owner ? [[r.owner.id, r.owner] as const] : [])));
}

/** One page of invoices with the owners they are billed to: one request; the server searches, filters, sorts and pages. */
export async function fetchInvoicePage(p: InvoiceListParams) {
  const page = await fetchListPage<Invoice & { owner: OwnerRef | null }>('invoices', {
    search: p.search, tab: p.tab, period: p.dateFilter, property_id: p.propertyId, sort: p.sort, limit: PAGE_SIZE, skip: p.page * PAGE_SIZE,
  });
  return { rows: page.rows, total: page.total, owners: ownersOfRows(page.rows) };
}

export const dueDateFor = (invoiceDate: string) => addDays(invoiceDate, 15);
