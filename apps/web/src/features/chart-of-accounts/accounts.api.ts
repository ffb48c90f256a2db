import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Account } from '@covenant/contracts/entity-records';
import { toCsv } from '@covenant/contracts/csv';
import { entityKeys, filter, type EntityQuery } from '@/lib/entities';

export type { Account };

export const ACCOUNTS_EXPORT_FILE = 'chart_of_accounts.csv';
export const ACCOUNT_SORT = 'account_number';
const MAX_ROWS = 5000;

/** 'account number - account name', as the Default Account column and items.csv write it. */
export const accountLabel = (a: Pick<Account, 'account_number' | 'account_name'>) => `${a.account_number} - ${a.account_name}`;

/** Every account matching a filter, sorted by account number (spec part 2, section 7) unless the screen asks otherwise. */
export function accountsQuery(q: EntityQuery = {}, sort = ACCOUNT_SORT) {
  return queryOptions({
    queryKey: [...entityKeys.all('ChartOfAccount'), 'list', { q, sort }],
    queryFn: () => filter<Account>('ChartOfAccount', q, sort, MAX_ROWS),
    placeholderData: keepPreviousData,
  });
}

/** chart_of_accounts.csv: one row per account, active as Yes or No. */
export function accountsToCsv(accounts: readonly Account[]): string {
  return toCsv([
    ['account_number', 'account_name', 'account_type', 'account_subtype', 'description', 'balance', 'active'],
    ...accounts.map((a) => [
      a.account_number, a.account_name, a.account_type, a.account_subtype ?? '', a.description ?? '', a.balance ?? 0, a.is_active ? 'Yes' : 'No',
    ]),
  ]);
}
