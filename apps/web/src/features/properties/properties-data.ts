import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { FIRST_PROPERTY_ID } from '@covenant/contracts/constants';
import { entityKeys } from '@/lib/entities';
import {
  compareUnits, fetchAll, fetchByIds, nextBusinessId, wordsQuery, type Owner, type OwnerProperty, type Property,
} from '@/features/owners/owners.api';

export type PropertySort = 'unit' | 'owner';
export type AssignedOwner = Pick<Owner, 'id' | 'owner_id' | 'first_name' | 'last_name' | 'photo_url'> & { link: OwnerProperty };
export interface PropertiesPage {
  properties: Property[];
  total: number;
  owners: Record<string, AssignedOwner[]>;
}

const SEARCH_FIELDS = ['unit_number', 'street_address'];
const OWNER_FIELDS = ['id', 'owner_id', 'first_name', 'last_name', 'photo_url'];

export const nextPropertyId = () => nextBusinessId('Property', 'property_id', FIRST_PROPERTY_ID);

/** The owners assigned to some properties, with their links. */
export async function ownersOfProperties(propertyIds: string[]): Promise<Record<string, AssignedOwner[]>> {
  const links = await fetchByIds<OwnerProperty>('OwnerProperty', propertyIds, undefined, 'property_id');
  const owners = await fetchByIds<Owner>('Owner', links.map((l) => l.owner_id), OWNER_FIELDS).catch(() => [] as Owner[]);
  const byId = new Map(owners.map((o) => [o.id, o]));
  const out: Record<string, AssignedOwner[]> = {};
  for (const link of links) {
    const o = byId.get(link.owner_id);
    if (o) (out[link.property_id] ??= []).push({ ...o, link });
  }
  for (const list of Object.values(out)) list.sort((a, b) => a.last_name.localeCompare(b.last_name));
  return out;
}

/**
 * One page of property cards. The order is computed from light lists (ids and units, links and
 * owner names) so units sort naturally ("2" before "10"); only the page's properties are fetched whole.
 */
async function loadPropertiesPage(search: string, sort: PropertySort, limit: number): Promise<PropertiesPage> {
  const q = wordsQuery(search, SEARCH_FIELDS);
  const light = await fetchAll<Pick<Property, 'id' | 'unit_number'>>('Property', q, 'unit_number', ['id', 'unit_number']);
  light.sort((a, b) => compareUnits(a.unit_number, b.unit_number));
  let ordered = light.map((p) => p.id);
  if (sort === 'owner') {
    const links = await fetchAll<OwnerProperty>('OwnerProperty', {}, 'created_date', ['id', 'owner_id', 'property_id']);
    const names = await fetchAll<Owner>('Owner', {}, 'last_name', ['id', 'last_name', 'first_name']).catch(() => [] as Owner[]);
    const nameOf = new Map(names.map((o) => [o.id, `${o.last_name}\u0000${o.first_name}`]));
    const first = new Map<string, string>();
    for (const l of links) {
      const n = nameOf.get(l.owner_id);
      if (n === undefined) continue;
      const current = first.get(l.property_id);
      if (current === undefined || n.localeCompare(current) < 0) first.set(l.property_id, n);
    }
    ordered = [...ordered].sort((a, b) => {
      const na = first.get(a);
      const nb = first.get(b);
      if (na === undefined || nb === undefined) return na === nb ? 0 : na === undefined ? 1 : -1;
      return na.localeCompare(nb);
    });
  }
  const pageIds = ordered.slice(0, limit);
  const rows = await fetchByIds<Property>('Property', pageIds);
  const byId = new Map(rows.map((p) => [p.id, p]));
  const properties = pageIds.map((id) => byId.get(id)).filter((p): p is Property => !!p);
  return { properties, total: ordered.length, owners: await ownersOfProperties(pageIds) };
}

export function propertiesPageQuery(search: string, sort: PropertySort, limit: number) {
  return queryOptions({
    queryKey: [...entityKeys.all('Property'), 'page', { search, sort, limit }],
    queryFn: () => loadPropertiesPage(search, sort, limit),
    placeholderData: keepPreviousData,
  });
}
