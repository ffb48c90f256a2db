import { z } from 'zod';

/** Rows a list page may ask for at once; screens ask for 48–100. */
export const LIST_MAX_LIMIT = 500;
export const LIST_DEFAULT_LIMIT = 50;

const search = z.string().max(200, 'Search must be at most 200 characters').optional();
const limit = z.coerce
  .number({ error: 'limit must be a number' })
  .int('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(LIST_MAX_LIMIT, `limit must be at most ${LIST_MAX_LIMIT}`)
  .default(LIST_DEFAULT_LIMIT);
const skip = z.coerce.number({ error: 'skip must be a number' }).int('skip must be a whole number').min(0, 'skip must not be negative').default(0);
const paging = { search, limit, skip };
const id = z.string().regex(/^[0-9a-f]{24}$/, 'must be a record id');

/** A list's `sort` value: a key, or the key after `-` for the reverse order (`-invoice_date`), as the entity API writes it. */
export type ListSort<K extends string> = K | `-${K}`;

/** The `sort` parameter of a list whose every key sorts both ways; an unknown value is a 400 naming the keys. */
export function listSortParam<const K extends string>(keys: readonly [K, ...K[]], fallback: ListSort<K>) {
  const values = keys.flatMap((k) => [k, `-${k}`]) as [string, ...string[]];
  const sort = z.enum(values, { error: `sort must be one of ${keys.join(', ')}, or one of them after - for the reverse order` });
  return (sort as unknown as z.ZodType<ListSort<K>, ListSort<K>>).default(fallback);
}

/** A `sort` value's key and direction. */
export function parseListSort<K extends string>(value: ListSort<K>): { key: K; descending: boolean } {
  return value.startsWith('-') ? { key: value.slice(1) as K, descending: true } : { key: value as K, descending: false };
}

export const ownerListSorts = ['last_name', 'unit'] as const;
export const propertyListSorts = ['unit', 'owner'] as const;
export const invoiceTabs = ['outstanding', 'all', 'cancelled'] as const;
export const datePeriods = ['this_month', 'last_month', 'this_year', 'last_year'] as const;
/** The columns of the Invoices, Payments and Bills screens the server sorts by (a row's field, or `owner` for the owner's name). */
export const invoiceListSorts = ['invoice_number', 'invoice_date', 'due_date', 'owner', 'total_amount', 'balance_due', 'status'] as const;
export const paymentListSorts = ['payment_date', 'owner', 'payment_method', 'reference_number', 'amount'] as const;
export const billListSorts = ['bill_number', 'vendor_name', 'bill_date', 'due_date', 'total_amount', 'balance_due', 'status'] as const;
export type OwnerListSort = (typeof ownerListSorts)[number];
export type PropertyListSort = (typeof propertyListSorts)[number];
export type InvoiceTab = (typeof invoiceTabs)[number];
export type InvoiceListSort = ListSort<(typeof invoiceListSorts)[number]>;
export type PaymentListSort = ListSort<(typeof paymentListSorts)[number]>;
export type BillListSort = ListSort<(typeof billListSorts)[number]>;
export type DatePeriod = (typeof datePeriods)[number];

/** GET /lists/owners: every word of `search` in the first name, last name or email; by last name or by lowest unit. */
export const ownerListQuery = z.object({ ...paging, sort: z.enum(ownerListSorts, { error: 'sort must be last_name or unit' }).default('last_name') });
/** GET /lists/properties: every word of `search` in the unit number or street address; by unit (natural order) or owner last name. */
export const propertyListQuery = z.object({ ...paging, sort: z.enum(propertyListSorts, { error: 'sort must be unit or owner' }).default('unit') });
/**
 * GET /lists/invoices: `search` in the number, or every word in the owner's name or owner id; the Invoices tabs and
 * filters; `sort` by a column (default `-invoice_date`, newest first).
 */
export const invoiceListQuery = z.object({
  ...paging,
  sort: listSortParam(invoiceListSorts, '-invoice_date'),
  tab: z.enum(invoiceTabs, { error: 'tab must be outstanding, all or cancelled' }).default('all'),
  period: z.enum(datePeriods, { error: 'period must be this_month, last_month, this_year or last_year' }).optional(),
  property_id: id.optional(),
});
/** GET /lists/payments: `search` in the reference, or every word in the owner's name or owner id; `sort` by a column (default newest first). */
export const paymentListQuery = z.object({ ...paging, sort: listSortParam(paymentListSorts, '-payment_date') });
/** GET /lists/bills: `search` in the bill number or vendor name; `sort` by a column (default newest bill date first). */
export const billListQuery = z.object({ ...paging, sort: listSortParam(billListSorts, '-bill_date') });
/** GET /lists/vendors, /lists/users: `search` in the vendor name or contact, user name or email. */
export const vendorListQuery = z.object(paging);
export const userListQuery = z.object(paging);
export type OwnerListQuery = z.input<typeof ownerListQuery>;
export type PropertyListQuery = z.input<typeof propertyListQuery>;
export type InvoiceListQuery = z.input<typeof invoiceListQuery>;
export type PaymentListQuery = z.input<typeof paymentListQuery>;
export type BillListQuery = z.input<typeof billListQuery>;
export type PagingQuery = z.input<typeof vendorListQuery>;

const nullableText = z.string().nullable();
const amount = z.number();
const record = { id: z.string(), created_date: z.string(), updated_date: z.string(), created_by: nullableText };
// Rows are loose objects: a field a later migration adds to an entity reaches the screens (and their edit dialogs) unchanged.

/** A unit chip on an owner's card. */
export const unitChipSchema = z.object({ id: z.string(), unit_number: z.string() });
/** An owner shown on a unit's card, with their assignment. */
export const assignedOwnerSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  photo_url: nullableText,
  link: z.object({ id: z.string(), owner_id: z.string(), property_id: z.string(), ownership_percentage: amount, relationship_type: z.string(), start_date: z.string() }),
});
/** The name of the owner a document belongs to; null when the caller may not read that owner. */
export const ownerNameSchema = z.object({ id: z.string(), owner_id: z.string(), first_name: z.string(), last_name: z.string() }).nullable();

