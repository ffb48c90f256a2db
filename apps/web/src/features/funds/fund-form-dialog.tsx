import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { fundForm, type FundFormValues } from '@covenant/contracts/funds-form';
import { EntityFormDialog, SwitchField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { errorMessage } from '@/lib/api';
import { entityKeys } from '@/lib/entities';
import { OptionSelect } from '@/components/option-select';
import { RecordField } from './fund-field';
import { bankAccountLabel, bankAccountsQuery, FUND, saveFund, type Fund } from './funds.api';

/**
 * Add or edit a fund. A new fund can open its bank account at once (an asset account marked with the fund);
 * an existing one chooses its bank account among the accounts marked with it.
 */
export function FundFormDialog({ fund, onClose }: { fund: Fund | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const isEdit = fund !== null;
  const banks = useQuery(bankAccountsQuery());
  const form = useContractForm(fundForm, {
    code: fund?.code ?? '',
    name: fund?.name ?? '',
    description: fund?.description ?? '',
    is_active: fund?.is_active ?? true,
    cash_account_id: fund?.cash_account_id ?? '',
    bank_number: '',
    bank_name: '',
  });
  const ownBanks = (banks.data ?? []).filter((a) => isEdit && a.fund_id === fund.id).map((a) => ({ id: a.id, text: bankAccountLabel(a) }));

  const save = useMutation({
    mutationFn: (values: FundFormValues) => saveFund(fund, values),
    onSuccess: ({ bankError }) => {
      toast.success(isEdit ? 'Fund updated' : 'Fund created');
      if (bankError) toast.error(`The bank account was not created: ${errorMessage(bankError)}`);
      onClose();
    },
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: entityKeys.all(FUND) }), queryClient.invalidateQueries({ queryKey: entityKeys.all('ChartOfAccount') })]),
  });

  return (
    <EntityFormDialog
      title={isEdit ? 'Edit Fund' : 'Add Fund'}
      description={isEdit && fund.system_key ? `${fund.name} is one of the association's two standing funds.` : 'A fund whose money is kept and reported apart (a special assessment, a capital project).'}
      form={form}
      onSubmit={(values) => save.mutate(values)}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={isEdit ? 'Update Fund' : 'Create Fund'}
    >
      <TextField name="code" label="Code" className="uppercase" />
      <TextField name="name" label="Name" />
      <TextareaField name="description" label="Description" />
      {isEdit ? (
        <RecordField
          name="cash_account_id"
          label="Bank Account"
          noneLabel="No bank account"
          select={(select) => <OptionSelect {...select} options={ownBanks} placeholder="Select bank account" />}
          description="Accounts marked with this fund in the Chart of Accounts."
          wide
        />
      ) : (
        <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">New bank account (optional)</legend>
          <TextField name="bank_number" label="Account Number" />
          <TextField name="bank_name" label="Account Name" />
        </fieldset>
      )}
      {/* The standing funds stay active. */}
      {fund?.system_key ? null : <SwitchField name="is_active" label="Active" />}
    </EntityFormDialog>
  );
}
