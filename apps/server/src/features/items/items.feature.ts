import type { z } from 'zod';
import { productInput } from '@covenant/contracts/entities';
import { products } from '@covenant/db/schema/finance';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { assertLineAccount, lineFund } from '../accounts/accounts.service.ts';

/**
 * Billable items. An item's account becomes the account of the invoice lines that use it, so a control account
 * is refused here as on the lines; lines keep the account they were issued with when the item changes later.
 */
export const productEntity: EntityDef = {
  name: 'Product',
  label: 'item',
  table: products,
  resource: 'items',
  createInput: productInput as unknown as z.ZodType<Row>,
  updateInput: productInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    async prepareCreate(ctx, values) {
      await assertLineAccount(ctx, values.account_id as string, 'Default account');
      return { ...values, fund_id: await lineFund(ctx, values.fund_id as string | null) };
    },
    async prepareUpdate(ctx, changes) {
      if (changes.account_id !== undefined) await assertLineAccount(ctx, changes.account_id as string, 'Default account');
      if (changes.fund_id !== undefined) return { ...changes, fund_id: await lineFund(ctx, changes.fund_id as string | null) };
      return changes;
    },
  },
};

export const itemsFeature: Feature = { name: 'items', entities: [productEntity] };
