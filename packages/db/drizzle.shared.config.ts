import { defineConfig } from 'drizzle-kit';

// The shared schema (people, sign-ins, memberships, the association registry): migrated once per instance.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./packages/db/src/schema/shared.ts'],
  schemaFilter: ['covenant'],
  out: './packages/db/migrations-shared',
});
