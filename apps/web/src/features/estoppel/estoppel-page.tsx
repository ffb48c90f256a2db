import { useQuery } from '@tanstack/react-query';
import { FileDownIcon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ESTOPPEL_STATUS_LABELS, estoppelRequestInput } from '@covenant/contracts/estoppel';
import { centsToDecimal, formatMoney } from '@covenant/contracts/money';
import { closeOnSuccess } from '@/components/dialog-form';
import { EntityFormDialog, SwitchField, TextField, useContractForm } from '@/components/entity-form';
import { DataTable } from '@/components/data-table';
import { ListPage } from '@/components/list-page';
import { EntityPickerField } from '@/components/entity-picker';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { useLiveRefresh, type EntityRecord } from '@/lib/entities';
import { TransferDialog } from './transfer-dialog';
import { downloadCertificate, estoppelFiguresQuery, estoppelKeys, estoppelListQuery, useCreateEstoppelRequest, useEstoppelCall, type EstoppelRow } from './estoppel.api';

const cents = (c: number) => formatMoney(centsToDecimal(c));

function StatusBadges({ r }: { r: EstoppelRow }) {
  return (
    <span className="flex flex-wrap gap-1">
      <Badge variant={r.status === 'issued' ? 'default' : 'secondary'}>{ESTOPPEL_STATUS_LABELS[r.status]}</Badge>
      {r.is_overdue ? <Badge variant="destructive">Overdue</Badge> : null}
      {r.rush ? <Badge variant="outline">Rush</Badge> : null}
    </span>
  );
}

/** A new request: the unit, who asks and whether they pay for rush delivery; the server sets the due date and fee. */
function NewRequestDialog({ onClose }: { onClose(): void }) {
  const form = useContractForm(estoppelRequestInput, { property_id: '', requester_name: '', requester_email: '', rush: false });
  const create = useCreateEstoppelRequest();
  return (
    <EntityFormDialog
      title="New Estoppel Request"
      description="The due date and the fee follow the association's state law; they are shown once the request is saved."
      form={form}
      onSubmit={(body) => create.mutate(body, closeOnSuccess('Estoppel request recorded', onClose))}
      onClose={onClose}
      isPending={create.isPending}
      error={create.error}
      submitLabel="Save Request"
    >
      <EntityPickerField<typeof estoppelRequestInput._input, EntityRecord & { unit_number: string; street_address: string | null }>
        name="property_id" fieldLabel="Unit *" entity="Property" label="Unit" noneLabel="Choose the unit"
        searchFields={['unit_number', 'street_address']} sort="unit_number" fields={['id', 'unit_number', 'street_address']}
        labelOf={(u) => (u.street_address ? `${u.unit_number} · ${u.street_address}` : u.unit_number)}
      />
      <TextField name="requester_name" label="Requester *" />
      <TextField name="requester_email" label="Requester email" type="email" />
      <TextField name="requested_on" label="Received on" type="date" description="Empty: today" />
      <SwitchField name="rush" label="Rush delivery" description="Delivered within 3 business days, for the rush fee" />
    </EntityFormDialog>
  );
}

