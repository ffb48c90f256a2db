import { emailDeliveries, mailJobs } from '@covenant/db/schema/mailings';
import { tableStep } from '../../platform/backup/table-step.ts';

/** The emailing runs and the delivery log shown on each owner's profile (after collections: a letter is a document sent). */
export const mailingsBackupStep = tableStep('mailings', 60, [
  {
    collection: 'mailJobs', entity: 'MailJob', label: 'mail job', table: mailJobs,
    // The owners a run skipped are named by id.
    remap: (v, ref) => {
      if (Array.isArray(v.skipped)) v.skipped = (v.skipped as Array<{ id: string; reason: string }>).map((s) => ({ ...s, id: ref('owners', s.id, 'skipped.id') }));
    },
  },
  {
    collection: 'emailDeliveries', entity: 'EmailDelivery', label: 'email delivery', table: emailDeliveries,
    refs: { owner_id: 'owners', job_id: 'mail_jobs', document_id: (r) => (r.kind === 'invoice' ? 'invoices' : r.kind === 'collection_letter' ? 'collection_letters' : null) },
    deletedDocuments: { document_id: 'null' },
  },
]);
