import { pgEnum } from 'drizzle-orm/pg-core';
import {
  ACCOUNT_TYPES, APP_ROLES, BILL_STATUSES, FUND_KINDS, INVOICE_STATUSES, OWNER_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES,
  PERMISSION_LEVELS, PROPERTY_STATUSES, PROPERTY_TYPES, RELATIONSHIP_TYPES, RESIDENT_STATUSES, RESOURCE_KEYS,
  SYSTEM_ROLES, THEMES, VENDOR_STATUSES, VENDOR_TYPES,
} from '@covenant/contracts/constants';
import { BUDGET_STATUSES } from '@covenant/contracts/budgets';

export const residentStatusEnum = pgEnum('resident_status', RESIDENT_STATUSES);
export const ownerStatusEnum = pgEnum('owner_status', OWNER_STATUSES);
export const propertyTypeEnum = pgEnum('property_type', PROPERTY_TYPES);
export const propertyStatusEnum = pgEnum('property_status', PROPERTY_STATUSES);
export const relationshipTypeEnum = pgEnum('relationship_type', RELATIONSHIP_TYPES);
export const appRoleEnum = pgEnum('app_role', APP_ROLES);
export const systemRoleEnum = pgEnum('system_role', SYSTEM_ROLES);
export const permissionLevelEnum = pgEnum('permission_level', PERMISSION_LEVELS);
export const resourceKeyEnum = pgEnum('resource_key', RESOURCE_KEYS);
export const themeEnum = pgEnum('theme', THEMES);
export const accountTypeEnum = pgEnum('account_type', ACCOUNT_TYPES);
export const invoiceStatusEnum = pgEnum('invoice_status', INVOICE_STATUSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const vendorTypeEnum = pgEnum('vendor_type', VENDOR_TYPES);
export const vendorStatusEnum = pgEnum('vendor_status', VENDOR_STATUSES);
export const billStatusEnum = pgEnum('bill_status', BILL_STATUSES);
export const fundKindEnum = pgEnum('fund_kind', FUND_KINDS);
export const budgetStatusEnum = pgEnum('budget_status', BUDGET_STATUSES);
