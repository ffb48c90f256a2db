import { EventEmitter } from 'node:events';

export interface EntityChange {
  /** The association whose record changed. */
  app_id: string;
  entity: string;
  type: 'create' | 'update' | 'delete';
  id: string;
  /** The record as the API shows it (for delete: the last state). */
  record: Record<string, unknown>;
  timestamp: string;
}

/** The bus as an association's work sees it: what it publishes is that association's. */
export interface AssociationChanges {
  publish(change: Omit<EntityChange, 'app_id'>): void;
  sessionsEnded(userId: string): void;
}

/** In-process fan-out of committed entity writes; the realtime server relays them to other nodes. */
export class ChangeBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(100);
  }

  publish(change: EntityChange): void {
    this.emitter.emit('change', change);
  }

  /** The bus for one association's work (its services' `changes`). */
  scopedTo(appId: string): AssociationChanges {
    return {
      publish: (change) => this.publish({ ...change, app_id: appId }),
      sessionsEnded: (userId) => this.sessionsEnded(userId),
    };
  }

  subscribe(listener: (change: EntityChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  /**
   * Some sessions of a user ended (logout, password change or reset, two-factor change): realtime
   * connections opened with a token that is no longer valid must close.
   */
  sessionsEnded(userId: string): void {
    this.emitter.emit('sessions_ended', userId);
  }

  onSessionsEnded(listener: (userId: string) => void): () => void {
    this.emitter.on('sessions_ended', listener);
    return () => this.emitter.off('sessions_ended', listener);
  }
}
