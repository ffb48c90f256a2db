import { z } from 'zod';

// Answers of the platform routes: health, app config, public settings, first-run setup, the outbox, app logs.

/** GET /health. */
export const healthSchema = z.object({ status: z.string(), database: z.string() });
/** GET /app-config: what every visitor may know of the organization (header and sign-in pages). */
export const appConfigSchema = z.object({ app_id: z.string(), name: z.string(), theme: z.string().nullable(), logo_url: z.string().nullable() });
/** GET public-settings/by-id/{appId}: the SDK's auth gate. */
export const publicSettingsSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The association's time zone (its setting, else the server's): the web's "today" is in this zone. */
  time_zone: z.string(),
  public_settings: z.object({ auth_required: z.boolean(), registration: z.string() }),
});
/** GET setup/status: true while no user exists. */
export const setupStatusSchema = z.object({ needs_setup: z.boolean() });
/** An email kept in the outbox (no SMTP_URL), with its attachments' metadata. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  created_date: z.string(),
  attachments: z.array(z.object({ id: z.string(), filename: z.string(), content_type: z.string(), size: z.number().int() })),
});

/** A page visit recorded by the app logs. */
export const appLogEntrySchema = z.looseObject({ id: z.string(), user_id: z.string(), user_email: z.string().nullable(), page_name: z.string(), created_date: z.string() });
/** GET /app-logs/{appId}/stats: visits in all, per page and per user, most visited first. */
export const appLogStatsSchema = z.object({
  total: z.number().int(),
  by_page: z.array(z.object({ page_name: z.string(), count: z.number().int() })),
  by_user: z.array(z.object({ user_id: z.string(), user_email: z.string().nullable(), count: z.number().int() })),
});
/** POST integration-endpoints/Core/UploadFile: where the stored file is served. */
export const uploadedFileSchema = z.object({ file_url: z.string() });

/**
 * A success answer that is a file (a PDF, a CSV, an image) rather than JSON, for the OpenAPI document; `json` when
 * the route answers JSON too (format=json). Files are sent as bytes or text, which Fastify does not serialize.
 */
export function fileResponse(contentTypes: readonly string[], description: string, json?: z.ZodType) {
  const file = z.string().meta({ format: 'binary' });
  const files = Object.fromEntries(contentTypes.map((type) => [type, { schema: file }]));
  return { description, content: json ? { 'application/json': { schema: json }, ...files } : files };
}

export type Health = z.infer<typeof healthSchema>;
export type AppConfig = z.infer<typeof appConfigSchema>;
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
export type SetupStatus = z.infer<typeof setupStatusSchema>;
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export type AppLogEntry = z.infer<typeof appLogEntrySchema>;
export type AppLogStats = z.infer<typeof appLogStatsSchema>;
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
