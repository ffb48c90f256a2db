import type { Feature } from '../../platform/registry.ts';
import { REPORTS } from './reports.service.ts';

/** The ledger reports; the routes of every report of the registry are the platform's (platform/reports). */
export const reportsFeature: Feature = { name: 'reports', reports: REPORTS };
