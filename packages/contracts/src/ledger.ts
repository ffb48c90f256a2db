import { z } from 'zod';
import { listPageSchema } from './lists.ts';

// Answers of the ledger routes: journal entries with their lines, the closed period and the hash chain's check.

/** One journal entry with its lines (debits and credits as decimal numbers). */
/** One line of a journal entry as listed: its account and fund with their numbers, and the amounts. */
export const journalEntryLineRowSchema = z.looseObject({
  line_no: z.number().int(),
  account_id: z.string(),
  account_number: z.string(),
  account_name: z.string(),
  fund_id: z.string(),
  fund_code: z.string(),
  debit: z.number(),
  credit: z.number(),
  memo: z.string().nullable(),
});
export const journalEntryRowSchema = z.looseObject({
  id: z.string(),
  entry_date: z.string(),
  memo: z.string().nullable(),
  /** journal (manual), transfer, opening, closing, or the document that posted it. */
  source_type: z.string(),
  /** Set on a reversal: the entry it undoes. */
  reverses_id: z.string().nullable(),
  /** Set on a reversed entry: the reversal. */
  reversed_by: z.string().nullable(),
  created_by: z.string().nullable(),
  lines: z.array(journalEntryLineRowSchema),
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
export type JournalEntryLineRow = z.infer<typeof journalEntryLineRowSchema>;
export type JournalEntryPage = z.infer<typeof journalEntryPageSchema>;
export type LedgerStatus = z.infer<typeof ledgerStatusSchema>;
export type LedgerVerification = z.infer<typeof ledgerVerificationSchema>;
