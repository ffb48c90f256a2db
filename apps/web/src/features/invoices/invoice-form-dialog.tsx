import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useEffect } from 'react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { documentNumber, invoiceTotals } from '@covenant/contracts/documents';
import { invoiceForm } from '@covenant/contracts/invoices-form';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { count, entityKeys, filter, get, invokeFunction, list } from '@/lib/entities';
import { FundField } from '@/features/funds/fund-field';
import { useOperatingFundId } from '@/features/funds/funds.api';
import { dueDateFor, type Invoice, type InvoiceLine, type OwnerRef, type Product, type TaxRate } from './invoices.api';
import { OwnerField } from './owner-field';
import { today } from '@/lib/dates';

type InvoiceBody = (typeof invoiceForm)['_output'];
const newLine = () => ({ product_id: '', description: '', quantity: '1', unit_price: '0', account_id: '', fund_id: '' });
const NO_TAX = 'none';

function safeTotals(lines: ReadonlyArray<{ quantity?: unknown; unit_price?: unknown }>, rate: string | number | null) {
  try {
    return invoiceTotals(lines.map((l) => ({ quantity: String(l.quantity ?? '') || 0, unit_price: String(l.unit_price ?? '') || 0 })), rate);
  } catch {
    return null;
  }
}

/** The create/edit invoice dialog; mount it fresh for each opening. An edit waits for the invoice's lines before showing the form. */
export function InvoiceFormDialog({ invoice, onClose }: { invoice: Invoice | null; onClose(): void }) {
  const existingLines = useQuery({
    queryKey: entityKeys.list('InvoiceLineItem', { q: { invoice_id: invoice?.id } }),
    queryFn: () => filter<InvoiceLine>('InvoiceLineItem', { invoice_id: invoice!.id }, 'line_no,created_date', 200),
    enabled: !!invoice,
  });
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{invoice ? 'Edit Invoice' : 'Create Invoice'}</DialogTitle>
          <DialogDescription>Bill an owner with line items; totals are calculated as you type.</DialogDescription>
        </DialogHeader>
        {invoice && !existingLines.data ? (
          existingLines.isError ? <FormError error={existingLines.error} /> : <p className="text-muted-foreground text-sm">Loading...</p>
        ) : (
          <InvoiceForm invoice={invoice} lines={existingLines.data} onClose={onClose} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function InvoiceForm({ invoice, lines: saved, onClose }: { invoice: Invoice | null; lines: InvoiceLine[] | undefined; onClose(): void }) {
  const queryClient = useQueryClient();
  const isEdit = invoice !== null;
  const operating = useOperatingFundId();
  const form = useContractForm(invoiceForm, {
    owner_id: invoice?.owner_id ?? '',
    invoice_date: invoice?.invoice_date ?? today(),
    due_date: invoice?.due_date ?? dueDateFor(today()),
    tax_rate_id: invoice?.tax_rate_id ?? '',
    notes: invoice?.notes ?? '',
    payment_terms: invoice?.payment_terms ?? 'Net 15',
    lines: saved
      ? saved.map((l) => ({
          product_id: l.product_id ?? '', description: l.description ?? '', quantity: String(Number(l.quantity)), unit_price: String(l.unit_price),
          account_id: l.account_id ?? '', fund_id: l.fund_id ?? '',
        }))
      : [newLine()],
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [ownerId, invoiceDate, taxRateId, typedLines] = useWatch({ control: form.control, name: ['owner_id', 'invoice_date', 'tax_rate_id', 'lines'] });

  // A new invoice's due date follows its date (15 days later) until the due date is set by hand.
  useEffect(() => {
    if (isEdit) return;
    const subscription = form.watch((values, { name }) => {
      if (name !== 'invoice_date' || form.getFieldState('due_date').isDirty || !values.invoice_date) return;
      try {
        form.setValue('due_date', dueDateFor(values.invoice_date));
      } catch {
        // Not a whole date yet.
      }
    });
    return () => subscription.unsubscribe();
  }, [form, isEdit]);

  const products = useQuery({
    queryKey: entityKeys.list('Product', { q: { is_active: true }, sort: 'product_code', limit: 500 }),
    queryFn: () => filter<Product>('Product', { is_active: true }, 'product_code', 500),
  });
  const taxRates = useQuery({
    queryKey: entityKeys.list('TaxRate', { sort: 'tax_name', limit: 500 }),
    queryFn: () => list<TaxRate>('TaxRate', { sort: 'tax_name', limit: 500 }),
  });
  const owner = useQuery({
    queryKey: entityKeys.one('Owner', ownerId),
    queryFn: () => get<OwnerRef>('Owner', ownerId),
    enabled: !!ownerId && !isEdit,
  });
  const sequence = useQuery({
    queryKey: entityKeys.count('Invoice', { owner_id: ownerId, invoice_date: invoiceDate }),
    queryFn: () => count('Invoice', { owner_id: ownerId, invoice_date: invoiceDate }),
    enabled: !!ownerId && !isEdit && /^\d{4}-\d{2}-\d{2}$/.test(invoiceDate),
  });
  let previewNumber = invoice?.invoice_number ?? '';
  if (!isEdit && owner.data && sequence.data !== undefined) {
    try {
      previewNumber = documentNumber('INV', owner.data.owner_id, invoiceDate, sequence.data + 1);
    } catch {
      previewNumber = '';
    }
  }

  const rate = taxRateId ? (taxRates.data?.find((t) => t.id === taxRateId)?.tax_rate ?? null) : null;
  const totals = safeTotals(typedLines, rate);

  const chooseProduct = (index: number, productId: string) => {
    const p = products.data?.find((x) => x.id === productId);
    if (!p) return;
    const line = form.getValues(`lines.${index}`);
    lines.update(index, { ...line, product_id: p.id, description: p.description, unit_price: String(p.unit_price), account_id: p.account_id ?? '', fund_id: p.fund_id ?? '' });
  };

  const save = useMutation({
    mutationFn: ({ body, status }: { body: InvoiceBody; status: 'draft' | 'sent' }) =>
      invokeFunction('saveInvoice', {
        ...(invoice ? { id: invoice.id } : {}),
        ...body,
        due_date: body.due_date || undefined,
        notes: body.notes || undefined,
        payment_terms: body.payment_terms || undefined,
        status,
        lines: body.lines.map((l) => ({ ...l, fund_id: l.fund_id || operating || undefined })),
      }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Invoice') });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('InvoiceLineItem') });
      onClose();
    },
  });
  const submitAs = (status: 'draft' | 'sent') => form.handleSubmit((body) => save.mutate({ body, status }));
  const canDraft = !isEdit || invoice.status === 'draft';

  return (
    <Form {...form}>
      <form className="space-y-4" noValidate onSubmit={(e) => void submitAs('sent')(e)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-2">
            {/* The server numbers the invoice by owner and date: the field shows only once the number is known, never blank. */}
            {previewNumber ? (
              <>
                <Label htmlFor="invoice-number">Invoice Number</Label>
                <Input id="invoice-number" readOnly value={previewNumber} />
              </>
            ) : (
              <>
                <p className="text-sm leading-none font-medium">Invoice Number</p>
                <p className="text-muted-foreground py-2 text-sm">{owner.isFetching || sequence.isFetching ? 'Generating…' : 'Generated when an owner is chosen'}</p>
              </>
            )}
          </div>
          <OwnerField name="owner_id" label="Owner *" disabled={isEdit && toCents(invoice.amount_paid) > 0} />
          <TextField name="invoice_date" label="Invoice Date *" type="date" />
          <TextField name="due_date" label="Due Date" type="date" />
          <TextField name="payment_terms" label="Payment Terms" />
          <FormField
            control={form.control}
            name="tax_rate_id"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Tax Rate</FormLabel>
                <Select value={field.value || NO_TAX} onValueChange={(v) => field.onChange(v === NO_TAX ? '' : v)}>
                  <FormControl>
                    <SelectTrigger className="w-full" ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    <SelectItem value={NO_TAX}>No Tax</SelectItem>
                    {(taxRates.data ?? [])
                      .filter((t) => t.is_active || t.id === field.value)
                      .map((t) => (
                        <SelectItem key={t.id} value={t.id}>
                          {t.tax_name} ({Number(t.tax_rate)}%)
                        </SelectItem>
                      ))}
                  </SelectContent>
                </Select>
                <FormMessage role="alert" />
              </FormItem>
            )}
          />
        </div>

        <fieldset className="space-y-2">
          <legend className="font-medium">Line Items</legend>
          {lines.fields.map((line, i) => (
            <div
              key={line.id}
              role="group"
              aria-label={`Line ${i + 1}`}
              className="grid items-start gap-2 rounded-md border p-2 sm:grid-cols-[1.2fr_1.6fr_1fr_0.7fr_0.9fr_0.9fr_auto] [&_[data-slot=form-item]]:grid-cols-1"
            >
              <FormField
                control={form.control}
                name={`lines.${i}.product_id`}
                render={({ field }) => (
                  <FormItem className="min-w-0">
                    <FormLabel>Product</FormLabel>
                    <Select value={field.value ?? ''} onValueChange={(v) => chooseProduct(i, v)}>
                      <SelectTrigger className="w-full" aria-label={`Product for line ${i + 1}`}>
                        <SelectValue placeholder="Select item" />
                      </SelectTrigger>
                      <SelectContent>
                        {(products.data ?? []).map((p) => (
                          <SelectItem key={p.id} value={p.id}>
                            {p.product_code} - {p.description}
                          </SelectItem>
                        ))}
                      </SelectContent>
                    </Select>
                  </FormItem>
                )}
              />
              <div className="min-w-0">
                <TextField name={`lines.${i}.description`} label="Description" aria-label={`Description for line ${i + 1}`} />
              </div>
              <FundField name={`lines.${i}.fund_id`} label="Fund" selectLabel={`Fund for line ${i + 1}`} fallback={operating} className="min-w-0" />
              <div className="min-w-0">
                <TextField name={`lines.${i}.quantity`} label="Quantity" aria-label={`Quantity for line ${i + 1}`} type="number" min={0} step="any" />
              </div>
              <div className="min-w-0">
                <TextField name={`lines.${i}.unit_price`} label="Unit Price" aria-label={`Unit price for line ${i + 1}`} type="number" min={0} step="0.01" />
              </div>
              <div className="grid gap-2">
                <span className="text-sm leading-none font-medium">Total</span>
                <p className="py-2 text-sm tabular-nums" aria-label={`Line total for line ${i + 1}`}>
                  {totals ? formatMoney((totals.lineCents[i] ?? 0) / 100) : '—'}
                </p>
              </div>
              <Button type="button" variant="ghost" size="icon" className="self-center" aria-label={`Remove line ${i + 1}`} onClick={() => lines.remove(i)}>
                <Trash2Icon />
              </Button>
            </div>
          ))}
          <Button type="button" variant="outline" size="sm" onClick={() => lines.append(newLine())}>
            <PlusIcon /> Add Line Item
          </Button>
        </fieldset>

        <div className="grid">
          <TextareaField name="notes" label="Notes" />
        </div>

        <dl className="ml-auto w-full max-w-xs space-y-1 text-sm" aria-label="Invoice totals">
          <div className="flex justify-between"><dt>Subtotal:</dt><dd data-testid="invoice-subtotal">{totals ? formatMoney(totals.subtotalCents / 100) : '—'}</dd></div>
          <div className="flex justify-between"><dt>Tax:</dt><dd data-testid="invoice-tax">{totals ? formatMoney(totals.taxCents / 100) : '—'}</dd></div>
          <div className="flex justify-between font-semibold"><dt>Total:</dt><dd data-testid="invoice-total">{totals ? formatMoney(totals.totalCents / 100) : '—'}</dd></div>
          {isEdit && toCents(invoice.amount_paid) > 0 ? (
            <div className="flex justify-between"><dt>Amount Paid:</dt><dd>{formatMoney(invoice.amount_paid)}</dd></div>
          ) : null}
        </dl>

        <FormError error={save.error} />
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
          {canDraft ? (
            <Button type="button" variant="secondary" disabled={save.isPending} onClick={() => void submitAs('draft')()}>
              Save as Draft
            </Button>
          ) : null}
          <SubmitButton isPending={save.isPending}>{isEdit ? 'Update & Send' : 'Approve & Send'}</SubmitButton>
        </DialogFooter>
      </form>
    </Form>
  );
}
