import { useMutation, useQuery } from '@tanstack/react-query';
import { FileDownIcon, MailIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
        {log.data && log.data.rows.length === 0 ? <p className="text-muted-foreground text-sm">No emails yet.</p> : null}
        {log.data && log.data.rows.length > 0 ? (
          <Table aria-label="Delivery log">
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>What</TableHead>
                <TableHead>To</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>By</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {log.data.rows.map((d) => (
                <TableRow key={d.id}>
                  <TableCell>{new Date(d.created_date).toLocaleString()}</TableCell>
                  <TableCell>{d.document_label}</TableCell>
                  <TableCell>{d.to ?? '—'}</TableCell>
                  <TableCell>
                    <Badge variant={d.status === 'failed' ? 'destructive' : d.status === 'skipped' ? 'secondary' : 'default'}>{d.status}</Badge>
                    {d.error ? <span className="text-muted-foreground block text-xs">{d.error}</span> : null}
                  </TableCell>
                  <TableCell>{d.sent_by ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
