import { useMutation, useQuery } from '@tanstack/react-query';
import { DownloadIcon, LockIcon, LockOpenIcon, ShieldCheckIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useCurrentUser } from '@/app/current-user';
import { isAdminUser } from '@/lib/roles';
import { exportLedger, LEDGER_EXPORT_FORMATS, ledgerStatusQuery, verifyLedger, type LedgerExportFormat, type LedgerVerification } from './ledger.api';
import { ClosePeriodDialog, CloseYearDialog, ReopenPeriodDialog } from './period-close-dialogs';

function Verification({ result }: { result: LedgerVerification }) {
  if (result.ok) {
    return (
      <p role="status" className="text-sm font-medium text-green-700 dark:text-green-400">
        Ledger verified: {result.entries} entries sealed, the hash chain is intact{result.unsealed ? ` (${result.unsealed} not sealed yet)` : ''}
      </p>
    );
  }
  return (
    <p role="status" className="text-destructive text-sm font-medium">
      The hash chain is broken at entry {result.first_broken ?? '?'}
      {result.reason ? `: ${result.reason}` : ''}
    </p>
  );
}

/**
 * 'Books' on the Reports screen: the closed-through date for everyone who reads reports, verifying the hash chain and
 * exporting the ledger for a period; closing, year-end closing and reopening for administrators only.
 */
export function BooksPanel({ period }: { period: { from: string; to: string } }) {
  const user = useCurrentUser();
  const isAdmin = isAdminUser(user);
  const status = useQuery(ledgerStatusQuery());
  const verify = useMutation({ mutationFn: verifyLedger });
  const [format, setFormat] = useState<LedgerExportFormat>('hledger');
  const [isExporting, setIsExporting] = useState(false);
  const [dialog, setDialog] = useState<'close' | 'year' | 'reopen' | null>(null);
  const closed = status.data?.closed_through ?? null;

  const onExport = () => {
    setIsExporting(true);
    exportLedger(format, period)
      .catch((error: Error) => toast.error(error.message))
      .finally(() => setIsExporting(false));
  };

  return (
    <Card className="no-print gap-4" role="region" aria-label="Books">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle>
          <h2>Books</h2>
        </CardTitle>
        <p className="flex items-center gap-2 text-sm" aria-live="polite">
          {closed ? <LockIcon className="size-4" aria-hidden="true" /> : <LockOpenIcon className="size-4" aria-hidden="true" />}
          {status.isPending ? 'Loading…' : closed ? `Books closed through ${closed}` : 'No period is closed'}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <Button variant="outline" disabled={verify.isPending} onClick={() => verify.mutate()}>
            <ShieldCheckIcon aria-hidden="true" />
            {verify.isPending ? 'Verifying…' : 'Verify Ledger'}
          </Button>
          <div className="space-y-1">
            <Label htmlFor="ledger-export-format">Export format</Label>
            <Select value={format} onValueChange={(v) => setFormat(v as LedgerExportFormat)}>
              <SelectTrigger id="ledger-export-format" className="w-44">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {LEDGER_EXPORT_FORMATS.map((f) => (
                  <SelectItem key={f.value} value={f.value}>
                    {f.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button variant="outline" disabled={isExporting} onClick={onExport}>
            <DownloadIcon aria-hidden="true" />
            Export Ledger
          </Button>
          {isAdmin ? (
            <div className="flex flex-wrap gap-2 sm:ml-auto">
              <Button onClick={() => setDialog('close')}>Close Period</Button>
              <Button variant="secondary" onClick={() => setDialog('year')}>
                Close Year
              </Button>
              <Button variant="outline" disabled={!closed} onClick={() => setDialog('reopen')}>
                Reopen Period
              </Button>
            </div>
          ) : null}
        </div>
        <p className="text-muted-foreground text-xs">The export covers the report period ({period.from} to {period.to}).</p>
        {verify.data ? <Verification result={verify.data} /> : null}
        {verify.isError ? <p className="text-destructive text-sm">{verify.error.message}</p> : null}
      </CardContent>
      {dialog === 'close' ? <ClosePeriodDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'year' ? <CloseYearDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'reopen' && closed ? <ReopenPeriodDialog closedThrough={closed} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}
