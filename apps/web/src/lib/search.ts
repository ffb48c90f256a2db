import type { EntityQuery } from '@/lib/entities';

/** Escapes a user's text for the filter language's `$regex`. */
export function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A case-insensitive "contains" filter over several fields; empty text matches everything. */
export function containsAny(fields: string[], text: string): EntityQuery {
  const value = text.trim();
  if (!value) return {};
  const pattern = { $regex: escapeRegex(value), $options: 'i' };
  return { $or: fields.map((field) => ({ [field]: pattern })) };
}
