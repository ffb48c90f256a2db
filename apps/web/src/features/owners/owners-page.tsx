import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DownloadIcon, MailIcon, MapPinIcon, PhoneIcon, PlusIcon, ReceiptTextIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  OWNERS_EXPORT_FILE, OWNERS_TEMPLATE_FILE, ownersTemplateCsv, ownersToCsv, parseOwnersCsv,
} from '@covenant/contracts/csv';
import { DeleteAllControl } from '@/components/delete-all';
import { useDeleteRecord } from '@/components/delete-record';
import { EmptyCard, ListPage, ListSkeleton, LoadMore, RowActions, SearchBox } from '@/components/list-page';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { entityKeys, useEntitySubscription, useLiveEntities } from '@/lib/entities';
import { humanize, initialsOf } from '@/lib/format';
import { useCurrentUser } from '@/app/current-user';
import { OwnerFormDialog } from './owner-form-dialog';
import { CsvImportButtons } from './csv-import-buttons';
import { PAGE_SIZE, fetchAll, fullName, type Owner } from './owners.api';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api';
import { ownersPageQuery, type OwnerSort, type OwnersPage, type UnitChip } from './owners-data';
import { InviteAllOwnersButton, InviteOwnerButton } from './portal-invitations';
import { privilegesOf } from '@/features/invoices/invoices.api';
import { EmailStatementsDialog } from '@/features/mailings/email-statements-dialog';
import { OwnerAccountDialog } from '@/features/mailings/owner-account-dialog';

