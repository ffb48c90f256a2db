import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { create, entityKeys, update } from '@/lib/entities';
import { FieldRow } from '@/features/owners/owner-form-dialog';
import { errorMessage } from '@/lib/api';
import type { TaxRate } from './tax-rates.api';

interface Values {
  tax_name: string;
  tax_rate: string;
  description: string;
  is_active: boolean;
}
type Errors = Partial<Record<'tax_name' | 'tax_rate', string>>;

/** The tax rate form's rules (spec part 2, section 5): name required, rate required from 0 to 100. */
function validateTaxRate(v: Values): Errors {
  const errors: Errors = {};
  if (!v.tax_name.trim()) errors.tax_name = 'Tax name is required';
  const rate = Number(v.tax_rate);
  if (v.tax_rate.trim() === '') errors.tax_rate = 'Tax rate is required';
  else if (!Number.isFinite(rate) || rate < 0 || rate > 100) errors.tax_rate = 'Tax rate must be between 0 and 100';
  return errors;
}

export function TaxRateFormDialog({ taxRate, onClose }: { taxRate: TaxRate | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const isEdit = taxRate !== null;
  const [values, setValues] = useState<Values>(() => ({
    tax_name: taxRate?.tax_name ?? '',
    tax_rate: taxRate ? String(Number(taxRate.tax_rate)) : '',
    description: taxRate?.description ?? '',
    is_active: taxRate?.is_active ?? true,
  }));
  const [errors, setErrors] = useState<Errors>({});

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body = { tax_name: v.tax_name.trim(), tax_rate: Number(v.tax_rate), description: v.description, is_active: v.is_active };
      return isEdit ? update<TaxRate>('TaxRate', taxRate.id, body) : create<TaxRate>('TaxRate', body);
    },
    onSuccess: async () => {
      toast.success(isEdit ? 'Tax rate updated' : 'Tax rate created');
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('TaxRate') });
      onClose();
    },
    onError: (e) => toast.error(`Failed to save tax rate: ${errorMessage(e)}`),
  });

  const id = (f: string) => `${uid}-${f}`;
  const set = <K extends keyof Values>(f: K, value: Values[K]) => setValues((v) => ({ ...v, [f]: value }));
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateTaxRate(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Tax Rate' : 'Add New Tax Rate'}</DialogTitle>
          <DialogDescription>A sales tax rate, as a percentage.</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <FieldRow id={id('name')} label="Tax Name" error={errors.tax_name}>
              <Input id={id('name')} value={values.tax_name} onChange={(e) => set('tax_name', e.target.value)} aria-invalid={errors.tax_name ? true : undefined} />
            </FieldRow>
            <FieldRow id={id('rate')} label="Tax Rate (%)" error={errors.tax_rate}>
              <Input
                id={id('rate')}
                type="number"
                min={0}
                max={100}
                step={0.01}
                value={values.tax_rate}
                onChange={(e) => set('tax_rate', e.target.value)}
                aria-invalid={errors.tax_rate ? true : undefined}
              />
            </FieldRow>
          </div>
          <FieldRow id={id('description')} label="Description">
            <Textarea id={id('description')} value={values.description} onChange={(e) => set('description', e.target.value)} />
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
              {save.isPending ? 'Saving...' : isEdit ? 'Update Tax Rate' : 'Create Tax Rate'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
