import { AppError } from '@app/contracts/errors.contract';
import {
  notesRequiredMessage,
  type TCreatedLine,
  type TCreateRequestBody,
  type TCreateRequestReply,
  type TDuplicateEntry,
  type TServiceLineInput,
} from '@app/contracts/request-creation.contract';
import {
  calculateQuoteTotals,
  describeServiceRequested,
  PLATFORM_FEE_BPS,
  type QuoteTotals,
  validateQuote,
} from '@app/domain/pricing/quote-total';
import type { ServiceLine } from '@app/domain/pricing/service-selection';
import { listBlockedDays, resolveCapacity } from '@app/domain/scheduling/availability';
import { addDays, toIsoDate } from '@app/domain/scheduling/dates';
import { computeEndDate, computeProposedDueDate, countWholeDays } from '@app/domain/scheduling/job-dates';
import { planLineWorkDays } from '@app/domain/scheduling/work-days';
import { applyRate, centsToDollars, formatMoney } from '@app/domain/shared/money';
import { isVehicleSize, type VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { isPlaceholderVin, isValidVin, makePlaceholderVin, normalizeVin } from '@app/domain/vehicles/vin';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { CatalogService } from '../catalog/catalog.service';
import type { MatchingService } from '../matching/matching.service';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { VehiclesService } from '../vehicles/vehicles.service';
import type { LineRow, RequestCreationRepository, RequestRow } from './request-creation.repository';
import { createLinePricer, type PricedLine, type PricingScope, toWireTotals } from './request-pricing';

const DAY_MS = 86_400_000;
/** Tolerance on requestDuration (days) when a creation carries lines. */
const DURATION_TOLERANCE_DAYS = 0.05;

const wireDate = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19).replace(/-/g, '/');

type Deps = {
  db: Db;
  repository: RequestCreationRepository;
  catalog: CatalogService;
  matching: MatchingService;
  vehicles: VehiclesService;
  clock: () => Date;
  publicUrl: string;
};

/** What the lines of a request were, as the pricing functions read them. */
function toServiceLine(row: LineRow, includes: Map<number, number[]>): ServiceLine & { lineId: number } {
  return {
    lineId: row.id,
    masterServiceId: row.masterServiceId,
    serviceId: row.serviceId,
    category: row.serviceCategory,
    description: row.description,
    customDescription: row.customDescription,
    amountCents: row.amountCents,
    discountCents: row.discountCents,
    durationTenths: row.durationTenths,
    retailPriceCents: row.retailPriceCents,
    includes: row.masterServiceId ? (includes.get(row.masterServiceId) ?? []) : [],
    isCustom: false,
  };
}

function toCreatedLine(row: LineRow): TCreatedLine {
  const value = row.amountCents - row.discountCents;
  return {
    service_id: row.id,
    lineId: row.id,
    catalog_service_id: row.serviceId,
    master_service_id: row.masterServiceId,
    service_category: row.serviceCategory,
    description: row.description,
    custom_description: row.customDescription,
    serviceAmount: centsToDollars(row.amountCents),
    serviceDiscount: centsToDollars(row.discountCents),
    serviceValue: centsToDollars(value),
    serviceFee: centsToDollars(row.feeCents),
    retailPrice: row.retailPriceCents === null ? null : centsToDollars(row.retailPriceCents),
    serviceDuration: row.durationTenths / 10,
  };
}

