import { z } from 'zod';
import { listPageSchema } from './lists.ts';

// Answers of the mailing routes: a statements run's progress and an owner's delivery log.

/** GET /mail-jobs/{id}: a mailing run's progress and result; the web polls it. */
export const mailJobSchema = z.looseObject({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['running', 'done', 'failed']),
  params: z.unknown(),
  total: z.number().int(),
  done: z.number().int(),
  sent: z.number().int(),
  skipped: z.array(z.looseObject({ id: z.string(), reason: z.string() })),
  error: z.string().nullable(),
  created_by: z.string().nullable(),
  created_date: z.string(),
  finished_date: z.string().nullable(),
});
/** One invoice or statement emailed (or kept in the outbox, or skipped) for an owner. */
export const deliverySchema = z.looseObject({ id: z.string(), owner_id: z.string(), kind: z.string(), status: z.string(), created_date: z.string() });
/** GET /owners/{ownerId}/deliveries: one page, newest first. */
export const deliveryPageSchema = listPageSchema(deliverySchema);

export type MailJob = z.infer<typeof mailJobSchema>;
export type Delivery = z.infer<typeof deliverySchema>;
export type DeliveryPage = z.infer<typeof deliveryPageSchema>;
