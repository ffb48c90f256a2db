import { useQuery } from '@tanstack/react-query';
import type { MatchBankLinesAnswer, MatchCandidate } from '@covenant/contracts/banking';
import { addDays } from '@covenant/contracts/documents';
import { formatMoney, toCents } from '@covenant/contracts/money';
import { SearchIcon, SparklesIcon } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { DialogButtons, FormProblem } from '@/components/dialog-form';
import { EmptyRow } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import {
  idsByKind, QUEUE_PAGE_SIZE, queueLinesQuery, unmatchedDocumentsQuery, useLineAction, useMatchBankLines,
  type BankAccountRecord, type MatchRule, type QueueLine,
} from './banking.api';
import { ReasonDialog } from './reason-dialog';

/** Why a suggestion was made, in a treasurer's words. */
export const RULE_REASON: Record<MatchRule, string> = {
  ach_batch: 'The settlement of an ACH file',
  ach_trace: 'An ACH entry by its trace number',
  check_number: 'A check by its number and amount',
  deposit_group: 'A deposit of several payments (the only set that adds up)',
  amount_date: 'The only posting of this amount within 5 days',
  bank_rule: 'A bank rule',
  manual: 'Matched by hand',
};
const KIND_LABEL: Record<MatchCandidate['kind'], string> = {
  payment: 'Payment', bill_payment: 'Bill payment', journal_entry: 'Journal entry', ach_batch: 'ACH file', ach_entry: 'ACH entry', bank_rule: 'Bank rule',
};
const money = (n: number | null) => (n === null ? '—' : formatMoney(n));

