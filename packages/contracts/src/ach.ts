import { z } from 'zod';
import { achReturnInput, BANK_ACCOUNT_TYPES, bankAccountNumber, routingNumber } from './banking.ts';
import { enumOf, isoDate, optRecordId, optText, recordId, reqText } from './fields.ts';

export const ENROLLMENT_STATUSES = ['prenote', 'active', 'paused', 'cancelled'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
/** The statuses staff may set by hand (prenote is where new bank details start). */
export const ENROLLMENT_SET_STATUSES = ['active', 'paused', 'cancelled'] as const;
export const AUTOPAY_SEC_CODES = ['PPD', 'WEB'] as const;
export const ACH_DIRECTIONS = ['debit', 'credit'] as const;
export const ACH_ENTRY_KINDS = ['debit', 'credit', 'prenote'] as const;
/** The entry description of a re-presented debit (NACHA requires these words). */
export const RETRY_DESCRIPTION = 'RETRY PYMT';
/** The largest returns file accepted as text (a returns file is a few kilobytes). */
export const MAX_RETURNS_FILE_CHARS = 2_000_000;

/** The words an owner agrees to on My Account, stored with the enrollment exactly as shown. */
export function autopayAuthorizationText(associationName: string): string {
  const name = associationName.trim() || 'the association';
  return (
    `I authorize ${name} to debit the bank account given here by ACH for the balance of my association account each time ` +
    `the association collects dues, and, if a debit is returned, to present it again and to charge the returned-payment fee ` +
    `its rules set. A zero-amount test entry (prenote) is sent first. This authorization stays in force until I cancel it on ` +
    `My Account or in writing, in time for the association to act on it.`
  );
}

const bankFields = {
  account_holder: reqText('Account holder', 100),
  routing_number: routingNumber(),
  /** Write-only: sealed with BANK_ENCRYPTION_KEY, read back only as account_last4. */
  account_number: bankAccountNumber(),
  account_type: enumOf('Account type', BANK_ACCOUNT_TYPES),
};

/** Staff enrol an owner from a signed form (PPD): the form's date and words are kept. */
export const autopayEnrollmentInput = z.strictObject({
  owner_id: recordId('Owner'),
  /** The association's bank account the debits go into; the operating one when empty. */
  bank_account_id: optRecordId('Bank account'),
  ...bankFields,
  authorized_at: isoDate('Date the form was signed'),
  authorization_text: reqText('Authorization text', 5000),
});
export type AutopayEnrollmentInput = z.infer<typeof autopayEnrollmentInput>;

/** A change by staff: new bank details start a new prenote; the status can be set to active, paused or cancelled. */
export const autopayEnrollmentUpdate = z.strictObject({
  bank_account_id: optRecordId('Bank account'),
  account_holder: reqText('Account holder', 100).optional(),
  routing_number: routingNumber().optional(),
  account_number: bankAccountNumber().optional(),
  account_type: enumOf('Account type', BANK_ACCOUNT_TYPES).optional(),
  status: enumOf('Status', ENROLLMENT_SET_STATUSES).optional(),
  status_reason: optText(500),
});

/** An owner's own enrollment on My Account (WEB): the words shown are sent back, so the ones stored are the ones read. */
export const selfEnrollmentInput = z.strictObject({
  ...bankFields,
  authorization_text: reqText('Authorization text', 5000),
  accept_authorization: z.literal(true, { error: 'Tick the box to accept the authorization' }),
});
export type SelfEnrollmentInput = z.infer<typeof selfEnrollmentInput>;

/** An enrollment as the API answers it: the account number only as its last four characters. */
export const autopayEnrollmentSchema = z.object({
  id: z.string(),
  owner_id: z.string(),
  bank_account_id: z.string().nullable(),
  account_holder: z.string(),
  routing_number: z.string(),
  account_last4: z.string(),
  account_type: z.enum(BANK_ACCOUNT_TYPES),
  sec_code: z.enum(AUTOPAY_SEC_CODES),
  authorized_at: z.string(),
  authorization_text: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  prenote_sent_on: z.string().nullable(),
  status_reason: z.string().nullable(),
});
export type AutopayEnrollment = z.infer<typeof autopayEnrollmentSchema>;

/** What My Account shows about autopay: the words to accept, and the owner's enrollment in force (if any). */
export const myAutopaySchema = z.object({
  authorization_text: z.string(),
  enrollment: autopayEnrollmentSchema.nullable(),
  /** Why bank details cannot be saved (no BANK_ENCRYPTION_KEY on the server); null when they can. */
  unavailable_reason: z.string().nullable(),
});
export type MyAutopay = z.infer<typeof myAutopaySchema>;

export const createAchDebitBatchInput = z.strictObject({
  bank_account_id: recordId('Bank account'),
  effective_date: isoDate('Effective date'),
});

export const createAchCreditBatchInput = z.strictObject({
  bank_account_id: recordId('Bank account'),
  bill_ids: z.array(recordId('Bill'), { error: 'Bills must be a list of bill ids' }).min(1, 'Choose at least one bill').max(1000, 'At most 1000 bills in one file'),
  effective_date: isoDate('Effective date'),
});

/** A returns file from the bank, as text. */
export const achReturnsFileInput = z.strictObject({
  file_text: z.string({ error: 'The returns file is required' }).min(1, 'The returns file is empty').max(MAX_RETURNS_FILE_CHARS, 'The returns file is larger than 2 MB; a returns file is a few kilobytes'),
});

/** importAchReturns takes a returns file ({file_text}) or one return given by hand ({trace_number, return_code, date}). */
export const importAchReturnsInput = z.union([achReturnsFileInput, achReturnInput], {
  error: 'Send a returns file as {file_text}, or one return as {trace_number, return_code, date}',
});

export const achBatchEntrySchema = z.object({
  trace_number: z.string(),
  kind: z.enum(ACH_ENTRY_KINDS),
  amount: z.number(),
  name: z.string(),
  owner_id: z.string().nullable(),
  vendor_id: z.string().nullable(),
  bill_id: z.string().nullable(),
  payment_id: z.string().nullable(),
  bill_payment_id: z.string().nullable(),
  retry_of_entry_id: z.string().nullable(),
});

/** What createAchDebitBatch and createAchCreditBatch answer. */
export const achBatchAnswer = z.object({
  batch_id: z.string(),
  file_name: z.string(),
  entries: z.array(achBatchEntrySchema),
  total: z.number(),
});
export type AchBatchAnswer = z.infer<typeof achBatchAnswer>;

export const ACH_RETURN_OUTCOMES = ['bounced', 'prenote_returned', 'already_applied', 'credit_returned'] as const;
export const ACH_NOTICE_OUTCOMES = ['applied', 'needs_review', 'already_applied'] as const;

/** What importAchReturns answers: what happened to each return and each notification of change. */
export const achReturnsAnswer = z.object({
  returns: z.array(z.object({
    trace_number: z.string(),
    return_code: z.string(),
    reason: z.string(),
    outcome: z.enum(ACH_RETURN_OUTCOMES),
    payment_id: z.string().nullable(),
    fee_invoice_id: z.string().nullable(),
    enrollment_id: z.string().nullable(),
    enrollment_paused: z.boolean(),
    retry_scheduled: z.boolean(),
    message: z.string(),
  })),
  notices: z.array(z.object({
    trace_number: z.string(),
    change_code: z.string(),
    outcome: z.enum(ACH_NOTICE_OUTCOMES),
    enrollment_id: z.string().nullable(),
    vendor_id: z.string().nullable(),
    message: z.string(),
  })),
});
export type AchReturnsAnswer = z.infer<typeof achReturnsAnswer>;

/** Positive pay: the checks issued from a bank account in a period (by issue date). */
export const positivePayQuery = z.strictObject({
  from: isoDate('From'),
  to: isoDate('To'),
});
