import { AppError } from '@app/contracts/errors.contract';
import type { TCreateRequestBody, TCreateRequestReply } from '@app/contracts/request-creation.contract';
import { calculateQuoteTotals, type QuoteTotals, validateQuote } from '@app/domain/pricing/quote-total';
import { listBlockedDays } from '@app/domain/scheduling/availability';
import { addDays, toIsoDate } from '@app/domain/scheduling/dates';
import { computeEndDate, computeProposedDueDate } from '@app/domain/scheduling/job-dates';
import { centsToDollars } from '@app/domain/shared/money';
import { isVehicleSize, type VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { isPlaceholderVin, isValidVin, makePlaceholderVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { AuthContext } from '../../platform/security/auth-context';
import { assertDaysOpen } from '../blocked-days/blocked-days.guard';
import { type RequestCreationContext, toCreatedLine, wireDate } from './request-creation.context';
import { createLinePricer, type PricedLine, type PricingScope, toWireTotals } from './request-pricing';

/** Tolerance on requestDuration (days) when a creation carries lines. */
const DURATION_TOLERANCE_DAYS = 0.05;

/** POST /requestimates/: a request, estimate or job with its vehicle, lines, note, offers and e-mails, in one transaction. */
export function createRequestCreation(deps: RequestCreationContext) {
  const {
    db,
    repository,
    catalog,
    matching,
    clock,
    capacityOf,
    planInstallerCalendar,
    applyTotals,
    lineValues,
  } = deps;
  const { queueRequestEmails } = deps;

  /** Refuses a submitted total that differs from the computed one by more than 0.01 (M66). */
  function checkSubmittedTotals(
    body: TCreateRequestBody,
    priced: readonly PricedLine[],
    totals: QuoteTotals,
  ) {
    const result = validateQuote(
      {
        lines: (body.services ?? []).map((input, index) => ({
          serviceId: input.serviceId ?? input.masterServiceId ?? null,
          cost: input.serviceAmount ?? centsToDollars(priced[index]?.amountCents ?? 0),
          discount: input.serviceDiscount ?? 0,
        })),
        total: body.requestTotal,
        discount: body.requestDiscount,
        fee: body.requestFee,
        taxes: body.requestTaxes,
      },
      totals,
    );
    const errors = result.ok ? [] : [...result.errors];
    if (
      body.requestDuration != null &&
      Math.abs(body.requestDuration - totals.totalDuration / 10) > DURATION_TOLERANCE_DAYS
    ) {
      errors.push(`Duration mismatch: expected ${totals.totalDuration / 10}, got ${body.requestDuration}`);
    }
    if (!result.ok && result.reason === 'INVALID_NUMBER') {
      throw new AppError('VALIDATION_FAILED', result.message, { details: result.errors });
    }
    if (errors.length > 0) {
      throw new AppError('VALIDATION_FAILED', `Pricing validation failed: ${errors.join(', ')}`, {
        details: errors,
      });
    }
  }

  /** The UTC day of `date` is not before `earliest` (dates are UTC, decision 2; a day of slack for time zones). */
  function assertNotBefore(date: Date, earliest: string, message: string) {
    if (toIsoDate(date) < earliest) throw new AppError('VALIDATION_FAILED', message);
  }

  /** The one-call options of POST /requestimates/ (vehicle, matchAndNotify, referralId) the body alone can refuse. */
  function checkOneCallOptions(auth: AuthContext, body: TCreateRequestBody) {
    if (body.vehicle && body.vehicleId != null) {
      throw new AppError('VALIDATION_FAILED', 'Send either vehicle (to record one) or vehicleId, not both');
    }
    if (body.referralId != null && auth.userType !== 'installer') {
      throw new AppError('VALIDATION_FAILED', 'referralId is for a specialist’s estimate from a referral');
    }
    if (body.notifyContactId != null && !body.matchAndNotify) {
      throw new AppError('VALIDATION_FAILED', 'notifyContactId goes with matchAndNotify');
    }
    if (!body.matchAndNotify) return;
    if (auth.userType !== 'dealer') {
      throw new AppError('VALIDATION_FAILED', 'matchAndNotify is for a dealer’s requests');
    }
    if (!body.services?.length) {
      throw new AppError('VALIDATION_FAILED', 'matchAndNotify needs the request’s services');
    }
  }

  return {
    /**
     * POST /requestimates/ (row 71). Dealers create requests (state new) for a chosen specialist or any;
     * installers create estimates (new) or booked appointments (scheduled) for their customers, and jobs
     * (scheduled) for their dealerships. The initial state record, the note, the lines and, for installers,
     * their own offer, calendar days and schedule are written in one transaction.
     */
    async createRequest(auth: AuthContext, body: TCreateRequestBody): Promise<TCreateRequestReply> {
      const now = clock();
      const today = toIsoDate(now);
      if (body.createdType && body.createdType !== auth.userType) {
        throw new AppError(
          'VALIDATION_FAILED',
          `createdType must be '${auth.userType}' for a ${auth.userType}`,
        );
      }
      const isDealerWork = body.requestType === 'dealer';
      if (body.installerCatalog && body.installerCatalog !== (isDealerWork ? 'WHOLE' : 'RETAIL')) {
        throw new AppError(
          'VALIDATION_FAILED',
          `installerCatalog must be ${isDealerWork ? 'WHOLE' : 'RETAIL'} for ${isDealerWork ? 'dealer' : 'retail'} work`,
        );
      }
      if (!isDealerWork && (body.stock_number || body.deal_number)) {
        throw new AppError('VALIDATION_FAILED', 'Stock and deal numbers are for dealer work only');
      }

      let requestorDealerId: number | null = null;
      let requestorInstallerId: number | null = null;
      let assignedInstallerId: number | null = null;
      let dealerId: number | null = null;
      let customerId: number | null = null;
      let state: 'new' | 'scheduled' = body.currentState ?? 'new';
      let taxRateBps = 0;

      if (auth.userType === 'dealer') {
        if (!isDealerWork) throw new AppError('FORBIDDEN', 'Dealers create dealer requests only');
        const requestor = body.requestor || body.dealerId || auth.companyId;
        if (requestor !== auth.companyId) {
          throw new AppError('FORBIDDEN', `Dealer ${requestor} is not your dealership`);
        }
        if (state !== 'new') throw new AppError('VALIDATION_FAILED', 'A dealer request starts in state new');
        requestorDealerId = auth.companyId;
        dealerId = auth.companyId;
        assignedInstallerId = body.assignedTo ? body.assignedTo : null;
        assertNotBefore(body.availableDate, addDays(today, -1), 'Available date cannot be before today');
      } else {
        const installer = await repository.findInstaller(db, auth.companyId);
        if (!installer) throw new AppError('NOT_FOUND', `Specialist ${auth.companyId} not found`);
        if (body.assignedTo && body.assignedTo !== auth.companyId) {
          throw new AppError('FORBIDDEN', 'A specialist creates work for itself only');
        }
        assignedInstallerId = auth.companyId;
        if (isDealerWork) {
          if (!installer.offersWholesale)
            throw new AppError('FORBIDDEN', 'Your services do not include dealer work');
          const dealer = body.dealerId ?? body.requestor ?? null;
          if (!dealer || !(await repository.isInstallerDealer(db, auth.companyId, dealer))) {
            throw new AppError(
              'VALIDATION_FAILED',
              `Dealer ${dealer ?? '(none)'} is not one of your dealerships`,
            );
          }
          if (body.currentState === 'new') {
            throw new AppError(
              'VALIDATION_FAILED',
              'A job for a dealership is created scheduled (Create Job)',
            );
          }
          state = 'scheduled';
          requestorDealerId = dealer;
          dealerId = dealer;
        } else {
          if (!installer.offersRetail)
            throw new AppError('FORBIDDEN', 'Your services do not include retail work');
          const customer = body.customerId ?? body.requestor ?? null;
          const found = customer ? await repository.findCustomer(db, customer) : null;
          if (!found || found.owningInstallerId !== auth.companyId) {
            throw new AppError(
              'VALIDATION_FAILED',
              `Customer ${customer ?? '(none)'} is not one of your customers`,
            );
          }
          requestorInstallerId = auth.companyId;
          customerId = found.id;
          taxRateBps = installer.taxRateBps;
        }
        // Drop-off: not before tomorrow in the wizard (UTC today accepted for time zones), not on a blocked day.
        assertNotBefore(body.availableDate, today, 'Drop-off date cannot be before tomorrow');
        const { capacity } = await capacityOf(db, auth.companyId);
        const blocked = listBlockedDays({
          today,
          capacity,
          entries: await repository.listCalendarEntries(db, auth.companyId, today),
        });
        const dropOff = toIsoDate(body.availableDate);
        await assertDaysOpen(db, auth.companyId, [dropOff], 'dropOff');
        if (blocked.includes(dropOff)) {
          throw new AppError(
            'CONFLICT',
            `Drop-off date ${dropOff} is fully booked (twice the daily capacity)`,
          );
        }
      }

      checkOneCallOptions(auth, body);
      // A vehicle to record with the request is checked now and written in the request's transaction.
      const newVehicle = body.vehicle ? await deps.vehicles.prepareVehicle(auth, body.vehicle) : null;
      const vehicle = newVehicle
        ? {
            id: null,
            vin: newVehicle.vin,
            size: newVehicle.size,
            trimId: newVehicle.trimId ?? null,
            Year: newVehicle.year,
            Make: newVehicle.make,
            Model: newVehicle.model,
            Trim: newVehicle.trim ?? null,
          }
        : await deps.vehicles.findVehicleForRequest(auth, { vehicleId: body.vehicleId, vin: body.vin });
      let vin = vehicle?.vin ?? (body.vin ? normalizeVin(body.vin) : null);
      if (vin && !isValidVin(vin) && !isPlaceholderVin(vin)) {
        throw new AppError(
          'VALIDATION_FAILED',
          'VIN must be exactly 17 characters (letters and numbers, excluding I, O, Q)',
        );
      }
      vin ??= makePlaceholderVin('NV', now);
      const size: VehicleSize = vehicle && isVehicleSize(vehicle.size) ? vehicle.size : 'M';
      const scope: PricingScope = {
        caller: auth.userType,
        requestType: isDealerWork ? 'dealer' : 'installer',
        size,
        trimId: vehicle?.trimId ?? null,
        dealerId,
        installerId: assignedInstallerId,
      };

      const inputs = body.services ?? [];
      const pricer = createLinePricer({ catalog, matching, conn: db });
      const selection = await pricer.priceAndSelect(scope, inputs, []);
      const pricedLines = selection.added;
      if (auth.userType === 'dealer' && assignedInstallerId !== null) {
        const categories = [...new Set(pricedLines.map((l) => l.category))];
        if (
          !(await matching.canTakeWork(
            auth.companyId,
            assignedInstallerId,
            categories.length > 0 ? categories : null,
          ))
        ) {
          throw new AppError(
            'FORBIDDEN',
            `Specialist ${assignedInstallerId} does not take ${categories.length > 0 ? categories.join(', ') : 'work'} from your dealership`,
          );
        }
      }
      if (inputs.length > 0) {
        const totals = calculateQuoteTotals(pricedLines, { requestType: scope.requestType, taxRateBps });
        checkSubmittedTotals(body, pricedLines, totals);
        const duration = totals.totalDuration / 10;
        if (body.dueDate) {
          const minimum = computeProposedDueDate(toIsoDate(body.availableDate), duration);
          if (toIsoDate(body.dueDate) < minimum) {
            throw new AppError(
              'VALIDATION_FAILED',
              `Needed by cannot be before ${minimum} (available date + ${Math.max(1, Math.round(duration))} days)`,
            );
          }
        }
      }

      const result = await db.transaction(async (tx) => {
        const vehicleId = newVehicle
          ? (await deps.vehicles.saveVehicle(auth, newVehicle, tx)).id
          : (vehicle?.id ?? null);
        const request = await repository.insertRequest(tx, {
          requestType: body.requestType,
          requestorDealerId,
          requestorInstallerId,
          createdByUserId: auth.userId,
          assignedInstallerId,
          dealerId,
          customerId,
          vehicleId,
          vehicleYear: vehicle?.Year ?? null,
          vehicleMake: vehicle?.Make ?? null,
          vehicleModel: vehicle?.Model ?? null,
          vehicleTrim: vehicle?.Trim ?? null,
          vin,
          vehicleSize: size,
          serviceRequested: body.serviceRequested ?? '',
          totalCents: 0,
          discountCents: 0,
          feeCents: 0,
          taxesCents: 0,
          durationTenths: 10,
          availableDate: body.availableDate,
          dueDate: body.dueDate ?? null,
          createdDate: now,
          currentState: state,
          offerState:
            auth.userType === 'installer' ? (state === 'scheduled' ? 'scheduled' : 'offered') : null,
          stockNumber: isDealerWork ? body.stock_number : null,
          dealNumber: isDealerWork ? body.deal_number : null,
          installerCatalog: isDealerWork ? 'WHOLE' : 'RETAIL',
        });
        const lines = await repository.insertLines(tx, lineValues(request.id, pricedLines, 0));
        const { totals, serviceRequested } = await applyTotals(tx, request, lines, taxRateBps);
        if (lines.length === 0 && !body.dueDate) {
          await repository.updateRequest(tx, request.id, {
            dueDate: new Date(
              `${computeProposedDueDate(toIsoDate(request.availableDate), 1)}T${request.availableDate.toISOString().slice(11, 19)}.000Z`,
            ),
          });
        }
        await repository.insertState(tx, {
          requestId: request.id,
          requestStatus: state === 'scheduled' ? 'scheduled' : 'created',
          userId: auth.userId,
          userType: auth.userType,
          at: now,
        });
        if (body.noteText) {
          await repository.insertNote(tx, {
            requestId: request.id,
            noteText: body.noteText,
            userId: auth.userId,
            userType: auth.userType,
            at: now,
          });
        }
        if (auth.userType === 'installer' && assignedInstallerId !== null) {
          await repository.upsertOffer(tx, {
            requestId: request.id,
            installerId: assignedInstallerId,
            status: state === 'scheduled' ? 'scheduled' : 'offered',
            startDate: request.availableDate,
            endDate:
              state === 'scheduled'
                ? new Date(
                    `${computeEndDate(toIsoDate(request.availableDate), request.durationTenths / 10)}T${request.availableDate.toISOString().slice(11, 19)}.000Z`,
                  )
                : null,
          });
          await planInstallerCalendar(tx, request, lines);
        }
        // 001 §4: the referral's update to ESTIMATE_CREATED may fail without failing the estimate (a lead
        // converted already, or no longer the caller's); the reply says whether it was linked.
        const referralLinked =
          body.referralId == null
            ? undefined
            : await repository.linkReferral(tx, {
                referralId: body.referralId,
                installerId: auth.companyId,
                userId: auth.userId,
                requestId: request.id,
                booked: state === 'scheduled',
                now,
              });
        if (!body.matchAndNotify) return { request, lines, totals, serviceRequested, referralLinked };
        const {
          success: _s,
          requestId: _r,
          ...match
        } = await matching.matchInTx(tx, auth, request.id, assignedInstallerId === null ? 'all' : 'one');
        const notification = await queueRequestEmails(tx, auth, request, body.notifyContactId ?? undefined);
        return { request, lines, totals, serviceRequested, referralLinked, match, notification };
      });

      const { request } = result;
      return {
        success: true as const,
        requestId: request.id,
        Request_id: request.id,
        id: request.id,
        requestType: request.requestType === 'dealer' ? 'dealer' : 'installer',
        currentState: state,
        assignedTo: request.assignedInstallerId ?? 0,
        dueDate: request.dueDate ? wireDate(request.dueDate) : null,
        totalsPending: result.lines.length === 0,
        totals: toWireTotals(result.totals, result.serviceRequested),
        services: result.lines.map(toCreatedLine),
        vehicleId: request.vehicleId,
        ...(result.referralLinked === undefined ? {} : { referralLinked: result.referralLinked }),
        ...(result.match ? { match: result.match, notification: result.notification } : {}),
      };
    },
  };
}
