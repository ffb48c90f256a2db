import { asc, sql } from 'drizzle-orm';
import type { PropertyListQuery } from '@covenant/contracts/lists';
import { propertyListQuery } from '@covenant/contracts/lists';
import { ownerProperties, owners, properties } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { everyWordIn, listPage, readableJoin } from '../../platform/entities/list-page.ts';
import { ownerPropertyEntity, propertyEntity } from './properties.feature.ts';

/**
 * GET /lists/properties: one page of units with the owners assigned to each (those the caller may read), in
 * natural unit order or by the first assigned owner's last name (units without one last, then by unit).
 */
export async function listProperties(ctx: Ctx, query: PropertyListQuery) {
  const q = parseInput(propertyListQuery, query);
  const visible = sql`${await readableJoin(ctx, ctx.services.registry.requireEntity('Owner'))} and ${await readableJoin(ctx, ownerPropertyEntity)}`;
  const byUnit = [sql`${properties.unit_sort_key} collate "C"`, asc(properties.unit_number), asc(properties.id)];
  const firstOwner = sql`(select array[${owners.last_name}, ${owners.first_name}] from ${ownerProperties}
    join ${owners} on ${owners.id} = ${ownerProperties.owner_id}
    where ${ownerProperties.property_id} = ${properties.id} and (${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= current_date) and ${visible}
    order by ${owners.last_name}, ${owners.first_name} limit 1) asc nulls last`;
  return listPage(ctx, propertyEntity, {
    where: [everyWordIn(q.search, [properties.unit_number, properties.street_address])],
    orderBy: q.sort === 'owner' ? [firstOwner, ...byUnit] : byUnit,
    joined: {
      owners: sql`(select coalesce(json_agg(json_build_object(
          'id', ${owners.id}, 'owner_id', ${owners.owner_id}, 'first_name', ${owners.first_name}, 'last_name', ${owners.last_name}, 'photo_url', ${owners.photo_url},
          'link', json_build_object('id', ${ownerProperties.id}, 'owner_id', ${ownerProperties.owner_id}, 'property_id', ${ownerProperties.property_id},
            'ownership_percentage', ${ownerProperties.ownership_percentage}, 'relationship_type', ${ownerProperties.relationship_type}, 'start_date', ${ownerProperties.start_date}))
          order by ${owners.last_name}, ${owners.first_name}, ${owners.id}), '[]'::json)
        from ${ownerProperties} join ${owners} on ${owners.id} = ${ownerProperties.owner_id}
        where ${ownerProperties.property_id} = ${properties.id} and (${ownerProperties.end_date} is null or ${ownerProperties.end_date} >= current_date) and ${visible})`,
    },
    limit: q.limit,
    skip: q.skip,
  });
}
