import { addDays, billTotals } from '@covenant/contracts/documents';
import { billForm } from '@covenant/contracts/bills-form';
import { formatMoney } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useFieldArray, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { DialogButtons, FormProblem } from '@/components/dialog-form';
import { SelectField, TextareaField, TextField, useContractForm } from '@/components/entity-form';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { expenseAccountsQuery, useSaveBill, vendorsQuery } from '@/features/bills/bills.api';
import { useOperatingFundId } from '@/features/funds/funds.api';
import { today } from '@/lib/dates';
import { FundField } from '@/features/funds/fund-field';

const blankLine = () => ({ description: '', quantity: '1', unit_price: '', account_id: '', fund_id: '' });
/** A typed amount for the running totals: blank or not a number counts as 0 until the form checks it. */
const asNumber = (value: unknown) => (typeof value === 'number' ? value : String(value ?? '').trim() === '' || Number.isNaN(Number(value)) ? 0 : Number(value));

/** 'Create Bill' (spec part 2, sections 2 and 5 'Bill form'): due date 30 days after today, total = subtotal + tax. */
export function BillFormDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        {open ? <BillForm onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BillForm({ onDone }: { onDone: () => void }) {
  const vendors = useQuery(vendorsQuery());
  const accounts = useQuery(expenseAccountsQuery());
  const saveBill = useSaveBill();
  const operating = useOperatingFundId();
  const form = useContractForm(billForm, {
    vendor_id: '',
    bill_number: '',
    bill_date: today(),
    due_date: addDays(today(), 30),
    tax_amount: '0',
    payment_terms: 'Net 30',
    notes: '',
    lines: [blankLine()],
  });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const [typedLines, tax] = useWatch({ control: form.control, name: ['lines', 'tax_amount'] });
  const totals = billTotals(
    typedLines.map((l) => ({ quantity: asNumber(l.quantity), unit_price: asNumber(l.unit_price) })),
    Math.max(0, asNumber(tax)),
  );
  const vendorOptions = (vendors.data ?? []).map((v) => ({ value: v.id, label: v.vendor_name }));
  const accountOptions = (accounts.data ?? []).map((a) => ({ value: a.id, label: `${a.account_number} - ${a.account_name}` }));

  const onVendorPicked = (vendorId: string) => {
    const terms = vendors.data?.find((v) => v.id === vendorId)?.payment_terms;
    if (terms) form.setValue('payment_terms', terms);
  };

  const onSubmit = (body: typeof billForm._output) =>
    saveBill.mutate(
      { ...body, status: 'pending', lines: body.lines.map((l) => ({ ...l, fund_id: l.fund_id || operating || undefined })) },
      {
        onSuccess: () => onDone(),
        // Spec part 2, section 5: save errors on forms are not shown; a toast keeps the user from losing work silently.
        onError: (error) => toast.error(error.message),
      },
    );

  return (
    <Form {...form}>
      <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate className="space-y-5">
        <DialogHeader>
          <DialogTitle>Create Bill</DialogTitle>
          <DialogDescription>Record a bill from a vendor.</DialogDescription>
        </DialogHeader>

        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField name="vendor_id" label="Vendor *" placeholder="Select vendor" options={vendorOptions} onPicked={onVendorPicked} />
          <TextField name="bill_number" label="Bill Number *" />
          <TextField name="bill_date" label="Bill Date *" type="date" />
          <TextField name="due_date" label="Due Date" type="date" />
          <TextField name="payment_terms" label="Payment Terms" />
        </div>

        <fieldset className="space-y-3">
          <div className="flex items-center justify-between">
            <legend className="font-medium">Line Items</legend>
            <Button type="button" variant="outline" size="sm" onClick={() => lines.append(blankLine())}>
              <PlusIcon aria-hidden="true" />
              Add Line
            </Button>
          </div>
          <ul className="space-y-3" aria-label="Line items">
            {lines.fields.map((line, index) => {
              const n = index + 1;
              return (
                <li key={line.id} aria-label={`Line ${n}`} className="grid gap-2 rounded-md border p-3 sm:grid-cols-12 sm:items-start [&_[data-slot=form-item]]:grid-cols-1">
                  <div className="min-w-0 sm:col-span-3">
                    <TextField name={`lines.${index}.description`} label="Description" />
                  </div>
                  <div className="min-w-0 sm:col-span-1">
                    <TextField name={`lines.${index}.quantity`} label="Quantity" type="number" min={0} step="any" />
                  </div>
                  <div className="min-w-0 sm:col-span-2">
                    <TextField name={`lines.${index}.unit_price`} label="Unit Price" type="number" min={0} step="0.01" />
                  </div>
                  <FundField name={`lines.${index}.fund_id`} label="Fund" fallback={operating} className="min-w-0 sm:col-span-2" />
                  <div className="min-w-0 sm:col-span-3">
                    <SelectField name={`lines.${index}.account_id`} label="Expense Account" placeholder="Select account" options={accountOptions} />
                  </div>
                  <div className="flex items-center justify-between gap-2 sm:col-span-1 sm:flex-col sm:items-end">
                    <span className="text-sm tabular-nums" aria-label={`Line ${n} total`}>
                      {formatMoney((totals.lineCents[index] ?? 0) / 100)}
                    </span>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Remove line ${n}`}
                      disabled={lines.fields.length === 1}
                      onClick={() => lines.remove(index)}
                    >
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
          <FormProblem message={form.formState.errors.lines?.root?.message ?? form.formState.errors.lines?.message ?? null} />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-4">
            <TextareaField name="notes" label="Notes" />
          </div>
          <div className="space-y-2 self-end">
            <TextField name="tax_amount" label="Tax Amount" type="number" min={0} step="0.01" className="text-right" />
            <dl className="space-y-2 text-sm" aria-label="Bill totals">
              <div className="flex justify-between">
                <dt>Subtotal</dt>
                <dd className="tabular-nums">{formatMoney(totals.subtotalCents / 100)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Tax</dt>
                <dd className="tabular-nums">{formatMoney(totals.taxCents / 100)}</dd>
              </div>
              <div className="flex justify-between border-t pt-2 text-base font-semibold">
                <dt>Total</dt>
                <dd className="tabular-nums">{formatMoney(totals.totalCents / 100)}</dd>
              </div>
            </dl>
          </div>
        </div>

        <DialogButtons onCancel={onDone} isPending={saveBill.isPending}>
          Create Bill
        </DialogButtons>
      </form>
    </Form>
  );
}
