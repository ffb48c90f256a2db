import { z } from 'zod';
import { APP_ROLES } from './constants.ts';
import { isTimeZone } from './dates.ts';
import { isoDate } from './fields.ts';

// The management company's portfolio: many associations on one instance, each an app id (/api/portfolio).

/** The two-letter codes of the states, the District of Columbia and the territories an association may be in. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN',
  'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA',
  'WV', 'WI', 'WY', 'PR', 'GU', 'VI', 'AS', 'MP',
] as const;

/** An app id: 3 to 40 lowercase letters, digits and hyphens, starting and ending with a letter or digit. */
export const APP_ID_PATTERN = /^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$/;

/** POST /api/portfolio/associations: a new association, from the standard template or copied from another. */
export const createAssociationInput = z.strictObject({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(200, 'Name must be at most 200 characters'),
  app_id: z
    .string({ error: 'App ID is required' })
    .trim()
    .regex(APP_ID_PATTERN, 'App ID must be 3 to 40 lowercase letters, digits and hyphens, starting and ending with a letter or digit'),
  state: z.enum(US_STATES, { error: 'State must be a two-letter US state code such as CA or FL' }),
  time_zone: z.string({ error: 'Time zone is required' }).refine(isTimeZone, 'Time zone must be an IANA time zone such as America/Chicago'),
  fiscal_year_start_month: z.coerce
    .number({ error: 'Fiscal year start month must be a number' })
    .int('Fiscal year start month must be a whole number')
    .min(1, 'Fiscal year start month must be between 1 and 12')
    .max(12, 'Fiscal year start month must be between 1 and 12'),
  /** Copy the chart of accounts, funds, items, roles and privileges of this association instead of the standard ones. */
  copy_from_app_id: z.string().regex(APP_ID_PATTERN, 'copy_from_app_id must be an app id').optional(),
});
export type CreateAssociationInput = z.infer<typeof createAssociationInput>;

/** The create-association dialog: where the accounts come from is a choice, the standard template or an app id. */
export const STANDARD_TEMPLATE = '*standard*'; // never an app id
export const createAssociationForm = createAssociationInput.extend({ copy_from_app_id: z.string() });

/** POST /api/portfolio/associations/{app_id}/members: a person given a role in an association (invited when new). */
export const addMemberInput = z.strictObject({
  email: z.email({ error: 'Enter a valid email address' }).max(254).transform((s) => s.trim().toLowerCase()),
  role: z.enum(APP_ROLES, { error: `role must be one of: ${APP_ROLES.join(', ')}` }),
  owner_id: z.string().regex(/^[0-9a-f]{24}$/, 'owner_id must be an owner record id').optional(),
});
export type AddMemberInput = z.input<typeof addMemberInput>;

/** GET /api/portfolio/summary?as_of= */
export const portfolioSummaryQuery = z.object({ as_of: isoDate('as_of').optional() });
/** GET /api/portfolio/associations?figures=false: names and roles only (the switcher), without opening each association. */
export const portfolioListQuery = z.object({ figures: z.enum(['true', 'false'], { error: 'figures must be true or false' }).default('true') });

/** An association's figures from its own ledger and records (null where the caller may not read its reports). */
export const associationFiguresSchema = z.object({
  units: z.number().int(),
  owners: z.number().int(),
  receivables: z.number(),
  past_due_90: z.number(),
  cash: z.number(),
});

/** One association as the portfolio lists it. */
export const portfolioAssociationSchema = z.object({
  app_id: z.string(),
  name: z.string(),
  state: z.string().nullable(),
  archived: z.boolean(),
  /** The caller's application role there (admin for a portfolio administrator without a membership). */
  role: z.string().nullable(),
  figures: associationFiguresSchema.nullable(),
});
export type PortfolioAssociation = z.infer<typeof portfolioAssociationSchema>;

export const portfolioListSchema = z.object({
  /** Whether the caller is a portfolio administrator (creates, archives and staffs associations). */
  portfolio_admin: z.boolean(),
  associations: z.array(portfolioAssociationSchema),
});
export type PortfolioList = z.infer<typeof portfolioListSchema>;

export const portfolioSummarySchema = z.object({
  as_of: z.string(),
  totals: associationFiguresSchema.extend({ associations: z.number().int() }),
  associations: z.array(portfolioAssociationSchema.extend({ figures: associationFiguresSchema })),
});
export type PortfolioSummary = z.infer<typeof portfolioSummarySchema>;

/** A member of an association as the portfolio's staffing dialog lists it. */
export const associationMemberSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  full_name: z.string(),
  user_role: z.string().nullable(),
  owner_id: z.string().nullable(),
});
export const associationMembersSchema = z.array(associationMemberSchema);
export type AssociationMember = z.infer<typeof associationMemberSchema>;

/** What adding a member did: a membership for a person with a sign-in, or an invitation emailed to a new one. */
export const memberAddedSchema = z.object({ email: z.string(), role: z.string(), outcome: z.enum(['member', 'invited']) });
export type MemberAdded = z.infer<typeof memberAddedSchema>;
