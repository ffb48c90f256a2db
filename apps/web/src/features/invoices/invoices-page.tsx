import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BanIcon, CreditCardIcon, EyeIcon, MailIcon, PlusIcon, Trash2Icon, XIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { isOverdue } from '@covenant/contracts/documents';
import type { Property } from '@covenant/contracts/entity-records';
import { invoiceListSorts } from '@covenant/contracts/lists';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EntityPicker } from '@/components/entity-picker';
import { DeleteAllControl } from '@/components/delete-all';
import { DataTable, useSortParam, type SortState } from '@/components/data-table';
import { sortParam } from '@/components/data-table-sort';
import { ListPage, RowActions, SearchBox } from '@/components/list-page';
import {
  AlertDialog, AlertDialogAction, AlertDialogCancel, AlertDialogContent, AlertDialogDescription, AlertDialogFooter,
  AlertDialogHeader, AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useCurrentUser } from '@/app/current-user';
import { entityKeys, remove, update, useLiveEntities } from '@/lib/entities';
import { RecordPaymentDialog } from '@/features/payments/record-payment-dialog';
import { InvoiceFormDialog } from './invoice-form-dialog';
import { InvoiceViewDialog } from './invoice-view-dialog';
import { emailInvoices, skippedSummary } from '@/features/mailings/mailings.api';
import {
  DATE_FILTERS, PAGE_SIZE, billedTo, errorMessage, fetchInvoicePage, privilegesOf, type DateFilter, type Invoice, type InvoiceTab,
} from './invoices.api';
import { today } from '@/lib/dates';

const EMAIL_INFO =
  'Emailing invoices requires an external email service. The platform can only send emails to registered app users, so invoices cannot be emailed to owners from here.';

/** The status shown: overdue is display-only (status overdue, or a positive balance past its due date). */
export function displayStatus(invoice: Invoice, now = today()): string {
  return isOverdue(invoice, now) ? 'overdue' : invoice.status;
}

/** The order at rest: newest invoice date first (the address then has no `sort`). */
const DEFAULT_SORT: SortState<(typeof invoiceListSorts)[number]> = { key: 'invoice_date', direction: 'desc' };

const STATUS_VARIANT: Record<string, 'default' | 'secondary' | 'destructive' | 'outline'> = {
  paid: 'default', partial: 'secondary', sent: 'outline', draft: 'outline', overdue: 'destructive', cancelled: 'secondary',
};

