import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { CheckIcon, CopyIcon, PlusIcon, SaveIcon, Trash2Icon, Undo2Icon, WandSparklesIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { fiscalMonths, MONTHS_PER_YEAR, spreadEvenly } from '@covenant/contracts/budgets';
import { budgetGridForm } from '@covenant/contracts/entities';
import { centsToDecimal, centsToNumber, formatMoney, toCents } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Textarea } from '@/components/ui/textarea';
import { accountLabel, accountsQuery, type Account } from '@/features/chart-of-accounts/accounts.api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useAdoptBudget, useCopyBudget, useDeleteBudget, useSaveBudget, type BudgetWithLines } from './budgets.api';
import { UnadoptDialog } from './unadopt-dialog';

type Grid = z.infer<typeof budgetGridForm>;
type GridLine = Grid['lines'][number];

const cents = (text: string | undefined) => toCents(text?.trim() || 0);
const typed = (amount: number) => (amount === 0 ? '' : centsToDecimal(toCents(amount)));

function gridOf(budget: BudgetWithLines): Grid {
  return { name: budget.name, notes: budget.notes ?? '', lines: budget.lines.map((l) => ({ account_id: l.account_id, annual: '', amounts: l.amounts.map(typed) })) };
}

/** Income and expense accounts, the only ones a budget line may use. */
const budgetAccountsQuery = accountsQuery({ account_type: { $in: ['revenue', 'expense'] } });

/** The per-month totals of one account type over the grid's lines, and the year's. */
function totalsOf(lines: GridLine[], types: Map<string, string>, type: string) {
  const months = Array.from({ length: MONTHS_PER_YEAR }, (_, m) => lines.filter((l) => types.get(l.account_id) === type).reduce((s, l) => s + cents(l.amounts[m]), 0));
  return { months, year: months.reduce((s, c) => s + c, 0) };
}

function TotalRow({ label, months, year }: { label: string; months: number[]; year: number }) {
  return (
    <TableRow>
      <TableCell className="bg-muted sticky left-0 font-semibold">{label}</TableCell>
      {months.map((c, m) => (
        <TableCell key={m} className="text-right tabular-nums">
          {formatMoney(c / 100)}
        </TableCell>
      ))}
      <TableCell className="text-right font-semibold tabular-nums">{formatMoney(year / 100)}</TableCell>
      <TableCell colSpan={2} />
    </TableRow>
  );
}

function GridTotals({ control, types }: { control: Control<Grid>; types: Map<string, string> }) {
  const lines = useWatch({ control, name: 'lines' });
  const revenue = totalsOf(lines, types, 'revenue');
  const expenses = totalsOf(lines, types, 'expense');
  return (
    <TableFooter>
      <TotalRow label="Total Revenue" {...revenue} />
      <TotalRow label="Total Expenses" {...expenses} />
      <TotalRow label="Net" months={revenue.months.map((c, m) => c - expenses.months[m]!)} year={revenue.year - expenses.year} />
    </TableFooter>
  );
}

function RowTotal({ control, index }: { control: Control<Grid>; index: number }) {
  const amounts = useWatch({ control, name: `lines.${index}.amounts` });
  return <>{formatMoney(amounts.reduce((s, a) => s + cents(a), 0) / 100)}</>;
}

/**
 * The budget grid: account rows × the twelve fiscal months and the annual total. Amounts are typed as decimals and
 * added in integer cents; an annual amount spreads evenly (odd cents on the first months). Save writes everything
 * or nothing; an adopted budget is read-only.
 */
