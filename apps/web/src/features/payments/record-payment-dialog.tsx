import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { allocate } from '@covenant/contracts/documents';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { recordPaymentForm } from '@covenant/contracts/payments-form';
import { SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { entityKeys, filter, invokeFunction } from '@/lib/entities';
import type { Invoice } from '@/features/invoices/invoices.api';
import { OwnerField } from '@/features/invoices/owner-field';
import { BankAccountField } from '@/features/funds/fund-field';
import { useOperatingCashId } from '@/features/funds/funds.api';
import { today } from '@/lib/dates';

export const PAYMENT_METHODS = [
  { value: 'check', label: 'Check' },
  { value: 'cash', label: 'Cash' },
  { value: 'credit_card', label: 'Credit Card' },
  { value: 'bank_transfer', label: 'Bank Transfer' },
  { value: 'online', label: 'Online' },
  { value: 'other', label: 'Other' },
] as const;

function safeCents(value: string | number): number | null {
  try {
    const c = toCents(value);
    return c >= 0 ? c : null;
  } catch {
    return null;
  }
}

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m.value, label: m.label }));

/**
 * Records an owner payment allocated in order across the chosen invoices; mount it fresh for each opening
 * so the idempotency key is new per opening and a double submit records once.
 */
export function RecordPaymentDialog({ invoice, onClose }: { invoice?: Invoice | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const operatingCash = useOperatingCashId();
  const form = useContractForm(recordPaymentForm, {
    payment_date: today(),
    payment_method: 'check',
    amount: invoice ? String(invoice.balance_due) : '',
    owner_id: invoice?.owner_id ?? '',
    reference_number: '',
    notes: '',
    deposit_account_id: '',
    invoice_ids: invoice ? [invoice.id] : [],
  });
  const [ownerId, amount, selected] = useWatch({ control: form.control, name: ['owner_id', 'amount', 'invoice_ids'] });

  const openQuery = { owner_id: ownerId, balance_due: { $gt: 0 }, status: { $nin: ['cancelled', 'draft'] } };
  const outstanding = useQuery({
    queryKey: entityKeys.list('Invoice', { q: openQuery, sort: 'invoice_date,invoice_number', limit: 200 }),
    queryFn: () => filter<Invoice>('Invoice', openQuery, 'invoice_date,invoice_number', 200),
    enabled: !!ownerId,
  });
  const invoices = outstanding.data ?? [];
  // The chosen invoices are sent only once the owner's open invoices have loaded: before that the list is empty, and
  // a payment submitted then would go to the owner's credit instead of the invoice it was recorded for.
  const loadingInvoices = !!ownerId && outstanding.isPending;
  const chosen = invoices.filter((i) => selected.includes(i.id));
  const amountCents = safeCents(amount);
  const preview = amountCents === null ? null : allocate(amountCents, chosen.map((i) => ({ id: i.id, balanceCents: toCents(i.balance_due) })));
  const appliedTo = new Map(preview?.applications.map((a) => [a.id, a.cents]) ?? []);
  const setSelected = (ids: string[]) => form.setValue('invoice_ids', ids);

  const record = useMutation({
    mutationFn: ({ deposit_account_id, invoice_ids, reference_number, notes, ...body }: typeof recordPaymentForm._output) =>
      invokeFunction('recordPayment', {
        ...body,
        reference_number: reference_number || undefined,
        notes: notes || undefined,
        // Only the chosen invoices still listed as open for this owner.
        invoice_ids: invoice_ids.filter((id) => invoices.some((i) => i.id === id)),
        idempotency_key: idempotencyKey,
        deposit_account_id: deposit_account_id || operatingCash || undefined,
      }),
    onSuccess: async () => {
      for (const e of ['Payment', 'Invoice', 'PaymentInvoice'] as const) await queryClient.invalidateQueries({ queryKey: entityKeys.all(e) });
      onClose();
    },
  });

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Record Payment</DialogTitle>
          <DialogDescription>The amount is applied in order to the selected invoices; any remainder is kept as the owner's credit.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form className="space-y-4" noValidate onSubmit={(e) => void form.handleSubmit((body) => !loadingInvoices && record.mutate(body))(e)}>
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField name="payment_date" label="Payment Date *" type="date" />
              <SelectField name="payment_method" label="Payment Method *" options={METHOD_OPTIONS} />
              <TextField name="amount" label="Amount *" type="number" min={0} step="0.01" />
              <OwnerField name="owner_id" label="Owner *" onPicked={() => setSelected([])} />
            </div>

            {ownerId ? (
              <div className="space-y-2">
                <p className="text-sm font-medium">Outstanding Invoices</p>
                <ul className="h-48 overflow-y-auto rounded-md border p-2" aria-label="Outstanding invoices" data-testid="outstanding-invoices">
                  {outstanding.isPending ? <li className="text-muted-foreground text-sm">Loading...</li> : null}
                  {!outstanding.isPending && invoices.length === 0 ? (
                    <li className="text-muted-foreground text-sm">No outstanding invoices</li>
                  ) : null}
                  {invoices.map((inv) => {
                    const applied = appliedTo.get(inv.id);
                    return (
                      <li key={inv.id} className="flex items-center gap-2 py-1 text-sm">
                        <Checkbox
                          id={`apply-${inv.id}`}
                          aria-label={`Apply to ${inv.invoice_number}`}
                          checked={selected.includes(inv.id)}
                          onCheckedChange={(c) => setSelected(c ? [...selected, inv.id] : selected.filter((x) => x !== inv.id))}
                        />
                        <label htmlFor={`apply-${inv.id}`} className="flex flex-1 flex-wrap justify-between gap-2">
                          <span>{inv.invoice_number} · {inv.invoice_date}</span>
                          <span className="tabular-nums">
                            Balance {formatMoney(inv.balance_due)}
                            {applied ? <span className="ml-2 font-medium text-green-700 dark:text-green-400">Apply {formatMoney(applied / 100)}</span> : null}
                          </span>
                        </label>
                      </li>
                    );
                  })}
                </ul>
                {preview ? (
                  <p className="text-sm" data-testid="payment-allocation">
                    Applied: {formatMoney((amountCents! - preview.remainderCents) / 100)} · Owner credit: {formatMoney(preview.remainderCents / 100)}
                  </p>
                ) : null}
              </div>
            ) : null}

            <div className="grid gap-4">
              <BankAccountField name="deposit_account_id" label="Deposit Account" fallback={operatingCash} />
              <TextField name="reference_number" label="Reference Number" />
              <TextareaField name="notes" label="Notes" />
            </div>
            <FormError error={record.error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
              {/* Nothing to record until an owner and an amount are given and the owner's open invoices are loaded. */}
              <SubmitButton isPending={record.isPending} disabled={record.isPending || !ownerId || loadingInvoices || amountCents === null || amount === ''}>
                Record Payment
              </SubmitButton>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
