import { useQuery } from '@tanstack/react-query';
import { productInput } from '@covenant/contracts/entities';
import { useSaveRecord } from '@/components/save-record';
import { EntityFormDialog, SelectField, SwitchField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { accountLabel, type Account } from '@/features/chart-of-accounts/accounts.api';
import { FundField } from '@/features/funds/fund-field';
import { fundsQuery } from '@/features/funds/funds.api';
import type { Product } from './items.api';

interface Props {
  item: Product | null;
  accounts: readonly Account[];
  onClose(): void;
}

const DESCRIPTION = 'A billable item and the account it posts to.';
const titleOf = (item: Product | null) => (item ? 'Edit Item' : 'Add New Item');

/** Add or edit an item; a new one is the Operating fund's, so the dialog waits for the funds before its fields show. */
export function ItemFormDialog(props: Props) {
  const funds = useQuery(fundsQuery());
  if (funds.isPending) {
    return (
      <Dialog open onOpenChange={(o) => !o && props.onClose()}>
        <DialogContent className="sm:max-w-lg" aria-busy="true">
          <DialogHeader>
            <DialogTitle>{titleOf(props.item)}</DialogTitle>
            <DialogDescription>{DESCRIPTION}</DialogDescription>
          </DialogHeader>
          <Spinner className="mx-auto my-6 size-6" />
        </DialogContent>
      </Dialog>
    );
  }
  // Without the funds (refused, failed) the fund stays blank and the server files the item under Operating.
  const operating = funds.data?.find((f) => f.system_key === 'operating')?.id ?? '';
  return <ItemForm {...props} operatingFundId={operating} />;
}

/** The item form on the product contract (spec part 2, section 5): every field required, price a number of at least 0. */
function ItemForm({ item, accounts, onClose, operatingFundId }: Props & { operatingFundId: string }) {
  const isEdit = item !== null;
  const form = useContractForm(productInput, {
    product_code: item?.product_code ?? '',
    unit_price: item ? String(item.unit_price) : '',
    description: item?.description ?? '',
    account_id: item?.account_id ?? '',
    fund_id: item ? item.fund_id : operatingFundId,
    is_active: item?.is_active ?? true,
  });

  const save = useSaveRecord<Product, typeof productInput._output>({ entity: 'Product', noun: 'item', record: item, onSaved: onClose });

  // An inactive account stays choosable when it is the item's current one.
  const choices = accounts.filter((a) => a.is_active || a.id === item?.account_id).map((a) => ({ value: a.id, label: accountLabel(a) }));

  return (
    <EntityFormDialog
      title={titleOf(item)}
      description={DESCRIPTION}
      form={form}
      onSubmit={(body) => save.mutate(body)}
      onClose={onClose}
      isPending={save.isPending}
      submitLabel={isEdit ? 'Update Item' : 'Create Item'}
    >
      <TextField name="product_code" label="Product Code" />
      <TextField name="unit_price" label="Unit Price" type="number" min={0} step={0.01} />
      <TextareaField name="description" label="Description" />
      <SelectField name="account_id" label="Default Account" options={choices} placeholder="Select account" wide />
      <FundField name="fund_id" label="Fund" wide />
      <SwitchField name="is_active" label="Active" />
    </EntityFormDialog>
  );
}
