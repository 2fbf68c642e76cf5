import { AppError } from '@app/contracts/errors.contract';
import type { TCreatedLine } from '@app/contracts/request-creation.contract';
import {
  calculateQuoteTotals,
  describeServiceRequested,
  PLATFORM_FEE_BPS,
} from '@app/domain/pricing/quote-total';
import type { ServiceLine } from '@app/domain/pricing/service-selection';
import { resolveCapacity } from '@app/domain/scheduling/availability';
import { toIsoDate } from '@app/domain/scheduling/dates';
import { computeProposedDueDate, countWholeDays } from '@app/domain/scheduling/job-dates';
import { listPlannedWorkDates, planLineWorkDays } from '@app/domain/scheduling/work-days';
import { applyRate, centsToDollars, formatMoney } from '@app/domain/shared/money';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { assertDaysOpen } from '../blocked-days/blocked-days.guard';
import type { CatalogService } from '../catalog/catalog.service';
import type { MatchingService } from '../matching/matching.service';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { VehiclesService } from '../vehicles/vehicles.service';
import type { LineRow, RequestCreationRepository, RequestRow } from './request-creation.repository';
import type { PricedLine } from './request-pricing';

/*
 * What every use case of the request-creation service shares: its dependencies (database, repository, the
 * catalog, matching and vehicles services, clock, public URL) and the internals more than one of them uses
 * (calendar planning, totals, line values, the new-request e-mails). `createRequestCreationService` builds one
 * context and hands it to each use-case factory (request-creation.create.ts, request-creation.additions.ts …).
 */

const DAY_MS = 86_400_000;

export const wireDate = (d: Date) => d.toISOString().replace('T', ' ').slice(0, 19).replace(/-/g, '/');

export type RequestCreationServiceDeps = {
  db: Db;
  repository: RequestCreationRepository;
  catalog: CatalogService;
  matching: MatchingService;
  vehicles: VehiclesService;
  clock: () => Date;
  publicUrl: string;
};

/** What the lines of a request were, as the pricing functions read them. */
export function toServiceLine(
  row: LineRow,
  includes: Map<number, number[]>,
): ServiceLine & { lineId: number } {
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

export function toCreatedLine(row: LineRow): TCreatedLine {
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

export type RequestCreationContext = ReturnType<typeof createRequestCreationContext>;

export function createRequestCreationContext(deps: RequestCreationServiceDeps) {
  const { repository } = deps;

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
    // A booking may not put work on a day the installer closed (row 66).
    if (isBooked) await assertDaysOpen(tx, installerId, listPlannedWorkDates(planned));
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
        now: new Date(),
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

  /**
   * The new-request e-mails of a dealer's request, in the caller's transaction: one to each specialist holding
   * an offer (and one to a team contact); dedupe keys make a second call a no-op.
   */
  async function queueRequestEmails(tx: Tx, auth: AuthContext, request: RequestRow, contactId?: number) {
    const dealer = await repository.findDealer(tx, auth.companyId);
    const offers = (await deps.matching.listLiveOffers(tx, request.id))
      .filter((o) => o.status === 'offered')
      .sort((a, b) => a.installerId - b.installerId);
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

  return { ...deps, capacityOf, planInstallerCalendar, applyTotals, lineValues, queueRequestEmails };
}
