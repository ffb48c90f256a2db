import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Progress } from '@/components/ui/progress';
import { errorMessage } from '@/lib/api';
import { emailStatements, mailJobQuery, skippedSummary } from './mailings.api';
import { currentMonth, StatementPeriodFields } from './statement-period';

/** Emails every active owner their statement: the server runs it in the background; the dialog shows its progress. */
export function EmailStatementsDialog({ onClose }: { onClose(): void }) {
  const [period, setPeriod] = useState(currentMonth);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useQuery({ ...mailJobQuery(jobId ?? ''), enabled: jobId !== null });
  const start = useMutation({
    mutationFn: () => emailStatements(period),
    onSuccess: (j) => setJobId(j.id),
    onError: (e) => toast.error(`Failed to email statements: ${errorMessage(e)}`),
  });
  const j = job.data;
  const percent = j && j.total > 0 ? Math.round((j.done / j.total) * 100) : 0;

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Email Statements</DialogTitle>
          <DialogDescription>Every active owner gets their statement for the period as a PDF. It runs on the server; you may close this window.</DialogDescription>
        </DialogHeader>
        <StatementPeriodFields value={period} onChange={setPeriod} />
        {j ? (
          <div className="space-y-2" role="status" aria-live="polite">
            <Progress value={percent} aria-label="Statements emailed" />
            <p className="text-sm">
              {j.done} of {j.total} owners · {j.sent} sent · {j.skipped.length} skipped
              {j.status === 'done' ? ' · Finished' : j.status === 'failed' ? ` · Stopped: ${j.error ?? ''}` : ''}
            </p>
            {j.status !== 'running' && j.skipped.length ? <p className="text-muted-foreground text-sm">Not sent: {skippedSummary(j.skipped)}</p> : null}
          </div>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>Close</Button>
          <Button disabled={start.isPending || j?.status === 'running' || !period.from || !period.to} onClick={() => start.mutate()}>
            Email Statements
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
