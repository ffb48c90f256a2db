import { z } from 'zod';
import type { Ctx } from '../../lib/context.ts';

/**
 * Old id (the file's) → new id (this association's), per table of the association's schema. Every step registers
 * the ids it wrote, so a later step's references find them; a restore never keeps the file's ids, because the
 * association's own records (default accounts, funds, bank accounts) already have theirs.
 */
export class IdMaps {
  private readonly byTable = new Map<string, Map<string, string>>();

  /** The map of one table (made on first use). */
  of(table: string): Map<string, string> {
    let map = this.byTable.get(table);
    if (!map) {
      map = new Map();
      this.byTable.set(table, map);
    }
    return map;
  }

  set(table: string, oldId: string, newId: string): void {
    this.of(table).set(oldId, newId);
  }
}

/** A backup file's collections as they arrived (each checked to be a list of records when read). */
export type BackupData = Record<string, unknown>;

/**
 * What a feature contributes to the association's backup: the tables it carries, the collections it writes to the
 * file, how it reads them and how it restores them (inside the restore's one transaction, after the steps of a
 * lower order, with their ids in `ids`). A step rebuilds whatever it derives (ledger postings, totals).
 */
export interface BackupStep {
  name: string;
  /** Restore order: lower first (a step's references must point at tables of earlier steps). */
  order: number;
  /** Tables of the association's schema (SQL names) whose every row this step carries or rebuilds. */
  tables: readonly string[];
  /** The file's collections it writes, each with the JSON schema of its records. */
  collections: Readonly<Record<string, { entity: string; schema: () => Record<string, unknown> }>>;
  backup(ctx: Ctx): Promise<Record<string, unknown[]>>;
  /** Restores the step's collections; a collection missing from the file (an older file) is empty. */
  restore(tx: Ctx, data: BackupData, ids: IdMaps): Promise<Record<string, number>>;
}

/** A collection's JSON Schema in the backup file, from its zod schema (as the restore reads it). */
export const backupJsonSchema = (schema: z.ZodType) => () => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
