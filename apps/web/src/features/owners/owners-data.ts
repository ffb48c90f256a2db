import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { count, entityKeys, filter } from '@/lib/entities';
import {
  compareUnits, fetchAll, fetchByIds, wordsQuery, type Owner, type OwnerProperty, type Property,
} from './owners.api';

export type OwnerSort = 'last_name' | 'unit';
export interface UnitChip {
  id: string;
  unit_number: string;
}
export interface OwnersPage {
  owners: Owner[];
  total: number;
  units: Record<string, UnitChip[]>;
}

const NAME_SORT = 'last_name,first_name,owner_id';
const SEARCH_FIELDS = ['first_name', 'last_name', 'email'];

/** The units of some owners, each list in natural unit order. */
export async function unitsOfOwners(ownerIds: string[]): Promise<Record<string, UnitChip[]>> {
  const links = await fetchByIds<OwnerProperty>('OwnerProperty', ownerIds, ['id', 'owner_id', 'property_id'], 'owner_id');
  const props = await fetchByIds<Property>('Property', links.map((l) => l.property_id), ['id', 'unit_number']);
  const byId = new Map(props.map((p) => [p.id, p]));
  const out: Record<string, UnitChip[]> = {};
  for (const l of links) {
    const p = byId.get(l.property_id);
    if (p) (out[l.owner_id] ??= []).push({ id: p.id, unit_number: p.unit_number });
  }
  for (const list of Object.values(out)) list.sort((a, b) => compareUnits(a.unit_number, b.unit_number));
  return out;
}

/**
 * One page of owner cards. By last name the server sorts and pages; by unit, the ordering comes
 * from the light (id, unit) lists of links and units, and only the page's owners are fetched whole.
 */
async function loadOwnersPage(search: string, sort: OwnerSort, limit: number): Promise<OwnersPage> {
  const q = wordsQuery(search, SEARCH_FIELDS);
  let owners: Owner[];
  let total: number;
  if (sort === 'last_name') {
    [owners, total] = await Promise.all([filter<Owner>('Owner', q, NAME_SORT, limit), count('Owner', q)]);
  } else {
    const [ids, links, props] = await Promise.all([
      fetchAll<{ id: string }>('Owner', q, NAME_SORT, ['id']),
      fetchAll<OwnerProperty>('OwnerProperty', {}, 'created_date', ['id', 'owner_id', 'property_id']),
      fetchAll<Property>('Property', {}, 'unit_number', ['id', 'unit_number']),
    ]);
    const unitOf = new Map(props.map((p) => [p.id, p.unit_number]));
    const lowest = new Map<string, string>();
    for (const l of links) {
      const unit = unitOf.get(l.property_id);
      if (unit === undefined) continue;
      const current = lowest.get(l.owner_id);
      if (current === undefined || compareUnits(unit, current) < 0) lowest.set(l.owner_id, unit);
    }
    // Stable sort keeps the last-name order among equal units; owners with no unit go last.
    const ordered = ids.map((r) => r.id).sort((a, b) => {
      const ua = lowest.get(a);
      const ub = lowest.get(b);
      if (ua === undefined || ub === undefined) return ua === ub ? 0 : ua === undefined ? 1 : -1;
      return compareUnits(ua, ub);
    });
    const pageIds = ordered.slice(0, limit);
    const rows = await fetchByIds<Owner>('Owner', pageIds);
    const byId = new Map(rows.map((o) => [o.id, o]));
    owners = pageIds.map((id) => byId.get(id)).filter((o): o is Owner => !!o);
    total = ordered.length;
  }
  const units = await unitsOfOwners(owners.map((o) => o.id));
  return { owners, total, units };
}

export function ownersPageQuery(search: string, sort: OwnerSort, limit: number) {
  return queryOptions({
    queryKey: [...entityKeys.all('Owner'), 'page', { search, sort, limit }],
    queryFn: () => loadOwnersPage(search, sort, limit),
    placeholderData: keepPreviousData,
  });
}
