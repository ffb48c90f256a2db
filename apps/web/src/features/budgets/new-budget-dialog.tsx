import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { newBudgetForm } from '@covenant/contracts/entities';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCopyBudget, useSaveBudget, type Fund } from './budgets.api';

type NewBudget = z.infer<typeof newBudgetForm>;

/** New Budget: a draft for a fund and fiscal year, empty or with last year's lines copied (copyBudget). */
export function NewBudgetDialog({ funds, fiscalYear, onCreated, onClose }: { funds: Fund[]; fiscalYear: number; onCreated(id: string): void; onClose(): void }) {
  const form = useForm<NewBudget>({
    resolver: zodResolver(newBudgetForm),
    defaultValues: { name: '', fiscal_year: String(fiscalYear), fund_id: funds.find((f) => f.kind === 'operating')?.id ?? '', copy_last_year: false },
  });
  const save = useSaveBudget();
  const copy = useCopyBudget();
  const onSubmit = form.handleSubmit((v) => {
    const done = (b: { id: string }) => {
      toast.success('Budget created');
      onCreated(b.id);
    };
    if (v.copy_last_year) copy.mutate({ fund_id: v.fund_id, to_fiscal_year: Number(v.fiscal_year), name: v.name }, { onSuccess: done });
    else save.mutate({ name: v.name, fiscal_year: Number(v.fiscal_year), fund_id: v.fund_id, lines: [] }, { onSuccess: done });
  });

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>New Budget</DialogTitle>
          <DialogDescription>One budget per fund and fiscal year (named by the calendar year it starts in).</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form noValidate className="grid gap-4" onSubmit={onSubmit}>
            <FormError error={save.error ?? copy.error} />
            <FormField
              control={form.control}
              name="name"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Name *</FormLabel>
                  <FormControl>
                    <Input placeholder={`Operating budget ${fiscalYear}`} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="fiscal_year"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Fiscal Year *</FormLabel>
                    <FormControl>
                      <Input inputMode="numeric" maxLength={4} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="fund_id"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Fund *</FormLabel>
                    <Select value={field.value} onValueChange={field.onChange}>
                      <FormControl>
                        <SelectTrigger className="w-full">
                          <SelectValue placeholder="Choose a fund" />
                        </SelectTrigger>
                      </FormControl>
                      <SelectContent>
                        {funds.filter((f) => f.is_active).map((f) => (
                          <SelectItem key={f.id} value={f.id}>
                            {f.name}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="copy_last_year"
              render={({ field }) => (
                <FormItem className="flex flex-row items-start gap-3">
                  <FormControl>
                    <Checkbox checked={field.value} onCheckedChange={(c) => field.onChange(c === true)} />
                  </FormControl>
                  <div className="space-y-1">
                    <FormLabel>Copy from last year</FormLabel>
                    <FormDescription>Start from the lines of this fund&apos;s budget for the year before.</FormDescription>
                  </div>
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton isPending={save.isPending || copy.isPending}>Create Budget</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
