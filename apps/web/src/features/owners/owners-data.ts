import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OwnerListSort, OwnerRow, UnitChip } from '@covenant/contracts/lists';
import { entityKeys } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';
import type { Owner } from './owners.api';

export type OwnerSort = OwnerListSort;
export type { UnitChip };
export interface OwnersPage {
  owners: Owner[];
  total: number;
  units: Record<string, UnitChip[]>;
  /** Each owner's collection stage, when they are in collections. */
  stages: Record<string, string | null>;
  /** Whether each owner has a portal sign-in or a pending invitation (for those who read users). */
  portal: Record<string, OwnerRow['portal']>;
}

/** One page of owner cards with their unit chips: one request, searched, sorted and paged by the server. */
async function loadOwnersPage(search: string, sort: OwnerSort, limit: number): Promise<OwnersPage> {
  const page = await fetchListPage<OwnerRow>('owners', { search, sort, limit });
  const units: Record<string, UnitChip[]> = {};
  const stages: Record<string, string | null> = {};
  const portal: Record<string, OwnerRow['portal']> = {};
  for (const row of page.rows) {
    units[row.id] = row.units;
    stages[row.id] = row.collection_stage ?? null;
    portal[row.id] = row.portal ?? null;
  }
  return { owners: page.rows as unknown as Owner[], total: page.total, units, stages, portal };
}

export function ownersPageQuery(search: string, sort: OwnerSort, limit: number) {
  return queryOptions({
    queryKey: [...entityKeys.all('Owner'), 'page', { search, sort, limit }],
    queryFn: () => loadOwnersPage(search, sort, limit),
    placeholderData: keepPreviousData,
  });
}
