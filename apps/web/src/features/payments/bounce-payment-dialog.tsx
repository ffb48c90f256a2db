import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { bouncePaymentForm } from '@covenant/contracts/entities';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { entityKeys, invokeFunction } from '@/lib/entities';
import { today } from '@/lib/dates';
import type { Payment } from './payments.api';

type BounceForm = z.infer<typeof bouncePaymentForm>;

/**
 * Records a returned payment (bounced check, reversed transfer): the server reverses the payment and what it
 * paid on the bounce date, reopens those invoices, and bills the returned-payment fee when one is entered.
 */
export function BouncePaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const queryClient = useQueryClient();
  const form = useForm<BounceForm>({
    resolver: zodResolver(bouncePaymentForm),
    defaultValues: { date: today() < payment.payment_date ? payment.payment_date : today(), reason: '', fee_amount: '' },
  });
  const bounce = useMutation({
    mutationFn: (values: BounceForm) =>
      invokeFunction('bouncePayment', { payment_id: payment.id, date: values.date, reason: values.reason, ...(values.fee_amount ? { fee_amount: values.fee_amount } : {}) }),
    onSuccess: async () => {
      toast.success(`Payment ${payment.payment_number} marked as bounced`);
      for (const e of ['Payment', 'Invoice', 'PaymentInvoice'] as const) await queryClient.invalidateQueries({ queryKey: entityKeys.all(e) });
      onClose();
    },
  });

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Bounce Payment</DialogTitle>
          <DialogDescription>
            {payment.payment_number} · {formatMoney(payment.amount)} received {payment.payment_date}. The payment and what it paid are reversed on the bounce date; the invoices it paid reopen.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((values) => bounce.mutate(values))}>
            <FormError error={bounce.error} />
            <FormField
              control={form.control}
              name="date"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Bounce Date *</FormLabel>
                  <FormControl>
                    <Input type="date" min={payment.payment_date} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="reason"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Reason *</FormLabel>
                  <FormControl>
                    <Input placeholder="Insufficient funds" {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="fee_amount"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>Returned Payment Fee</FormLabel>
                  <FormControl>
                    <Input type="number" min={0} step="0.01" inputMode="decimal" {...field} />
                  </FormControl>
                  <FormDescription>Billed to the owner as an invoice dated the bounce date. Leave empty for none.</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
              <SubmitButton isPending={bounce.isPending}>{bounce.isPending ? 'Saving...' : 'Record Bounce'}</SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
