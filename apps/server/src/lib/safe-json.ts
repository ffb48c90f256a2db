import { ValidationError } from './errors.ts';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** JSON.parse that refuses prototype-pollution keys anywhere in the document. */
export function parseJsonSafely(text: string, what = 'JSON'): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text, (key, value) => {
      if (FORBIDDEN_KEYS.has(key)) throw new ValidationError(`${what} contains a forbidden key '${key}'`);
      return value;
    });
  } catch (err) {
    if (err instanceof ValidationError) throw err;
    throw new ValidationError(`${what} is not valid JSON`);
  }
  return parsed;
}

/** Refuses prototype-pollution keys in an already-parsed value (multipart fields, CSV headers). */
export function assertNoForbiddenKeys(value: unknown, what = 'Input'): void {
  if (Array.isArray(value)) {
    for (const v of value) assertNoForbiddenKeys(v, what);
  } else if (value && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      if (FORBIDDEN_KEYS.has(key)) throw new ValidationError(`${what} contains a forbidden key '${key}'`);
      assertNoForbiddenKeys((value as Record<string, unknown>)[key], what);
    }
  }
}

export function isForbiddenKey(key: string): boolean {
  return FORBIDDEN_KEYS.has(key);
}
