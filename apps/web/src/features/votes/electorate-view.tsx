import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { DataTable } from '@/components/data-table';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { humanize } from '@/lib/format';
import { BallotForm } from './my-votes';
import { ELECTORATE_PAGE, electorateQuery, proxyHoldersQuery, useCastBallot, useProxy, type Electorate, type Vote } from './votes.api';

type Row = Electorate['rows'][number];

/**
 * The electorate as the vote opened, unit by unit, for who runs the vote and its inspector of elections: who has
 * voted and how, each unit's proxy. While the vote is open, staff record a signed proxy form (to a director) or take
 * it back, and the inspector enters a written ballot for a unit.
 */
export function ElectorateView({ vote, canWrite, isInspector }: { vote: Vote; canWrite: boolean; isInspector: boolean }) {
  const [search, setSearch] = useState('');
  const [skip, setSkip] = useState(0);
  const [paperFor, setPaperFor] = useState<Row | null>(null);
  const [proxyFor, setProxyFor] = useState<Row | null>(null);
  const electorate = useQuery(electorateQuery(vote.id, search, skip));
  const paper = useCastBallot('recordPaperBallot');
  const proxy = useProxy();
  const open = vote.status === 'open';
  const data = electorate.data;
  return (
    <section aria-label="Electorate" className="space-y-3">
      <h3 className="font-medium">Electorate</h3>
      <div className="max-w-xs space-y-1">
        <Label htmlFor={`electorate-search-${vote.id}`}>Find a unit</Label>
        <Input id={`electorate-search-${vote.id}`} type="search" value={search} onChange={(e) => { setSearch(e.target.value); setSkip(0); }} />
      </div>
      {electorate.error ? <FormError error={electorate.error} /> : null}
      <DataTable
        label="Units in the electorate"
        loading={electorate.isPending && 'Loading the electorate'}
        rows={data?.rows ?? []}
        rowKey={(r) => r.property_id}
        empty="No unit matches"
        columns={[
          { id: 'unit', header: 'Unit', cell: (r) => r.unit_number },
          { id: 'weight', header: 'Weight', cell: (r) => r.weight, align: 'end' },
          { id: 'eligible', header: 'May vote', cell: (r) => (r.eligible ? 'Yes' : `No: ${r.reason ?? ''}`) },
          { id: 'voted', header: 'Voted', cell: (r) => (r.voted ? <Badge variant="outline">{humanize(r.method)}</Badge> : 'Not yet') },
          { id: 'proxy', header: 'Proxy', cell: (r) => r.proxy_holder?.full_name ?? '—' },
        ]}
        actions={open && (canWrite || isInspector) ? (r) => (
          <div className="flex flex-wrap justify-end gap-1">
            {isInspector && r.eligible && !r.voted && !r.proxy_holder ? (
              <Button size="sm" variant="outline" onClick={() => { setPaperFor(r); setProxyFor(null); }}>Enter Paper Ballot</Button>
            ) : null}
            {canWrite && r.eligible && !r.voted && !r.proxy_holder ? (
              <Button size="sm" variant="outline" onClick={() => { setProxyFor(r); setPaperFor(null); }}>Record Proxy</Button>
            ) : null}
            {canWrite && !r.voted && r.proxy_holder ? (
              <Button size="sm" variant="outline" disabled={proxy.isPending} onClick={() => proxy.mutate({ vote_id: vote.id, property_id: r.property_id }, { onSuccess: () => toast.success(`Proxy of unit ${r.unit_number} revoked`) })}>
                Revoke Proxy
              </Button>
            ) : null}
          </div>
        ) : undefined}
      />
      {data && data.total > ELECTORATE_PAGE ? (
        <div className="flex items-center gap-2 text-sm">
          <Button size="sm" variant="outline" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - ELECTORATE_PAGE))}>Previous</Button>
          <span>{skip + 1}–{Math.min(skip + ELECTORATE_PAGE, data.total)} of {data.total} units</span>
          <Button size="sm" variant="outline" disabled={skip + ELECTORATE_PAGE >= data.total} onClick={() => setSkip(skip + ELECTORATE_PAGE)}>Next</Button>
        </div>
      ) : null}
      <FormError error={proxy.error} />
      {paperFor ? (
        <div className="space-y-2 rounded-md border p-3">
          <p className="text-sm font-medium">Written ballot of unit {paperFor.unit_number}, as marked on paper</p>
          <BallotForm
            vote={vote}
            unit={paperFor}
            cast={paper}
            label="Enter paper ballot"
            onCast={(r) => { toast.success(`Paper ballot of unit ${paperFor.unit_number} entered; receipt ${r.receipt.slice(0, 12)}…`); setPaperFor(null); }}
          />
        </div>
      ) : null}
      {proxyFor ? <RecordProxy vote={vote} unit={proxyFor} onDone={() => setProxyFor(null)} /> : null}
    </section>
  );
}

/** Staff record a proxy form the owner signed: the unit's vote goes to the director named on it. */
function RecordProxy({ vote, unit, onDone }: { vote: Vote; unit: Row; onDone(): void }) {
  const holders = useQuery(proxyHoldersQuery(vote.id));
  const proxy = useProxy();
  const [holder, setHolder] = useState('');
  const id = `record-proxy-${vote.id}`;
  return (
    <form
      className="flex flex-wrap items-end gap-2 rounded-md border p-3 text-sm"
      aria-label={`Record the proxy of unit ${unit.unit_number}`}
      onSubmit={(e) => {
        e.preventDefault();
        if (holder) proxy.mutate({ vote_id: vote.id, property_id: unit.property_id, holder_user_id: holder }, { onSuccess: () => { toast.success(`Proxy of unit ${unit.unit_number} recorded`); onDone(); } });
      }}
    >
      <div className="space-y-1">
        <Label htmlFor={id}>Proxy holder named on the form (unit {unit.unit_number})</Label>
        <select id={id} className="border-input bg-background block h-9 rounded-md border px-2" value={holder} onChange={(e) => setHolder(e.target.value)}>
          <option value="">Choose a director</option>
          {(holders.data?.rows ?? []).map((h) => <option key={h.id} value={h.id}>{h.full_name}</option>)}
        </select>
      </div>
      <Button type="submit" disabled={!holder || proxy.isPending}>Record Proxy</Button>
      <Button type="button" variant="ghost" onClick={onDone}>Cancel</Button>
      <FormError error={proxy.error} />
    </form>
  );
}
