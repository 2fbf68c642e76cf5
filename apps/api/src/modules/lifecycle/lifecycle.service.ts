/**
 * The job lifecycle: every state-changing call runs here, in one transaction per call.
 *
 * 1. `SELECT … FOR UPDATE` the request row. Every writer of a request takes this lock first, so two
 *    claims (from any number of API processes on one PostgreSQL) are serialised: the second sees the first's
 *    committed row and is refused. Other rows are only ever locked after their request's row, so no cycle.
 * 2. Load what the transition table needs (offers, services, contract, invoices, referral, the caller's
 *    installer flags and group) and ask `decideTransition` (packages/domain). A refusal becomes an AppError
 *    (INVALID_TRANSITION / CONFLICT 409, FORBIDDEN 403, VALIDATION_FAILED 400) with the domain's message.
 * 3. Apply the outcome: request state, offer, services, calendar days, schedule, invoices, referral, VIN,
 *    history records, version + 1; queue e-mail, SMS and calendar appointments in the outbox. All of it
 *    commits together or not at all; the outbox delivers (and retries) after the commit.
 */
import { createActionCalls } from './lifecycle.actions';
import { createBookingEmail } from './lifecycle.booking-email';
import { createLifecycleContext, type LifecycleServiceDeps } from './lifecycle.context';
import { createPerform } from './lifecycle.perform';
import { createSchedule } from './lifecycle.schedule';
import { createStateRecords } from './lifecycle.state-records';
import { createRequestUpdate } from './lifecycle.update';

export type { LifecycleServiceDeps } from './lifecycle.context';
export { HISTORY_DEDUPE_WINDOW_MS } from './lifecycle.state-records';

/**
 * The lifecycle service: one façade over its use cases, one file each (see README.md). Each use case gets the
 * shared context (dependencies, loadContext) and the use cases it builds on; the façade only composes them.
 */
export function createLifecycleService(deps: LifecycleServiceDeps) {
  const ctx = createLifecycleContext(deps);
  const performing = createPerform(ctx);
  const schedule = createSchedule(ctx);
  const actions = createActionCalls(ctx, performing);
  const records = createStateRecords(ctx);
  const bookingEmail = createBookingEmail(ctx);
  const update = createRequestUpdate(ctx, performing, schedule);

  return {
    /** POST /requestimates/{requestId}/actions/{action} and the dedicated calls below. */
    perform: performing.perform,
    /** The same, in the caller's transaction (the public job claim registers and claims in one). */
    performInTx: performing.performInTx,
    claim: actions.claim,
    changeOffer: actions.changeOffer,
    changeServiceState: actions.changeServiceState,
    completeAllServices: actions.completeAllServices,
    transfer: actions.transfer,
    recordState: records.recordState,
    listActions: actions.listActions,
    setSchedule: schedule.setSchedule,
    sendBookingEmail: bookingEmail.sendBookingEmail,
    updateRequest: update.updateRequest,
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;
