/** Resource keys of the privilege matrix (spec part 1, section 3). */
export const RESOURCE_KEYS = [
  'dashboard', 'owners', 'properties', 'invoices', 'payments', 'items', 'tax_rates', 'vendors',
  'bills', 'chart_of_accounts', 'reports', 'users', 'org_settings', 'backup', 'role_management',
  // The community (docs/decisions.md, "The community's resources and the board member").
  'violations', 'architectural_requests', 'work_orders', 'announcements', 'documents',
  // Governance (docs/decisions.md, "Votes and elections").
  'meetings', 'votes', 'estoppel',
] as const;
/** The resources the spec's fifteen were extended with: rows an association seeded before them gains at start. */
export const COMMUNITY_RESOURCE_KEYS = [
  'violations', 'architectural_requests', 'work_orders', 'announcements', 'documents', 'meetings', 'votes', 'estoppel',
] as const satisfies readonly (typeof RESOURCE_KEYS)[number][];
export type ResourceKey = (typeof RESOURCE_KEYS)[number];

/** Application roles (spec part 1, section 6), and the board member (a director or officer) this round added. */
export const APP_ROLES = ['admin', 'property_manager', 'owner', 'renter', 'household_member', 'guest_contact', 'board_member'] as const;
export type AppRole = (typeof APP_ROLES)[number];

/** System roles of the platform. */
export const SYSTEM_ROLES = ['admin', 'user'] as const;
export type SystemRole = (typeof SYSTEM_ROLES)[number];

export const PERMISSION_LEVELS = ['read_write', 'read', 'own_records', 'none'] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/** The system roles with their display names and descriptions: the spec's six exactly as it gives them, then the board member. */
export const SYSTEM_ROLE_DEFINITIONS: ReadonlyArray<{ role_name: AppRole; display_name: string; description: string }> = [
  { role_name: 'admin', display_name: 'Administrator', description: 'full system access' },
  { role_name: 'property_manager', display_name: 'Property Manager', description: 'manage properties and financials' },
  { role_name: 'owner', display_name: 'Owner', description: 'view own properties and invoices' },
  { role_name: 'renter', display_name: 'Renter', description: 'limited access to assigned property' },
  { role_name: 'household_member', display_name: 'Household Member', description: 'view only access' },
  { role_name: 'guest_contact', display_name: 'Guest Contact', description: 'minimal access' },
  { role_name: 'board_member', display_name: 'Board Member', description: 'director or officer: reads the community and the books, decides hearings and architectural requests' },
];

export const RESIDENT_STATUSES = ['owner', 'renter', 'household_member', 'other_contact'] as const;
export const OWNER_STATUSES = ['active', 'inactive'] as const;
export const PROPERTY_TYPES = ['single_family', 'condo', 'townhouse', 'commercial', 'other'] as const;
export const PROPERTY_STATUSES = ['occupied', 'vacant', 'rented'] as const;
export const RELATIONSHIP_TYPES = ['owner', 'co-owner', 'tenant', 'other'] as const;
export const THEMES = ['red', 'blue', 'purple', 'orange', 'green'] as const;
export const ACCOUNT_TYPES = ['asset', 'liability', 'equity', 'revenue', 'expense'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
/** Subtypes per account type; the first is the default when the type changes. */
export const ACCOUNT_SUBTYPES: Record<AccountType, readonly string[]> = {
  asset: ['current_asset', 'fixed_asset'],
  liability: ['current_liability', 'long_term_liability'],
  equity: ['equity'],
  revenue: ['operating_revenue', 'other_revenue'],
  expense: ['operating_expense', 'non_operating_expense'],
};
export const ALL_ACCOUNT_SUBTYPES = Object.values(ACCOUNT_SUBTYPES).flat();
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'partial', 'overdue', 'cancelled'] as const;
export const PAYMENT_METHODS = ['check', 'cash', 'credit_card', 'bank_transfer', 'online', 'other'] as const;
export const PAYMENT_STATUSES = ['cleared', 'bounced', 'pending'] as const;
export const VENDOR_TYPES = ['contractor', 'supplier', 'service_provider', 'utility', 'professional_services', 'other'] as const;
export const VENDOR_STATUSES = ['active', 'inactive'] as const;
export const BILL_STATUSES = ['draft', 'pending', 'paid', 'partial', 'overdue', 'cancelled'] as const;
/** Kinds of fund an association keeps (fund accounting): day-to-day operating, reserves for replacements, others. */
export const FUND_KINDS = ['operating', 'reserve', 'other'] as const;
export type FundKind = (typeof FUND_KINDS)[number];

export const FIRST_OWNER_ID = 100000;
export const FIRST_PROPERTY_ID = 200000;
export const DEFAULT_OWNERSHIP_PERCENTAGE = 100;
export const BACKUP_VERSION = '1.1';
export const INVOICE_DUE_DAYS = 15;
export const BILL_DUE_DAYS = 30;
export const DEFAULT_INVOICE_TERMS = 'Net 15';
export const DEFAULT_VENDOR_TERMS = 'Net 30';
export const RECENT_LIST_SIZE = 5;

/** The SDK's documented default and maximum page size for entity lists. */
export const ENTITY_LIST_MAX_LIMIT = 5000;
