import { useQuery } from '@tanstack/react-query';
import type { AchBatchAnswer, AchReturnsAnswer } from '@covenant/contracts/ach';
import { formatMoney } from '@covenant/contracts/money';
import { CheckCircle2Icon, FileDownIcon } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { OptionSelect } from '@/components/option-select';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { today } from '@/lib/dates';
import { vendorsQuery } from '@/features/bills/bills.api';
import type { BankAccountRecord } from '@/features/banking/banking.api';
import { downloadAchFile, openBillsQuery, useCreateCreditBatch, useCreateDebitBatch, useImportReturns, type AchBatchRecord } from './ach.api';

/** A bank account that can make ACH files: its three ACH settings are filled in. */
const achReady = (a: BankAccountRecord) => Boolean(a.ach_company_id && a.ach_company_name && a.ach_odfi_routing_number);

function AchDialog({ title, description, onClose, children }: { title: string; description: string; onClose: () => void; children: ReactNode }) {
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** The bank account and effective date every file needs. */
function FileFields({ accounts, accountId, onAccount, date, onDate }: { accounts: BankAccountRecord[]; accountId: string; onAccount: (id: string) => void; date: string; onDate: (d: string) => void }) {
  const id = useId();
  const ready = accounts.filter(achReady);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-account`}>Bank account</Label>
        <OptionSelect id={`${id}-account`} value={accountId} onChange={onAccount} options={accounts.map((a) => ({ id: a.id, text: achReady(a) ? a.name : `${a.name} (no ACH settings)` }))} placeholder="Choose a bank account" />
        {ready.length === 0 ? <p className="text-muted-foreground text-xs">No bank account has its ACH settings yet: fill them in on the Banking screen.</p> : null}
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-date`}>Effective date</Label>
        <Input id={`${id}-date`} type="date" value={date} onChange={(e) => onDate(e.target.value)} />
      </div>
    </div>
  );
}

/** What a file holds, once made: its name, entries and total, and its download. */
function BatchAnswer({ answer, onClose }: { answer: AchBatchAnswer; onClose: () => void }) {
  const counts = { debit: 0, credit: 0, prenote: 0, retry: 0 };
  for (const e of answer.entries) {
    if (e.retry_of_entry_id) counts.retry += 1;
    else counts[e.kind] += 1;
  }
  const parts = [
    counts.debit && `${counts.debit} debit${counts.debit === 1 ? '' : 's'}`,
    counts.retry && `${counts.retry} presented again (RETRY PYMT)`,
    counts.prenote && `${counts.prenote} prenote${counts.prenote === 1 ? '' : 's'}`,
    counts.credit && `${counts.credit} credit${counts.credit === 1 ? '' : 's'}`,
  ].filter(Boolean);
  return (
    <div className="space-y-4">
      <Alert>
        <CheckCircle2Icon />
        <AlertTitle>File {answer.file_name} made</AlertTitle>
        <AlertDescription>
          {answer.entries.length} entries ({parts.join(', ')}), total {formatMoney(answer.total)}. Send the file to the bank before its effective date.
        </AlertDescription>
      </Alert>
      <DialogFooter>
        <DownloadButton batch={{ id: answer.batch_id, file_name: answer.file_name }} label="Download File" />
        <Button onClick={onClose}>Done</Button>
      </DialogFooter>
    </div>
  );
}

/** 'Create Debit Batch': every active enrollment of the account debited its open balance, prenotes for new ones. */
export function CreateDebitBatchDialog({ accounts, onClose }: { accounts: BankAccountRecord[]; onClose: () => void }) {
  const create = useCreateDebitBatch();
  const [accountId, setAccountId] = useState(() => accounts.find((a) => a.system_key === 'operating' && achReady(a))?.id ?? accounts.find(achReady)?.id ?? '');
  const [date, setDate] = useState(() => today());
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accountId) return setProblem('Choose the bank account');
    if (!date) return setProblem('Choose the effective date');
    setProblem(null);
    create.mutate({ bank_account_id: accountId, effective_date: date }, { onSuccess: (a) => toast.success(`ACH file made: ${a.entries.length} entries, ${formatMoney(a.total)}`) });
  };
  return (
    <AchDialog title="Create Debit Batch" description="One ACH file debiting each active autopay enrollment for the owner's open balance, with prenotes for new enrollments and returned debits presented again." onClose={onClose}>
      {create.data ? (
        <BatchAnswer answer={create.data} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <FormError error={create.error} />
          <FileFields accounts={accounts} accountId={accountId} onAccount={setAccountId} date={date} onDate={setDate} />
          <FormProblem message={problem} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isPending={create.isPending}>Create Debit Batch</SubmitButton>
          </DialogFooter>
        </form>
      )}
    </AchDialog>
  );
}

const OUTCOME_LABEL: Record<string, string> = {
  bounced: 'Bounced', prenote_returned: 'Prenote returned', already_applied: 'Already applied', credit_returned: 'Credit returned', applied: 'Corrected', needs_review: 'Needs review',
};

