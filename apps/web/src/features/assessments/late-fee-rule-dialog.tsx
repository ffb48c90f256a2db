import { useId } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { LATE_FEE_TYPES } from '@covenant/contracts/charges';
import { lateFeeRuleForm } from '@covenant/contracts/charges-form';
import { closeOnSuccess } from '@/components/dialog-form';
import { EntityFormDialog, SelectField, TextField, useContractForm } from '@/components/entity-form';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { Label } from '@/components/ui/label';
import { useSaveSetup, type LateFeeRule } from './assessments.api';

export const FEE_TYPE_LABELS: Record<string, string> = { fixed: 'Fixed amount', percent: 'Percent of the balance', greater_of: 'Greater of the two' };
const FEE_TYPE_OPTIONS = LATE_FEE_TYPES.map((t) => ({ value: t, label: FEE_TYPE_LABELS[t]! }));

type Option = { value: string; label: string };
type Values = typeof lateFeeRuleForm._input;
const asText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** The items a rule applies to, one checkbox each, across both columns; the rule's "at least one" shows under them. */
function AppliesToField({ items }: { items: Option[] }) {
  const id = useId();
  const { control } = useFormContext<Values>();
  return (
    <FormField
      control={control}
      name="product_ids"
      render={({ field }) => (
        <FormItem className="sm:col-span-2">
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Applies to items *</legend>
            {items.map((item) => (
              <div key={item.value} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-${item.value}`}
                  checked={field.value.includes(item.value)}
                  onCheckedChange={(on) => field.onChange(on === true ? [...field.value, item.value] : field.value.filter((x) => x !== item.value))}
                />
                <Label htmlFor={`${id}-${item.value}`} className="font-normal">
                  {item.label}
                </Label>
              </div>
            ))}
          </fieldset>
          <FormMessage role="alert" />
        </FormItem>
      )}
    />
  );
}

/** Add or edit a late-fee rule: when a charge is late, what fee and interest it costs, on which items. */
export function LateFeeRuleDialog({ rule, items, onClose }: { rule: LateFeeRule | null; items: Option[]; onClose(): void }) {
  const form = useContractForm(lateFeeRuleForm, {
    name: rule?.name ?? '',
    grace_days: String(rule?.grace_days ?? 10),
    fee_type: rule?.fee_type ?? 'fixed',
    fixed_amount: asText(rule?.fixed_amount),
    percent: asText(rule?.percent),
    max_amount: asText(rule?.max_amount),
    min_balance: asText(rule?.min_balance),
    annual_interest_rate: asText(rule?.annual_interest_rate),
    product_ids: rule?.product_ids ?? [],
    late_fee_product_id: rule?.late_fee_product_id ?? '',
  });
  const save = useSaveSetup('LateFeeRule');
  const feeType = useWatch({ control: form.control, name: 'fee_type' });
  const usesFixed = feeType !== 'percent';
  const usesPercent = feeType !== 'fixed';
  // The part a fee type does not use is blanked, so nothing hidden is sent.
  const onFeeType = (next: string) => {
    if (next === 'percent') form.setValue('fixed_amount', '');
    if (next === 'fixed') form.setValue('percent', '');
  };

  return (
    <EntityFormDialog
      title={rule ? 'Edit Late Fee Rule' : 'Add Late Fee Rule'}
      description="Charged once per late invoice after the grace days; interest each month it stays unpaid."
      form={form}
      onSubmit={(body) => save.mutate({ id: rule?.id, values: body }, closeOnSuccess(rule ? 'Late fee rule updated' : 'Late fee rule added', onClose))}
      onClose={onClose}
      isPending={save.isPending}
      error={save.error}
      submitLabel={rule ? 'Update Rule' : 'Add Rule'}
      wide
    >
      <TextField name="name" label="Name *" placeholder="Dues late fee" wide />
      <TextField name="grace_days" label="Grace days *" type="number" min={0} step={1} />
      <SelectField name="fee_type" label="Fee type *" options={FEE_TYPE_OPTIONS} placeholder="Fee type" onPicked={onFeeType} />
      {usesFixed ? <TextField name="fixed_amount" label="Fixed fee *" type="number" min={0} step="0.01" inputMode="decimal" /> : null}
      {usesPercent ? <TextField name="percent" label="Percent of balance *" type="number" min={0} step="0.01" inputMode="decimal" /> : null}
      <TextField name="max_amount" label="Maximum fee" type="number" min={0} step="0.01" inputMode="decimal" />
      <TextField name="min_balance" label="Minimum balance" type="number" min={0} step="0.01" inputMode="decimal" />
      <TextField name="annual_interest_rate" label="Annual interest rate (%)" type="number" min={0} step="0.01" inputMode="decimal" />
      <SelectField name="late_fee_product_id" label="Late fee item *" options={items} placeholder="Choose an item" />
      <AppliesToField items={items} />
    </EntityFormDialog>
  );
}
