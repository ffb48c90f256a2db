import type { Delivery, DeliveryPage, MailJob } from '@covenant/contracts/mailings';
import { appRequest, downloadPdf } from '@/lib/api';
import { invokeFunction } from '@/lib/entities';

/** An owner or invoice a mailing left out, and why. */
export type Skip = MailJob['skipped'][number];

/** What emailInvoices answers (a function, without a contract of its own): the sent count and the skips, as a mailing job counts them. */
export type EmailResult = Pick<MailJob, 'sent' | 'skipped'>;

export type { MailJob } from '@covenant/contracts/mailings';

/**
 * One row of the delivery log. The contract types a delivery loosely (id, owner, kind, status, date) and lets the rest
 * of the email_deliveries row through; these are the columns of it the log shows, as the server sends them.
 */
export type DeliveryLogRow = Delivery & {
  document_label: string;
  to: string | null;
  subject: string | null;
  error: string | null;
  sent_by: string | null;
};

/** Emails the invoices with their PDFs (or keeps them in the outbox); the server says what it skipped and why. */
export const emailInvoices = (invoiceIds: string[]) => invokeFunction<EmailResult>('emailInvoices', { invoice_ids: invoiceIds });

/** Starts the background run that emails statements; its progress is read with mailJobQuery. */
export const emailStatements = (params: { owner_ids?: string[]; from: string; to: string }) => invokeFunction<MailJob>('emailStatements', params);

/** Polls a mailing job every second while it runs. */
export const mailJobQuery = (id: string) => ({
  queryKey: ['mail-jobs', id],
  queryFn: () => appRequest<MailJob>(`/mail-jobs/${id}`),
  refetchInterval: (q: { state: { data?: MailJob } }) => (q.state.data?.status === 'running' ? 1000 : false),
});

export const deliveriesQuery = (ownerId: string) => ({
  queryKey: ['deliveries', ownerId],
  queryFn: () => appRequest<Omit<DeliveryPage, 'rows'> & { rows: DeliveryLogRow[] }>(`/owners/${ownerId}/deliveries?limit=20`),
});

/** "3 × no email address; 1 × cancelled invoice": the reasons a batch left some out, counted. */
export function skippedSummary(skipped: readonly Skip[]): string | undefined {
  if (skipped.length === 0) return undefined;
  const counts = new Map<string, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return [...counts].map(([reason, n]) => `${n} × ${reason}`).join('; ');
}

/** Downloads an owner's statement for a period as PDF. */
export const downloadStatement = (ownerId: string, from: string, to: string) =>
  downloadPdf(`/owners/${ownerId}/statement?from=${from}&to=${to}&format=pdf`, `statement-${from}-${to}.pdf`);

/** Downloads an invoice as PDF. */
export const downloadInvoicePdf = (invoiceId: string, number: string) => downloadPdf(`/invoices/${invoiceId}/pdf`, `${number}.pdf`);
