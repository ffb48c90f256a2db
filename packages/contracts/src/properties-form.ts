import { z } from 'zod';
import { ownerPropertyInput } from './entities.ts';

/** The Assign Owners dialog: the owners picked and the terms each of their new assignments gets. */
export const assignOwnersForm = ownerPropertyInput.pick({ ownership_percentage: true, relationship_type: true, start_date: true }).extend({
  owner_ids: z.array(z.string()).min(1, 'Select at least one owner'),
});
