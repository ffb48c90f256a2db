import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { MONEY, recordColumns } from './common.ts';
import { owners, properties } from './community.ts';
import {
  accountTypeEnum, billStatusEnum, fundKindEnum, invoiceStatusEnum, paymentMethodEnum, paymentStatusEnum, vendorStatusEnum, vendorTypeEnum,
} from './enums.ts';

const nonneg = (name: string, col: unknown) => check(name, sql`${col} >= 0`);

/**
 * A fund of the association (fund accounting): every journal line belongs to one, and every entry balances
 * within each fund. Operating and Reserve are seeded (system_key); cash_account_id is where its money is kept.
 */
export const funds = pgTable(
  'funds',
  {
    ...recordColumns(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    kind: fundKindEnum('kind').notNull().default('other'),
    is_active: boolean('is_active').notNull().default(true),
    description: text('description'),
    system_key: text('system_key'),
    cash_account_id: text('cash_account_id').references((): AnyPgColumn => chartOfAccounts.id),
  },
  (t) => [uniqueIndex('funds_code_key').on(t.code), uniqueIndex('funds_system_key').on(t.system_key)],
);

export const chartOfAccounts = pgTable(
  'chart_of_accounts',
  {
    ...recordColumns(),
    account_number: text('account_number').notNull(),
    account_name: text('account_name').notNull(),
    account_type: accountTypeEnum('account_type').notNull(),
    account_subtype: text('account_subtype'),
    description: text('description'),
    is_active: boolean('is_active').notNull().default(true),
    /** Set on the accounts the postings need ('cash', 'accounts_receivable', ...): they cannot be deleted or retyped. */
    system_key: text('system_key'),
    /** Set on a bank or cash account: the fund whose money it holds. */
    fund_id: text('fund_id').references((): AnyPgColumn => funds.id),
  },
  (t) => [
    uniqueIndex('chart_of_accounts_number_key').on(t.account_number),
    uniqueIndex('chart_of_accounts_system_key').on(t.system_key),
  ],
);

export const products = pgTable(
  'products',
  {
    ...recordColumns(),
    product_code: text('product_code').notNull(),
    description: text('description').notNull(),
    unit_price: numeric('unit_price', MONEY).notNull(),
    account_id: text('account_id').notNull().references(() => chartOfAccounts.id),
    /** The fund its charges belong to (a reserve contribution billed with the dues lands in the reserve fund). */
    fund_id: text('fund_id').notNull().references(() => funds.id),
    is_active: boolean('is_active').notNull().default(true),
    notes: text('notes'),
  },
  (t) => [uniqueIndex('products_code_key').on(t.product_code), nonneg('products_price_nonneg', t.unit_price)],
);

export const taxRates = pgTable(
  'tax_rates',
  {
    ...recordColumns(),
    tax_name: text('tax_name').notNull(),
    tax_rate: numeric('tax_rate', { precision: 7, scale: 4 }).notNull(),
    description: text('description'),
    is_active: boolean('is_active').notNull().default(true),
  },
  (t) => [check('tax_rates_range', sql`${t.tax_rate} between 0 and 100`)],
);

const deletedAt = () => timestamp('deleted_at', { withTimezone: true, mode: 'date' });

export const invoices = pgTable(
  'invoices',
  {
    ...recordColumns(),
    invoice_number: text('invoice_number').notNull(),
    invoice_date: date('invoice_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }),
    owner_id: text('owner_id').notNull().references(() => owners.id),
    property_id: text('property_id').references(() => properties.id, { onDelete: 'set null' }),
    subtotal: numeric('subtotal', MONEY).notNull().default('0'),
    tax_rate_id: text('tax_rate_id').references(() => taxRates.id),
    /** The rate (percent) the invoice was issued with: later edits of the tax rate change only new invoices. */
    tax_rate: numeric('tax_rate', { precision: 7, scale: 4 }),
    tax_amount: numeric('tax_amount', MONEY).notNull().default('0'),
    total_amount: numeric('total_amount', MONEY).notNull().default('0'),
    balance_due: numeric('balance_due', MONEY).notNull().default('0'),
    amount_paid: numeric('amount_paid', MONEY).notNull().default('0'),
    status: invoiceStatusEnum('status').notNull().default('draft'),
    notes: text('notes'),
    payment_terms: text('payment_terms').default('Net 15'),
    /** The date the cancellation's reversal was posted (none for a cancelled draft, which posted nothing), and why. */
    cancelled_date: date('cancelled_date', { mode: 'string' }),
    cancel_reason: text('cancel_reason'),
    /** Posted documents are never removed: a delete reverses the entry and hides the invoice. */
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_key').on(t.invoice_number),
    index('invoices_owner_idx').on(t.owner_id),
    // The Invoices list: newest first (and any read by date: a date-only index would repeat this one's prefix, an
    // extra index every invoice write maintains), and the property filter.
    index('invoices_date_number_idx').on(t.invoice_date, t.invoice_number),
    index('invoices_property_idx').on(t.property_id),
    index('invoices_status_idx').on(t.status),
    // The Invoices list sorted by a column (either direction; the id keeps pages apart).
    index('invoices_due_date_sort_idx').on(t.due_date, t.id),
    index('invoices_total_sort_idx').on(t.total_amount, t.id),
    index('invoices_balance_sort_idx').on(t.balance_due, t.id),
    // Runs as of an earlier date: the invoices cancelled after it (few).
    index('invoices_cancelled_date_idx').on(t.cancelled_date).where(sql`${t.cancelled_date} is not null`),
    // Open invoices only (a small part of the table): the dashboard's open and overdue counts.
    index('invoices_open_idx').on(t.due_date, t.status).where(sql`${t.balance_due} > 0 and ${t.deleted_at} is null`),
    nonneg('invoices_subtotal_nonneg', t.subtotal),
    nonneg('invoices_tax_nonneg', t.tax_amount),
    nonneg('invoices_total_nonneg', t.total_amount),
    nonneg('invoices_balance_nonneg', t.balance_due),
    nonneg('invoices_paid_nonneg', t.amount_paid),
  ],
);

export const invoiceLineItems = pgTable(
  'invoice_line_items',
  {
    ...recordColumns(),
    invoice_id: text('invoice_id').notNull().references(() => invoices.id, { onDelete: 'cascade' }),
    product_id: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    description: text('description'),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull().default('1'),
    unit_price: numeric('unit_price', MONEY).notNull().default('0'),
    extended_price: numeric('extended_price', MONEY).notNull().default('0'),
    account_id: text('account_id').references(() => chartOfAccounts.id),
    /** The fund the line was issued in (from its item, else Operating). */
    fund_id: text('fund_id').notNull().references(() => funds.id),
    line_no: integer('line_no').notNull().default(0),
  },
  (t) => [
    index('invoice_line_items_invoice_idx').on(t.invoice_id),
    nonneg('invoice_lines_qty_nonneg', t.quantity),
    nonneg('invoice_lines_price_nonneg', t.unit_price),
    nonneg('invoice_lines_ext_nonneg', t.extended_price),
  ],
);

export const payments = pgTable(
  'payments',
  {
    ...recordColumns(),
    payment_number: text('payment_number').notNull(),
    payment_date: date('payment_date', { mode: 'string' }).notNull(),
    payment_method: paymentMethodEnum('payment_method').notNull().default('check'),
    reference_number: text('reference_number'),
    amount: numeric('amount', MONEY).notNull(),
    owner_id: text('owner_id').notNull().references(() => owners.id),
    notes: text('notes'),
    status: paymentStatusEnum('status').notNull().default('cleared'),
    /** The bank account it was deposited into (a fund's cash account); its fund receives the money. */
    deposit_account_id: text('deposit_account_id').notNull().references(() => chartOfAccounts.id),
    /** A returned payment: reversed (with its applications) on this date, for this reason. */
    bounced_date: date('bounced_date', { mode: 'string' }),
    bounce_reason: text('bounce_reason'),
    idempotency_key: text('idempotency_key'),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('payments_number_key').on(t.payment_number),
    uniqueIndex('payments_idempotency_key').on(t.idempotency_key),
    index('payments_owner_idx').on(t.owner_id),
    // By date, newest first (no date-only index: it would repeat this one's prefix).
    index('payments_date_number_idx').on(t.payment_date, t.payment_number),
    // The Payments list sorted by a column (either direction; the id keeps pages apart).
    index('payments_amount_sort_idx').on(t.amount, t.id),
    index('payments_reference_sort_idx').on(t.reference_number, t.id),
    // Bank matching: the payments deposited into one account near a date.
    index('payments_deposit_account_date_idx').on(t.deposit_account_id, t.payment_date),
    nonneg('payments_amount_nonneg', t.amount),
  ],
);

export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    ...recordColumns(),
    // payment_id and invoice_id refer to their tables as foreign keys do, checked once per statement over the rows
    // it wrote (migration 0035, as the journal lines' references since 0022): a payment file writes 35,000 links.
    payment_id: text('payment_id').notNull(),
    invoice_id: text('invoice_id').notNull(),
    amount_applied: numeric('amount_applied', MONEY).notNull(),
    /** The date the application posts: the later of the payment and invoice dates (and of the day it was made). */
    applied_date: date('applied_date', { mode: 'string' }).notNull(),
    /** Set when a cancellation or a bounce reversed the application on that date; the row stays as history. */
    reversed_date: date('reversed_date', { mode: 'string' }),
    /** How the amount was split across the invoice's funds when applied: [{fund_id, cents}]. */
    fund_split: jsonb('fund_split').$type<Array<{ fund_id: string; cents: number }>>().notNull(),
    /**
     * Applied when the payment was recorded, on its date: the posting is part of the payment's own journal entry
     * (one entry per payment and the charges it paid), not an entry of its own. Its reversal is posted from the
     * application's amounts and funds (there is no entry of its own to mirror).
     */
    posted_with_payment: boolean('posted_with_payment').notNull().default(false),
  },
  (t) => [
    index('payment_invoices_payment_idx').on(t.payment_id),
    index('payment_invoices_invoice_idx').on(t.invoice_id),
    // Runs as of an earlier date: the applications posted or reversed after it.
    index('payment_invoices_applied_date_idx').on(t.applied_date),
    index('payment_invoices_reversed_date_idx').on(t.reversed_date).where(sql`${t.reversed_date} is not null`),
    check('payment_invoices_amount_pos', sql`${t.amount_applied} > 0`),
  ],
);

