import { ACCOUNT_SUBTYPES, ACCOUNT_TYPES, type AccountType } from '@covenant/contracts/constants';
import { accountInput } from '@covenant/contracts/entities';
import { useSaveRecord } from '@/components/save-record';
import { EntityFormDialog, SelectField, SwitchField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { FundField } from '@/features/funds/fund-field';
import { humanize } from '@/lib/format';
import type { Account } from './accounts.api';

const TYPE_OPTIONS = ACCOUNT_TYPES.map((t) => ({ value: t, label: humanize(t) }));

/** Add/Edit account; the subtype list follows the type and resets to its first subtype when the type changes. */
export function AccountFormDialog({ account, onClose }: { account: Account | null; onClose(): void }) {
  const isEdit = account !== null;
  const form = useContractForm(accountInput, {
    account_number: account?.account_number ?? '',
    account_name: account?.account_name ?? '',
    // Blank until chosen: the contract refuses a blank type.
    account_type: account?.account_type ?? ('' as AccountType),
    account_subtype: account?.account_subtype ?? null,
    description: account?.description ?? '',
    is_active: account?.is_active ?? true,
    fund_id: account?.fund_id ?? '',
  });
  const type = form.watch('account_type') as AccountType | '';

  const save = useSaveRecord<Account, typeof accountInput._output>({
    entity: 'ChartOfAccount',
    noun: 'account',
    record: account,
    onSaved: onClose,
    prepare: (body) => ({ ...body, fund_id: body.account_type === 'asset' ? body.fund_id : null }) // only asset accounts hold a fund's money,
  });

  const subtypes = (type ? ACCOUNT_SUBTYPES[type] : []).map((s) => ({ value: s, label: humanize(s) }));
  return (
    <EntityFormDialog
      title={isEdit ? 'Edit Account' : 'Add New Account'}
      description="An account of the chart of accounts."
      form={form}
      onSubmit={(body) => save.mutate(body)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={isEdit ? 'Update Account' : 'Create Account'}
    >
      <TextField name="account_number" label="Account Number" />
      <TextField name="account_name" label="Account Name" />
      <SelectField
        name="account_type"
        label="Account Type"
        options={TYPE_OPTIONS}
        placeholder="Select type"
        onPicked={(t) => form.setValue('account_subtype', ACCOUNT_SUBTYPES[t as AccountType][0] ?? null)}
      />
      <SelectField name="account_subtype" label="Account Subtype" options={subtypes} placeholder="Select subtype" />
      {type === 'asset' ? (
        <FundField
          name="fund_id"
          label="Bank Account of Fund"
          noneLabel="Not a bank account"
          disabled={Boolean(account?.system_key)}
          description="A bank account receives and pays the money of its fund."
          wide
        />
      ) : null}
      <TextareaField name="description" label="Description" />
      <SwitchField name="is_active" label="Active" />
    </EntityFormDialog>
  );
}
