import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, numeric, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MONEY, recordColumns } from './common.ts';
import {
  appRoleEnum, ownerStatusEnum, permissionLevelEnum, propertyStatusEnum, propertyTypeEnum, relationshipTypeEnum,
  residentStatusEnum, resourceKeyEnum, systemRoleEnum, themeEnum,
} from './enums.ts';

export const owners = pgTable(
  'owners',
  {
    ...recordColumns(),
    owner_id: text('owner_id').notNull(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    date_of_birth: date('date_of_birth', { mode: 'string' }),
    resident_status: residentStatusEnum('resident_status').notNull().default('owner'),
    email: text('email'),
    phone: text('phone'),
    photo_url: text('photo_url'),
    mailing_address: text('mailing_address'),
    mailing_address_2: text('mailing_address_2'),
    city: text('city'),
    state: text('state'),
    zip_code: text('zip_code'),
    emergency_contact_name: text('emergency_contact_name'),
    emergency_contact_phone: text('emergency_contact_phone'),
    notes: text('notes'),
    status: ownerStatusEnum('status').notNull().default('active'),
  },
  (t) => [
    uniqueIndex('owners_owner_id_key').on(t.owner_id),
    index('owners_last_name_idx').on(t.last_name, t.first_name),
    index('owners_created_date_idx').on(t.created_date),
    check('owners_owner_id_six_digits', sql`${t.owner_id} ~ '^[0-9]{6}$'`),
  ],
);

export const properties = pgTable(
  'properties',
  {
    ...recordColumns(),
    property_id: text('property_id').notNull(),
    unit_number: text('unit_number').notNull(),
    street_address: text('street_address'),
    city: text('city'),
    state: text('state'),
    zip_code: text('zip_code'),
    property_type: propertyTypeEnum('property_type').notNull().default('condo'),
    square_footage: integer('square_footage'),
    bedrooms: integer('bedrooms'),
    bathrooms: numeric('bathrooms', { precision: 5, scale: 1 }),
    parking_spaces: integer('parking_spaces'),
    monthly_hoa_fee: numeric('monthly_hoa_fee', MONEY),
    /** The unit's percentage interest (the assessment calculator's percentage basis). */
    assessment_share: numeric('assessment_share', { precision: 9, scale: 6 }),
    status: propertyStatusEnum('status').notNull().default('occupied'),
    notes: text('notes'),
    /** The unit number in natural order ("2" < "10" < "10A" < "B-3"), compared with COLLATE "C"; see natural_sort_key in migration 0013. */
    unit_sort_key: text('unit_sort_key').generatedAlwaysAs(sql`natural_sort_key("unit_number")`),
  },
  (t) => [
    uniqueIndex('properties_property_id_key').on(t.property_id),
    index('properties_unit_number_idx').on(t.unit_number),
    index('properties_created_date_idx').on(t.created_date),
    index('properties_unit_sort_idx').on(sql`${t.unit_sort_key} collate "C"`, t.id),
    check('properties_property_id_six_digits', sql`${t.property_id} ~ '^[0-9]{6}$'`),
    check('properties_counts_nonneg', sql`coalesce(${t.square_footage},0) >= 0 and coalesce(${t.bedrooms},0) >= 0 and coalesce(${t.parking_spaces},0) >= 0`),
    check('properties_bathrooms_half_steps', sql`${t.bathrooms} is null or (${t.bathrooms} >= 0 and mod(${t.bathrooms} * 2, 1) = 0)`),
    check('properties_fee_nonneg', sql`${t.monthly_hoa_fee} is null or ${t.monthly_hoa_fee} >= 0`),
    check('properties_assessment_share_range', sql`${t.assessment_share} is null or ${t.assessment_share} between 0 and 100`),
  ],
);

export const ownerProperties = pgTable(
  'owner_properties',
  {
    ...recordColumns(),
    owner_id: text('owner_id').notNull().references(() => owners.id, { onDelete: 'cascade' }),
    property_id: text('property_id').notNull().references(() => properties.id, { onDelete: 'cascade' }),
    ownership_percentage: numeric('ownership_percentage', { precision: 5, scale: 2 }).notNull().default('100'),
    relationship_type: relationshipTypeEnum('relationship_type').notNull().default('owner'),
    start_date: date('start_date', { mode: 'string' }).notNull().default(sql`current_date`),
    /** The last day of the ownership (a sale's closing date); null while it lasts. */
    end_date: date('end_date', { mode: 'string' }),
  },
  (t) => [
    uniqueIndex('owner_properties_pair_key').on(t.owner_id, t.property_id),
    index('owner_properties_property_idx').on(t.property_id),
    check('owner_properties_pct_range', sql`${t.ownership_percentage} between 0 and 100`),
    check('owner_properties_dates', sql`${t.end_date} is null or ${t.end_date} >= ${t.start_date}`),
  ],
);

/** Application users: Better Auth's user model mapped onto the spec's User entity fields. */
export const users = pgTable(
  'users',
  {
    ...recordColumns(),
    full_name: text('full_name').notNull().default(''),
    email: text('email').notNull(),
    email_verified: boolean('email_verified').notNull().default(false),
    phone: text('phone'),
    photo_url: text('photo_url'),
    owner_id: text('owner_id').references(() => owners.id, { onDelete: 'set null' }),
    property_id: text('property_id').references(() => properties.id, { onDelete: 'set null' }),
    user_role: appRoleEnum('user_role'),
    role: systemRoleEnum('role').notNull().default('user'),
    /** Kept by Better Auth's two-factor plugin: true once an authenticator app is enrolled and verified. */
    two_factor_enabled: boolean('two_factor_enabled').notNull().default(false),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`), index('users_owner_idx').on(t.owner_id), index('users_created_date_idx').on(t.created_date)],
);

export const roles = pgTable(
  'roles',
  {
    ...recordColumns(),
    role_name: text('role_name').notNull(),
    display_name: text('display_name').notNull(),
    description: text('description'),
    is_system_role: boolean('is_system_role').notNull().default(false),
  },
  (t) => [uniqueIndex('roles_role_name_key').on(t.role_name)],
);

export const privileges = pgTable(
  'privileges',
  {
    ...recordColumns(),
    role_name: text('role_name').notNull(),
    resource_name: resourceKeyEnum('resource_name').notNull(),
    permission_level: permissionLevelEnum('permission_level').notNull(),
    can_create: boolean('can_create').notNull().default(false),
    can_read: boolean('can_read').notNull().default(false),
    can_update: boolean('can_update').notNull().default(false),
    can_delete: boolean('can_delete').notNull().default(false),
  },
  (t) => [uniqueIndex('privileges_role_resource_key').on(t.role_name, t.resource_name)],
);

export const orgSettings = pgTable('org_settings', {
  ...recordColumns(),
  company_name: text('company_name').notNull(),
  address: text('address'),
  city: text('city'),
  state: text('state'),
  zip_code: text('zip_code'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  logo_url: text('logo_url'),
  theme: themeEnum('theme'),
  organization_name: text('organization_name'),
  open_registration: boolean('open_registration').notNull().default(false),
  /** Administrators and property managers must enrol a second factor before they can work. */
  require_two_factor_for_staff: boolean('require_two_factor_for_staff').notNull().default(false),
  /** The month (1–12) the fiscal year starts in; budgets keep the one they were made with. */
  fiscal_year_start_month: integer('fiscal_year_start_month').notNull().default(1),
  /** The association's IANA time zone (its "today" and the run hour); null: the server's TIME_ZONE. */
  time_zone: text('time_zone'),
  /** The hour (0–23, association time) the scheduler runs assessments and late fees each day. */
  run_hour: integer('run_hour').notNull().default(6),
  /** Co-owned units: split by ownership percentage, or billed to the principal owner alone. */
  co_owner_billing: text('co_owner_billing').notNull().default('principal'),
  /** The order a payment without chosen invoices pays open charges in. */
  payment_application_order: text('payment_application_order').notNull().default('oldest_first'),
  /** Existing owner credit pays new scheduled charges as they are billed. */
  auto_apply_credits: boolean('auto_apply_credits').notNull().default(false),
  /** Billed to the owner when an ACH debit of theirs comes back (R01, R09 and the rest); null: no fee. */
  nsf_fee_amount: numeric('nsf_fee_amount', MONEY),
  /** Days the architectural committee has to answer a request; a request's respond-by date counts them. */
  arc_response_days: integer('arc_response_days').notNull().default(45),
  /** Estoppel certificate fees where no statute sets them (outside FL); in FL they are capped by the statute. Null: none. */
  estoppel_fee: numeric('estoppel_fee', MONEY),
  estoppel_rush_fee: numeric('estoppel_rush_fee', MONEY),
  estoppel_delinquent_fee: numeric('estoppel_delinquent_fee', MONEY),
  /** Billed to the buyer when a unit is sold (transferOwnership); null: none. */
  transfer_fee: numeric('transfer_fee', MONEY),
}, (t) => [
  check('org_settings_arc_response_days_range', sql`${t.arc_response_days} between 1 and 365`),
  check('org_settings_fiscal_month_range', sql`${t.fiscal_year_start_month} between 1 and 12`),
  check('org_settings_run_hour_range', sql`${t.run_hour} between 0 and 23`),
  check('org_settings_co_owner_billing', sql`${t.co_owner_billing} in ('split', 'principal')`),
  check('org_settings_application_order', sql`${t.payment_application_order} in ('oldest_first', 'assessments_first', 'fees_first')`),
]);
