import { describe, expect, it } from 'vitest';
import { WORK_ORDER_STATUSES, checkWorkOrderTransition, nextStatuses, type WorkOrderStatus } from './work-order.rules.ts';

const ALLOWED = new Set([
  'open>in_progress', 'open>declined',
  'in_progress>deferred', 'in_progress>completed', 'in_progress>open', 'in_progress>declined',
  'completed>open', 'completed>closed',
  'deferred>open',
]);

describe('work-order transitions', () => {
  const pairs = WORK_ORDER_STATUSES.flatMap((from) => WORK_ORDER_STATUSES.map((to) => [from, to] as [WorkOrderStatus, WorkOrderStatus]));
  it('covers all 36 pairs', () => expect(pairs).toHaveLength(36));

  it.each(pairs)('%s → %s', (from, to) => {
    const r = checkWorkOrderTransition(from, to);
    expect(r.ok).toBe(ALLOWED.has(`${from}>${to}`));
    expect(nextStatuses(from).includes(to)).toBe(r.ok);
    if (!r.ok) expect(r.message).toMatch(/^(A work order cannot move from|The work order is already)/);
  });

  it('refusals say what is possible', () => {
    expect(checkWorkOrderTransition('open', 'completed')).toEqual({ ok: false, message: 'A work order cannot move from Open to Completed: from Open it can move to In Progress, Declined.' });
    expect(checkWorkOrderTransition('closed', 'open')).toEqual({ ok: false, message: 'A work order cannot move from Closed to Open: a Closed work order cannot change status.' });
    expect(checkWorkOrderTransition('deferred', 'deferred')).toEqual({ ok: false, message: 'The work order is already Deferred.' });
  });
});
