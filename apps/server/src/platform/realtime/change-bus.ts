import { EventEmitter } from 'node:events';

export interface EntityChange {
  entity: string;
  type: 'create' | 'update' | 'delete';
  id: string;
  /** The record as the API shows it (for delete: the last state). */
  record: Record<string, unknown>;
  timestamp: string;
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

  subscribe(listener: (change: EntityChange) => void): () => void {
    this.emitter.on('change', listener);
    return () => this.emitter.off('change', listener);
  }

  /** A session was revoked (logout): realtime connections opened with it must close. */
  revokeSession(token: string): void {
    this.emitter.emit('revoked', token);
  }

  onSessionRevoked(listener: (token: string) => void): () => void {
    this.emitter.on('revoked', listener);
    return () => this.emitter.off('revoked', listener);
  }
}
