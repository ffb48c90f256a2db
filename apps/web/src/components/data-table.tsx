import { ArrowDownIcon, ArrowUpIcon, ArrowUpDownIcon } from 'lucide-react';
import { useCallback, type ComponentProps, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyRow, ListSkeleton } from '@/components/list-page';
import { Pager } from '@/components/pager';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { cn } from '@/lib/utils';
import { ariaSortOf, nextSort, parseSort, sortParam, type SortState } from './data-table-sort';

export type { SortState };

/** A column of a DataTable. */
export interface DataColumn<T> {
  /** Unique within the table (the React key). */
  id: string;
  /** The header: the spec's column title, or a control (a select-all checkbox). */
  header: ReactNode;
  /** The field's name beside its value on a phone's card; the header when that is text. Empty for controls and actions. */
  label?: string;
  cell: (row: T) => ReactNode;
  /** The server's sort field: the header becomes a button that asks the server for that order. */
  sortKey?: string;
  /** Figures sit at the end of the cell (and their header with them). */
  align?: 'start' | 'end';
  /** A column that matters less, hidden below this width (sm 640 px, md 768 px, lg 1024 px). */
  hideBelow?: 'sm' | 'md' | 'lg';
  className?: string;
}

// Important: the body's phone rules (`[&_td]:block`) would otherwise show them again.
const HIDE_BELOW = { sm: 'max-sm:hidden!', md: 'max-md:hidden!', lg: 'max-lg:hidden!' } as const;

/**
 * The kit's table: a real `<table>` with `<th scope="col">`, sortable headers (buttons named after the column, with
 * aria-sort), one empty row, the row actions as the last column and the Pager under it. Below 640 px each row is a
 * card of "label value" lines, so a phone never scrolls sideways; columns with `hideBelow` drop out of it.
 */
