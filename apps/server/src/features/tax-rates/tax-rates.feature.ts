import type { z } from 'zod';
import { taxRateInput } from '@covenant/contracts/entities';
import { taxRates } from '@covenant/db/schema/finance';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';

/**
 * Tax rates. An invoice keeps the rate it was issued with (invoices.tax_rate), so editing a rate here changes
 * only invoices that choose it from now on.
 */
export const taxRateEntity: EntityDef = {
  name: 'TaxRate',
  label: 'tax rate',
  table: taxRates,
  resource: 'tax_rates',
  createInput: taxRateInput as unknown as z.ZodType<Row>,
  updateInput: taxRateInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
};

export const taxRatesFeature: Feature = { name: 'tax-rates', entities: [taxRateEntity] };
