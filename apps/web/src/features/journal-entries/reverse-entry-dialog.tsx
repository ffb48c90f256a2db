import { useState, type FormEvent } from 'react';
import { closeOnSuccess, DialogButtons, FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { today } from '@/lib/dates';
import { useReverseJournalEntry, type JournalEntry } from './journal-entries.api';

/** 'Reverse Entry': a reversing entry on a date (not before the entry's own) for a reason; the entry itself stays. */
export function ReverseEntryDialog({ entry, onClose }: { entry: JournalEntry; onClose(): void }) {
  const reverse = useReverseJournalEntry();
  const [date, setDate] = useState(() => (today() < entry.entry_date ? entry.entry_date : today()));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = !date ? 'Date is required' : !reason.trim() ? 'Reason is required' : null;
    setProblem(found);
    if (found) return;
    reverse.mutate({ entry_id: entry.id, date, reason: reason.trim() }, closeOnSuccess('Journal entry reversed', onClose));
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Reverse Entry</DialogTitle>
          <DialogDescription>
            “{entry.memo}” of {entry.entry_date} stays in the books; a reversing entry with debits and credits swapped is posted on the date you choose.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="reverse-date">Reversal date</Label>
            <Input id="reverse-date" type="date" min={entry.entry_date} value={date} onChange={(e) => setDate(e.target.value)} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="reverse-reason">Reason</Label>
            <Textarea id="reverse-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
          </div>
          <FormProblem message={problem} />
          <FormError error={reverse.error} title="The entry was not reversed" />
          <DialogButtons onCancel={onClose} isPending={reverse.isPending}>Reverse Entry</DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
