import { useState, type FormEvent } from 'react';
import { typedCents } from '@covenant/contracts/journal';
import { closeOnSuccess, DialogButtons, FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { today } from '@/lib/dates';
import { FundSelect } from './fund-select';
import { useTransferBetweenFunds } from './funds.api';

/** 'Transfer Between Funds': cash moved on purpose from one fund's bank account to another's. */
export function TransferDialog({ onClose }: { onClose(): void }) {
  const transfer = useTransferBetweenFunds();
  const [values, setValues] = useState({ date: today(), from_fund_id: '', to_fund_id: '', amount: '', memo: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const set = (field: keyof typeof values, value: string) => setValues((v) => ({ ...v, [field]: value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = !values.date
      ? 'Date is required'
      : !values.from_fund_id || !values.to_fund_id
        ? 'Choose both funds'
        : values.from_fund_id === values.to_fund_id
          ? 'Choose two different funds'
          : typedCents(values.amount) <= 0
            ? 'Amount must be greater than 0'
            : null;
    setProblem(found);
    if (found) return;
    transfer.mutate({ ...values, memo: values.memo.trim() || undefined }, closeOnSuccess('Transfer posted', onClose));
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Transfer Between Funds</DialogTitle>
          <DialogDescription>Moves cash from one fund's bank account to another's; each fund's books still balance on their own.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-1.5">
              <Label htmlFor="transfer-from">From fund</Label>
              <FundSelect id="transfer-from" value={values.from_fund_id} onChange={(v) => set('from_fund_id', v)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="transfer-to">To fund</Label>
              <FundSelect id="transfer-to" value={values.to_fund_id} onChange={(v) => set('to_fund_id', v)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="transfer-date">Date</Label>
              <Input id="transfer-date" type="date" value={values.date} onChange={(e) => set('date', e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor="transfer-amount">Amount</Label>
              <Input id="transfer-amount" type="number" min={0} step="0.01" inputMode="decimal" value={values.amount} onChange={(e) => set('amount', e.target.value)} />
            </div>
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="transfer-memo">Memo</Label>
            <Input id="transfer-memo" value={values.memo} onChange={(e) => set('memo', e.target.value)} placeholder="Transfer from … to … when empty" />
          </div>
          <FormProblem message={problem} />
          <FormError error={transfer.error} title="The transfer was not posted" />
          <DialogButtons onCancel={onClose} isPending={transfer.isPending}>Transfer</DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
