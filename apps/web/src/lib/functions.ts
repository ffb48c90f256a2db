import type { FunctionInput, FunctionName, FunctionOutput } from '@covenant/contracts/functions';
import { appRequest } from './api';

/**
 * Calls a server function, typed by the contracts' function registry: its name, what it takes and what it
 * answers. A file among the values sends multipart form data with objects as JSON strings.
 */
export function callFunction<N extends FunctionName>(name: N, input: FunctionInput<N>): Promise<FunctionOutput<N>> {
  const params = input as Record<string, unknown>;
  if (typeof params !== 'object' || params === null || Array.isArray(params)) {
    throw new Error(`Function ${name} must receive an object with named parameters, received: ${String(params)}`);
  }
  const hasFile = Object.values(params).some((value) => value instanceof Blob);
  if (!hasFile) return appRequest<FunctionOutput<N>>(`/functions/${encodeURIComponent(name)}`, { method: 'POST', body: params });
  const form = new FormData();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (value instanceof Blob) form.append(key, value);
    else form.append(key, typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));
  }
  return appRequest<FunctionOutput<N>>(`/functions/${encodeURIComponent(name)}`, { method: 'POST', body: form });
}
