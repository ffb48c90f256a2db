import { z } from 'zod';
import { isoDate, optEmail, recordId, reqText } from './fields.ts';

/** Estoppel certificates (issue 20): requests for a unit being sold, issued from the live ledger with their figures frozen. */

export const ESTOPPEL_STATUSES = ['requested', 'issued', 'cancelled'] as const;
export type EstoppelStatus = (typeof ESTOPPEL_STATUSES)[number];
export const ESTOPPEL_STATUS_LABELS: Record<EstoppelStatus, string> = { requested: 'Requested', issued: 'Issued', cancelled: 'Cancelled' };

/** A request as staff record it; the due date, the fee and the rule they follow are the server's. */
export const estoppelRequestInput = z.strictObject({
  property_id: recordId('Unit'),
  requester_name: reqText('Requester name', 200),
  requester_email: optEmail('Requester email'),
  /** The day the request was received; default today, never in the future. */
  requested_on: isoDate('Requested on').optional(),
  rush: z.boolean({ error: 'Rush must be true or false' }).optional(),
});

/** Only the requester's contact may change, and only while the request is open. */
export const estoppelRequestUpdateInput = z.strictObject({
  requester_name: reqText('Requester name', 200).optional(),
  requester_email: optEmail('Requester email'),
});

export const estoppelRequestIdInput = z.strictObject({ id: recordId('Estoppel request') });

const cents = z.number().int();

/** The figures a certificate states, as of its issue day, in cents; frozen on the request when it is issued. */
export const estoppelFiguresSchema = z.object({
  as_of: z.string(),
  valid_until: z.string().nullable(),
  validity_rule: z.string(),
  unit: z.object({ unit_number: z.string(), address: z.string().nullable() }),
  owners: z.array(z.object({ owner_number: z.string(), name: z.string(), ownership_percentage: z.string(), start_date: z.string() })),
  /** Each assessment the unit is billed: regular ones by their frequency, special ones (one-time) with their installments. */
  assessments: z.array(z.object({ name: z.string(), frequency: z.string(), amount_cents: cents, special: z.boolean() })),
  /** The last day of the latest assessment period paid with none open before it; null when none was billed. */
  paid_through: z.string().nullable(),
  due_by_kind: z.object({ assessments_cents: cents, late_fees_cents: cents, fines_cents: cents, other_cents: cents }),
  /** Payments not yet applied to a charge (reduce the amount to settle the account). */
  credit_cents: cents,
  /** Open charges less the credit: the owners' statement balance for this unit's account. */
  balance_cents: cents,
  /** What falls due on each day of the validity period (open charges due then and scheduled assessments). */
  falls_due: z.array(z.object({ date: z.string(), cents, description: z.string() })),
  open_violations: z.array(z.object({ observed_on: z.string(), type: z.string(), status: z.string() })),
  architectural_requests: z.array(z.object({ submitted_on: z.string(), category: z.string(), status: z.string() })),
  collection_stage: z.string().nullable(),
  fee_cents: cents,
  fee_message: z.string(),
});
export type EstoppelFigures = z.infer<typeof estoppelFiguresSchema>;

export const estoppelRequestSchema = z.looseObject({
  id: z.string(),
  property_id: z.string(),
  status: z.enum(ESTOPPEL_STATUSES),
  due_on: z.string(),
  fee_amount: z.union([z.string(), z.number()]),
});

/** A buyer: an owner already on record, or a new owner's fields (the six-digit account number and the name). */
export const transferBuyerInput = z.strictObject({
  owner_id: z.string().regex(/^[0-9a-f]{24}$/, 'Buyer: owner_id must be a record id').optional(),
  new_owner: z.strictObject({
    owner_id: z.string({ error: 'New owner ID is required' }).regex(/^\d{6}$/, 'New owner ID must be exactly 6 digits'),
    first_name: reqText('First name'),
    last_name: reqText('Last name'),
    email: optEmail(),
  }).optional(),
  ownership_percentage: z.number({ error: 'Ownership percentage must be a number' }).gt(0, 'Ownership percentage must be more than 0').max(100, 'Ownership percentage must be at most 100'),
});

/** transferOwnership: the sale of a unit closing on `closing_date`. */
export const transferOwnershipInput = z.strictObject({
  property_id: recordId('Unit'),
  closing_date: isoDate('Closing date'),
  buyers: z.array(transferBuyerInput).min(1, 'At least one buyer').max(10, 'At most 10 buyers'),
});

export const transferOwnershipAnswer = z.object({
  property_id: z.string(),
  closing_date: z.string(),
  /** The buyers own from the day after the closing. */
  buyers_from: z.string(),
  sellers: z.array(z.object({ owner_id: z.string(), name: z.string(), end_date: z.string(), final_balance: z.number(), statement: z.string() })),
  buyers: z.array(z.object({ owner_id: z.string(), name: z.string(), ownership_percentage: z.number() })),
  transfer_fee_invoice_id: z.string().nullable(),
});
