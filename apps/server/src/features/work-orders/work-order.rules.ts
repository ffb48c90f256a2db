/** A work order's status and the moves between them (issue 19): anything else is refused with a 409. */
export const WORK_ORDER_STATUSES = ['open', 'in_progress', 'deferred', 'completed', 'closed', 'declined'] as const;
export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

const NEXT: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  open: ['in_progress', 'declined'],
  in_progress: ['deferred', 'completed', 'open', 'declined'],
  completed: ['open', 'closed'],
  deferred: ['open'],
  closed: [],
  declined: [],
};

const LABEL: Record<WorkOrderStatus, string> = {
  open: 'Open', in_progress: 'In Progress', deferred: 'Deferred', completed: 'Completed', closed: 'Closed', declined: 'Declined',
};

/** The statuses a work order may move to from `from`. */
export function nextStatuses(from: WorkOrderStatus): readonly WorkOrderStatus[] {
  return NEXT[from];
}

/** Whether a work order may move from one status to another; the refusal says which moves are possible. */
export function checkWorkOrderTransition(from: WorkOrderStatus, to: WorkOrderStatus): { ok: true } | { ok: false; message: string } {
  if (NEXT[from].includes(to)) return { ok: true };
  if (from === to) return { ok: false, message: `The work order is already ${LABEL[to]}.` };
  const allowed = NEXT[from];
  const options = allowed.length === 0 ? `a ${LABEL[from]} work order cannot change status` : `from ${LABEL[from]} it can move to ${allowed.map((s) => LABEL[s]).join(', ')}`;
  return { ok: false, message: `A work order cannot move from ${LABEL[from]} to ${LABEL[to]}: ${options}.` };
}
