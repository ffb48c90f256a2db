import { z } from 'zod';
import { achBatchAnswer, achReturnsAnswer, createAchCreditBatchInput, createAchDebitBatchInput, importAchReturnsInput } from './ach.ts';
import { inviteOwnersInput, inviteOwnersResultSchema } from './auth.ts';
import {
  bankLineWithMatchesSchema, completeReconciliationInput, excludeBankLineInput, matchBankLineInput, matchBankLinesAnswer, matchBankLinesInput,
  reconciliationViewSchema, setClearedInput, startReconciliationInput, unmatchBankLineInput, voidReconciliationInput,
} from './banking.ts';
import { chargeRunInput, waiveLateFeeInput } from './charges.ts';
import { collectionLetterIdsInput, LETTER_STATUSES, runCollectionsInput } from './collections.ts';
import { BILL_STATUSES, INVOICE_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES } from './constants.ts';
import {
  adoptBudgetInput, assessmentInput, billInput, billLineInput, bouncePaymentInput, copyBudgetInput, fundTransferInput, invoiceInput, invoiceLineInput,
  journalEntryInput, openingBalancesInput, reverseJournalEntryInput, saveBudgetInput, unadoptBudgetInput,
} from './entities.ts';
import { isoDate, money, optDate, optRecordId, optText, recordId } from './fields.ts';
import { journalEntryRowSchema } from './ledger.ts';
import { mailJobSchema } from './mailings.ts';
import { approvedMinutesAnswer, approveMinutesInput, meetingIdInput, meetingNoticeAnswer, motionSchema, recordMotionInput } from './meetings.ts';
import {
  decideHearingAnswer, decideHearingInput, hearingSchema, recordViolationInput, requestHearingInput, scheduleHearingInput, sendViolationNoticeInput, violationNoticeSchema, violationSchema,
} from './violations.ts';
import { assignProxyInput, ballotInput, ballotReceiptSchema, proxySchema, revokeProxyInput, voteIdInput, voteRecordSchema } from './votes.ts';
import {
  appealArchitecturalRequestInput, architecturalDecisionSchema, architecturalRequestViewSchema, decideArchitecturalRequestInput, submitArchitecturalRequestInput,
  withdrawArchitecturalRequestInput,
} from './architectural-requests.ts';
import {
  addWorkOrderCommentInput, assignWorkOrderVendorInput, linkWorkOrderBillInput, setWorkOrderStatusInput, submitWorkOrderInput, workOrderDetailSchema,
} from './work-orders.ts';
import { estoppelRequestIdInput, estoppelRequestSchema, transferOwnershipAnswer, transferOwnershipInput } from './estoppel.ts';

// The function registry: every named function the server serves at POST /api/apps/{appId}/functions/{name}, with
// the schema of its named parameters, the schema of its answer and who may call it. The server's handlers, its
// OpenAPI operations and the web's typed client are all built from this one table.

// --- Inputs that only a function takes ---------------------------------------------------------------------

/** saveInvoice: an invoice with its lines (a new one without id); amounts are derived by the server. */
export const saveInvoiceInput = invoiceInput
  .omit({ subtotal: true, tax_amount: true, total_amount: true, balance_due: true, amount_paid: true })
  .extend({
    id: recordId('id').optional(),
    status: z.enum(['draft', 'sent'], { error: 'status must be draft or sent' }),
    lines: z.array(invoiceLineInput.omit({ invoice_id: true, extended_price: true })).max(200, 'An invoice has at most 200 lines'),
  });

/** cancelInvoice and cancelBill: the document, the cancellation date (default today) and why. */
export const cancelDocumentInput = z.strictObject({ id: recordId('id'), date: isoDate('Cancellation date').optional(), reason: optText(500) });

