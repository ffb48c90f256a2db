import { PencilIcon, SearchIcon, Trash2Icon } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { TableCell, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { useOrganizationName } from '@/app/organization';

/**
 * A list screen's frame: the document title, the heading with its description and action buttons, the permission
 * message for a caller who may not read the list, and the error of its request. The list itself is the children.
 */
export function ListPage({ title, heading = title, description, above, below, actions, canRead = true, noAccess, error, className, children }: {
  /** The document title ("{title} · {association} · Covenant") and, unless `heading` says otherwise, the page's heading. */
  title: string;
  heading?: string;
  description?: ReactNode;
  /** Above the heading (a link back to the parent screen). */
  above?: ReactNode;
  /** Under the description (who is signed in). */
  below?: ReactNode;
  actions?: ReactNode;
  canRead?: boolean;
  /** The screen's words for a caller without read access, e.g. "You do not have permission to view tax rates." */
  noAccess?: string;
  error?: unknown;
  className?: string;
  children?: ReactNode;
}) {
  // The association's name in the browser title: with several open in tabs, each says which one it is.
  const associationName = useOrganizationName();
  return (
    <div className={cn('mx-auto w-full max-w-7xl space-y-6 p-4 sm:p-6', className)}>
      <title>{`${title} · ${associationName} · Covenant`}</title>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="space-y-1">
          {above}
          <h1 className="text-2xl font-semibold tracking-tight">{heading}</h1>
          {description ? <p className="text-muted-foreground">{description}</p> : null}
          {below}
        </div>
        {canRead && actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {canRead ? (
        <>
          <FormError error={error} />
          {children}
        </>
      ) : (
        <p className="text-muted-foreground">{noAccess ?? `You do not have permission to view ${title.toLowerCase()}.`}</p>
      )}
    </div>
  );
}

/** The search box of a list: a labelled input with a search icon; typing calls onChange with the text. */
export function SearchBox({ label, placeholder, value, onChange, className }: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
}) {
  return (
    <div className={cn('relative flex-1', className)}>
      <SearchIcon className="text-muted-foreground absolute top-1/2 left-3 size-4 -translate-y-1/2" aria-hidden="true" />
      <Input className="pl-9" placeholder={placeholder} aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

/** While a list loads: a table-shaped block, or a grid of card-shaped blocks. */
export function ListSkeleton({ label, cards }: { label: string; cards?: boolean }) {
  if (!cards) return <Skeleton className="h-64" role="status" aria-label={label} />;
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label={label}>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-44" />
      ))}
    </div>
  );
}

/** A card list's empty state: the screen's words in a card. */
export function EmptyCard({ children }: { children: ReactNode }) {
  return (
    <Card>
      <CardContent className="text-muted-foreground py-10 text-center">{children}</CardContent>
    </Card>
  );
}

/** A table's empty state: one row across every column. */
export function EmptyRow({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <TableRow>
      <TableCell colSpan={colSpan} className="text-muted-foreground py-10 text-center">
        {children}
      </TableCell>
    </TableRow>
  );
}

/** A row's Edit and Delete icon buttons, named after the record ("Edit Sales Tax"), for those who may write. */
export function RowActions({ name, onEdit, onDelete, children }: { name: string; onEdit?: () => void; onDelete?: () => void; children?: ReactNode }) {
  return (
    <div className="flex justify-end gap-1">
      {children}
      {onEdit ? (
        <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
          <PencilIcon />
        </Button>
      ) : null}
      {onDelete ? (
        <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={onDelete}>
          <Trash2Icon />
        </Button>
      ) : null}
    </div>
  );
}

/** "Showing 20 of 120 owners" under a card list, with Load more while there are more. */
export function LoadMore({ shown, total, noun, busy, onMore }: { shown: number; total: number; noun: string; busy: boolean; onMore: () => void }) {
  return (
    <div className="text-muted-foreground flex flex-col items-center gap-2 text-sm">
      <p>
        Showing {shown} of {total} {noun}
      </p>
      {shown < total ? (
        <Button variant="outline" disabled={busy} onClick={onMore}>
          Load more
        </Button>
      ) : null}
    </div>
  );
}
