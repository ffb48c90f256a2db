import { useId, useState, type FormEvent } from 'react';
import { LATE_FEE_TYPES, lateFeeRuleCreate } from '@covenant/contracts/charges';
import { FormError } from '@/components/form-error';
import { DialogButtons, FormProblem, closeOnSuccess } from '@/components/dialog-form';
import { OptionSelect } from '@/components/option-select';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useSaveSetup, type LateFeeRule } from './assessments.api';

export const FEE_TYPE_LABELS: Record<string, string> = { fixed: 'Fixed amount', percent: 'Percent of the balance', greater_of: 'Greater of the two' };

type Option = { id: string; text: string };
const asText = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

/** Add or edit a late-fee rule: when a charge is late, what fee and interest it costs, on which items. */
export function LateFeeRuleDialog({ rule, items, onClose }: { rule: LateFeeRule | null; items: Option[]; onClose(): void }) {
  const id = useId();
  const [v, setV] = useState({
    name: rule?.name ?? '',
    grace_days: asText(rule?.grace_days ?? 10),
    fee_type: rule?.fee_type ?? 'fixed',
    fixed_amount: asText(rule?.fixed_amount),
    percent: asText(rule?.percent),
    max_amount: asText(rule?.max_amount),
    min_balance: asText(rule?.min_balance),
    annual_interest_rate: asText(rule?.annual_interest_rate),
    late_fee_product_id: rule?.late_fee_product_id ?? '',
  });
  const [productIds, setProductIds] = useState<string[]>(rule?.product_ids ?? []);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSetup('LateFeeRule');
  const set = (field: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [field]: value }));
  const usesFixed = v.fee_type !== 'percent';
  const usesPercent = v.fee_type !== 'fixed';

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const orNull = (s: string) => (s.trim() === '' ? null : s.trim());
    const values: Record<string, unknown> = {
      name: v.name, grace_days: v.grace_days, fee_type: v.fee_type, fixed_amount: usesFixed ? orNull(v.fixed_amount) : null,
      percent: usesPercent ? orNull(v.percent) : null, max_amount: orNull(v.max_amount), min_balance: orNull(v.min_balance),
      annual_interest_rate: orNull(v.annual_interest_rate), product_ids: productIds, late_fee_product_id: v.late_fee_product_id,
    };
    const parsed = lateFeeRuleCreate.safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the rule');
      return;
    }
    setProblem(null);
    save.mutate({ id: rule?.id, values }, closeOnSuccess(rule ? 'Late fee rule updated' : 'Late fee rule added', onClose));
  };

  const text = (field: keyof typeof v, label: string, props: Record<string, unknown> = {}) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input id={`${id}-${field}`} value={v[field]} onChange={(e) => set(field)(e.target.value)} type="number" min={0} inputMode="decimal" {...props} />
    </div>
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{rule ? 'Edit Late Fee Rule' : 'Add Late Fee Rule'}</DialogTitle>
          <DialogDescription>Charged once per late invoice after the grace days; interest each month it stays unpaid.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormError error={save.error} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-name`}>Name *</Label>
            <Input id={`${id}-name`} value={v.name} onChange={(e) => set('name')(e.target.value)} placeholder="Dues late fee" />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {text('grace_days', 'Grace days *', { step: 1 })}
            <div className="grid gap-2">
              <Label htmlFor={`${id}-type`}>Fee type *</Label>
              <OptionSelect id={`${id}-type`} value={v.fee_type} onChange={set('fee_type')} options={LATE_FEE_TYPES.map((t) => ({ id: t, text: FEE_TYPE_LABELS[t]! }))} placeholder="Fee type" />
            </div>
            {usesFixed ? text('fixed_amount', 'Fixed fee *', { step: '0.01' }) : null}
            {usesPercent ? text('percent', 'Percent of balance *', { step: '0.01' }) : null}
            {text('max_amount', 'Maximum fee', { step: '0.01' })}
            {text('min_balance', 'Minimum balance', { step: '0.01' })}
            {text('annual_interest_rate', 'Annual interest rate (%)', { step: '0.01' })}
            <div className="grid gap-2">
              <Label htmlFor={`${id}-fee-item`}>Late fee item *</Label>
              <OptionSelect id={`${id}-fee-item`} value={v.late_fee_product_id} onChange={set('late_fee_product_id')} options={items} placeholder="Choose an item" />
            </div>
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium">Applies to items *</legend>
            {items.map((item) => (
              <div key={item.id} className="flex items-center gap-2">
                <Checkbox
                  id={`${id}-applies-${item.id}`}
                  checked={productIds.includes(item.id)}
                  onCheckedChange={(on) => setProductIds((old) => (on === true ? [...old, item.id] : old.filter((x) => x !== item.id)))}
                />
                <Label htmlFor={`${id}-applies-${item.id}`} className="font-normal">
                  {item.text}
                </Label>
              </div>
            ))}
          </fieldset>
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={save.isPending}>
            {rule ? 'Update Rule' : 'Add Rule'}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
