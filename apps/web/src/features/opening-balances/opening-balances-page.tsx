import { useMutation, useQuery } from '@tanstack/react-query';
import { ListPage } from '@/components/list-page';
import { ArrowLeftIcon, CheckCircle2Icon, DownloadIcon, XCircleIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CsvColumn } from '@covenant/contracts/csv';
import { typedCents } from '@covenant/contracts/journal';
import { formatMoney } from '@covenant/contracts/money';
import {
  OPENING_ACCOUNT_COLUMNS, OPENING_OWNER_COLUMNS, OPENING_VENDOR_COLUMNS, openingTemplateCsv,
} from '@covenant/contracts/opening-balances';
import { FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { NoAccess } from '@/app/page-access';
import { downloadFile } from '@/lib/download';
import { accountsQuery } from '@/features/chart-of-accounts/accounts.api';
import { fundsQuery, useOperatingFundId } from '@/features/funds/funds.api';
import { today } from '@/lib/dates';
import { blankLine, FundTotals, JournalLinesEditor, type LineDraft } from '@/features/journal-entries/journal-lines-editor';
import {
  previewOpening, readAccountsCsv, readOwnersCsv, readVendorsCsv, useImportOpening, type FileResult, type OpeningOwner, type OpeningPayload,
  type OpeningVendor, type TieOutSummary,
} from './opening-balances.api';

const STEPS = ['Account balances', 'Owners and vendors', 'Preview and import'] as const;
type Step = 0 | 1 | 2 | 'done';

/**
 * A CSV file input with its template; the file's text goes to `onText`, and the same file can be chosen again.
 * Disabled while what the rows are resolved against (accounts, funds) is still loading.
 */
function CsvFileField({ id, label, columns, template, onText, disabled }: { id: string; label: string; columns: readonly CsvColumn[]; template: string; onText(text: string): void; disabled?: boolean }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="space-y-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          type="file"
          accept=".csv,text/csv"
          className="w-80"
          disabled={disabled}
          onChange={async (e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onText(await file.text());
          }}
        />
      </div>
      <Button type="button" variant="ghost" size="sm" onClick={() => downloadFile(template, openingTemplateCsv(columns))}>
        <DownloadIcon aria-hidden="true" />
        Template ({columns.map((c) => c.field).join(',')})
      </Button>
    </div>
  );
}

function FileProblem({ title, message }: { title: string; message: string | null }) {
  if (!message) return null;
  return (
    <Alert variant="destructive">
      <XCircleIcon />
      <AlertTitle>{title}</AlertTitle>
      <AlertDescription>{message}</AlertDescription>
    </Alert>
  );
}

/** Lines worth sending: an account or an amount was entered. */
const usedLines = (lines: readonly LineDraft[]) => lines.filter((l) => l.account_id || typedCents(l.debit) || typedCents(l.credit));

function stepOneProblem(asOf: string, lines: readonly LineDraft[]): string | null {
  if (!asOf) return 'As of date is required';
  const used = usedLines(lines);
  if (used.length === 0) return 'Give at least one account balance';
  const n = lines.findIndex((l) => used.includes(l) && !l.account_id);
  if (n >= 0) return `Line ${n + 1}: choose an account`;
  const empty = lines.findIndex((l) => used.includes(l) && !typedCents(l.debit) && !typedCents(l.credit));
  return empty >= 0 ? `Line ${empty + 1}: enter a debit or a credit` : null;
}

/** One check of the tie-out: the figure of the account balances, the figure of the owners or vendors, and whether they agree. */
function Check({ label, books, parties, partiesLabel }: { label: string; books: number; parties: number; partiesLabel: string }) {
  const agrees = typedCents(books) === typedCents(parties);
  return (
    <TableRow aria-label={label}>
      <TableCell className="font-medium">{label}</TableCell>
      <TableCell className="text-right tabular-nums">{formatMoney(books)}</TableCell>
      <TableCell className="text-right tabular-nums">{formatMoney(parties)}</TableCell>
      <TableCell className="text-muted-foreground text-sm">{partiesLabel}</TableCell>
      <TableCell>{agrees ? 'Agrees' : 'Differs'}</TableCell>
    </TableRow>
  );
}

