import { asc, eq } from 'drizzle-orm';
import type { DbHandle } from '@covenant/db/client';
import { schemaOfAppId } from '@covenant/db/migrator';
import { associations } from '@covenant/db/schema/shared';
import type { Association } from '../../lib/context.ts';

type Row = typeof associations.$inferSelect;

/**
 * The association registry as this process knows it: every association of the instance, loaded at start and
 * refreshed when a path names one it has not seen (another process created it) or one it knows changes.
 */
export class Tenancy {
  private readonly byAppId = new Map<string, Association>();

  constructor(private readonly handle: DbHandle) {}

  private remember(row: Row): Association {
    const known = this.byAppId.get(row.app_id);
    const a: Association = {
      app_id: row.app_id, schema_name: row.schema_name, name: row.name, state: row.state ?? null, archived: row.archived_date !== null,
      db: known?.db ?? this.handle.inSchema(row.schema_name),
    };
    this.byAppId.set(row.app_id, a);
    return a;
  }

  /** Loads every association (at start). */
  async load(): Promise<void> {
    const rows = await this.handle.db.select().from(associations).orderBy(asc(associations.created_date), asc(associations.app_id));
    for (const row of rows) this.remember(row);
  }

  /** The association of an app id, or null when the instance has none (a malformed id is none too). */
  async get(appId: string): Promise<Association | null> {
    const known = this.byAppId.get(appId);
    if (known) return known;
    if (!/^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/.test(appId)) return null;
    return this.refresh(appId);
  }

  /** Reads one association's row again (after a change); null when it does not exist. */
  async refresh(appId: string): Promise<Association | null> {
    const [row] = await this.handle.db.select().from(associations).where(eq(associations.app_id, appId)).limit(1);
    if (!row) {
      this.byAppId.delete(appId);
      return null;
    }
    return this.remember(row);
  }

  /** Every association this process knows, oldest first. */
  list(): Association[] {
    return [...this.byAppId.values()];
  }

  /** Undoes a creation that failed after its schema was made: the schema and the registry row go. */
  async remove(appId: string): Promise<void> {
    const [row] = await this.handle.db.select().from(associations).where(eq(associations.app_id, appId)).limit(1);
    if (!row) return;
    await this.handle.dropSchema(row.schema_name);
    await this.handle.db.delete(associations).where(eq(associations.app_id, appId));
    this.byAppId.delete(appId);
  }

  /** Registers a new association and makes its schema with every migration; the caller seeds it. */
  async create(input: { app_id: string; name: string; state: string | null; created_by: string | null }): Promise<Association> {
    const schema = schemaOfAppId(input.app_id);
    await this.handle.exclusive('covenant:migrations', async () => {
      await this.handle.db.insert(associations).values({ app_id: input.app_id, schema_name: schema, name: input.name, state: input.state, created_by: input.created_by });
      try {
        await this.handle.migrateAssociation(input.app_id, schema);
      } catch (err) {
        // Nothing half made stays behind: the schema's migrations ran in one transaction; the row goes too.
        await this.handle.db.delete(associations).where(eq(associations.app_id, input.app_id));
        throw err;
      }
    });
    return (await this.refresh(input.app_id))!;
  }
}
