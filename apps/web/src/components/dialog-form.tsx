import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { SubmitButton } from '@/components/submit-button';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';

/** What a form found missing before asking the server, shown above its buttons. */
export function FormProblem({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="text-destructive text-sm" role="alert">
      {message}
    </p>
  );
}

/** Mutation options of a dialog that closes once the server has done it, saying so. */
export function closeOnSuccess(message: string, onClose: () => void) {
  return {
    onSuccess: () => {
      toast.success(message);
      onClose();
    },
  };
}

/** A dialog form's Cancel and submit buttons; the submit button spins while the request runs. */
export function DialogButtons({ onCancel, isPending, children }: { onCancel(): void; isPending: boolean; children: ReactNode }) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <SubmitButton isPending={isPending}>{children}</SubmitButton>
    </DialogFooter>
  );
}