export const ownerRowSchema = z.looseObject({
  ...record,
  owner_id: z.string(), first_name: z.string(), last_name: z.string(), date_of_birth: nullableText, resident_status: z.string(),
  email: nullableText, phone: nullableText, photo_url: nullableText, mailing_address: nullableText, mailing_address_2: nullableText,
  city: nullableText, state: nullableText, zip_code: nullableText, emergency_contact_name: nullableText, emergency_contact_phone: nullableText,
  notes: nullableText, status: z.string(),
  units: z.array(unitChipSchema),
  /** The stage of the owner's open collections case (staff who read every account; null otherwise). */
  collection_stage: nullableText,
  /** Whether the owner has a portal sign-in (a verified user linked to them) or an invitation not yet completed (staff who read users; null otherwise). */
  portal: z.enum(['signed_up', 'invited']).nullable(),
});
export const propertyRowSchema = z.looseObject({
  ...record,
  property_id: z.string(), unit_number: z.string(), street_address: nullableText, city: nullableText, state: nullableText, zip_code: nullableText,
  property_type: z.string(), square_footage: z.number().nullable(), bedrooms: z.number().nullable(), bathrooms: z.number().nullable(),
  parking_spaces: z.number().nullable(), monthly_hoa_fee: z.number().nullable(), assessment_share: z.number().nullable(), status: z.string(), notes: nullableText,
  owners: z.array(assignedOwnerSchema),
});
export const invoiceRowSchema = z.looseObject({
  ...record,
  invoice_number: z.string(), invoice_date: z.string(), due_date: nullableText, owner_id: z.string(), property_id: nullableText,
  subtotal: amount, tax_rate_id: nullableText, tax_rate: z.number().nullable(), tax_amount: amount, total_amount: amount, balance_due: amount, amount_paid: amount,
  status: z.string(), notes: nullableText, payment_terms: nullableText, cancelled_date: nullableText, cancel_reason: nullableText,
  owner: ownerNameSchema,
});
export const paymentRowSchema = z.looseObject({
  ...record,
  payment_number: z.string(), payment_date: z.string(), payment_method: z.string(), reference_number: nullableText, amount, owner_id: z.string(),
  notes: nullableText, status: z.string(), deposit_account_id: z.string(), bounced_date: nullableText, bounce_reason: nullableText,
  owner: ownerNameSchema,
});
export const billRowSchema = z.looseObject({
  ...record,
  bill_number: z.string(), vendor_id: z.string(), bill_date: z.string(), due_date: nullableText, subtotal: amount, tax_amount: amount,
  total_amount: amount, balance_due: amount, amount_paid: amount, status: z.string(), payment_terms: nullableText, notes: nullableText,
  cancelled_date: nullableText, cancel_reason: nullableText,
  /** Null when the caller may not read vendors. */
  vendor_name: nullableText,
});
export const vendorRowSchema = z.looseObject({
  ...record,
  vendor_name: z.string(), contact_person: nullableText, email: nullableText, phone: nullableText, address: nullableText, city: nullableText,
  state: nullableText, zip_code: nullableText, tax_id: nullableText, payment_terms: nullableText, vendor_type: z.string(), status: z.string(), notes: nullableText,
});
export const userRowSchema = z.looseObject({
  ...record,
  full_name: z.string(), email: z.string(), email_verified: z.boolean(), phone: nullableText, photo_url: nullableText, owner_id: nullableText,
  property_id: nullableText, user_role: nullableText, role: z.string(), two_factor_enabled: z.boolean(),
  /** The linked owner and unit, when the caller may read them. */
  owner: z.object({ id: z.string(), first_name: z.string(), last_name: z.string(), photo_url: nullableText }).nullable(),
  property: z.object({ id: z.string(), unit_number: z.string(), street_address: nullableText }).nullable(),
});

