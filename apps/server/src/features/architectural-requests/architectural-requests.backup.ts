import { architecturalRequests } from '@covenant/db/schema/architectural-requests';
import { tableStep } from '../../platform/backup/table-step.ts';

/** Architectural requests with their decisions (the letters are rendered from them). */
export const architecturalRequestsBackupStep = tableStep('architectural-requests', 91, [
  {
    collection: 'architecturalRequests', entity: 'ArchitecturalRequest', label: 'architectural request', table: architecturalRequests,
    refs: { property_id: 'properties', owner_id: 'owners' }, describe: (r) => `architectural request of ${String(r.submitted_on)}`,
  },
]);
