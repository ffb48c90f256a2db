import { z } from 'zod';
import { US_STATES } from './portfolio.ts';
import {
  ACCOUNT_TYPES, ALL_ACCOUNT_SUBTYPES, APP_ROLES, BILL_STATUSES, FUND_KINDS, INVOICE_STATUSES, OWNER_STATUSES,
  PAYMENT_METHODS, PAYMENT_STATUSES, PERMISSION_LEVELS, PROPERTY_STATUSES, PROPERTY_TYPES,
  RELATIONSHIP_TYPES, RESIDENT_STATUSES, RESOURCE_KEYS, SYSTEM_ROLES, THEMES, VENDOR_STATUSES, VENDOR_TYPES,
} from './constants.ts';
import { ASSESSMENT_BASES, ASSESSMENT_NEEDS, MONTHS_PER_YEAR } from './budgets.ts';
import { CO_OWNER_BILLING, PAYMENT_APPLICATION_ORDERS } from './charges.ts';
import { isTimeZone } from './dates.ts';
import { BANK_ACCOUNT_TYPES, bankAccountNumber, routingNumber } from './banking.ts';
import {
  blankAsNull, decimal, enumOf, integer, isoDate, money, optDate, optEmail, optMoney, optRecordId, optText, recordId, reqText, sixDigitId,
} from './fields.ts';

export const ownerInput = z.strictObject({
  owner_id: sixDigitId('Owner ID'),
  first_name: reqText('First name'),
  last_name: reqText('Last name'),
  date_of_birth: optDate('Date of birth'),
  resident_status: enumOf('Resident status', RESIDENT_STATUSES).optional(),
  email: optEmail(),
  phone: optText(50),
  photo_url: optText(1000),
  mailing_address: optText(),
  mailing_address_2: optText(),
  city: optText(100),
  state: optText(100),
  zip_code: optText(20),
  emergency_contact_name: optText(200),
  emergency_contact_phone: optText(50),
  notes: optText(5000),
  status: enumOf('Status', OWNER_STATUSES).optional(),
});

export const propertyInput = z.strictObject({
  property_id: sixDigitId('Property ID'),
  unit_number: reqText('Unit number', 50),
  street_address: optText(),
  city: optText(100),
  state: optText(100),
  zip_code: optText(20),
  property_type: enumOf('Property type', PROPERTY_TYPES).optional(),
  square_footage: blankAsNull(integer('Square footage', 0, 10_000_000)),
  bedrooms: blankAsNull(integer('Bedrooms', 0, 1000)),
  bathrooms: blankAsNull(decimal('Bathrooms', { min: 0, max: 1000, places: 1 }).refine((n) => Number.isInteger(n * 2), 'Bathrooms must be in steps of 0.5')),
  parking_spaces: blankAsNull(integer('Parking spaces', 0, 10_000)),
  monthly_hoa_fee: optMoney('Monthly HOA fee'),
  /** The unit's percentage interest, used by the assessment calculator's percentage basis. */
  assessment_share: blankAsNull(decimal('Assessment share', { min: 0, max: 100, places: 6 })),
  status: enumOf('Status', PROPERTY_STATUSES).optional(),
  notes: optText(5000),
});

export const ownerPropertyInput = z.strictObject({
  owner_id: recordId('Owner'),
  property_id: recordId('Property'),
  ownership_percentage: decimal('Ownership percentage', { min: 0, max: 100, places: 2 }).optional(),
  relationship_type: enumOf('Relationship type', RELATIONSHIP_TYPES).optional(),
  start_date: optDate('Start date'),
  /** The last day of the ownership (set by transferOwnership on the closing date). */
  end_date: optDate('End date'),
});

/** Fields a staff member may set on a user record; name and email cannot change here. */
export const userUpdateInput = z.strictObject({
  phone: optText(50),
  photo_url: optText(1000),
  owner_id: optRecordId('Owner'),
  property_id: optRecordId('Property'),
  user_role: enumOf('Application role', APP_ROLES).nullable().optional(),
  role: enumOf('System role', SYSTEM_ROLES).optional(),
});
/** What a user may change on their own record. */
export const userSelfUpdateInput = z.strictObject({
  phone: optText(50),
  photo_url: optText(1000),
});

