import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { paymentPlanCreate, paymentPlanUpdate, planProblem, planStanding } from '@covenant/contracts/collections';
import { centsToDecimal, toCents } from '@covenant/contracts/money';
import { paymentPlans } from '@covenant/db/schema/collections';
import type { Ctx } from '../../lib/context.ts';
import { ConflictError, ValidationError } from '../../lib/errors.ts';
import { referencedRecord } from '../../platform/entities/entities.service.ts';
import type { EntityDef, Row } from '../../platform/entities/entity-def.ts';
import { ownerEntity } from '../owners/owners.feature.ts';

type Installment = { due_date: string; amount: string };

/** Installments as stored: amounts as exact decimal strings; the total is their sum. */
function normalized(list: ReadonlyArray<{ due_date: string; amount: string | number }>): { installments: Installment[]; total: string } {
  const installments = list.map((i) => ({ due_date: i.due_date, amount: centsToDecimal(toCents(i.amount)) }));
  return { installments, total: centsToDecimal(installments.reduce((s, i) => s + toCents(i.amount), 0)) };
}

async function prepareCreate(ctx: Ctx, values: Row): Promise<Row> {
  await referencedRecord(ctx, ownerEntity, values.owner_id as string, 'Owner');
  const [active] = (await ctx.db.execute(sql`select 1 from ${paymentPlans} where owner_id = ${values.owner_id as string} and status = 'active' limit 1`)).rows;
  if (active) throw new ConflictError('This owner already has an active payment plan; change that plan instead', 'plan_exists');
  const { installments, total } = normalized(values.installments as Installment[]);
  return { ...values, installments, total_amount: total, status: 'active', status_date: null };
}

async function prepareUpdate(_ctx: Ctx, changes: Row, existing: Row): Promise<Row> {
  if (existing.status !== 'active') throw new ConflictError(`This payment plan is ${existing.status as string} and can no longer be changed`, 'plan_closed');
  const merged = { start_date: (changes.start_date ?? existing.start_date) as string, installments: (changes.installments ?? existing.installments) as Installment[] };
  const problem = planProblem(merged);
  if (problem) throw new ValidationError(`${problem.path}: ${problem.message}`);
  if (!changes.installments) return changes;
  const { installments, total } = normalized(changes.installments as Installment[]);
  return { ...changes, installments, total_amount: total };
}

/**
 * Payment plans: read under invoices (an owner sees their own), written by staff with invoices write. The owner
 * and the status are not written by hand: the runs complete or default a plan.
 */
export const paymentPlanEntity: EntityDef = {
  name: 'PaymentPlan',
  label: 'payment plan',
  table: paymentPlans,
  resource: 'invoices',
  createInput: paymentPlanCreate as unknown as z.ZodType<Row>,
  updateInput: paymentPlanUpdate as unknown as z.ZodType<Row>,
  derivedFields: ['total_amount', 'status', 'status_date', 'owner'],
  computed: {
    // The plan's owner as documents name theirs ({id, owner_id, first_name, last_name}). Qualified by hand: drizzle
    // writes a column of the selected table unqualified, which the owners' own owner_id would shadow.
    owner: () => sql`(select json_build_object('id', o.id, 'owner_id', o.owner_id, 'first_name', o.first_name, 'last_name', o.last_name) from owners o where o.id = payment_plans.owner_id)`,
  },
  scope: { kind: 'owner-field', field: 'owner_id' },
  ownEditable: [],
  hooks: { prepareCreate, prepareUpdate },
};

/**
 * The owners whose plan is in force on a date (late fees and collection steps pause for them). Each active plan
 * that has started is judged by what its owner paid since its start (cleared and pending payments, not returned
 * ones); with `record`, a plan found paid or missed is marked completed or defaulted as of the date.
 */
export async function ownersOnPlan(ctx: Ctx, asOf: string, record: boolean): Promise<Set<string>> {
  const rows = (await ctx.db.execute(sql`
    select pp.id, pp.owner_id, pp.installments, pp.grace_days,
      coalesce((select sum(p.amount) from payments p where p.owner_id = pp.owner_id and p.deleted_at is null and p.status <> 'bounced'
        and p.payment_date between pp.start_date and ${asOf}::date), 0) as paid
    from ${paymentPlans} pp where pp.status = 'active' and pp.start_date <= ${asOf}::date`)).rows as Array<{ id: string; owner_id: string; installments: Installment[]; grace_days: number; paid: string }>;
  const inForce = new Set<string>();
  for (const r of rows) {
    const standing = planStanding({ installments: r.installments, grace_days: r.grace_days }, toCents(r.paid), asOf);
    if (standing.status === 'active') inForce.add(r.owner_id);
    else if (record) await ctx.db.execute(sql`update ${paymentPlans} set status = ${standing.status}, status_date = ${asOf}, updated_date = now() where id = ${r.id} and status = 'active'`);
  }
  return inForce;
}
