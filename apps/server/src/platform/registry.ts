import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { ResourceKey } from '@covenant/contracts/constants';
import type { Ctx } from '../lib/context.ts';
import type { BackupStep } from './backup/backup-step.ts';
import type { EntityDef } from './entities/entity-def.ts';

/**
 * A named server function (POST /functions/{name}), built from its contract in `@covenant/contracts/functions` by
 * `defineFunction` (platform/functions): the feature's handler is typed by the contract; this is its entry.
 */
export interface FunctionDef {
  name: string;
  /** Who may call it, in words: shown in the API docs and checked row by row in the authorization matrix. */
  access: string;
  /** The contract's schemas: the named parameters, and the answer (checked outside production). */
  input: z.ZodType;
  output: z.ZodType;
  /** The call as a request makes it: the privilege check that comes before reading, the parsed input, then the handler. */
  handler: (ctx: Ctx, params: Readonly<Record<string, unknown>>) => Promise<unknown>;
  /** Largest request body it accepts; only a function that takes a file needs more than the default. */
  maxBodyBytes?: number;
  /** It writes nothing (an export): allowed in an archived association. */
  readOnly?: boolean;
}

/** The body limit of a function call without its own (named parameters, no file). */
export const DEFAULT_FUNCTION_BODY_BYTES = 1024 * 1024;

/**
 * A financial report (GET /reports/{name}), built from its contract in `@covenant/contracts/reports` by
 * `defineReport` (platform/reports): the route checks the reports privilege, then runs it with the raw query.
 */
export interface ReportDef {
  name: string;
  access: string;
  description: string;
  /** The contract's schemas: the query (parsed by run) and the JSON answer (checked outside production). */
  query: z.ZodType;
  answer: z.ZodType;
  run(ctx: Ctx, query: unknown): Promise<{ json: unknown; csv?: () => unknown[][]; filename: string }>;
}

/** Work the scheduler asks for every hour (and once at start); the job decides whether anything is due. */
export interface JobDef {
  name: string;
  run(ctx: Ctx, at: Date): Promise<unknown>;
}

/**
 * Records that are not generic entities yet publish realtime events in a room of their own
 * (`entities:{appId}:{name}`), readable by those with read on the resource (journal entries).
 */
export interface TopicDef {
  name: string;
  resource: ResourceKey;
}

/** What a feature folder contributes: its entities, functions, reports, routes and start-up seeding. */
export interface Feature {
  name: string;
  entities?: readonly EntityDef[];
  topics?: readonly TopicDef[];
  functions?: readonly FunctionDef[];
  reports?: readonly ReportDef[];
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Scheduled work (platform/scheduler); each run must be safe to repeat and to run in several processes. */
  jobs?: readonly JobDef[];
  /** Runs at every start; must be idempotent. */
  seed?: (ctx: Ctx) => Promise<void>;
  /** Its tables' part of the association's backup and restore (platform/backup). */
  backup?: readonly BackupStep[];
}

function indexBy<T extends { name: string }>(kind: string, items: Iterable<T>): ReadonlyMap<string, T> {
  const map = new Map<string, T>();
  for (const item of items) {
    if (map.has(item.name)) throw new Error(`Two features register the ${kind} '${item.name}'`);
    map.set(item.name, item);
  }
  return map;
}

/**
 * Everything the features registered, assembled once by buildApp. Lookups are Map lookups, so names
 * from a URL such as '__proto__' or 'constructor' are simply unknown.
 */
export class Registry {
  readonly entities: ReadonlyMap<string, EntityDef>;
  readonly topics: ReadonlyMap<string, TopicDef>;
  readonly functions: ReadonlyMap<string, FunctionDef>;
  readonly reports: ReadonlyMap<string, ReportDef>;
  readonly jobs: ReadonlyMap<string, JobDef>;
  /** The backup steps of every feature, in restore order. */
  readonly backupSteps: readonly BackupStep[];

  constructor(readonly features: readonly Feature[]) {
    this.entities = indexBy('entity', features.flatMap((f) => f.entities ?? []));
    this.topics = indexBy('topic', features.flatMap((f) => f.topics ?? []));
    for (const name of this.topics.keys()) if (this.entities.has(name)) throw new Error(`'${name}' is both an entity and a topic`);
    this.functions = indexBy('function', features.flatMap((f) => f.functions ?? []));
    this.reports = indexBy('report', features.flatMap((f) => f.reports ?? []));
    this.jobs = indexBy('job', features.flatMap((f) => f.jobs ?? []));
    const steps = [...indexBy('backup step', features.flatMap((f) => f.backup ?? [])).values()].sort((a, b) => a.order - b.order);
    for (const kind of ['tables', 'collections'] as const) {
      const owner = new Map<string, string>();
      for (const step of steps) {
        for (const key of kind === 'tables' ? step.tables : Object.keys(step.collections)) {
          if (owner.has(key)) throw new Error(`The backup steps '${owner.get(key)}' and '${step.name}' both carry the ${kind === 'tables' ? 'table' : 'collection'} '${key}'`);
          owner.set(key, step.name);
        }
      }
    }
    this.backupSteps = steps;
  }

  entity(name: string): EntityDef | undefined {
    return this.entities.get(name);
  }

  /** A realtime room's records: an entity, or a topic; undefined for any other name. */
  room(name: string): EntityDef | TopicDef | undefined {
    return this.entities.get(name) ?? this.topics.get(name);
  }

  /** An entity the caller's code knows exists (a programming error otherwise). */
  requireEntity(name: string): EntityDef {
    const def = this.entities.get(name);
    if (!def) throw new Error(`Entity ${name} is not registered`);
    return def;
  }
}