/** One request: its dates and fee; staff issue the certificate (then download it) or cancel the request. */
function RequestDialog({ request: r, canWrite, onClose }: { request: EstoppelRow; canWrite: boolean; onClose(): void }) {
  const issue = useEstoppelCall('issueEstoppelCertificate');
  const cancel = useEstoppelCall('cancelEstoppelRequest');
  const figures = useQuery({ ...estoppelFiguresQuery(r.id), enabled: r.status === 'issued' });
  const f = figures.data?.figures ?? null;
  const download = () => void downloadCertificate(r).catch((e: Error) => toast.error(e.message));
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{`Estoppel request: unit ${r.unit_number}`}</DialogTitle>
          <DialogDescription>{`${r.requester_name} · received ${r.requested_on} · due ${r.due_on}`}</DialogDescription>
        </DialogHeader>
        <div className="space-y-3 text-sm">
          <StatusBadges r={r} />
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            <dt className="font-medium">Fee</dt>
            <dd>{`${formatMoney(r.fee_amount)}, paid by the requester`}</dd>
            {r.fee_message ? <><dt className="font-medium">Fee rule</dt><dd>{r.fee_message}</dd></> : null}
            {r.delinquent ? <><dt className="font-medium">Account</dt><dd>Delinquent on the day requested</dd></> : null}
            {r.issued_on ? <><dt className="font-medium">Issued</dt><dd>{r.issued_on}</dd></> : null}
            {r.status === 'issued' ? <><dt className="font-medium">Valid until</dt><dd>{r.valid_until ?? 'No statutory limit'}</dd></> : null}
          </dl>
          {f ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="font-medium">Owners</dt>
              <dd>{f.owners.map((o) => o.name).join(', ') || 'None'}</dd>
              <dt className="font-medium">Paid through</dt>
              <dd>{f.paid_through ?? 'Nothing paid'}</dd>
              <dt className="font-medium">Balance due</dt>
              <dd>{cents(f.balance_cents)}</dd>
            </dl>
          ) : null}
          <div className="flex flex-wrap gap-2 pt-2">
            {r.status === 'issued' ? (
              <Button variant="outline" onClick={download}><FileDownIcon aria-hidden="true" />Certificate PDF</Button>
            ) : null}
            {canWrite && r.status === 'requested' ? (
              <>
                <Button disabled={issue.isPending} onClick={() => issue.mutate(r.id, { onSuccess: () => toast.success('Certificate issued'), onError: (e) => toast.error(e.message) })}>Issue Certificate</Button>
                <Button variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(r.id, { onSuccess: () => { toast.success('Request cancelled'); onClose(); }, onError: (e) => toast.error(e.message) })}>Cancel Request</Button>
              </>
            ) : null}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Estoppel Requests: every request with its statutory due date and fee; staff record, issue and cancel them. */
export default function EstoppelRequestsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'estoppel');
  const list = useQuery({ ...estoppelListQuery(), enabled: canRead });
  useLiveRefresh(estoppelKeys.all, 'EstoppelRequest');
  const [adding, setAdding] = useState(false);
  const [selling, setSelling] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const rows = list.data ?? [];
  const open = rows.find((r) => r.id === openId);
  return (
    <ListPage
      title="Estoppel Requests"
      description="Certificates asked for on the sale of a unit, open ones first by the date each is due"
      canRead={canRead}
      error={list.error}
      actions={canWrite ? <><Button variant="outline" onClick={() => setSelling(true)}>Record a Sale</Button><Button onClick={() => setAdding(true)}>New Request</Button></> : null}
    >
      <SectionCard title="Requests" description="Open a request to issue its certificate or download it">
        <DataTable
          label="Estoppel requests"
          loading={list.isPending && 'Loading estoppel requests'}
          rows={rows}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'aria-label': `Unit ${r.unit_number} for ${r.requester_name}` })}
          empty="No estoppel requests yet"
          columns={[
            { id: 'unit', header: 'Unit', cell: (r) => r.unit_number },
            { id: 'requester', header: 'Requester', hideBelow: 'sm', cell: (r) => r.requester_name },
            { id: 'requested', header: 'Received', hideBelow: 'sm', cell: (r) => r.requested_on },
            { id: 'due', header: 'Due', cell: (r) => r.due_on },
            { id: 'fee', header: 'Fee', hideBelow: 'sm', cell: (r) => formatMoney(r.fee_amount) },
            { id: 'status', header: 'Status', cell: (r) => <StatusBadges r={r} /> },
          ]}
          actionsHeader={<span className="sr-only">Open</span>}
          actions={(r) => <Button variant="outline" size="sm" aria-label={`Open request for unit ${r.unit_number} from ${r.requester_name}`} onClick={() => setOpenId(r.id)}>Open</Button>}
        />
      </SectionCard>
      {adding ? <NewRequestDialog onClose={() => setAdding(false)} /> : null}
      {selling ? <TransferDialog onClose={() => setSelling(false)} /> : null}
      {open ? <RequestDialog request={open} canWrite={canWrite} onClose={() => setOpenId(null)} /> : null}
    </ListPage>
  );
}