export function DataTable<T>({
  label, columns, rows, rowKey, rowProps, empty, loading, sort, onSort, actions, actionsHeader = 'Actions', pager, footer, className,
}: {
  /** The table's accessible name (what a test finds it by). */
  label: string;
  columns: ReadonlyArray<DataColumn<T> | false | null | undefined>;
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The row's own attributes: its name (`aria-label`), a test id, a class. */
  rowProps?: (row: T) => ComponentProps<'tr'> & { [data: `data-${string}`]: string | undefined };
  /** The spec's empty state, shown in one row across the table (every list has one; only the lines of a document, never empty, go without). */
  empty?: ReactNode;
  /** While the first page loads: a skeleton named by this text. */
  loading?: string | false;
  sort?: SortState | null;
  onSort?: (sort: SortState) => void;
  /** The row's actions (RowActions and the screen's own buttons), in a last column. */
  actions?: (row: T) => ReactNode;
  /** The actions column's header: "Actions", or a screen-reader-only text where the spec shows no header. */
  actionsHeader?: ReactNode;
  /** A server-paged list: the Pager under the table. */
  pager?: { page: number; pageSize: number; total: number; onPage: (page: number) => void };
  /** Rows of totals, in the table's footer. */
  footer?: ReactNode;
  className?: string;
}) {
  if (loading) return <ListSkeleton label={loading} />;
  const shown = columns.filter((c): c is DataColumn<T> => !!c);
  const colSpan = shown.length + (actions ? 1 : 0);
  return (
    <div className={cn('space-y-4', className)}>
      <div className="rounded-md border max-sm:border-0">
        {/* Explicit roles: some browsers drop a table's semantics once its parts are displayed as blocks (the phone cards). */}
        <Table aria-label={label} role="table" className="max-sm:block">
          <TableHeader role="rowgroup" className="max-sm:block">
            <TableRow role="row" className="max-sm:flex max-sm:flex-wrap max-sm:items-center max-sm:gap-2 max-sm:border-0! max-sm:pb-2 max-sm:hover:bg-transparent">
              {shown.map((column) => (
                <HeaderCell key={column.id} column={column} sort={sort} onSort={onSort} />
              ))}
              {actions ? (
                <TableHead scope="col" role="columnheader" className="text-right max-sm:sr-only">
                  {actionsHeader}
                </TableHead>
              ) : null}
            </TableRow>
          </TableHeader>
          <TableBody role="rowgroup" className="max-sm:block max-sm:space-y-2 max-sm:[&_td]:block max-sm:[&_tr]:block">
            {rows.length === 0 && empty ? (
              <EmptyRow colSpan={colSpan}>{empty}</EmptyRow>
            ) : (
              rows.map((row) => {
                const { className: rowClassName, ...props } = rowProps?.(row) ?? {};
                return (
                  <TableRow key={rowKey(row)} role="row" className={cn('max-sm:rounded-md max-sm:border! max-sm:p-2', rowClassName)} {...props}>
                    {shown.map((column) => (
                      <TableCell
                        key={column.id}
                        role="cell"
                        data-label={labelOf(column) || undefined}
                        className={cn(
                          column.align === 'end' && 'text-right tabular-nums',
                          // A phone's card line: the label at the start, the value at the end, long text wrapping.
                          column.hideBelow
                            ? HIDE_BELOW[column.hideBelow]
                            : 'max-sm:flex! max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:text-right max-sm:whitespace-normal',
                          'max-sm:before:text-muted-foreground max-sm:before:text-left max-sm:before:font-medium max-sm:before:content-[attr(data-label)]',
                          column.className,
                        )}
                      >
                        {column.cell(row)}
                      </TableCell>
                    ))}
                    {actions ? (
                      <TableCell role="cell" className="text-right whitespace-nowrap max-sm:flex! max-sm:justify-end">
                        {actions(row)}
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })
            )}
          </TableBody>
          {footer ? (
            <TableFooter
              className={cn(
                'max-sm:block max-sm:rounded-md max-sm:[&_tr]:block max-sm:[&_tr]:p-2',
                // Totals read as a card too: the cells that name their column (data-label) show it.
                'max-sm:[&_td]:flex max-sm:[&_td]:justify-between max-sm:[&_td]:gap-4 max-sm:[&_td]:before:content-[attr(data-label)]',
              )}
            >
              {footer}
            </TableFooter>
          ) : null}
        </Table>
      </div>
      {pager ? <Pager page={pager.page} pageSize={pager.pageSize} shown={rows.length} total={pager.total} onPage={pager.onPage} /> : null}
    </div>
  );
}

function labelOf<T>(column: DataColumn<T>): string {
  return column.label ?? (typeof column.header === 'string' ? column.header : '');
}

/**
 * A column's header. On a phone the cards carry the labels, so a plain header is left to screen readers, while
 * sort buttons and controls stay on screen as a row above the cards.
 */
function HeaderCell<T>({ column, sort, onSort }: { column: DataColumn<T>; sort?: SortState | null; onSort?: (sort: SortState) => void }) {
  const isSortable = !!column.sortKey && !!onSort;
  const isText = typeof column.header === 'string';
  const className = cn(
    column.align === 'end' && 'text-right',
    column.hideBelow && HIDE_BELOW[column.hideBelow],
    isText && !isSortable && 'max-sm:sr-only',
    // A control (a select-all checkbox) keeps the right padding the kit's table drops beside a checkbox, so a sort
    // button in the next header stays outside its 24 px target (WCAG 2.5.8) when the columns are squeezed.
    !isText && !isSortable && 'sm:pr-2!',
    'max-sm:h-auto max-sm:px-0',
  );
  if (!isSortable || !column.sortKey) {
    return (
      <TableHead scope="col" role="columnheader" className={className}>
        {column.header}
      </TableHead>
    );
  }
  const key = column.sortKey;
  const direction = ariaSortOf(sort, key);
  const Icon = direction === 'ascending' ? ArrowUpIcon : direction === 'descending' ? ArrowDownIcon : ArrowUpDownIcon;
  return (
    <TableHead scope="col" role="columnheader" aria-sort={direction} className={className}>
      <Button
        variant="ghost"
        size="sm"
        // Its name is the column's title, so "Sort by" is not read before every header; aria-sort says the order.
        // Compact (the padding within the cell's, a small icon): a list of many sortable columns still fits beside the menu.
        className={cn('-mx-2 h-8 gap-1 px-2 font-medium has-[>svg]:px-2 max-sm:mx-0 max-sm:border', column.align === 'end' && 'flex-row-reverse')}
        onClick={() => onSort?.(nextSort(sort, key))}
      >
        {column.header}
        <Icon aria-hidden="true" className={cn('size-3.5', direction === 'none' && 'text-muted-foreground')} />
      </Button>
    </TableHead>
  );
}

/**
 * A screen's order in the address (`?sort=-account_name`), so a sorted list survives a reload and can be linked to;
 * a missing or unknown value is the screen's default order.
 */
export function useSortParam<K extends string>(allowed: readonly K[], fallback: SortState<K>): [SortState<K>, (sort: SortState) => void] {
  const [params, setParams] = useSearchParams();
  const sort = parseSort(params.get('sort'), allowed, fallback);
  const setSort = useCallback(
    (next: SortState) =>
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next.key === fallback.key && next.direction === fallback.direction) updated.delete('sort');
          else updated.set('sort', sortParam(next));
          return updated;
        },
        { replace: true },
      ),
    [setParams, fallback.key, fallback.direction],
  );
  return [sort, setSort];
}
