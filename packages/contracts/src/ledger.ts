import { z } from 'zod';
import { listPageSchema } from './lists.ts';

// Answers of the ledger routes: journal entries with their lines, the closed period and the hash chain's check.

/** One journal entry with its lines (debits and credits as decimal numbers). */
export const journalEntryRowSchema = z.looseObject({
  id: z.string(),
  entry_date: z.string(),
  memo: z.string().nullable(),
  source_type: z.string(),
  lines: z.array(z.looseObject({ account_id: z.string(), debit: z.number(), credit: z.number() })),
});
/** GET /journal-entries: one page, newest first. */
export const journalEntryPageSchema = listPageSchema(journalEntryRowSchema);
/** GET /ledger/status: null dates while no period is closed. */
export const ledgerStatusSchema = z.object({ closed_through: z.string().nullable(), first_open_date: z.string().nullable() });
/** GET /ledger/verify: the hash chain re-computed over every sealed entry as it reads now. */
export const ledgerVerificationSchema = z.object({
  ok: z.boolean(),
  entries: z.number().int(),
  unsealed: z.number().int(),
  first_broken: z.string().nullable(),
  reason: z.string().optional(),
});

export type JournalEntryRow = z.infer<typeof journalEntryRowSchema>;
export type JournalEntryPage = z.infer<typeof journalEntryPageSchema>;
export type LedgerStatus = z.infer<typeof ledgerStatusSchema>;
export type LedgerVerification = z.infer<typeof ledgerVerificationSchema>;
