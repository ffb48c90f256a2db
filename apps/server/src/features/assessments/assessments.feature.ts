import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { assessmentScheduleCreate, assessmentScheduleInput, lateFeeRuleCreate, lateFeeRuleInput, lateFeeRuleProblem, scheduleProblem, chargeRunPageSchema } from '@covenant/contracts/charges';
import { assessmentSchedules, chargeRunItems, lateFeeRules } from '@covenant/db/schema/charges';
import { chartOfAccounts } from '@covenant/db/schema/finance';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { requirePermission } from '../../platform/access/access.service.ts';
import { recordForActor, referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import type { Feature } from '../../platform/registry.ts';
import { assertLineAccount, lineFund } from '../accounts/accounts.service.ts';
import { cancelInvoice, invoiceWithLines } from '../invoices/invoice.commands.ts';
import { invoiceEntity } from '../invoices/invoices.entities.ts';
import { productEntity } from '../items/items.feature.ts';
import { today } from '../../lib/context.ts';
import { propertyEntity } from '../properties/properties.feature.ts';
import { listChargeRuns, runAssessmentsFn, runDueJobs, runLateFeesFn } from './charge-runs.service.ts';
import { defineFunction } from '../../platform/functions/define-function.ts';
import { assessmentsBackupStep } from './assessments.backup.ts';

/** The item a schedule or rule bills: it must exist (read through the caller's scope) and carry a line account. */
async function billableItem(ctx: Ctx, productId: string, label: string): Promise<Row> {
  const item = await referencedRecord(ctx, productEntity, productId, label);
  await assertLineAccount(ctx, item.account_id as string, label);
  return item;
}

async function checkSchedule(ctx: Ctx, values: Row, merged: Row): Promise<Row> {
  const problem = scheduleProblem(merged as never);
  if (problem) throw new ValidationError(`${problem.path}: ${problem.message}`);
  const item = values.product_id !== undefined ? await billableItem(ctx, values.product_id as string, 'Item') : null;
  const out = { ...values };
  // The fund given, else the item's (as an invoice line defaults to its item's fund), else Operating.
  if (values.fund_id) out.fund_id = await lineFund(ctx, values.fund_id as string);
  else if (values.fund_id === null || (merged.fund_id === undefined && item)) out.fund_id = await lineFund(ctx, (item?.fund_id as string | undefined) ?? null);
  const ids = [...new Set((values.property_ids as string[] | undefined) ?? [])];
  for (const id of ids) await referencedRecord(ctx, propertyEntity, id, 'Property');
  if (values.property_ids !== undefined) out.property_ids = ids;
  return out;
}

/** Refuses deleting what a run has billed: its history names it; deactivate it instead. */
async function refuseDeleteWhenBilled(ctx: Ctx, existing: Row, what: string): Promise<void> {
  const [used] = (await ctx.db.execute(sql`select 1 from ${chargeRunItems} where source_id = ${existing.id as string} limit 1`)).rows;
  if (used) throw new ConflictError(`This ${what} has billed charges and cannot be deleted; deactivate it instead`, 'in_use');
}

/** Assessment schedules: billing setup, read and written under the items privilege (staff; owners have none). */
export const assessmentScheduleEntity: EntityDef = {
  name: 'AssessmentSchedule',
  label: 'assessment schedule',
  table: assessmentSchedules,
  resource: 'items',
  createInput: assessmentScheduleCreate as unknown as z.ZodType<Row>,
  updateInput: assessmentScheduleInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    prepareCreate: (ctx, values) => checkSchedule(ctx, values, values),
    prepareUpdate: (ctx, changes, existing) => checkSchedule(ctx, changes, { ...existing, ...changes }),
    beforeDelete: (ctx, existing) => refuseDeleteWhenBilled(ctx, existing, 'schedule'),
  },
};

async function checkRule(ctx: Ctx, values: Row, merged: Row): Promise<Row> {
  const problem = lateFeeRuleProblem(merged as never);
  if (problem) throw new ValidationError(`${problem.path}: ${problem.message}`);
  for (const id of new Set((values.product_ids as string[] | undefined) ?? [])) await referencedRecord(ctx, productEntity, id, 'Item');
  if (values.late_fee_product_id !== undefined) {
    const item = await billableItem(ctx, values.late_fee_product_id as string, 'Late fee item');
    const [account] = await ctx.db.select({ type: chartOfAccounts.account_type }).from(chartOfAccounts).where(sql`${chartOfAccounts.id} = ${item.account_id as string}`).limit(1);
    if (account?.type !== 'revenue') throw new ValidationError('Late fee item: choose an item on an income account such as Late Fee Income');
  }
  if (values.product_ids !== undefined) return { ...values, product_ids: [...new Set(values.product_ids as string[])] };
  return values;
}

/** Late-fee rules: billing setup, read and written under the items privilege (staff; owners have none). */
export const lateFeeRuleEntity: EntityDef = {
  name: 'LateFeeRule',
  label: 'late fee rule',
  table: lateFeeRules,
  resource: 'items',
  createInput: lateFeeRuleCreate as unknown as z.ZodType<Row>,
  updateInput: lateFeeRuleInput.partial() as unknown as z.ZodType<Row>,
  scope: { kind: 'creator' },
  hooks: {
    prepareCreate: (ctx, values) => checkRule(ctx, values, values),
    prepareUpdate: (ctx, changes, existing) => checkRule(ctx, changes, { ...existing, ...changes }),
    beforeDelete: (ctx, existing) => refuseDeleteWhenBilled(ctx, existing, 'rule'),
  },
};

/**
 * waiveLateFee {invoice_id, reason, date?}: a late fee or interest charge is waived by cancelling its invoice with
 * the reason (the invoice commands reverse it on the date, default today); its run record stays, so no later
 * run charges it again.
 */
export const waiveLateFee = defineFunction('waiveLateFee', async (ctx, input) => {
  await recordForActor(ctx, invoiceEntity, input.invoice_id, 'update', { changing: ['status'] });
  const [fee] = (await ctx.db.execute(sql`select 1 from ${chargeRunItems} where invoice_id = ${input.invoice_id} and job = 'late_fees' limit 1`)).rows;
  if (!fee) throw new ConflictError('Only a late fee or interest charge can be waived; cancel other invoices instead', 'not_a_late_fee');
  await cancelInvoice(ctx, input.invoice_id, { date: input.date ?? (await today(ctx)), reason: `Late fee waived: ${input.reason}` });
  return invoiceWithLines(ctx, input.invoice_id);
}, { authorize: (ctx) => requirePermission(ctx, 'invoices', 'update') });

const params = z.object({ appId: z.string() });
const runsQuery = z.object({ job: z.string().optional(), limit: z.string().optional(), skip: z.string().optional() });

async function chargeRunRoutes(app: FastifyInstance) {
  app.get('/api/apps/:appId/charge-runs', { schema: { tags: ['assessments'], params, querystring: runsQuery, response: { 200: chargeRunPageSchema } } }, async (request) => listChargeRuns(request.ctx, request.query));
}

export const assessmentsFeature: Feature = {
  name: 'assessments',
  backup: [assessmentsBackupStep],
  entities: [assessmentScheduleEntity, lateFeeRuleEntity],
  functions: [runAssessmentsFn, runLateFeesFn, waiveLateFee],
  routes: chargeRunRoutes,
  jobs: [{ name: 'charges', run: (ctx, at) => runDueJobs(ctx, at) }],
};
