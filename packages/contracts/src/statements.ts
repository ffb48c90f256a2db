import { z } from 'zod';
import { AGING_BUCKETS } from './documents.ts';

// Answers of an owner's statement and of My Account. Amounts are decimal numbers; dates YYYY-MM-DD.

const amount = z.number();

/** One journal entry in the period that moves the owner's balance. */
export const statementLineSchema = z.looseObject({
  date: z.string(),
  type: z.string(),
  number: z.string().nullable(),
  description: z.string(),
  charges: amount,
  payments: amount,
  balance: amount,
});
/** GET owners/{ownerId}/statement and my-account/statement (format=json): the owner's statement from the ledger. */
export const statementSchema = z.looseObject({
  owner: z.looseObject({ id: z.string(), owner_id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  opening_balance: amount,
  lines: z.array(statementLineSchema),
  total_charges: amount,
  total_payments: amount,
  closing_balance: amount,
  aging: z.object(Object.fromEntries([...AGING_BUCKETS, 'total'].map((b) => [b, amount]))),
  unapplied_credit: amount,
});
/** GET my-account: the linked owner's account (contact details, balance, what falls due, units). */
export const myAccountSchema = z.looseObject({
  owner: z.looseObject({ id: z.string(), owner_id: z.string(), name: z.string() }),
  as_of: z.string(),
  balance: amount,
  past_due: amount,
  next_due: z.object({ date: z.string(), amount }).nullable(),
  open_charges: z.array(z.looseObject({ id: z.string(), invoice_number: z.string().nullable(), open: amount })),
  recent_payments: z.array(z.looseObject({ amount })),
  units: z.array(z.looseObject({ property_id: z.string(), co_owners: z.array(z.looseObject({})) })),
});

export type StatementLine = z.infer<typeof statementLineSchema>;
export type Statement = z.infer<typeof statementSchema>;
export type MyAccount = z.infer<typeof myAccountSchema>;
