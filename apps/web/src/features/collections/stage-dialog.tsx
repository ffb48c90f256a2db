import { useId, useState, type FormEvent } from 'react';
import { collectionStageInput, LETTER_PLACEHOLDERS } from '@covenant/contracts/collections';
import { DialogButtons, FormProblem, closeOnSuccess } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { OptionSelect } from '@/components/option-select';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { useSaveRecord, type CollectionStage } from './collections.api';

type Option = { id: string; text: string };

const DEFAULT_BODY = `Dear {{owner_name}},

Our records show that your account {{account_number}} is {{days_past_due}} days past due, with {{past_due_balance}} unpaid since {{oldest_due_date}}.

Please pay the past-due balance or contact us to arrange a payment plan.

{{association_name}}`;

/** Add or edit a collection stage: when an owner enters it, the letter they get and the fee it charges. */
export function StageDialog({ stage, feeItems, onClose }: { stage: CollectionStage | null; feeItems: Option[]; onClose(): void }) {
  const id = useId();
  const [v, setV] = useState({
    name: stage?.name ?? '',
    days_past_due: stage ? String(stage.days_past_due) : '30',
    min_balance: stage?.min_balance === null || stage?.min_balance === undefined ? '' : String(stage.min_balance),
    letter_subject: stage?.letter_subject ?? 'Your account {{account_number}} is past due',
    letter_body: stage?.letter_body ?? DEFAULT_BODY,
    fee_product_id: stage?.fee_product_id ?? '',
  });
  const [requiresApproval, setRequiresApproval] = useState(stage?.requires_approval ?? false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveRecord('CollectionStage');
  const set = (field: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [field]: value }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values = {
      name: v.name, days_past_due: v.days_past_due, min_balance: v.min_balance.trim() === '' ? null : v.min_balance.trim(), letter_subject: v.letter_subject,
      letter_body: v.letter_body, fee_product_id: v.fee_product_id || null, requires_approval: requiresApproval,
    };
    const parsed = collectionStageInput.safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the stage');
      return;
    }
    setProblem(null);
    save.mutate({ id: stage?.id, values }, closeOnSuccess(stage ? 'Collection stage updated' : 'Collection stage added', onClose));
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>{stage ? 'Edit Collection Stage' : 'Add Collection Stage'}</DialogTitle>
          <DialogDescription>Owners enter the stages one at a time, in order of days past due; each stage sends its letter once.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormError error={save.error} />
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2 sm:col-span-2">
              <Label htmlFor={`${id}-name`}>Name *</Label>
              <Input id={`${id}-name`} value={v.name} onChange={(e) => set('name')(e.target.value)} placeholder="Friendly reminder" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-days`}>Days past due *</Label>
              <Input id={`${id}-days`} type="number" min={1} step={1} value={v.days_past_due} onChange={(e) => set('days_past_due')(e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-min`}>Minimum past-due balance</Label>
              <Input id={`${id}-min`} type="number" min={0} step="0.01" inputMode="decimal" value={v.min_balance} onChange={(e) => set('min_balance')(e.target.value)} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-fee`}>Collection fee item</Label>
              <OptionSelect id={`${id}-fee`} value={v.fee_product_id} onChange={set('fee_product_id')} options={feeItems} noneLabel="No fee" placeholder="No fee" />
            </div>
            <div className="flex items-center gap-2 self-end pb-2">
              <Checkbox id={`${id}-approval`} checked={requiresApproval} onCheckedChange={(on) => setRequiresApproval(on === true)} />
              <Label htmlFor={`${id}-approval`} className="font-normal">
                Letters wait for approval
              </Label>
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-subject`}>Letter subject *</Label>
            <Input id={`${id}-subject`} value={v.letter_subject} onChange={(e) => set('letter_subject')(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-body`}>Letter body *</Label>
            <Textarea id={`${id}-body`} rows={9} value={v.letter_body} onChange={(e) => set('letter_body')(e.target.value)} aria-describedby={`${id}-placeholders`} />
            <p id={`${id}-placeholders`} className="text-muted-foreground text-xs">
              Placeholders: {LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' ')}
            </p>
          </div>
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={save.isPending}>
            {stage ? 'Update Stage' : 'Add Stage'}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
