import { queryOptions } from '@tanstack/react-query';
import { entityKeys, filter, type EntityRecord } from '@/lib/entities';

export interface TaxRate extends EntityRecord {
  tax_name: string;
  tax_rate: number | string;
  description: string | null;
  is_active: boolean;
}

/** Every tax rate, sorted by name (spec part 2, section 7). */
export function taxRatesQuery() {
  return queryOptions({
    queryKey: [...entityKeys.all('TaxRate'), 'list', { sort: 'tax_name' }],
    queryFn: () => filter<TaxRate>('TaxRate', {}, 'tax_name', 5000),
  });
}

/** '8.25%': the stored percentage without trailing zeros. */
export const formatRate = (rate: number | string) => `${Number(rate)}%`;
