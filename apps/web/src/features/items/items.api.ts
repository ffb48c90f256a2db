import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Product } from '@covenant/contracts/entity-records';
import { toCsv } from '@covenant/contracts/csv';
import { entityKeys, filter } from '@/lib/entities';
import { containsAny } from '@/lib/search';
import { accountLabel, type Account } from '@/features/chart-of-accounts/accounts.api';

export type { Product };

export const ITEMS_EXPORT_FILE = 'items.csv';
export const ITEM_SORT = 'product_code';

/** Items whose product code or description contains the search, sorted by product code unless the screen asks otherwise. */
export function itemsQuery(search: string, sort = ITEM_SORT) {
  const q = containsAny(['product_code', 'description'], search);
  return queryOptions({
    queryKey: [...entityKeys.all('Product'), 'list', { q, sort }],
    queryFn: () => filter<Product>('Product', q, sort, 5000),
    placeholderData: keepPreviousData,
  });
}

/** items.csv (spec part 2, section 2): the default account as 'number - name', active as Yes or No. */
export function itemsToCsv(items: readonly Product[], accounts: ReadonlyMap<string, Account>): string {
  return toCsv([
    ['product_code', 'description', 'unit_price', 'default_account', 'active'],
    ...items.map((p) => {
      const account = accounts.get(p.account_id);
      return [p.product_code, p.description, Number(p.unit_price).toFixed(2), account ? accountLabel(account) : '', p.is_active ? 'Yes' : 'No'];
    }),
  ]);
}
