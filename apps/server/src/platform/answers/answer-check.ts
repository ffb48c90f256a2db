import { isDeepStrictEqual } from 'node:util';
import type { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { describeZodError } from '../../lib/zod-errors.ts';

/** Keys of the answer that its schema did not declare (the schema's parse dropped them), as paths. */
function undeclaredKeys(wire: unknown, parsed: unknown, path = ''): string[] {
  if (Array.isArray(wire) && Array.isArray(parsed)) return wire.flatMap((w, i) => undeclaredKeys(w, parsed[i], `${path}[${i}]`));
  if (!wire || typeof wire !== 'object' || !parsed || typeof parsed !== 'object') return [];
  return Object.entries(wire).flatMap(([key, value]) =>
    key in parsed ? undeclaredKeys(value, (parsed as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`.slice(1)],
  );
}

/**
 * Why an answer is not what the schema says, or null: the answer as it goes on the wire (JSON) must parse, and the
 * parse must keep everything (a key the schema does not declare is a problem too, unless the object is loose).
 */
export function answerProblem(schema: z.ZodType, answer: unknown): string | null {
  const wire: unknown = answer === undefined ? null : JSON.parse(JSON.stringify(answer));
  const result = schema.safeParse(wire);
  if (!result.success) return describeZodError(result.error);
  if (isDeepStrictEqual(result.data, wire)) return null;
  const extra = undeclaredKeys(wire, result.data);
  return extra.length ? `undeclared keys: ${extra.slice(0, 10).join(', ')}` : 'the schema changed a value (a default or a transform in an answer schema)';
}

/**
 * Outside production (config.checkAnswers), an answer outside its contract's schema is a 500 `answer_mismatch`
 * naming the problem, so every test that reads a route proves its schema; in production answers go out unchecked.
 */
export function assertAnswer(check: boolean, schema: z.ZodType, answer: unknown, what: string): void {
  if (!check) return;
  const problem = answerProblem(schema, answer);
  if (problem) throw new AppError(500, 'answer_mismatch', `${what} answered outside its schema: ${problem}`);
}

/** The route's JSON as is: the answer was checked against its schema already (outside production), and keys are never dropped. */
export const asJson = () => (data: unknown) => JSON.stringify(data);
