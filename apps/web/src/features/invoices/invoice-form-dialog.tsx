import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { documentNumber, invoiceTotals } from '@covenant/contracts/documents';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { EntityPicker } from '@/components/entity-picker';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { count, entityKeys, filter, get, invokeFunction, list } from '@/lib/entities';
import { FundSelect } from '@/features/funds/fund-select';
import { useOperatingFundId } from '@/features/funds/funds.api';
import {
  OWNER_FIELDS, dueDateFor, ownerLabel, type Invoice, type InvoiceLine, type OwnerRef, type Product, type TaxRate,
} from './invoices.api';
import { today } from '@/lib/dates';

interface LineState {
  key: string;
  product_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  account_id: string | null;
  /** '' until chosen: the Operating fund. */
  fund_id: string;
}

const newLine = (): LineState => ({ key: crypto.randomUUID(), product_id: null, description: '', quantity: '1', unit_price: '0', account_id: null, fund_id: '' });
const NO_TAX = 'none';

function safeTotals(lines: LineState[], rate: string | number | null) {
  try {
    return invoiceTotals(lines.map((l) => ({ quantity: l.quantity || 0, unit_price: l.unit_price || 0 })), rate);
  } catch {
    return null;
  }
}

/** The create/edit invoice dialog; mount it fresh for each opening. */
export function InvoiceFormDialog({ invoice, onClose }: { invoice: Invoice | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const isEdit = !!invoice;
  const [ownerId, setOwnerId] = useState<string | null>(invoice?.owner_id ?? null);
  const [invoiceDate, setInvoiceDate] = useState(invoice?.invoice_date ?? today());
  const [dueDate, setDueDate] = useState(invoice?.due_date ?? dueDateFor(today()));
  const [dueManual, setDueManual] = useState(isEdit);
  const [taxRateId, setTaxRateId] = useState<string>(invoice?.tax_rate_id ?? NO_TAX);
  const [notes, setNotes] = useState(invoice?.notes ?? '');
  const [terms, setTerms] = useState(invoice?.payment_terms ?? 'Net 15');
  const [lines, setLines] = useState<LineState[] | null>(isEdit ? null : [newLine()]);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const [touched, setTouched] = useState(false);
  const operating = useOperatingFundId();

  const existingLines = useQuery({
    queryKey: entityKeys.list('InvoiceLineItem', { q: { invoice_id: invoice?.id } }),
    queryFn: () => filter<InvoiceLine>('InvoiceLineItem', { invoice_id: invoice!.id }, 'line_no,created_date', 200),
    enabled: isEdit,
  });
  if (isEdit && lines === null && existingLines.data) {
    setLines(
      existingLines.data.map((l) => ({
        key: l.id, product_id: l.product_id, description: l.description ?? '', quantity: String(Number(l.quantity)),
        unit_price: String(l.unit_price), account_id: l.account_id, fund_id: l.fund_id ?? '',
      })),
    );
  }
  const products = useQuery({
    queryKey: entityKeys.list('Product', { q: { is_active: true }, sort: 'product_code', limit: 500 }),
    queryFn: () => filter<Product>('Product', { is_active: true }, 'product_code', 500),
  });
  const taxRates = useQuery({
    queryKey: entityKeys.list('TaxRate', { sort: 'tax_name', limit: 500 }),
    queryFn: () => list<TaxRate>('TaxRate', { sort: 'tax_name', limit: 500 }),
  });
  const owner = useQuery({
    queryKey: entityKeys.one('Owner', ownerId ?? ''),
    queryFn: () => get<OwnerRef>('Owner', ownerId!),
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

  const rate = taxRateId === NO_TAX ? null : (taxRates.data?.find((t) => t.id === taxRateId)?.tax_rate ?? null);
  const current = lines ?? [];
  const totals = safeTotals(current, rate);

  const updateLine = (key: string, patch: Partial<LineState>) =>
    setLines((ls) => (ls ?? []).map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const chooseProduct = (key: string, productId: string) => {
    const p = products.data?.find((x) => x.id === productId);
    if (p) updateLine(key, { product_id: p.id, description: p.description, unit_price: String(p.unit_price), account_id: p.account_id, fund_id: p.fund_id ?? '' });
  };

  const save = async (status: 'draft' | 'sent') => {
    setTouched(true);
    if (!ownerId || !invoiceDate) return;
    setSaving(true);
    setError(null);
    try {
      await invokeFunction('saveInvoice', {
        ...(invoice ? { id: invoice.id } : {}),
        owner_id: ownerId,
        invoice_date: invoiceDate,
        due_date: dueDate || undefined,
        tax_rate_id: taxRateId === NO_TAX ? null : taxRateId,
        notes: notes || undefined,
        payment_terms: terms || undefined,
        status,
        lines: current.map((l) => ({
          product_id: l.product_id, description: l.description, quantity: l.quantity || '0', unit_price: l.unit_price || '0', account_id: l.account_id,
          fund_id: l.fund_id || operating || undefined,
        })),
      });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('Invoice') });
      await queryClient.invalidateQueries({ queryKey: entityKeys.all('InvoiceLineItem') });
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  const canDraft = !isEdit || invoice.status === 'draft';
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-4xl">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Invoice' : 'Create Invoice'}</DialogTitle>
          <DialogDescription>Bill an owner with line items; totals are calculated as you type.</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save('sent');
          }}
        >
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
            <div className="space-y-2">
              <Label htmlFor="invoice-owner">Owner *</Label>
              <EntityPicker<OwnerRef>
                id="invoice-owner"
                entity="Owner"
                label="Owner"
                value={ownerId}
                onChange={setOwnerId}
                searchFields={['first_name', 'last_name', 'owner_id']}
                sort="last_name,first_name"
                fields={OWNER_FIELDS}
                labelOf={ownerLabel}
                noneLabel="Select an owner"
                disabled={isEdit && Number(invoice.amount_paid) > 0}
              />
              {touched && !ownerId ? <p className="text-destructive text-sm">Owner is required</p> : null}
            </div>
            <div className="space-y-2">
              <Label htmlFor="invoice-date">Invoice Date *</Label>
              <Input
                id="invoice-date"
                type="date"
                required
                value={invoiceDate}
                onChange={(e) => {
                  setInvoiceDate(e.target.value);
                  if (!dueManual && e.target.value) setDueDate(dueDateFor(e.target.value));
                }}
              />
              {touched && !invoiceDate ? <p className="text-destructive text-sm">Invoice date is required</p> : null}
            </div>
            <div className="space-y-2">
              <Label htmlFor="invoice-due">Due Date</Label>
              <Input
                id="invoice-due"
                type="date"
                value={dueDate}
                onChange={(e) => {
                  setDueDate(e.target.value);
                  setDueManual(true);
                }}
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="invoice-terms">Payment Terms</Label>
              <Input id="invoice-terms" value={terms} onChange={(e) => setTerms(e.target.value)} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="invoice-tax">Tax Rate</Label>
              <Select value={taxRateId} onValueChange={setTaxRateId}>
                <SelectTrigger id="invoice-tax" className="w-full" aria-label="Tax Rate">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value={NO_TAX}>No Tax</SelectItem>
                  {(taxRates.data ?? [])
                    .filter((t) => t.is_active || t.id === taxRateId)
                    .map((t) => (
                      <SelectItem key={t.id} value={t.id}>
                        {t.tax_name} ({Number(t.tax_rate)}%)
                      </SelectItem>
                    ))}
                </SelectContent>
              </Select>
            </div>
          </div>

          <fieldset className="space-y-2">
            <legend className="font-medium">Line Items</legend>
            {lines === null ? <p className="text-muted-foreground text-sm">Loading...</p> : null}
            {current.map((line, i) => (
              <div key={line.key} role="group" aria-label={`Line ${i + 1}`} className="grid items-end gap-2 rounded-md border p-2 sm:grid-cols-[1.2fr_1.6fr_1fr_0.7fr_0.9fr_0.9fr_auto]">
                <div className="space-y-1">
                  <Label className="text-xs">Product</Label>
                  <Select value={line.product_id ?? ''} onValueChange={(v) => chooseProduct(line.key, v)}>
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
                </div>
                <div className="space-y-1">
                  <Label className="text-xs" htmlFor={`desc-${line.key}`}>Description</Label>
                  <Input id={`desc-${line.key}`} aria-label={`Description for line ${i + 1}`} value={line.description} onChange={(e) => updateLine(line.key, { description: e.target.value })} />
                </div>
                <div className="space-y-1">
                  <Label className="text-xs" htmlFor={`fund-${line.key}`}>Fund</Label>
                  <FundSelect id={`fund-${line.key}`} label={`Fund for line ${i + 1}`} value={line.fund_id || operating} onChange={(v) => updateLine(line.key, { fund_id: v })} />
                </div>
                <div className="space-y-1">
                  <Label className="text-xs" htmlFor={`qty-${line.key}`}>Quantity</Label>
                  <Input id={`qty-${line.key}`} aria-label={`Quantity for line ${i + 1}`} type="number" min={0} step="any" value={line.quantity} onChange={(e) => updateLine(line.key, { quantity: e.target.value })} />
                </div>
                <div className="space-y-1">
                  <Label className="text-xs" htmlFor={`price-${line.key}`}>Unit Price</Label>
                  <Input id={`price-${line.key}`} aria-label={`Unit price for line ${i + 1}`} type="number" min={0} step="0.01" value={line.unit_price} onChange={(e) => updateLine(line.key, { unit_price: e.target.value })} />
                </div>
                <div className="space-y-1">
                  <span className="text-xs font-medium">Total</span>
                  <p className="py-2 text-sm tabular-nums" aria-label={`Line total for line ${i + 1}`}>
                    {totals ? formatMoney(totals.lineCents[i]! / 100) : '—'}
                  </p>
                </div>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove line ${i + 1}`} onClick={() => setLines((ls) => (ls ?? []).filter((l) => l.key !== line.key))}>
                  <Trash2Icon />
                </Button>
              </div>
            ))}
            <Button type="button" variant="outline" size="sm" onClick={() => setLines((ls) => [...(ls ?? []), newLine()])}>
              <PlusIcon /> Add Line Item
            </Button>
          </fieldset>

          <div className="space-y-2">
            <Label htmlFor="invoice-notes">Notes</Label>
            <Textarea id="invoice-notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>

          <dl className="ml-auto w-full max-w-xs space-y-1 text-sm" aria-label="Invoice totals">
            <div className="flex justify-between"><dt>Subtotal:</dt><dd data-testid="invoice-subtotal">{totals ? formatMoney(totals.subtotalCents / 100) : '—'}</dd></div>
            <div className="flex justify-between"><dt>Tax:</dt><dd data-testid="invoice-tax">{totals ? formatMoney(totals.taxCents / 100) : '—'}</dd></div>
            <div className="flex justify-between font-semibold"><dt>Total:</dt><dd data-testid="invoice-total">{totals ? formatMoney(totals.totalCents / 100) : '—'}</dd></div>
            {isEdit && toCents(invoice.amount_paid) > 0 ? (
              <div className="flex justify-between"><dt>Amount Paid:</dt><dd>{formatMoney(invoice.amount_paid)}</dd></div>
            ) : null}
          </dl>

          <FormError error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            {canDraft ? (
              <Button type="button" variant="secondary" disabled={saving || lines === null} onClick={() => void save('draft')}>
                Save as Draft
              </Button>
            ) : null}
            <Button type="submit" disabled={saving || lines === null}>
              {isEdit ? 'Update & Send' : 'Approve & Send'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
