import { desc, sql } from 'drizzle-orm';
import type { PagingQuery } from '@covenant/contracts/lists';
import { userListQuery } from '@covenant/contracts/lists';
import { owners, properties, users } from '@covenant/db/schema/community';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { listPage, readableJoin, textIn } from '../../platform/entities/list-page.ts';
import { userEntity } from './users.feature.ts';

/** GET /lists/users: one page of users, newest first, with the owner and unit each is linked to (when the caller may read them); `search` in the name or email. */
export async function listUsers(ctx: Ctx, query: PagingQuery) {
  const q = parseInput(userListQuery, query);
  const registry = ctx.services.registry;
  return listPage(ctx, userEntity, {
    where: [textIn(q.search, [users.full_name, users.email])],
    orderBy: [desc(users.created_date), desc(users.id)],
    joined: {
      owner: sql`(select json_build_object('id', ${owners.id}, 'first_name', ${owners.first_name}, 'last_name', ${owners.last_name}, 'photo_url', ${owners.photo_url})
        from ${owners} where ${owners.id} = ${users.owner_id} and ${await readableJoin(ctx, registry.requireEntity('Owner'))})`,
      property: sql`(select json_build_object('id', ${properties.id}, 'unit_number', ${properties.unit_number}, 'street_address', ${properties.street_address})
        from ${properties} where ${properties.id} = ${users.property_id} and ${await readableJoin(ctx, registry.requireEntity('Property'))})`,
    },
    limit: q.limit,
    skip: q.skip,
  });
}
