import type { JournalEntryLineRow, JournalEntryPage, JournalEntryRow } from '@covenant/contracts/ledger';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { journalEntryInput, reverseJournalEntryInput } from '@covenant/contracts/entities';
import { appRequest } from '@/lib/api';
import { invokeFunction } from '@/lib/entities';
import { invalidateBooks, journalKeys } from '@/features/ledger/ledger.api';

export type JournalType = 'manual' | 'transfer' | 'opening' | 'closing' | 'all';

export const JOURNAL_TYPES: ReadonlyArray<{ value: JournalType; label: string }> = [
  { value: 'manual', label: 'Manual entries' },
  { value: 'transfer', label: 'Transfers between funds' },
  { value: 'opening', label: 'Opening balances' },
  { value: 'closing', label: 'Year-end closing' },
  { value: 'all', label: 'All entries' },
];

/** An entry as GET /journal-entries lists it (the contract's row), with its lines. */
export type JournalEntry = JournalEntryRow;
export type JournalEntryLine = JournalEntryLineRow;

export const JOURNAL_PAGE_SIZE = 20;

/** One page of entries of a type, newest first, with their lines (paged by the server). */
export function journalEntriesQuery(type: JournalType, page: number) {
  const query = new URLSearchParams({ type, limit: String(JOURNAL_PAGE_SIZE), skip: String(page * JOURNAL_PAGE_SIZE) });
  return queryOptions({
    queryKey: [...journalKeys.all, type, page],
    queryFn: () => appRequest<JournalEntryPage>(`/journal-entries?${query.toString()}`),
    placeholderData: keepPreviousData,
  });
}

/** Posts a manual entry; the server refuses it unless it balances within each fund. */
export function usePostJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof journalEntryInput>) => invokeFunction<JournalEntry>('postJournalEntry', { ...input }),
    onSuccess: () => invalidateBooks(queryClient),
  });
}

/** Undoes a manual entry or a transfer by a reversing entry dated `date`. */
export function useReverseJournalEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.output<typeof reverseJournalEntryInput>) => invokeFunction<JournalEntry>('reverseJournalEntry', { ...input }),
    onSuccess: () => invalidateBooks(queryClient),
  });
}

/** Manual entries and transfers that are not reversals and not reversed yet can be reversed. */
export const isReversible = (e: JournalEntry) => (e.source_type === 'journal' || e.source_type === 'transfer') && !e.reverses_id && !e.reversed_by;
