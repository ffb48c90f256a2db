import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@covenant/contracts/money';
import { FileUpIcon, SendIcon, TruckIcon } from 'lucide-react';
import { useState } from 'react';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { entityKeys, useLiveRefresh } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { bankAccountRecordsQuery } from '@/features/banking/banking.api';
import { achBatchesQuery } from './ach.api';
import { CreateDebitBatchDialog, DownloadButton, ImportReturnsDialog, PayBillsDialog } from './ach-dialogs';

/** 'ACH': the files made for the bank (owners' autopay debits, vendors' credits), the returns, and their downloads. */
export default function AchPage() {
  const user = useCurrentUser();
  const payments = accessOf(user, 'payments');
  const bills = accessOf(user, 'bills');
  useLiveRefresh(entityKeys.all('AchBatch'), 'AchBatch');
  const batches = useQuery(achBatchesQuery());
  const accounts = useQuery(bankAccountRecordsQuery());
  const [open, setOpen] = useState<'debit' | 'returns' | 'credit' | null>(null);
  const accountName = (id: string) => accounts.data?.find((a) => a.id === id)?.name ?? '';
  const rows = batches.data ?? [];

  return (
    <ListPage
      title="ACH"
      description="Autopay debit files, vendor credit files and the bank's returns"
      error={batches.error}
      actions={
        <div className="flex flex-wrap gap-2">
          {payments.canWrite ? (
            <>
              <Button onClick={() => setOpen('debit')}>
                <SendIcon aria-hidden="true" />
                Create Debit Batch
              </Button>
              <Button variant="outline" onClick={() => setOpen('returns')}>
                <FileUpIcon aria-hidden="true" />
                Import Returns
              </Button>
            </>
          ) : null}
          {bills.canWrite ? (
            <Button variant="outline" onClick={() => setOpen('credit')}>
              <TruckIcon aria-hidden="true" />
              Pay Bills by ACH
            </Button>
          ) : null}
        </div>
      }
    >
      <DataTable
        label="ACH batches"
        loading={batches.isPending && 'Loading ACH batches'}
        rows={rows}
        rowKey={(b) => b.id}
        empty="No ACH files yet. Create a debit batch to collect autopay, or pay bills by ACH."
        columns={[
          { id: 'effective', header: 'Effective date', cell: (b) => b.effective_date },
          {
            id: 'direction', header: 'Direction',
            cell: (b) => <Badge variant={b.direction === 'debit' ? 'secondary' : 'outline'}>{b.direction === 'debit' ? 'Debit (autopay)' : 'Credit (vendors)'}</Badge>,
          },
          { id: 'account', header: 'Bank account', hideBelow: 'md', cell: (b) => accountName(b.bank_account_id) },
          { id: 'file', header: 'File', hideBelow: 'sm', className: 'font-mono text-xs', cell: (b) => b.file_name },
          { id: 'entries', header: 'Entries', align: 'end', cell: (b) => b.entry_count },
          { id: 'total', header: 'Total', align: 'end', cell: (b) => formatMoney(b.total) },
        ]}
        actionsHeader={<span className="sr-only">Download</span>}
        actions={(b) => <DownloadButton batch={b} />}
      />
      {open === 'debit' ? <CreateDebitBatchDialog accounts={accounts.data ?? []} onClose={() => setOpen(null)} /> : null}
      {open === 'returns' ? <ImportReturnsDialog onClose={() => setOpen(null)} /> : null}
      {open === 'credit' ? <PayBillsDialog accounts={accounts.data ?? []} onClose={() => setOpen(null)} /> : null}
    </ListPage>
  );
}
