import { addDays, billTotals } from '@covenant/contracts/documents';
import { formatMoney } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { expenseAccountsQuery, useSaveBill, vendorsQuery } from '@/features/bills/bills.api';
import { FundSelect } from '@/features/funds/fund-select';
import { useOperatingFundId } from '@/features/funds/funds.api';
import { today } from '@/lib/dates';

interface LineDraft {
  key: number;
  description: string;
  quantity: string;
  unit_price: string;
  account_id: string;
  /** '' until chosen: the Operating fund. */
  fund_id: string;
}

type Errors = Partial<Record<'vendor_id' | 'bill_number' | 'bill_date' | 'tax_amount' | 'lines', string>>;

let nextKey = 1;
const blankLine = (): LineDraft => ({ key: nextKey++, description: '', quantity: '1', unit_price: '', account_id: '', fund_id: '' });

const asNumber = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? 0 : Number(text));

function validate(form: { vendor_id: string; bill_number: string; bill_date: string; tax_amount: string }, lines: LineDraft[]): Errors {
  const errors: Errors = {};
  if (!form.vendor_id) errors.vendor_id = 'Vendor is required';
  if (!form.bill_number.trim()) errors.bill_number = 'Bill number is required';
  if (!form.bill_date) errors.bill_date = 'Bill date is required';
  if (form.tax_amount.trim() !== '' && (Number.isNaN(Number(form.tax_amount)) || Number(form.tax_amount) < 0)) {
    errors.tax_amount = 'Tax amount must be 0 or more';
  }
  if (lines.length === 0) errors.lines = 'Add at least one line item';
  else if (lines.some((l) => !l.account_id)) errors.lines = 'Choose an expense account for every line';
  else if (lines.some((l) => asNumber(l.quantity) < 0 || asNumber(l.unit_price) < 0)) errors.lines = 'Quantity and unit price must be 0 or more';
  return errors;
}

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
  const [form, setForm] = useState(() => ({
    vendor_id: '',
    bill_number: '',
    bill_date: today(),
    due_date: addDays(today(), 30),
    tax_amount: '0',
    payment_terms: 'Net 30',
    notes: '',
  }));
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine()]);
  // Errors show after the first submit and then follow the fields as they are corrected.
  const [isSubmitted, setIsSubmitted] = useState(false);
  const errors: Errors = isSubmitted ? validate(form, lines) : {};
  const totals = billTotals(
    lines.map((l) => ({ quantity: asNumber(l.quantity), unit_price: asNumber(l.unit_price) })),
    asNumber(form.tax_amount) < 0 ? 0 : asNumber(form.tax_amount),
  );

  const setField = (name: keyof typeof form, value: string) => setForm((current) => ({ ...current, [name]: value }));
  const setLine = (key: number, patch: Partial<LineDraft>) =>
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));

  const onVendorChange = (vendorId: string) => {
    const vendor = vendors.data?.find((v) => v.id === vendorId);
    setForm((current) => ({ ...current, vendor_id: vendorId, payment_terms: vendor?.payment_terms || current.payment_terms }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    if (Object.keys(validate(form, lines)).length > 0) return;
    saveBill.mutate(
      {
        vendor_id: form.vendor_id,
        bill_number: form.bill_number.trim(),
        bill_date: form.bill_date,
        due_date: form.due_date || undefined,
        tax_amount: asNumber(form.tax_amount),
        payment_terms: form.payment_terms.trim() || undefined,
        notes: form.notes.trim() || undefined,
        status: 'pending',
        lines: lines.map((l) => ({
          description: l.description.trim(),
          quantity: asNumber(l.quantity),
          unit_price: asNumber(l.unit_price),
          account_id: l.account_id,
          fund_id: l.fund_id || operating || undefined,
        })),
      },
      {
        onSuccess: () => onDone(),
        // Spec part 2, section 5: save errors on forms are not shown; a toast keeps the user from losing work silently.
        onError: (error) => toast.error(error.message),
      },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <DialogHeader>
        <DialogTitle>Create Bill</DialogTitle>
        <DialogDescription>Record a bill from a vendor.</DialogDescription>
      </DialogHeader>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="bill-vendor">Vendor *</Label>
          <Select value={form.vendor_id} onValueChange={onVendorChange}>
            <SelectTrigger id="bill-vendor" className="w-full" aria-invalid={errors.vendor_id ? true : undefined}>
              <SelectValue placeholder="Select vendor" />
            </SelectTrigger>
            <SelectContent>
              {(vendors.data ?? []).map((vendor) => (
                <SelectItem key={vendor.id} value={vendor.id}>
                  {vendor.vendor_name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          {errors.vendor_id ? <p className="text-destructive text-sm">{errors.vendor_id}</p> : null}
        </div>
        <div className="space-y-2">
          <Label htmlFor="bill-number">Bill Number *</Label>
          <Input
            id="bill-number"
            value={form.bill_number}
            aria-invalid={errors.bill_number ? true : undefined}
            onChange={(e) => setField('bill_number', e.target.value)}
          />
          {errors.bill_number ? <p className="text-destructive text-sm">{errors.bill_number}</p> : null}
        </div>
        <div className="space-y-2">
          <Label htmlFor="bill-date">Bill Date *</Label>
          <Input
            id="bill-date"
            type="date"
            value={form.bill_date}
            aria-invalid={errors.bill_date ? true : undefined}
            onChange={(e) => setField('bill_date', e.target.value)}
          />
          {errors.bill_date ? <p className="text-destructive text-sm">{errors.bill_date}</p> : null}
        </div>
        <div className="space-y-2">
          <Label htmlFor="bill-due-date">Due Date</Label>
          <Input id="bill-due-date" type="date" value={form.due_date} onChange={(e) => setField('due_date', e.target.value)} />
        </div>
        <div className="space-y-2">
          <Label htmlFor="bill-terms">Payment Terms</Label>
          <Input id="bill-terms" value={form.payment_terms} onChange={(e) => setField('payment_terms', e.target.value)} />
        </div>
      </div>

      <fieldset className="space-y-3">
        <div className="flex items-center justify-between">
          <legend className="font-medium">Line Items</legend>
          <Button type="button" variant="outline" size="sm" onClick={() => setLines((current) => [...current, blankLine()])}>
            <PlusIcon aria-hidden="true" />
            Add Line
          </Button>
        </div>
        <ul className="space-y-3" aria-label="Line items">
          {lines.map((line, index) => {
            const n = index + 1;
            return (
              <li key={line.key} aria-label={`Line ${n}`} className="grid gap-2 rounded-md border p-3 sm:grid-cols-12 sm:items-end">
                <div className="space-y-1 sm:col-span-3">
                  <Label htmlFor={`line-${line.key}-description`}>Description</Label>
                  <Input
                    id={`line-${line.key}-description`}
                    value={line.description}
                    onChange={(e) => setLine(line.key, { description: e.target.value })}
                  />
                </div>
                <div className="space-y-1 sm:col-span-1">
                  <Label htmlFor={`line-${line.key}-quantity`}>Quantity</Label>
                  <Input
                    id={`line-${line.key}-quantity`}
                    type="number"
                    min={0}
                    step="any"
                    value={line.quantity}
                    onChange={(e) => setLine(line.key, { quantity: e.target.value })}
                  />
                </div>
                <div className="space-y-1 sm:col-span-2">
                  <Label htmlFor={`line-${line.key}-price`}>Unit Price</Label>
                  <Input
                    id={`line-${line.key}-price`}
                    type="number"
                    min={0}
                    step="0.01"
                    value={line.unit_price}
                    onChange={(e) => setLine(line.key, { unit_price: e.target.value })}
                  />
                </div>
                <div className="space-y-1 sm:col-span-2">
                  <Label htmlFor={`line-${line.key}-fund`}>Fund</Label>
                  <FundSelect id={`line-${line.key}-fund`} value={line.fund_id || operating} onChange={(value) => setLine(line.key, { fund_id: value })} />
                </div>
                <div className="space-y-1 sm:col-span-3">
                  <Label htmlFor={`line-${line.key}-account`}>Expense Account</Label>
                  <Select value={line.account_id} onValueChange={(value) => setLine(line.key, { account_id: value })}>
                    <SelectTrigger id={`line-${line.key}-account`} className="w-full">
                      <SelectValue placeholder="Select account" />
                    </SelectTrigger>
                    <SelectContent>
                      {(accounts.data ?? []).map((account) => (
                        <SelectItem key={account.id} value={account.id}>
                          {account.account_number} - {account.account_name}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
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
                    disabled={lines.length === 1}
                    onClick={() => setLines((current) => current.filter((l) => l.key !== line.key))}
                  >
                    <Trash2Icon aria-hidden="true" />
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
        {errors.lines ? <p className="text-destructive text-sm">{errors.lines}</p> : null}
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor="bill-notes">Notes</Label>
          <Textarea id="bill-notes" rows={3} value={form.notes} onChange={(e) => setField('notes', e.target.value)} />
        </div>
        <dl className="space-y-2 self-end text-sm" aria-label="Bill totals">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd className="tabular-nums">{formatMoney(totals.subtotalCents / 100)}</dd>
          </div>
          <div className="flex items-center justify-between gap-4">
            <dt>
              <Label htmlFor="bill-tax">Tax Amount</Label>
            </dt>
            <dd>
              <Input
                id="bill-tax"
                className="w-32 text-right"
                type="number"
                min={0}
                step="0.01"
                value={form.tax_amount}
                aria-invalid={errors.tax_amount ? true : undefined}
                onChange={(e) => setField('tax_amount', e.target.value)}
              />
            </dd>
          </div>
          {errors.tax_amount ? <p className="text-destructive text-right">{errors.tax_amount}</p> : null}
          <div className="flex justify-between border-t pt-2 text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular-nums">{formatMoney(totals.totalCents / 100)}</dd>
          </div>
        </dl>
      </div>

      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saveBill.isPending}>
          {saveBill.isPending ? 'Saving...' : 'Create Bill'}
        </Button>
      </DialogFooter>
    </form>
  );
}
