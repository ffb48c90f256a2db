import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Vendor } from '@covenant/contracts/entity-records';
import { entityKeys } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';

export type { Vendor };

/** Cards per page; 'Load more' adds another page. */
export const VENDORS_PAGE_SIZE = 48;

/** Vendors whose name or contact person contains the search, newest first (spec part 2, section 7): one page from the server. */
export function vendorsQuery(search: string, limit: number) {
  return queryOptions({
    queryKey: [...entityKeys.all('Vendor'), 'page', { search, limit }],
    queryFn: () => fetchListPage<Vendor>('vendors', { search, limit }),
    placeholderData: keepPreviousData,
  });
}
