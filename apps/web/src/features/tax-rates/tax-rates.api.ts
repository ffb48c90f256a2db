import { queryOptions } from '@tanstack/react-query';
import type { TaxRate } from '@covenant/contracts/entity-records';
import { entityKeys, filter } from '@/lib/entities';

export type { TaxRate };

export const TAX_RATE_SORT = 'tax_name';

/** Every tax rate, sorted by name (spec part 2, section 7) unless the screen asks otherwise. */
export function taxRatesQuery(sort = TAX_RATE_SORT) {
  return queryOptions({
    queryKey: [...entityKeys.all('TaxRate'), 'list', { sort }],
    queryFn: () => filter<TaxRate>('TaxRate', {}, sort, 5000),
  });
}

/** '8.25%': the stored percentage without trailing zeros. */
export const formatRate = (rate: number | string) => `${Number(rate)}%`;