/** One page of a list and how many rows match in all. */
export function listPageSchema<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), total: z.number().int() });
}
export const ownerListPage = listPageSchema(ownerRowSchema);
export const propertyListPage = listPageSchema(propertyRowSchema);
export const invoiceListPage = listPageSchema(invoiceRowSchema);
export const paymentListPage = listPageSchema(paymentRowSchema);
export const billListPage = listPageSchema(billRowSchema);
export const vendorListPage = listPageSchema(vendorRowSchema);
export const userListPage = listPageSchema(userRowSchema);
export type OwnerRow = z.infer<typeof ownerRowSchema>;
export type PropertyRow = z.infer<typeof propertyRowSchema>;
export type InvoiceRow = z.infer<typeof invoiceRowSchema>;
export type PaymentRow = z.infer<typeof paymentRowSchema>;
export type BillRow = z.infer<typeof billRowSchema>;
export type VendorRow = z.infer<typeof vendorRowSchema>;
export type UserRow = z.infer<typeof userRowSchema>;
export type UnitChip = z.infer<typeof unitChipSchema>;
export type AssignedOwner = z.infer<typeof assignedOwnerSchema>;
export interface ListPage<T> {
  rows: T[];
  total: number;
}

/** The [from, to) dates of a quick date filter, around today (YYYY-MM-DD). */
export function periodRange(period: DatePeriod, today: string): { from: string; to: string } {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  const first = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
  switch (period) {
    case 'this_month':
      return { from: first(y, m), to: first(y, m + 1) };
    case 'last_month':
      return { from: first(y, m - 1), to: first(y, m) };
    case 'this_year':
      return { from: `${y}-01-01`, to: `${y + 1}-01-01` };
    case 'last_year':
      return { from: `${y - 1}-01-01`, to: `${y}-01-01` };
  }
}
