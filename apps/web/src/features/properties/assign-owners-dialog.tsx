import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { XIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_OWNERSHIP_PERCENTAGE, RELATIONSHIP_TYPES } from '@covenant/contracts/constants';
import { FormError } from '@/components/form-error';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { bulkCreate, entityKeys, filter, remove } from '@/lib/entities';
import { humanize, initialsOf } from '@/lib/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { fullName, wordsQuery, type Owner, type Property } from '@/features/owners/owners.api';
import { errorMessage } from '@/lib/api';
import type { AssignedOwner } from './properties-data';

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

/** 'Assign Owners to Unit {unit}': owners already on the unit are not offered; removal asks first. */
export function AssignOwnersDialog({ property, assigned, onClose }: { property: Property; assigned: AssignedOwner[]; onClose(): void }) {
  const queryClient = useQueryClient();
  const uid = useId();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [percentage, setPercentage] = useState(String(DEFAULT_OWNERSHIP_PERCENTAGE));
  const [relationship, setRelationship] = useState<string>('owner');
  const [startDate, setStartDate] = useState(today);
  const [removing, setRemoving] = useState<AssignedOwner | null>(null);
  const [error, setError] = useState<string | null>(null);
  const assignedIds = new Set(assigned.map((a) => a.id));

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
    mutationFn: () =>
      bulkCreate(
        'OwnerProperty',
        selected.map((owner_id) => ({ owner_id, property_id: property.id, ownership_percentage: Number(percentage), relationship_type: relationship, start_date: startDate })),
      ),
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

  const onAssign = () => {
    const pct = Number(percentage);
    if (percentage === '' || !(pct >= 0 && pct <= 100)) return setError('Ownership percentage must be between 0 and 100');
    if (selected.length === 0) return setError('Select at least one owner');
    setError(null);
    assign.mutate();
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Assign Owners to Unit {property.unit_number}</DialogTitle>
          <DialogDescription>Property #{property.property_id}</DialogDescription>
        </DialogHeader>
        <div className="space-y-4">
          {assigned.length ? (
            <section aria-label="Assigned owners" className="space-y-2">
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
                    <Button variant="ghost" size="icon" aria-label={`Remove ${fullName(a)}`} onClick={() => setRemoving(a)}>
                      <XIcon />
                    </Button>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <div className="space-y-2">
            <Label htmlFor={`${uid}-search`}>Owners</Label>
            <Input id={`${uid}-search`} placeholder="Search owners..." value={search} onChange={(e) => setSearch(e.target.value)} />
            <ul className="max-h-56 divide-y overflow-y-auto rounded-md border" aria-label="Owners to assign">
              {offered.map((o) => (
                <li key={o.id} className="flex items-center gap-3 px-3 py-2 text-sm">
                  <Checkbox
                    id={`${uid}-o-${o.id}`}
                    checked={selected.includes(o.id)}
                    onCheckedChange={(c) => setSelected((s) => (c ? [...s, o.id] : s.filter((x) => x !== o.id)))}
                  />
                  <Label htmlFor={`${uid}-o-${o.id}`} className="flex-1 font-normal">
                    {fullName(o)} <span className="text-muted-foreground">#{o.owner_id}</span>
                  </Label>
                </li>
              ))}
              {candidates.isSuccess && offered.length === 0 ? <li className="text-muted-foreground px-3 py-2 text-sm">No owners to assign.</li> : null}
            </ul>
          </div>
          <div className="grid gap-4 sm:grid-cols-3">
            <div className="space-y-1.5">
              <Label htmlFor={`${uid}-pct`}>Ownership Percentage</Label>
              <Input id={`${uid}-pct`} type="number" min={0} max={100} step={0.01} value={percentage} onChange={(e) => setPercentage(e.target.value)} />
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${uid}-rel`}>Relationship Type</Label>
              <Select value={relationship} onValueChange={setRelationship}>
                <SelectTrigger id={`${uid}-rel`} className="w-full">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {RELATIONSHIP_TYPES.map((r) => (
                    <SelectItem key={r} value={r}>
                      {humanize(r)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="space-y-1.5">
              <Label htmlFor={`${uid}-start`}>Start Date</Label>
              <Input id={`${uid}-start`} type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
            </div>
          </div>
          {error ? (
            <p className="text-destructive text-sm" role="alert">
              {error}
            </p>
          ) : null}
          <FormError error={assign.error} />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={onAssign} disabled={assign.isPending}>
            {assign.isPending ? 'Saving...' : 'Assign Owners'}
          </Button>
        </DialogFooter>
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
      </DialogContent>
    </Dialog>
  );
}
