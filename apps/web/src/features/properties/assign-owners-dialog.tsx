import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_OWNERSHIP_PERCENTAGE, RELATIONSHIP_TYPES } from '@covenant/contracts/constants';
import { assignOwnersForm } from '@covenant/contracts/properties-form';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { EntityFormDialog, SelectField, TextField, useContractForm } from '@/components/entity-form';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, FormItem, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';
import { today } from '@/lib/dates';
import { bulkCreate, entityKeys, filter, remove } from '@/lib/entities';
import { humanize, initialsOf } from '@/lib/format';
import { choicesOf } from '@/features/owners/owner-form-dialog';
import { fullName, wordsQuery, type Owner, type Property } from '@/features/owners/owners.api';
import type { AssignedOwner } from './properties-data';

/** 'Assign Owners to Unit {unit}': owners already on the unit are not offered; removal asks first. */
export function AssignOwnersDialog({ property, assigned, onClose }: { property: Property; assigned: AssignedOwner[]; onClose(): void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<AssignedOwner | null>(null);
  const assignedIds = new Set(assigned.map((a) => a.id));
  const form = useContractForm(assignOwnersForm, {
    owner_ids: [],
    ownership_percentage: String(DEFAULT_OWNERSHIP_PERCENTAGE),
    relationship_type: 'owner',
    start_date: today(),
  });

  const candidates = useQuery({
    queryKey: [...entityKeys.all('Owner'), 'assign-candidates', search],
    queryFn: () =>
      filter<Owner>('Owner', wordsQuery(search, ['first_name', 'last_name', 'email', 'owner_id']), 'last_name,first_name', 50 + assigned.length, undefined, [
        'id', 'owner_id', 'first_name', 'last_name', 'email', 'photo_url',
      ]),
  });
  const offered = (candidates.data ?? []).filter((o) => !assignedIds.has(o.id)).slice(0, 50);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: entityKeys.all('Property') });
    void queryClient.invalidateQueries({ queryKey: entityKeys.all('Owner') });
  };

  const assign = useMutation({
    mutationFn: ({ owner_ids, ...terms }: typeof assignOwnersForm._output) =>
      bulkCreate('OwnerProperty', owner_ids.map((owner_id) => ({ owner_id, property_id: property.id, ...terms }))),
    onSuccess: () => {
      refresh();
      onClose();
    },
  });

  const unassign = useMutation({
    mutationFn: (a: AssignedOwner) => remove('OwnerProperty', a.link.id),
    onSuccess: refresh,
    onError: (e) => toast.error(`Failed to remove owner: ${errorMessage(e)}`),
  });

  return (
    <EntityFormDialog
      title={`Assign Owners to Unit ${property.unit_number}`}
      description={`Property #${property.property_id}`}
      form={form}
      onSubmit={(body) => assign.mutate(body)}
      onClose={onClose}
      isPending={assign.isPending}
      error={assign.error}
      submitLabel="Assign Owners"
      wide
    >
      {assigned.length ? (
        <section aria-label="Assigned owners" className="space-y-2 sm:col-span-2">
          <h3 className="text-sm font-medium">Assigned owners</h3>
          <ul className="divide-y rounded-md border">
            {assigned.map((a) => (
              <li key={a.link.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                <Avatar className="size-8">
                  {a.photo_url ? <AvatarImage src={a.photo_url} alt="" /> : null}
                  <AvatarFallback>{initialsOf(fullName(a))}</AvatarFallback>
                </Avatar>
                <span className="flex-1">
                  {fullName(a)} · {humanize(a.link.relationship_type)} · {a.link.ownership_percentage}%
                </span>
                <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${fullName(a)}`} onClick={() => setRemoving(a)}>
                  <XIcon />
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <FormField
        control={form.control}
        name="owner_ids"
        render={({ field }) => (
          <FormItem className="sm:col-span-2">
            <Label htmlFor={`${uid}-search`}>Owners</Label>
            <Input id={`${uid}-search`} placeholder="Search owners..." value={search} onChange={(e) => setSearch(e.target.value)} />
            <ul className="max-h-56 divide-y overflow-y-auto rounded-md border" aria-label="Owners to assign">
              {offered.map((o) => (
                <li key={o.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <Checkbox
                    id={`${uid}-o-${o.id}`}
                    checked={field.value.includes(o.id)}
                    onCheckedChange={(c) => field.onChange(c ? [...field.value, o.id] : field.value.filter((x) => x !== o.id))}
                  />
                  <Label htmlFor={`${uid}-o-${o.id}`} className="flex-1 font-normal">
                    {fullName(o)} <span className="text-muted-foreground">#{o.owner_id}</span>
                  </Label>
                </li>
              ))}
              {candidates.isSuccess && offered.length === 0 ? <li className="text-muted-foreground px-3 py-2 text-sm">No owners to assign.</li> : null}
            </ul>
            <FormMessage role="alert" />
          </FormItem>
        )}
      />
      <TextField name="ownership_percentage" label="Ownership Percentage" type="number" min={0} max={100} step={0.01} />
      <SelectField name="relationship_type" label="Relationship Type" options={choicesOf(RELATIONSHIP_TYPES)} />
      <TextField name="start_date" label="Start Date" type="date" />
      <ConfirmDialog
        open={removing !== null}
        text="Are you sure you want to remove this owner from the unit?"
        confirmLabel="Remove"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) unassign.mutate(removing);
          setRemoving(null);
        }}
      />
    </EntityFormDialog>
  );
}
