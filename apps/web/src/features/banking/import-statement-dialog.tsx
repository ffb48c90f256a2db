import { CSV_DATE_FORMATS, csvMappingSchema, type CsvMapping, type StatementImportAnswer } from '@covenant/contracts/banking';
import { formatMoney } from '@covenant/contracts/money';
import { CheckCircle2Icon, TriangleAlertIcon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { OptionSelect } from '@/components/option-select';
import { SubmitButton } from '@/components/submit-button';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { useImportStatement, type BankAccountRecord } from './banking.api';
import { csvHeader, fileText, isSelfDescribing } from './statement-file';

type Columns = { date: string; amount: string; debit: string; credit: string; description: string; reference: string; check_number: string; date_format: string };

function columnsFrom(saved: CsvMapping | null, header: string[]): Columns {
  const has = (c: string | null | undefined) => (c && header.includes(c) ? c : '');
  return {
    date: has(saved?.date), amount: has(saved?.amount), debit: has(saved?.debit), credit: has(saved?.credit), description: has(saved?.description),
    reference: has(saved?.reference), check_number: has(saved?.check_number), date_format: saved?.date_format ?? 'MM/DD/YYYY',
  };
}

/**
 * 'Import Statement': a file from the bank. OFX/QFX, CAMT.053 and BAI2 say what they hold; a CSV gets a mapping
 * step (which column holds what), filled from the account's last mapping. The answer says what was imported.
 */
export function ImportStatementDialog({ account, onClose }: { account: BankAccountRecord; onClose: () => void }) {
  const importing = useImportStatement(account.id);
  const [file, setFile] = useState<File | null>(null);
  const [header, setHeader] = useState<string[] | null>(null);
  const [columns, setColumns] = useState<Columns>(() => columnsFrom(account.csv_mapping, []));
  const [split, setSplit] = useState(Boolean(account.csv_mapping?.debit));
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImportAnswer | null>(null);
  const fileId = useId();

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setProblem(null);
    importing.reset();
    if (!chosen) return setHeader(null);
    const text = await fileText(chosen);
    if (isSelfDescribing(text)) return setHeader(null);
    const cells = csvHeader(text);
    setHeader(cells);
    setColumns(columnsFrom(account.csv_mapping, cells));
    setSplit(Boolean(account.csv_mapping?.debit) && cells.includes(account.csv_mapping?.debit ?? ''));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem('Choose the statement file first');
    let mapping: CsvMapping | null = null;
    if (header) {
      const parsed = csvMappingSchema.safeParse({
        date: columns.date, amount: split ? null : columns.amount, debit: split ? columns.debit : null, credit: split ? columns.credit : null,
        description: columns.description || null, reference: columns.reference || null, check_number: columns.check_number || null, date_format: columns.date_format,
      });
      if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? 'The mapping is incomplete');
      mapping = parsed.data;
    }
    setProblem(null);
    importing.mutate(
      { file, mapping },
      {
        onSuccess: (answer) => {
          setResult(answer);
          toast.success(`${answer.lines_imported} lines imported`);
        },
      },
    );
  };

  const options = (header ?? []).map((c) => ({ id: c, text: c }));
  const column = (key: keyof Columns, label: string, optional = false) => (
    <div className="space-y-1.5">
      <Label htmlFor={`${fileId}-${key}`}>{label}</Label>
      <OptionSelect
        id={`${fileId}-${key}`}
        value={columns[key]}
        onChange={(v) => setColumns((c) => ({ ...c, [key]: v }))}
        options={options}
        noneLabel={optional ? 'None' : undefined}
        placeholder="Choose a column"
      />
    </div>
  );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import Statement</DialogTitle>
          <DialogDescription>
            A statement file of {account.name} from the bank: OFX or QFX (Quicken, Money), CAMT.053, BAI2 or CSV. Lines already imported are skipped.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor={fileId}>Statement file</Label>
            <Input id={fileId} type="file" accept=".ofx,.qfx,.qbo,.xml,.bai,.bai2,.txt,.csv" onChange={(e) => void choose(e.target.files?.[0] ?? null)} />
          </div>
          {header ? (
            <fieldset className="space-y-3 rounded-md border p-3">
              <legend className="px-1 text-sm font-medium">Which column holds what (a CSV file)</legend>
              {header.length === 0 ? <p className="text-muted-foreground text-sm">No columns found in the file.</p> : null}
              <div className="grid gap-3 sm:grid-cols-2">
                {column('date', 'Date')}
                <div className="space-y-1.5">
                  <Label htmlFor={`${fileId}-format`}>Date format</Label>
                  <OptionSelect
                    id={`${fileId}-format`}
                    value={columns.date_format}
                    onChange={(v) => setColumns((c) => ({ ...c, date_format: v }))}
                    options={CSV_DATE_FORMATS.map((f) => ({ id: f, text: f }))}
                    placeholder="Choose a format"
                  />
                </div>
              </div>
              <RadioGroup value={split ? 'split' : 'one'} onValueChange={(v) => setSplit(v === 'split')} aria-label="Amounts" className="flex flex-wrap gap-4">
                <div className="flex items-center gap-2">
                  <RadioGroupItem value="one" id={`${fileId}-one`} />
                  <Label htmlFor={`${fileId}-one`}>One amount column (deposits positive)</Label>
                </div>
                <div className="flex items-center gap-2">
                  <RadioGroupItem value="split" id={`${fileId}-split`} />
                  <Label htmlFor={`${fileId}-split`}>Debit and credit columns</Label>
                </div>
              </RadioGroup>
              <div className="grid gap-3 sm:grid-cols-2">
                {split ? (
                  <>
                    {column('debit', 'Debit (money out)')}
                    {column('credit', 'Credit (money in)')}
                  </>
                ) : (
                  column('amount', 'Amount')
                )}
                {column('description', 'Description', true)}
                {column('reference', 'Bank reference', true)}
                {column('check_number', 'Check number', true)}
              </div>
            </fieldset>
          ) : null}
          <FormProblem message={problem} />
          <FormError error={importing.error} title="The statement was not imported" />
          {result ? (
            <Alert role="status">
              <CheckCircle2Icon aria-hidden="true" />
              <AlertTitle>
                {result.lines_imported} lines imported, {result.duplicates_skipped} already there
              </AlertTitle>
              <AlertDescription>
                <p>
                  {result.format.toUpperCase()} statement of {result.period_start} to {result.period_end}
                  {result.closing_balance !== null ? `, closing balance ${formatMoney(result.closing_balance)}` : ''}.
                </p>
                {result.warnings.map((w) => (
                  <p key={w} className="flex gap-1.5">
                    <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                    {w}
                  </p>
                ))}
              </AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {result ? 'Close' : 'Cancel'}
            </Button>
            {!result ? <SubmitButton isPending={importing.isPending}>Import</SubmitButton> : null}
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
