import { z } from 'zod';
import { listPageSchema, type ListSort } from './lists.ts';

/** Every action the audit log records, with the words the Audit Log screen shows for it. */
export const AUDIT_ACTIONS = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Sign-in failed',
  'auth.lockout': 'Password attempts used up',
  'auth.sign_in_code_sent': 'Sign-in code emailed',
  'auth.sign_out': 'Signed out',
  'auth.password_changed': 'Password changed',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'auth.two_factor_enabled': 'Two-factor authentication turned on',
  'auth.two_factor_disabled': 'Two-factor authentication turned off',
  'auth.two_factor_reset': 'Two-factor authentication reset by an administrator',
  'user.invited': 'User invited',
  'user.registered': 'User registered',
  'user.updated': 'User changed',
  'user.deleted': 'User deleted',
  'role.created': 'Role created',
  'role.updated': 'Role changed',
  'role.deleted': 'Role deleted',
  'privilege.created': 'Privilege created',
  'privilege.updated': 'Privilege changed',
  'privilege.deleted': 'Privilege deleted',
  'privilege.reset': 'Roles and privileges reset to the defaults',
  'org_settings.created': 'Organization settings created',
  'org_settings.updated': 'Organization settings changed',
  'org_settings.deleted': 'Organization settings deleted',
  'association.created': 'Association created',
  'association.archived': 'Association archived',
  'backup.created': 'Backup downloaded',
  'backup.restored': 'Backup restored',
  'invoice.deleted': 'Invoice deleted',
  'invoice.cancelled': 'Invoice cancelled',
  'payment.deleted': 'Payment deleted',
  'payment.bounced': 'Payment bounced',
  'bill.deleted': 'Bill deleted',
  'bill.cancelled': 'Bill cancelled',
  'bill_payment.deleted': 'Bill payment deleted',
  'period.closed': 'Books closed through a date',
  'period.reopened': 'Closed period reopened',
  'period.year_closed': 'Fiscal year closed',
  'journal.posted': 'Journal entry posted',
  'journal.reversed': 'Journal entry reversed',
  'opening.imported': 'Opening balances imported',
  'budget.adopted': 'Budget adopted',
  'budget.unadopted': 'Budget un-adopted',
  'assessment.applied': 'Assessments applied to units',
  'bank.matched': 'Bank lines matched automatically',
  'bank.line_matched': 'Bank line matched by hand',
  'bank.line_unmatched': 'Bank line unmatched',
  'bank.line_excluded': 'Bank line excluded',
  'reconciliation.started': 'Bank reconciliation started',
  'reconciliation.completed': 'Bank reconciliation completed',
  'reconciliation.voided': 'Bank reconciliation voided',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;

/** The words for an action; an action this build does not know shows as recorded. */
export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}

/** One audit log entry as the API returns it. */
export const auditLogEntrySchema = z.looseObject({
  id: z.string(),
  created_date: z.string(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  detail: z.unknown(),
  ip_address: z.string().nullable(),
});
/** The Audit Log's columns the server sorts by: the time, the user's email, the recorded action. */
export const auditLogSorts = ['created_date', 'actor_email', 'action'] as const;
export type AuditLogSort = ListSort<(typeof auditLogSorts)[number]>;

/** GET /audit-log: one page (newest first unless sorted), and how many match. */
export const auditLogPageSchema = listPageSchema(auditLogEntrySchema);
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The CSV export's columns, in order. */
export const AUDIT_CSV_COLUMNS = ['created_date', 'actor_email', 'actor_id', 'action', 'target_type', 'target_id', 'ip_address', 'before', 'after', 'detail'] as const;
