import { useQuery } from '@tanstack/react-query';
import { CheckCircle2Icon, PlusIcon, Trash2Icon, XCircleIcon } from 'lucide-react';
import { draftTotals } from '@covenant/contracts/journal';
import { formatMoney } from '@covenant/contracts/money';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { AccountSelect } from '@/features/chart-of-accounts/account-select';
import type { Account } from '@/features/chart-of-accounts/accounts.api';
import { FundSelect } from '@/features/funds/fund-select';
import { fundsQuery } from '@/features/funds/funds.api';

/** A line as typed: amounts are the inputs' text; an empty fund means the Operating fund. */
export interface LineDraft {
  key: string;
  account_id: string;
  fund_id: string;
  debit: string;
  credit: string;
  memo: string;
}

export const blankLine = (): LineDraft => ({ key: crypto.randomUUID(), account_id: '', fund_id: '', debit: '', credit: '', memo: '' });

const money = (cents: number) => formatMoney(cents / 100);

function AmountField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div className="space-y-1">
      <Label className="text-xs" htmlFor={id}>
        {label}
      </Label>
      <Input id={id} type="number" min={0} step="0.01" inputMode="decimal" className="text-right" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/**
 * The lines grid of a journal entry or of opening balances: account, fund, debit, credit (and a line memo);
 * typing a debit clears the line's credit and the other way round, since a line is one or the other.
 */
export function JournalLinesEditor({
  lines, onChange, accounts, defaultFundId, withMemo = false,
}: { lines: LineDraft[]; onChange: (lines: LineDraft[]) => void; accounts: readonly Account[]; defaultFundId: string; withMemo?: boolean }) {
  const set = (key: string, patch: Partial<LineDraft>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  return (
    <div className="space-y-3">
      <ul className="space-y-2" aria-label="Lines">
        {lines.map((line, i) => {
          const n = i + 1;
          const id = (field: string) => `line-${line.key}-${field}`;
          return (
            <li
              key={line.key}
              aria-label={`Line ${n}`}
              className={`grid items-end gap-2 rounded-md border p-2 ${withMemo ? 'md:grid-cols-[2fr_1.3fr_1fr_1fr_1.5fr_auto]' : 'md:grid-cols-[2fr_1.3fr_1fr_1fr_auto]'}`}
            >
              <div className="space-y-1">
                <Label className="text-xs" htmlFor={id('account')}>
                  Account
                </Label>
                <AccountSelect id={id('account')} accounts={accounts} value={line.account_id} onChange={(v) => set(line.key, { account_id: v })} />
              </div>
              <div className="space-y-1">
                <Label className="text-xs" htmlFor={id('fund')}>
                  Fund
                </Label>
                <FundSelect id={id('fund')} value={line.fund_id || defaultFundId} onChange={(v) => set(line.key, { fund_id: v })} />
              </div>
              <AmountField id={id('debit')} label="Debit" value={line.debit} onChange={(v) => set(line.key, { debit: v, ...(v ? { credit: '' } : {}) })} />
              <AmountField id={id('credit')} label="Credit" value={line.credit} onChange={(v) => set(line.key, { credit: v, ...(v ? { debit: '' } : {}) })} />
              {withMemo ? (
                <div className="space-y-1">
                  <Label className="text-xs" htmlFor={id('memo')}>
                    Line memo
                  </Label>
                  <Input id={id('memo')} value={line.memo} onChange={(e) => set(line.key, { memo: e.target.value })} />
                </div>
              ) : null}
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove line ${n}`}
                disabled={lines.length <= 1}
                onClick={() => onChange(lines.filter((l) => l.key !== line.key))}
              >
                <Trash2Icon aria-hidden="true" />
              </Button>
            </li>
          );
        })}
      </ul>
      <Button type="button" variant="outline" size="sm" onClick={() => onChange([...lines, blankLine()])}>
        <PlusIcon aria-hidden="true" />
        Add Line
      </Button>
    </div>
  );
}

/** Debits and credits per fund as the lines are typed, and whether each fund balances (exact, in cents). */
export function FundTotals({ lines, defaultFundId }: { lines: readonly LineDraft[]; defaultFundId: string }) {
  const funds = useQuery(fundsQuery());
  const code = (id: string) => funds.data?.find((f) => f.id === id)?.code ?? (id ? '…' : 'none');
  const totals = draftTotals(lines.map((l) => ({ fund_id: l.fund_id || defaultFundId, debit: l.debit, credit: l.credit })));
  const off = totals.funds.filter((f) => f.differenceCents !== 0);
  return (
    <div className="space-y-2">
      <Table aria-label="Totals by fund">
        <TableHeader>
          <TableRow>
            <TableHead>Fund</TableHead>
            <TableHead className="text-right">Debits</TableHead>
            <TableHead className="text-right">Credits</TableHead>
            <TableHead className="text-right">Difference</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {totals.funds.map((f) => (
            <TableRow key={f.fund_id || 'none'}>
              <TableCell>{code(f.fund_id)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(f.debitCents)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(f.creditCents)}</TableCell>
              <TableCell className="text-right tabular-nums">{money(f.differenceCents)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell>Total</TableCell>
            <TableCell className="text-right tabular-nums">{money(totals.debitCents)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(totals.creditCents)}</TableCell>
            <TableCell className="text-right tabular-nums">{money(totals.debitCents - totals.creditCents)}</TableCell>
          </TableRow>
        </TableFooter>
      </Table>
      <p role="status" aria-label="Balance" className={`flex items-center gap-2 text-sm font-medium ${totals.isBalanced ? 'text-green-700 dark:text-green-400' : 'text-destructive'}`}>
        {totals.isBalanced ? <CheckCircle2Icon className="size-4" aria-hidden="true" /> : <XCircleIcon className="size-4" aria-hidden="true" />}
        {totals.isBalanced
          ? 'Balanced in every fund'
          : off.length
            ? off.map((f) => `Off by ${money(Math.abs(f.differenceCents))} in fund ${code(f.fund_id)} (${f.differenceCents > 0 ? 'debits' : 'credits'} exceed ${f.differenceCents > 0 ? 'credits' : 'debits'})`).join('; ')
            : 'Enter the amounts'}
      </p>
    </div>
  );
}
