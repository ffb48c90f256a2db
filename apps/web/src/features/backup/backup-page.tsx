import { AlertTriangleIcon, CheckCircle2Icon, CircleAlertIcon, DownloadIcon, UploadIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { ListPage } from '@/components/list-page';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { invokeFunction } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { useOrganizationName } from '@/app/organization';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api';

interface BackupFile {
  timestamp: string;
  version: string;
  data: Record<string, unknown[]>;
  schemas: Record<string, unknown>;
}
interface RestoreResult {
  success: boolean;
  restored: Record<string, number>;
}

/** The collections the summary counts (spec part 1, section 9). */
const SUMMARY_COLLECTIONS = ['owners', 'properties', 'invoices', 'payments', 'vendors', 'bills', 'accounts', 'products'];
const FINANCIAL = ['accounts', 'products', 'taxRates', 'vendors', 'invoices', 'invoiceLineItems', 'payments', 'paymentInvoices', 'bills', 'billLineItems'];
const RELOAD_DELAY_MS = 2000;
const STEP_MS = 250;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "Maple Grove HOA" → "maple-grove-hoa": the file name's organization prefix. */
function filePrefix(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '') || 'covenant';
}

function summaryCount(data: Record<string, unknown[] | undefined>): number {
  return SUMMARY_COLLECTIONS.reduce((n, key) => n + (data[key]?.length ?? 0), 0);
}

type Status = { kind: 'idle' } | { kind: 'running'; progress: number; text: string } | { kind: 'success'; progress: number; text: string; detail?: string } | { kind: 'error'; text: string };

function StatusView({ status, label }: { status: Status; label: string }) {
  if (status.kind === 'idle') return null;
  if (status.kind === 'error') {
    return (
      <Alert variant="destructive">
        <CircleAlertIcon />
        <AlertTitle>{status.text}</AlertTitle>
      </Alert>
    );
  }
  return (
    <div className="space-y-2" aria-live="polite">
      <Progress value={status.progress} aria-label={label} />
      {status.kind === 'success' ? (
        <Alert>
          <CheckCircle2Icon />
          <AlertTitle>{status.text}</AlertTitle>
          {status.detail ? <AlertDescription>{status.detail}</AlertDescription> : null}
        </Alert>
      ) : (
        <p className="text-muted-foreground text-sm" role="status">
          {status.text}
        </p>
      )}
    </div>
  );
}