/** The match queue of one bank account: suggestions with their reasons, ambiguous lines with their candidates, and by-hand matching. */
export function MatchQueue({ account, canWrite }: { account: BankAccountRecord; canWrite: boolean }) {
  const [status, setStatus] = useState<'unmatched' | 'matched' | 'excluded'>('unmatched');
  const [page, setPage] = useState(0);
  const lines = useQuery(queueLinesQuery(account.id, status, page));
  const run = useMatchBankLines();
  const [suggested, setSuggested] = useState<MatchBankLinesAnswer | null>(null);
  const [matching, setMatching] = useState<{ line: QueueLine; candidates: MatchCandidate[] | null } | null>(null);
  const [excluding, setExcluding] = useState<QueueLine | null>(null);
  const action = useLineAction();
  const rows = lines.data?.rows ?? [];
  const ambiguous = new Map((suggested?.ambiguous ?? []).map((a) => [a.line_id, a.candidates]));
  const suggestion = new Map((suggested?.matched ?? []).map((m) => [m.line_id, m]));

  const find = () =>
    run.mutate({ bank_account_id: account.id, dry_run: true }, {
      onSuccess: (answer) => {
        setSuggested(answer);
        toast.success(`${answer.matched.length} suggested, ${answer.ambiguous.length} with several candidates, ${answer.unmatched.length} without a match`);
      },
      onError: (e) => toast.error(`Failed to find matches: ${errorMessage(e)}`),
    });
  const record = () =>
    run.mutate({ bank_account_id: account.id, dry_run: false }, {
      onSuccess: (answer) => {
        setSuggested({ matched: [], ambiguous: answer.ambiguous, unmatched: answer.unmatched });
        toast.success(`${answer.matched.length} ${answer.matched.length === 1 ? 'line' : 'lines'} matched`);
      },
      onError: (e) => toast.error(`Failed to match: ${errorMessage(e)}`),
    });
  const unmatch = (line: QueueLine) =>
    action.mutate({ kind: 'unmatch', line_id: line.id }, {
      onSuccess: () => toast.success(line.status === 'excluded' ? 'The line is back in the queue' : 'Line unmatched'),
      onError: (e) => toast.error(`Failed to unmatch: ${errorMessage(e)}`),
    });

  return (
    <section className="space-y-4" aria-label={`Matching for ${account.name}`}>
      <Card className="gap-3 py-5">
        <CardHeader className="px-5">
          <CardTitle>
            <h3>Match the statement to the books</h3>
          </CardTitle>
          <CardDescription>
            Find Matches suggests a match only when exactly one payment, bill payment or entry fits; lines with several candidates wait for you to choose.
          </CardDescription>
        </CardHeader>
        {canWrite ? (
          <CardContent className="flex flex-wrap gap-2 px-5">
            <Button variant="outline" onClick={find} disabled={run.isPending}>
              <SearchIcon aria-hidden="true" />
              Find Matches
            </Button>
            <Button onClick={record} disabled={run.isPending || !suggested || suggested.matched.length === 0}>
              <SparklesIcon aria-hidden="true" />
              Accept {suggested?.matched.length ?? 0} Suggested {suggested?.matched.length === 1 ? 'Match' : 'Matches'}
            </Button>
          </CardContent>
        ) : null}
      </Card>

      <Tabs value={status} onValueChange={(v) => { setStatus(v as typeof status); setPage(0); }}>
        <TabsList aria-label="Lines by status">
          <TabsTrigger value="unmatched" aria-controls="match-lines-panel">To match</TabsTrigger>
          <TabsTrigger value="matched" aria-controls="match-lines-panel">Matched</TabsTrigger>
          <TabsTrigger value="excluded" aria-controls="match-lines-panel">Excluded</TabsTrigger>
        </TabsList>
      </Tabs>
      <div id="match-lines-panel" role="tabpanel" aria-label="Lines">
        <DataTable
          label={status === 'unmatched' ? 'Lines to match' : status === 'matched' ? 'Matched lines' : 'Excluded lines'}
          loading={lines.isPending && 'Loading statement lines'}
          rows={rows}
          rowKey={(l) => l.id}
          rowProps={(l) => ({ 'aria-label': `${l.date} ${l.description} ${formatMoney(l.amount)}` })}
          empty={status === 'unmatched' ? 'Every line is matched or excluded.' : status === 'matched' ? 'No matched lines yet.' : 'No excluded lines.'}
          pager={lines.data && lines.data.total > QUEUE_PAGE_SIZE ? { page, pageSize: QUEUE_PAGE_SIZE, total: lines.data.total, onPage: setPage } : undefined}
          columns={[
            { id: 'date', header: 'Date', className: 'align-top', cell: (l) => l.date },
            {
              id: 'description', header: 'Description', className: 'align-top',
              cell: (l) => (
                <span>
                  {l.description}
                  {l.check_number ? <span className="text-muted-foreground block text-xs">Check {l.check_number}</span> : null}
                </span>
              ),
            },
            { id: 'amount', header: 'Amount', align: 'end', className: 'align-top', cell: (l) => <span className={l.amount < 0 ? 'text-destructive' : undefined}>{formatMoney(l.amount)}</span> },
            {
              id: 'match', header: status === 'excluded' ? 'Reason' : 'Match', className: 'align-top text-sm',
              cell: (l) => {
                const s = suggestion.get(l.id);
                const candidates = ambiguous.get(l.id);
                return l.status === 'matched' ? (
                  <MatchedList line={l} />
                ) : l.status === 'excluded' ? (
                  <span>{l.excluded_reason}</span>
                ) : s ? (
                  <span>
                    <Badge variant="secondary">Suggested</Badge> {RULE_REASON[s.rule]}
                    {s.payment_ids?.length ? ` · ${s.payment_ids.length} ${s.payment_ids.length === 1 ? 'payment' : 'payments'}` : ''}
                    {s.bill_payment_ids?.length ? ` · ${s.bill_payment_ids.length} bill ${s.bill_payment_ids.length === 1 ? 'payment' : 'payments'}` : ''}
                  </span>
                ) : candidates ? (
                  <span>
                    <Badge variant="outline">{candidates.length} candidates</Badge> Choose which one
                  </span>
                ) : suggested ? (
                  <span className="text-muted-foreground">Nothing in the books fits</span>
                ) : null;
              },
            },
          ]}
          actionsHeader={<span className="sr-only">Actions</span>}
          actions={
            canWrite
              ? (l) => {
                  const candidates = ambiguous.get(l.id);
                  return l.status === 'unmatched' ? (
                    <span className="space-x-1">
                      <Button size="sm" variant={candidates ? 'default' : 'outline'} onClick={() => setMatching({ line: l, candidates: candidates ?? null })} aria-label={`Match the line of ${l.date} for ${formatMoney(l.amount)}`}>
                        Match
                      </Button>
                      <Button size="sm" variant="ghost" onClick={() => setExcluding(l)} aria-label={`Exclude the line of ${l.date} for ${formatMoney(l.amount)}`}>
                        Exclude
                      </Button>
                    </span>
                  ) : (
                    <Button size="sm" variant="outline" onClick={() => unmatch(l)} disabled={action.isPending} aria-label={`${l.status === 'excluded' ? 'Include' : 'Unmatch'} the line of ${l.date} for ${formatMoney(l.amount)}`}>
                      {l.status === 'excluded' ? 'Include' : 'Unmatch'}
                    </Button>
                  );
                }
              : undefined
          }
        />
      </div>
      {matching ? <MatchLineDialog account={account} line={matching.line} candidates={matching.candidates} onClose={() => setMatching(null)} /> : null}
      {excluding ? <ExcludeLineDialog line={excluding} onClose={() => setExcluding(null)} /> : null}
    </section>
  );
}

function MatchedList({ line }: { line: QueueLine }) {
  return (
    <ul className="space-y-0.5">
      {line.matches.map((m) => (
        <li key={`${m.doc_type}:${m.doc_id}`}>
          {KIND_LABEL[m.doc_type]} {m.reference ?? ''} {m.date ? `· ${m.date}` : ''} {m.amount !== null ? `· ${formatMoney(m.amount)}` : ''}
          <span className="text-muted-foreground block text-xs">{RULE_REASON[m.rule]}</span>
        </li>
      ))}
    </ul>
  );
}

