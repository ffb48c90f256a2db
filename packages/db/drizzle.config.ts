import { defineConfig } from 'drizzle-kit';

// Every association's own schema (app_<app id>): these migrations run once in each of them (packages/db/src/migrator.ts).

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./packages/db/src/schema/community.ts', './packages/db/src/schema/auth.ts', './packages/db/src/schema/platform.ts', './packages/db/src/schema/finance.ts', './packages/db/src/schema/ledger.ts', './packages/db/src/schema/enums.ts', './packages/db/src/schema/budgets.ts', './packages/db/src/schema/mailings.ts', './packages/db/src/schema/charges.ts', './packages/db/src/schema/collections.ts', './packages/db/src/schema/banking.ts', './packages/db/src/schema/votes.ts', './packages/db/src/schema/announcements.ts', './packages/db/src/schema/association-documents.ts', './packages/db/src/schema/violations.ts', './packages/db/src/schema/work-orders.ts', './packages/db/src/schema/architectural-requests.ts', './packages/db/src/schema/meetings.ts', './packages/db/src/schema/estoppel.ts'],
  out: './packages/db/migrations',
});
