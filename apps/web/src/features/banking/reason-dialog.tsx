import { useState, type FormEvent, type ReactNode } from 'react';
import { DialogButtons, FormProblem } from '@/components/dialog-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { errorMessage } from '@/lib/api';

/**
 * A dialog that asks for a reason before an action the audit log keeps (excluding a bank line, voiding a
 * reconciliation): the reason is required; the server's refusal is shown above the buttons.
 */
export function ReasonDialog({ id, title, description, submitLabel, isPending, onSubmit, onClose }: {
  id: string;
  title: string;
  description: ReactNode;
  submitLabel: string;
  isPending: boolean;
  /** Runs the action; calls done() when the server has done it, fail(error) when it refused. */
  onSubmit(reason: string, done: () => void, fail: (error: unknown) => void): void;
  onClose(): void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setProblem('Reason is required');
    setProblem(null);
    onSubmit(reason.trim(), onClose, (err) => setProblem(errorMessage(err)));
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="space-y-4">
          <div className="space-y-1">
            <Label htmlFor={id}>Reason</Label>
            <Input id={id} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
          </div>
          <FormProblem message={problem} />
          <DialogButtons onCancel={onClose} isPending={isPending}>
            {submitLabel}
          </DialogButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
