import { useQuery } from '@tanstack/react-query';
import { FileDownIcon } from 'lucide-react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { DataTable } from '@/components/data-table';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { downloadLetter, LETTER_STATUS_LABELS, ownerCollectionsQuery, PLAN_STATUS_LABELS } from './collections.api';

/** An owner's collections standing: the stage of their open case, their payment plans and the letters they were sent. */
export function OwnerCollections({ ownerId }: { ownerId: string }) {
  const data = useQuery(ownerCollectionsQuery(ownerId)).data;
  if (!data) return null;
  const plan = data.payment_plans[0];
  return (
    <section aria-label="Collections" className="space-y-2">
      <h3 className="font-medium">Collections</h3>
      <p className="text-sm" role="status">
        {data.case ? (
          <>
            Stage: <span className="font-medium">{data.case.stage_name ?? 'none yet'}</span>
            {data.case.stage_entered_on ? ` since ${data.case.stage_entered_on}` : ''} (case opened {data.case.opened_on})
          </>
        ) : (
          'Not in collections'
        )}
        {plan ? (
          <>
            {' · '}Payment plan from {plan.start_date}: {formatMoney(plan.total_amount)} in {plan.installments.length} installments,{' '}
            <Badge variant={plan.status === 'defaulted' ? 'destructive' : 'secondary'}>{PLAN_STATUS_LABELS[plan.status]}</Badge>
          </>
        ) : null}
      </p>
      {data.letters.length ? (
        <DataTable
          label="Collection letters"
          rows={data.letters}
          rowKey={(l) => l.id}
          columns={[
            { id: 'as-of', header: 'As of', cell: (l) => l.as_of },
            { id: 'stage', header: 'Stage', cell: (l) => l.stage_name },
            { id: 'past-due', header: 'Past Due', align: 'end', cell: (l) => formatMoney(l.past_due_balance) },
            { id: 'status', header: 'Status', cell: (l) => LETTER_STATUS_LABELS[l.status] },
          ]}
          actionsHeader={<span className="sr-only">Letter</span>}
          actions={(l) => (
            <Button variant="ghost" size="icon" aria-label={`Letter PDF, ${l.stage_name}, ${l.as_of}`} onClick={() => void downloadLetter(l).catch((e: Error) => toast.error(e.message))}>
              <FileDownIcon aria-hidden="true" />
            </Button>
          )}
        />
      ) : null}
    </section>
  );
}
