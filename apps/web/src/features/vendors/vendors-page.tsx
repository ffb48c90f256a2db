import { useQuery } from '@tanstack/react-query';
import { BriefcaseIcon, MailIcon, PhoneIcon, PlusIcon, UserIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { useDeleteRecord } from '@/components/delete-record';
import { EmptyCard, ListPage, ListSkeleton, LoadMore, RowActions, SearchBox } from '@/components/list-page';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { accessOf } from '@/app/navigation';
import { humanize } from '@/lib/format';
import { VendorFormDialog } from './vendor-form-dialog';
import { VENDORS_PAGE_SIZE, vendorsQuery, type Vendor } from './vendors.api';

function VendorCard({ vendor, canWrite, onEdit, onDelete }: { vendor: Vendor; canWrite: boolean; onEdit(): void; onDelete(): void }) {
  const name = vendor.vendor_name;
  return (
    <Card data-testid="vendor-card" role="article" aria-label={name} className="gap-3 py-4">
      <CardContent className="space-y-3 px-4">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1 space-y-1">
            <h2 className="font-semibold break-words">{name}</h2>
            <Badge variant={vendor.status === 'active' ? 'default' : 'secondary'}>{humanize(vendor.status)}</Badge>
          </div>
          {canWrite ? <RowActions name={name} onEdit={onEdit} onDelete={onDelete} /> : null}
        </div>
        <div className="text-muted-foreground space-y-1 text-sm">
          {vendor.contact_person ? (
            <p className="flex items-center gap-2">
              <UserIcon className="size-4 shrink-0" aria-hidden="true" />
              {vendor.contact_person}
            </p>
          ) : null}
          {vendor.email ? (
            <p className="flex items-center gap-2 break-all">
              <MailIcon className="size-4 shrink-0" aria-hidden="true" />
              {vendor.email}
            </p>
          ) : null}
          {vendor.phone ? (
            <p className="flex items-center gap-2">
              <PhoneIcon className="size-4 shrink-0" aria-hidden="true" />
              {vendor.phone}
            </p>
          ) : null}
          <p className="flex items-center gap-2">
            <BriefcaseIcon className="size-4 shrink-0" aria-hidden="true" />
            {humanize(vendor.vendor_type)}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

export default function VendorsPage() {
  const user = useCurrentUser();
  const { canRead, canWrite } = accessOf(user, 'vendors');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<{ vendor: Vendor | null } | null>(null);
  const [limit, setLimit] = useState(VENDORS_PAGE_SIZE);
  const vendors = useQuery({ ...vendorsQuery(deferredSearch, limit), enabled: canRead });
  useLiveEntities('Vendor');
  const deleter = useDeleteRecord<Vendor>({ entity: 'Vendor', noun: 'vendor' });

  const rows = vendors.data?.rows ?? [];
  const total = vendors.data?.total ?? 0;
  return (
    <ListPage
      title="Vendors"
      description="Manage vendors and service providers"
      canRead={canRead}
      error={vendors.error}
      actions={
        canWrite ? (
          <Button onClick={() => setEditing({ vendor: null })}>
            <PlusIcon /> Add Vendor
          </Button>
        ) : null
      }
    >
      <SearchBox
        className="max-w-md"
        label="Search vendors"
        placeholder="Search vendors..."
        value={search}
        onChange={(text) => {
          setSearch(text);
          setLimit(VENDORS_PAGE_SIZE);
        }}
      />
      {vendors.isPending ? (
        <ListSkeleton label="Loading vendors" cards />
      ) : rows.length === 0 ? (
        <EmptyCard>No vendors found</EmptyCard>
      ) : (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map((v) => (
              <VendorCard key={v.id} vendor={v} canWrite={canWrite} onEdit={() => setEditing({ vendor: v })} onDelete={() => deleter.ask(v)} />
            ))}
          </div>
          <LoadMore shown={rows.length} total={total} noun="vendors" busy={vendors.isFetching} onMore={() => setLimit((l) => l + VENDORS_PAGE_SIZE)} />
        </>
      )}

      {editing ? <VendorFormDialog vendor={editing.vendor} onClose={() => setEditing(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
