import { useId, useState, type FormEvent } from 'react';
import { AMOUNT_BASES, ALLOCATION_METHODS, SCHEDULE_FREQUENCIES, assessmentScheduleCreate, type AmountBasis } from '@covenant/contracts/charges';
import { FormError } from '@/components/form-error';
import { DialogButtons, FormProblem, closeOnSuccess } from '@/components/dialog-form';
import { OptionSelect } from '@/components/option-select';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { humanize } from '@/lib/format';
import { useSaveSetup, type AssessmentSchedule } from './assessments.api';

export const FREQUENCY_LABELS: Record<string, string> = { monthly: 'Monthly', quarterly: 'Quarterly', semiannual: 'Semiannual', annual: 'Annual', once: 'Once (special assessment)' };
export const BASIS_LABELS: Record<AmountBasis, string> = { unit_fee: "Unit's monthly HOA fee", fixed: 'Fixed amount per unit', per_sqft: 'Amount per square foot', allocation: 'Total allocated across units' };
const METHOD_LABELS: Record<string, string> = { equal: 'Equally', sqft: 'By square footage', percentage: 'By percentage interest' };

type Option = { id: string; text: string };

/** Add or edit an assessment schedule; the contract's rules (and the server's) decide what is complete. */
export function ScheduleDialog({ schedule, items, funds, onClose }: { schedule: AssessmentSchedule | null; items: Option[]; funds: Option[]; onClose(): void }) {
  const id = useId();
  const [v, setV] = useState({
    name: schedule?.name ?? '',
    product_id: schedule?.product_id ?? '',
    fund_id: schedule?.fund_id ?? '',
    frequency: schedule?.frequency ?? 'monthly',
    amount_basis: schedule?.amount_basis ?? 'unit_fee',
    amount: schedule?.amount === null || schedule?.amount === undefined ? '' : String(schedule.amount),
    total_amount: schedule?.total_amount === null || schedule?.total_amount === undefined ? '' : String(schedule.total_amount),
    allocation_method: schedule?.allocation_method ?? 'equal',
    start_date: schedule?.start_date ?? '',
    end_date: schedule?.end_date ?? '',
    invoice_day: String(schedule?.invoice_day ?? 1),
    due_days: String(schedule?.due_days ?? 15),
    installments: String(schedule?.installments ?? 1),
    notes: schedule?.notes ?? '',
  });
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSetup('AssessmentSchedule');
  const set = (field: keyof typeof v) => (value: string) => setV((old) => ({ ...old, [field]: value }));
  const basis = v.amount_basis;

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const values: Record<string, unknown> = {
      name: v.name, product_id: v.product_id, frequency: v.frequency, amount_basis: basis, start_date: v.start_date,
      end_date: v.end_date || null, invoice_day: v.invoice_day, due_days: v.due_days, notes: v.notes || null,
      installments: v.frequency === 'once' ? v.installments : '1',
      amount: basis === 'fixed' || basis === 'per_sqft' ? v.amount.trim() || null : null,
      total_amount: basis === 'allocation' ? v.total_amount.trim() || null : null,
      allocation_method: basis === 'allocation' ? v.allocation_method : null,
      ...(v.fund_id ? { fund_id: v.fund_id } : {}),
    };
    const parsed = assessmentScheduleCreate.safeParse(values);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the schedule');
      return;
    }
    setProblem(null);
    save.mutate({ id: schedule?.id, values }, closeOnSuccess(schedule ? 'Schedule updated' : 'Schedule added', onClose));
  };

  const text = (field: keyof typeof v, label: string, props: Record<string, unknown> = {}) => (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-${field}`}>{label}</Label>
      <Input id={`${id}-${field}`} value={v[field]} onChange={(e) => set(field)(e.target.value)} {...props} />
    </div>
  );

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{schedule ? 'Edit Schedule' : 'Add Schedule'}</DialogTitle>
          <DialogDescription>What every unit (or co-owner) is billed, how often, from when.</DialogDescription>
        </DialogHeader>
        <form noValidate className="grid gap-4" onSubmit={onSubmit}>
          <FormError error={save.error} />
          {text('name', 'Name *', { placeholder: 'Monthly dues' })}
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-item`}>Item *</Label>
              <OptionSelect id={`${id}-item`} value={v.product_id} onChange={set('product_id')} options={items} placeholder="Choose an item" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-fund`}>Fund</Label>
              <OptionSelect id={`${id}-fund`} value={v.fund_id} onChange={set('fund_id')} options={funds} placeholder="The item's fund" noneLabel="The item's fund" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-frequency`}>Frequency *</Label>
              <OptionSelect id={`${id}-frequency`} value={v.frequency} onChange={set('frequency')} options={SCHEDULE_FREQUENCIES.map((f) => ({ id: f, text: FREQUENCY_LABELS[f]! }))} placeholder="Frequency" />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-basis`}>Amount basis *</Label>
              <OptionSelect id={`${id}-basis`} value={basis} onChange={set('amount_basis')} options={AMOUNT_BASES.map((b) => ({ id: b, text: BASIS_LABELS[b] }))} placeholder="Amount basis" />
            </div>
            {basis === 'fixed' ? text('amount', 'Amount per unit *', { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' }) : null}
            {basis === 'per_sqft' ? text('amount', 'Amount per square foot *', { type: 'number', min: 0, step: '0.0001', inputMode: 'decimal' }) : null}
            {basis === 'allocation' ? (
              <>
                {text('total_amount', 'Total amount *', { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' })}
                <div className="grid gap-2">
                  <Label htmlFor={`${id}-method`}>Allocation *</Label>
                  <OptionSelect id={`${id}-method`} value={v.allocation_method} onChange={set('allocation_method')} options={ALLOCATION_METHODS.map((m) => ({ id: m, text: METHOD_LABELS[m] ?? humanize(m) }))} placeholder="Allocation" />
                </div>
              </>
            ) : null}
            {text('start_date', 'Start date *', { type: 'date' })}
            {text('end_date', 'End date', { type: 'date' })}
            {text('invoice_day', 'Invoice day of the month *', { type: 'number', min: 1, max: 28, step: 1 })}
            {text('due_days', 'Due after (days) *', { type: 'number', min: 0, max: 365, step: 1 })}
            {v.frequency === 'once' ? text('installments', 'Installments (monthly)', { type: 'number', min: 1, max: 120, step: 1 }) : null}
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-notes`}>Notes</Label>
            <Textarea id={`${id}-notes`} value={v.notes} onChange={(e) => set('notes')(e.target.value)} />
          </div>
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={save.isPending}>
            {schedule ? 'Update Schedule' : 'Add Schedule'}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
