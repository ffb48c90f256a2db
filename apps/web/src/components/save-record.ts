import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage } from '@/lib/api';
import { create, entityKeys, update, type EntityName } from '@/lib/entities';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * Saving an Add/Edit dialog's record: creates it, or updates `record` when editing; says "{Noun} created" or
 * "{Noun} updated" (else "Failed to save {noun}: …"), refreshes the entity's queries, then `onSaved` (closing).
 * `prepare` adjusts the form's parsed body before it is sent.
 */
export function useSaveRecord<T extends { id: string }, B extends object>({ entity, noun, record, onSaved, prepare }: {
  entity: EntityName;
  noun: string;
  record: T | null;
  onSaved: (saved: T) => void;
  prepare?: (body: B) => object;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => {
      const sent = (prepare ? prepare(body) : body) as Record<string, unknown>;
      return record ? update<T>(entity, record.id, sent) : create<T>(entity, sent);
    },
    onSuccess: async (saved) => {
      toast.success(`${capitalized(noun)} ${record ? 'updated' : 'created'}`);
      await queryClient.invalidateQueries({ queryKey: entityKeys.all(entity) });
      onSaved(saved);
    },
    onError: (e) => toast.error(`Failed to save ${noun}: ${errorMessage(e)}`),
  });
}
