import { isDeepStrictEqual } from 'node:util';
import { functionContracts, type FunctionInput, type FunctionName, type FunctionOutput, type FunctionParams } from '@covenant/contracts/functions';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
import { describeZodError } from '../../lib/zod-errors.ts';
import type { FunctionDef } from '../registry.ts';

/** A function definition that remembers its name, so a call through it is typed by its contract. */
export type TypedFunctionDef<N extends FunctionName> = FunctionDef & { name: N };

export interface FunctionOptions {
  /** The privilege check that must refuse a caller before their input is read (403 before any 400). */
  authorize?: (ctx: Ctx, raw: Readonly<Record<string, unknown>>) => unknown;
  maxBodyBytes?: number;
  readOnly?: boolean;
}

/**
 * A feature's function, built from its contract: the handler gets the parsed input (the person-readable 400 of
 * parseInput otherwise, after `authorize`) and must answer the contract's output type.
 */
export function defineFunction<N extends FunctionName>(
  name: N,
  handler: (ctx: Ctx, input: FunctionParams<N>) => Promise<FunctionOutput<N>>,
  { authorize, ...options }: FunctionOptions = {},
): TypedFunctionDef<N> {
  const contract = functionContracts[name];
  return {
    name,
    access: contract.access,
    input: contract.input,
    output: contract.output,
    async handler(ctx, raw) {
      await authorize?.(ctx, raw);
      return handler(ctx, parseInput(contract.input, raw) as FunctionParams<N>);
    },
    ...options,
  };
}

/** A typed call of a function from server code (the demo, a command that runs another): the same path as a request. */
export function callFunction<N extends FunctionName>(ctx: Ctx, def: TypedFunctionDef<N>, input: FunctionInput<N>): Promise<FunctionOutput<N>> {
  return def.handler(ctx, input as Readonly<Record<string, unknown>>) as Promise<FunctionOutput<N>>;
}

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
export function answerProblem(schema: FunctionDef['output'], answer: unknown): string | null {
  const wire: unknown = answer === undefined ? null : JSON.parse(JSON.stringify(answer));
  const result = schema.safeParse(wire);
  if (!result.success) return describeZodError(result.error);
  if (isDeepStrictEqual(result.data, wire)) return null;
  const extra = undeclaredKeys(wire, result.data);
  return extra.length ? `undeclared keys: ${extra.slice(0, 10).join(', ')}` : 'the schema changed a value (a default or a transform in an answer schema)';
}