export const vendors = pgTable(
  'vendors',
  {
    ...recordColumns(),
    vendor_name: text('vendor_name').notNull(),
    contact_person: text('contact_person'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip_code: text('zip_code'),
    tax_id: text('tax_id'),
    payment_terms: text('payment_terms').default('Net 30'),
    vendor_type: vendorTypeEnum('vendor_type').notNull().default('contractor'),
    status: vendorStatusEnum('status').notNull().default('active'),
    notes: text('notes'),
    /** Where ACH credits pay the vendor: the account number sealed like a bank account's, read back as its last four. */
    bank_routing_number: text('bank_routing_number'),
    bank_account_number_sealed: text('bank_account_number_sealed'),
    bank_account_last4: text('bank_account_last4'),
    bank_account_type: text('bank_account_type'),
  },
  (t) => [index('vendors_name_idx').on(t.vendor_name), index('vendors_created_date_idx').on(t.created_date)],
);

export const bills = pgTable(
  'bills',
  {
    ...recordColumns(),
    bill_number: text('bill_number').notNull(),
    vendor_id: text('vendor_id').notNull().references(() => vendors.id),
    bill_date: date('bill_date', { mode: 'string' }).notNull(),
    due_date: date('due_date', { mode: 'string' }),
    subtotal: numeric('subtotal', MONEY).notNull().default('0'),
    tax_amount: numeric('tax_amount', MONEY).notNull().default('0'),
    total_amount: numeric('total_amount', MONEY).notNull().default('0'),
    balance_due: numeric('balance_due', MONEY).notNull().default('0'),
    amount_paid: numeric('amount_paid', MONEY).notNull().default('0'),
    status: billStatusEnum('status').notNull().default('pending'),
    payment_terms: text('payment_terms'),
    notes: text('notes'),
    cancelled_date: date('cancelled_date', { mode: 'string' }),
    cancel_reason: text('cancel_reason'),
    deleted_at: deletedAt(),
  },
  (t) => [
    uniqueIndex('bills_vendor_number_key').on(t.vendor_id, t.bill_number),
    index('bills_date_idx').on(t.bill_date),
    index('bills_date_created_idx').on(t.bill_date, t.created_date),
    // The Bills list sorted by a column (either direction; the id keeps pages apart).
    index('bills_number_sort_idx').on(t.bill_number, t.id),
    index('bills_due_date_sort_idx').on(t.due_date, t.id),
    index('bills_total_sort_idx').on(t.total_amount, t.id),
    index('bills_balance_sort_idx').on(t.balance_due, t.id),
    nonneg('bills_subtotal_nonneg', t.subtotal),
    nonneg('bills_tax_nonneg', t.tax_amount),
    nonneg('bills_total_nonneg', t.total_amount),
    nonneg('bills_balance_nonneg', t.balance_due),
    nonneg('bills_paid_nonneg', t.amount_paid),
  ],
);

export const billLineItems = pgTable(
  'bill_line_items',
  {
    ...recordColumns(),
    bill_id: text('bill_id').notNull().references(() => bills.id, { onDelete: 'cascade' }),
    description: text('description'),
    quantity: numeric('quantity', { precision: 12, scale: 3 }).notNull().default('1'),
    unit_price: numeric('unit_price', MONEY).notNull().default('0'),
    extended_price: numeric('extended_price', MONEY).notNull().default('0'),
    account_id: text('account_id').references(() => chartOfAccounts.id),
    /** The fund that bears the expense (a reserve replacement is paid by the reserve fund). */
    fund_id: text('fund_id').notNull().references(() => funds.id),
    line_no: integer('line_no').notNull().default(0),
  },
  (t) => [
    index('bill_line_items_bill_idx').on(t.bill_id),
    nonneg('bill_lines_qty_nonneg', t.quantity),
    nonneg('bill_lines_price_nonneg', t.unit_price),
    nonneg('bill_lines_ext_nonneg', t.extended_price),
  ],
);

/** A payment made on a vendor bill (beyond the spec): posts Dr Accounts Payable / Cr Cash. */
export const billPayments = pgTable(
  'bill_payments',
  {
    ...recordColumns(),
    bill_id: text('bill_id').notNull().references(() => bills.id),
    payment_date: date('payment_date', { mode: 'string' }).notNull(),
    amount: numeric('amount', MONEY).notNull(),
    payment_method: paymentMethodEnum('payment_method').notNull().default('check'),
    reference_number: text('reference_number'),
    /** The check's number when paid by check (positive pay lists them; bank matching finds them on the statement). */
    check_number: text('check_number'),
    notes: text('notes'),
    /** The bank account it was paid from (a fund's cash account). */
    cash_account_id: text('cash_account_id').notNull().references(() => chartOfAccounts.id),
    /** How the amount was split across the bill's funds: [{fund_id, cents}]. */
    fund_split: jsonb('fund_split').$type<Array<{ fund_id: string; cents: number }>>().notNull(),
    deleted_at: deletedAt(),
  },
  (t) => [
    index('bill_payments_bill_idx').on(t.bill_id),
    index('bill_payments_cash_account_date_idx').on(t.cash_account_id, t.payment_date),
    check('bill_payments_amount_pos', sql`${t.amount} > 0`),
  ],
);
