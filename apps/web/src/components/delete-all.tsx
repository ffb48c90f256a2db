import { useQueryClient } from '@tanstack/react-query';
import { Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { useDebugMode } from '@/app/debug-mode';
import { errorMessage } from '@/lib/api';
import { count, deleteMany, entityKeys, type EntityName } from '@/lib/entities';

export interface DeleteAllTexts {
  /** The confirmation's question, as the spec words it for this screen. */
  confirm: string;
  /** The toast after the delete (the spec words some without a full stop). */
  success: string;
}

/**
 * The debug-mode "Delete All" button of a list screen (spec: only in debug mode, only for those who may write).
 * It asks the server how many records there are first: with none it says "No {plural} to delete." and asks nothing;
 * otherwise it asks the screen's confirmation, deletes them all and reports success or the server's message.
 */
export function DeleteAllControl({ entity, plural, canWrite, texts, onDeleted }: {
  entity: EntityName;
  /** The records' name in the messages: "tax rates", "owners". */
  plural: string;
  canWrite: boolean;
  texts?: Partial<DeleteAllTexts>;
  /** After a delete, done or failed (clears a selection, for example); the entity's queries are refreshed anyway. */
  onDeleted?: () => void;
}) {
  const debug = useDebugMode();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  if (!debug || !canWrite) return null;
  const confirm = texts?.confirm ?? `Are you sure you want to delete ALL ${plural}? This action cannot be undone.`;
  const success = texts?.success ?? `All ${plural} deleted successfully.`;
  const failed = (e: unknown) => toast.error(`Failed to delete all ${plural}: ${errorMessage(e)}`);

  const start = async () => {
    try {
      if ((await count(entity)) === 0) toast.info(`No ${plural} to delete.`);
      else setAsking(true);
    } catch (e) {
      failed(e);
    }
  };
  const run = async () => {
    setAsking(false);
    try {
      await deleteMany(entity, {});
      toast.success(success);
    } catch (e) {
      failed(e);
    } finally {
      onDeleted?.();
      void queryClient.invalidateQueries({ queryKey: entityKeys.all(entity) });
    }
  };

  return (
    <>
      <Button variant="destructive" onClick={() => void start()}>
        <Trash2Icon /> Delete All
      </Button>
      <ConfirmDialog open={asking} text={confirm} confirmLabel="Delete All" onCancel={() => setAsking(false)} onConfirm={() => void run()} />
    </>
  );
}
