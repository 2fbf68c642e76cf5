/** Calendar work statuses (000 §4; catalogue §3.4; decisions 20 and 28; K20). */
export const workStatuses = ['draft', 'pending', 'booked', 'started', 'finished'] as const;
export type WorkStatus = (typeof workStatuses)[number];

/** Calendar days in these statuses block capacity from today onward (K20). Draft does not block. */
export const blockingWorkStatuses = ['pending', 'booked', 'started'] as const satisfies readonly WorkStatus[];

export function isWorkStatus(value: unknown): value is WorkStatus {
  return typeof value === 'string' && (workStatuses as readonly string[]).includes(value);
}

export function isBlockingWorkStatus(status: WorkStatus): boolean {
  return status === 'pending' || status === 'booked' || status === 'started';
}