export const roleInput = z.strictObject({
  role_name: reqText('Role name', 100).regex(/^[a-z][a-z0-9_]*$/, 'Role name must be lower-case letters, digits and underscores'),
  display_name: reqText('Display name', 100),
  description: optText(1000),
  is_system_role: z.boolean().optional(),
});

export const privilegeInput = z.strictObject({
  role_name: reqText('Role name', 100),
  resource_name: enumOf('Resource', RESOURCE_KEYS),
  permission_level: enumOf('Permission level', PERMISSION_LEVELS),
  can_create: z.boolean().optional(),
  can_read: z.boolean().optional(),
  can_update: z.boolean().optional(),
  can_delete: z.boolean().optional(),
});

export const orgSettingsInput = z.strictObject({
  company_name: reqText('Company Name'),
  address: optText(),
  city: optText(100),
  /** Two-letter US code: the address's state, and the state whose law the community's rules follow (CA, FL; others generic). */
  state: z.string().trim().toUpperCase()
    .refine((v) => v === '' || (US_STATES as readonly string[]).includes(v), 'State must be a two-letter US state code such as CA or FL')
    .transform((v) => (v === '' ? null : v)).nullable().optional(),
  zip_code: optText(20),
  phone: optText(50),
  email: optEmail(),
  website: optText(500),
  logo_url: optText(1000),
  theme: enumOf('Theme', THEMES).nullable().optional(),
  organization_name: optText(200),
  open_registration: z.boolean().optional(),
  require_two_factor_for_staff: z.boolean().optional(),
  /** The month (1–12) the association's fiscal year starts in. */
  fiscal_year_start_month: integer('Fiscal year start month', 1, 12).optional(),
  /** The association's IANA time zone; empty: the server's. */
  time_zone: z.union([z.literal('').transform(() => null), z.string().refine(isTimeZone, 'Time zone must be an IANA time zone such as America/Chicago')]).nullable().optional(),
  run_hour: integer('Run hour', 0, 23).optional(),
  co_owner_billing: enumOf('Co-owner billing', CO_OWNER_BILLING).optional(),
  payment_application_order: enumOf('Payment application order', PAYMENT_APPLICATION_ORDERS).optional(),
  auto_apply_credits: z.boolean().optional(),
  /** Billed to the owner when an ACH debit comes back (a returned-payment fee); empty: none. */
  nsf_fee_amount: optMoney('NSF fee amount'),
  /** Days the architectural committee has to answer a request (the governing documents' period). */
  arc_response_days: integer('Architectural review response days', 1, 365).optional(),
  /** Estoppel certificate fees (preparation, rush, delinquent account) where no statute sets them; empty: none. */
  estoppel_fee: optMoney('Estoppel fee'),
  estoppel_rush_fee: optMoney('Estoppel rush fee'),
  estoppel_delinquent_fee: optMoney('Estoppel delinquent fee'),
  /** Billed to the buyer when a unit is sold; empty: none. */
  transfer_fee: optMoney('Transfer fee'),
});

export const productInput = z.strictObject({
  product_code: reqText('Product code', 50),
  description: reqText('Description', 500),
  unit_price: money('Unit price'),
  account_id: recordId('Default account'),
  /** The fund its charges belong to; Operating when none is given. */
  fund_id: optRecordId('Fund'),
  is_active: z.boolean().optional(),
  notes: optText(5000),
});

export const taxRateInput = z.strictObject({
  tax_name: reqText('Tax name', 100),
  tax_rate: decimal('Tax rate', { min: 0, max: 100, places: 4 }),
  description: optText(1000),
  is_active: z.boolean().optional(),
});

export const accountInput = z.strictObject({
  account_number: reqText('Account number', 20),
  account_name: reqText('Account name', 200),
  account_type: enumOf('Account type', ACCOUNT_TYPES),
  account_subtype: z.enum(ALL_ACCOUNT_SUBTYPES as [string, ...string[]], { error: 'Account subtype is not valid' }).nullable().optional(),
  description: optText(1000),
  is_active: z.boolean().optional(),
  /** Makes it a bank account of that fund (money is received into it and paid from it). */
  fund_id: optRecordId('Fund'),
  // balance is computed from the ledger; a sent value is ignored.
  balance: z.unknown().optional(),
});

/** Derived amounts on documents are accepted for compatibility with the spec's client and recomputed by the server. */
const ignored = z.unknown().optional();

