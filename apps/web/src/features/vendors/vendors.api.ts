import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { entityKeys, type EntityRecord } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';

export interface Vendor extends EntityRecord {
  vendor_name: string;
  contact_person: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  state: string | null;
  zip_code: string | null;
  tax_id: string | null;
  payment_terms: string | null;
  vendor_type: string;
  status: string;
  notes: string | null;
}

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
