import { randomBytes } from 'node:crypto';

/** A 24-hex record id (time-ordered prefix, like the platform's ids): seconds since epoch then 8 random bytes. */
export function newId(): string {
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
