import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { FastifyBaseLogger } from 'fastify';
import { associationCtx, type Actor, type Association, type Ctx, type Services } from '../../lib/context.ts';
import type { PermissionLevel } from '@covenant/contracts/constants';
import { permissionLevel } from '../access/access.service.ts';
import { actorFromToken } from '../auth/auth.service.ts';
import { recordIsOwn } from '../entities/scope.ts';
import type { EntityChange } from './change-bus.ts';

export const SOCKET_PATH = '/ws-user-apps/socket.io/';

interface SocketData {
  actor: Actor;
  token: string;
  /** The association the socket was opened for (handshake app_id): its rooms only. */
  association: Association;
  /** Set while the session is being re-checked after a revocation: no events reach it meanwhile. */
  suspended?: boolean;
}

const ROOM_RE = /^entities:([A-Za-z0-9_-]+):([A-Za-z]+)$/;

/**
 * The platform's realtime channel: authenticated socket.io, rooms per association and entity, and update_model
 * events delivered only to members of that association allowed to read the record. With Redis, events cross nodes.
 */
export class RealtimeServer {
  readonly io: Server;
  private unsubscribers: Array<() => void> = [];
  private redisClients: Array<{ quit(): Promise<unknown> }> = [];
  /** serverSideEmit needs a cluster adapter; a single node has nobody to tell. */
  private clustered = false;