export const invoiceInput = z.strictObject({
  invoice_number: z.string().trim().max(60).optional(),
  invoice_date: isoDate('Invoice date'),
  due_date: optDate('Due date'),
  owner_id: recordId('Owner'),
  property_id: optRecordId('Property'),
  tax_rate_id: optRecordId('Tax rate'),
  status: enumOf('Status', INVOICE_STATUSES).optional(),
  notes: optText(5000),
  payment_terms: optText(100),
  subtotal: ignored,
  tax_amount: ignored,
  total_amount: ignored,
  balance_due: ignored,
  amount_paid: ignored,
});

export const invoiceLineInput = z.strictObject({
  invoice_id: recordId('Invoice'),
  product_id: optRecordId('Product'),
  description: optText(1000),
  quantity: decimal('Quantity', { min: 0, max: 1_000_000, places: 3 }),
  unit_price: money('Price'),
  account_id: optRecordId('Account'),
  /** The fund of the charge; by default its item's fund, else Operating. */
  fund_id: optRecordId('Fund'),
  extended_price: ignored,
});

export const paymentInput = z.strictObject({
  payment_number: z.string().trim().max(60).optional(),
  payment_date: isoDate('Payment date'),
  payment_method: enumOf('Payment method', PAYMENT_METHODS).optional(),
  reference_number: optText(100),
  amount: money('Amount'),
  owner_id: recordId('Owner'),
  notes: optText(5000),
  status: enumOf('Status', PAYMENT_STATUSES).optional(),
  idempotency_key: z.string().min(8).max(100).optional(),
  /** The bank account it was deposited into; Operating Cash when none is given. */
  deposit_account_id: optRecordId('Deposit account'),
});

export const paymentInvoiceInput = z.strictObject({
  payment_id: recordId('Payment'),
  invoice_id: recordId('Invoice'),
  amount_applied: money('Amount applied'),
  /** When the application posts; by default the later of the payment date, the invoice date and today. */
  applied_date: optDate('Applied date'),
});

export const vendorInput = z.strictObject({
  vendor_name: reqText('Vendor name'),
  contact_person: optText(200),
  email: optEmail(),
  phone: optText(50),
  address: optText(),
  city: optText(100),
  state: optText(100),
  zip_code: optText(20),
  tax_id: optText(50),
  payment_terms: optText(100),
  vendor_type: enumOf('Vendor type', VENDOR_TYPES).optional(),
  status: enumOf('Status', VENDOR_STATUSES).optional(),
  notes: optText(5000),
  /** Write-only bank details for ACH credits (the account number is sealed, read back as bank_account_last4). */
  bank_routing_number: blankAsNull(routingNumber('Bank routing number')),
  bank_account_number: blankAsNull(bankAccountNumber('Bank account number')),
  bank_account_type: blankAsNull(enumOf('Bank account type', BANK_ACCOUNT_TYPES)),
});

export const billInput = z.strictObject({
  bill_number: reqText('Bill number', 60),
  vendor_id: recordId('Vendor'),
  bill_date: isoDate('Bill date'),
  due_date: optDate('Due date'),
  tax_amount: optMoney('Tax amount'),
  status: enumOf('Status', BILL_STATUSES).optional(),
  payment_terms: optText(100),
  notes: optText(5000),
  subtotal: ignored,
  total_amount: ignored,
  balance_due: ignored,
  amount_paid: ignored,
});

export const billLineInput = z.strictObject({
  bill_id: recordId('Bill'),
  description: optText(1000),
  quantity: decimal('Quantity', { min: 0, max: 1_000_000, places: 3 }),
  unit_price: money('Price'),
  account_id: optRecordId('Account'),
  /** The fund that bears the expense; Operating when none is given. */
  fund_id: optRecordId('Fund'),
  extended_price: ignored,
});

/** A payment made on a vendor bill (beyond the spec). */
export const billPaymentInput = z.strictObject({
  bill_id: recordId('Bill'),
  payment_date: isoDate('Payment date'),
  amount: money('Amount'),
  payment_method: enumOf('Payment method', PAYMENT_METHODS).optional(),
  reference_number: optText(100),
  notes: optText(5000),
  /** The bank account it was paid from; Operating Cash when none is given. */
  cash_account_id: optRecordId('Cash account'),
  /** The number of the check written (positive pay lists the checks issued). */
  check_number: blankAsNull(z.string().trim().regex(/^\d{1,10}$/, 'Check number must be 1 to 10 digits')),
});