/** 'Import Returns': the bank's returns file (returns and notifications of change), applied whole or not at all. */
export function ImportReturnsDialog({ onClose }: { onClose: () => void }) {
  const importing = useImportReturns();
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<AchReturnsAnswer | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Choose the returns file first');
    setProblem(null);
    const text = await file.text();
    importing.mutate(text, {
      onSuccess: (a) => {
        setAnswer(a);
        toast.success(`${a.returns.length} returns and ${a.notices.length} notices read`);
      },
    });
  };
  return (
    <AchDialog title="Import Returns" description="The returns file from the bank: each return bounces its payment (with the NSF fee of the settings), each notification of change corrects the stored bank details." onClose={onClose}>
      {answer ? (
        <div className="space-y-4">
          <ul className="space-y-2" aria-label="What happened to each return and notice">
            {[...answer.returns.map((r) => ({ key: `r${r.trace_number}`, title: `${r.trace_number} · ${r.reason}`, outcome: r.outcome, message: r.message })),
              ...answer.notices.map((n) => ({ key: `n${n.trace_number}`, title: `${n.trace_number} · ${n.change_code}`, outcome: n.outcome, message: n.message }))].map((item) => (
              <li key={item.key} className="rounded-md border p-3 text-sm">
                <p className="font-medium">
                  {item.title} — {OUTCOME_LABEL[item.outcome] ?? item.outcome}
                </p>
                <p className="text-muted-foreground">{item.message}</p>
              </li>
            ))}
          </ul>
          <DialogFooter>
            <Button onClick={onClose}>Done</Button>
          </DialogFooter>
        </div>
      ) : (
        <form noValidate onSubmit={(e) => void submit(e)} className="space-y-4">
          <FormError error={importing.error} />
          <div className="space-y-1.5">
            <Label htmlFor={fileId}>Returns file</Label>
            <Input id={fileId} type="file" accept=".ach,.txt,.ret,.nacha" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </div>
          <FormProblem message={problem} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isPending={importing.isPending}>Import Returns</SubmitButton>
          </DialogFooter>
        </form>
      )}
    </AchDialog>
  );
}

/** 'Pay Bills by ACH': the chosen open bills paid in full by CCD credits to their vendors' stored accounts. */
export function PayBillsDialog({ accounts, onClose }: { accounts: BankAccountRecord[]; onClose: () => void }) {
  const create = useCreateCreditBatch();
  const bills = useQuery(openBillsQuery());
  const vendors = useQuery(vendorsQuery());
  const [accountId, setAccountId] = useState(() => accounts.find((a) => a.system_key === 'operating' && achReady(a))?.id ?? accounts.find(achReady)?.id ?? '');
  const [date, setDate] = useState(() => today());
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [problem, setProblem] = useState<string | null>(null);
  const vendorName = (id: string) => vendors.data?.find((v) => v.id === id)?.vendor_name ?? '';
  const rows = bills.data ?? [];
  const total = rows.filter((b) => chosen.has(b.id)).reduce((s, b) => s + Math.round(Number(b.balance_due) * 100), 0) / 100;
  const toggle = (id: string, on: boolean) => setChosen((c) => {
    const next = new Set(c);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!accountId) return setProblem('Choose the bank account');
    if (chosen.size === 0) return setProblem('Choose at least one bill');
    setProblem(null);
    create.mutate({ bank_account_id: accountId, bill_ids: [...chosen], effective_date: date }, { onSuccess: (a) => toast.success(`ACH file made: ${a.entries.length} credits, ${formatMoney(a.total)}`) });
  };
  return (
    <AchDialog title="Pay Bills by ACH" description="Each chosen bill is paid its balance due by a credit to the vendor's bank account stored on the vendor." onClose={onClose}>
      {create.data ? (
        <BatchAnswer answer={create.data} onClose={onClose} />
      ) : (
        <form noValidate onSubmit={submit} className="space-y-4">
          <FormError error={create.error} />
          <FileFields accounts={accounts} accountId={accountId} onAccount={setAccountId} date={date} onDate={setDate} />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Open bills</legend>
            {bills.isSuccess && rows.length === 0 ? <p className="text-muted-foreground text-sm">No open bills.</p> : null}
            <ul className="max-h-72 space-y-1 overflow-y-auto" aria-label="Open bills">
              {rows.map((b) => (
                <li key={b.id} className="flex items-center gap-3 rounded-md border px-3 py-2 text-sm">
                  <Checkbox id={`bill-${b.id}`} checked={chosen.has(b.id)} onCheckedChange={(v) => toggle(b.id, v === true)} />
                  <Label htmlFor={`bill-${b.id}`} className="flex flex-1 flex-wrap justify-between gap-2 font-normal">
                    <span>
                      {b.bill_number} · {vendorName(b.vendor_id)}
                    </span>
                    <span className="tabular-nums">{formatMoney(b.balance_due)}</span>
                  </Label>
                </li>
              ))}
            </ul>
            <p className="text-sm">
              Total: <span className="font-medium tabular-nums">{formatMoney(total)}</span>
            </p>
          </fieldset>
          <FormProblem message={problem} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <SubmitButton isPending={create.isPending}>Pay Bills by ACH</SubmitButton>
          </DialogFooter>
        </form>
      )}
    </AchDialog>
  );
}

/** Downloads one file; a refusal (another privilege) is said in a toast. */
export function DownloadButton({ batch, label }: { batch: Pick<AchBatchRecord, 'id' | 'file_name'>; label?: string }) {
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={label ?? `Download ${batch.file_name}`}
      onClick={() => downloadAchFile(batch).catch((e: unknown) => toast.error(`Failed to download the file: ${errorMessage(e)}`))}
    >
      <FileDownIcon aria-hidden="true" />
      {label ?? 'Download'}
    </Button>
  );
}
