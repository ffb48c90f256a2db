import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { PermissionLevel, ResourceKey } from '@covenant/contracts/constants';
import type { Actor, Ctx } from '../../lib/context.ts';

/** How own_records narrows an entity to the caller's rows. */
export type Scope =
  | { kind: 'owner-self' }
  | { kind: 'owner-field'; field: string }
  | { kind: 'parent'; field: string; parent: PgTable & { id: PgColumn; owner_id: PgColumn } }
  | { kind: 'property' }
  | { kind: 'user-self' }
  | { kind: 'creator' };

export type Row = Record<string, unknown>;

/** Domain behaviour an entity adds to the generic calls; each runs inside the write's transaction. */
export interface EntityHooks {
  /** Adjust or refuse the values of a create (after validation). */
  prepareCreate?(ctx: Ctx, values: Row): Promise<Row> | Row;
  /**
   * prepareCreate looks at the record alone, never at other records (no "one per owner" check, no next number), so
   * a bulk create may prepare a whole batch before writing any of it. Without it, a batch is written one at a time,
   * each record prepared after the ones before it were written.
   */
  prepareCreateAlone?: boolean;
  /** Adjust or refuse the changes of an update; existing is the current row. */
  prepareUpdate?(ctx: Ctx, changes: Row, existing: Row): Promise<Row> | Row;
  afterCreate?(ctx: Ctx, row: Row): Promise<void> | void;
  afterUpdate?(ctx: Ctx, row: Row, before: Row): Promise<void> | void;
  /** Refuse a delete, or take it over: return 'handled' when the hook did the delete itself (soft delete). */
  beforeDelete?(ctx: Ctx, existing: Row): Promise<void | 'handled'> | void | 'handled';
  afterDelete?(ctx: Ctx, existing: Row): Promise<void> | void;
  /** For idempotent creates: the record an earlier identical request made (same idempotency key). */
  replay?(ctx: Ctx, values: Row): Promise<Row | undefined>;
}

/**
 * A document's own write path: the generic calls hand the validated values to these commands, which fetch
 * through the caller's scope, check privileges, compute and post in the caller's transaction, and publish.
 */
export interface EntityWrites {
  /** Creates the record; answers its id. */
  create(ctx: Ctx, values: Row): Promise<string>;
  /**
   * Creates many records at once (the bulk route), in the caller's transaction, by the same rules as `create`;
   * answers their ids in order. Without it, the bulk route calls `create` for each.
   */
  createMany?(ctx: Ctx, valuesList: readonly Row[]): Promise<string[]>;
  update(ctx: Ctx, id: string, changes: Row): Promise<void>;
  remove(ctx: Ctx, id: string): Promise<void>;
}

export interface EntityDef {
  name: string;
  table: PgTable;
  /** The privilege resource of reads (and of writes, unless writeResource says otherwise). */
  resource: ResourceKey;
  /** The privilege resource of creates, updates and deletes, when it differs from reads' (budgets: read under reports). */
  writeResource?: ResourceKey;
  /** Absent: the generic create is refused with createRefusal. */
  createInput?: z.ZodType<Row>;
  createRefusal?: string;
  updateInput?: z.ZodType<Row>;
  scope: Scope;
  /** Fields a client may send but the server computes (ignored on write). */
  derivedFields?: readonly string[];
  /** Columns never shown nor filtered on. */
  hiddenColumns?: readonly string[];
  /** Rows hidden from every read (soft-deleted documents). */
  visibleWhere?: () => SQL;
  /**
   * Which records a reader with the privilege sees when a record's own field decides (a meeting's kind): the SQL
   * condition of every read (null: all), and the same rule on one record for realtime events.
   */
  audience?: { where(actor: Actor, level: PermissionLevel): SQL | null; allows(actor: Actor, level: PermissionLevel, record: Row): boolean };
  /** Read-only values computed in SQL, added to every record. */
  computed?: Record<string, () => SQL>;
  hooks?: EntityHooks;
  /** Documents: every generic write goes through these commands instead of the hooks. */
  writes?: EntityWrites;
  /**
   * Fields an own_records caller may change on their own rows; absent means every field. Ownership
   * fields (owner_id, invoice_id, ...) are never in it, so no row can be moved onto someone else's data.
   */
  ownEditable?: readonly string[];
  /** Human name for messages ("owner"). */
  label: string;
  /** Generic creates, changes and deletes go to the audit log as '<audit>.created|updated|deleted' with before and after. */
  audit?: 'user' | 'role' | 'privilege' | 'org_settings';
}

/** The privilege resource an operation on the entity is checked against. */
export function resourceFor(def: EntityDef, op: 'read' | 'create' | 'update' | 'delete'): ResourceKey {
  return op === 'read' ? def.resource : (def.writeResource ?? def.resource);
}
