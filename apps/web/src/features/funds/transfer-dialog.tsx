import { fundTransferForm } from '@covenant/contracts/funds-form';
import { closeOnSuccess } from '@/components/dialog-form';
import { EntityFormDialog, TextField, useContractForm } from '@/components/entity-form';
import { today } from '@/lib/dates';
import { FundField } from './fund-field';
import { useTransferBetweenFunds } from './funds.api';

/** 'Transfer Between Funds': cash moved on purpose from one fund's bank account to another's. */
export function TransferDialog({ onClose }: { onClose(): void }) {
  const transfer = useTransferBetweenFunds();
  const form = useContractForm(fundTransferForm, { date: today(), from_fund_id: '', to_fund_id: '', amount: '', memo: '' });

  return (
    <EntityFormDialog
      title="Transfer Between Funds"
      description="Moves cash from one fund's bank account to another's; each fund's books still balance on their own."
      form={form}
      onSubmit={(body) => transfer.mutate(body, closeOnSuccess('Transfer posted', onClose))}
      onClose={onClose}
      isPending={transfer.isPending}
      error={transfer.error}
      submitLabel="Transfer"
    >
      <FundField name="from_fund_id" label="From fund" />
      <FundField name="to_fund_id" label="To fund" />
      <TextField name="date" label="Date" type="date" />
      <TextField name="amount" label="Amount" type="number" min={0} step="0.01" inputMode="decimal" />
      <TextField name="memo" label="Memo" placeholder="Transfer from … to … when empty" wide />
    </EntityFormDialog>
  );
}