/** A fund of the association (fund accounting). */
export const fundInput = z.strictObject({
  code: reqText('Code', 20).regex(/^[A-Z0-9_-]+$/, 'Code must be capital letters, digits, - or _'),
  name: reqText('Name', 100),
  kind: enumOf('Kind', FUND_KINDS).optional(),
  description: optText(1000),
  is_active: z.boolean().optional(),
  cash_account_id: optRecordId('Cash account'),
});

/** transferBetweenFunds: cash moved on purpose from one fund's bank account to another's. */
export const fundTransferInput = z.strictObject({
  date: isoDate('Date'),
  from_fund_id: recordId('From fund'),
  to_fund_id: recordId('To fund'),
  amount: money('Amount').refine((n) => n > 0, 'Amount must be greater than 0'),
  memo: optText(500),
});

/** One line of a manual journal entry: a debit or a credit (not both) to an account in a fund. */
export const journalLineInput = z.strictObject({
  account_id: recordId('Account'),
  fund_id: recordId('Fund'),
  debit: money('Debit').default(0),
  credit: money('Credit').default(0),
  memo: optText(500),
});

/** postJournalEntry: a manual entry, balanced within each fund. */
export const journalEntryInput = z.strictObject({
  date: isoDate('Date'),
  memo: reqText('Memo', 500),
  lines: z.array(journalLineInput).min(2, 'A journal entry needs at least two lines').max(500, 'A journal entry has at most 500 lines'),
});

/** reverseJournalEntry: undoes a manual entry (or a transfer) on a date, for a reason. */
export const reverseJournalEntryInput = z.strictObject({
  entry_id: recordId('Entry'),
  date: isoDate('Date'),
  reason: reqText('Reason', 500),
});

/** importOpeningBalances: an association's books as they stood when it moved in. */
export const openingBalancesInput = z.strictObject({
  as_of: isoDate('As of'),
  accounts: z.array(z.strictObject({ account_id: recordId('Account'), fund_id: recordId('Fund'), debit: money('Debit').default(0), credit: money('Credit').default(0) })).min(1, 'Give at least one account balance').max(2000),
  owners: z.array(z.strictObject({
    owner_id: recordId('Owner'),
    /** Positive: what the owner owes (an opening charge); negative: the owner's credit. */
    amount: decimal('Amount', { min: -999_999_999.99, max: 999_999_999.99, places: 2 }).refine((n) => n !== 0, 'Amount must not be 0'),
    memo: optText(500),
  })).max(20_000).default([]),
  vendors: z.array(z.strictObject({
    vendor_id: recordId('Vendor'),
    amount: money('Amount').refine((n) => n > 0, 'Amount must be greater than 0'),
    reference: reqText('Reference', 60),
  })).max(5_000).default([]),
});

/** bouncePayment: a returned payment, reversed on `date`, with an optional returned-payment fee billed to the owner. */
export const bouncePaymentInput = z.strictObject({
  payment_id: recordId('Payment'),
  date: isoDate('Bounce date'),
  reason: reqText('Reason', 500),
  fee_amount: money('Fee amount').optional(),
});

/** The Bounce dialog's fields as typed (the fee may be left empty). */
export const bouncePaymentForm = z.object({
  date: isoDate('Bounce date'),
  reason: reqText('Reason', 500),
  fee_amount: z.union([z.literal(''), z.string().trim().regex(/^\d+(\.\d{1,2})?$/, 'Fee amount must be an amount such as 25 or 25.00')]),
});

/** A fiscal year: the calendar year it starts in. */
const fiscalYear = (label = 'Fiscal year') => integer(label, 1900, 9999);

/** A budget of one fund for one fiscal year; its status changes only through adoptBudget and unadoptBudget. */
export const budgetInput = z.strictObject({
  name: reqText('Name', 200),
  fiscal_year: fiscalYear(),
  fund_id: recordId('Fund'),
  notes: optText(5000),
});

/** Twelve monthly amounts in fiscal-year order (decimal numbers, at most two places). */
export const monthlyAmounts = z.array(money('Monthly amount'), { error: 'Amounts must be a list of twelve amounts' }).length(MONTHS_PER_YEAR, 'Amounts must be twelve monthly amounts');

/** A budget line: one revenue or expense account with its monthly amounts. */
export const budgetLineInput = z.strictObject({
  budget_id: recordId('Budget'),
  account_id: recordId('Account'),
  amounts: monthlyAmounts,
  notes: optText(1000),
});

