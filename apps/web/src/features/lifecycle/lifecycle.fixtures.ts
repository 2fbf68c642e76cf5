import type { TTransitionResult } from '@app/contracts/lifecycle.contract';

/** A 200 answer of a lifecycle call, as the server gives it. */
export function buildTransitionResult(overrides: Partial<TTransitionResult> = {}): TTransitionResult {
  return {
    success: true,
    message: 'Done',
    requestId: 7,
    action: 'startService',
    ruleId: 'S1',
    from: 'received',
    currentState: 'started',
    current_state: 'started',
    offerState: 'scheduled',
    assignedTo: 7,
    version: 2,
    schedule: null,
    invoices: [],
    effects: [],
    redirectTo: null,
    ...overrides,
  };
}
