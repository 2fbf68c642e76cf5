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
import { AppError } from '@app/contracts/errors.contract';
import {
  CLAIM_CONFLICT_MESSAGE,
  type TActionInput,
  type TActionsQuery,
  type TActionsReply,
  type TBookingEmailReply,
  type TLifecycleAction,
  type TRequestStateBody,
  type TRequestStateReply,
  type TRequestUpdateBody,
  type TRequestUpdateReply,
  type TTransitionResult,
} from '@app/contracts/lifecycle.contract';
import type { TScheduleReply } from '@app/contracts/scheduling.contract';
import { resolveCapacity } from '@app/domain/scheduling/availability';
import type { IsoDate } from '@app/domain/scheduling/dates';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { computeBookingDates } from '@app/domain/scheduling/job-dates';
import { checkStartDate, computeStartDateBounds } from '@app/domain/scheduling/start-date-picker';
import { isOfferStatus } from '@app/domain/service-requests/offer-status';
import {
  type ActionInput,
  type ActorContext,
  decideTransition,
  type Effect,
  findPerformerId,
  listActionButtons,
  listRelationships,
  needsInvoiceWarningOnDelete,
  type RequestContext,
  type RequestState,
  type TransitionOutcome,
  type TransitionRefusal,
} from '@app/domain/service-requests/request-status';
import type { ServiceState } from '@app/domain/service-requests/service-status';
import { dollarsToCents } from '@app/domain/shared/money';
import { isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { InvoicingHooks } from '../invoicing-hooks/invoicing-hooks.service';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import { type OutcomeContext, outcomeAppliers } from './lifecycle.appliers';
import type { Loaded } from './lifecycle.context';
import { appointmentText, describeVehicle, successMessage } from './lifecycle.messages';
import { enqueueAppointmentRemovals, enqueueBookingEmail } from './lifecycle.notifications';
import { historyKey, planJobDays, toWorkInstant } from './lifecycle.plan';
import {
  createLifecycleRepository,
  type LifecycleRepository,
  type OfferRow,
  type RequestPatch,
  type RequestRow,
  type ServiceRow,
} from './lifecycle.repository';
import { listChangedEchoedFields } from './lifecycle.request-update';

export type LifecycleServiceDeps = { db: Db; clock?: () => Date; invoicing: InvoicingHooks };

/** A client history record within this many ms of the server's own identical record is the same event. */
export const HISTORY_DEDUPE_WINDOW_MS = 5 * 60_000;

type ActionChoice = TLifecycleAction | ((loaded: Loaded) => TLifecycleAction);

export function createLifecycleService({ db, clock = () => new Date(), invoicing }: LifecycleServiceDeps) {
  // -------------------------------------------------------------------------------------------------
  // Context

  async function loadContext(
    repo: LifecycleRepository,
    auth: AuthContext,
    requestId: number,
    lock: boolean,
  ): Promise<Loaded> {
    const found = await repo.loadRequestContext(requestId, {
      lock,
      callerInstallerId: auth.userType === 'installer' ? auth.companyId : null,
    });
    // A request the caller may not see does not exist for it, whatever the call's body says (issue 19).
    if (!found || !isVisibleTo(auth, found.row, found.offers)) {
      throw new AppError('NOT_FOUND', `Request ${requestId} does not exist`);
    }
    const { row, offers, services, dealer, customer, referral, groupInstallers, callerLocation } = found;
    const callerInstaller = auth.userType === 'installer' ? found.callerInstaller : null;
    const isContractSigned = found.isContractSigned;
    const flags = { hasFinalInvoice: found.hasFinalInvoice, hasDepositInvoice: found.hasDepositInvoice };
    const now = clock();
    const actor: ActorContext = {
      userType: auth.userType,
      access: auth.access,
      companyId: auth.companyId,
    };
    if (callerInstaller) {
      actor.isTrial = callerInstaller.isTrial;
      actor.isPaymentSetupComplete = callerInstaller.onboardingComplete;
      actor.isInstallerGroupEnabled = callerInstaller.installerGroupId !== null && groupInstallers.length > 0;
      actor.groupInstallerIds = groupInstallers.map((g) => g.id);
      actor.isCalendarLinked = callerInstaller.calendarAuthenticated && callerInstaller.calendarId !== null;
    }
    const request: RequestContext = {
      requestType: row.requestType === 'installer' ? 'installer' : 'dealer',
      currentState: row.currentState as RequestState,
      requestorDealerId: row.requestorDealerId,
      requestorInstallerId: row.requestorInstallerId,
      assignedInstallerId: row.assignedInstallerId,
      offers: offers.flatMap((o) =>
        isOfferStatus(o.currentStatus)
          ? [
              {
                installerId: o.installerId,
                currentStatus: o.currentStatus,
                startDate: o.startDate ? toIsoDate(o.startDate) : null,
              },
            ]
          : [],
      ),
      customerContract: row.requestType === 'dealer' && dealer?.customerContract === 'Y' ? 'Y' : 'N',
      isContractSigned,
      hasFinalInvoice: flags.hasFinalInvoice,
      hasDepositInvoice: flags.hasDepositInvoice,
      depositAmountCents: row.depositAmountCents,
      // The job total a deposit may not exceed: what the customer pays (total − discount + taxes).
      totalCents: row.totalCents - row.discountCents + row.taxesCents,
      durationDays: row.durationTenths / 10,
      dueDate: row.dueDate ? toIsoDate(row.dueDate) : null,
      hasReferral: referral !== null,
    };
    return {
      row,
      offers,
      services,
      dealer,
      customer,
      callerInstaller,
      callerLocation,
      groupInstallers,
      referral,
      actor,
      request,
      now,
      today: toIsoDate(now),
    };
  }

  function toDomainInput(action: TLifecycleAction, body: TActionInput): ActionInput {
    const input: ActionInput = {};
    if (body.startDate !== undefined) input.startDate = body.startDate;
    if (body.installerId !== undefined && action === 'assign') input.installerId = body.installerId;
    if (body.toInstaller !== undefined) input.toInstallerId = body.toInstaller;
    if (body.vin !== undefined) {
      input.vin = normalizeVin(body.vin);
      input.isVinValid = isValidVin(input.vin);
    }
    if (body.reviewScore !== undefined) input.reviewScore = body.reviewScore;
    if (body.depositAmount !== undefined) {
      const parsed = dollarsToCents(body.depositAmount);
      if (!parsed.ok)
        throw new AppError('VALIDATION_FAILED', `Error saving deposit amount: ${parsed.message}`);
      input.depositAmountCents = parsed.cents;
    }
    return input;
  }

  function refusalError(
    action: TLifecycleAction,
    refusal: TransitionRefusal,
    loaded: Loaded,
    auth: AuthContext,
  ) {
    const { row } = loaded;
    if (
      action === 'claim' &&
      refusal.reason === 'INVALID_TRANSITION' &&
      row.assignedInstallerId !== auth.companyId &&
      (row.assignedInstallerId !== null || row.currentState !== 'new')
    ) {
      return new AppError('CONFLICT', CLAIM_CONFLICT_MESSAGE, {
        details: { currentState: row.currentState, reason: refusal.message },
      });
    }
    return new AppError(refusal.reason, refusal.message);
  }

  // -------------------------------------------------------------------------------------------------
  // Running an action

  async function performInTx(
    tx: Db | Tx,
    auth: AuthContext,
    requestId: number,
    choice: ActionChoice,
    body: TActionInput,
  ): Promise<TTransitionResult> {
    const repo = createLifecycleRepository(tx);
    const loaded = await loadContext(repo, auth, requestId, true);
    const action = typeof choice === 'function' ? choice(loaded) : choice;
    let service: ServiceRow | undefined;
    if (action === 'startService' || action === 'finishService') {
      if (body.serviceId === undefined) throw new AppError('VALIDATION_FAILED', 'Select a service first');
      service = loaded.services.find((s) => s.id === body.serviceId);
      if (!service) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Service ${body.serviceId} is not a service of request ${requestId}`,
        );
      }
    }
    const decision = decideTransition(action, {
      actor: loaded.actor,
      request: loaded.request,
      service: service
        ? { serviceId: service.id, serviceState: service.serviceState as ServiceState }
        : undefined,
      input: toDomainInput(action, body),
      today: loaded.today,
    });
    if (!decision.ok) throw refusalError(action, decision, loaded, auth);
    return applyOutcome(tx, repo, loaded, decision, { auth, action, body, service });
  }

  function perform(auth: AuthContext, requestId: number, choice: ActionChoice, body: TActionInput = {}) {
    return db.transaction((tx) => performInTx(tx, auth, requestId, choice, body));
  }

  /** Applies a decided transition: every applier of lifecycle.appliers.ts in turn, then the reply. */
  async function applyOutcome(
    tx: Db | Tx,
    repo: LifecycleRepository,
    loaded: Loaded,
    decision: TransitionOutcome,
    {
      auth,
      action,
      body,
      service,
    }: { auth: AuthContext; action: TLifecycleAction; body: TActionInput; service?: ServiceRow },
  ): Promise<TTransitionResult> {
    const { row, now } = loaded;
    const to = decision.to;
    // The installer whose offer, calendar days and schedule the transition is about.
    const working =
      typeof to.offer?.installerId === 'number'
        ? to.offer.installerId
        : (to.assignedInstallerId ?? findPerformerId(loaded.request));
    const workingInstaller =
      working === null
        ? null
        : working === loaded.callerInstaller?.id
          ? loaded.callerInstaller
          : await repo.findInstaller(working);

    const patch: RequestPatch = { currentState: to.state, updatedAt: now };
    if (to.offer && action !== 'reject') patch.offerState = to.offer.status;
    if (to.assignedInstallerId !== undefined) patch.assignedInstallerId = to.assignedInstallerId;
    if (to.schedule && row.requestType === 'installer' && to.schedule.dueDate) {
      patch.dueDate = toWorkInstant(to.schedule.dueDate);
    }
    if (to.reviewScore !== undefined) patch.reviewScore = to.reviewScore;
    if (to.depositAmountCents !== undefined) patch.depositAmountCents = to.depositAmountCents;
    if (to.state === 'deleted') patch.deletedAt = now;

    let location: Promise<{ id: number; capacity: number | null } | null> | undefined;
    const context: OutcomeContext = {
      tx,
      repo,
      invoicing,
      loaded,
      decision,
      to,
      effects: new Set<Effect>(decision.effects),
      auth,
      action,
      body,
      service,
      requestId: row.id,
      now,
      version: row.version + 1,
      working,
      workingInstaller,
      patch,
      removedEvents: [],
      invoices: [],
      invoiceMessage: null,
      workingLocation() {
        if (working === null) return Promise.resolve(null);
        location ??=
          working === loaded.callerInstaller?.id
            ? Promise.resolve(loaded.callerLocation)
            : repo.findFirstLocation(working);
        return location;
      },
    };
    for (const [, apply] of outcomeAppliers) await apply(context);

    return {
      success: true,
      message:
        context.invoiceMessage ??
        successMessage(
          action,
          action === 'transfer'
            ? loaded.groupInstallers.find((g) => g.id === to.assignedInstallerId)?.name
            : null,
        ),
      requestId: row.id,
      action,
      ruleId: decision.ruleId,
      from: decision.from,
      currentState: to.state,
      current_state: to.state,
      offerState: patch.offerState ?? row.offerState,
      assignedTo: patch.assignedInstallerId ?? row.assignedInstallerId ?? 0,
      version: context.version,
      schedule: to.schedule ?? null,
      invoices: context.invoices.map((invoice) => ({
        id: invoice.id,
        number: invoice.number ?? '',
        invoiceType: invoice.invoiceType,
        status: invoice.status,
        amount_due: invoice.amountDueCents,
      })),
      effects: decision.effects,
      redirectTo: to.redirectTo ?? null,
    };
  }

  // -------------------------------------------------------------------------------------------------
  // Schedule (PUT|POST /schedule/, and startDate in the generic update)

  async function setScheduleInTx(
    tx: Db | Tx,
    auth: AuthContext,
    input: { requestId: number; installerId: number; startDate: IsoDate; installerCapacity?: number | null },
  ): Promise<TScheduleReply> {
    const onlyPerformer = () =>
      new AppError('FORBIDDEN', 'Only the installer doing the work sets its schedule');
    if (auth.userType !== 'installer') throw onlyPerformer();
    const repo = createLifecycleRepository(tx);
    const loaded = await loadContext(repo, auth, input.requestId, true);
    if (input.installerId !== auth.companyId) throw onlyPerformer();
    const { row, request, now } = loaded;
    const edit = decideTransition('editJob', { actor: loaded.actor, request });
    if (!edit.ok) throw new AppError(edit.reason, edit.message);
    const performer = findPerformerId(request);
    if (performer !== auth.companyId) {
      throw new AppError('FORBIDDEN', `Installer ${auth.companyId} is not doing the work of this request`);
    }
    if (!['new', 'scheduled', 'received'].includes(row.currentState)) {
      throw new AppError(
        'INVALID_TRANSITION',
        `Cannot set the schedule of a request in state ${row.currentState}`,
      );
    }
    const bounds = computeStartDateBounds({
      requestType: request.requestType,
      today: loaded.today,
      dueDate: request.dueDate ?? null,
      durationDays: request.durationDays ?? null,
    });
    const check = checkStartDate(input.startDate, bounds);
    if (!check.ok) throw new AppError('VALIDATION_FAILED', check.message);
    const dates = computeBookingDates({
      requestType: request.requestType,
      startDate: input.startDate,
      durationDays: request.durationDays ?? null,
      dueDate: request.dueDate ?? null,
    });
    const installer = loaded.callerInstaller;
    const location = loaded.callerLocation;
    const capacity = input.installerCapacity ?? resolveCapacity(location?.capacity ?? installer?.capacity);
    const version = row.version + 1;

    await repo.upsertSchedule({
      requestId: row.id,
      installerId: auth.companyId,
      installerCapacity: capacity,
      startDate: toWorkInstant(dates.startDate),
      endDate: toWorkInstant(dates.endDate),
      now,
    });
    await repo.updateOffers(row.id, auth.companyId, {
      dateUpdated: now,
      startDate: toWorkInstant(dates.startDate),
      endDate: toWorkInstant(dates.endDate),
    });

    // The calendar days move with the schedule and keep their status; a booked job without days gets them.
    const existing = await repo.listCalendarDaysOf(row.id, auth.companyId);
    const status = existing[0]?.workStatus ?? (row.currentState === 'new' ? null : 'booked');
    const oldEvents = existing.flatMap((d) =>
      d.eventId ? [{ installerId: auth.companyId, eventId: d.eventId }] : [],
    );
    const planned = planJobDays(loaded.services, row.durationTenths, dates.startDate);
    if (status) {
      await repo.deleteCalendarDays(row.id, { installerId: auth.companyId });
      await repo.insertCalendarDays(
        planned.map((day) => ({
          requestId: row.id,
          installerId: auth.companyId,
          locationId: location?.id ?? null,
          workDate: day.workDate,
          requestServiceId: day.requestServiceId,
          dailyWorkTenths: day.dailyWorkTenths,
          workStatus: status,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    const patch: RequestPatch = { updatedAt: now };
    if (row.requestType === 'installer' && row.currentState !== 'new' && dates.dueDate) {
      patch.dueDate = toWorkInstant(dates.dueDate);
    }
    await repo.updateRequest(row.id, patch, version);

    await enqueueAppointmentRemovals(tx, repo, row.id, oldEvents, version);
    if (
      (status === 'booked' || status === 'started') &&
      installer?.calendarAuthenticated &&
      installer.calendarId
    ) {
      await enqueueOutbox(tx, {
        channel: 'calendar',
        kind: 'add-appointment',
        payload: {
          requestId: row.id,
          installerId: auth.companyId,
          calendarId: installer.calendarId,
          startDate: dates.startDate,
          durationDays: planned.length,
          ...appointmentText({
            requestId: row.id,
            vehicle: describeVehicle(row),
            serviceRequested: row.serviceRequested,
          }),
        },
        requestId: row.id,
        dedupeKey: `calendar-add:${row.id}:v${version}`,
      });
    }
    return {
      success: true,
      requestId: row.id,
      installerId: auth.companyId,
      installerCapacity: capacity,
      startDate: dates.startDate,
      endDate: dates.endDate,
      dueDate: patch.dueDate ? toIsoDate(patch.dueDate) : (request.dueDate ?? null),
      calendarDays: status ? planned.length : 0,
      version,
    };
  }

  // -------------------------------------------------------------------------------------------------
  // The calls

  return {
    /** POST /requestimates/{requestId}/actions/{action} and the dedicated calls below. */
    perform,

    /** POST /dashboard/claim/{requestId}: claim and book an open request in one step. */
    async claim(auth: AuthContext, requestId: number, body: { installerId: number; startDate: IsoDate }) {
      if (auth.userType !== 'installer') throw new AppError('FORBIDDEN', 'Only specialists claim jobs');
      // Checked once the request is found visible, so a foreign id answers 404 whatever the body.
      const claimForCaller = () => {
        if (body.installerId !== auth.companyId) {
          throw new AppError(
            'FORBIDDEN',
            `Installer ${auth.companyId} cannot claim for installer ${body.installerId}`,
          );
        }
        return 'claim' as const;
      };
      return perform(auth, requestId, claimForCaller, { startDate: body.startDate });
    },

    /** PUT /requestOffered/{requestId} and PUT /requestoffered/state/{requestId}. */
    async changeOffer(
      auth: AuthContext,
      requestId: number,
      body: {
        status: 'accepted' | 'rejected' | 'offered' | 'scheduled';
        startDate?: IsoDate;
        installerId?: number;
      },
    ) {
      const input: TActionInput = { startDate: body.startDate, installerId: body.installerId };
      switch (body.status) {
        case 'accepted':
          return perform(auth, requestId, 'accept', input);
        case 'rejected':
          return perform(auth, requestId, 'reject');
        case 'offered':
          return perform(auth, requestId, 'reschedule');
        case 'scheduled':
          return perform(auth, requestId, (loaded) => chooseSchedulingAction(loaded, auth), input);
      }
    },

    /** PUT /requestServiceState/{requestId}: START SERVICE / FINISH SERVICE. */
    async changeServiceState(
      auth: AuthContext,
      requestId: number,
      body: {
        serviceId: number;
        serviceState: 'started' | 'finished';
        serviceDate?: Date;
        materials?: string | null;
        template?: string | null;
      },
    ) {
      return perform(auth, requestId, body.serviceState === 'started' ? 'startService' : 'finishService', {
        serviceId: body.serviceId,
        serviceDate: body.serviceDate,
        materials: body.materials,
        template: body.template,
      });
    },

    /** PUT /requestAllService/{requestId}: COMPLETE JOB (JOB COMPLETED on an estimate still new). */
    async completeAllServices(auth: AuthContext, requestId: number) {
      return perform(auth, requestId, (loaded) =>
        loaded.row.requestType === 'installer' && loaded.row.currentState === 'new'
          ? 'completeEstimate'
          : 'completeJob',
      );
    },

    /** POST /transfer/internal and POST /transfer. */
    async transfer(
      auth: AuthContext,
      input: { requestId: number; fromInstaller?: number; toInstaller: number },
    ) {
      if (auth.userType !== 'installer') throw new AppError('FORBIDDEN', 'Only specialists transfer jobs');
      // Checked once the request is found visible, so a foreign id answers 404 whatever the body.
      const transferOwnJob = () => {
        if (input.fromInstaller !== undefined && input.fromInstaller !== auth.companyId) {
          throw new AppError(
            'FORBIDDEN',
            `Installer ${auth.companyId} cannot transfer jobs of installer ${input.fromInstaller}`,
          );
        }
        return 'transfer' as const;
      };
      const result = await perform(auth, input.requestId, transferOwnJob, { toInstaller: input.toInstaller });
      return {
        success: true,
        message: result.message,
        requestId: result.requestId,
        assignedTo: result.assignedTo,
      };
    },

    /** POST /requestState: a client's history record, deduplicated against the server's own. */
    async recordState(auth: AuthContext, body: TRequestStateBody): Promise<TRequestStateReply> {
      return db.transaction(async (tx) => {
        const repo = createLifecycleRepository(tx);
        const loaded = await loadContext(repo, auth, body.requestId, false);
        if (listRelationships(loaded.actor, loaded.request).length === 0) {
          throw new AppError('FORBIDDEN', `You have no part in request ${body.requestId}`);
        }
        const serviceId = body.serviceId ?? null;
        if (serviceId !== null && !loaded.services.some((s) => s.id === serviceId)) {
          throw new AppError(
            'VALIDATION_FAILED',
            `Service ${serviceId} is not a service of request ${body.requestId}`,
          );
        }
        const key = historyKey(body.requestStatus, body.stateDate, serviceId);
        const exact = await repo.findHistoryByKey(body.requestId, key);
        if (exact !== null) return { success: true, duplicate: true, id: exact };
        const near = await repo.findHistoryNear(
          body.requestId,
          body.requestStatus,
          serviceId,
          new Date(body.stateDate.getTime() - HISTORY_DEDUPE_WINDOW_MS),
          new Date(body.stateDate.getTime() + HISTORY_DEDUPE_WINDOW_MS),
        );
        if (near !== null) return { success: true, duplicate: true, id: near };
        const [id] = await repo.insertHistory([
          {
            requestId: body.requestId,
            stateDate: body.stateDate,
            requestStatus: body.requestStatus,
            requestServiceId: serviceId,
            changedByUserId: auth.userId,
            changedByUserType: auth.userType,
            clientKey: key,
            createdAt: loaded.now,
          },
        ]);
        if (id !== undefined) return { success: true, duplicate: false, id };
        // A concurrent post of the same record won the unique key.
        const raced = await repo.findHistoryByKey(body.requestId, key);
        return { success: true, duplicate: true, id: raced ?? 0 };
      });
    },

    /** GET /requestimates/{requestId}/actions: the buttons the server will accept, for this caller. */
    async listActions(auth: AuthContext, requestId: number, query: TActionsQuery): Promise<TActionsReply> {
      const repo = createLifecycleRepository(db);
      const loaded = await loadContext(repo, auth, requestId, false);
      if (listRelationships(loaded.actor, loaded.request).length === 0) {
        throw new AppError('FORBIDDEN', `You have no part in request ${requestId}`);
      }
      const service =
        query.serviceId !== undefined ? loaded.services.find((s) => s.id === query.serviceId) : undefined;
      if (query.serviceId !== undefined && !service) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Service ${query.serviceId} is not a service of request ${requestId}`,
        );
      }
      const input: ActionInput = {};
      if (query.vin !== undefined) {
        input.vin = normalizeVin(query.vin);
        input.isVinValid = isValidVin(input.vin);
      }
      if (query.reviewScore !== undefined) input.reviewScore = query.reviewScore;
      if (query.toInstaller !== undefined) input.toInstallerId = query.toInstaller;
      const buttons = listActionButtons({
        actor: loaded.actor,
        request: loaded.request,
        service: service
          ? { serviceId: service.id, serviceState: service.serviceState as ServiceState }
          : undefined,
        input,
        today: loaded.today,
      });
      return {
        requestId,
        currentState: loaded.request.currentState,
        version: loaded.row.version,
        actions: buttons.map((b) => b.action),
        buttons,
        needsInvoiceWarningOnDelete: needsInvoiceWarningOnDelete(loaded.request),
      };
    },

    /** PUT|POST /schedule/. */
    setSchedule(
      auth: AuthContext,
      input: {
        requestId: number;
        installerId: number;
        startDate: IsoDate;
        installerCapacity?: number | null;
      },
    ) {
      return db.transaction((tx) => setScheduleInTx(tx, auth, input));
    },

    /** GET /sendemailb/{requestId}: the booking e-mail, at most once per version of the request. */
    async sendBookingEmail(auth: AuthContext, requestId: number): Promise<TBookingEmailReply> {
      return db.transaction(async (tx) => {
        const repo = createLifecycleRepository(tx);
        const loaded = await loadContext(repo, auth, requestId, true);
        const { row } = loaded;
        if (auth.access === 'ASSIST')
          throw new AppError('FORBIDDEN', 'ASSIST access is read-only: cannot send e-mail');
        if (auth.userType !== 'installer' || findPerformerId(loaded.request) !== auth.companyId) {
          throw new AppError(
            'FORBIDDEN',
            `Installer ${auth.companyId} is not doing the work of this request`,
          );
        }
        if (!['scheduled', 'received', 'started'].includes(row.currentState)) {
          throw new AppError(
            'INVALID_TRANSITION',
            `Cannot send the booking e-mail of a request in state ${row.currentState}`,
          );
        }
        const schedule = await repo.findSchedule(requestId);
        if (!schedule) throw new AppError('INVALID_TRANSITION', `Request ${requestId} has no schedule`);
        const startDate = toIsoDate(schedule.startDate);
        const sent = await enqueueBookingEmail(tx, loaded, {
          installerName: loaded.callerInstaller?.name ?? 'Your specialist',
          schedule: {
            startDate,
            endDate: computeBookingDates({
              requestType: loaded.request.requestType,
              startDate,
              durationDays: loaded.request.durationDays ?? null,
            }).endDate,
          },
          version: row.version,
        });
        return sent
          ? { success: true, message: 'Booking e-mail queued.' }
          : { success: false, message: 'No e-mail address on file for this job.' };
      });
    },

    /** PUT /requestimates/requestbyID/?Id=: the whole request; see ZRequestUpdateBody for what may change. */
    async updateRequest(
      auth: AuthContext,
      requestId: number,
      body: TRequestUpdateBody,
    ): Promise<TRequestUpdateReply> {
      return db.transaction(async (tx) => {
        const repo = createLifecycleRepository(tx);
        const loaded = await loadContext(repo, auth, requestId, true);
        const { row } = loaded;
        if (body.requestId !== undefined && body.requestId !== requestId) {
          throw new AppError(
            'VALIDATION_FAILED',
            `requestId ${body.requestId} does not match Id ${requestId}`,
          );
        }
        const changed = listChangedEchoedFields(body, row);
        if (changed.length > 0) {
          throw new AppError(
            'VALIDATION_FAILED',
            `These fields cannot be changed by this call: ${changed.join(', ')}`,
            {
              details: changed.map((field) => ({
                field: `body.${field}`,
                message: 'cannot be changed here',
              })),
            },
          );
        }
        const state = pickAlias(body.currentState, body.current_state, 'currentState');
        const deposit = pickAlias(body.depositAmount, body.deposit_amount, 'depositAmount');
        const note = pickAlias(body.notes, body.note_text, 'notes');
        const assignedTo = body.installerId ?? (body.assignedTo ? body.assignedTo : undefined);

        // Which single change was asked for.
        const input: TActionInput = {};
        let action: TLifecycleAction | null = null;
        const asked: string[] = [];
        if (state !== undefined && state !== row.currentState) {
          action = chooseActionForState(loaded, auth, state);
          asked.push(`currentState ${state}`);
        } else if (body.reviewScore != null && body.reviewScore !== row.reviewScore) {
          action = 'review';
          asked.push('reviewScore');
        }
        if (body.reviewScore != null) input.reviewScore = body.reviewScore;
        if (deposit !== undefined) {
          const cents = dollarsToCents(deposit);
          if (!cents.ok || cents.cents !== row.depositAmountCents) {
            if (action) asked.push('depositAmount');
            else action = 'setDeposit';
            input.depositAmount = deposit;
          }
        }
        const usesStartDate = action === 'accept' || action === 'claim' || action === 'book';
        if (body.startDate !== undefined) input.startDate = body.startDate;
        let moveTo: IsoDate | null = null;
        if (body.startDate !== undefined && !usesStartDate) {
          const current = await repo.findSchedule(requestId);
          if (!current || toIsoDate(current.startDate) !== body.startDate) {
            if (action) asked.push('startDate');
            else moveTo = body.startDate;
          }
        }
        if (asked.length > 1) {
          throw new AppError('VALIDATION_FAILED', `Change one thing at a time: ${asked.join(', ')}`);
        }
        if (body.vin != null && normalizeVin(body.vin) !== normalizeVin(row.vin ?? '')) {
          if (action !== 'checkIn') {
            throw new AppError(
              'VALIDATION_FAILED',
              'The VIN changes only at CHECK IN (currentState received)',
            );
          }
          input.vin = body.vin;
        } else if (action === 'checkIn' && body.vin != null) {
          input.vin = body.vin;
        }
        const currentAssigned = row.assignedInstallerId ?? 0;
        if (assignedTo !== undefined && assignedTo !== currentAssigned) {
          if (action !== 'assign') {
            throw new AppError(
              'VALIDATION_FAILED',
              'assignedTo changes only by ASSIGN (currentState scheduled)',
            );
          }
        }
        if (action === 'assign' && assignedTo !== undefined) input.installerId = assignedTo;

        let noteAdded = false;
        if (note !== undefined && note.trim().length > 0 && note !== (await repo.findLatestNote(requestId))) {
          const edit = decideTransition('editJob', { actor: loaded.actor, request: loaded.request });
          if (!edit.ok) throw new AppError(edit.reason, edit.message);
          await repo.insertNote({
            requestId,
            noteText: note,
            noteDate: loaded.now,
            userId: auth.userId,
            userType: auth.userType,
            createdAt: loaded.now,
          });
          noteAdded = true;
        }

        let transition: TTransitionResult | null = null;
        let version = row.version;
        let currentState = row.currentState as RequestState;
        if (action) {
          transition = await performInTx(tx, auth, requestId, action, input);
          version = transition.version;
          currentState = transition.currentState;
        } else if (moveTo) {
          const moved = await setScheduleInTx(tx, auth, {
            requestId,
            installerId: auth.companyId,
            startDate: moveTo,
          });
          version = moved.version;
        } else if (noteAdded) {
          version = row.version + 1;
          await repo.updateRequest(requestId, { updatedAt: loaded.now }, version);
        }
        return {
          success: true,
          message:
            transition?.message ??
            (moveTo ? 'Schedule updated.' : noteAdded ? 'Note added.' : 'Nothing to change.'),
          requestId,
          currentState,
          current_state: currentState,
          version,
          transition,
          scheduleMoved: moveTo !== null,
          noteAdded,
        };
      });
    },
  };
}

