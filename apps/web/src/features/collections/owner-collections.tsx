import { useQuery } from '@tanstack/react-query';
import { FileDownIcon } from 'lucide-react';
import { toast } from 'sonner';
import { formatMoney } from '@covenant/contracts/money';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
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
        <Table aria-label="Collection letters">
          <TableHeader>
            <TableRow>
              <TableHead>As of</TableHead>
              <TableHead>Stage</TableHead>
              <TableHead className="text-right">Past Due</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>
                <span className="sr-only">Letter</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.letters.map((l) => (
              <TableRow key={l.id}>
                <TableCell>{l.as_of}</TableCell>
                <TableCell>{l.stage_name}</TableCell>
                <TableCell className="text-right tabular-nums">{formatMoney(l.past_due_balance)}</TableCell>
                <TableCell>{LETTER_STATUS_LABELS[l.status]}</TableCell>
                <TableCell className="text-right">
                  <Button variant="ghost" size="icon" aria-label={`Letter PDF, ${l.stage_name}, ${l.as_of}`} onClick={() => void downloadLetter(l).catch((e: Error) => toast.error(e.message))}>
                    <FileDownIcon aria-hidden="true" />
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
    </section>
  );
}
