import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BathIcon, BedIcon, DownloadIcon, FileDownIcon, MapPinIcon, PencilIcon, PlusIcon, RulerIcon, SearchIcon, Trash2Icon, UploadIcon, UserPlusIcon } from 'lucide-react';
import { useContext, useDeferredValue, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  PROPERTIES_EXPORT_FILE, PROPERTIES_TEMPLATE_FILE, parsePropertiesCsv, propertiesTemplateCsv, propertiesToCsv,
} from '@covenant/contracts/csv';
import { formatMoney } from '@covenant/contracts/money';
import { FormError } from '@/components/form-error';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { deleteMany, entityKeys, remove, useEntitySubscription, useLiveEntities } from '@/lib/entities';
import { humanize, initialsOf } from '@/lib/format';
import type { User } from '@/lib/api';
import { CurrentUserContext } from '@/app/current-user';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { PAGE_SIZE, fetchAll, fullName, importCsvRecords, type Property } from '@/features/owners/owners.api';
import { accessOf } from '@/app/navigation';
import { downloadFile } from '@/lib/download';
import { errorMessage } from '@/lib/api';
import { AssignOwnersDialog } from './assign-owners-dialog';
import { propertiesPageQuery, type AssignedOwner, type PropertySort } from './properties-data';
import { PropertyFormDialog } from './property-form-dialog';

