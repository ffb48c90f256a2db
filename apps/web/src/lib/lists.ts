import type { ListPage } from '@covenant/contracts/lists';
import { appRequest } from '@/lib/api';

export type ListName = 'owners' | 'properties' | 'invoices' | 'payments' | 'bills' | 'vendors' | 'users';

/** One page of a server list (`GET /lists/{name}`): joined, searched, sorted and paged by the database. */
export function fetchListPage<T>(name: ListName, params: Record<string, string | number | null | undefined>): Promise<ListPage<T>> {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && String(value).trim() !== '') query.set(key, String(value).trim());
  }
  const text = query.toString();
  return appRequest<ListPage<T>>(`/lists/${name}${text ? `?${text}` : ''}`);
}
