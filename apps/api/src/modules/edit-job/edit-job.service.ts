import {
  editJobMessages,
  editJobReturnPath,
  editJobTitle,
  type TEditJobContext,
  type TEditJobLine,
  type TUpdateTransactionBody,
  type TUpdateTransactionReply,
} from '@app/contracts/edit-job.contract';
import { AppError } from '@app/contracts/errors.contract';
import { formatPricingValidationMessage } from '@app/domain/pricing/quote-total';
import { decideTransition, findPerformerId } from '@app/domain/service-requests/request-status';
import { formatMoney } from '@app/domain/shared/money';
import { isVehicleSize } from '@app/domain/vehicles/vehicle-size';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { Loaded } from '../lifecycle/lifecycle.context';
import { serverHistoryKey } from '../lifecycle/lifecycle.plan';
import type { LifecycleRepository } from '../lifecycle/lifecycle.repository';
import type { RequestCreationContext } from '../request-creation/request-creation.context';
import { toServiceLine } from '../request-creation/request-creation.context';
import { createLinePricer, type PricingScope, toWireTotals } from '../request-creation/request-pricing';
import type { ServiceRequestsService } from '../service-requests/service-requests.service';
import { replanCalendar } from './edit-job.calendar';
import { describeKeptChange, describeLine, editKeptLine, type KeptLine } from './edit-job.lines';
import type { EditJobRepository } from './edit-job.repository';

export type EditJobServiceDeps = {
  db: Db;
  /** The lifecycle's locked load (visibility, the transition table's context) and its writes. */
  loadContext: (tx: Db | Tx, auth: AuthContext, requestId: number, lock: boolean) => Promise<Loaded>;
  lifecycle: LifecycleRepository;
  /** Request creation's pricing, totals and line writes (the wizards' rules). */
  creation: RequestCreationContext;
  editJob: EditJobRepository;
  reads: ServiceRequestsService;
};

/**
 * Who may edit which job (docs/decisions/021-edit-job.md): the transition table's T20 (the requesting
 * dealer, the estimate owner or the assigned installer; new through started), narrowed: a dealer edits its
 * request only while it is new (000 §6: dealers track scheduled work read-only, and an answered request
 * carries the specialist's accepted price), and an installer only the work it performs.
 */
function editRefusal(auth: AuthContext, loaded: Loaded): AppError | null {
  const decision = decideTransition('editJob', { actor: loaded.actor, request: loaded.request });
  if (!decision.ok) return new AppError(decision.reason, decision.message);
  if (auth.userType === 'dealer' && loaded.row.currentState !== 'new') {
    return new AppError(
      'INVALID_TRANSITION',
      `${editJobMessages.notEditable}: a dealership edits its request only while it is new (it is ${loaded.row.currentState})`,
    );
  }
  if (auth.userType === 'installer' && findPerformerId(loaded.request) !== auth.companyId) {
    return new AppError('FORBIDDEN', 'Only the specialist doing the work edits this job');
  }
  return null;
}

function pricingScope(auth: AuthContext, loaded: Loaded, trimId: number | null): PricingScope {
  const { row } = loaded;
  return {
    caller: auth.userType,
    requestType: row.requestType === 'dealer' ? 'dealer' : 'installer',
    size: isVehicleSize(row.vehicleSize) ? row.vehicleSize : 'M',
    trimId,
    dealerId: row.dealerId ?? row.requestorDealerId,
    installerId: auth.userType === 'installer' ? auth.companyId : (row.assignedInstallerId ?? null),
  };
}