/** saveBill: a bill with its lines (a new one without id); amounts are derived by the server. */
export const saveBillInput = billInput
  .omit({ subtotal: true, total_amount: true, balance_due: true, amount_paid: true })
  .extend({
    id: recordId('id').optional(),
    status: z.enum(['draft', 'pending'], { error: 'status must be draft or pending' }).default('pending'),
    lines: z
      .array(billLineInput.omit({ bill_id: true, extended_price: true, account_id: true }).extend({ account_id: recordId('Expense account') }))
      .max(200, 'A bill has at most 200 lines'),
  });

/** runMonthlyBilling: one invoice per unit with a monthly fee, dated invoice_date. */
export const monthlyBillingInput = z.object({
  invoice_date: isoDate('Invoice date'),
  product_id: optRecordId('Product'),
  description: optText(500),
  status: z.enum(['draft', 'sent']).default('sent'),
});

/** recordPayment: an owner's payment, applied to the chosen invoices (or the open charges in the organization's order). */
export const recordPaymentInput = z.object({
  owner_id: recordId('Owner'),
  amount: money('Amount'),
  payment_date: isoDate('Payment date'),
  payment_method: z.enum(PAYMENT_METHODS).optional(),
  reference_number: optText(100),
  notes: optText(5000),
  /** Absent: the owner's open charges in the organization's application order; [] keeps it all as credit. */
  invoice_ids: z.array(recordId('Invoice')).max(500).optional(),
  idempotency_key: z.string().min(8).max(100).optional(),
  deposit_account_id: recordId('Deposit account').optional(),
});

/** applyCredit: an owner's unapplied credit applied to an invoice. */
export const applyCreditInput = z.strictObject({
  payment_id: recordId('Payment'),
  invoice_id: recordId('Invoice'),
  amount: money('Amount'),
  applied_date: optDate('Applied date'),
});

/** importOpeningBalances: the opening books, or with dry_run (true or "true") only their tie-out. */
export const importOpeningBalancesInput = openingBalancesInput.extend({ dry_run: z.union([z.boolean(), z.string()]).optional() });

export const closePeriodInput = z.strictObject({ through: isoDate('Through') });
export const reopenPeriodInput = z.strictObject({
  through: isoDate('Through').nullable(),
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500),
});
export const closeYearInput = z.strictObject({ fiscal_year_end: isoDate('Fiscal year end') });

/** The most invoices one emailInvoices call sends. */
export const MAX_INVOICES_PER_CALL = 500;
export const emailInvoicesInput = z.strictObject({
  invoice_ids: z.array(recordId('invoice_ids')).min(1, 'Select at least one invoice').max(MAX_INVOICES_PER_CALL, `At most ${MAX_INVOICES_PER_CALL} invoices at a time`),
});
export const emailStatementsInput = z.strictObject({
  owner_ids: z.array(recordId('owner_ids')).min(1, 'owner_ids: give at least one owner, or leave it out for every active owner').max(20_000).optional(),
  from: isoDate('from'),
  to: isoDate('to'),
});

/** restoreBackup: the backup file, as an object or as its JSON text; the restore checks its format and names what is wrong. */
export const restoreBackupInput = z.object({
  backup: z.unknown().optional().describe('The backup: the object createBackup answered ({timestamp, version, data, schemas}), or its JSON text'),
});

/** A function without parameters: any other key is ignored. */
export const noInput = z.object({});

// --- Answers -------------------------------------------------------------------------------------------

/** An invoice record as GET /entities/Invoice/{id} shows it (other fields pass through). */
export const invoiceRecordSchema = z.looseObject({
  id: z.string(),
  invoice_number: z.string(),
  owner_id: z.string(),
  invoice_date: z.string(),
  status: z.enum(INVOICE_STATUSES),
  total_amount: z.number(),
  amount_paid: z.number(),
  balance_due: z.number(),
});
export const invoiceLineRecordSchema = z.looseObject({ id: z.string(), invoice_id: z.string(), extended_price: z.number() });
/** saveInvoice, cancelInvoice, waiveLateFee: the invoice with its lines. */
export const invoiceWithLinesSchema = invoiceRecordSchema.extend({ lines: z.array(invoiceLineRecordSchema) });