function address(p: Property): string {
  const cityLine = [p.city, [p.state, p.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [p.street_address, cityLine].filter(Boolean).join(', ');
}

function PropertyCard({ property, owners, canWrite, onEdit, onDelete, onAssign }: {
  property: Property; owners: AssignedOwner[]; canWrite: boolean; onEdit(): void; onDelete(): void; onAssign(): void;
}) {
  const where = address(property);
  return (
    <Card role="article" aria-label={`Unit ${property.unit_number}`} data-testid="property-card" className="gap-3 py-4">
      <CardContent className="space-y-3 px-4">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-muted-foreground text-xs">#{property.property_id}</p>
            <h2 className="font-semibold">Unit {property.unit_number}</h2>
            <div className="flex flex-wrap gap-1">
              <Badge variant="secondary">{humanize(property.property_type)}</Badge>
              <Badge variant="outline">{humanize(property.status)}</Badge>
            </div>
          </div>
          {canWrite ? (
            <div className="flex gap-1">
              <Button variant="ghost" size="icon" aria-label={`Edit unit ${property.unit_number}`} onClick={onEdit}>
                <PencilIcon />
              </Button>
              <Button variant="ghost" size="icon" aria-label={`Delete unit ${property.unit_number}`} onClick={onDelete}>
                <Trash2Icon />
              </Button>
            </div>
          ) : null}
        </div>
        <div className="text-muted-foreground space-y-1 text-sm">
          {where ? (
            <p className="flex items-center gap-2">
              <MapPinIcon className="size-4 shrink-0" aria-hidden="true" />
              {where}
            </p>
          ) : null}
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
            {property.square_footage !== null ? (
              <span className="flex items-center gap-1">
                <RulerIcon className="size-4" aria-hidden="true" />
                {property.square_footage.toLocaleString('en-US')} sq ft
              </span>
            ) : null}
            {property.bedrooms !== null ? (
              <span className="flex items-center gap-1">
                <BedIcon className="size-4" aria-hidden="true" />
                {property.bedrooms} beds
              </span>
            ) : null}
            {property.bathrooms !== null ? (
              <span className="flex items-center gap-1">
                <BathIcon className="size-4" aria-hidden="true" />
                {property.bathrooms} baths
              </span>
            ) : null}
          </p>
          <p>
            Monthly HOA fee: <span className="text-foreground font-medium">{formatMoney(property.monthly_hoa_fee ?? 0)}</span>
          </p>
        </div>
        <div className="flex items-center justify-between gap-2">
          <div className="flex -space-x-2" role="group" aria-label="Owners">
            {owners.map((o) => (
              <Link key={o.link.id} to={`/owners?search=${encodeURIComponent(o.last_name)}`} title={fullName(o)} aria-label={fullName(o)}>
                <Avatar className="border-background size-8 border-2" aria-hidden="true">
                  {o.photo_url ? <AvatarImage src={o.photo_url} alt="" /> : null}
                  {/* Initials drawn by CSS: the link's name is the owner's full name (WCAG 2.5.3). */}
                  <AvatarFallback className="text-xs before:content-[attr(data-initials)]" data-initials={initialsOf(fullName(o))} />
                </Avatar>
              </Link>
            ))}
          </div>
          {canWrite ? (
            <Button variant="outline" size="sm" onClick={onAssign} aria-label={`Assign owners to unit ${property.unit_number}`}>
              <UserPlusIcon /> Assign
            </Button>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}

export default function PropertiesPage() {
  const user = useContext(CurrentUserContext);
  if (!user) return <p className="text-muted-foreground p-6">You must be logged in to view properties.</p>;
  return <Properties user={user} />;
}

function Properties({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const { canRead, canWrite } = accessOf(user, 'properties');
  const [search, setSearch] = useState(() => params.get('search') ?? '');
  const deferredSearch = useDeferredValue(search);
  const [sort, setSort] = useState<PropertySort>('unit');
  const [limit, setLimit] = useState(PAGE_SIZE);
  const [editing, setEditing] = useState<{ property: Property | null } | null>(null);
  const [deleting, setDeleting] = useState<Property | null>(null);
  const [assigningId, setAssigningId] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const page = useQuery({ ...propertiesPageQuery(deferredSearch, sort, limit), enabled: canRead });
  useLiveEntities('Property');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: entityKeys.all('Property') });
  useEntitySubscription('OwnerProperty', refresh);
  useEntitySubscription('Owner', refresh);

  const remover = useMutation({
    mutationFn: async (p: Property) => {
      // Unassign its owners first (spec part 2, section 7), then delete the unit.
      await deleteMany('OwnerProperty', { property_id: p.id });
      await remove('Property', p.id);
    },
    onSettled: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('Owner') });
    },
    onError: (e) => toast.error(`Failed to delete property: ${errorMessage(e)}`),
  });

  const importer = useMutation({
    mutationFn: async (file: File) => importCsvRecords('Property', await file.text(), parsePropertiesCsv),
    onSuccess: (created) => {
      toast.success(`Successfully imported ${created.length} properties`);
      refresh();
    },
    onError: (e) => toast.error(`Failed to import properties: ${errorMessage(e)}`),
  });

  const onExport = async () => {
    try {
      const all = await fetchAll<Property>('Property', {}, 'unit_number');
      downloadFile(PROPERTIES_EXPORT_FILE, propertiesToCsv(all));
    } catch (e) {
      toast.error(`Failed to export properties: ${errorMessage(e)}`);
    }
  };

  if (!canRead) {
    return (
      <div className="p-4 sm:p-6">
        <title>Properties · Covenant</title>
        <h1 className="text-2xl font-semibold tracking-tight">Properties</h1>
        <p className="text-muted-foreground mt-2">You do not have permission to view properties.</p>
      </div>
    );
  }

  const data = page.data;
  const assigning = assigningId ? data?.properties.find((p) => p.id === assigningId) : undefined;
  return (
    <div className="mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6">
      <title>Properties · Covenant</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-semibold tracking-tight">Properties</h1>
          <p className="text-muted-foreground">{canWrite ? 'Manage units, their owners and monthly HOA fees' : 'Your units'}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {canWrite ? (
            <>
              <Button variant="outline" onClick={() => downloadFile(PROPERTIES_TEMPLATE_FILE, propertiesTemplateCsv())}>
                <FileDownIcon /> Download Template
              </Button>
              <Button variant="outline" disabled={importer.isPending} onClick={() => fileInput.current?.click()}>
                <UploadIcon /> {importer.isPending ? 'Importing...' : 'Import CSV'}
              </Button>
              <input
                ref={fileInput}
                type="file"
                accept=".csv,text/csv"
                className="hidden"
                data-testid="properties-import-input"
                onChange={(e) => {
                  const file = e.target.files?.[0];
                  e.target.value = '';
                  if (file) importer.mutate(file);
                }}
              />
              <Button variant="outline" onClick={() => void onExport()}>
                <DownloadIcon /> Export CSV
              </Button>
              <Button onClick={() => setEditing({ property: null })}>
                <PlusIcon /> Add Property
              </Button>
            </>
          ) : null}
        </div>
      </div>

      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <SearchIcon className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
          <Input
            className="pl-9"
            placeholder="Search by unit number or address..."
            aria-label="Search properties"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setLimit(PAGE_SIZE);
            }}
          />
        </div>
        <Select value={sort} onValueChange={(v) => { setSort(v as PropertySort); setLimit(PAGE_SIZE); }}>
          <SelectTrigger className="w-full sm:w-60" aria-label="Sort properties">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="unit">Sort by Unit Number</SelectItem>
            <SelectItem value="owner">Sort by Owner Last Name</SelectItem>
          </SelectContent>
        </Select>
      </div>

      <FormError error={page.error} />
      {page.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Loading properties">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-48" />
          ))}
        </div>
      ) : data && data.properties.length === 0 ? (
        <Card>
          <CardContent className="text-muted-foreground py-10 text-center">No properties found. Add your first property to get started.</CardContent>
        </Card>
      ) : data ? (
        <>
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="properties-grid">
            {data.properties.map((p) => (
              <PropertyCard
                key={p.id}
                property={p}
                owners={data.owners[p.id] ?? []}
                canWrite={canWrite}
                onEdit={() => setEditing({ property: p })}
                onDelete={() => setDeleting(p)}
                onAssign={() => setAssigningId(p.id)}
              />
            ))}
          </div>
          <div className="text-muted-foreground flex flex-col items-center gap-2 text-sm">
            <p>
              Showing {data.properties.length} of {data.total} properties
            </p>
            {data.properties.length < data.total ? (
              <Button variant="outline" disabled={page.isFetching} onClick={() => setLimit((l) => l + PAGE_SIZE)}>
                Load more
              </Button>
            ) : null}
          </div>
        </>
      ) : null}

      {editing ? <PropertyFormDialog open property={editing.property} onOpenChange={(o) => !o && setEditing(null)} /> : null}
      {assigning && data ? <AssignOwnersDialog property={assigning} assigned={data.owners[assigning.id] ?? []} onClose={() => setAssigningId(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        text="Are you sure you want to delete this property? Its owners will be unassigned first."
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
