import { randomFillSync } from 'node:crypto';

/** Random bytes drawn 4 KiB at a time: a run makes tens of thousands of ids, and a call into the CSPRNG for each cost seconds. */
const pool = Buffer.alloc(4096);
let offset = pool.length;

/** A 24-hex record id (time-ordered prefix, like the platform's ids): seconds since epoch then 8 random bytes. */
export function newId(): string {
  if (offset + 8 > pool.length) {
    randomFillSync(pool);
    offset = 0;
  }
  const seconds = Math.floor(Date.now() / 1000).toString(16).padStart(8, '0');
  const random = pool.toString('hex', offset, offset + 8);
  offset += 8;
  return seconds + random;
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;
