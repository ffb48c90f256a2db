import { announcements } from '@covenant/db/schema/announcements';
import { tableStep } from '../../platform/backup/table-step.ts';

/** Announcements as written and rendered, with the units they are for and whether they were emailed (after the mailings). */
export const announcementsBackupStep = tableStep('announcements', 65, [
  {
    collection: 'announcements', entity: 'Announcement', label: 'announcement', table: announcements, arrayRefs: { property_ids: 'properties' },
    refs: { mail_job_id: 'mail_jobs' }, describe: (r) => `announcement ${String(r.title)}`,
  },
]);