/** Choosing the documents of a line: the ambiguous line's candidates, or the account's unmatched postings around its date. */
function MatchLineDialog({ account, line, candidates, onClose }: { account: BankAccountRecord; line: QueueLine; candidates: MatchCandidate[] | null; onClose(): void }) {
  const [from, setFrom] = useState(addDays(line.date, -10));
  const [to, setTo] = useState(addDays(line.date, 10));
  const documents = useQuery({ ...unmatchedDocumentsQuery(account.id, from, to), enabled: candidates === null && from <= to });
  const offered = (candidates ?? documents.data ?? []).filter((c) => c.kind === 'payment' || c.kind === 'bill_payment' || c.kind === 'journal_entry');
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const action = useLineAction();
  const key = (c: MatchCandidate) => `${c.kind}:${c.id}`;
  const picked = offered.filter((c) => chosen.has(key(c)));
  const total = picked.reduce((sum, c) => sum + toCents(c.amount), 0);
  const difference = toCents(line.amount) - total;
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (picked.length === 0) return setProblem('Choose at least one payment, bill payment or journal entry');
    if (difference !== 0) return setProblem(`The chosen postings add up to ${formatMoney(total / 100)}, not ${formatMoney(line.amount)}`);
    setProblem(null);
    action.mutate({ kind: 'match', line_id: line.id, ...idsByKind(picked) }, {
      onSuccess: () => {
        toast.success('Line matched');
        onClose();
      },
      onError: (err) => setProblem(errorMessage(err)),
    });
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Match Bank Line</DialogTitle>
          <DialogDescription>
            {line.date} · {line.description} · {formatMoney(line.amount)}. Choose the postings it is; their amounts must add up to the line.
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          {candidates === null ? (
            <div className="flex flex-wrap gap-3">
              <div className="space-y-1">
                <Label htmlFor="match-from">From</Label>
                <Input id="match-from" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
              </div>
              <div className="space-y-1">
                <Label htmlFor="match-to">To</Label>
                <Input id="match-to" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
              </div>
            </div>
          ) : null}
          <div className="max-h-80 overflow-y-auto rounded-md border">
            <Table aria-label="Postings to choose from">
              <TableHeader>
                <TableRow>
                  <TableHead className="w-10"><span className="sr-only">Chosen</span></TableHead>
                  <TableHead>Date</TableHead>
                  <TableHead>Kind</TableHead>
                  <TableHead>Reference</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {offered.map((c) => {
                  const id = `match-${c.kind}-${c.id}`;
                  const label = `${KIND_LABEL[c.kind]} ${c.reference ?? ''} of ${c.date} for ${formatMoney(c.amount)}`;
                  return (
                    <TableRow key={key(c)}>
                      <TableCell>
                        <Checkbox
                          id={id}
                          aria-label={label}
                          checked={chosen.has(key(c))}
                          onCheckedChange={(on) => setChosen((prev) => {
                            const next = new Set(prev);
                            if (on) next.add(key(c));
                            else next.delete(key(c));
                            return next;
                          })}
                        />
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{c.date}</TableCell>
                      <TableCell>{KIND_LABEL[c.kind]}</TableCell>
                      <TableCell>{c.reference ?? ''}</TableCell>
                      <TableCell className={`text-right tabular-nums ${c.amount < 0 ? 'text-destructive' : ''}`}>{money(c.amount)}</TableCell>
                    </TableRow>
                  );
                })}
                {offered.length === 0 ? (
                  <EmptyRow colSpan={5}>{documents.isPending && candidates === null ? 'Loading…' : 'No unmatched postings in these dates.'}</EmptyRow>
                ) : null}
              </TableBody>
            </Table>
          </div>
          <p className="text-sm tabular-nums" aria-live="polite">
            Chosen: {formatMoney(total / 100)} · Line: {formatMoney(line.amount)} · Difference: {formatMoney(difference / 100)}
          </p>
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={action.isPending}>
            Match
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ExcludeLineDialog({ line, onClose }: { line: QueueLine; onClose(): void }) {
  const action = useLineAction();
  return (
    <ReasonDialog
      id="exclude-reason"
      title="Exclude Bank Line"
      description={`${line.date} · ${line.description} · ${formatMoney(line.amount)}. An excluded line needs nothing in the books (a bank error corrected, a line shown twice).`}
      submitLabel="Exclude"
      isPending={action.isPending}
      onSubmit={(reason, done, fail) =>
        action.mutate({ kind: 'exclude', line_id: line.id, reason }, {
          onSuccess: () => {
            toast.success('Line excluded');
            done();
          },
          onError: fail,
        })}
      onClose={onClose}
    />
  );
}