/** saveBudget: the header and every line, written all or nothing (the lines replace the budget's lines). */
export const saveBudgetInput = z.strictObject({
  id: recordId('Budget').optional(),
  name: reqText('Name', 200),
  fiscal_year: fiscalYear(),
  fund_id: recordId('Fund'),
  notes: optText(5000),
  lines: z.array(z.strictObject({ account_id: recordId('Account'), amounts: monthlyAmounts, notes: optText(1000) })).max(1000),
});

/** copyBudget: last year's lines of a fund (or a given budget's) into a new draft (or an empty draft) of another year. */
export const copyBudgetInput = z
  .strictObject({
    budget_id: recordId('Budget').optional(),
    from_fiscal_year: fiscalYear('From fiscal year').optional(),
    fund_id: recordId('Fund').optional(),
    to_fiscal_year: fiscalYear('To fiscal year'),
    name: reqText('Name', 200).optional(),
  })
  .refine((v) => v.budget_id || v.fund_id, { message: 'Give budget_id, or fund_id (with from_fiscal_year, by default the year before)' });

export const adoptBudgetInput = z.strictObject({ budget_id: recordId('Budget') });
export const unadoptBudgetInput = z.strictObject({ budget_id: recordId('Budget'), reason: reqText('Reason', 500) });

/** The budget-vs-actual report's query: whole fiscal months of from..to (default: the budget's fiscal year). */
export const budgetVsActualQuery = z.object({
  budget_id: recordId('budget_id'),
  from: optDate('from'),
  to: optDate('to'),
  format: z.enum(['json', 'csv']).default('json'),
});

/** The assessment calculator: an adopted budget's income need shared among the units by a basis. */
export const assessmentInput = z
  .strictObject({
    budget_id: recordId('Budget'),
    basis: enumOf('Basis', ASSESSMENT_BASES),
    need: enumOf('Income need', ASSESSMENT_NEEDS),
    /** With need revenue_accounts: the assessment account(s) whose budgeted revenue is the need. */
    account_ids: z.array(recordId('Account')).max(100).optional(),
  })
  .refine((v) => v.need !== 'revenue_accounts' || (v.account_ids?.length ?? 0) > 0, { message: 'Choose the assessment account(s) whose budgeted revenue is the income need', path: ['account_ids'] });

/** A reserve component (roof, paving, ...): what it costs to replace today and when. */
export const reserveComponentInput = z.strictObject({
  name: reqText('Name', 200),
  category: optText(100),
  useful_life_years: integer('Useful life', 1, 200),
  remaining_life_years: integer('Remaining life', 0, 200),
  current_replacement_cost: money('Current replacement cost'),
  inflation_rate: decimal('Inflation rate', { min: 0, max: 100, places: 4 }).optional(),
  notes: optText(5000),
});
export const reserveComponentCreate = reserveComponentInput.refine((v) => v.remaining_life_years <= v.useful_life_years, {
  message: 'Remaining life cannot exceed useful life',
  path: ['remaining_life_years'],
});

/** An amount as typed in the budget grid: empty means 0; at most two decimals. */
const typedAmount = z.string().trim().regex(/^(\d+(\.\d{0,2})?)?$/, 'Enter an amount such as 1200 or 1200.50');

/** The budget grid as typed: one row per account with its twelve months and an annual amount to spread. */
export const budgetGridForm = z.object({
  name: reqText('Name', 200),
  notes: z.string().max(5000),
  lines: z.array(z.object({ account_id: recordId('Account'), annual: typedAmount, amounts: z.array(typedAmount).length(MONTHS_PER_YEAR) })),
});

/** The Un-adopt dialog. */
export const unadoptBudgetForm = z.object({ reason: reqText('Reason', 500) });

/** The reserve study report's query: the planned yearly contribution (default: the adopted reserve budget's revenue) and interest. */
export const reserveStudyQuery = z.object({
  as_of: optDate('as_of'),
  contribution: z.union([z.literal(''), money('contribution')]).optional(),
  interest_rate: z.union([z.literal(''), decimal('interest_rate', { min: 0, max: 100, places: 4 })]).optional(),
  format: z.enum(['json', 'csv']).default('json'),
});

export type OwnerInput = z.infer<typeof ownerInput>;
export type PropertyInput = z.infer<typeof propertyInput>;
