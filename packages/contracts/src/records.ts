import { z } from 'zod';

// Answers of the generic entity calls and the small acknowledgements many routes share. Records are loose
// objects: each of the entities has its own fields, and `fields=` may select only some of them (`id` always).

/** One entity record as GET /entities/X/{id} shows it: NUMERIC as numbers, timestamps as ISO strings. */
export const entityRecordSchema = z.looseObject({
  id: z.string(),
  created_date: z.string().optional(),
  updated_date: z.string().optional(),
  created_by: z.string().nullable().optional(),
});
/** GET /entities/X/count. */
export const entityCountSchema = z.object({ count: z.number().int() });
/** POST /entities/X/import: the records made from the CSV rows. */
export const entityImportSchema = z.object({ success: z.boolean(), count: z.number().int(), items: z.array(entityRecordSchema) });
/** DELETE /entities/X with a filter: how many records went. */
export const entityDeleteManySchema = z.object({ success: z.boolean(), deleted: z.number().int() });
/** The plain acknowledgement `{success}`. */
export const successSchema = z.object({ success: z.boolean() });

export type EntityRecord = z.infer<typeof entityRecordSchema>;
export type EntityCount = z.infer<typeof entityCountSchema>;
export type EntityImport = z.infer<typeof entityImportSchema>;
export type EntityDeleteMany = z.infer<typeof entityDeleteManySchema>;
export type Success = z.infer<typeof successSchema>;
