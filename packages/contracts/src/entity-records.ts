import type { z } from 'zod';
import type { BILL_STATUSES, FUND_KINDS, INVOICE_STATUSES } from './constants.ts';
import type {
  accountInput, billInput, billLineInput, billPaymentInput, fundInput, invoiceInput, invoiceLineInput, ownerInput, ownerPropertyInput,
  paymentInput, privilegeInput, productInput, propertyInput, roleInput, taxRateInput, vendorInput,
} from './entities.ts';
import type { EntityRecord } from './records.ts';

type OptionalKeys<T> = { [K in keyof T]-?: undefined extends T[K] ? K : never }[keyof T];

/**
 * An entity's record as the API answers it, derived from the schema a caller writes it with: the fields every record
 * carries, each required input field as it parses, each optional one as stored (a blank reads back as null), minus
 * the fields the server ignores on input (`Omit`), with those the server fills on every record made non-null
 * (`Filled`: defaulted enums and flags), and the fields it computes (`Extra`).
 */
export type RecordOf<S extends z.ZodType, Extra extends object = object, Filled extends keyof z.output<S> = never, Ignored extends keyof z.output<S> = never> = EntityRecord &
  { [K in Exclude<keyof z.output<S>, OptionalKeys<z.output<S>> | Ignored>]: z.output<S>[K] } &
  { [K in Exclude<OptionalKeys<z.output<S>>, Filled | Ignored>]: Exclude<z.output<S>[K], undefined> | null } &
  { [K in Filled]-?: Exclude<z.output<S>[K], undefined | null> } &
  Extra;

/** Amounts the server computes on an invoice or a bill (numbers on the wire). */
interface DocumentAmounts {
  subtotal: number;
  tax_amount: number;
  total_amount: number;
  amount_paid: number;
  balance_due: number;
}

export type Owner = RecordOf<typeof ownerInput, object, 'resident_status' | 'status'>;
export type Property = RecordOf<typeof propertyInput, object, 'property_type' | 'status'>;
export type OwnerProperty = RecordOf<typeof ownerPropertyInput, object, 'ownership_percentage' | 'relationship_type' | 'start_date'>;
export type TaxRate = RecordOf<typeof taxRateInput, object, 'is_active'>;
export type Product = RecordOf<typeof productInput, object, 'is_active'>;
export type Account = RecordOf<typeof accountInput, { balance: number | null; system_key: string | null }, 'is_active', 'balance'>;
export type Vendor = RecordOf<typeof vendorInput, object, 'vendor_type' | 'status'>;
export type Fund = RecordOf<typeof fundInput, { kind: (typeof FUND_KINDS)[number]; system_key: string | null }, 'is_active', 'kind'>;
export type Invoice = RecordOf<
  typeof invoiceInput,
  DocumentAmounts & { status: (typeof INVOICE_STATUSES)[number]; cancelled_date?: string | null; cancel_reason?: string | null },
  'invoice_number',
  'subtotal' | 'tax_amount' | 'total_amount' | 'balance_due' | 'amount_paid' | 'status'
>;
export type InvoiceLine = RecordOf<typeof invoiceLineInput, { extended_price: number }, never, 'extended_price'>;
export type Payment = RecordOf<typeof paymentInput, { bounced_date?: string | null; bounce_reason?: string | null }, 'payment_number' | 'payment_method' | 'status', 'idempotency_key'>;
export type Bill = RecordOf<
  typeof billInput,
  DocumentAmounts & { status: (typeof BILL_STATUSES)[number] },
  never,
  'subtotal' | 'tax_amount' | 'total_amount' | 'balance_due' | 'amount_paid' | 'status'
>;
export type BillLine = RecordOf<typeof billLineInput, { extended_price: number }, never, 'extended_price'>;
export type BillPayment = RecordOf<typeof billPaymentInput>;
export type Role = RecordOf<typeof roleInput, object, 'is_system_role'>;
export type Privilege = RecordOf<typeof privilegeInput, object, 'can_create' | 'can_read' | 'can_update' | 'can_delete'>;
