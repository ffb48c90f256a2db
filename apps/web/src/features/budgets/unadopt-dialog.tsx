import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { unadoptBudgetForm } from '@covenant/contracts/entities';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useUnadoptBudget, type Budget } from './budgets.api';

/** Un-adopting makes an adopted budget editable again; the reason is kept in the audit log. */
export function UnadoptDialog({ budget, onClose }: { budget: Budget; onClose(): void }) {
  const form = useForm<z.infer<typeof unadoptBudgetForm>>({ resolver: zodResolver(unadoptBudgetForm), defaultValues: { reason: '' } });
  const unadopt = useUnadoptBudget();
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Un-adopt Budget</DialogTitle>
          <DialogDescription>{budget.name} becomes a draft that can be changed and adopted again. The reason is recorded in the audit log.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form
            noValidate
            className="grid gap-4"
            onSubmit={form.handleSubmit((values) =>
              unadopt.mutate({ budget_id: budget.id, reason: values.reason }, { onSuccess: () => { toast.success('Budget is a draft again'); onClose(); } }),
            )}
          >
            <FormError error={unadopt.error} />
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason *</FormLabel>
                  <FormControl>
                    <Textarea placeholder="The board revised the insurance line" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <SubmitButton isPending={unadopt.isPending}>Un-adopt</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
