import type { z } from 'zod';
import { vendorInput } from '@covenant/contracts/entities';
import { vendors } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { AppError } from '../../lib/errors.ts';
import { lastFour, sealSecret } from '../../lib/secret-box.ts';
import { NO_BANK_KEY_MESSAGE } from '../banking/bank-accounts.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { vendorListPage, vendorListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listVendors } from './vendors.list.ts';
import { vendorsBackupStep } from './vendors.backup.ts';

/** The authenticated context of a vendor's sealed account number (ACH credits open it with the same). */
export const VENDOR_SECRET_CONTEXT = 'vendor:bank_account_number';

/** The write-only account number for ACH credits, sealed with the server's key; its last four stay readable. */
function sealVendorAccount(ctx: Ctx, values: Row): Row {
  if (!('bank_account_number' in values)) return values;
  const { bank_account_number: number, ...rest } = values;
  if (number === null || number === undefined || number === '') return { ...rest, bank_account_number_sealed: null, bank_account_last4: null };
  const key = ctx.services.config.bankKey;
  if (!key) throw new AppError(400, 'bank_key_missing', NO_BANK_KEY_MESSAGE);
  return { ...rest, bank_account_number_sealed: sealSecret(key, String(number), VENDOR_SECRET_CONTEXT), bank_account_last4: lastFour(String(number)) };
}

export const vendorEntity: EntityDef = {
  name: 'Vendor',
  label: 'vendor',
  table: vendors,
  resource: 'vendors',
  createInput: vendorInput as unknown as z.ZodType<Row>,
  updateInput: vendorInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hiddenColumns: ['bank_account_number_sealed'],
  derivedFields: ['bank_account_last4'],
  hooks: {
    prepareCreate: (ctx, values) => sealVendorAccount(ctx, values),
    prepareUpdate: (ctx, changes) => sealVendorAccount(ctx, changes),
  },
};

export const vendorsFeature: Feature = { name: 'vendors', routes: async (app) => registerListRoute(app, 'vendors', vendorListQuery, vendorListPage, listVendors), entities: [vendorEntity], backup: [vendorsBackupStep] };
