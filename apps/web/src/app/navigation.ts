import type { ResourceKey } from '@covenant/contracts/constants';
import type { LucideIcon } from 'lucide-react';
import {
  ArrowLeftRightIcon, BanknoteIcon, FileCheckIcon, FolderOpenIcon, MegaphoneIcon, BarChart3Icon, BookOpenIcon, GavelIcon, CalendarClockIcon, CircleUserRoundIcon, Building2Icon, DatabaseIcon, FileTextIcon, LandmarkIcon, LayoutDashboardIcon, NotebookPenIcon, PackageIcon,
  PaletteIcon, PercentIcon, VoteIcon, CalendarDaysIcon, PiggyBankIcon, ReceiptIcon, ClipboardListIcon, ScrollTextIcon, SettingsIcon, ShieldIcon, TriangleAlertIcon, TruckIcon, UserCogIcon, UsersIcon, WalletIcon, WrenchIcon, HouseIcon,
} from 'lucide-react';
import { isOwnerTypeRole, OWNER_TYPE_ROLES } from '@covenant/contracts/permissions';
import type { User } from '@/lib/api';
import { effectiveRoleOf, isAdminUser } from '@/lib/roles';

export type PageName =
  | 'Dashboard' | 'Owners' | 'Properties' | 'Invoices' | 'Payments' | 'Vendors' | 'Bills' | 'ChartOfAccounts'
  | 'Reports' | 'Items' | 'TaxRates' | 'OrgSettings' | 'Users' | 'Backup' | 'Themes' | 'RoleManagement' | 'AuditLog'
  | 'Budgets' | 'Reserves' | 'Funds' | 'JournalEntries' | 'MyAccount' | 'Assessments' | 'Collections' | 'Banking' | 'Ach' | 'Announcements' | 'Documents' | 'Violations'
  | 'Votes' | 'Meetings' | 'WorkOrders' | 'ArchitecturalRequests' | 'EstoppelRequests';

export interface NavItem {
  page: PageName;
  title: string;
  icon: LucideIcon;
  /** The privilege resource deciding visibility; none for items the spec gives only a role list. */
  resource?: ResourceKey;
  /** The spec's fixed role list, used when no privilege decides (spec part 1, section 6). */
  fallbackRoles: readonly string[];
  /** The association's screen for a resource owners, renters and household members reach on My Account instead. */
  portalOnMyAccount?: boolean;
}

const STAFF = ['admin', 'property_manager'] as const;
const ADMIN = ['admin'] as const;

