import { useQuery, useQueryClient } from '@tanstack/react-query';
import { BathIcon, BedIcon, DownloadIcon, MapPinIcon, PlusIcon, RulerIcon, UserPlusIcon } from 'lucide-react';
import { useContext, useDeferredValue, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  PROPERTIES_EXPORT_FILE, PROPERTIES_TEMPLATE_FILE, parsePropertiesCsv, propertiesTemplateCsv, propertiesToCsv,
} from '@covenant/contracts/csv';
import { formatMoney } from '@covenant/contracts/money';
import { useDeleteRecord } from '@/components/delete-record';
import { EmptyCard, ListPage, ListSkeleton, LoadMore, RowActions, SearchBox } from '@/components/list-page';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { entityKeys, useEntitySubscription, useLiveEntities } from '@/lib/entities';
import { humanize, initialsOf } from '@/lib/format';
import type { User } from '@/lib/api';
import { CurrentUserContext } from '@/app/current-user';
import { CsvImportButtons } from '@/features/owners/csv-import-buttons';
import { PAGE_SIZE, fetchAll, fullName, type Property } from '@/features/owners/owners.api';
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
          {canWrite ? <RowActions name={`unit ${property.unit_number}`} onEdit={onEdit} onDelete={onDelete} /> : null}
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
  const [assigningId, setAssigningId] = useState<string | null>(null);

  const page = useQuery({ ...propertiesPageQuery(deferredSearch, sort, limit), enabled: canRead });
  useLiveEntities('Property');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: entityKeys.all('Property') });
  useEntitySubscription('OwnerProperty', refresh);
  useEntitySubscription('Owner', refresh);
  // The database unassigns a deleted unit's owners (spec part 2, section 7); their cards lose the unit chip.
  const deleter = useDeleteRecord<Property>({
    entity: 'Property',
    noun: 'property',
    text: 'Are you sure you want to delete this property? Its owners will be unassigned first.',
    onDeleted: () => void queryClient.invalidateQueries({ queryKey: entityKeys.all('Owner') }),
  });

  const onExport = async () => {
    try {
      const all = await fetchAll<Property>('Property', {}, 'unit_number');
      downloadFile(PROPERTIES_EXPORT_FILE, propertiesToCsv(all));
    } catch (e) {
      toast.error(`Failed to export properties: ${errorMessage(e)}`);
    }
  };

  const data = page.data;
  const assigning = assigningId ? data?.properties.find((p) => p.id === assigningId) : undefined;
  return (
    <ListPage
      title="Properties"
      description={canWrite ? 'Manage units, their owners and monthly HOA fees' : 'Your units'}
      canRead={canRead}
      error={page.error}
      actions={
        canWrite ? (
          <>
            <CsvImportButtons
              entity="Property"
              plural="properties"
              templateFile={PROPERTIES_TEMPLATE_FILE}
              templateCsv={propertiesTemplateCsv}
              parse={parsePropertiesCsv}
              testId="properties-import-input"
            />
            <Button variant="outline" onClick={() => void onExport()}>
              <DownloadIcon /> Export CSV
            </Button>
            <Button onClick={() => setEditing({ property: null })}>
              <PlusIcon /> Add Property
            </Button>
          </>
        ) : null
      }
    >
      <div className="flex flex-col gap-3 sm:flex-row">
        <SearchBox
          label="Search properties"
          placeholder="Search by unit number or address..."
          value={search}
          onChange={(text) => {
            setSearch(text);
            setLimit(PAGE_SIZE);
          }}
        />
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

      {page.isPending ? (
        <ListSkeleton label="Loading properties" cards />
      ) : data && data.properties.length === 0 ? (
        <EmptyCard>No properties found. Add your first property to get started.</EmptyCard>
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
                onDelete={() => deleter.ask(p)}
                onAssign={() => setAssigningId(p.id)}
              />
            ))}
          </div>
          <LoadMore shown={data.properties.length} total={data.total} noun="properties" busy={page.isFetching} onMore={() => setLimit((l) => l + PAGE_SIZE)} />
        </>
      ) : null}

      {editing ? <PropertyFormDialog property={editing.property} onClose={() => setEditing(null)} /> : null}
      {assigning && data ? <AssignOwnersDialog property={assigning} assigned={data.owners[assigning.id] ?? []} onClose={() => setAssigningId(null)} /> : null}
      {deleter.dialog}
    </ListPage>
  );
}
