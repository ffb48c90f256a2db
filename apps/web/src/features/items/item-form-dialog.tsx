import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { create, entityKeys, update } from '@/lib/entities';
import { accountLabel, type Account } from '@/features/chart-of-accounts/accounts.api';
import { FundSelect } from '@/features/funds/fund-select';
import { useOperatingFundId } from '@/features/funds/funds.api';
import { FieldRow } from '@/features/owners/owner-form-dialog';
import { errorMessage } from '@/lib/api';
import type { Product } from './items.api';

interface Values {
  product_code: string;
  unit_price: string;
  description: string;
  account_id: string;
  /** '' until chosen: the Operating fund. */
  fund_id: string;
  is_active: boolean;
}
type Errors = Partial<Record<'product_code' | 'unit_price' | 'description' | 'account_id', string>>;

/** The product form's rules (spec part 2, section 5): every field required, price a number of at least 0. */
function validateItem(v: Values): Errors {
  const errors: Errors = {};
  if (!v.product_code.trim()) errors.product_code = 'Product code is required';
  if (v.unit_price.trim() === '') errors.unit_price = 'Unit price is required';
  else if (!Number.isFinite(Number(v.unit_price))) errors.unit_price = 'Unit price must be a number';
  else if (Number(v.unit_price) < 0) errors.unit_price = 'Unit price must be at least 0';
  if (!v.description.trim()) errors.description = 'Description is required';
  if (!v.account_id) errors.account_id = 'Default account is required';
  return errors;
}

export function ItemFormDialog({ item, accounts, onClose }: { item: Product | null; accounts: readonly Account[]; onClose(): void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const isEdit = item !== null;
  const [values, setValues] = useState<Values>(() => ({
    product_code: item?.product_code ?? '',
    unit_price: item ? String(item.unit_price) : '',
    description: item?.description ?? '',
    account_id: item?.account_id ?? '',
    fund_id: item?.fund_id ?? '',
    is_active: item?.is_active ?? true,
  }));
  const operating = useOperatingFundId();
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = {
        product_code: v.product_code.trim(),
        unit_price: Number(v.unit_price),
        description: v.description.trim(),
        account_id: v.account_id,
        fund_id: v.fund_id || operating || undefined,
        is_active: v.is_active,
      };
      return isEdit ? update<Product>('Product', item.id, body) : create<Product>('Product', body);
    },
    onSuccess: async () => {
      toast.success(isEdit ? 'Item updated' : 'Item created');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Product') });
      onClose();
    },
    onError: (e) => toast.error(`Failed to save item: ${errorMessage(e)}`),
  });

  const id = (f: string) => `${uid}-${f}`;
  const set = <K extends keyof Values>(f: K, value: Values[K]) => setValues((v) => ({ ...v, [f]: value }));
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateItem(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };
  // An inactive account stays choosable when it is the item's current one.
  const choices = accounts.filter((a) => a.is_active || a.id === values.account_id);

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Item' : 'Add New Item'}</DialogTitle>
          <DialogDescription>A billable item and the account it posts to.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldRow id={id('code')} label="Product Code" error={errors.product_code}>
              <Input id={id('code')} value={values.product_code} onChange={(e) => set('product_code', e.target.value)} aria-invalid={errors.product_code ? true : undefined} />
            </FieldRow>
            <FieldRow id={id('price')} label="Unit Price" error={errors.unit_price}>
              <Input
                id={id('price')}
                type="number"
                min={0}
                step={0.01}
                value={values.unit_price}
                onChange={(e) => set('unit_price', e.target.value)}
                aria-invalid={errors.unit_price ? true : undefined}
              />
            </FieldRow>
          </div>
          <FieldRow id={id('description')} label="Description" error={errors.description}>
            <Textarea id={id('description')} value={values.description} onChange={(e) => set('description', e.target.value)} aria-invalid={errors.description ? true : undefined} />
          </FieldRow>
          <FieldRow id={id('account')} label="Default Account" error={errors.account_id}>
            <Select value={values.account_id} onValueChange={(a) => set('account_id', a)}>
              <SelectTrigger id={id('account')} className="w-full" aria-invalid={errors.account_id ? true : undefined}>
                <SelectValue placeholder="Select account" />
              </SelectTrigger>
              <SelectContent>
                {choices.map((a) => (
                  <SelectItem key={a.id} value={a.id}>
                    {accountLabel(a)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </FieldRow>
          <FieldRow id={id('fund')} label="Fund">
            <FundSelect id={id('fund')} value={values.fund_id || operating} onChange={(f) => set('fund_id', f)} />
          </FieldRow>
          <div className="flex items-center gap-2">
            <Switch id={id('active')} checked={values.is_active} onCheckedChange={(c) => set('is_active', c)} />
            <Label htmlFor={id('active')}>Active</Label>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : isEdit ? 'Update Item' : 'Create Item'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
