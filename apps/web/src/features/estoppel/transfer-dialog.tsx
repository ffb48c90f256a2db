import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { DialogButtons, FormProblem } from '@/components/dialog-form';
import { OptionSelect } from '@/components/option-select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { entityKeys, entityListQuery, invokeFunction } from '@/lib/entities';
import { estoppelKeys } from './estoppel.api';

/** Record a Sale: the unit, the closing date and its buyer (an owner on record or a new one, 100%). */
export function TransferDialog({ onClose }: { onClose(): void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const units = useQuery(entityListQuery<{ id: string; unit_number: string }>('Property', { limit: 500, sort: 'unit_number' }));
  const ownersList = useQuery(entityListQuery<{ id: string; owner_id: string; first_name: string; last_name: string }>('Owner', { limit: 500, sort: 'last_name' }));
  const [unit, setUnit] = useState('');
  const [closing, setClosing] = useState('');
  const [isNew, setIsNew] = useState(false);
  const [buyer, setBuyer] = useState('');
  const [fresh, setFresh] = useState({ owner_id: '', first_name: '', last_name: '', email: '' });
  const [problem, setProblem] = useState<string | null>(null);
  const transfer = useMutation({
    mutationFn: () => invokeFunction('transferOwnership', {
      property_id: unit, closing_date: closing,
      buyers: [isNew ? { new_owner: { ...fresh, email: fresh.email || null }, ownership_percentage: 100 } : { owner_id: buyer, ownership_percentage: 100 }],
    }),
    onSuccess: (answer) => {
      toast.success(`Sale recorded: the buyer owns the unit from ${answer.buyers_from}`);
      void queryClient.invalidateQueries({ queryKey: estoppelKeys.all });
      void queryClient.invalidateQueries({ queryKey: entityKeys.all('OwnerProperty') });
      onClose();
    },
    onError: (e) => setProblem(e.message),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    transfer.mutate();
  };
  const field = (name: keyof typeof fresh, label: string, type = 'text') => (
    <div className="space-y-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input id={`${id}-${name}`} type={type} value={fresh[name]} onChange={(e) => setFresh({ ...fresh, [name]: e.target.value })} />
    </div>
  );
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Record a Sale</DialogTitle>
          <DialogDescription>The sellers own the unit through the closing date; the buyer from the next day. The sellers' final statement runs to the closing date.</DialogDescription>
        </DialogHeader>
        <form className="space-y-4" onSubmit={onSubmit}>
          <div className="space-y-1">
            <Label htmlFor={`${id}-unit`}>Unit *</Label>
            <OptionSelect id={`${id}-unit`} value={unit} onChange={setUnit} placeholder="Choose the unit" options={(units.data ?? []).map((u) => ({ id: u.id, text: u.unit_number }))} />
          </div>
          <div className="space-y-1">
            <Label htmlFor={`${id}-closing`}>Closing date *</Label>
            <Input id={`${id}-closing`} type="date" value={closing} onChange={(e) => setClosing(e.target.value)} />
          </div>
          <div className="flex items-center gap-2">
            <Switch id={`${id}-new`} checked={isNew} onCheckedChange={setIsNew} />
            <Label htmlFor={`${id}-new`}>The buyer is a new owner</Label>
          </div>
          {isNew ? (
            <div className="grid gap-3 sm:grid-cols-2">
              {field('owner_id', 'New owner ID *')}
              {field('email', 'Email', 'email')}
              {field('first_name', 'First name *')}
              {field('last_name', 'Last name *')}
            </div>
          ) : (
            <div className="space-y-1">
              <Label htmlFor={`${id}-buyer`}>Buyer *</Label>
              <OptionSelect id={`${id}-buyer`} value={buyer} onChange={setBuyer} placeholder="Choose the buyer" options={(ownersList.data ?? []).map((o) => ({ id: o.id, text: `${o.first_name} ${o.last_name} (${o.owner_id})` }))} />
            </div>
          )}
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={transfer.isPending}>Record Sale</DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