export function createEditJobService(deps: EditJobServiceDeps) {
  const { db, loadContext, lifecycle, creation, editJob, reads } = deps;
  const { repository } = creation;

  async function taxRateOf(conn: Db | Tx, loaded: Loaded): Promise<number> {
    const performer = findPerformerId(loaded.request);
    if (loaded.row.requestType === 'dealer' || performer === null) return 0;
    return (await repository.findInstaller(conn, performer))?.taxRateBps ?? 0;
  }

  async function getContext(auth: AuthContext, requestId: number): Promise<TEditJobContext> {
    const loaded = await loadContext(db, auth, requestId, false);
    const [request, services] = await Promise.all([
      reads.getRequest(auth, requestId),
      reads.listServices(auth, requestId),
    ]);
    const refusal = editRefusal(auth, loaded);
    const trim = await editJob.findTrimId(db, requestId);
    const scope = pricingScope(auth, loaded, trim);
    const { row } = loaded;
    return {
      requestId: row.id,
      version: row.version,
      request,
      services,
      title: editJobTitle(scope.requestType),
      editable: refusal === null,
      notEditableReason: refusal?.message ?? null,
      pricingMode: auth.userType,
      catalog: scope.requestType === 'dealer' ? 'WHOLE' : 'RETAIL',
      catalogInstallerId: scope.installerId ?? 0,
      dealerId: scope.dealerId,
      size: scope.size,
      trimId: scope.trimId,
      taxRate: (await taxRateOf(db, loaded)) / 100,
      returnTo: editJobReturnPath(row.currentState),
    };
  }

  async function updateTransaction(
    auth: AuthContext,
    requestId: number,
    body: TUpdateTransactionBody,
  ): Promise<TUpdateTransactionReply> {
    const expected = body.version ?? body.requestData?.version;
    const result = await db.transaction(async (tx) => {
      // The row lock first: every writer of a request takes it, so two edits run one after the other.
      const loaded = await loadContext(tx, auth, requestId, true);
      const locked = await repository.lockRequest(tx, requestId);
      if (!locked) throw new AppError('NOT_FOUND', `Request ${requestId} does not exist`);
      const refusal = editRefusal(auth, loaded);
      if (refusal) throw refusal;
      if (expected === undefined) {
        throw new AppError(
          'VALIDATION_FAILED',
          'version is required: send the version the job was opened with (GET /requestimates/{id}/edit)',
        );
      }
      if (locked.request.version !== expected)
        throw new AppError('CONFLICT', editJobMessages.changedSinceOpened);
      if (body.services.length === 0) throw new AppError('VALIDATION_FAILED', editJobMessages.noServices);
      return applyEdit(tx, auth, loaded, locked, body.services);
    });
    const services = await reads.listServices(auth, requestId);
    return { ...result, services };
  }

  async function applyEdit(
    tx: Tx,
    auth: AuthContext,
    loaded: Loaded,
    locked: NonNullable<Awaited<ReturnType<typeof repository.lockRequest>>>,
    inputs: readonly TEditJobLine[],
  ) {
    const request = locked.request;
    const before = { ...request };
    const isDealerWork = request.requestType === 'dealer';
    const existing = await repository.listLines(tx, request.id);
    const byId = new Map(existing.map((r) => [r.id, r]));
    const errors: string[] = [];
    const kept: KeptLine[] = [];
    const fresh: TEditJobLine[] = [];
    const seen = new Set<number>();
    inputs.forEach((input, index) => {
      if (input.lineId == null) {
        fresh.push(input);
        return;
      }
      const row = byId.get(input.lineId);
      if (!row || seen.has(row.id)) {
        errors.push(`Service ${index + 1}: line ${input.lineId} is not a line of this job`);
        return;
      }
      seen.add(row.id);
      const edited = editKeptLine(
        row,
        input,
        { caller: auth.userType, isDealerWork, number: index + 1, position: index },
        errors,
      );
      if (edited) kept.push(edited);
    });
    if (errors.length > 0) {
      throw new AppError('VALIDATION_FAILED', formatPricingValidationMessage(errors), { details: errors });
    }
    const removed = existing.filter((r) => !seen.has(r.id));
    // New lines are priced from the catalog by the wizards' rules; inclusion works against the kept ones.
    const pricer = createLinePricer({ catalog: creation.catalog, matching: creation.matching, conn: tx });
    const includes = await creation.catalog.listInclusions(
      kept.map((k) => k.row.masterServiceId).filter((id): id is number => id !== null),
      tx,
    );
    const selection = await pricer.priceAndSelect(
      pricingScope(auth, loaded, locked.trimId),
      fresh,
      kept.map((k) => toServiceLine({ ...k.row, ...k.values }, includes)),
    );
    const removedIds = new Set([...removed.map((r) => r.id), ...selection.removedLineIds]);
    for (const row of existing) {
      if (removedIds.has(row.id) && row.serviceState !== 'new') {
        throw new AppError(
          'INVALID_TRANSITION',
          `${row.customDescription ?? row.description} has ${row.serviceState} and cannot be removed`,
        );
      }
    }

    await repository.deleteLines(tx, [...removedIds]);
    const stillKept = kept.filter((k) => !removedIds.has(k.row.id));
    for (const k of stillKept) await editJob.updateLine(tx, k.row.id, k.values);
    await repository.insertLines(tx, creation.lineValues(request.id, selection.added, inputs.length));
    const lines = await repository.listLines(tx, request.id);
    const { totals, serviceRequested } = await creation.applyTotals(
      tx,
      request,
      lines,
      await taxRateOf(tx, loaded),
    );
    const version = before.version + 1;
    const customerTotal = request.totalCents - request.discountCents + request.taxesCents;
    if (request.depositAmountCents > customerTotal) {
      throw new AppError(
        'VALIDATION_FAILED',
        formatPricingValidationMessage([
          `the job total ${formatMoney(customerTotal)} cannot be less than its deposit of ${formatMoney(request.depositAmountCents)}`,
        ]),
      );
    }
    const calendar = await replanCalendar(
      tx,
      {
        lifecycle,
        creation: repository,
        editJob,
        capacityOf: creation.capacityOf,
      },
      { request, lines, performerId: findPerformerId(loaded.request), version, now: loaded.now },
    );

    const changes = [
      ...[...removedIds].flatMap((id) => {
        const row = byId.get(id);
        return row ? [`Removed ${describeLine(row)}`] : [];
      }),
      ...selection.added.map(
        (l) =>
          `Added ${describeLine({ customDescription: l.customDescription ?? null, description: l.description, amountCents: l.amountCents })}`,
      ),
      ...stillKept.flatMap(describeKeptChange),
    ];
    const after = request;
    if (before.totalCents - before.discountCents !== after.totalCents - after.discountCents) {
      changes.push(
        `Total ${formatMoney(before.totalCents - before.discountCents)} → ${formatMoney(after.totalCents - after.discountCents)}`,
      );
    }
    if (before.durationTenths !== after.durationTenths) {
      changes.push(`Duration ${before.durationTenths / 10} → ${after.durationTenths / 10} day(s)`);
    }
    if (calendar.endDateBefore !== calendar.endDateAfter && calendar.endDateAfter) {
      changes.push(`Work ends ${calendar.endDateAfter} (was ${calendar.endDateBefore})`);
    }
    // The history: a state record 'edited' by the caller, and a note saying what changed.
    await lifecycle.insertHistory(tx, [
      {
        requestId: request.id,
        stateDate: loaded.now,
        requestStatus: 'edited',
        requestServiceId: null,
        changedByUserId: auth.userId,
        changedByUserType: auth.userType,
        clientKey: serverHistoryKey(version, 'edited', null),
        createdAt: loaded.now,
      },
    ]);
    await lifecycle.insertNote(tx, {
      requestId: request.id,
      noteText: `Job edited: ${changes.length > 0 ? changes.join('; ') : 'no change'}.`,
      userId: auth.userId,
      userType: auth.userType,
    });
    const wire = toWireTotals(totals, serviceRequested);
    return {
      success: true as const,
      message: editJobMessages.updated,
      requestId: request.id,
      version,
      currentState: request.currentState,
      redirectTo: editJobReturnPath(request.currentState),
      requestTotal: wire.requestTotal,
      requestDiscount: wire.requestDiscount,
      requestFee: wire.requestFee,
      requestTaxes: wire.requestTaxes,
      requestDuration: wire.requestDuration,
      serviceRequested,
      dueDate: request.dueDate ? request.dueDate.toISOString().slice(0, 10) : null,
      calendarDays: calendar.calendarDays,
      changes,
    };
  }

  return { getContext, updateTransaction };
}

export type EditJobService = ReturnType<typeof createEditJobService>;
