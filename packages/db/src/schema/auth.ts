import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { newId } from '../ids.ts';
import { owners } from './community.ts';
import { appRoleEnum } from './enums.ts';

// People, their sessions and sign-in state are shared by every association: schema/shared.ts.

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Pending invitations: who may register, with which application role. */
export const invitations = pgTable(
  'invitations',
  {
    id: text('id').primaryKey().$defaultFn(newId),
    email: text('email').notNull(),
    user_role: appRoleEnum('user_role'),
    system_role: text('system_role').notNull().default('user'),
    invited_by: text('invited_by'),
    /** The owner record the new user is linked to when they register (an owner invited to the portal). */
    owner_id: text('owner_id').references(() => owners.id, { onDelete: 'set null' }),
    created_date: ts('created_date').notNull().defaultNow(),
    accepted_date: ts('accepted_date'),
  },
  (t) => [uniqueIndex('invitations_email_key').on(sql`lower(${t.email})`), index('invitations_owner_idx').on(t.owner_id)],
);
