import type { Feature } from '../../platform/registry.ts';
import { runMonthlyBillingFn } from './billing.service.ts';

export const billingFeature: Feature = {
  name: 'billing',
  functions: [runMonthlyBillingFn],
};