export const billRecordSchema = z.looseObject({
  id: z.string(),
  bill_number: z.string(),
  vendor_id: z.string(),
  bill_date: z.string(),
  status: z.enum(BILL_STATUSES),
  total_amount: z.number(),
  amount_paid: z.number(),
  balance_due: z.number(),
});
export const billLineRecordSchema = z.looseObject({ id: z.string(), bill_id: z.string(), extended_price: z.number() });
/** saveBill, cancelBill: the bill with its lines. */
export const billWithLinesSchema = billRecordSchema.extend({ lines: z.array(billLineRecordSchema) });

export const paymentRecordSchema = z.looseObject({
  id: z.string(),
  payment_number: z.string(),
  owner_id: z.string(),
  payment_date: z.string(),
  amount: z.number(),
  status: z.enum(PAYMENT_STATUSES),
});
/** A payment's application to an invoice (PaymentInvoice). */
export const paymentApplicationSchema = z.looseObject({
  id: z.string(),
  payment_id: z.string(),
  invoice_id: z.string(),
  amount_applied: z.number(),
  applied_date: z.string(),
});
/** recordPayment: the payment, its applications in force and what is left unapplied. */
export const paymentWithApplicationsSchema = z.object({
  payment: paymentRecordSchema,
  applications: z.array(paymentApplicationSchema),
  unapplied: z.number(),
});
/** bouncePayment: the same, with the returned-payment fee's invoice (null without a fee). */
export const bouncedPaymentSchema = paymentWithApplicationsSchema.extend({ fee_invoice: invoiceRecordSchema.nullable() });

/** transferBetweenFunds. */
export const fundTransferSchema = z.object({
  id: z.string(),
  entry_id: z.string(),
  date: z.string(),
  from_fund_id: z.string(),
  to_fund_id: z.string(),
  amount: z.number(),
});

const openingTieOut = {
  as_of: z.string(),
  receivables: z.number(),
  owner_charges: z.number(),
  owner_prepayments: z.number(),
  owner_credits: z.number(),
  payables: z.number(),
  vendors: z.number(),
  funds_balanced: z.boolean(),
  ties_out: z.boolean(),
  problems: z.array(z.string()),
};
/** importOpeningBalances: the tie-out alone (dry run), or the tie-out with what was written. */
export const openingBalancesAnswer = z.union([
  z.object({ ...openingTieOut, dry_run: z.literal(true) }),
  z.object({ ...openingTieOut, entry_id: z.string().nullable(), charges: z.number().int(), credits: z.number().int(), bills: z.number().int() }),
]);

export const periodClosedSchema = z.object({ closed_through: z.string(), previous: z.string().nullable() });
export const periodReopenedSchema = z.object({ closed_through: z.string().nullable(), previous: z.string(), reason: z.string() });
export const yearClosedSchema = z.object({ closed_through: z.string(), entry_id: z.string().nullable(), net_income_closed: z.number() });

/** A budget record with its lines (saveBudget, copyBudget, adoptBudget, unadoptBudget). */
export const budgetWithLinesSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  fiscal_year: z.number().int(),
  fund_id: z.string(),
  status: z.enum(['draft', 'adopted']),
  lines: z.array(z.looseObject({ id: z.string(), budget_id: z.string(), account_id: z.string(), amounts: z.array(z.number()) })),
});