  constructor(
    httpServer: HttpServer,
    private readonly services: Services,
    private readonly log: FastifyBaseLogger,
  ) {
    const allowedOrigin = new URL(services.config.publicUrl).origin;
    this.io = new Server(httpServer, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      serveClient: false,
      connectTimeout: 20_000,
      maxHttpBufferSize: 16 * 1024,
      // Browsers send Origin; only our own pages may open the socket. Non-browser clients send none.
      allowRequest: (req, cb) => {
        const origin = req.headers.origin;
        cb(null, !origin || origin === allowedOrigin || isLoopbackOrigin(origin, allowedOrigin));
      },
    });
    this.io.use((socket, next) => {
      this.authenticate(socket).then(
        (ok) => (ok ? next() : next(new Error('auth_required'))),
        (err) => next(err instanceof Error ? err : new Error('auth_failed')),
      );
    });
    this.io.on('connection', (socket) => this.onConnection(socket));
    this.io.on('entity_change' as never, (change: EntityChange) => void this.dispatch(change));
    this.io.on('sessions_ended' as never, (userId: string) => void this.closeEndedSessions(userId));
    this.unsubscribers.push(
      services.bus.subscribe((change) => {
        if (this.clustered) this.io.serverSideEmit('entity_change', change);
        void this.dispatch(change);
      }),
      services.bus.onSessionsEnded((userId) => {
        if (this.clustered) this.io.serverSideEmit('sessions_ended', userId);
        void this.closeEndedSessions(userId);
      }),
    );
  }

  async useRedis(url: string): Promise<void> {
    const pub = createClient({ url });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    this.redisClients = [pub, sub];
    this.io.adapter(createAdapter(pub, sub, { key: 'covenant:realtime' }));
    this.clustered = true;
  }

  private ctx(association: Association, actor: Actor | null): Ctx {
    return associationCtx(this.services, association, actor);
  }

  private async authenticate(socket: Socket): Promise<boolean> {
    const { app_id: appId, token } = socket.handshake.query as Record<string, string | undefined>;
    if (typeof appId !== 'string' || typeof token !== 'string') return false;
    const association = await this.services.tenancy.get(appId);
    if (!association) return false;
    const actor = await actorFromToken(this.ctx(association, null), token);
    // Members only; staff still to enrol a required second factor get no data, realtime included.
    if (!actor || !actor.is_member || actor.two_factor_enrollment_required) return false;
    (socket.data as SocketData) = { actor, token, association };
    return true;
  }

  private onConnection(socket: Socket) {
    // The SDK sends no acknowledgement callback; a client that does (tests, tools) learns when the join took effect.
    socket.on('join', (room: unknown, ack?: unknown) => {
      void this.join(socket, room).then((ok) => {
        if (typeof ack === 'function') ack({ ok });
      });
    });
    socket.on('leave', (room: unknown) => {
      if (typeof room === 'string') void socket.leave(room);
    });
  }

  private async join(socket: Socket, room: unknown): Promise<boolean> {
    const m = typeof room === 'string' ? ROOM_RE.exec(room) : null;
    const data = socket.data as SocketData;
    // Another association's rooms are unknown rooms here.
    const def = m && m[1] === data.association.app_id ? this.services.registry.room(m[2]!) : undefined;
    if (!m || !def) {
      socket.emit('error', { message: `Unknown room '${String(room).slice(0, 100)}'` });
      return false;
    }
    const level = await permissionLevel(this.ctx(data.association, data.actor), def.resource);
    if (level === 'none') {
      socket.emit('error', { message: `You do not have permission to subscribe to ${def.name}` });
      return false;
    }
    await socket.join(room as string);
    return true;
  }

  /** Sends one change to the local subscribers who may read the record. */
  private async dispatch(change: EntityChange) {
    try {
      if (change.entity === 'User') this.refreshActor(change);
      const def = this.services.registry.room(change.entity);
      if (!def) return;
      const room = `entities:${change.app_id}:${def.name}`;
      const sockets = await this.io.in(room).local.fetchSockets();
      if (sockets.length === 0) return;
      const payload = { room, data: JSON.stringify({ type: change.type, id: change.id, data: change.record, timestamp: change.timestamp }) };
      const levelByRole = new Map<string, Promise<string>>();
      for (const socket of sockets) {
        const { actor, suspended, association } = socket.data as SocketData;
        if (suspended || association.app_id !== change.app_id) continue;
        const ctx = this.ctx(association, actor);
        const roleKey = `${actor.role}:${actor.user_role}`;
        if (!levelByRole.has(roleKey)) levelByRole.set(roleKey, permissionLevel(ctx, def.resource));
        const level = await levelByRole.get(roleKey)!;
        if (level === 'none') continue;
        // '*' says many records changed at once (a billing run): it names none, so every reader refetches.
        // A topic's records belong to nobody: own_records reads none of them.
        if (level === 'own_records' && !('table' in def)) continue;
        if (change.id !== '*' && level === 'own_records' && 'table' in def && !(await recordIsOwn(ctx, def, actor, change.record))) continue;
        if (change.id !== '*' && 'audience' in def && def.audience && !def.audience.allows(actor, level as PermissionLevel, change.record)) continue;
        socket.emit('update_model', payload);
      }
    } catch (err) {
      this.log.error({ err }, 'realtime dispatch failed');
    }
  }

  private refreshActor(change: EntityChange) {
    for (const socket of this.io.of('/').sockets.values()) {
      const data = socket.data as SocketData;
      if (data.actor?.id !== change.id || data.association?.app_id !== change.app_id) continue;
      if (change.type === 'delete') {
        socket.disconnect(true);
        continue;
      }
      const r = change.record;
      data.actor = { ...data.actor, role: r.role as Actor['role'], user_role: (r.user_role as string | null) ?? null, owner_id: (r.owner_id as string | null) ?? null, property_id: (r.property_id as string | null) ?? null };
    }
  }

  /** Closes this node's sockets of the user whose session no longer exists; the others resume. */
  private async closeEndedSessions(userId: string) {
    const mine = [...this.io.of('/').sockets.values()].filter((s) => (s.data as SocketData).actor?.id === userId);
    for (const socket of mine) (socket.data as SocketData).suspended = true;
    for (const socket of mine) {
      const data = socket.data as SocketData;
      const alive = await actorFromToken(this.ctx(data.association, null), data.token).catch((err) => {
        this.log.error({ err }, 'realtime session check failed');
        return null;
      });
      if (alive?.is_member) data.suspended = false;
      else socket.disconnect(true);
    }
  }

  async close() {
    for (const off of this.unsubscribers) off();
    await new Promise<void>((resolve) => this.io.close(() => resolve()));
    await Promise.all(this.redisClients.map((c) => c.quit().catch(() => undefined)));
  }
}

function isLoopbackOrigin(origin: string, allowed: string): boolean {
  try {
    const a = new URL(origin);
    const b = new URL(allowed);
    const loop = (h: string) => h === 'localhost' || h === '127.0.0.1' || h === '[::1]';
    return loop(a.hostname) && loop(b.hostname) && a.port === b.port;
  } catch {
    return false;
  }
}
