import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { FIRST_PROPERTY_ID } from '@covenant/contracts/constants';
import type { AssignedOwner, PropertyListSort, PropertyRow } from '@covenant/contracts/lists';
import { entityKeys } from '@/lib/entities';
import { fetchListPage } from '@/lib/lists';
import { nextBusinessId, type Property } from '@/features/owners/owners.api';

export type PropertySort = PropertyListSort;
export type { AssignedOwner };
export interface PropertiesPage {
  properties: Property[];
  total: number;
  owners: Record<string, AssignedOwner[]>;
}

export const nextPropertyId = () => nextBusinessId('Property', 'property_id', FIRST_PROPERTY_ID);

/** One page of property cards with their owners: one request, searched, sorted (natural unit order) and paged by the server. */
async function loadPropertiesPage(search: string, sort: PropertySort, limit: number): Promise<PropertiesPage> {
  const page = await fetchListPage<PropertyRow>('properties', { search, sort, limit });
  const owners: Record<string, AssignedOwner[]> = {};
  for (const row of page.rows) owners[row.id] = row.owners;
  return { properties: page.rows as unknown as Property[], total: page.total, owners };
}

export function propertiesPageQuery(search: string, sort: PropertySort, limit: number) {
  return queryOptions({
    queryKey: [...entityKeys.all('Property'), 'page', { search, sort, limit }],
    queryFn: () => loadPropertiesPage(search, sort, limit),
    placeholderData: keepPreviousData,
  });
}
