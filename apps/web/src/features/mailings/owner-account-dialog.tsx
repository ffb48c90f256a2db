import { useMutation, useQuery } from '@tanstack/react-query';
import { FileDownIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { OwnerCollections } from '@/features/collections/owner-collections';
import { errorMessage } from '@/lib/api';
import { deliveriesQuery, downloadStatement, emailStatements, mailJobQuery } from './mailings.api';
import { currentMonth, StatementPeriodFields } from './statement-period';

/** An owner's statements and emails, from their card on Owners: download or email a statement, and the delivery log. */
export function OwnerAccountDialog({ owner, onClose }: { owner: { id: string; name: string }; onClose(): void }) {
  const [period, setPeriod] = useState(currentMonth);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({ ...mailJobQuery(jobId ?? ''), enabled: jobId !== null });
  const log = useQuery({ ...deliveriesQuery(owner.id), refetchInterval: job.data?.status === 'running' ? 1000 : false });
  const sender = useMutation({
    mutationFn: () => emailStatements({ owner_ids: [owner.id], ...period }),
    onSuccess: (j) => setJobId(j.id),
    onError: (e) => toast.error(`Failed to email the statement: ${errorMessage(e)}`),
  });
  const onDownload = () => downloadStatement(owner.id, period.from, period.to).catch((e: unknown) => toast.error(`Failed to download the statement: ${errorMessage(e)}`));

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Statements and emails: {owner.name}</DialogTitle>
          <DialogDescription>Download or email a statement for any period; every email sent is logged below.</DialogDescription>
        </DialogHeader>
        <StatementPeriodFields value={period} onChange={setPeriod} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => void onDownload()}>
            <FileDownIcon /> Download Statement (PDF)
          </Button>
          <Button variant="outline" disabled={sender.isPending || job.data?.status === 'running'} onClick={() => sender.mutate()}>
            <MailIcon /> Email Statement
          </Button>
        </div>
        {job.data?.status === 'done' ? (
          <p role="status" className="text-sm">{job.data.sent ? 'Statement emailed.' : `Not sent: ${job.data.skipped[0]?.reason ?? 'unknown reason'}`}</p>
        ) : null}
        <OwnerCollections ownerId={owner.id} />
        <h3 className="font-medium">Delivery log</h3>
        {log.data ? (
          <DataTable
            label="Delivery log"
            rows={log.data.rows}
            rowKey={(d) => d.id}
            empty="No emails yet."
            columns={[
              { id: 'when', header: 'When', cell: (d) => new Date(d.created_date).toLocaleString() },
              { id: 'what', header: 'What', cell: (d) => d.document_label },
              { id: 'to', header: 'To', cell: (d) => d.to ?? '—' },
              {
                id: 'status', header: 'Status',
                cell: (d) => (
                  <span>
                    <Badge variant={d.status === 'failed' ? 'destructive' : d.status === 'skipped' ? 'secondary' : 'default'}>{d.status}</Badge>
                    {d.error ? <span className="text-muted-foreground block text-xs">{d.error}</span> : null}
                  </span>
                ),
              },
              { id: 'by', header: 'By', hideBelow: 'sm', cell: (d) => d.sent_by ?? '' },
            ]}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