export function BudgetGrid({ budget, fundName, readOnly }: { budget: BudgetWithLines; fundName: string; readOnly: boolean }) {
  const accounts = useQuery(budgetAccountsQuery);
  const [adding, setAdding] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [unadopting, setUnadopting] = useState(false);
  const save = useSaveBudget();
  const adopt = useAdoptBudget();
  const copy = useCopyBudget();
  const del = useDeleteBudget();
  const isAdopted = budget.status === 'adopted';
  const locked = isAdopted || readOnly;
  const form = useForm<Grid>({ resolver: zodResolver(budgetGridForm), values: gridOf(budget), resetOptions: { keepDirtyValues: false } });
  const lines = useFieldArray({ control: form.control, name: 'lines' });
  const months = useMemo(() => fiscalMonths(budget.fiscal_year, budget.start_month), [budget.fiscal_year, budget.start_month]);
  const byId = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.id, a])), [accounts.data]);
  const types = useMemo(() => new Map((accounts.data ?? []).map((a) => [a.id, a.account_type])), [accounts.data]);
  const used = new Set(lines.fields.map((f) => f.account_id));
  const available = (accounts.data ?? []).filter((a) => !used.has(a.id));
  const isDirty = form.formState.isDirty;
  const error = save.error ?? adopt.error ?? copy.error ?? del.error;

  const label = (id: string) => {
    const a: Account | undefined = byId.get(id);
    return a ? accountLabel(a) : 'Account';
  };
  const spread = (index: number) => {
    const annual = form.getValues(`lines.${index}.annual`);
    if (!/^\d+(\.\d{0,2})?$/.test(annual.trim())) {
      form.setError(`lines.${index}.annual`, { message: 'Enter the annual amount to spread' });
      return;
    }
    spreadEvenly(cents(annual)).forEach((c, m) => form.setValue(`lines.${index}.amounts.${m}`, typed(c / 100), { shouldDirty: true }));
    form.setValue(`lines.${index}.annual`, '', { shouldDirty: true });
  };
  const onSave = form.handleSubmit((values) =>
    save.mutate(
      {
        id: budget.id, name: values.name, fiscal_year: budget.fiscal_year, fund_id: budget.fund_id, notes: values.notes || null,
        lines: values.lines.map((l) => ({ account_id: l.account_id, amounts: l.amounts.map((a) => centsToNumber(cents(a))) })),
      },
      { onSuccess: () => toast.success('Budget saved') },
    ),
  );

  return (
    <form noValidate onSubmit={onSave} className="min-w-0 space-y-4" aria-label={`Budget ${budget.name}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{budget.name}</h2>
        <Badge variant={isAdopted ? 'default' : 'secondary'}>{isAdopted ? 'Adopted' : 'Draft'}</Badge>
        <span className="text-muted-foreground text-sm">
          {fundName} fund · fiscal year {budget.fiscal_year} ({months[0]!.label} to {months[11]!.label})
        </span>
      </div>
      <FormError error={error} />
      {/* Locked (adopted, or no write privilege): the fields are disabled, the grid's amounts read-only so that its
          scrolling region and the amounts stay reachable by keyboard (a disabled fieldset would take them out). */}
      <div className="min-w-0 space-y-4">
        <fieldset disabled={locked} className="grid gap-4 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor="budget-name">Budget Name</Label>
            <Input id="budget-name" {...form.register('name')} aria-invalid={form.formState.errors.name ? true : undefined} />
            {form.formState.errors.name ? <p className="text-destructive text-sm" role="alert">{form.formState.errors.name.message}</p> : null}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="budget-notes">Notes</Label>
            <Textarea id="budget-notes" rows={1} {...form.register('notes')} />
          </div>
        </fieldset>

        <div className="overflow-x-auto rounded-md border">
          <Table aria-label="Budget grid" className="min-w-[110rem]">
            <TableHeader>
              <TableRow>
                <TableHead className="bg-background sticky left-0 min-w-56">Account</TableHead>
                {months.map((m) => (
                  <TableHead key={m.start} className="text-right">
                    {m.label}
                  </TableHead>
                ))}
                <TableHead className="text-right">Annual Total</TableHead>
                <TableHead>Spread an annual amount</TableHead>
                <TableHead>
                  <span className="sr-only">Remove</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.fields.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={MONTHS_PER_YEAR + 4} className="text-muted-foreground py-6 text-center">
                    No accounts yet. Add revenue and expense accounts below, or copy last year&apos;s budget.
                  </TableCell>
                </TableRow>
              ) : null}
              {lines.fields.map((field, i) => {
                const name = label(field.account_id);
                const lineErrors = form.formState.errors.lines?.[i];
                return (
                  <TableRow key={field.id} aria-label={name}>
                    <TableCell className="bg-background sticky left-0 font-medium">{name}</TableCell>
                    {months.map((m, k) => (
                      <TableCell key={m.start} className="p-1">
                        <Input
                          inputMode="decimal"
                          className="w-28 text-right tabular-nums"
                          aria-label={`${name} ${m.label}`}
                          aria-invalid={lineErrors?.amounts?.[k] ? true : undefined}
                          title={lineErrors?.amounts?.[k]?.message}
                          readOnly={locked}
                          {...form.register(`lines.${i}.amounts.${k}`)}
                        />
                      </TableCell>
                    ))}
                    <TableCell className="text-right font-semibold tabular-nums" aria-label={`${name} annual total`}>
                      <RowTotal control={form.control} index={i} />
                    </TableCell>
                    <TableCell className="p-1">
                      <div className="flex items-center gap-1">
                        <Input
                          inputMode="decimal"
                          className="w-32 text-right"
                          placeholder="Annual"
                          aria-label={`${name} annual amount`}
                          aria-invalid={lineErrors?.annual ? true : undefined}
                          title={lineErrors?.annual?.message}
                          readOnly={locked}
                          {...form.register(`lines.${i}.annual`)}
                        />
                        <Button type="button" variant="outline" size="sm" disabled={locked} onClick={() => spread(i)} aria-label={`Spread evenly: ${name}`}>
                          <WandSparklesIcon aria-hidden="true" />
                          Spread evenly
                        </Button>
                      </div>
                    </TableCell>
                    <TableCell className="p-1">
                      <Button type="button" variant="ghost" size="icon" disabled={locked} onClick={() => lines.remove(i)} aria-label={`Remove ${name}`}>
                        <Trash2Icon aria-hidden="true" />
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
            <GridTotals control={form.control} types={types} />
          </Table>
        </div>
        {form.formState.errors.lines ? (
          <p className="text-destructive text-sm" role="alert">
            Some amounts are not valid: enter amounts such as 1200 or 1200.50.
          </p>
        ) : null}

        {locked ? null : (
          <div className="flex flex-wrap items-end gap-2">
            <div className="space-y-1.5">
              <Label htmlFor="budget-add-account">Account to add</Label>
              <Select value={adding} onValueChange={setAdding}>
                <SelectTrigger id="budget-add-account" className="w-72">
                  <SelectValue placeholder="Choose a revenue or expense account" />
                </SelectTrigger>
                <SelectContent>
                  {available.map((a) => (
                    <SelectItem key={a.id} value={a.id}>
                      {accountLabel(a)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <Button
              type="button"
              variant="outline"
              disabled={!adding}
              onClick={() => {
                lines.append({ account_id: adding, annual: '', amounts: Array(MONTHS_PER_YEAR).fill('') });
                setAdding('');
              }}
            >
              <PlusIcon aria-hidden="true" />
              Add Account
            </Button>
            {budget.lines.length === 0 && lines.fields.length === 0 ? (
              <Button type="button" variant="outline" disabled={copy.isPending} onClick={() => copy.mutate({ fund_id: budget.fund_id, to_fiscal_year: budget.fiscal_year }, { onSuccess: () => toast.success('Copied last year\'s budget') })}>
                <CopyIcon aria-hidden="true" />
                Copy from Last Year
              </Button>
            ) : null}
          </div>
        )}
      </div>

      <div className="flex flex-wrap justify-end gap-2" hidden={readOnly}>
        {isAdopted ? (
          <Button type="button" variant="outline" onClick={() => setUnadopting(true)}>
            <Undo2Icon aria-hidden="true" />
            Un-adopt
          </Button>
        ) : (
          <>
            <Button type="button" variant="ghost" className="text-destructive" onClick={() => setConfirmDelete(true)}>
              <Trash2Icon aria-hidden="true" />
              Delete Budget
            </Button>
            <Button type="button" variant="outline" disabled={isDirty || adopt.isPending || budget.lines.length === 0} title={isDirty ? 'Save the budget before adopting it' : undefined} onClick={() => adopt.mutate(budget.id, { onSuccess: () => toast.success('Budget adopted') })}>
              <CheckIcon aria-hidden="true" />
              Adopt Budget
            </Button>
            <Button type="submit" disabled={!isDirty || save.isPending}>
              <SaveIcon aria-hidden="true" />
              {save.isPending ? 'Saving...' : 'Save Budget'}
            </Button>
          </>
        )}
      </div>
      {isDirty && !isAdopted ? <p className="text-muted-foreground text-right text-sm" role="status">Unsaved changes</p> : null}

      <ConfirmDialog
        open={confirmDelete}
        text={`Delete the draft budget ${budget.name}? Its lines are deleted with it.`}
        confirmLabel="Delete"
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          del.mutate(budget.id, { onSuccess: () => toast.success('Budget deleted') });
        }}
      />
      {unadopting ? <UnadoptDialog budget={budget} onClose={() => setUnadopting(false)} /> : null}
    </form>
  );
}
