import { Button } from '@/components/ui/button';

/** Previous / Next over a list the server pages, with "Showing 1–50 of 120". */
export function Pager({ page, pageSize, shown, total, onPage }: { page: number; pageSize: number; shown: number; total: number; onPage: (page: number) => void }) {
  if (total <= 0) return null;
  const first = page * pageSize + 1;
  const last = page * pageSize + shown;
  return (
    <nav className="flex flex-wrap items-center justify-end gap-2" aria-label="Pages">
      <span className="text-muted-foreground text-sm" role="status">
        Showing {first}–{last} of {total}
      </span>
      <Button variant="outline" size="sm" disabled={page === 0} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <Button variant="outline" size="sm" disabled={last >= total} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
