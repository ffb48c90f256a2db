import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { reserveComponentCreate } from '@covenant/contracts/entities';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useComponentMutation, type ReserveComponent } from './reserves.api';

type Input = z.input<typeof reserveComponentCreate>;
type Output = z.output<typeof reserveComponentCreate>;

const FIELDS: Array<{ name: 'useful_life_years' | 'remaining_life_years' | 'current_replacement_cost' | 'inflation_rate'; label: string; step: string; hint?: string }> = [
  { name: 'useful_life_years', label: 'Useful Life (years) *', step: '1' },
  { name: 'remaining_life_years', label: 'Remaining Life (years) *', step: '1', hint: '0 when it is due this year' },
  { name: 'current_replacement_cost', label: 'Current Replacement Cost *', step: '0.01' },
  { name: 'inflation_rate', label: 'Inflation (% a year)', step: '0.1' },
];

/** Add or edit a reserve component (the contract refuses a zero useful life and more remaining than useful life). */
export function ComponentFormDialog({ component, onClose }: { component: Pick<ReserveComponent, 'id' | 'name' | 'category' | 'useful_life_years' | 'remaining_life_years' | 'current_replacement_cost' | 'inflation_rate' | 'notes'> | null; onClose(): void }) {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(reserveComponentCreate),
    defaultValues: {
      name: component?.name ?? '',
      category: component?.category ?? '',
      useful_life_years: component ? String(component.useful_life_years) : '',
      remaining_life_years: component ? String(component.remaining_life_years) : '',
      current_replacement_cost: component ? String(component.current_replacement_cost) : '',
      inflation_rate: component ? String(component.inflation_rate) : '3',
      notes: component?.notes ?? '',
    },
  });
  const save = useComponentMutation();
  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { id: component?.id, values: { ...values, category: values.category || null, notes: values.notes || null } },
      {
        onSuccess: () => {
          toast.success(component ? 'Component updated' : 'Component added');
          onClose();
        },
      },
    ),
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{component ? 'Edit Component' : 'Add Component'}</DialogTitle>
          <DialogDescription>A common element the reserve fund replaces, with its cost today and its remaining life.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={onSubmit}>
            <FormError error={save.error} />
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name *</FormLabel>
                  <FormControl>
                    <Input placeholder="Roof replacement" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="category"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Category</FormLabel>
                  <FormControl>
                    <Input placeholder="Roofing" {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              {FIELDS.map((f) => (
                <FormField
                  key={f.name}
                  control={form.control}
                  name={f.name}
                  render={({ field }) => (
                    <FormItem>
                      <FormLabel>{f.label}</FormLabel>
                      <FormControl>
                        <Input type="number" min={0} step={f.step} inputMode="decimal" {...field} value={field.value === undefined ? '' : String(field.value)} />
                      </FormControl>
                      {f.hint ? <FormDescription>{f.hint}</FormDescription> : null}
                      <FormMessage />
                    </FormItem>
                  )}
                />
              ))}
            </div>
            <FormField
              control={form.control}
              name="notes"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Notes</FormLabel>
                  <FormControl>
                    <Textarea {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton isPending={save.isPending}>{component ? 'Update Component' : 'Add Component'}</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
