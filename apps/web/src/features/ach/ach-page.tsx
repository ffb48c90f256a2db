import { useQuery } from '@tanstack/react-query';
import { formatMoney } from '@covenant/contracts/money';
import { FileUpIcon, SendIcon, TruckIcon } from 'lucide-react';
import { useState } from 'react';
import { EmptyCard, ListPage, ListSkeleton } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
      {batches.isPending ? (
        <ListSkeleton label="Loading ACH batches" />
      ) : rows.length === 0 ? (
        <EmptyCard>No ACH files yet. Create a debit batch to collect autopay, or pay bills by ACH.</EmptyCard>
      ) : (
        <Card className="overflow-x-auto py-0">
          <Table aria-label="ACH batches">
            <TableHeader>
              <TableRow>
                <TableHead>Effective date</TableHead>
                <TableHead>Direction</TableHead>
                <TableHead>Bank account</TableHead>
                <TableHead>File</TableHead>
                <TableHead className="text-right">Entries</TableHead>
                <TableHead className="text-right">Total</TableHead>
                <TableHead className="sr-only">Download</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((b) => (
                <TableRow key={b.id}>
                  <TableCell className="whitespace-nowrap">{b.effective_date}</TableCell>
                  <TableCell>
                    <Badge variant={b.direction === 'debit' ? 'secondary' : 'outline'}>{b.direction === 'debit' ? 'Debit (autopay)' : 'Credit (vendors)'}</Badge>
                  </TableCell>
                  <TableCell>{accountName(b.bank_account_id)}</TableCell>
                  <TableCell className="font-mono text-xs">{b.file_name}</TableCell>
                  <TableCell className="text-right tabular-nums">{b.entry_count}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(b.total)}</TableCell>
                  <TableCell className="text-right">
                    <DownloadButton batch={b} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Card>
      )}
      {open === 'debit' ? <CreateDebitBatchDialog accounts={accounts.data ?? []} onClose={() => setOpen(null)} /> : null}
      {open === 'returns' ? <ImportReturnsDialog onClose={() => setOpen(null)} /> : null}
      {open === 'credit' ? <PayBillsDialog accounts={accounts.data ?? []} onClose={() => setOpen(null)} /> : null}
    </ListPage>
  );
}
