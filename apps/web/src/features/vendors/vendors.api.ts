import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { entityKeys, filter, type EntityRecord } from '@/lib/entities';
import { containsAny } from '@/lib/search';

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

/** Vendors whose name or contact person contains the search, newest first (spec part 2, section 7). */
export function vendorsQuery(search: string) {
  const q = containsAny(['vendor_name', 'contact_person'], search);
  return queryOptions({
    queryKey: [...entityKeys.all('Vendor'), 'list', { q, sort: '-created_date' }],
    queryFn: () => filter<Vendor>('Vendor', q, '-created_date', 5000),
    placeholderData: keepPreviousData,
  });
}
