import type { z } from 'zod';

/** One readable sentence from a zod error: "first_name: First name is required; Unknown field: foo". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .map((issue) => {
      if (issue.code === 'unrecognized_keys') {
        const keys = (issue as unknown as { keys: string[] }).keys;
        return `Unknown field${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}`;
      }
      const path = issue.path.join('.');
      const msg = issue.code === 'invalid_type' && /received undefined/.test(issue.message) ? 'is required' : issue.message;
      return path ? `${path}: ${msg}` : msg;
    })
    .join('; ');
}
