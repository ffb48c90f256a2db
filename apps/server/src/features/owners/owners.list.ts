import { asc, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { OwnerListQuery } from '@covenant/contracts/lists';
import { ownerListQuery } from '@covenant/contracts/lists';
import { invitations } from '@covenant/db/schema/auth';
import { ownerProperties, owners, properties, users } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { permissionLevel } from '../../platform/access/access.service.ts';
import { readableWhere } from '../../platform/entities/entities.service.ts';
import { everyWordIn, listPage, readableJoin } from '../../platform/entities/list-page.ts';
import { ownerEntity } from './owners.feature.ts';

/** Units an owner's card may show: the link and the unit both readable by the caller. */
async function readableUnits(ctx: Ctx): Promise<SQL> {
  const registry = ctx.services.registry;
  return sql`${await readableJoin(ctx, registry.requireEntity('Property'))} and ${await readableJoin(ctx, registry.requireEntity('OwnerProperty'))}`;
}

/**
 * GET /lists/owners: one page of owners with their unit chips (natural unit order). Sorted by last name, or by
 * each owner's lowest unit in natural order with owners without a unit last (then by name).
 */
export async function listOwners(ctx: Ctx, query: OwnerListQuery) {
  const q = parseInput(ownerListQuery, query);
  const units = await readableUnits(ctx);
  // The collection stage shows to those who read every owner's account (staff), never through own records.
  const seesCollections = ['read', 'read_write'].includes(await permissionLevel(ctx, 'invoices'));
  const seesSignIns = ['read', 'read_write'].includes(await permissionLevel(ctx, 'users'));
  const byName = [asc(owners.last_name), asc(owners.first_name), asc(owners.owner_id), asc(owners.id)];
  const lowestUnit = sql`(select min(${properties.unit_sort_key} collate "C") from ${ownerProperties}
    join ${properties} on ${properties.id} = ${ownerProperties.property_id}
    where ${ownerProperties.owner_id} = ${owners.id} and (${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= current_date) and ${units}) asc nulls last`;
  return listPage(ctx, ownerEntity, {
    where: [everyWordIn(q.search, [owners.first_name, owners.last_name, owners.email])],
    orderBy: q.sort === 'unit' ? [lowestUnit, ...byName] : byName,
    joined: {
      units: sql`(select coalesce(json_agg(json_build_object('id', ${properties.id}, 'unit_number', ${properties.unit_number})
        order by ${properties.unit_sort_key} collate "C", ${properties.unit_number}, ${properties.id}), '[]'::json)
        from ${ownerProperties} join ${properties} on ${properties.id} = ${ownerProperties.property_id}
        where ${ownerProperties.owner_id} = ${owners.id} and (${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= current_date) and ${units})`,
      collection_stage: seesCollections
        ? sql`(select s.name from collection_cases c join collection_stages s on s.id = c.stage_id where c.owner_id = ${owners.id} and c.closed_on is null)`
        : sql`null`,
      portal: seesSignIns
        ? sql`(case when exists (select 1 from ${users} u where u.owner_id = ${owners.id} and u.email_verified) then 'signed_up'
            when exists (select 1 from ${users} u where u.owner_id = ${owners.id})
              or exists (select 1 from ${invitations} i where i.owner_id = ${owners.id} and i.accepted_date is null) then 'invited' end)`
        : sql`null`,
    },
    limit: q.limit,
    skip: q.skip,
  });
}

/** Owners whose record the caller may read, or the caller's own owner profile (their own documents show their name). */
async function visibleOwners(ctx: Ctx): Promise<SQL> {
  const readable = await readableJoin(ctx, ownerEntity);
  const self = ctx.actor?.owner_id;
  return self ? sql`(${readable} or ${eq(owners.id, self)})` : readable;
}

/** The owner a document is billed to, as `{id, owner_id, first_name, last_name}` (null when not visible to the caller). */
export async function ownerNameOf(ctx: Ctx, ownerIdColumn: PgColumn): Promise<SQL> {
  return sql`(select json_build_object('id', ${owners.id}, 'owner_id', ${owners.owner_id}, 'first_name', ${owners.first_name}, 'last_name', ${owners.last_name})
    from ${owners} where ${owners.id} = ${ownerIdColumn} and ${await visibleOwners(ctx)})`;
}

/**
 * A document list's order by its owner's name (last, then first name), with the owners table joined to the page. A
 * caller who reads every owner sorts by the columns themselves (an index on the names gives the order); for others a
 * name they may not see counts as empty and sorts last, so the order tells nothing the page does not show.
 */
export async function ownerNameOrder(ctx: Ctx, ownerIdColumn: PgColumn): Promise<{ join: { table: typeof owners; on: SQL }; terms: SQL[] }> {
  const readsEvery = (await readableWhere(ctx, ownerEntity))?.length === 0;
  const visible = readsEvery ? undefined : await visibleOwners(ctx);
  const shown = (column: PgColumn) => (visible ? sql`(case when ${visible} then ${column} end)` : sql`${column}`);
  return { join: { table: owners, on: eq(owners.id, ownerIdColumn) }, terms: [shown(owners.last_name), shown(owners.first_name), sql`${ownerIdColumn}`] };
}

/**
 * Documents of the owners the search names: every word in a visible owner's first name, last name or owner id.
 * A subquery, so any number of owners may match (nothing is shuttled through the URL).
 */
export async function ownerNamed(ctx: Ctx, search: string | undefined, ownerIdColumn: PgColumn): Promise<SQL | undefined> {
  const words = everyWordIn(search, [owners.first_name, owners.last_name, owners.owner_id]);
  if (!words) return undefined;
  return sql`${ownerIdColumn} in (select ${owners.id} from ${owners} where ${words} and ${await visibleOwners(ctx)})`;
}
