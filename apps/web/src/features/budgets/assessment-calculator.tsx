import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ASSESSMENT_BASES, type AssessmentBasis, type AssessmentNeed } from '@covenant/contracts/budgets';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Skeleton } from '@/components/ui/skeleton';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { accountLabel, type Account } from '@/features/chart-of-accounts/accounts.api';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { assessmentPreviewQuery, useApplyAssessment, type AssessmentRequest, type BudgetWithLines } from './budgets.api';

const BASIS_LABELS: Record<AssessmentBasis, string> = { equal: 'Equal shares', sqft: 'By square footage', percentage: 'By percentage interest' };

/**
 * The assessment calculator: an adopted budget's income need, shared among every unit by a basis. The preview and
 * the apply are computed by the server; Apply sets each unit's monthly HOA fee, which the monthly billing run bills.
 */
export function AssessmentCalculator({ budget, accounts }: { budget: BudgetWithLines; accounts: ReadonlyMap<string, Account> }) {
  const accountName = (id: string) => {
    const a = accounts.get(id);
    return a ? accountLabel(a) : 'Account';
  };
  const revenueLines = budget.lines.filter((l) => accounts.get(l.account_id)?.account_type === 'revenue');
  const assessmentLine = revenueLines.find((l) => accounts.get(l.account_id)?.system_key === 'assessment_income') ?? revenueLines[0];
  const [need, setNeed] = useState<AssessmentNeed>('revenue_accounts');
  const [basis, setBasis] = useState<AssessmentBasis>('equal');
  const [chosen, setChosen] = useState<string[]>(() => (assessmentLine ? [assessmentLine.account_id] : []));
  const [confirming, setConfirming] = useState(false);
  const isAdopted = budget.status === 'adopted';
  const request: AssessmentRequest | null = isAdopted && (need === 'net_expenses' || chosen.length > 0) ? { budget_id: budget.id, basis, need, account_ids: chosen } : null;
  const preview = useQuery(assessmentPreviewQuery(request));
  const apply = useApplyAssessment();

  if (!isAdopted) {
    return (
      <Alert>
        <AlertDescription>The assessment calculator works from an adopted budget. Adopt {budget.name} first.</AlertDescription>
      </Alert>
    );
  }
  const p = preview.data;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 md:grid-cols-3">
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Income need</legend>
          <RadioGroup value={need} onValueChange={(v) => setNeed(v as AssessmentNeed)}>
            <div className="flex items-center gap-2">
              <RadioGroupItem id="need-revenue" value="revenue_accounts" />
              <Label htmlFor="need-revenue">Budgeted revenue of the assessment accounts</Label>
            </div>
            <div className="flex items-center gap-2">
              <RadioGroupItem id="need-net" value="net_expenses" />
              <Label htmlFor="need-net">Budgeted expenses minus other income</Label>
            </div>
          </RadioGroup>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Assessment accounts</legend>
          {revenueLines.map((l) => (
              <div key={l.account_id} className="flex items-center gap-2">
                <Checkbox
                  id={`assess-${l.account_id}`}
                  checked={chosen.includes(l.account_id)}
                  onCheckedChange={(c) => setChosen((list) => (c === true ? [...list, l.account_id] : list.filter((x) => x !== l.account_id)))}
                />
                <Label htmlFor={`assess-${l.account_id}`}>{accountName(l.account_id)}</Label>
              </div>
          ))}
          <p className="text-muted-foreground text-xs">With expenses minus other income, revenue on these accounts is not counted as other income.</p>
        </fieldset>
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium">Allocation basis</legend>
          <RadioGroup value={basis} onValueChange={(v) => setBasis(v as AssessmentBasis)}>
            {ASSESSMENT_BASES.map((b) => (
              <div key={b} className="flex items-center gap-2">
                <RadioGroupItem id={`basis-${b}`} value={b} />
                <Label htmlFor={`basis-${b}`}>{BASIS_LABELS[b]}</Label>
              </div>
            ))}
          </RadioGroup>
        </fieldset>
      </div>

      <FormError error={preview.error ?? apply.error} />
      {request === null ? <p className="text-muted-foreground">Choose the assessment account(s) whose budgeted revenue is the income need.</p> : null}
      {request && preview.isPending ? <Skeleton className="h-40" /> : null}
      {p ? (
        <>
          <dl className="grid gap-2 text-sm sm:grid-cols-2" aria-label="Income need">
            <div>
              <dt className="text-muted-foreground">How the need is computed</dt>
              <dd role="status">
                {need === 'revenue_accounts'
                  ? `Assessment revenue ${formatMoney(p.assessment_revenue)} a year`
                  : `Expenses ${formatMoney(p.budgeted_expenses)} − other income ${formatMoney(p.other_income)} = ${formatMoney(p.annual_need)} a year`}
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Monthly need (annual ÷ 12, rounded up to the cent)</dt>
              <dd className="font-semibold">
                {formatMoney(p.monthly_need)} a month · {formatMoney(p.annual_billed)} a year
              </dd>
            </div>
            {basis === 'percentage' ? (
              <div>
                <dt className="text-muted-foreground">Percentage interests add up to</dt>
                <dd>{p.share_total}%</dd>
              </div>
            ) : null}
          </dl>
          <Table aria-label="Assessment preview">
            <TableHeader>
              <TableRow>
                <TableHead>Unit</TableHead>
                <TableHead className="text-right">Square Feet</TableHead>
                <TableHead className="text-right">Share %</TableHead>
                <TableHead className="text-right">Current Monthly Fee</TableHead>
                <TableHead className="text-right">New Monthly Fee</TableHead>
                <TableHead className="text-right">Per Year</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {p.units.map((u) => (
                <TableRow key={u.id} aria-label={`Unit ${u.unit_number}`}>
                  <TableCell>
                    {u.unit_number} <span className="text-muted-foreground">({u.property_id})</span>
                  </TableCell>
                  <TableCell className="text-right tabular-nums">{u.square_footage?.toLocaleString('en-US') ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{u.assessment_share ?? '—'}</TableCell>
                  <TableCell className="text-right tabular-nums">{u.current_fee === null ? '—' : formatMoney(u.current_fee)}</TableCell>
                  <TableCell className="text-right font-medium tabular-nums">{formatMoney(u.monthly_fee)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatMoney(u.annual_fee)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow aria-label="Total">
                <TableCell colSpan={4}>Total of {p.units.length} units</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(p.total_monthly)}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(p.annual_billed)}</TableCell>
              </TableRow>
            </TableFooter>
          </Table>
          <div className="flex items-center justify-end gap-3">
            <p className="text-muted-foreground text-sm">Assessment schedules do not exist yet: Apply sets each unit&apos;s monthly HOA fee.</p>
            <Button onClick={() => setConfirming(true)} disabled={apply.isPending}>
              Apply
            </Button>
          </div>
        </>
      ) : null}
      <ConfirmDialog
        open={confirming}
        text={`Set the monthly HOA fee of ${p?.units.length ?? 0} units to the amounts shown (${formatMoney(p?.total_monthly ?? 0)} a month in total)?`}
        confirmLabel="Apply"
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          if (request) apply.mutate(request, { onSuccess: (r) => toast.success(`Monthly HOA fees set on ${r.units.length} units`) });
        }}
      />
    </div>
  );
}