/** previewAssessment: the income need shared among every unit. */
export const assessmentPreviewSchema = z.object({
  budget: z.object({ id: z.string(), name: z.string(), fiscal_year: z.number().int(), fund_id: z.string() }),
  basis: z.string(),
  need: z.string(),
  account_ids: z.array(z.string()),
  assessment_revenue: z.number(),
  budgeted_expenses: z.number(),
  other_income: z.number(),
  annual_need: z.number(),
  monthly_need: z.number(),
  annual_billed: z.number(),
  share_total: z.number(),
  units: z.array(z.object({
    id: z.string(),
    property_id: z.string(),
    unit_number: z.string(),
    square_footage: z.number().nullable(),
    assessment_share: z.number().nullable(),
    current_fee: z.number().nullable(),
    monthly_fee: z.number(),
    annual_fee: z.number(),
  })),
  total_monthly: z.number(),
});
/** applyAssessment: the preview and how many units' fees changed. */
export const assessmentAppliedSchema = assessmentPreviewSchema.extend({ changed: z.number().int() });

export const monthlyBillingAnswer = z.object({ created: z.number().int(), total: z.number(), invoice_date: z.string() });

/** runAssessments and runLateFees: the charges of the run (a dry run writes nothing: run_id and invoice_id null). */
export const chargeRunAnswer = z.object({
  count: z.number().int(),
  total: z.number(),
  as_of: z.string(),
  dry_run: z.boolean(),
  run_id: z.string().nullable(),
  items: z.array(z.object({
    kind: z.enum(['assessment', 'late_fee', 'interest']),
    source_id: z.string(),
    source_name: z.string(),
    owner_id: z.string(),
    owner_number: z.string(),
    owner_name: z.string(),
    property_id: z.string().nullable(),
    unit_number: z.string().nullable(),
    period: z.string(),
    invoice_date: z.string(),
    due_date: z.string(),
    amount: z.number(),
    description: z.string(),
    charged_invoice_number: z.string().nullable(),
    invoice_id: z.string().nullable(),
  })),
});

/** runCollections: each delinquent owner's step (letter_id, status and fee_invoice_id null in a dry run). */
export const collectionsRunAnswer = z.object({
  count: z.number().int(),
  total: z.number(),
  closed: z.number().int(),
  as_of: z.string(),
  dry_run: z.boolean(),
  run_id: z.string().nullable(),
  items: z.array(z.object({
    owner_id: z.string(),
    owner_number: z.string(),
    owner_name: z.string(),
    units: z.string(),
    stage_id: z.string(),
    stage_name: z.string(),
    days_past_due: z.number().int(),
    past_due_balance: z.number(),
    fee_amount: z.number(),
    requires_approval: z.boolean(),
    subject: z.string(),
    letter_id: z.string().nullable(),
    status: z.enum(LETTER_STATUSES).nullable(),
    fee_invoice_id: z.string().nullable(),
  })),
});

/** emailInvoices: how many were sent, and which were skipped and why. */
export const emailInvoicesAnswer = z.object({ sent: z.number().int(), skipped: z.array(z.object({ id: z.string(), reason: z.string() })) });


/** createBackup: the association's JSON backup. */
export const backupFileSchema = z.object({
  timestamp: z.string(),
  version: z.string(),
  data: z.record(z.string(), z.array(z.looseObject({}))),
  schemas: z.record(z.string(), z.looseObject({})),
});
export const backupRestoredSchema = z.object({ success: z.literal(true), restored: z.record(z.string(), z.number().int()) });

/** initializeDefaultRoles and initializePrivileges: how many roles and privileges were written. */
export const defaultRolesWrittenSchema = z.object({ success: z.literal(true), roles: z.number().int(), privileges: z.number().int() });

// --- The registry ----------------------------------------------------------------------------------------

/** One named function: its parameters, its answer and who may call it (in words, as the API docs show it). */
export interface FunctionContract<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  access: string;
}

const fn = <I extends z.ZodType, O extends z.ZodType>(input: I, output: O, access: string): FunctionContract<I, O> => ({ input, output, access });

