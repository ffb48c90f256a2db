import type { z } from 'zod';
import { ValidationError } from './errors.ts';
import { describeZodError } from './zod-errors.ts';

/** Validates named parameters against a schema; a refusal is a 400 naming each problem. */
export function parseInput<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw new ValidationError(describeZodError(r.error));
  return r.data;
}
