/**
 * Tables of an association's schema that no backup step carries, and why. The registry test fails on a table that
 * is neither carried by a step nor listed here (docs/decisions.md, "What the JSON backup leaves out").
 */
export const BACKUP_EXCLUSIONS: Readonly<Record<string, string>> = {
  __migrations: 'the schema\'s migration history: the association restored into has its own, at this version',
  association_info: 'names the schema\'s app id (made by the migrator); the association restored into keeps its own',
  outbox: 'mail waiting for this server to send it: delivery state of this instance, not a record of the association',
  outbox_attachments: 'the attachments of the outbox\'s mail',
  app_logs: 'the server\'s own log',
  audit_log: 'append-only history of what was done here; copying another\'s would forge it (the restore writes its own entry)',
  files: 'names of uploaded files whose bytes live in the file store, not in a JSON file (the instance backup carries both)',
  roles: 'who may do what is this association\'s setup; a restore never changes access (like users)',
  privileges: 'the privileges of the roles: this association\'s access setup, as roles',
  invitations: 'pending sign-ups by email, tied to the shared people and their sign-in',
  ledger_account_totals: 'derived: folded from the journal lines the restore posts',
  ledger_account_deltas: 'derived: appended by the journal lines\' trigger when the restore posts',
  journal_entry_hashes: 'derived: the hash chain of this ledger; the restored entries are sealed anew',
  journal_entries_unsealed: 'derived: the queue of entries waiting to be sealed',
  journal_balance_checks: 'empty outside a transaction that posts: the entries each statement posted, until the balance check at its commit',
};