export type LifecycleService = ReturnType<typeof createLifecycleService>;

/**
 * Whether the caller may see the request at all: the detail reads' rule (service-requests.scopes.ts). A
 * dealer sees its dealership's requests; an installer its estimates, the work assigned to it and the dealer
 * requests it holds an offer on (any status). Having no part in it (a rejected offer) is a 403 later on.
 */
function isVisibleTo(auth: AuthContext, row: RequestRow, offers: readonly OfferRow[]): boolean {
  if (auth.userType === 'dealer') {
    return row.requestType === 'dealer' && row.requestorDealerId === auth.companyId;
  }
  return (
    row.requestorInstallerId === auth.companyId ||
    row.assignedInstallerId === auth.companyId ||
    (row.requestType === 'dealer' && offers.some((o) => o.installerId === auth.companyId))
  );
}

function pickAlias<T>(a: T | undefined, b: T | undefined, name: string): T | undefined {
  if (a !== undefined && b !== undefined && a !== b) {
    throw new AppError('VALIDATION_FAILED', `${name} is given twice with different values`);
  }
  return a ?? b;
}

/** 'scheduled': the dealer ASSIGNs; an installer claims an open request or books its job. */
function chooseSchedulingAction(loaded: Loaded, auth: AuthContext): TLifecycleAction {
  if (auth.userType === 'dealer') return 'assign';
  return loaded.row.requestType === 'dealer' && loaded.row.assignedInstallerId === null ? 'claim' : 'book';
}

/** The action behind a currentState change of the generic update. */
function chooseActionForState(loaded: Loaded, auth: AuthContext, state: RequestState): TLifecycleAction {
  switch (state) {
    case 'answered':
      return 'accept';
    case 'scheduled':
      return chooseSchedulingAction(loaded, auth);
    case 'received':
      return 'checkIn';
    case 'started':
      throw new AppError(
        'VALIDATION_FAILED',
        'Work starts with START SERVICE: PUT /requestServiceState/{requestId} (serviceId, serviceState started)',
      );
    case 'finished':
      return loaded.row.requestType === 'installer' && loaded.row.currentState === 'new'
        ? 'completeEstimate'
        : 'completeJob';
    case 'collected':
      return 'deliver';
    case 'reviewed':
      return 'review';
    case 'deleted':
      return 'delete';
    case 'new':
      return 'reschedule';
  }
}