function mailingAddress(o: Owner): string {
  const cityLine = [o.city, [o.state, o.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [o.mailing_address, o.mailing_address_2, cityLine].filter(Boolean).join(', ');
}

const PORTAL_BADGE = { signed_up: 'Has a sign-in', invited: 'Invited to the portal' } as const;

function OwnerCard({ owner, units, stage, portal, canWrite, canInvite, onEdit, onDelete, onAccount }: {
  owner: Owner;
  units: UnitChip[];
  stage: string | null;
  /** null: no sign-in; undefined: the caller may not see sign-ins. */
  portal: OwnersPage['portal'][string] | undefined;
  canWrite: boolean;
  canInvite: boolean;
  onEdit(): void;
  onDelete(): void;
  onAccount?: () => void;
}) {
  const name = fullName(owner);
  const address = mailingAddress(owner);
  return (
    <Card data-testid="owner-card" aria-label={name} role="article" className="gap-3 py-4">
      <CardContent className="space-y-3 px-4">
        <div className="flex items-start gap-3">
          <Avatar className="size-12">
            {owner.photo_url ? <AvatarImage src={owner.photo_url} alt="" /> : null}
            <AvatarFallback>{initialsOf(name)}</AvatarFallback>
          </Avatar>
          <div className="min-w-0 flex-1">
            <p className="text-muted-foreground text-xs">#{owner.owner_id}</p>
            <h2 className="font-semibold break-words">{name}</h2>
            <div className="flex flex-wrap gap-1">
              <Badge variant={owner.status === 'active' ? 'default' : 'secondary'}>{humanize(owner.status)}</Badge>
              {stage ? <Badge variant="destructive">Collections: {stage}</Badge> : null}
              {portal ? <Badge variant="outline">{PORTAL_BADGE[portal]}</Badge> : portal === null && canInvite ? <Badge variant="outline">No sign-in</Badge> : null}
            </div>
          </div>
          {canWrite ? (
            <RowActions name={name} onEdit={onEdit} onDelete={onDelete}>
              {onAccount ? (
                <Button variant="ghost" size="icon" aria-label={`Statements and emails of ${name}`} onClick={onAccount}>
                  <ReceiptTextIcon />
                </Button>
              ) : null}
            </RowActions>
          ) : null}
        </div>
        <div className="text-muted-foreground space-y-1 text-sm">
          {owner.email ? (
            <p className="flex items-center gap-2 break-all">
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              {owner.email}
            </p>
          ) : null}
          {owner.phone ? (
            <p className="flex items-center gap-2">
              <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
              {owner.phone}
            </p>
          ) : null}
          {address ? (
            <p className="flex items-center gap-2">
              <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
              {address}
            </p>
          ) : null}
        </div>
        {canInvite && owner.email && portal !== 'signed_up' ? <InviteOwnerButton ownerId={owner.id} name={name} invited={portal === 'invited'} /> : null}
        {units.length ? (
          <div className="flex flex-wrap gap-1" aria-label="Units">
            {units.map((u) => (
              <Link key={u.id} to={`/properties?search=${encodeURIComponent(u.unit_number)}`}>
                <Badge variant="outline">Unit {u.unit_number}</Badge>
              </Link>
            ))}
          </div>
        ) : null}
      </CardContent>
    </Card>
  );
}

export default function OwnersPage() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { canRead, canWrite } = accessOf(user, 'owners');
  const [params] = useSearchParams();
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<OwnerSort>('last_name');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<{ owner: Owner | null } | null>(null);
  const canMail = privilegesOf(user, 'invoices').canCreate;
  // Inviting owners to the portal creates sign-ins: those who may invite users.
  const canInvite = accessOf(user, 'users').canWrite && canRead;
  const [accountOf, setAccountOf] = useState<{ id: string; name: string } | null>(null);
  const [mailingAll, setMailingAll] = useState(false);

  const page = useQuery({ ...ownersPageQuery(deferredSearch, sort, limit), enabled: canRead });
  useLiveEntities('Owner');
  const refreshOwners = () => void queryClient.invalidateQueries({ queryKey: entityKeys.all('Owner') });
  useEntitySubscription('OwnerProperty', refreshOwners);
  useEntitySubscription('Property', refreshOwners);
  // A new sign-in changes an owner card's portal status.
  useEntitySubscription('User', refreshOwners);
  const deleter = useDeleteRecord<Owner>({ entity: 'Owner', noun: 'owner' });

  const onExport = async () => {
    try {
      const all = await fetchAll<Owner>('Owner', {}, 'last_name,first_name,owner_id');
      downloadFile(OWNERS_EXPORT_FILE, ownersToCsv(all));
    } catch (e) {
      toast.error(`Failed to export owners: ${errorMessage(e)}`);
    }
  };

  const data = page.data;
  return (
    <ListPage
      title="Owners"
      description="Manage homeowner profiles and contact information"
      canRead={canRead}
      error={page.error}
      actions={
        <>
          <DeleteAllControl
            entity="Owner"
            plural="owners"
            canWrite={canWrite}
            texts={{
              confirm: 'Are you sure you want to delete ALL owners? This action cannot be undone and is only available in debug mode.',
              success: 'All owners deleted successfully.',
            }}
          />
          {canWrite ? (
            <CsvImportButtons
              entity="Owner"
              plural="owners"
              templateFile={OWNERS_TEMPLATE_FILE}
              templateCsv={ownersTemplateCsv}
              parse={parseOwnersCsv}
              testId="owners-import-input"
            />
          ) : null}
          <Button variant="outline" onClick={() => void onExport()}>
            <DownloadIcon /> Export CSV
          </Button>
          {canInvite ? <InviteAllOwnersButton /> : null}
          {canMail ? (
            <Button variant="outline" onClick={() => setMailingAll(true)}>
              <MailIcon /> Email Statements
            </Button>
          ) : null}
          {canWrite ? (
            <Button onClick={() => setEditing({ owner: null })}>
              <PlusIcon /> Add Owner
            </Button>
          ) : null}
        </>
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search owners"
          placeholder="Search owners by name or email..."
          value={search}
          onChange={(text) => {
            setSearch(text);
            setLimit(PAGE_SIZE);
          }}
        />
        <Select value={sort} onValueChange={(v) => { setSort(v as OwnerSort); setLimit(PAGE_SIZE); }}>
          <SelectTrigger className="w-full sm:w-56" aria-label="Sort owners">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="last_name">Sort by Last Name</SelectItem>
            <SelectItem value="unit">Sort by Unit Number</SelectItem>
          </SelectContent>
        </Select>
      </div>

      {page.isPending ? (
        <ListSkeleton label="Loading owners" cards />
      ) : data && data.owners.length === 0 ? (
        <EmptyCard>No owners found. Add your first owner to get started.</EmptyCard>
      ) : data ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="owners-grid">
            {data.owners.map((o) => (
              <OwnerCard
                key={o.id}
                owner={o}
                units={data.units[o.id] ?? []}
                stage={data.stages[o.id] ?? null}
                portal={canInvite ? data.portal[o.id] : undefined}
                canWrite={canWrite}
                canInvite={canInvite}
                onEdit={() => setEditing({ owner: o })}
                onDelete={() => deleter.ask(o)}
                onAccount={canMail ? () => setAccountOf({ id: o.id, name: fullName(o) }) : undefined}
              />
            ))}
          </div>
          <LoadMore shown={data.owners.length} total={data.total} noun="owners" busy={page.isFetching} onMore={() => setLimit((l) => l + PAGE_SIZE)} />
        </>
      ) : null}

      {accountOf ? <OwnerAccountDialog owner={accountOf} onClose={() => setAccountOf(null)} /> : null}
      {mailingAll ? <EmailStatementsDialog onClose={() => setMailingAll(false)} /> : null}
      {editing ? <OwnerFormDialog owner={editing.owner} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
