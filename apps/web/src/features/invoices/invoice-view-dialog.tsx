import { useQuery } from '@tanstack/react-query';
import { FileDownIcon, PrinterIcon } from 'lucide-react';
import { toast } from 'sonner';
import { downloadInvoicePdf } from '@/features/mailings/mailings.api';
import { errorMessage } from '@/lib/api';
import { formatMoney } from '@covenant/contracts/money';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { api } from '@/lib/api';
import { entityKeys, filter, get, list } from '@/lib/entities';
import { ownerName, type Invoice, type InvoiceLine, type OwnerRef } from './invoices.api';

interface OrgSettings {
  company_name?: string | null;
  logo_url?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  zip_code?: string | null;
  phone?: string | null;
  email?: string | null;
}

// Print only the invoice sheet: everything else is hidden and the sheet fills the page.
const PRINT_CSS = `@media print {
  body * { visibility: hidden !important; }
  #invoice-print, #invoice-print * { visibility: visible !important; }
  #invoice-print { position: fixed; inset: 0; padding: 24px; background: white; color: black; }
  .no-print { display: none !important; }
}`;

export function InvoiceViewDialog({ invoice, statusLabel, onClose }: { invoice: Invoice; statusLabel: string; onClose(): void }) {
  const lines = useQuery({
    queryKey: entityKeys.list('InvoiceLineItem', { q: { invoice_id: invoice.id } }),
    queryFn: () => filter<InvoiceLine>('InvoiceLineItem', { invoice_id: invoice.id }, 'line_no,created_date', 200),
  });
  const owner = useQuery({ queryKey: entityKeys.one('Owner', invoice.owner_id), queryFn: () => get<OwnerRef>('Owner', invoice.owner_id) });
  const org = useQuery({
    queryKey: ['invoice-org'],
    queryFn: async () => {
      // This association's name (public settings) when its settings record has no company name.
      const association = await api.publicSettings();
      const settings = await list<OrgSettings>('OrgSettings', { limit: 1 }).then((r) => r[0] ?? null, () => null);
      return { name: settings?.company_name || association.name, logo: settings?.logo_url ?? null, settings };
    },
  });
  const s = org.data?.settings;
  const o = owner.data;
  const cityLine = (x: { city?: string | null; state?: string | null; zip_code?: string | null } | null | undefined) =>
    x ? [x.city, [x.state, x.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <style>{PRINT_CSS}</style>
        <DialogHeader className="no-print">
          <DialogTitle>Invoice {invoice.invoice_number}</DialogTitle>
          <DialogDescription>Printable invoice</DialogDescription>
        </DialogHeader>
        <div id="invoice-print" className="space-y-6 bg-white p-6 text-sm text-black" data-testid="invoice-sheet">
          <div className="flex flex-wrap justify-between gap-4">
            <div className="space-y-1">
              {org.data?.logo ? <img src={org.data.logo} alt="" className="mb-2 h-12 w-auto" /> : null}
              <p className="text-lg font-semibold">{org.data?.name}</p>
              {s?.address ? <p>{s.address}</p> : null}
              {cityLine(s) ? <p>{cityLine(s)}</p> : null}
              {s?.phone ? <p>{s.phone}</p> : null}
              {s?.email ? <p>{s.email}</p> : null}
            </div>
            <div className="space-y-1 text-right">
              <p className="text-2xl font-bold tracking-wide">INVOICE</p>
              <p>{invoice.invoice_number}</p>
              <p>Date: {invoice.invoice_date}</p>
              <p>Due: {invoice.due_date ?? ''}</p>
              <p>Status: {statusLabel}</p>
            </div>
          </div>
          <div>
            <p className="font-semibold">Bill To:</p>
            <p>{ownerName(o)}</p>
            {o?.mailing_address ? <p>{o.mailing_address}</p> : null}
            {cityLine(o) ? <p>{cityLine(o)}</p> : null}
            {o?.email ? <p>{o.email}</p> : null}
          </div>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead className="text-black">Description</TableHead>
                <TableHead className="text-right text-black">Qty</TableHead>
                <TableHead className="text-right text-black">Unit Price</TableHead>
                <TableHead className="text-right text-black">Amount</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {(lines.data ?? []).map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{l.description}</TableCell>
                  <TableCell className="text-right">{Number(l.quantity)}</TableCell>
                  <TableCell className="text-right">{formatMoney(l.unit_price)}</TableCell>
                  <TableCell className="text-right">{formatMoney(l.extended_price)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <dl className="ml-auto w-full max-w-xs space-y-1">
            <div className="flex justify-between"><dt>Subtotal</dt><dd>{formatMoney(invoice.subtotal)}</dd></div>
            <div className="flex justify-between"><dt>Tax</dt><dd>{formatMoney(invoice.tax_amount)}</dd></div>
            <div className="flex justify-between font-semibold"><dt>Total</dt><dd>{formatMoney(invoice.total_amount)}</dd></div>
            <div className="flex justify-between"><dt>Paid</dt><dd>{formatMoney(invoice.amount_paid)}</dd></div>
            <div className="flex justify-between font-semibold"><dt>Balance Due</dt><dd>{formatMoney(invoice.balance_due)}</dd></div>
          </dl>
          {invoice.payment_terms ? <p>Payment Terms: {invoice.payment_terms}</p> : null}
          {invoice.notes ? <p className="whitespace-pre-wrap">{invoice.notes}</p> : null}
        </div>
        <div className="no-print flex justify-end gap-2">
          <Button variant="outline" onClick={onClose}>Close</Button>
          <Button variant="outline" onClick={() => void downloadInvoicePdf(invoice.id, invoice.invoice_number).catch((e: unknown) => toast.error(`Failed to download the PDF: ${errorMessage(e)}`))}>
            <FileDownIcon /> Download PDF
          </Button>
          <Button onClick={() => window.print()}>
            <PrinterIcon /> Print
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
