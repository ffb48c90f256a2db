import { reverseJournalEntryInput } from '@covenant/contracts/entities';
import { closeOnSuccess } from '@/components/dialog-form';
import { EntityFormDialog, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { today } from '@/lib/dates';
import { useReverseJournalEntry, type JournalEntry } from './journal-entries.api';

/** 'Reverse Entry': a reversing entry on a date (not before the entry's own) for a reason; the entry itself stays. */
export function ReverseEntryDialog({ entry, onClose }: { entry: JournalEntry; onClose(): void }) {
  const reverse = useReverseJournalEntry();
  const form = useContractForm(reverseJournalEntryInput, {
    entry_id: entry.id,
    date: today() < entry.entry_date ? entry.entry_date : today(),
    reason: '',
  });

  return (
    <EntityFormDialog
      title="Reverse Entry"
      description={`“${entry.memo ?? ''}” of ${entry.entry_date} stays in the books; a reversing entry with debits and credits swapped is posted on the date you choose.`}
      form={form}
      onSubmit={(body) => reverse.mutate(body, closeOnSuccess('Journal entry reversed', onClose))}
      onClose={onClose}
      isPending={reverse.isPending}
      error={reverse.error}
      submitLabel="Reverse Entry"
    >
      <TextField name="date" label="Reversal date" type="date" min={entry.entry_date} />
      <TextareaField name="reason" label="Reason" />
    </EntityFormDialog>
  );
}
