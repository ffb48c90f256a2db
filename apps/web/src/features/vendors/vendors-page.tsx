import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BriefcaseIcon, MailIcon, PencilIcon, PhoneIcon, PlusIcon, SearchIcon, Trash2Icon, UserIcon } from 'lucide-react';
import { useDeferredValue, useState } from 'react';
import { toast } from 'sonner';
import { FormError } from '@/components/form-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { entityKeys, remove, useLiveEntities } from '@/lib/entities';
import { useCurrentUser } from '@/app/current-user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { accessOf } from '@/app/navigation';
import { errorMessage } from '@/lib/api';
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
          {canWrite ? (
            <div className="flex gap-1">
              <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
                <PencilIcon />
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={onDelete}>
                <Trash2Icon />
              </Button>
            </div>
          ) : null}
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
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [editing, setEditing] = useState<{ vendor: Vendor | null } | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const [limit, setLimit] = useState(VENDORS_PAGE_SIZE);
  const vendors = useQuery({ ...vendorsQuery(deferredSearch, limit), enabled: canRead });
  useLiveEntities('Vendor');

  const remover = useMutation({
    mutationFn: (v: Vendor) => remove('Vendor', v.id),
    onSuccess: () => toast.success('Vendor deleted'),
    onError: (e) => toast.error(`Failed to delete vendor: ${errorMessage(e)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entityKeys.all('Vendor') }),
  });

  const rows = vendors.data?.rows ?? [];
  const total = vendors.data?.total ?? 0;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
      <title>Vendors · Covenant</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Vendors</h1>
          <p className="text-muted-foreground">Manage vendors and service providers</p>
        </div>
        {canWrite ? (
          <Button onClick={() => setEditing({ vendor: null })}>
            <PlusIcon /> Add Vendor
          </Button>
        ) : null}
      </div>

      <div className="relative max-w-md">
        <SearchIcon className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
        <Input className="pl-9" placeholder="Search vendors..." aria-label="Search vendors" value={search} onChange={(e) => { setSearch(e.target.value); setLimit(VENDORS_PAGE_SIZE); }} />
      </div>

      {!canRead ? <p className="text-muted-foreground">You do not have permission to view vendors.</p> : null}
      <FormError error={vendors.error} />
      {vendors.isPending && canRead ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading vendors">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-40" />
          ))}
        </div>
      ) : canRead && rows.length === 0 ? (
        <Card>
          <CardContent className="text-muted-foreground py-10 text-center">No vendors found</CardContent>
        </Card>
      ) : canRead ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {rows.map((v) => (
              <VendorCard key={v.id} vendor={v} canWrite={canWrite} onEdit={() => setEditing({ vendor: v })} onDelete={() => setDeleting(v)} />
            ))}
          </div>
          {rows.length < total ? (
            <div className="text-muted-foreground flex flex-col items-center gap-2 text-sm">
              <p>
                Showing {rows.length} of {total} vendors
              </p>
              <Button variant="outline" disabled={vendors.isFetching} onClick={() => setLimit((l) => l + VENDORS_PAGE_SIZE)}>
                Load more
              </Button>
            </div>
          ) : null}
        </>
      ) : null}

      {editing ? <VendorFormDialog vendor={editing.vendor} onClose={() => setEditing(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        text="Are you sure you want to delete this vendor?"
        confirmLabel="Delete"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remover.mutate(deleting);
          setDeleting(null);
        }}
      />
    </div>
  );
}
