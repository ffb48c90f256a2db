import { PAYMENT_METHODS } from '@covenant/contracts/constants';
import { centsToDecimal, formatMoney, toCents } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BillStatusBadge, methodLabel } from '@/features/bills/bill-status';
import { today } from '@/lib/dates';
import { BankAccountSelect } from '@/features/funds/fund-select';
import { useOperatingCashId } from '@/features/funds/funds.api';
import {
  billLinesQuery, billPaymentsQuery, billQuery, expenseAccountsQuery, usePayBill, type Bill,
} from '@/features/bills/bills.api';

/** 'Bill Details' (spec part 2, section 2): lines, totals and the payments made; 'Pay Bill' is beyond the spec. */
export function BillDetailsDialog({ billId, vendorName, onClose }: { billId: string | null; vendorName: (id: string) => string; onClose: () => void }) {
  return (
    <Dialog open={billId !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>Bill Details</DialogTitle>
          <DialogDescription className="sr-only">The bill's lines, totals and payments</DialogDescription>
        </DialogHeader>
        {billId ? <BillDetails billId={billId} vendorName={vendorName} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function BillDetails({ billId, vendorName }: { billId: string; vendorName: (id: string) => string }) {
  const bill = useQuery(billQuery(billId));
  const lines = useQuery(billLinesQuery(billId));
  const payments = useQuery(billPaymentsQuery(billId));
  const accounts = useQuery(expenseAccountsQuery());
  const [isPaying, setIsPaying] = useState(false);

  if (bill.isPending) return <p className="text-muted-foreground">Loading...</p>;
  if (bill.isError) return <p className="text-destructive">{bill.error.message}</p>;
  const b = bill.data;
  const accountLabel = (id: string | null) => {
    const account = accounts.data?.find((a) => a.id === id);
    return account ? `${account.account_number} - ${account.account_name}` : '';
  };
  const canPay = toCents(b.balance_due) > 0 && b.status !== 'cancelled' && b.status !== 'draft';

  return (
    <div className="space-y-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Bill #</dt>
          <dd className="font-medium">{b.bill_number}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Vendor</dt>
          <dd className="font-medium">{vendorName(b.vendor_id)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Status</dt>
          <dd>
            <BillStatusBadge bill={b} />
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Bill Date</dt>
          <dd>{b.bill_date}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Due Date</dt>
          <dd>{b.due_date ?? '—'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Payment Terms</dt>
          <dd>{b.payment_terms || '—'}</dd>
        </div>
      </dl>

      <section className="space-y-2">
        <h3 className="font-medium">Line Items</h3>
        <Table aria-label="Bill line items">
          <TableHeader>
            <TableRow>
              <TableHead>Description</TableHead>
              <TableHead>Account</TableHead>
              <TableHead className="text-right">Quantity</TableHead>
              <TableHead className="text-right">Unit Price</TableHead>
              <TableHead className="text-right">Amount</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {(lines.data ?? []).map((line) => (
              <TableRow key={line.id}>
                <TableCell>{line.description}</TableCell>
                <TableCell>{accountLabel(line.account_id)}</TableCell>
                <TableCell className="text-right tabular-nums">{Number(line.quantity)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.unit_price)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(line.extended_price)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>

      <dl className="ml-auto max-w-xs space-y-1 text-sm" aria-label="Bill totals">
        {(
          [
            ['Subtotal', b.subtotal],
            ['Tax', b.tax_amount],
            ['Total', b.total_amount],
            ['Amount Paid', b.amount_paid],
            ['Balance Due', b.balance_due],
          ] as const
        ).map(([label, value]) => (
          <div key={label} className={`flex justify-between ${label === 'Total' || label === 'Balance Due' ? 'font-semibold' : ''}`}>
            <dt>{label}</dt>
            <dd className="tabular-nums">{formatMoney(value)}</dd>
          </div>
        ))}
      </dl>
      {b.notes ? <p className="text-muted-foreground text-sm whitespace-pre-wrap">{b.notes}</p> : null}

      <section className="space-y-2">
        <div className="flex items-center justify-between">
          <h3 className="font-medium">Payments Made</h3>
          {canPay && !isPaying ? <Button onClick={() => setIsPaying(true)}>Pay Bill</Button> : null}
        </div>
        {(payments.data ?? []).length === 0 ? (
          <p className="text-muted-foreground text-sm">No payments made yet</p>
        ) : (
          <Table aria-label="Bill payments">
            <TableHeader>
              <TableRow>
                <TableHead>Date</TableHead>
                <TableHead>Method</TableHead>
                <TableHead>Reference</TableHead>
                <TableHead className="text-right">Amount</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(payments.data ?? []).map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell>{payment.payment_date}</TableCell>
                  <TableCell>{methodLabel(payment.payment_method)}</TableCell>
                  <TableCell>{payment.reference_number || '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(payment.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {isPaying && canPay ? <PayBillForm bill={b} onDone={() => setIsPaying(false)} /> : null}
      </section>
    </div>
  );
}

function PayBillForm({ bill, onDone }: { bill: Bill; onDone: () => void }) {
  const payBill = usePayBill();
  const [amount, setAmount] = useState(() => centsToDecimal(toCents(bill.balance_due)));
  const [date, setDate] = useState(today);
  const [method, setMethod] = useState<string>('check');
  const [reference, setReference] = useState('');
  const [cashAccount, setCashAccount] = useState('');
  const operatingCash = useOperatingCashId();
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const cents = Number.isNaN(Number(amount)) ? 0 : toCents(amount);
    if (cents <= 0) return setError('Amount must be greater than 0');
    if (cents > toCents(bill.balance_due)) return setError(`Amount cannot exceed the balance due of ${formatMoney(bill.balance_due)}`);
    if (!date) return setError('Payment date is required');
    setError(null);
    payBill.mutate(
      {
        bill_id: bill.id, amount: cents / 100, payment_date: date, payment_method: method, reference_number: reference.trim() || undefined,
        cash_account_id: cashAccount || operatingCash || undefined,
      },
      { onSuccess: onDone, onError: (e) => setError(e.message) },
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Pay Bill" className="bg-muted/40 space-y-4 rounded-md border p-4">
      <h4 className="font-medium">Pay Bill</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-1">
          <Label htmlFor="pay-amount">Amount</Label>
          <Input id="pay-amount" type="number" min={0} step="0.01" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="pay-date">Payment Date</Label>
          <Input id="pay-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="pay-method">Payment Method</Label>
          <Select value={method} onValueChange={setMethod}>
            <SelectTrigger id="pay-method" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PAYMENT_METHODS.map((m) => (
                <SelectItem key={m} value={m}>
                  {methodLabel(m)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="pay-reference">Reference Number</Label>
          <Input id="pay-reference" value={reference} onChange={(e) => setReference(e.target.value)} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="pay-cash-account">Paid From</Label>
          <BankAccountSelect id="pay-cash-account" value={cashAccount || operatingCash} onChange={setCashAccount} />
        </div>
      </div>
      {error ? (
        <Alert variant="destructive">
          <AlertDescription>{error}</AlertDescription>
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={payBill.isPending}>
          {payBill.isPending ? 'Saving...' : 'Record Payment'}
        </Button>
      </div>
    </form>
  );
}
