import { PAYMENT_METHODS } from '@covenant/contracts/constants';
import { centsToDecimal, formatMoney, toCents } from '@covenant/contracts/money';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { payBillForm } from '@covenant/contracts/bills-form';
import { DialogButtons } from '@/components/dialog-form';
import { SelectField, TextField, useContractForm } from '@/components/entity-form';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { BillStatusBadge, methodLabel } from '@/features/bills/bill-status';
import { today } from '@/lib/dates';
import { useOperatingCashId } from '@/features/funds/funds.api';
import {
  billLinesQuery, billPaymentsQuery, billQuery, expenseAccountsQuery, usePayBill, type Bill,
} from '@/features/bills/bills.api';
import { BankAccountField } from '@/features/funds/fund-field';

const METHOD_OPTIONS = PAYMENT_METHODS.map((m) => ({ value: m, label: methodLabel(m) }));

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
  const operatingCash = useOperatingCashId();
  const form = useContractForm(payBillForm(bill.balance_due), {
    amount: centsToDecimal(toCents(bill.balance_due)),
    payment_date: today(),
    payment_method: 'check',
    reference_number: '',
    check_number: '',
    cash_account_id: '',
  });
  const onSubmit = ({ reference_number, cash_account_id, check_number, ...values }: ReturnType<typeof payBillForm>['_output']) =>
    payBill.mutate(
      { ...values, bill_id: bill.id, reference_number: reference_number?.trim() || undefined, check_number: check_number || undefined, cash_account_id: cash_account_id || operatingCash || undefined },
      { onSuccess: onDone },
    );

  return (
    <Form {...form}>
      <form onSubmit={(e) => void form.handleSubmit(onSubmit)(e)} noValidate aria-label="Pay Bill" className="bg-muted/40 space-y-4 rounded-md border p-4">
        <h4 className="font-medium">Pay Bill</h4>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField name="amount" label="Amount" type="number" min={0} step="0.01" />
          <TextField name="payment_date" label="Payment Date" type="date" />
          <SelectField name="payment_method" label="Payment Method" options={METHOD_OPTIONS} />
          <TextField name="reference_number" label="Reference Number" />
          <TextField name="check_number" label="Check Number" inputMode="numeric" description="For checks: the bank's positive pay file lists it." />
          <BankAccountField name="cash_account_id" label="Paid From" fallback={operatingCash} />
        </div>
        <FormError error={payBill.error} />
        <DialogButtons onCancel={onDone} isPending={payBill.isPending}>
          Record Payment
        </DialogButtons>
      </form>
    </Form>
  );
}
