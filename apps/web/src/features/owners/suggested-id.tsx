import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { BoundField } from '@/components/entity-form';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';

/** A six-digit business id (Owner ID, Property ID) bound to the form: only digits can be typed, at most six. */
export function IdField<V extends FieldValues>({ name, label, disabled }: { name: Path<V>; label: string; disabled?: boolean }) {
  return (
    <BoundField<V> name={name} label={label}>
      {(field) => (
        <Input
          {...field}
          inputMode="numeric"
          maxLength={6}
          disabled={disabled}
          value={(field.value as string | undefined) ?? ''}
          onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, 6))}
        />
      )}
    </BoundField>
  );
}

/**
 * An Add dialog whose form starts from the server's suggested id: until the suggestion arrives the dialog shows a
 * spinner, so the id field is never seen empty and then filled. When editing (`skip`) the form shows at once.
 */
export function WithSuggestedId({ queryKey, load, skip, title, description, onClose, children }: {
  queryKey: readonly unknown[];
  load: () => Promise<string>;
  skip: boolean;
  title: string;
  description: string;
  onClose: () => void;
  /** The form, given the suggestion ('' when editing, or when it could not be had: the id is then typed). */
  children: (suggested: string) => ReactNode;
}) {
  const suggestion = useQuery({ queryKey, queryFn: load, enabled: !skip, staleTime: 0, gcTime: 0 });
  if (skip || !suggestion.isPending) return children(suggestion.data ?? '');
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <div className="flex justify-center py-10">
          <Spinner className="size-6" />
        </div>
      </DialogContent>
    </Dialog>
  );
}
