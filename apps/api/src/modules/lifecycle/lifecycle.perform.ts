/**
 * Running an action: load under the row lock, ask `decideTransition`, apply the outcome (every applier of
 * lifecycle.appliers.ts in turn) and build the reply. Every transition call of the façade ends here.
 */
import { AppError } from '@app/contracts/errors.contract';
import {
  CLAIM_CONFLICT_MESSAGE,
  type TActionInput,
  type TLifecycleAction,
  type TTransitionResult,
} from '@app/contracts/lifecycle.contract';
import {
  type ActionInput,
  decideTransition,
  type Effect,
  findPerformerId,
  type TransitionOutcome,
  type TransitionRefusal,
} from '@app/domain/service-requests/request-status';
import type { ServiceState } from '@app/domain/service-requests/service-status';
import { dollarsToCents } from '@app/domain/shared/money';
import { isValidVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { type OutcomeContext, outcomeAppliers } from './lifecycle.appliers';
import type { LifecycleContext, Loaded } from './lifecycle.context';
import { successMessage } from './lifecycle.messages';
import { toWorkInstant } from './lifecycle.plan';
import type { RequestPatch, ServiceRow } from './lifecycle.repository';

export type ActionChoice = TLifecycleAction | ((loaded: Loaded) => TLifecycleAction);

export type Perform = ReturnType<typeof createPerform>;

export function createPerform({ db, repository, invoicing, loadContext }: LifecycleContext) {
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
    const loaded = await loadContext(tx, auth, requestId, true);
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
    return applyOutcome(tx, loaded, decision, { auth, action, body, service });
  }

  function perform(auth: AuthContext, requestId: number, choice: ActionChoice, body: TActionInput = {}) {
    return db.transaction((tx) => performInTx(tx, auth, requestId, choice, body));
  }

  /** Applies a decided transition: every applier of lifecycle.appliers.ts in turn, then the reply. */
  async function applyOutcome(
    tx: Db | Tx,
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
          : await repository.findInstaller(tx, working);

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
      repo: repository,
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
            : repository.findFirstLocation(tx, working);
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

  return { perform, performInTx };
}
