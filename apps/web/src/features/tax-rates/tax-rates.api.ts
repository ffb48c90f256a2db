import { queryOptions } from '@tanstack/react-query';
import type { TaxRate } from '@covenant/contracts/entity-records';
import { entityKeys, filter } from '@/lib/entities';

export type { TaxRate };

/** Every tax rate, sorted by name (spec part 2, section 7). */
export function taxRatesQuery() {
  return queryOptions({
    queryKey: [...entityKeys.all('TaxRate'), 'list', { sort: 'tax_name' }],
    queryFn: () => filter<TaxRate>('TaxRate', {}, 'tax_name', 5000),
  });
}

/** '8.25%': the stored percentage without trailing zeros. */
export const formatRate = (rate: number | string) => `${Number(rate)}%`;
