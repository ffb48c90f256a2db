import { functionContracts, type FunctionInput, type FunctionName, type FunctionOutput, type FunctionParams } from '@covenant/contracts/functions';
import type { Ctx } from '../../lib/context.ts';
import { parseInput } from '../../lib/parse-input.ts';
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
