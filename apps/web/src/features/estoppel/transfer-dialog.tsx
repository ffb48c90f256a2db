import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DialogButtons, FormProblem } from '@/components/dialog-form';
import { EntityPicker } from '@/components/entity-picker';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { entityKeys, invokeFunction, type EntityRecord } from '@/lib/entities';
import { estoppelKeys } from './estoppel.api';

type UnitOption = EntityRecord & { unit_number: string; street_address: string | null };
type OwnerOption = EntityRecord & { owner_id: string; first_name: string; last_name: string };
interface BuyerDraft {
  key: number;
  isNew: boolean;
  owner: string | null;
  fresh: { owner_id: string; first_name: string; last_name: string; email: string };
  share: string;
}
const blankBuyer = (key: number, share: string): BuyerDraft => ({ key, isNew: false, owner: null, fresh: { owner_id: '', first_name: '', last_name: '', email: '' }, share });

/**
 * Record a Sale: the unit, the closing date and its buyers (owners on record or new ones) with their shares, which
 * must add up to 100%: a couple buying together is two buyers at 50%. Units and owners are found by search.
 */
export function TransferDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [unit, setUnit] = useState<string | null>(null);
  const [closing, setClosing] = useState('');
  const [buyers, setBuyers] = useState<BuyerDraft[]>([blankBuyer(0, '100')]);
  const [problem, setProblem] = useState<string | null>(null);
  const change = (key: number, patch: Partial<BuyerDraft>) => setBuyers((all) => all.map((b) => (b.key === key ? { ...b, ...patch } : b)));
  const transfer = useMutation({
    mutationFn: () => invokeFunction('transferOwnership', {
      property_id: unit ?? '', closing_date: closing,
      buyers: buyers.map((b) => (b.isNew
        ? { new_owner: { ...b.fresh, email: b.fresh.email || null }, ownership_percentage: Number(b.share) }
        : { owner_id: b.owner ?? '', ownership_percentage: Number(b.share) })),
    }),
    onSuccess: (answer) => {
      toast.success(`Sale recorded: the ${buyers.length === 1 ? 'buyer owns' : 'buyers own'} the unit from ${answer.buyers_from}`);
      void queryClient.invalidateQueries({ queryKey: estoppelKeys.all });
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('OwnerProperty') });
      onClose();
    },
    onError: (e) => setProblem(e.message),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!unit) return setProblem('Choose the unit');
    if (!closing) return setProblem('Closing date is required');
    transfer.mutate();
  };
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>Record a Sale</DialogTitle>
          <DialogDescription>The sellers own the unit through the closing date; the buyers from the next day. The sellers' final statement runs to the closing date.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit}>
          <div className="space-y-1">
            <Label htmlFor={`${id}-unit`}>Unit *</Label>
            <EntityPicker<UnitOption>
              id={`${id}-unit`} entity="Property" value={unit} onChange={setUnit} label="Unit sold" noneLabel="Choose the unit"
              searchFields={['unit_number', 'street_address']} sort="unit_number" fields={['id', 'unit_number', 'street_address']}
              labelOf={(u) => (u.street_address ? `${u.unit_number} · ${u.street_address}` : u.unit_number)}
            />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-closing`}>Closing date *</Label>
            <Input id={`${id}-closing`} type="date" value={closing} onChange={(e) => setClosing(e.target.value)} />
          </div>
          {buyers.map((b, i) => {
            const k = `${id}-b${b.key}`;
            const field = (name: keyof BuyerDraft['fresh'], label: string, type = 'text') => (
              <div className="space-y-1">
                <Label htmlFor={`${k}-${name}`}>{label}</Label>
                <Input id={`${k}-${name}`} type={type} value={b.fresh[name]} onChange={(e) => change(b.key, { fresh: { ...b.fresh, [name]: e.target.value } })} />
              </div>
            );
            return (
              <fieldset key={b.key} className="space-y-3 rounded-md border p-3">
                <legend className="px-1 text-sm font-medium">Buyer {i + 1}</legend>
                <div className="flex flex-wrap items-center gap-3">
                  <div className="flex items-center gap-2">
                    <Switch id={`${k}-new`} checked={b.isNew} onCheckedChange={(isNew) => change(b.key, { isNew })} />
                    <Label htmlFor={`${k}-new`}>A new owner</Label>
                  </div>
                  <div className="flex items-center gap-2">
                    <Label htmlFor={`${k}-share`}>Share (%) *</Label>
                    <Input id={`${k}-share`} className="w-24" type="number" min="0.01" max="100" step="0.01" inputMode="decimal" value={b.share} onChange={(e) => change(b.key, { share: e.target.value })} />
                  </div>
                  {buyers.length > 1 ? (
                    <Button type="button" variant="ghost" size="icon" aria-label={`Remove buyer ${i + 1}`} onClick={() => setBuyers((all) => all.filter((x) => x.key !== b.key))}>
                      <Trash2Icon aria-hidden="true" />
                    </Button>
                  ) : null}
                </div>
                {b.isNew ? (
                  <div className="grid gap-3 sm:grid-cols-2">
                    {field('owner_id', 'New owner ID *')}
                    {field('email', 'Email', 'email')}
                    {field('first_name', 'First name *')}
                    {field('last_name', 'Last name *')}
                  </div>
                ) : (
                  <div className="space-y-1">
                    <Label htmlFor={`${k}-owner`}>Buyer on record *</Label>
                    <EntityPicker<OwnerOption>
                      id={`${k}-owner`} entity="Owner" value={b.owner} onChange={(owner) => change(b.key, { owner })} label={`Buyer ${i + 1}`} noneLabel="Choose the buyer"
                      searchFields={['first_name', 'last_name', 'owner_id']} sort="last_name" fields={['id', 'owner_id', 'first_name', 'last_name']}
                      labelOf={(o) => `${o.first_name} ${o.last_name} (${o.owner_id})`}
                    />
                  </div>
                )}
              </fieldset>
            );
          })}
          <Button
            type="button" variant="outline" size="sm"
            onClick={() => setBuyers((all) => {
              // Equal shares in hundredths of a percent; the last buyer takes what rounding leaves, so they add up to 100.
              const n = all.length + 1;
              const each = Math.floor(10_000 / n);
              const shares = Array.from({ length: n }, (_, i) => ((i === n - 1 ? 10_000 - each * (n - 1) : each) / 100).toFixed(2));
              return [...all.map((b, i) => ({ ...b, share: shares[i]! })), blankBuyer(Math.max(...all.map((b) => b.key)) + 1, shares[n - 1]!)];
            })}
          >
            <PlusIcon aria-hidden="true" /> Add Buyer
          </Button>
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={transfer.isPending}>Record Sale</DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
