import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { bouncePaymentForm } from '@covenant/contracts/entities';
import { formatMoney } from '@covenant/contracts/money';
import { EntityFormDialog, TextField, useContractForm } from '@/components/entity-form';
import { entityKeys, invokeFunction } from '@/lib/entities';
import { today } from '@/lib/dates';
import type { Payment } from './payments.api';

/**
 * Records a returned payment (bounced check, reversed transfer): the server reverses the payment and what it
 * paid on the bounce date, reopens those invoices, and bills the returned-payment fee when one is entered.
 */
export function BouncePaymentDialog({ payment, onClose }: { payment: Payment; onClose(): void }) {
  const queryClient = useQueryClient();
  const form = useContractForm(bouncePaymentForm, {
    date: today() < payment.payment_date ? payment.payment_date : today(),
    reason: '',
    fee_amount: '',
  });
  const bounce = useMutation({
    mutationFn: ({ fee_amount, ...values }: typeof bouncePaymentForm._output) =>
      invokeFunction('bouncePayment', { payment_id: payment.id, ...values, ...(fee_amount ? { fee_amount } : {}) }),
    onSuccess: async () => {
      toast.success(`Payment ${payment.payment_number} marked as bounced`);
      for (const e of ['Payment', 'Invoice', 'PaymentInvoice'] as const) await queryClient.invalidateQueries({ queryKey: entityKeys.all(e) });
      onClose();
    },
  });

  return (
    <EntityFormDialog
      title="Bounce Payment"
      description={`${payment.payment_number} · ${formatMoney(payment.amount)} received ${payment.payment_date}. The payment and what it paid are reversed on the bounce date; the invoices it paid reopen.`}
      form={form}
      onSubmit={(values) => bounce.mutate(values)}
      onClose={onClose}
      isPending={bounce.isPending}
      error={bounce.error}
      submitLabel="Record Bounce"
    >
      <TextField name="date" label="Bounce Date *" type="date" min={payment.payment_date} />
      <TextField name="reason" label="Reason *" placeholder="Insufficient funds" wide />
      <TextField
        name="fee_amount"
        label="Returned Payment Fee"
        description="Billed to the owner as an invoice dated the bounce date. Leave empty for none."
        type="number"
        min={0}
        step="0.01"
        inputMode="decimal"
        wide
      />
    </EntityFormDialog>
  );
}
