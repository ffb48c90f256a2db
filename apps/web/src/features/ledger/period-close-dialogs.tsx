import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { addDays } from '@covenant/contracts/documents';
import { DialogButtons, FormProblem } from '@/components/dialog-form';
import { FormError } from '@/components/form-error';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Textarea } from '@/components/ui/textarea';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { today } from '@/lib/dates';
import { usePeriodCommand, type PeriodCommand } from './ledger.api';

/** The last day of the month before today's: the usual date to close through. */
const endOfLastMonth = () => addDays(`${today().slice(0, 7)}-01`, -1);
const endOfLastYear = () => `${Number(today().slice(0, 4)) - 1}-12-31`;

/**
 * A period command's dialog: its fields, then a confirmation naming what will happen; the server's refusal is
 * shown as it is worded.
 */
function PeriodDialog({
  title, description, submitLabel, confirmText, check, command, onClose, children,
}: {
  title: string;
  description: ReactNode;
  submitLabel: string;
  /** The confirmation's question, or none to run at once. */
  confirmText: string | null;
  /** What is missing, or null. */
  check: () => string | null;
  command: () => PeriodCommand;
  onClose(): void;
  children: ReactNode;
}) {
  const run = usePeriodCommand();
  const [problem, setProblem] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const execute = () =>
    run.mutate(command(), {
      onSuccess: (result) => {
        toast.success(result.closed_through ? `Books closed through ${result.closed_through}` : 'Every period is open');
        onClose();
      },
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setProblem(found);
    if (found) return;
    if (confirmText) setIsConfirming(true);
    else execute();
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          {children}
          <FormProblem message={problem} />
          <FormError error={run.error} />
          <DialogButtons onCancel={onClose} isPending={run.isPending}>{submitLabel}</DialogButtons>
        </form>
        <ConfirmDialog
          open={isConfirming}
          text={confirmText ?? ''}
          confirmLabel={submitLabel}
          onCancel={() => setIsConfirming(false)}
          onConfirm={() => {
            setIsConfirming(false);
            execute();
          }}
        />
      </DialogContent>
    </Dialog>
  );
}

function DateField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange(v: string): void }) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" className="w-48" value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

export function ClosePeriodDialog({ onClose }: { onClose(): void }) {
  const [through, setThrough] = useState(endOfLastMonth);
  return (
    <PeriodDialog
      title="Close Period"
      description="Nothing dated on or before this date can be posted afterwards; corrections of documents from the closed period post on the first open date."
      submitLabel="Close Period"
      confirmText={`Close the books through ${through}? Invoices, payments, bills and journal entries dated on or before it will be refused until an administrator reopens the period.`}
      check={() => (through ? null : 'Choose the date to close through')}
      command={() => ({ name: 'closePeriod', params: { through } })}
      onClose={onClose}
    >
      <DateField id="close-through" label="Close through" value={through} onChange={setThrough} />
    </PeriodDialog>
  );
}

export function CloseYearDialog({ onClose }: { onClose(): void }) {
  const [yearEnd, setYearEnd] = useState(endOfLastYear);
  return (
    <PeriodDialog
      title="Close Year"
      description="The year-end close moves each fund's revenue and expenses through the fiscal year end into that fund's Fund Balance (a closing entry dated the year end), then closes the books through that date."
      submitLabel="Close Year"
      confirmText={`Close the fiscal year ending ${yearEnd}? Each fund's revenue and expenses through that date move into its Fund Balance, and the books are closed through it.`}
      check={() => (yearEnd ? null : 'Choose the fiscal year end')}
      command={() => ({ name: 'closeYear', params: { fiscal_year_end: yearEnd } })}
      onClose={onClose}
    >
      <DateField id="close-year-end" label="Fiscal year end" value={yearEnd} onChange={setYearEnd} />
    </PeriodDialog>
  );
}

export function ReopenPeriodDialog({ closedThrough, onClose }: { closedThrough: string; onClose(): void }) {
  const [scope, setScope] = useState<'all' | 'date'>('all');
  const [through, setThrough] = useState(() => addDays(closedThrough, -1));
  const [reason, setReason] = useState('');
  return (
    <PeriodDialog
      title="Reopen Period"
      description={`The books are closed through ${closedThrough}. Reopening lets entries be dated in the reopened days again; the reason is kept in the audit log.`}
      submitLabel="Reopen Period"
      confirmText={null}
      check={() => (!reason.trim() ? 'Reason is required' : scope === 'date' && !through ? 'Choose the date to keep closed through' : null)}
      command={() => ({ name: 'reopenPeriod', params: { through: scope === 'all' ? null : through, reason: reason.trim() } })}
      onClose={onClose}
    >
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Reopen</legend>
        <RadioGroup value={scope} onValueChange={(v) => setScope(v as 'all' | 'date')}>
          <div className="flex items-center gap-2">
            <RadioGroupItem id="reopen-all" value="all" />
            <Label htmlFor="reopen-all">Every period (nothing stays closed)</Label>
          </div>
          <div className="flex items-center gap-2">
            <RadioGroupItem id="reopen-date" value="date" />
            <Label htmlFor="reopen-date">Keep the books closed through an earlier date</Label>
          </div>
        </RadioGroup>
      </fieldset>
      {scope === 'date' ? <DateField id="reopen-through" label="Closed through" value={through} onChange={setThrough} /> : null}
      <div className="space-y-1.5">
        <Label htmlFor="reopen-reason">Reason</Label>
        <Textarea id="reopen-reason" value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
    </PeriodDialog>
  );
}