function TieOut({ summary }: { summary: TieOutSummary }) {
  return (
    <div className="space-y-4">
      <Table aria-label="Tie-out">
        <TableHeader>
          <TableRow>
            <TableHead>Figure</TableHead>
            <TableHead className="text-right">Account balances</TableHead>
            <TableHead className="text-right">Owners and vendors</TableHead>
            <TableHead>From</TableHead>
            <TableHead>Check</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          <Check label="Accounts Receivable" books={summary.receivables} parties={summary.owner_charges} partiesLabel="Owners' balances owed" />
          <Check label="Owner Prepayments" books={summary.owner_prepayments} parties={summary.owner_credits} partiesLabel="Owners' credits" />
          <Check label="Accounts Payable" books={summary.payables} parties={summary.vendors} partiesLabel="Vendors' balances" />
          <TableRow aria-label="Funds balanced">
            <TableCell className="font-medium">Debits equal credits in each fund</TableCell>
            <TableCell colSpan={3} />
            <TableCell>{summary.funds_balanced ? 'Agrees' : 'Differs'}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {summary.ties_out ? (
        <p role="status" className="flex items-center gap-2 font-medium text-green-700 dark:text-green-400">
          <CheckCircle2Icon className="size-4" aria-hidden="true" />
          Ties out: ready to import
        </p>
      ) : (
        <div className="space-y-2">
          <p role="status" className="text-destructive flex items-center gap-2 font-medium">
            <XCircleIcon className="size-4" aria-hidden="true" />
            Does not tie out
          </p>
          <ul aria-label="Problems" className="text-destructive list-disc space-y-1 pl-6 text-sm">
            {summary.problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

function StepCard({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  );
}

/**
 * 'Opening Balances': an association moving in brings its books as they stood on a date. Account balances (typed or
 * from a CSV), the owners' balances and the vendors' (CSV), a tie-out previewed by the server, and an import that
 * the server refuses whole unless it ties out.
 */
export default function OpeningBalancesPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'chart_of_accounts');
  const accounts = useQuery({ ...accountsQuery(), enabled: canWrite });
  const funds = useQuery({ ...fundsQuery(), enabled: canWrite });
  const operating = useOperatingFundId();
  const [step, setStep] = useState<Step>(0);
  const [asOf, setAsOf] = useState(today);
  const [lines, setLines] = useState<LineDraft[]>(() => [blankLine(), blankLine()]);
  const [owners, setOwners] = useState<OpeningOwner[]>([]);
  const [vendors, setVendors] = useState<OpeningVendor[]>([]);
  const [fileProblems, setFileProblems] = useState<{ accounts: string | null; owners: string | null; vendors: string | null }>({ accounts: null, owners: null, vendors: null });
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMutation({ mutationFn: previewOpening });
  const importer = useImportOpening();

  if (!canWrite) return <NoAccess />;

  const payload = (): OpeningPayload => ({
    as_of: asOf,
    accounts: usedLines(lines).map((l) => ({ account_id: l.account_id, fund_id: l.fund_id || operating, debit: l.debit || '0', credit: l.credit || '0' })),
    owners: owners.map((o) => ({ owner_id: o.owner_id, amount: o.amount, memo: o.memo ?? undefined })),
    vendors: vendors.map((v) => ({ vendor_id: v.vendor_id, amount: v.amount, reference: v.reference })),
  });
  const load = async <T,>(which: 'accounts' | 'owners' | 'vendors', read: Promise<FileResult<T>>, apply: (values: T[]) => void) => {
    const result = await read.catch((e: unknown) => ({ ok: false as const, message: e instanceof Error ? e.message : String(e) }));
    setFileProblems((p) => ({ ...p, [which]: result.ok ? null : result.message }));
    if (result.ok) apply(result.values);
  };
  const goPreview = () => {
    setStep(2);
    preview.mutate(payload());
  };
  const summary = preview.data;

  return (
    <ListPage
      title="Opening Balances"
      description="The books as they stood when the association moved in: imported only when they tie out"
      className="max-w-6xl"
      above={
        <Button variant="link" className="h-auto px-0" asChild>
          <Link to="/journalentries">
            <ArrowLeftIcon aria-hidden="true" />
            Journal Entries
          </Link>
        </Button>
      }
    >

      {step !== 'done' ? (
        <ol aria-label="Steps" className="flex flex-wrap gap-2 text-sm">
          {STEPS.map((title, i) => (
            <li
              key={title}
              aria-current={step === i ? 'step' : undefined}
              className={`rounded-full border px-3 py-1 ${step === i ? 'bg-primary text-primary-foreground' : 'text-muted-foreground'}`}
            >
              {i + 1}. {title}
            </li>
          ))}
        </ol>
      ) : null}

      {step === 0 ? (
        <StepCard title="Account balances" description="Each account's balance in each fund on the as-of date: typed below, or read from a CSV file.">
          <div className="space-y-1.5">
            <Label htmlFor="opening-as-of">As of</Label>
            <Input id="opening-as-of" type="date" className="w-48" value={asOf} onChange={(e) => setAsOf(e.target.value)} />
          </div>
          <CsvFileField
            id="opening-accounts-file"
            label="Account balances CSV"
            disabled={!accounts.data || !funds.data}
            columns={OPENING_ACCOUNT_COLUMNS}
            template="opening_accounts_template.csv"
            onText={(text) =>
              void load('accounts', readAccountsCsv(text, accounts.data ?? [], funds.data ?? []), (values) =>
                setLines(values.map((v) => ({ ...blankLine(), account_id: v.account_id, fund_id: v.fund_id, debit: v.debit ? String(v.debit) : '', credit: v.credit ? String(v.credit) : '' }))),
              )
            }
          />
          <FileProblem title="The account balances file was not read" message={fileProblems.accounts} />
          <JournalLinesEditor lines={lines} onChange={setLines} accounts={accounts.data ?? []} defaultFundId={operating} />
          <FundTotals lines={usedLines(lines)} defaultFundId={operating} />
          <FormProblem message={problem} />
          <div className="flex justify-end">
            <Button
              onClick={() => {
                const found = stepOneProblem(asOf, lines);
                setProblem(found);
                if (!found) setStep(1);
              }}
            >
              Next: Owners and vendors
            </Button>
          </div>
        </StepCard>
      ) : null}

      {step === 1 ? (
        <StepCard title="Owners and vendors" description="What each owner owed or had in credit, and what was owed to each vendor; they must agree with the receivables, prepayments and payables lines.">
          <section className="space-y-3" aria-label="Owners">
            <CsvFileField id="opening-owners-file" label="Owners CSV" columns={OPENING_OWNER_COLUMNS} template="opening_owners_template.csv" onText={(text) => void load('owners', readOwnersCsv(text), setOwners)} />
            <p className="text-muted-foreground text-sm">owner_id is the owner's 6-digit ID; a positive amount is owed by the owner, a negative one is the owner's credit.</p>
            <FileProblem title="The owners file was not read" message={fileProblems.owners} />
            {owners.length ? (
              <Table aria-label="Owner balances">
                <TableHeader>
                  <TableRow>
                    <TableHead>Owner ID</TableHead>
                    <TableHead>Owner</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead>Memo</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {owners.map((o) => (
                    <TableRow key={o.owner_id}>
                      <TableCell>{o.number}</TableCell>
                      <TableCell>{o.name}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(o.amount)}</TableCell>
                      <TableCell>{o.memo ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <p className="text-muted-foreground text-sm">No owner balances</p>
            )}
          </section>
          <section className="space-y-3" aria-label="Vendors">
            <CsvFileField id="opening-vendors-file" label="Vendors CSV" columns={OPENING_VENDOR_COLUMNS} template="opening_vendors_template.csv" onText={(text) => void load('vendors', readVendorsCsv(text), setVendors)} />
            <FileProblem title="The vendors file was not read" message={fileProblems.vendors} />
            {vendors.length ? (
              <Table aria-label="Vendor balances">
                <TableHeader>
                  <TableRow>
                    <TableHead>Vendor</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead>Reference</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {vendors.map((v) => (
                    <TableRow key={`${v.vendor_id}-${v.reference}`}>
                      <TableCell>{v.vendor_name}</TableCell>
                      <TableCell className="text-right tabular-nums">{formatMoney(v.amount)}</TableCell>
                      <TableCell>{v.reference}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              <p className="text-muted-foreground text-sm">No vendor balances</p>
            )}
          </section>
          <div className="flex justify-between gap-2">
            <Button variant="outline" onClick={() => setStep(0)}>
              Back
            </Button>
            <Button onClick={goPreview}>Next: Preview</Button>
          </div>
        </StepCard>
      ) : null}

      {step === 2 ? (
        <StepCard title="Preview and import" description={`The tie-out as of ${asOf}, checked by the server without importing anything.`}>
          {preview.isPending ? <p className="text-muted-foreground">Checking…</p> : null}
          <FormError error={preview.error} title="The preview failed" />
          {summary ? <TieOut summary={summary} /> : null}
          <FormError error={importer.error} title="Nothing was imported" />
          <div className="flex flex-wrap justify-between gap-2">
            <div className="flex gap-2">
              <Button variant="outline" onClick={() => setStep(0)}>
                Back to account balances
              </Button>
              <Button variant="outline" onClick={() => setStep(1)}>
                Back to owners and vendors
              </Button>
            </div>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                importer.mutate(payload(), { onSuccess: () => setStep('done') });
              }}
            >
              <SubmitButton isPending={importer.isPending} disabled={!summary?.ties_out || preview.isPending || importer.isPending}>
                Import
              </SubmitButton>
            </form>
          </div>
        </StepCard>
      ) : null}

      {step === 'done' && importer.data ? (
        <StepCard title="Opening balances imported" description={`The books now open on ${importer.data.as_of}.`}>
          <ul aria-label="Created" className="list-disc space-y-1 pl-6">
            <li>An opening entry dated {importer.data.as_of} with the account balances</li>
            <li>{importer.data.charges} opening charges (invoices) for what owners owed</li>
            <li>{importer.data.credits} opening credits (payments) for owners in credit</li>
            <li>{importer.data.bills} opening bills for what was owed to vendors</li>
          </ul>
          <dl className="grid max-w-md grid-cols-2 gap-1 text-sm">
            <dt>Accounts Receivable</dt>
            <dd className="text-right tabular-nums">{formatMoney(importer.data.receivables)}</dd>
            <dt>Owner Prepayments</dt>
            <dd className="text-right tabular-nums">{formatMoney(importer.data.owner_prepayments)}</dd>
            <dt>Accounts Payable</dt>
            <dd className="text-right tabular-nums">{formatMoney(importer.data.payables)}</dd>
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button asChild>
              <Link to="/reports">Open the reports</Link>
            </Button>
            <Button variant="outline" asChild>
              <Link to="/journalentries">Journal Entries</Link>
            </Button>
          </div>
        </StepCard>
      ) : null}
    </ListPage>
  );
}
