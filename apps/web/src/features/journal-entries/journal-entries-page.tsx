import { useQuery } from '@tanstack/react-query';
import { FileUpIcon, PlusIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { Pager } from '@/components/pager';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { isForbidden, NoAccess } from '@/app/page-access';
import { useLiveRefresh } from '@/lib/entities';
import { journalKeys } from '@/features/ledger/ledger.api';
import { isReversible, JOURNAL_PAGE_SIZE, JOURNAL_TYPES, journalEntriesQuery, type JournalEntry, type JournalType } from './journal-entries.api';
import { OPENING_BALANCES_PATH } from './journal-entries.paths';
import { JournalEntryDialog } from './journal-entry-dialog';
import { ReverseEntryDialog } from './reverse-entry-dialog';

const SOURCE_LABELS: Record<string, string> = { journal: 'Manual', transfer: 'Transfer', opening: 'Opening balances', closing: 'Year-end close' };

function EntryCard({ entry, canWrite, onReverse }: { entry: JournalEntry; canWrite: boolean; onReverse(): void }) {
  return (
    <Card className="gap-3 py-4" role="article" aria-label={entry.memo ?? undefined}>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2 px-4">
        <div className="space-y-1">
          <CardTitle>
            <h2 className="text-base">{entry.memo}</h2>
          </CardTitle>
          <p className="text-muted-foreground flex flex-wrap items-center gap-2 text-sm">
            <span>{entry.entry_date}</span>
            <Badge variant="outline">{SOURCE_LABELS[entry.source_type] ?? entry.source_type}</Badge>
            {entry.reversed_by ? <Badge variant="secondary">Reversed</Badge> : null}
            {entry.reverses_id ? <Badge variant="secondary">Reversal</Badge> : null}
            {entry.created_by ? <span>by {entry.created_by}</span> : null}
          </p>
        </div>
        {canWrite && isReversible(entry) ? (
          <Button variant="outline" size="sm" onClick={onReverse} aria-label={`Reverse ${entry.memo ?? ''}`}>
            <Undo2Icon aria-hidden="true" />
            Reverse
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="px-4">
        <DataTable
          label={`Lines of ${entry.memo ?? ''}`}
          rows={entry.lines}
          rowKey={(l) => String(l.line_no)}
          columns={[
            { id: 'account', header: 'Account', cell: (l) => `${l.account_number} - ${l.account_name}` },
            { id: 'fund', header: 'Fund', cell: (l) => l.fund_code },
            { id: 'debit', header: 'Debit', align: 'end', cell: (l) => (l.debit ? formatMoney(l.debit) : '') },
            { id: 'credit', header: 'Credit', align: 'end', cell: (l) => (l.credit ? formatMoney(l.credit) : '') },
            { id: 'memo', header: 'Line memo', className: 'text-muted-foreground', cell: (l) => l.memo ?? '' },
          ]}
        />
      </CardContent>
    </Card>
  );
}

/** 'Journal Entries': manual entries (or transfers, opening, closing entries), newest first, paged by the server. */
export default function JournalEntriesPage() {
  const user = useCurrentUser();
  const { canWrite } = accessOf(user, 'chart_of_accounts');
  const [type, setType] = useState<JournalType>('manual');
  const [page, setPage] = useState(0);
  const [isCreating, setIsCreating] = useState(false);
  const [reversing, setReversing] = useState<JournalEntry | null>(null);
  const entries = useQuery(journalEntriesQuery(type, page));
  // Documents and transfers post too; the list follows them.
  useLiveRefresh(journalKeys.all, 'JournalEntry');

  if (isForbidden(entries.error)) return <NoAccess />;
  const rows = entries.data?.rows ?? [];
  const total = entries.data?.total ?? 0;

  return (
    <ListPage
      title="Journal Entries"
      description="Entries posted by hand, transfers between funds, opening balances and year-end closes"
      className="max-w-6xl"
      actions={
        <>
          {canWrite ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" asChild>
                <Link to={OPENING_BALANCES_PATH}>
                  <FileUpIcon aria-hidden="true" />
                  Opening Balances
                </Link>
              </Button>
              <Button onClick={() => setIsCreating(true)}>
                <PlusIcon aria-hidden="true" />
                New Journal Entry
              </Button>
            </div>
          ) : null}
        </>
      }
    >

      <div className="flex flex-wrap items-end gap-4">
        <div className="space-y-1">
          <Label htmlFor="journal-type">Type</Label>
          <Select
            value={type}
            onValueChange={(v) => {
              setType(v as JournalType);
              setPage(0);
            }}
          >
            <SelectTrigger id="journal-type" className="w-64">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {JOURNAL_TYPES.map((t) => (
                <SelectItem key={t.value} value={t.value}>
                  {t.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>

      {entries.isError ? <p className="text-destructive">{entries.error.message}</p> : null}
      {entries.isPending ? (
        <div className="space-y-3">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : rows.length === 0 ? (
        <p className="text-muted-foreground py-10 text-center">No journal entries yet</p>
      ) : (
        <div className="space-y-4" aria-label="Journal entries" role="feed" aria-busy={entries.isFetching}>
          {rows.map((entry) => (
            <EntryCard key={entry.id} entry={entry} canWrite={canWrite} onReverse={() => setReversing(entry)} />
          ))}
        </div>
      )}

      <Pager page={page} pageSize={JOURNAL_PAGE_SIZE} shown={rows.length} total={total} onPage={setPage} />

      {isCreating ? <JournalEntryDialog onClose={() => setIsCreating(false)} /> : null}
      {reversing ? <ReverseEntryDialog entry={reversing} onClose={() => setReversing(null)} /> : null}
    </ListPage>
  );
}