/** The menu of spec part 1, section 2, by section. */
export const NAV_SECTIONS: ReadonlyArray<{ title: string; items: readonly NavItem[] }> = [
  {
    title: 'Overview',
    items: [
      { page: 'Dashboard', title: 'Dashboard', icon: LayoutDashboardIcon, resource: 'dashboard', fallbackRoles: ['admin', 'property_manager', 'owner', 'renter', 'household_member'] },
      // Their own account: owner-type roles and board members, who usually own a unit (the server reads the owner the user is linked to).
      { page: 'MyAccount', title: 'My Account', icon: CircleUserRoundIcon, fallbackRoles: [...OWNER_TYPE_ROLES, 'board_member'] },
    ],
  },
  {
    title: 'Community',
    items: [
      { page: 'Owners', title: 'Owners', icon: UsersIcon, resource: 'owners', fallbackRoles: STAFF },
      { page: 'Properties', title: 'Properties', icon: Building2Icon, resource: 'properties', fallbackRoles: STAFF },
      { page: 'Violations', title: 'Violations', icon: TriangleAlertIcon, resource: 'violations', fallbackRoles: STAFF, portalOnMyAccount: true },
      { page: 'Announcements', title: 'Announcements', icon: MegaphoneIcon, resource: 'announcements', fallbackRoles: STAFF, portalOnMyAccount: true },
      { page: 'Documents', title: 'Documents', icon: FolderOpenIcon, resource: 'documents', fallbackRoles: STAFF, portalOnMyAccount: true },
      { page: 'WorkOrders', title: 'Work Orders', icon: WrenchIcon, resource: 'work_orders', fallbackRoles: STAFF, portalOnMyAccount: true },
      { page: 'ArchitecturalRequests', title: 'Architectural Requests', icon: HouseIcon, resource: 'architectural_requests', fallbackRoles: STAFF, portalOnMyAccount: true },
    ],
  },
  {
    title: 'Financial',
    items: [
      { page: 'Invoices', title: 'Invoices', icon: FileTextIcon, resource: 'invoices', fallbackRoles: ['admin', 'property_manager', 'owner'] },
      { page: 'Payments', title: 'Payments', icon: WalletIcon, resource: 'payments', fallbackRoles: ['admin', 'property_manager', 'owner'] },
      // Schedules and late-fee rules are billing setup, like items; running them needs invoice writing.
      { page: 'Assessments', title: 'Assessments', icon: CalendarClockIcon, resource: 'items', fallbackRoles: STAFF },
      // Stages are collections setup, like late-fee rules; runs, the queue and plans need invoice writing.
      { page: 'Collections', title: 'Collections', icon: GavelIcon, resource: 'items', fallbackRoles: STAFF },
      { page: 'Items', title: 'Items', icon: PackageIcon, resource: 'items', fallbackRoles: STAFF },
      { page: 'TaxRates', title: 'Tax Rates', icon: PercentIcon, resource: 'tax_rates', fallbackRoles: STAFF },
      { page: 'Funds', title: 'Funds', icon: LandmarkIcon, resource: 'chart_of_accounts', fallbackRoles: STAFF },
      // Bank accounts and their statements are the books' setup and evidence, like funds.
      { page: 'Banking', title: 'Banking', icon: BanknoteIcon, resource: 'chart_of_accounts', fallbackRoles: STAFF },
      // ACH files are read like bank accounts; making them needs payments (debits) or bills (credits) writing.
      { page: 'Ach', title: 'ACH', icon: ArrowLeftRightIcon, resource: 'chart_of_accounts', fallbackRoles: STAFF },
      { page: 'JournalEntries', title: 'Journal Entries', icon: NotebookPenIcon, resource: 'chart_of_accounts', fallbackRoles: STAFF },
      { page: 'ChartOfAccounts', title: 'Chart of Accounts', icon: BookOpenIcon, resource: 'chart_of_accounts', fallbackRoles: STAFF },
      // Budgets and reserves are read as reports; changing them needs the chart of accounts privilege.
      { page: 'Budgets', title: 'Budgets', icon: ClipboardListIcon, resource: 'reports', fallbackRoles: STAFF },
      { page: 'Reserves', title: 'Reserves', icon: PiggyBankIcon, resource: 'reports', fallbackRoles: STAFF },
    ],
  },
  {
    title: 'Vendors & Bills',
    items: [
      { page: 'Vendors', title: 'Vendors', icon: TruckIcon, resource: 'vendors', fallbackRoles: STAFF },
      { page: 'Bills', title: 'Bills', icon: ReceiptIcon, resource: 'bills', fallbackRoles: STAFF },
    ],
  },
  {
    title: 'Governance',
    items: [
      { page: 'Meetings', title: 'Meetings', icon: CalendarDaysIcon, resource: 'meetings', fallbackRoles: STAFF, portalOnMyAccount: true },
      { page: 'Votes', title: 'Votes', icon: VoteIcon, resource: 'votes', fallbackRoles: STAFF, portalOnMyAccount: true },
      { page: 'EstoppelRequests', title: 'Estoppel Requests', icon: FileCheckIcon, resource: 'estoppel', fallbackRoles: STAFF },
    ],
  },
  {
    title: 'Reports',
    items: [{ page: 'Reports', title: 'Reports', icon: BarChart3Icon, resource: 'reports', fallbackRoles: STAFF }],
  },
  {
    title: 'Admin',
    items: [
      { page: 'Users', title: 'Users', icon: UserCogIcon, resource: 'users', fallbackRoles: ['admin', 'property_manager', 'owner', 'renter', 'household_member'] },
      { page: 'OrgSettings', title: 'Organization Settings', icon: SettingsIcon, fallbackRoles: ADMIN },
      { page: 'Backup', title: 'Backup & Restore', icon: DatabaseIcon, resource: 'backup', fallbackRoles: ADMIN },
      { page: 'Themes', title: 'Themes', icon: PaletteIcon, fallbackRoles: ADMIN },
      { page: 'RoleManagement', title: 'Role Management', icon: ShieldIcon, resource: 'role_management', fallbackRoles: ADMIN },
      // Administrators only, whatever the privileges say (the server checks the same).
      { page: 'AuditLog', title: 'Audit Log', icon: ScrollTextIcon, fallbackRoles: ADMIN },
    ],
  },
];

export const NAV_ITEMS: readonly NavItem[] = NAV_SECTIONS.flatMap((section) => section.items);

/** In-page link of a page (spec part 1, section 2): lower-cased with a leading slash. */
export function pageUrl(page: PageName): string {
  return page === 'Dashboard' ? '/' : `/${page.toLowerCase()}`;
}

/** The caller's level on a resource from `User/me`; undefined when the server sent no record for it. */
export function permissionLevelOf(user: User, resource: ResourceKey) {
  return user.userPrivileges?.find((privilege) => privilege.resource_name === resource)?.permission_level;
}

/** Whether the menu shows an item, and under which title ('User Profile' for own_records users). */
export function navEntryFor(user: User, item: NavItem): { visible: boolean; title: string } {
  // Owners keep the spec's menu: their violations, requests, documents and votes are on My Account.
  if (item.portalOnMyAccount && isOwnerTypeRole(user)) return { visible: false, title: item.title };
  const level = item.resource ? permissionLevelOf(user, item.resource) : undefined;
  if (level === undefined) {
    const role = effectiveRoleOf(user);
    return { visible: role !== null && item.fallbackRoles.includes(role), title: item.title };
  }
  const title = item.page === 'Users' && level === 'own_records' ? 'User Profile' : item.title;
  return { visible: level !== 'none', title };
}

export function navItem(page: PageName): NavItem {
  return NAV_ITEMS.find((item) => item.page === page)!;
}

/** Whether the caller may open a page: the same rule as the menu. */
export function canOpenPage(user: User, page: PageName): boolean {
  return navEntryFor(user, navItem(page)).visible;
}

/** What the caller may do on a resource, from the privileges User/me carries. */
export function accessOf(user: User, resource: ResourceKey) {
  const level = isAdminUser(user) ? 'read_write' : permissionLevelOf(user, resource);
  return { canRead: level !== undefined && level !== 'none', canWrite: level === 'read_write' };
}