export function createRequestCreationService(deps: Deps) {
  const { db, repository, catalog, matching, clock } = deps;

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

  async function capacityOf(conn: Db | Tx, installerId: number) {
    const [installer, location] = await Promise.all([
      repository.findInstaller(conn, installerId),
      repository.findCapacityAndLocation(conn, installerId),
    ]);
    return {
      capacity: resolveCapacity(location?.capacity ?? installer?.capacity),
      locationId: location?.id ?? null,
    };
  }

  /**
   * Installer-created work occupies the installer's calendar: an estimate as draft days, a job or booked
   * appointment as booked days with its schedule, from the drop-off date, one day per 10 tenths of the lines.
   */
  async function planInstallerCalendar(tx: Tx, request: RequestRow, lines: readonly LineRow[]) {
    const installerId = request.assignedInstallerId;
    if (installerId == null) return;
    const isBooked = request.currentState === 'scheduled';
    const startDay = toIsoDate(request.availableDate);
    const { capacity, locationId } = await capacityOf(tx, installerId);
    const planned = planLineWorkDays(
      lines.length > 0 ? lines.map((l) => ({ id: l.id, durationTenths: l.durationTenths })) : [],
      startDay,
    );
    const replaced = await repository.replaceCalendarDays(
      tx,
      request.id,
      planned.map((d) => ({
        requestId: request.id,
        requestServiceId: d.requestServiceId,
        installerId,
        locationId,
        workDate: d.workDate,
        workStatus: isBooked ? 'booked' : 'draft',
        dailyWorkTenths: d.dailyWorkTenths,
      })),
    );
    if (!replaced) return;
    const days = countWholeDays(request.durationTenths / 10);
    const endDate = new Date(request.availableDate.getTime() + (days - 1) * DAY_MS);
    if (isBooked) {
      await repository.upsertSchedule(tx, {
        requestId: request.id,
        installerId,
        installerCapacity: capacity,
        startDate: request.availableDate,
        endDate,
      });
    }
    await repository.updateOfferDates(
      tx,
      request.id,
      installerId,
      request.availableDate,
      isBooked ? endDate : null,
    );
  }

  /** Totals, serviceRequested and the due-date floor from the request's lines; returns the computed totals. */
  async function applyTotals(tx: Tx, request: RequestRow, lines: readonly LineRow[], taxRateBps: number) {
    const quoteLines = lines.map((l) => ({
      category: l.serviceCategory,
      description: l.description,
      customDescription: l.customDescription,
      amountCents: l.amountCents,
      discountCents: l.discountCents,
      durationTenths: l.durationTenths,
      retailPriceCents: l.retailPriceCents,
    }));
    const totals = calculateQuoteTotals(quoteLines, {
      requestType: request.requestType === 'dealer' ? 'dealer' : 'installer',
      taxRateBps,
    });
    const serviceRequested = describeServiceRequested(quoteLines) || request.serviceRequested;
    const minimumDue = computeProposedDueDate(toIsoDate(request.availableDate), totals.totalDuration / 10);
    const minimumDueInstant = new Date(
      `${minimumDue}T${request.availableDate.toISOString().slice(11, 19)}.000Z`,
    );
    const dueDate =
      lines.length > 0 && (request.dueDate === null || request.dueDate < minimumDueInstant)
        ? minimumDueInstant
        : request.dueDate;
    const values = {
      totalCents: totals.originalTotal,
      discountCents: totals.totalDiscount,
      feeCents: totals.platformFee,
      taxesCents: totals.taxes,
      durationTenths: lines.length > 0 ? totals.totalDuration : request.durationTenths,
      serviceRequested,
      dueDate,
    };
    await repository.updateRequest(tx, request.id, values);
    Object.assign(request, values);
    return { totals, serviceRequested };
  }

  function lineValues(requestId: number, lines: readonly PricedLine[], firstPosition: number) {
    return lines.map((line, index) => {
      const discount = line.discountCents ?? 0;
      const value = line.amountCents - discount;
      return {
        requestId,
        serviceId: line.serviceId,
        masterServiceId: line.masterServiceId,
        position: firstPosition + index,
        serviceCategory: line.category,
        description: line.description,
        customDescription: line.customDescription ?? null,
        amountCents: line.amountCents,
        discountCents: discount,
        feeCents: applyRate(value, PLATFORM_FEE_BPS),
        retailPriceCents: line.retailPriceCents ?? null,
        durationTenths: line.durationTenths ?? 10,
        serviceState: 'new',
        serviceDate: line.serviceDate,
      };
    });
  }

  /** The UTC day of `date` is not before `earliest` (dates are UTC, decision 2; a day of slack for time zones). */
  function assertNotBefore(date: Date, earliest: string, message: string) {
    if (toIsoDate(date) < earliest) throw new AppError('VALIDATION_FAILED', message);
  }

  /**
   * The new-request e-mails of a dealer's request, in the caller's transaction: one to each specialist holding
   * an offer (and one to a team contact); dedupe keys make a second call a no-op.
   */
  async function queueRequestEmails(tx: Tx, auth: AuthContext, request: RequestRow, contactId?: number) {
    const dealer = await repository.findDealer(tx, auth.companyId);
    const offers = (await repository.listOfferRecipients(tx, request.id)).filter(
      (o) => o.status === 'offered',
    );
    const vehicle = [request.vehicleYear, request.vehicleMake, request.vehicleModel, request.vehicleTrim]
      .filter(Boolean)
      .join(' ');
    const summary = [
      `${dealer?.name ?? 'A dealership'} sent request #${request.id}: ${request.serviceRequested}.`,
      `Vehicle: ${vehicle || 'not given'}${request.vin && !request.vin.startsWith('NV') ? ` (VIN ${request.vin})` : ''}.`,
      `Total: ${formatMoney(request.totalCents - request.discountCents)}; ${request.durationTenths / 10} day(s).`,
      `Available ${wireDate(request.availableDate)} UTC${request.dueDate ? `, needed by ${wireDate(request.dueDate)} UTC` : ''}.`,
      `Open it: ${deps.publicUrl}/requestimates`,
    ].join('\n');
    const recipients: string[] = [];
    for (const offer of offers) {
      if (!offer.email) continue;
      await enqueueOutbox(tx, {
        channel: 'email',
        kind: 'request-created',
        payload: {
          to: offer.email,
          subject: `New request #${request.id}: ${request.serviceRequested}`,
          text: summary,
        },
        requestId: request.id,
        dedupeKey: `sendemailreq:${request.id}:installer:${offer.installerId}`,
      });
      recipients.push(offer.email);
    }
    if (contactId !== undefined) {
      const contact = await repository.findDealerUser(tx, auth.companyId, contactId);
      if (!contact) throw new AppError('NOT_FOUND', `Contact ${contactId} is not on your team`);
      await enqueueOutbox(tx, {
        channel: 'email',
        kind: 'request-created-contact',
        payload: {
          to: contact.email,
          subject: `Request #${request.id} sent to specialists`,
          text: `Hello ${contact.name},\n\n${summary}`,
        },
        requestId: request.id,
        dedupeKey: `sendemailreq:${request.id}:contact:${contact.id}`,
      });
      recipients.push(contact.email);
    }
    return {
      success: recipients.length > 0,
      queued: recipients.length,
      recipients,
      ...(recipients.length === 0 ? { message: 'No specialist holds an offer on this request yet' } : {}),
    };
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
            : await repository.linkReferral(tx, body.referralId, auth.companyId, request.id);
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

    /**
     * POST /requestService (row 73): one line, priced from the catalog; the request's totals are recomputed
     * from all its lines in the same transaction (the request row is locked, so concurrent posts add up).
     */
    async addService(auth: AuthContext, body: TServiceLineInput & { requestId: number }) {
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, body.requestId);
        const request = locked?.request;
        const isCreator =
          locked &&
          request &&
          (auth.userType === 'dealer'
            ? request.requestType === 'dealer' &&
              request.requestorDealerId === auth.companyId &&
              locked.creatorInstallerId === null
            : request.assignedInstallerId === auth.companyId &&
              (request.requestorInstallerId === auth.companyId ||
                locked.creatorInstallerId === auth.companyId));
        if (!locked || !request || request.deletedAt || !isCreator) {
          throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
        }
        const editable = auth.userType === 'dealer' ? ['new'] : ['new', 'scheduled'];
        if (!editable.includes(request.currentState) || locked.hasStartedLines) {
          throw new AppError(
            'INVALID_TRANSITION',
            `Cannot add a service to request ${request.id} in state ${request.currentState}`,
          );
        }
        const isDealerWork = request.requestType === 'dealer';
        const installer = request.assignedInstallerId
          ? await repository.findInstaller(tx, request.assignedInstallerId)
          : null;
        const taxRateBps = isDealerWork ? 0 : (installer?.taxRateBps ?? 0);
        const existingRows = await repository.listLines(tx, request.id);
        const includes = await catalog.listInclusions(
          existingRows.map((r) => r.masterServiceId).filter((id): id is number => id !== null),
          tx,
        );
        const scope: PricingScope = {
          caller: auth.userType,
          requestType: isDealerWork ? 'dealer' : 'installer',
          size: isVehicleSize(request.vehicleSize) ? request.vehicleSize : 'M',
          trimId: locked.trimId,
          dealerId: request.dealerId ?? request.requestorDealerId,
          installerId: request.assignedInstallerId,
        };
        const pricer = createLinePricer({ catalog, matching, conn: tx });
        const selection = await pricer.priceAndSelect(
          scope,
          [body],
          existingRows.map((r) => toServiceLine(r, includes)),
        );
        await repository.deleteLines(tx, selection.removedLineIds);
        const nextPosition = existingRows.reduce((max, r) => Math.max(max, r.position + 1), 0);
        const [inserted] = await repository.insertLines(
          tx,
          lineValues(request.id, selection.added, nextPosition),
        );
        if (!inserted) throw new Error('service line insert returned no row');
        const lines = await repository.listLines(tx, request.id);
        const { totals, serviceRequested } = await applyTotals(tx, request, lines, taxRateBps);
        if (auth.userType === 'installer') await planInstallerCalendar(tx, request, lines);
        return {
          ...toCreatedLine(inserted),
          success: true as const,
          requestId: request.id,
          removedLineIds: selection.removedLineIds,
          totals: toWireTotals(totals, serviceRequested),
        };
      });
    },

    /** POST /requestnotes/ (row 72): a non-empty note by a party of the request. */
    async addNote(auth: AuthContext, body: { requestId: number; noteText: string }) {
      const text = body.noteText.trim();
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, body.requestId);
        const request = locked?.request;
        const isParty =
          request &&
          (auth.userType === 'dealer'
            ? request.requestorDealerId === auth.companyId
            : request.assignedInstallerId === auth.companyId ||
              request.requestorInstallerId === auth.companyId);
        if (!request || request.deletedAt || !isParty) {
          throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
        }
        // After the access check: a request of another company is not found, whatever the note says.
        if (!text) throw new AppError('VALIDATION_FAILED', notesRequiredMessage);
        const noteId = await repository.insertNote(tx, {
          requestId: request.id,
          noteText: text,
          userId: auth.userId,
          userType: auth.userType,
          at: clock(),
        });
        return { success: true as const, noteId, requestId: request.id };
      });
    },

    /**
     * POST /requestoffered (row 74), idempotent per request and installer. An installer records its own offer on
     * its estimate (offered) or job (scheduled); a dealer offers its new request to an eligible specialist.
     */
    async addOffer(
      auth: AuthContext,
      body: {
        requestId: number;
        installerId: number;
        currentStatus: 'offered' | 'scheduled';
        startDate?: Date | null;
        endDate?: Date | null;
      },
    ) {
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, body.requestId);
        const request = locked?.request;
        if (!request || request.deletedAt)
          throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
        if (auth.userType === 'installer') {
          if (body.installerId !== auth.companyId || request.assignedInstallerId !== auth.companyId) {
            throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
          }
          const expected = request.currentState === 'scheduled' ? 'scheduled' : 'offered';
          if (body.currentStatus !== expected) {
            throw new AppError(
              'INVALID_TRANSITION',
              `The offer of a ${request.currentState} request is ${expected}`,
            );
          }
        } else {
          if (request.requestorDealerId !== auth.companyId || request.requestType !== 'dealer') {
            throw new AppError('NOT_FOUND', `Request ${body.requestId} was not found`);
          }
          if (request.currentState !== 'new' || body.currentStatus !== 'offered') {
            throw new AppError('INVALID_TRANSITION', 'A dealer offers new requests only (status offered)');
          }
          const categories = [
            ...new Set((await repository.listLines(tx, request.id)).map((l) => l.serviceCategory)),
          ];
          if (!(await matching.isEligible(auth.companyId, body.installerId, categories, tx))) {
            throw new AppError(
              'FORBIDDEN',
              `Specialist ${body.installerId} does not take this work from your dealership`,
            );
          }
        }
        const { offer, created } = await repository.upsertOffer(tx, {
          requestId: request.id,
          installerId: body.installerId,
          status: body.currentStatus,
          startDate: body.startDate ?? request.availableDate,
          endDate: body.endDate ?? null,
        });
        if (created && request.offerState === null) {
          await repository.updateRequest(tx, request.id, { offerState: body.currentStatus });
        }
        return {
          success: true as const,
          offerId: offer.id,
          requestId: request.id,
          installerId: offer.installerId,
          currentStatus: offer.currentStatus,
          created,
        };
      });
    },

    /** GET /sendemailreq/{requestId}: the new-request e-mail to each offered specialist (and a team contact). */
    async sendRequestEmail(auth: AuthContext, requestId: number, contactId?: number) {
      if (auth.userType !== 'dealer') throw new AppError('FORBIDDEN', 'Only dealers send request e-mails');
      return db.transaction(async (tx) => {
        const locked = await repository.lockRequest(tx, requestId);
        const request = locked?.request;
        if (!request || request.deletedAt || request.requestorDealerId !== auth.companyId) {
          throw new AppError('NOT_FOUND', `Request ${requestId} was not found`);
        }
        return queueRequestEmails(tx, auth, request, contactId);
      });
    },

    /** POST /messages/push (row 28): an SMS to a company or customer the caller works with. */
    async pushMessage(
      auth: AuthContext,
      body: {
        userType: 'dealer' | 'installer' | 'customer';
        id: number;
        text: string;
        messageType: string;
        requestId?: number | null;
      },
    ) {
      const requestId = body.requestId ?? null;
      let phone: string | null = null;
      let allowed = false;
      if (body.userType === 'installer') {
        const installer = await repository.findInstaller(db, body.id);
        phone = installer?.phone ?? null;
        allowed =
          auth.userType === 'installer'
            ? body.id === auth.companyId
            : await repository.sharesRequest(db, auth.companyId, body.id, requestId);
      } else if (body.userType === 'dealer') {
        const dealer = await repository.findDealer(db, body.id);
        phone = dealer?.phone ?? null;
        allowed =
          auth.userType === 'dealer'
            ? body.id === auth.companyId
            : (await repository.isInstallerDealer(db, auth.companyId, body.id)) ||
              (await repository.sharesRequest(db, body.id, auth.companyId, requestId));
      } else {
        const customer = await repository.findCustomer(db, body.id);
        phone = customer?.phone ?? null;
        allowed =
          auth.userType === 'installer'
            ? await repository.installerServesCustomer(db, auth.companyId, body.id)
            : customer?.dealerId === auth.companyId;
      }
      if (!allowed) throw new AppError('NOT_FOUND', `No ${body.userType} ${body.id} among your contacts`);
      if (!phone)
        return {
          success: false,
          queued: 0,
          recipients: [],
          message: `No phone number for ${body.userType} ${body.id}`,
        };
      await enqueueOutbox(db, {
        channel: 'sms',
        kind: `push-${body.messageType}`.slice(0, 60),
        payload: { to: phone, text: body.text },
        requestId,
      });
      return { success: true, queued: 1, recipients: [phone] };
    },

    /** POST /mailchimp/ (row 101): the vehicle-protection marketing e-mail to a customer. */
    async sendMarketingEmail(
      auth: AuthContext,
      body: {
        customerId?: number | null;
        dealer?: string | number | null;
        year?: number | null;
        make: string | null;
        model: string | null;
        firstName: string | null;
        email: string;
      },
    ) {
      if (body.customerId != null) {
        const customer = await repository.findCustomer(db, body.customerId);
        const isMine =
          customer &&
          (auth.userType === 'dealer'
            ? customer.dealerId === auth.companyId
            : customer.owningInstallerId === auth.companyId);
        if (!isMine) throw new AppError('NOT_FOUND', `Customer ${body.customerId} not found`);
      }
      const dealerName =
        auth.userType === 'dealer'
          ? ((await repository.findDealer(db, auth.companyId))?.name ?? String(body.dealer ?? ''))
          : String(body.dealer ?? '');
      const vehicle = [body.year, body.make, body.model].filter(Boolean).join(' ') || 'vehicle';
      await enqueueOutbox(db, {
        channel: 'email',
        kind: 'mailchimp-vehicle-protection',
        payload: {
          to: body.email,
          subject: `Protect your new ${vehicle}`,
          text: [
            `Hi ${body.firstName ?? 'there'},`,
            '',
            `Congratulations on your ${vehicle}${dealerName ? ` from ${dealerName}` : ''}!`,
            'Paint protection film, ceramic coating and window tint keep it looking new. A local specialist can contact you with options.',
          ].join('\n'),
        },
        dedupeKey: `mailchimp:${body.customerId ?? body.email}:${vehicle}`.slice(0, 200),
      });
      return { success: true, queued: 1, recipients: [body.email] };
    },

    /**
     * POST /requests/check-duplicate (row 95): live estimates and jobs for the same VIN, or the same year, make
     * and model, of the same dealership (dealers) or the same customer / dealership (installers).
     */
    async checkDuplicates(
      auth: AuthContext,
      body: {
        year?: number | null;
        make: string | null;
        model: string | null;
        vin: string | null;
        customerType?: string | null;
        dealerCustomerId?: number | null;
      },
    ): Promise<TDuplicateEntry[]> {
      const vin = body.vin ? normalizeVin(body.vin) : null;
      const realVin = vin && isValidVin(vin) && !isPlaceholderVin(vin) ? vin : null;
      const isDealerCustomer = /dealer/i.test(body.customerType ?? '');
      const scope =
        auth.userType === 'dealer'
          ? { dealerId: auth.companyId }
          : body.dealerCustomerId
            ? isDealerCustomer
              ? { installerId: auth.companyId, dealerCustomerId: body.dealerCustomerId }
              : { installerId: auth.companyId, customerId: body.dealerCustomerId }
            : { installerId: auth.companyId };
      const rows = await repository.findDuplicates(db, scope, {
        vin: realVin,
        year: body.year ?? null,
        make: body.make,
        model: body.model,
      });
      return rows.map((r) => ({
        requestId: r.id,
        Request_id: r.id,
        current_state: r.current_state,
        currentState: r.current_state,
        available_date: r.available_date,
        availableDate: r.available_date,
        requestType: r.request_type,
        serviceRequested: r.service_requested,
        vin: r.vin,
        vehicleYear: r.vehicle_year,
        vehicleMake: r.vehicle_make,
        vehicleModel: r.vehicle_model,
        vehicleTrim: r.vehicle_trim,
        matchedBy: r.by_vin ? 'vin' : 'vehicle',
      }));
    },
  };
}
export type RequestCreationService = ReturnType<typeof createRequestCreationService>;
