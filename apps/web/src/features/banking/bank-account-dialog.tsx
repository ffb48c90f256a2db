import { useQueryClient, useMutation } from '@tanstack/react-query';
import { BANK_ACCOUNT_TYPES, bankAccountInput } from '@covenant/contracts/banking';
import { toast } from 'sonner';
import { EntityFormDialog, SelectField, TextField, useContractForm } from '@/components/entity-form';
import { errorMessage } from '@/lib/api';
import { create, entityKeys, update } from '@/lib/entities';
import { BankAccountField, FundField } from '@/features/funds/fund-field';
import type { BankAccountRecord } from './banking.api';

const TYPES = BANK_ACCOUNT_TYPES.map((t) => ({ value: t, label: t === 'checking' ? 'Checking' : 'Savings' }));

/**
 * 'Add Bank Account' / 'Edit Bank Account': the bank's details and which cash account of which fund the money is
 * in. The account number is write-only: left blank on an edit, the stored one stays.
 */
export function BankAccountDialog({ account, onClose }: { account: BankAccountRecord | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useContractForm(bankAccountInput, {
    name: account?.name ?? '', account_id: account?.account_id ?? '', fund_id: account?.fund_id ?? '', bank_name: account?.bank_name ?? '',
    routing_number: account?.routing_number ?? '', account_number: '', account_type: account?.account_type ?? 'checking',
    ach_company_id: account?.ach_company_id ?? '', ach_company_name: account?.ach_company_name ?? '', ach_odfi_routing_number: account?.ach_odfi_routing_number ?? '',
  });
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => (account ? update('BankAccount', account.id, body) : create('BankAccount', body)),
    onSuccess: async () => {
      toast.success(account ? 'Bank account updated' : 'Bank account created');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('BankAccount') });
      onClose();
    },
    onError: (e) => toast.error(`Failed to save bank account: ${errorMessage(e)}`),
  });
  const stored = account?.account_last4 ? `•••• ${account.account_last4}` : null;

  return (
    <EntityFormDialog
      title={account ? 'Edit Bank Account' : 'Add Bank Account'}
      description="The bank's details, and the fund and cash account of the books that hold this money."
      form={form}
      onSubmit={(values) => {
        // A blank number on an edit keeps the stored one (it is never sent back to the browser).
        const { account_number: number, ...rest } = values;
        save.mutate(number || !account ? { ...rest, account_number: number } : rest);
      }}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={account ? 'Save Changes' : 'Add Bank Account'}
      wide
    >
      <TextField name="name" label="Name" autoComplete="off" placeholder="Operating checking" />
      <TextField name="bank_name" label="Bank name" autoComplete="off" placeholder="First Federal Bank" />
      <FundField name="fund_id" label="Fund" />
      <BankAccountField name="account_id" label="Cash account" description="An account of the chart marked with the fund." />
      <SelectField name="account_type" label="Account type" options={TYPES} />
      <TextField name="routing_number" label="Routing number" inputMode="numeric" autoComplete="off" placeholder="9 digits" />
      <TextField
        name="account_number"
        label="Account number"
        autoComplete="off"
        placeholder={stored ?? 'Account number'}
        description={stored ? `Stored encrypted (${stored}); type a new one only to replace it.` : 'Stored encrypted; only its last four characters are shown again.'}
        wide
      />
      <TextField name="ach_company_id" label="ACH company ID" autoComplete="off" description="From the bank, for ACH files (often 1 and the EIN)." />
      <TextField name="ach_company_name" label="ACH company name" autoComplete="off" maxLength={16} />
      <TextField name="ach_odfi_routing_number" label="ACH originating bank routing number" inputMode="numeric" autoComplete="off" wide />
    </EntityFormDialog>
  );
}
