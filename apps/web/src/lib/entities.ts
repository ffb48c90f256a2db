import type { EntityRecord } from '@covenant/contracts/records';
import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Socket } from 'socket.io-client';
import type { UploadedFile } from '@covenant/contracts/platform';
import type { FunctionInput, FunctionName, FunctionOutput } from '@covenant/contracts/functions';
import { appRequest, currentAppId } from '@/lib/api';
import { callFunction } from '@/lib/functions';
import { readStoredToken } from '@/lib/auth-token';

/** The entities the server stores (docs/api.md). */
export type EntityName =
  | 'Owner' | 'Property' | 'OwnerProperty' | 'User' | 'Role' | 'Privilege' | 'OrgSettings'
  | 'Product' | 'TaxRate' | 'ChartOfAccount' | 'Invoice' | 'InvoiceLineItem' | 'Payment'
  | 'PaymentInvoice' | 'Vendor' | 'Bill' | 'BillLineItem' | 'BillPayment'
  | 'Fund' | 'Budget' | 'BudgetLine' | 'ReserveComponent' | 'AssessmentSchedule' | 'LateFeeRule' | 'CollectionStage' | 'PaymentPlan'
  | 'BankAccount' | 'BankStatement' | 'BankStatementLine' | 'BankRule' | 'BankReconciliation' | 'AutopayEnrollment' | 'AchBatch'
  | 'Vote' | 'Meeting' | 'WorkOrder' | 'ArchitecturalRequest' | 'ViolationType' | 'Violation' | 'EstoppelRequest';

/** Realtime rooms: every entity's, and records published without a generic entity (journal entries). */
export type LiveRoom = EntityName | 'JournalEntry';

/** Fields every stored record carries (the contract's shape). */
export type { EntityRecord } from '@covenant/contracts/records';

export interface ListOptions {
  /** `field` or `-field`, comma-joined for several. */
  sort?: string;
  limit?: number;
  skip?: number;
  fields?: string[];
}

/** The filter language of docs/api.md: equality, `$eq $ne $gt … $regex`, `$and`/`$or`. */
export type EntityQuery = Record<string, unknown>;

function listParams(options: ListOptions & { q?: EntityQuery }): string {
  const params = new URLSearchParams();
  if (options.q && Object.keys(options.q).length > 0) params.set('q', JSON.stringify(options.q));
  if (options.sort) params.set('sort', options.sort);
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.skip !== undefined) params.set('skip', String(options.skip));
  if (options.fields?.length) params.set('fields', options.fields.join(','));
  const text = params.toString();
  return text ? `?${text}` : '';
}

const path = (entity: EntityName, rest = '') => `/entities/${entity}${rest}`;

/** Lists records of an entity (spec part 1, section 7 'GET list'). */
export function list<T = EntityRecord>(entity: EntityName, options: ListOptions = {}): Promise<T[]> {
  return appRequest<T[]>(path(entity, listParams(options)));
}

/** Lists records matching a filter. */
export function filter<T = EntityRecord>(
  entity: EntityName,
  query: EntityQuery,
  sort?: string,
  limit?: number,
  skip?: number,
  fields?: string[],
): Promise<T[]> {
  return appRequest<T[]>(path(entity, listParams({ q: query, sort, limit, skip, fields })));
}

export function get<T = EntityRecord>(entity: EntityName, id: string): Promise<T> {
  return appRequest<T>(path(entity, `/${encodeURIComponent(id)}`));
}

export function create<T = EntityRecord>(entity: EntityName, data: Record<string, unknown>): Promise<T> {
  return appRequest<T>(path(entity), { method: 'POST', body: data });
}

export function update<T = EntityRecord>(entity: EntityName, id: string, data: Record<string, unknown>): Promise<T> {
  return appRequest<T>(path(entity, `/${encodeURIComponent(id)}`), { method: 'PUT', body: data });
}

export function remove(entity: EntityName, id: string): Promise<{ success: boolean }> {
  return appRequest(path(entity, `/${encodeURIComponent(id)}`), { method: 'DELETE' });
}

/** Deletes every record matching the filter. */
export function deleteMany(entity: EntityName, query: EntityQuery): Promise<{ success: boolean; deleted: number }> {
  return appRequest(path(entity), { method: 'DELETE', body: query });
}

/** Creates several records, all or nothing. */
export function bulkCreate<T = EntityRecord>(entity: EntityName, items: Array<Record<string, unknown>>): Promise<T[]> {
  return appRequest<T[]>(path(entity, '/bulk'), { method: 'POST', body: items });
}

export async function count(entity: EntityName, query: EntityQuery = {}): Promise<number> {
  const result = await appRequest<{ count: number }>(path(entity, `/count${listParams({ q: query })}`));
  return result.count;
}

/** Imports a CSV whose header row names the fields; all or nothing. */
export function importCsv<T = EntityRecord>(
  entity: EntityName,
  file: Blob,
): Promise<{ success: boolean; count: number; items: T[] }> {
  const form = new FormData();
  form.append('file', file);
  return appRequest(path(entity, '/import'), { method: 'POST', body: form });
}

/** Core UploadFile: stores an image and answers the URL it is served at. */
export async function uploadFile(file: Blob): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const result = await appRequest<UploadedFile>('/integration-endpoints/Core/UploadFile', { method: 'POST', body: form });
  return result.file_url;
}

/**
 * Calls a backend function with named parameters (spec part 1, section 5), typed by the contracts' function registry
 * (`callFunction`). A call that names its own answer type (`invokeFunction<T>(name, params)`) is checked by name only.
 */
