import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { errorMessage } from '@/lib/api';
import { entityKeys, remove, type EntityName } from '@/lib/entities';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Deleting one record of a list after a confirmation: `ask(record)` opens "Are you sure you want to delete this
 * {noun}?", Delete removes it and says "{Noun} deleted" (or the server's reason); the entity's queries refresh.
 * Render `dialog` once in the screen.
 */
export function useDeleteRecord<T extends { id: string }>({ entity, noun, text, onDeleted }: {
  entity: EntityName;
  /** "tax rate", "owner": the words of the question and the toasts. */
  noun: string;
  /** The screen's own question, when the spec words it otherwise. */
  text?: string;
  onDeleted?: (record: T) => void;
}): { ask: (record: T) => void; dialog: ReactNode } {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<T | null>(null);
  const remover = useMutation({
    mutationFn: (record: T) => remove(entity, record.id),
    onSuccess: (_, record) => {
      toast.success(`${capitalized(noun)} deleted`);
      onDeleted?.(record);
    },
    onError: (e) => toast.error(`Failed to delete ${noun}: ${errorMessage(e)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entityKeys.all(entity) }),
  });
  const dialog = (
    <ConfirmDialog
      open={deleting !== null}
      text={text ?? `Are you sure you want to delete this ${noun}?`}
      confirmLabel="Delete"
      onCancel={() => setDeleting(null)}
      onConfirm={() => {
        if (deleting) remover.mutate(deleting);
        setDeleting(null);
      }}
    />
  );
  return { ask: setDeleting, dialog };
}
