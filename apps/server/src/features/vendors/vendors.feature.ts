import type { z } from 'zod';
import { vendorInput } from '@covenant/contracts/entities';
import { vendors } from '@covenant/db/schema/finance';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { vendorListPage, vendorListQuery } from '@covenant/contracts/lists';
import { registerListRoute } from '../../platform/entities/list-page.ts';
import { listVendors } from './vendors.list.ts';

export const vendorEntity: EntityDef = {
  name: 'Vendor',
  label: 'vendor',
  table: vendors,
  resource: 'vendors',
  createInput: vendorInput as unknown as z.ZodType<Row>,
  updateInput: vendorInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
};

export const vendorsFeature: Feature = { name: 'vendors', routes: async (app) => registerListRoute(app, 'vendors', vendorListQuery, vendorListPage, listVendors), entities: [vendorEntity] };