const INVOICES_WRITE = 'invoices read_write (administrators, property managers); the invoice is fetched through the caller\'s scope';
const BILLS_WRITE = 'bills read_write (administrators, property managers)';
const PAYMENTS_WRITE = 'payments read_write (administrators, property managers); every id is fetched through the caller\'s scope';
const RUNS = 'invoices read_write (administrators, property managers)';
const BOOKS = 'chart of accounts read_write (administrators, property managers)';
const ADMINS = 'administrators only (audited)';
const BUDGETS = 'chart of accounts read_write (administrators, property managers)';
const SENDERS = 'invoices read_write (administrators, property managers); each id is fetched through the caller\'s scope';
const RESET_ROLES = 'role management write (administrators); rewrites every privilege to the defaults';
const ACH_DEBITS = 'payments read_write (administrators, property managers); the bank account is read through the caller\'s scope';
const ACH_CREDITS = 'bills read_write (administrators, property managers); the bank account and every bill are read through the caller\'s scope';
const BANK_BOOKS = 'chart_of_accounts update (administrators and property managers by default); the bank account, line or reconciliation is fetched through the caller\'s scope';
const COLLECTIONS = 'invoices read_write (administrators, property managers)';
const VIOLATIONS_STAFF = 'violations read_write (administrators, property managers); the violation is fetched through the caller\'s scope';
const WORK_ORDERS = 'work_orders read_write (administrators, property managers); the work order and every id are fetched through the caller\'s scope';

