import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { allocate } from '@covenant/contracts/documents';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { EntityPicker } from '@/components/entity-picker';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { entityKeys, filter, invokeFunction } from '@/lib/entities';
import { OWNER_FIELDS, ownerLabel, type Invoice, type OwnerRef } from '@/features/invoices/invoices.api';
import { BankAccountSelect } from '@/features/funds/fund-select';
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

function safeCents(value: string): number | null {
  try {
    const c = toCents(value);
    return c >= 0 ? c : null;
  } catch {
    return null;
  }
}

/**
 * Records an owner payment allocated in order across the chosen invoices; mount it fresh for each opening
 * so the idempotency key is new per opening and a double submit records once.
 */
export function RecordPaymentDialog({ invoice, onClose }: { invoice?: Invoice | null; onClose(): void }) {
  const queryClient = useQueryClient();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [ownerId, setOwnerId] = useState<string | null>(invoice?.owner_id ?? null);
  const [paymentDate, setPaymentDate] = useState(today());
  const [method, setMethod] = useState('check');
  const [amount, setAmount] = useState(invoice ? String(invoice.balance_due) : '');
  const [reference, setReference] = useState('');
  const [notes, setNotes] = useState('');
  const [depositAccount, setDepositAccount] = useState('');
  const operatingCash = useOperatingCashId();
  const [selected, setSelected] = useState<string[]>(invoice ? [invoice.id] : []);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const openQuery = { owner_id: ownerId, balance_due: { $gt: 0 }, status: { $nin: ['cancelled', 'draft'] } };
  const outstanding = useQuery({
    queryKey: entityKeys.list('Invoice', { q: openQuery, sort: 'invoice_date,invoice_number', limit: 200 }),
    queryFn: () => filter<Invoice>('Invoice', openQuery, 'invoice_date,invoice_number', 200),
    enabled: !!ownerId,
  });
  const invoices = outstanding.data ?? [];
  const chosen = invoices.filter((i) => selected.includes(i.id));
  const amountCents = safeCents(amount);
  const preview = amountCents === null ? null : allocate(amountCents, chosen.map((i) => ({ id: i.id, balanceCents: toCents(i.balance_due) })));
  const appliedTo = new Map(preview?.applications.map((a) => [a.id, a.cents]) ?? []);

  const submit = async () => {
    if (!ownerId || amountCents === null || !paymentDate) return;
    setSaving(true);
    setError(null);
    try {
      await invokeFunction('recordPayment', {
        owner_id: ownerId,
        amount: amount,
        payment_date: paymentDate,
        payment_method: method,
        reference_number: reference || undefined,
        notes: notes || undefined,
        invoice_ids: chosen.map((i) => i.id),
        idempotency_key: idempotencyKey,
        deposit_account_id: depositAccount || operatingCash || undefined,
      });
      for (const e of ['Payment', 'Invoice', 'PaymentInvoice'] as const) await queryClient.invalidateQueries({ queryKey: entityKeys.all(e) });
      onClose();
    } catch (e) {
      setError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Record Payment</DialogTitle>
          <DialogDescription>The amount is applied in order to the selected invoices; any remainder is kept as the owner's credit.</DialogDescription>
        </DialogHeader>
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="payment-date">Payment Date *</Label>
              <Input id="payment-date" type="date" required value={paymentDate} onChange={(e) => setPaymentDate(e.target.value)} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="payment-method">Payment Method *</Label>
              <Select value={method} onValueChange={setMethod}>
                <SelectTrigger id="payment-method" className="w-full" aria-label="Payment Method">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {PAYMENT_METHODS.map((m) => (
                    <SelectItem key={m.value} value={m.value}>{m.label}</SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="space-y-2">
              <Label htmlFor="payment-amount">Amount *</Label>
              <Input id="payment-amount" type="number" min={0} step="0.01" required value={amount} onChange={(e) => setAmount(e.target.value)} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="payment-owner">Owner *</Label>
              <EntityPicker<OwnerRef>
                id="payment-owner"
                entity="Owner"
                label="Owner"
                value={ownerId}
                onChange={(id) => {
                  setOwnerId(id);
                  setSelected([]);
                }}
                searchFields={['first_name', 'last_name', 'owner_id']}
                sort="last_name,first_name"
                fields={OWNER_FIELDS}
                labelOf={ownerLabel}
                noneLabel="Select an owner"
              />
            </div>
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
                        onCheckedChange={(c) => setSelected((s) => (c ? [...s, inv.id] : s.filter((x) => x !== inv.id)))}
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

          <div className="space-y-2">
            <Label htmlFor="payment-deposit-account">Deposit Account</Label>
            <BankAccountSelect id="payment-deposit-account" value={depositAccount || operatingCash} onChange={setDepositAccount} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="payment-reference">Reference Number</Label>
            <Input id="payment-reference" value={reference} onChange={(e) => setReference(e.target.value)} />
          </div>
          <div className="space-y-2">
            <Label htmlFor="payment-notes">Notes</Label>
            <Textarea id="payment-notes" value={notes} onChange={(e) => setNotes(e.target.value)} />
          </div>
          <FormError error={error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={!ownerId || amountCents === null || !amount || !paymentDate || saving}>
              {saving ? 'Recording...' : 'Record Payment'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
