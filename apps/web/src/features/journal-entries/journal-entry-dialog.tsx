import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { typedCents } from '@covenant/contracts/journal';
import { closeOnSuccess, DialogButtons, FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { useOperatingFundId } from '@/features/funds/funds.api';
import { today } from '@/lib/dates';
import { usePostJournalEntry } from './journal-entries.api';
import { blankLine, FundTotals, JournalLinesEditor, type LineDraft } from './journal-lines-editor';

/** What must be filled in before the server is asked; whether it balances is the server's call (its message is shown). */
function missing(memo: string, date: string, lines: readonly LineDraft[]): string | null {
  if (!date) return 'Date is required';
  if (!memo.trim()) return 'Memo is required';
  const n = lines.findIndex((l) => !l.account_id);
  if (n >= 0) return `Line ${n + 1}: choose an account`;
  const empty = lines.findIndex((l) => typedCents(l.debit) === 0 && typedCents(l.credit) === 0);
  if (empty >= 0) return `Line ${empty + 1}: enter a debit or a credit`;
  return null;
}

/** 'New Journal Entry': date, memo and lines, with live per-fund totals; mount it fresh for each opening. */
export function JournalEntryDialog({ onClose }: { onClose(): void }) {
  const accounts = useQuery(accountsQuery({ is_active: true }));
  const operating = useOperatingFundId();
  const post = usePostJournalEntry();
  const [date, setDate] = useState(today);
  const [memo, setMemo] = useState('');
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine(), blankLine()]);
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = missing(memo, date, lines);
    setProblem(found);
    if (found) return;
    post.mutate(
      {
        date,
        memo: memo.trim(),
        lines: lines.map((l) => ({ account_id: l.account_id, fund_id: l.fund_id || operating, debit: l.debit || '0', credit: l.credit || '0', memo: l.memo.trim() || undefined })),
      },
      closeOnSuccess('Journal entry posted', onClose),
    );
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-5xl">
        <DialogHeader>
          <DialogTitle>New Journal Entry</DialogTitle>
          <DialogDescription>Debits must equal credits within each fund. Receivables, payables and prepayments change only through documents.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
            <div className="space-y-1.5">
              <Label htmlFor="journal-date">Date</Label>
              <Input id="journal-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="journal-memo">Memo</Label>
              <Input id="journal-memo" value={memo} onChange={(e) => setMemo(e.target.value)} placeholder="What the entry records" />
            </div>
          </div>
          <fieldset className="space-y-2">
            <legend className="font-medium">Lines</legend>
            <JournalLinesEditor lines={lines} onChange={setLines} accounts={accounts.data ?? []} defaultFundId={operating} withMemo />
          </fieldset>
          <FundTotals lines={lines} defaultFundId={operating} />
          <FormProblem message={problem} />
          <FormError error={post.error} title="The entry was not posted" />
          <DialogButtons onCancel={onClose} isPending={post.isPending}>Post Entry</DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