export default function InvoicesPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const can = privilegesOf(user, 'invoices');
  const canPay = privilegesOf(user, 'payments').canCreate;
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [dateFilter, setDateFilter] = useState<DateFilter | null>(null);
  // Any of thousands of units: a searchable picker that asks the server for 20 matches at a time.
  const [propertyId, setPropertyId] = useState<string | null>(null);
  const [tab, setTab] = useState<InvoiceTab>('outstanding');
  const [page, setPage] = useState(0);
  const [sort, setSort] = useSortParam(invoiceListSorts, DEFAULT_SORT);
  const [selected, setSelected] = useState<string[]>([]);
  const [viewing, setViewing] = useState<Invoice | null>(null);
  const [editing, setEditing] = useState<{ invoice: Invoice | null } | null>(null);
  const [paying, setPaying] = useState<Invoice | null>(null);
  const [cancelling, setCancelling] = useState<Invoice | null>(null);
  /** The selected invoices the bulk delete asks about. */
  const [deleting, setDeleting] = useState<string[] | null>(null);
  useLiveEntities('Invoice', 'Payment', 'PaymentInvoice', 'Owner');

  const params = { search: deferredSearch, dateFilter, propertyId, tab, page, sort: sortParam(sort) };
  const invoices = useQuery({
    queryKey: [...entityKeys.all('Invoice'), 'page', params],
    queryFn: () => fetchInvoicePage(params),
    placeholderData: keepPreviousData,
  });

  const refresh = () => void queryClient.invalidateQueries({ queryKey: entityKeys.all('Invoice') });
  /** A page of other rows: the selection (of the rows shown) is cleared. */
  const goToPage = (p = 0) => {
    setPage(p);
    setSelected([]);
  };
  const rows = invoices.data?.rows ?? [];
  const total = invoices.data?.total ?? 0;
  const now = today();

  const onDeleteSelected = () => {
    if (selected.length === 0) {
      toast.error('Please select at least one invoice to delete');
      return;
    }
    const valid = selected.filter((id) => rows.some((r) => r.id === id));
    if (valid.length === 0) {
      toast.error('No valid invoices to delete from the current selection.');
      return;
    }
    setDeleting(valid);
  };

  const deleteInvoices = async (ids: string[]) => {
    setDeleting(null);
    try {
      for (const id of ids) await remove('Invoice', id);
      toast.success(`Successfully deleted ${ids.length} invoice(s)`);
      setSelected([]);
    } catch (e) {
      toast.error(`Failed to delete invoices: ${errorMessage(e)}`);
    } finally {
      refresh();
    }
  };

  const cancelInvoice = async (invoice: Invoice) => {
    setCancelling(null);
    try {
      await update('Invoice', invoice.id, { status: 'cancelled' });
      toast.success(`Invoice ${invoice.invoice_number} cancelled`);
    } catch (e) {
      toast.error(`Failed to cancel invoice: ${errorMessage(e)}`);
    } finally {
      refresh();
    }
  };

  const onEmailSelected = async () => {
    if (selected.length === 0) {
      toast.error('Please select at least one invoice to send');
      return;
    }
    try {
      const result = await emailInvoices(selected);
      const reasons = skippedSummary(result.skipped);
      // Nothing could go out: the spec's alert, with the server's reasons beneath it.
      if (result.sent === 0) toast.info(EMAIL_INFO, { description: reasons });
      else toast.success(`Emailed ${result.sent} invoice(s)`, reasons ? { description: `Not sent: ${reasons}` } : undefined);
    } catch (e) {
      toast.error(`Failed to email invoices: ${errorMessage(e)}`);
    }
  };

  const allOnPageSelected = rows.length > 0 && rows.every((r) => selected.includes(r.id));
  const showBulk = can.canDelete;

  return (
    <ListPage
      title="Invoices"
      description="Manage accounts receivable and billing"
      error={invoices.error}
      actions={
        <>
          <DeleteAllControl
            entity="Invoice"
            plural="invoices"
            canWrite={can.canDelete}
            texts={{ success: 'All invoices deleted successfully' }}
            onDeleted={() => setSelected([])}
          />
          {can.canCreate ? (
            <Button onClick={() => setEditing({ invoice: null })}>
              <PlusIcon /> Create Invoice
            </Button>
          ) : null}
        </>
      }
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center">
        <SearchBox
          label="Search invoices"
          placeholder="Search invoices by number or owner..."
          value={search}
          onChange={(text) => {
            setSearch(text);
            goToPage();
          }}
        />
        <div className="flex flex-wrap gap-2" role="group" aria-label="Quick date filters">
          {DATE_FILTERS.map((f) => (
            <Button
              key={f.value}
              size="sm"
              variant={dateFilter === f.value ? 'default' : 'outline'}
              aria-pressed={dateFilter === f.value}
              onClick={() => {
                setDateFilter((d) => (d === f.value ? null : f.value));
                goToPage();
              }}
            >
              {f.label}
            </Button>
          ))}
        </div>
        <div className="w-full lg:w-56">
          <EntityPicker<Property>
            entity="Property"
            value={propertyId}
            onChange={(id) => {
              setPropertyId(id);
              goToPage();
            }}
            searchFields={['unit_number', 'street_address']}
            sort="unit_number"
            fields={['id', 'unit_number']}
            labelOf={(p) => `Unit ${p.unit_number}`}
            label="Filter by property"
            noneLabel="All Properties"
          />
        </div>
      </div>

      <Tabs
        value={tab}
        onValueChange={(v) => {
          setTab(v as InvoiceTab);
          goToPage();
        }}
      >
        <TabsList>
          {/* The tabs filter the one list below, which is their panel. */}
          <TabsTrigger value="outstanding" aria-controls="invoices-panel">Outstanding</TabsTrigger>
          <TabsTrigger value="all" aria-controls="invoices-panel">All Invoices</TabsTrigger>
          <TabsTrigger value="cancelled" aria-controls="invoices-panel">Cancelled</TabsTrigger>
        </TabsList>
      </Tabs>

      {showBulk && selected.length > 0 ? (
        <div className="bg-muted flex flex-wrap items-center gap-2 rounded-md p-2" role="toolbar" aria-label="Selected invoices">
          <span className="text-sm font-medium">{selected.length} selected</span>
          <Button size="sm" variant="outline" onClick={() => setSelected([])}>
            <XIcon /> Clear Selection
          </Button>
          <Button size="sm" variant="destructive" onClick={onDeleteSelected}>
            <Trash2Icon /> Delete Selected
          </Button>
          <Button size="sm" variant="outline" onClick={onEmailSelected}>
            <MailIcon /> Email Selected
          </Button>
        </div>
      ) : showBulk ? (
        <div className="flex flex-wrap gap-2" role="toolbar" aria-label="Selected invoices">
          <Button size="sm" variant="outline" onClick={onDeleteSelected}>
            <Trash2Icon /> Delete Selected
          </Button>
          <Button size="sm" variant="outline" onClick={onEmailSelected}>
            <MailIcon /> Email Selected
          </Button>
        </div>
      ) : null}

      <div id="invoices-panel" role="tabpanel" aria-label="Invoices">
        <DataTable
          label="Invoices"
          loading={invoices.isPending && 'Loading invoices'}
          rows={rows}
          rowKey={(inv) => inv.id}
          rowProps={(inv) => ({ 'data-testid': 'invoice-row', 'aria-label': inv.invoice_number })}
          empty="No invoices found"
          pager={{ page, pageSize: PAGE_SIZE, total, onPage: goToPage }}
          sort={sort}
          onSort={(next) => {
            setSort(next);
            goToPage();
          }}
          columns={[
            showBulk && {
              id: 'select',
              className: 'w-10',
              header: (
                <Checkbox
                  aria-label="Select all invoices on this page"
                  checked={allOnPageSelected}
                  onCheckedChange={(c) => setSelected(c ? rows.map((r) => r.id) : [])}
                />
              ),
              cell: (inv) => (
                <Checkbox
                  aria-label={`Select ${inv.invoice_number}`}
                  checked={selected.includes(inv.id)}
                  onCheckedChange={(c) => setSelected((s) => (c ? [...s, inv.id] : s.filter((x) => x !== inv.id)))}
                />
              ),
            },
            { id: 'number', header: 'Invoice #', sortKey: 'invoice_number', className: 'font-medium', cell: (inv) => inv.invoice_number },
            { id: 'date', header: 'Date', sortKey: 'invoice_date', cell: (inv) => inv.invoice_date },
            // A long name wraps rather than push the row's actions out of view.
            { id: 'billed-to', header: 'Billed To', sortKey: 'owner', className: 'whitespace-normal', cell: (inv) => billedTo(invoices.data?.owners, inv.owner_id, user) },
            { id: 'amount', header: 'Amount', sortKey: 'total_amount', align: 'end', hideBelow: 'sm', cell: (inv) => formatMoney(inv.total_amount) },
            { id: 'paid', header: 'Paid', align: 'end', hideBelow: 'md', cell: (inv) => formatMoney(inv.amount_paid) },
            { id: 'balance', header: 'Balance', sortKey: 'balance_due', align: 'end', cell: (inv) => formatMoney(inv.balance_due) },
            {
              id: 'status',
              header: 'Status',
              sortKey: 'status',
              cell: (inv) => {
                const status = displayStatus(inv, now);
                return <Badge variant={STATUS_VARIANT[status] ?? 'outline'}>{status}</Badge>;
              },
            },
          ]}
          actions={(inv) => {
            const cancelled = inv.status === 'cancelled';
            return (
              <RowActions name={inv.invoice_number} onEdit={can.canUpdate && !cancelled ? () => setEditing({ invoice: inv }) : undefined}>
                <Button variant="ghost" size="icon" aria-label={`View ${inv.invoice_number}`} onClick={() => setViewing(inv)}>
                  <EyeIcon />
                </Button>
                {canPay && !cancelled && inv.status !== 'draft' && toCents(inv.balance_due) > 0 ? (
                  <Button variant="ghost" size="icon" aria-label={`Record payment for ${inv.invoice_number}`} onClick={() => setPaying(inv)}>
                    <CreditCardIcon />
                  </Button>
                ) : null}
                {can.canUpdate && !cancelled ? (
                  <Button variant="ghost" size="icon" aria-label={`Cancel ${inv.invoice_number}`} onClick={() => setCancelling(inv)}>
                    <BanIcon />
                  </Button>
                ) : null}
              </RowActions>
            );
          }}
        />
      </div>

      {viewing ? <InvoiceViewDialog invoice={viewing} statusLabel={displayStatus(viewing, now)} onClose={() => setViewing(null)} /> : null}
      {editing ? <InvoiceFormDialog invoice={editing.invoice} onClose={() => setEditing(null)} /> : null}
      {paying ? <RecordPaymentDialog invoice={paying} onClose={() => setPaying(null)} /> : null}

      <ConfirmDialog
        open={deleting !== null}
        text={`Are you sure you want to delete ${deleting?.length ?? 0} invoice(s)? This will permanently delete the selected invoices and cannot be undone.`}
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && void deleteInvoices(deleting)}
      />
      <AlertDialog open={cancelling !== null} onOpenChange={(o) => !o && setCancelling(null)}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Please confirm</AlertDialogTitle>
            <AlertDialogDescription>Are you sure you want to cancel this invoice? This action cannot be undone.</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Keep Invoice</AlertDialogCancel>
            <AlertDialogAction onClick={() => cancelling && void cancelInvoice(cancelling)}>Cancel Invoice</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </ListPage>
  );
}
