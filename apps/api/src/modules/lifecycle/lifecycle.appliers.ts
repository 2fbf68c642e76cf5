/**
 * Applying a transition's outcome: one applier per effect kind (and per part of the outcome no effect names:
 * the target's offer, service lines and work status, the request row, the appointment removals). `applyOutcome` in
 * lifecycle.perform.ts runs them in the order of `outcomeAppliers`, inside the call's transaction. The order
 * matters: the VIN check refuses before anything is written; calendar days removed or replaced collect their
 * appointments for the removal queued last; the request row is written before the invoicing hooks, which
 * read the request as this transition left it.
 */
import { AppError } from '@app/contracts/errors.contract';
import type { TActionInput, TLifecycleAction } from '@app/contracts/lifecycle.contract';
import { resolveCapacity } from '@app/domain/scheduling/availability';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { countWholeDays } from '@app/domain/scheduling/job-dates';
import { listPlannedWorkDates } from '@app/domain/scheduling/work-days';
import type {
  Effect,
  ReferralFollowStatus,
  TransitionOutcome,
} from '@app/domain/service-requests/request-status';
import { isPlaceholderVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { assertDaysOpen } from '../blocked-days/blocked-days.guard';
import type { HookInvoice, HookResult, InvoicingHooks } from '../invoicing-hooks/invoicing-hooks.service';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { applyReferralEvent, lockReferralsOfRequest } from '../referrals/referrals.transitions';
import type { Loaded } from './lifecycle.context';
import { describeVehicle, jobFinishedSms, workStartedSms } from './lifecycle.messages';
import {
  enqueueAppointmentAdd,
  enqueueAppointmentRemovals,
  enqueueBookingEmail,
  isDealerWork,
} from './lifecycle.notifications';
import { planJobDays, serverHistoryKey, toCalendarRows, toWorkInstant } from './lifecycle.plan';
import type {
  CalendarEvent,
  HistoryInsert,
  InstallerInfo,
  LifecycleRepository,
  RequestPatch,
  ServiceRow,
  Transfer,
} from './lifecycle.repository';

/** Everything an applier reads, and what appliers hand on to later ones and to the reply. */
export type OutcomeContext = {
  tx: Db | Tx;
  repo: LifecycleRepository;
  invoicing: InvoicingHooks;
  loaded: Loaded;
  decision: TransitionOutcome;
  to: TransitionOutcome['to'];
  effects: ReadonlySet<Effect>;
  auth: AuthContext;
  action: TLifecycleAction;
  body: TActionInput;
  service?: ServiceRow;
  requestId: number;
  now: Date;
  /** The request's version after this transition. */
  version: number;
  /** The installer whose offer, calendar days and schedule the transition is about. */
  working: number | null;
  workingInstaller: InstallerInfo | null;
  /** The request row's changes, written by the `request` applier. */
  patch: RequestPatch;
  /** Appointments of removed or replaced calendar days: removed through the outbox by the last applier. */
  removedEvents: CalendarEvent[];
  /** Invoices the hooks created, and the hooks' message for the screen when one failed. */
  invoices: HookInvoice[];
  invoiceMessage: string | null;
  /** The working installer's first location (looked up once, when needed). */
  workingLocation(): Promise<{ id: number; capacity: number | null } | null>;
};

type Applier = (c: OutcomeContext) => Promise<void>;

/** An effect without its argument (`writeHistory:booked` → `writeHistory`). */
type KindOf<E> = E extends `${infer Kind}:${string}` ? Kind : E;
type EffectKind = KindOf<Effect>;
/** Parts of the outcome no effect names: the target's offer, service lines and work status, the request row,
 * and the removal of the appointments the calendar appliers collected. */
type OutcomePart = 'offer' | 'service' | 'workStatus' | 'request' | 'appointmentRemovals';

// -------------------------------------------------------------------------------------------------
// Request, offers, service lines

/** CHECK IN: the entered VIN replaces a placeholder ('NV…'); a real VIN on file must match. */
async function saveVin({ tx, effects, to, loaded: { row }, patch, repo, now }: OutcomeContext) {
  if (!effects.has('saveVin') || !to.vin) return;
  const stored = row.vin ? normalizeVin(row.vin) : '';
  if (stored && !isPlaceholderVin(stored) && stored !== to.vin) {
    throw new AppError(
      'VALIDATION_FAILED',
      `The VIN entered (${to.vin}) does not match this vehicle's VIN ${stored}`,
    );
  }
  patch.vin = to.vin;
  if (row.vehicleId !== null) await repo.replacePlaceholderVehicleVin(tx, row.vehicleId, to.vin, now);
}

async function updateOffer({ tx, to, repo, requestId, now }: OutcomeContext) {
  if (!to.offer) return;
  if (to.offer.installerId === 'all') {
    await repo.updateOffers(tx, requestId, 'all', { currentStatus: to.offer.status, dateUpdated: now });
    return;
  }
  const scheduleInstants = to.schedule
    ? { startDate: toWorkInstant(to.schedule.startDate), endDate: toWorkInstant(to.schedule.endDate) }
    : {};
  const values = { currentStatus: to.offer.status, dateUpdated: now, ...scheduleInstants };
  const changed = await repo.updateOffers(tx, requestId, to.offer.installerId, values);
  if (changed === 0) await repo.insertOffer(tx, { requestId, installerId: to.offer.installerId, ...values });
}

/** The transfer an outcome makes: from the caller's company to the assigned installer. */
function transferTo(toInstallerId: number, { requestId, auth, now }: OutcomeContext): Transfer {
  return { requestId, fromInstallerId: auth.companyId, toInstallerId, now };
}

async function reassignOffer(c: OutcomeContext) {
  if (!c.effects.has('reassignOffer') || c.to.assignedInstallerId === undefined) return;
  await c.repo.moveOffer(c.tx, transferTo(c.to.assignedInstallerId, c));
}

async function updateServiceLines({ tx, to, repo, requestId, body, now }: OutcomeContext) {
  if (to.service?.scope === 'all') {
    await repo.updateServices(tx, requestId, 'allUnfinished', {
      serviceState: to.service.state,
      updatedAt: now,
      serviceDate: now,
    });
  } else if (to.service?.scope === 'selected' && to.service.serviceId !== null) {
    await repo.updateServices(
      tx,
      requestId,
      { serviceId: to.service.serviceId },
      {
        serviceState: to.service.state,
        updatedAt: now,
        serviceDate: body.serviceDate ?? now,
        ...(body.materials !== undefined ? { materials: body.materials } : {}),
        ...(body.template !== undefined ? { template: body.template } : {}),
      },
    );
  }
}

/**
 * The referral follows its request (000 §4, decision 14) in the same transaction, through the referral module's
 * one writer: forward only, with its history record; COMPLETE approves the bonus (K46).
 */
async function updateReferral({ tx, decision, requestId, loaded, auth, now }: OutcomeContext) {
  for (const effect of decision.effects) {
    if (!effect.startsWith('referralStatus:')) continue;
    const status = effect.slice('referralStatus:'.length) as ReferralFollowStatus;
    for (const referral of await lockReferralsOfRequest(tx, requestId)) {
      await applyReferralEvent(
        tx,
        referral,
        { type: 'requestMoved', status },
        {
          actor: auth.userType,
          userId: auth.userId,
          now,
          ...(referral.requestedService ? {} : { set: { requestedService: loaded.row.serviceRequested } }),
        },
      );
    }
  }
}

/** History: the server writes who, when, from, to (request and service records alike). */
async function writeHistory({ tx, decision, repo, requestId, service, auth, version, now }: OutcomeContext) {
  const history: HistoryInsert[] = [];
  for (const effect of decision.effects) {
    let status: string;
    let serviceId: number | null = null;
    if (effect.startsWith('writeHistory:')) {
      status = effect.slice('writeHistory:'.length);
    } else if (effect.startsWith('writeServiceHistory:')) {
      status = effect.slice('writeServiceHistory:'.length);
      serviceId = service?.id ?? null;
    } else {
      continue;
    }
    history.push({
      requestId,
      stateDate: now,
      requestStatus: status,
      requestServiceId: serviceId,
      changedByUserId: auth.userId,
      changedByUserType: auth.userType,
      clientKey: serverHistoryKey(version, status, serviceId),
      createdAt: now,
    });
  }
  await repo.insertHistory(tx, history);
}

async function updateRequestRow({ tx, repo, requestId, patch, version }: OutcomeContext) {
  await repo.updateRequest(tx, requestId, patch, version);
}

// -------------------------------------------------------------------------------------------------
// Calendar days and schedule (appointments of removed or replaced days are removed through the outbox)

async function removeCalendarEntries({ tx, effects, repo, requestId, removedEvents }: OutcomeContext) {
  if (!effects.has('removeCalendarEntries')) return;
  removedEvents.push(...(await repo.deleteCalendarDays(tx, requestId)));
}

async function removeOtherInstallersCalendarEntries(c: OutcomeContext) {
  if (!c.effects.has('removeOtherInstallersCalendarEntries') || c.working === null) return;
  c.removedEvents.push(
    ...(await c.repo.deleteCalendarDays(c.tx, c.requestId, { exceptInstallerId: c.working })),
  );
}

async function removeCallerCalendarEntries(c: OutcomeContext) {
  if (!c.effects.has('removeCallerCalendarEntries')) return;
  c.removedEvents.push(
    ...(await c.repo.deleteCalendarDays(c.tx, c.requestId, { installerId: c.auth.companyId })),
  );
}

async function removeCalendarAppointments(c: OutcomeContext) {
  if (!c.effects.has('removeCalendarAppointments') || c.effects.has('removeCalendarEntries')) return;
  if (c.working === null) return;
  c.removedEvents.push(...(await c.repo.listCalendarEvents(c.tx, c.requestId, { installerId: c.working })));
}

/** The working installer's calendar days for a schedule, in the target's work status. */
async function planCalendarRows(c: OutcomeContext, working: number, schedule: { startDate: IsoDate }) {
  const location = await c.workingLocation();
  return toCalendarRows(planJobDays(c.loaded.services, c.loaded.row.durationTenths, schedule.startDate), {
    requestId: c.requestId,
    installerId: working,
    locationId: location?.id ?? null,
    workStatus: c.to.workStatus ?? 'booked',
    now: c.now,
  });
}

/** The working installer's calendar days are replaced by the new schedule's. */
async function scheduleCalendarEntries(c: OutcomeContext) {
  const { working, to } = c;
  if (working === null || !to.workStatus || !c.effects.has('scheduleCalendarEntries') || !to.schedule) return;
  const rows = await planCalendarRows(c, working, to.schedule);
  // The installer choosing its own dates (accept, claim, BOOK JOB) may not work on a day it closed (row 66).
  if (c.auth.companyId === working) await assertDaysOpen(c.tx, working, listPlannedWorkDates(rows));
  c.removedEvents.push(...(await c.repo.deleteCalendarDays(c.tx, c.requestId, { installerId: working })));
  await c.repo.insertCalendarDays(c.tx, rows);
}

/** Without a new schedule, the working installer's calendar days take the target's work status. */
async function updateCalendarStatus(c: OutcomeContext) {
  const { working, to } = c;
  if (working === null || !to.workStatus) return;
  if (c.effects.has('scheduleCalendarEntries') && to.schedule) return;
  const changed = await c.repo.updateCalendarStatus(c.tx, c.requestId, working, {
    workStatus: to.workStatus,
    updatedAt: c.now,
    clearEventIds: c.effects.has('removeCalendarAppointments'),
  });
  if (changed === 0 && to.schedule)
    await c.repo.insertCalendarDays(c.tx, await planCalendarRows(c, working, to.schedule));
}

async function saveSchedule(c: OutcomeContext) {
  const { working, to } = c;
  if (working === null || !c.effects.has('saveSchedule') || !to.schedule) return;
  const location = await c.workingLocation();
  await c.repo.upsertSchedule(c.tx, {
    requestId: c.requestId,
    installerId: working,
    installerCapacity: resolveCapacity(location?.capacity ?? c.workingInstaller?.capacity),
    startDate: toWorkInstant(to.schedule.startDate),
    endDate: toWorkInstant(to.schedule.endDate),
    now: c.now,
  });
}

async function reassignCalendarEntries(c: OutcomeContext) {
  if (!c.effects.has('reassignCalendarEntries') || c.to.assignedInstallerId === undefined) return;
  await c.repo.moveCalendarDays(c.tx, transferTo(c.to.assignedInstallerId, c));
  await c.repo.moveSchedule(c.tx, c.requestId, c.to.assignedInstallerId, c.now);
}

// -------------------------------------------------------------------------------------------------
// Invoices and payments: the payments service owns them; it runs in this transaction (a savepoint) and
// sees the request as this transition left it. It links the final invoice's number to the request.

function keepInvoice(c: OutcomeContext, result: HookResult) {
  if (result.invoice) c.invoices.push(result.invoice);
  else c.invoiceMessage = result.userMessage;
}

async function cancelInvoices({ effects, invoicing, tx, requestId }: OutcomeContext) {
  if (!effects.has('deletePayments') && !effects.has('voidInvoices')) return;
  await invoicing.cancelInvoices(tx, requestId);
}

async function createDepositInvoice(c: OutcomeContext) {
  if (!c.effects.has('createDepositInvoice') || c.working === null) return;
  const result = await c.invoicing.createDepositInvoice(c.tx, {
    requestId: c.requestId,
    installerId: c.working,
    version: c.version,
    amountCents: c.patch.depositAmountCents ?? c.loaded.row.depositAmountCents,
  });
  keepInvoice(c, result);
}

async function createFinalInvoice(c: OutcomeContext) {
  if (!c.effects.has('createFinalInvoice') || c.working === null) return;
  const result = await c.invoicing.createFinalInvoice(c.tx, {
    requestId: c.requestId,
    installerId: c.working,
    version: c.version,
    completedKind: c.action === 'completeEstimate' ? 'estimate' : 'job',
  });
  keepInvoice(c, result);
}

// -------------------------------------------------------------------------------------------------
// Notifications and appointments: queued here, delivered (and retried) by the outbox after commit

function installerNameOf(c: OutcomeContext): string {
  return c.workingInstaller?.name ?? 'Your specialist';
}

async function sendBookingEmail(c: OutcomeContext) {
  if (!c.effects.has('sendBookingEmail') || !c.to.schedule) return;
  await enqueueBookingEmail(c.tx, c.loaded, {
    installerName: installerNameOf(c),
    schedule: c.to.schedule,
    version: c.version,
  });
}

async function notifyWorkStartedSms(c: OutcomeContext) {
  if (!c.effects.has('notifyWorkStartedSms')) return;
  const { loaded, requestId, version } = c;
  const text = workStartedSms({ installerName: installerNameOf(c), vehicle: describeVehicle(loaded.row) });
  const phones = [loaded.dealer?.phone, loaded.customer?.phone].filter((p): p is string => !!p?.trim());
  for (const [index, phone] of [...new Set(phones)].entries()) {
    await enqueueOutbox(c.tx, {
      channel: 'sms',
      kind: 'work-started',
      payload: { to: phone, text },
      requestId,
      dedupeKey: `work-started:${requestId}:v${version}:${index}`,
    });
  }
}

async function notifyJobFinishedSms(c: OutcomeContext) {
  if (!c.effects.has('notifyJobFinishedSms')) return;
  const { loaded, requestId } = c;
  const phone = isDealerWork(loaded.row) ? loaded.dealer?.phone : loaded.customer?.phone;
  if (!phone?.trim()) return;
  await enqueueOutbox(c.tx, {
    channel: 'sms',
    kind: 'job-finished',
    payload: {
      to: phone,
      text: jobFinishedSms({ installerName: installerNameOf(c), vehicle: describeVehicle(loaded.row) }),
    },
    requestId,
    dedupeKey: `job-finished:${requestId}:v${c.version}`,
  });
}

async function addCalendarAppointment(c: OutcomeContext) {
  const { to, working, workingInstaller, loaded, version } = c;
  if (!c.effects.has('addCalendarAppointment') || !to.schedule || working === null) return;
  if (!workingInstaller?.calendarId) return;
  await enqueueAppointmentAdd(c.tx, {
    request: loaded.row,
    installerId: working,
    calendarId: workingInstaller.calendarId,
    startDate: to.schedule.startDate,
    durationDays: countWholeDays(loaded.row.durationTenths / 10),
    version,
  });
}

async function removeAppointments({ tx, repo, requestId, removedEvents, version }: OutcomeContext) {
  await enqueueAppointmentRemovals(tx, repo, requestId, removedEvents, `v${version}`);
}

/** Effect kind (or target part) → its applier, in the order they run. */
export const outcomeAppliers: ReadonlyArray<readonly [EffectKind | OutcomePart, Applier]> = [
  ['saveVin', saveVin],
  ['offer', updateOffer],
  ['reassignOffer', reassignOffer],
  ['service', updateServiceLines],
  ['removeCalendarEntries', removeCalendarEntries],
  ['removeOtherInstallersCalendarEntries', removeOtherInstallersCalendarEntries],
  ['removeCallerCalendarEntries', removeCallerCalendarEntries],
  ['removeCalendarAppointments', removeCalendarAppointments],
  ['scheduleCalendarEntries', scheduleCalendarEntries],
  ['workStatus', updateCalendarStatus],
  ['saveSchedule', saveSchedule],
  ['reassignCalendarEntries', reassignCalendarEntries],
  ['referralStatus', updateReferral],
  ['writeHistory', writeHistory],
  ['request', updateRequestRow],
  ['voidInvoices', cancelInvoices],
  ['createDepositInvoice', createDepositInvoice],
  ['createFinalInvoice', createFinalInvoice],
  ['sendBookingEmail', sendBookingEmail],
  ['notifyWorkStartedSms', notifyWorkStartedSms],
  ['notifyJobFinishedSms', notifyJobFinishedSms],
  ['addCalendarAppointment', addCalendarAppointment],
  ['appointmentRemovals', removeAppointments],
];