export default function BackupPage() {
  const user = useCurrentUser();
  const organization = useOrganizationName();
  const { canRead, canWrite } = accessOf(user, 'backup');
  const [backupStatus, setBackupStatus] = useState<Status>({ kind: 'idle' });
  const [restoreStatus, setRestoreStatus] = useState<Status>({ kind: 'idle' });
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = backupStatus.kind === 'running' || restoreStatus.kind === 'running';

  const onBackup = async () => {
    try {
      setBackupStatus({ kind: 'running', progress: 10, text: 'Collecting data...' });
      const backup = await invokeFunction<BackupFile>('createBackup', {});
      setBackupStatus({ kind: 'running', progress: 50, text: 'Creating backup file...' });
      await wait(STEP_MS);
      const date = new Date().toISOString().split('T')[0];
      downloadFile(`${filePrefix(organization)}-hoa-backup-${date}.json`, JSON.stringify(backup, null, 2), 'application/json');
      setBackupStatus({
        kind: 'success',
        progress: 100,
        text: 'Backup completed successfully! File downloaded.',
        detail: `${summaryCount(backup.data as Record<string, unknown[]>)} records backed up.`,
      });
    } catch (e) {
      setBackupStatus({ kind: 'error', text: `Backup failed: ${errorMessage(e)}` });
    }
  };

  const onRestore = async (file: File) => {
    try {
      setRestoreStatus({ kind: 'running', progress: 10, text: 'Reading backup file...' });
      await wait(STEP_MS);
      let backup: unknown;
      try {
        backup = JSON.parse(await file.text());
      } catch {
        throw new Error('Invalid backup file format');
      }
      const b = backup as Partial<BackupFile> | null;
      if (!b || typeof b !== 'object' || !b.data || !b.schemas) throw new Error('Invalid backup file format');
      // The server restores everything in one transaction; the later stages report what it restored.
      setRestoreStatus({ kind: 'running', progress: 40, text: 'Restoring organization settings...' });
      const result = await invokeFunction<RestoreResult>('restoreBackup', { backup });
      const n = (key: string) => result.restored[key] ?? 0;
      const stages: Array<[number, string]> = [
        [50, `Restoring owners... ${n('owners')} restored`],
        [60, `Restoring properties... ${n('properties')} restored`],
        [70, `Restoring relationships... ${n('ownerProperties')} restored`],
        [80, `Restoring financial data... ${FINANCIAL.reduce((sum, k) => sum + n(k), 0)} records restored`],
      ];
      for (const [progress, text] of stages) {
        setRestoreStatus({ kind: 'running', progress, text });
        await wait(STEP_MS);
      }
      setRestoreStatus({
        kind: 'success',
        progress: 100,
        text: 'Restore completed successfully!',
        detail: `${n('owners')} owners, ${n('properties')} properties, ${n('ownerProperties')} owner assignments restored. The page reloads in 2 seconds.`,
      });
      setTimeout(() => window.location.reload(), RELOAD_DELAY_MS);
    } catch (e) {
      setRestoreStatus({ kind: 'error', text: `Restore failed: ${errorMessage(e)}` });
    }
  };

  return (
    <ListPage
      title="Backup & Restore"
      description="Download a copy of your association's data, or restore one."
      className="max-w-4xl"
    >
      {!canRead ? <p className="text-muted-foreground">You do not have permission to use backup and restore.</p> : null}
      {canRead ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg">Create Backup</h2>
            </CardTitle>
            <CardDescription>
              Owners, properties, assignments, invoices, payments, vendors, bills, accounts, items, tax rates, organization settings and users (without passwords), as one JSON file.
            </CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Button onClick={() => void onBackup()} disabled={busy}>
              <DownloadIcon /> Download Backup
            </Button>
            <StatusView status={backupStatus} label="Backup progress" />
          </CardContent>
        </Card>
      ) : null}
      {canWrite ? (
        <Card>
          <CardHeader>
            <CardTitle>
              <h2 className="text-lg">Restore from Backup</h2>
            </CardTitle>
            <CardDescription>Choose a backup file (.json) made by Download Backup.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <Alert>
              <AlertTriangleIcon />
              <AlertTitle>Warning</AlertTitle>
              <AlertDescription>Restoring adds the backup's records to the current data; it does not replace them, and it cannot be easily undone.</AlertDescription>
            </Alert>
            <Button variant="outline" onClick={() => fileInput.current?.click()} disabled={busy}>
              <UploadIcon /> Upload Backup File
            </Button>
            <input
              ref={fileInput}
              type="file"
              accept=".json,application/json"
              className="hidden"
              data-testid="backup-file-input"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (file) void onRestore(file);
              }}
            />
            <StatusView status={restoreStatus} label="Restore progress" />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="text-lg">Notes</h2>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="text-muted-foreground list-disc space-y-1 pl-5 text-sm">
            <li>Backups never include passwords or sign-in sessions.</li>
            <li>A restore creates every record anew, with new ids; nothing is deleted.</li>
            <li>Users, roles and privileges are not restored.</li>
            <li>A restore is all or nothing: if any record cannot be restored (for example an owner or property id that already exists), nothing is restored.</li>
            <li>Accounts whose number already exists are reused instead of duplicated; organization settings are updated in place.</li>
            <li>The page reloads 2 seconds after a successful restore.</li>
          </ul>
        </CardContent>
      </Card>
    </ListPage>
  );
}
