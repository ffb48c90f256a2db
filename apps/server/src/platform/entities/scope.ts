import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { ownerProperties } from '@covenant/db/schema/community';
import type { Actor, Ctx } from '../../lib/context.ts';
import type { EntityDef, Row } from './entity-def.ts';

function col(def: EntityDef, name: string): PgColumn {
  const c = (getTableColumns(def.table) as Record<string, PgColumn>)[name];
  if (!c) throw new Error(`${def.name} has no column ${name}`);
  return c;
}

/** The SQL condition for the rows an own_records caller may see: linked to their owner profile or their user. */
export function ownRecordsWhere(def: EntityDef, actor: Actor): SQL {
  const s = def.scope;
  const ownerId = actor.owner_id;
  const none = sql`false`;
  switch (s.kind) {
    case 'user-self':
      return eq(col(def, 'id'), actor.id);
    case 'creator':
      return eq(col(def, 'created_by'), actor.email);
    case 'owner-self':
      return ownerId ? eq(col(def, 'id'), ownerId) : none;
    case 'owner-field':
      return ownerId ? eq(col(def, s.field), ownerId) : none;
    case 'parent':
      return ownerId
        ? sql`${col(def, s.field)} in (select ${s.parent.id} from ${s.parent} where ${s.parent.owner_id} = ${ownerId})`
        : none;
    case 'property': {
      const idCol = col(def, 'id');
      const linked = ownerId
        ? sql`${idCol} in (select ${ownerProperties.property_id} from ${ownerProperties} where ${ownerProperties.owner_id} = ${ownerId})`
        : none;
      return actor.property_id ? sql`(${linked} or ${idCol} = ${actor.property_id})` : linked;
    }
  }
}

/** Whether an own_records caller may see this record; used for realtime events, where the row may be gone. */
export async function recordIsOwn(ctx: Ctx, def: EntityDef, actor: Actor, record: Row): Promise<boolean> {
  const s = def.scope;
  const ownerId = actor.owner_id;
  switch (s.kind) {
    case 'user-self':
      return record.id === actor.id;
    case 'creator':
      return record.created_by === actor.email;
    case 'owner-self':
      return !!ownerId && record.id === ownerId;
    case 'owner-field':
      return !!ownerId && record[s.field] === ownerId;
    case 'parent': {
      if (!ownerId || typeof record[s.field] !== 'string') return false;
      const rows = await ctx.db
        .select({ id: s.parent.id })
        .from(s.parent)
        .where(and(eq(s.parent.id, record[s.field] as string), eq(s.parent.owner_id, ownerId)))
        .limit(1);
      return rows.length > 0;
    }
    case 'property': {
      if (record.id === actor.property_id) return true;
      if (!ownerId) return false;
      const rows = await ctx.db
        .select({ id: ownerProperties.id })
        .from(ownerProperties)
        .where(and(eq(ownerProperties.property_id, record.id as string), eq(ownerProperties.owner_id, ownerId)))
        .limit(1);
      return rows.length > 0;
    }
  }
}