export function invokeFunction<N extends FunctionName>(name: N, params: FunctionInput<N>): Promise<FunctionOutput<N>>;
export function invokeFunction<T>(name: FunctionName, params?: Record<string, unknown>): Promise<T>;
export function invokeFunction(name: FunctionName, params: Record<string, unknown> = {}): Promise<unknown> {
  return callFunction(name, params as FunctionInput<FunctionName>);
}

/** Query keys of entity data: `['entity', Entity, ...]`, so one invalidation refreshes every list of an entity. */
export const entityKeys = {
  all: (entity: LiveRoom) => ['entity', entity] as const,
  list: (entity: EntityName, options: ListOptions & { q?: EntityQuery } = {}) => ['entity', entity, 'list', options] as const,
  count: (entity: EntityName, query: EntityQuery = {}) => ['entity', entity, 'count', query] as const,
  one: (entity: EntityName, id: string) => ['entity', entity, 'one', id] as const,
};

/** Query options for a filtered, sorted page of an entity. */
export function entityListQuery<T = EntityRecord>(entity: EntityName, options: ListOptions & { q?: EntityQuery } = {}) {
  return queryOptions({
    queryKey: entityKeys.list(entity, options),
    queryFn: () => filter<T>(entity, options.q ?? {}, options.sort, options.limit, options.skip, options.fields),
  });
}

export function entityCountQuery(entity: EntityName, query: EntityQuery = {}) {
  return queryOptions({ queryKey: entityKeys.count(entity, query), queryFn: () => count(entity, query) });
}

// ---- Realtime ----

/** One change pushed by the server: `data` of `update_model` parsed. */
export interface EntityChange {
  type: 'create' | 'update' | 'delete';
  id: string;
  data?: unknown;
  timestamp?: string;
}

type Listener = (change: EntityChange) => void;

let socketPromise: Promise<Socket> | undefined;
let socketToken: string | null = null;
const roomListeners = new Map<string, Set<Listener>>();

/** The one socket of this session (spec part 1, sections 7 and 9); socket.io-client loads on first use. */
async function sharedSocket(): Promise<Socket> {
  const token = readStoredToken();
  if (socketPromise && socketToken === token) return socketPromise;
  if (socketPromise) void socketPromise.then((old) => old.disconnect());
  socketToken = token;
  socketPromise = Promise.all([import('socket.io-client'), currentAppId()]).then(([{ io }, app_id]) => {
    const socket = io({
      path: '/ws-user-apps/socket.io/',
      transports: ['websocket'],
      query: { app_id, token: token ?? '' },
      reconnection: true,
      reconnectionAttempts: Infinity,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      randomizationFactor: 0.5,
      timeout: 20000,
    });
    socket.on('update_model', (message: { room?: string; data?: unknown }) => {
      if (!message?.room) return;
      const listeners = roomListeners.get(message.room);
      if (!listeners?.size) return;
      let change: EntityChange;
      try {
        change = (typeof message.data === 'string' ? JSON.parse(message.data) : message.data) as EntityChange;
      } catch {
        return;
      }
      for (const listener of listeners) listener(change);
    });
    // Rooms are per connection: after a reconnect, join every room that still has listeners.
    socket.on('connect', () => {
      for (const [room, listeners] of roomListeners) if (listeners.size) socket.emit('join', room);
    });
    // The server closes sockets of ended sessions; when this tab holds a newer token, carry on with it.
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect' && readStoredToken() !== token) reopenRealtime();
    });
    return socket;
  });
  return socketPromise;
}

/** Opens the socket again with the stored token when it changed (a replaced session); rooms with listeners rejoin. */
export function reopenRealtime(): void {
  if (socketPromise && socketToken !== readStoredToken()) void sharedSocket();
}

async function subscribe(entity: LiveRoom, listener: Listener): Promise<() => void> {
  const app_id = await currentAppId();
  const room = `entities:${app_id}:${entity}`;
  let listeners = roomListeners.get(room);
  if (!listeners) roomListeners.set(room, (listeners = new Set()));
  listeners.add(listener);
  const socket = await sharedSocket();
  if (listeners.size === 1 && socket.connected) socket.emit('join', room);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) void socketPromise?.then((current) => current.emit('leave', room));
  };
}

/** Calls `onChange` for every change of an entity another session (or this one) makes, while mounted. */
export function useEntitySubscription(entity: LiveRoom, onChange: (change: EntityChange) => void): void {
  const handler = useRef(onChange);
  useEffect(() => {
    handler.current = onChange;
  });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    subscribe(entity, (change) => handler.current(change))
      .then((stop) => (cancelled ? stop() : (unsubscribe = stop)))
      .catch(() => undefined);
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [entity]);
}

/** Keeps every open query of these entities fresh: a realtime change invalidates them. */
export function useLiveEntities(...entities: LiveRoom[]): void {
  useLiveRefresh(undefined, ...entities);
}

/** Like {@link useLiveEntities}, and also invalidates `alsoKey` (an aggregate built from these entities). */
export function useLiveRefresh(alsoKey: readonly unknown[] | undefined, ...entities: LiveRoom[]): void {
  const queryClient = useQueryClient();
  const key = entities.join(',');
  const extra = JSON.stringify(alsoKey ?? null);
  useEffect(() => {
    let cancelled = false;
    const stops: Array<() => void> = [];
    for (const entity of key.split(',') as LiveRoom[]) {
      subscribe(entity, () => {
        void queryClient.invalidateQueries({ queryKey: entityKeys.all(entity) });
        const also = JSON.parse(extra) as unknown[] | null;
        if (also) void queryClient.invalidateQueries({ queryKey: also });
      })
        .then((stop) => (cancelled ? stop() : stops.push(stop)))
        .catch(() => undefined);
    }
    return () => {
      cancelled = true;
      for (const stop of stops) stop();
    };
  }, [key, extra, queryClient]);
}