/** Every function of the server by name. */
export const functionContracts = {
  saveInvoice: fn(saveInvoiceInput, invoiceWithLinesSchema, INVOICES_WRITE),
  cancelInvoice: fn(cancelDocumentInput, invoiceWithLinesSchema, INVOICES_WRITE),
  recordPayment: fn(recordPaymentInput, paymentWithApplicationsSchema, PAYMENTS_WRITE),
  bouncePayment: fn(bouncePaymentInput, bouncedPaymentSchema, PAYMENTS_WRITE),
  applyCredit: fn(applyCreditInput, paymentApplicationSchema, PAYMENTS_WRITE),
  saveBill: fn(saveBillInput, billWithLinesSchema, BILLS_WRITE),
  cancelBill: fn(cancelDocumentInput, billWithLinesSchema, BILLS_WRITE),
  runMonthlyBilling: fn(monthlyBillingInput, monthlyBillingAnswer, 'invoices read_write (administrators, property managers)'),
  runAssessments: fn(chargeRunInput, chargeRunAnswer, RUNS),
  runLateFees: fn(chargeRunInput, chargeRunAnswer, RUNS),
  waiveLateFee: fn(waiveLateFeeInput, invoiceWithLinesSchema, 'invoices read_write; the fee invoice through the caller\'s scope'),
  openVote: fn(voteIdInput, voteRecordSchema.extend({ electorate: z.number().int(), eligible: z.number().int(), genesis_hash: z.string() }), 'votes read_write (administrators, property managers)'),
  closeVote: fn(voteIdInput, voteRecordSchema, 'votes read_write (administrators, property managers)'),
  castBallot: fn(ballotInput, ballotReceiptSchema, 'votes read; an owner of the unit, or the holder of its proxy (another unit is a 404)'),
  recordPaperBallot: fn(ballotInput, ballotReceiptSchema, 'votes read; the vote\'s inspector of elections only'),
  assignProxy: fn(assignProxyInput, proxySchema, 'votes read; an owner of the unit, or staff recording a signed proxy'),
  revokeProxy: fn(revokeProxyInput, proxySchema, 'votes read; an owner of the unit, or staff'),
  sendMeetingNotice: fn(meetingIdInput, meetingNoticeAnswer, 'meetings read_write (administrators, property managers); refused with the state rule named when too late'),
  recordMotion: fn(recordMotionInput, motionSchema, 'meetings read_write (administrators, property managers); every user named must be a director'),
  approveMinutes: fn(approveMinutesInput, approvedMinutesAnswer, 'meetings read_write (administrators, property managers); at a later meeting that has begun'),
  runCollections: fn(runCollectionsInput, collectionsRunAnswer, COLLECTIONS),
  approveCollectionLetters: fn(collectionLetterIdsInput, z.object({ approved: z.number().int() }), COLLECTIONS),
  skipCollectionLetters: fn(collectionLetterIdsInput, z.object({ skipped: z.number().int() }), COLLECTIONS),
  transferBetweenFunds: fn(fundTransferInput, fundTransferSchema, 'chart of accounts read_write (administrators, property managers)'),
  postJournalEntry: fn(journalEntryInput, journalEntryRowSchema, BOOKS),
  reverseJournalEntry: fn(reverseJournalEntryInput, journalEntryRowSchema, BOOKS),
  importOpeningBalances: fn(importOpeningBalancesInput, openingBalancesAnswer, BOOKS),
  closePeriod: fn(closePeriodInput, periodClosedSchema, ADMINS),
  reopenPeriod: fn(reopenPeriodInput, periodReopenedSchema, ADMINS),
  closeYear: fn(closeYearInput, yearClosedSchema, ADMINS),
  saveBudget: fn(saveBudgetInput, budgetWithLinesSchema, BUDGETS),
  copyBudget: fn(copyBudgetInput, budgetWithLinesSchema, BUDGETS),
  adoptBudget: fn(adoptBudgetInput, budgetWithLinesSchema, BUDGETS),
  unadoptBudget: fn(unadoptBudgetInput, budgetWithLinesSchema, BUDGETS),
  previewAssessment: fn(assessmentInput, assessmentPreviewSchema, 'reports read and properties read (administrators, property managers)'),
  applyAssessment: fn(assessmentInput, assessmentAppliedSchema, 'reports read and properties read_write (administrators, property managers)'),
  emailInvoices: fn(emailInvoicesInput, emailInvoicesAnswer, SENDERS),
  emailStatements: fn(emailStatementsInput, mailJobSchema, SENDERS),
  inviteOwners: fn(inviteOwnersInput, inviteOwnersResultSchema, 'users read_write and owners read (administrators, property managers)'),
  initializePrivileges: fn(noInput, defaultRolesWrittenSchema, RESET_ROLES),
  initializeDefaultRoles: fn(noInput, defaultRolesWrittenSchema, RESET_ROLES),
  createBackup: fn(noInput, backupFileSchema, 'backup read (administrators, property managers)'),
  restoreBackup: fn(restoreBackupInput, backupRestoredSchema, 'backup read_write (administrators, property managers)'),
  matchBankLines: fn(matchBankLinesInput, matchBankLinesAnswer, BANK_BOOKS),
  matchBankLine: fn(matchBankLineInput, bankLineWithMatchesSchema, BANK_BOOKS),
  unmatchBankLine: fn(unmatchBankLineInput, bankLineWithMatchesSchema, BANK_BOOKS),
  excludeBankLine: fn(excludeBankLineInput, bankLineWithMatchesSchema, BANK_BOOKS),
  startReconciliation: fn(startReconciliationInput, reconciliationViewSchema, BANK_BOOKS),
  setCleared: fn(setClearedInput, reconciliationViewSchema, BANK_BOOKS),
  completeReconciliation: fn(completeReconciliationInput, reconciliationViewSchema, BANK_BOOKS),
  voidReconciliation: fn(voidReconciliationInput, reconciliationViewSchema, BANK_BOOKS),
  createAchDebitBatch: fn(createAchDebitBatchInput, achBatchAnswer, ACH_DEBITS),
  createAchCreditBatch: fn(createAchCreditBatchInput, achBatchAnswer, ACH_CREDITS),
  importAchReturns: fn(importAchReturnsInput, achReturnsAnswer, 'payments read_write; each entry\'s payment and enrollment are read through the caller\'s scope'),
  recordViolation: fn(recordViolationInput, violationSchema, 'violations read_write (administrators, property managers); the unit is read through the caller\'s scope'),
  sendViolationNotice: fn(sendViolationNoticeInput, violationNoticeSchema, VIOLATIONS_STAFF),
  scheduleHearing: fn(scheduleHearingInput, hearingSchema, VIOLATIONS_STAFF),
  decideHearing: fn(decideHearingInput, decideHearingAnswer, 'violations read_write, or a board member (violations read)'),
  requestHearing: fn(requestHearingInput, violationSchema, 'the violation\'s owner (own_records: another owner\'s is a 404) or violations read_write'),
  issueEstoppelCertificate: fn(estoppelRequestIdInput, estoppelRequestSchema, 'estoppel read_write (administrators, property managers); the request is fetched through the caller\'s scope'),
  cancelEstoppelRequest: fn(estoppelRequestIdInput, estoppelRequestSchema, 'estoppel read_write (administrators, property managers); the request is fetched through the caller\'s scope'),
  transferOwnership: fn(transferOwnershipInput, transferOwnershipAnswer, 'properties read_write and owners read_write (administrators, property managers); the unit and each buyer are read through the caller\'s scope'),
  submitWorkOrder: fn(submitWorkOrderInput, workOrderDetailSchema, 'work_orders read_write, or own_records (owners: their own unit or the common area)'),
  setWorkOrderStatus: fn(setWorkOrderStatusInput, workOrderDetailSchema, WORK_ORDERS),
  assignWorkOrderVendor: fn(assignWorkOrderVendorInput, workOrderDetailSchema, `${WORK_ORDERS}; the vendor needs vendors read`),
  linkWorkOrderBill: fn(linkWorkOrderBillInput, workOrderDetailSchema, `${WORK_ORDERS}; the bill needs bills read and is the assigned vendor's`),
  addWorkOrderComment: fn(addWorkOrderCommentInput, workOrderDetailSchema, 'work_orders read_write (any work order, internal or shared), or own_records (the owner\'s own, always shared)'),
  submitArchitecturalRequest: fn(submitArchitecturalRequestInput, architecturalRequestViewSchema, 'architectural_requests read_write (staff, for a unit\'s owner), or own_records (an owner, for their own unit)'),
  decideArchitecturalRequest: fn(decideArchitecturalRequestInput, architecturalDecisionSchema, 'architectural_requests read_write, or a board member; the request is fetched through the caller\'s scope'),
  appealArchitecturalRequest: fn(appealArchitecturalRequestInput, architecturalRequestViewSchema, 'architectural_requests read_write, or own_records (the owner\'s own request); once'),
  withdrawArchitecturalRequest: fn(withdrawArchitecturalRequestInput, architecturalRequestViewSchema, 'architectural_requests read_write, or own_records (the owner\'s own request)'),
} as const;

export type FunctionContracts = typeof functionContracts;
export type FunctionName = keyof FunctionContracts;
/** What a caller sends (defaults not applied yet). */
export type FunctionInput<N extends FunctionName> = z.input<FunctionContracts[N]['input']>;
/** The parameters as the handler receives them, parsed. */
export type FunctionParams<N extends FunctionName> = z.output<FunctionContracts[N]['input']>;
/** What the function answers. */
export type FunctionOutput<N extends FunctionName> = z.output<FunctionContracts[N]['output']>;

/** The names of every function, in the registry's order. */
export const FUNCTION_NAMES = Object.keys(functionContracts) as FunctionName[];

export type InvoiceWithLines = z.infer<typeof invoiceWithLinesSchema>;
export type BillWithLines = z.infer<typeof billWithLinesSchema>;
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export type PaymentApplication = z.infer<typeof paymentApplicationSchema>;
export type InvoiceRecord = z.infer<typeof invoiceRecordSchema>;
export type BudgetWithLines = z.infer<typeof budgetWithLinesSchema>;
export type BankLineWithMatches = z.infer<typeof bankLineWithMatchesSchema>;
export type ReconciliationView = z.infer<typeof reconciliationViewSchema>;
