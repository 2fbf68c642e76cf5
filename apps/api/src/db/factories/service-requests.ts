import {
  calculateQuoteTotals,
  describeServiceRequested as describeRequestedServices,
} from '@app/domain/pricing/quote-total';
import { countWholeDays } from '@app/domain/scheduling/job-dates';
import { type PlannedLineDay, planLineWorkDays } from '@app/domain/scheduling/work-days';
import { eq } from 'drizzle-orm';
import { calendarDays, requestSchedules } from '../schema/calendar';
import { installers } from '../schema/identity';
import {
  requestNotes,
  requestOffers,
  requestServices,
  requestStateHistory,
  serviceRequests,
} from '../schema/service-requests';
import { vehicles } from '../schema/vehicles';
import { addDaysToInstant, type DbOrTx, firstRow, fromIsoDate, nextSequence } from './common';
import { createDealer, createInstaller } from './identity';

export type ServiceRequest = typeof serviceRequests.$inferSelect;
export type RequestService = typeof requestServices.$inferSelect;
export type RequestOffer = typeof requestOffers.$inferSelect;
export type RequestStateRecord = typeof requestStateHistory.$inferSelect;
export type RequestNote = typeof requestNotes.$inferSelect;
export type CalendarDay = typeof calendarDays.$inferSelect;
export type RequestSchedule = typeof requestSchedules.$inferSelect;

export type RequestState =
  | 'new'
  | 'answered'
  | 'scheduled'
  | 'received'
  | 'started'
  | 'finished'
  | 'collected'
  | 'reviewed'
  | 'deleted';
export type WorkStatus = 'draft' | 'pending' | 'booked' | 'started' | 'finished';

/** serviceRequested text (K96): the first line's category and description, then ' + N' for N more. */
export function describeServiceRequested(
  lines: readonly { serviceCategory: string; description: string; customDescription?: string | null }[],
): string {
  return describeRequestedServices(
    lines.map((l) => ({
      category: l.serviceCategory,
      description: l.description,
      customDescription: l.customDescription,
    })),
  );
}

/** Whole days a job of `durationTenths` occupies (the domain's rule: rounded up, at least 1). */
export function jobDays(durationTenths: number): number {
  return countWholeDays(durationTenths / 10);
}

/** Offer status that goes with a request state: offered while new, accepted once answered, then the state itself. */
export function offerStatusForState(state: RequestState): string {
  if (state === 'new') return 'offered';
  if (state === 'answered') return 'accepted';
  return state;
}

const LIFECYCLE: RequestState[] = ['scheduled', 'received', 'started', 'finished', 'collected', 'reviewed'];

/** The history a request in `state` went through, 'created' first (catalogue §3.1). */
export function historyPathFor(requestType: 'dealer' | 'installer', state: RequestState): string[] {
  if (state === 'new') return ['created'];
  if (state === 'answered') return ['created', 'answered'];
  if (state === 'deleted') return ['created', 'deleted'];
  const upTo = LIFECYCLE.slice(0, LIFECYCLE.indexOf(state) + 1);
  return requestType === 'dealer' ? ['created', 'answered', ...upTo] : ['created', ...upTo];
}

export type ServiceLineInput = Omit<Partial<typeof requestServices.$inferInsert>, 'requestId'> & {
  amountCents: number;
};

export type OfferInput = Omit<Partial<typeof requestOffers.$inferInsert>, 'requestId'> & {
  installerId: number;
};

export type HistoryInput = Omit<Partial<typeof requestStateHistory.$inferInsert>, 'requestId'> & {
  requestStatus: string;
  /** Index of the service line the record is about. */
  lineIndex?: number;
};

export type NoteInput = Omit<Partial<typeof requestNotes.$inferInsert>, 'requestId'> & { noteText: string };

export type CalendarInput = {
  /** Defaults to the assigned installer. */
  installerId?: number;
  locationId?: number | null;
  /** First work date, YYYY-MM-DD. */
  startDate: string;
  workStatus: WorkStatus;
  /** Gives each day an external calendar event id (synced). */
  isSynced?: boolean;
};

export type ScheduleInput = { installerId?: number; startDate: Date; installerCapacity?: number | null };

export type CreateServiceRequestOptions = Partial<typeof serviceRequests.$inferInsert> & {
  lines?: ServiceLineInput[];
  /** Sales tax on the lines; defaults to the requesting installer's rate for retail estimates, else 0. */
  taxRateBps?: number;
  /** Defaults to one offer of the assigned installer (none for an open job). */
  offers?: OfferInput[];
  /**
   * 'auto' (default) writes the records of historyPathFor: at `stateDates` where given ('deleted' defaults to
   * deletedAt), the others spread evenly between their neighbours, createdDate and historyUntil.
   */
  history?: 'auto' | 'none' | HistoryInput[];
  historyUntil?: Date;
  stateDates?: Partial<Record<string, Date>>;
  /** Users credited in auto history and notes. */
  actors?: { dealerUserId?: number | null; installerUserId?: number | null };
  calendar?: CalendarInput | CalendarInput[];
  /** Defaults to a schedule from the first booked/started/finished calendar input; false for none. */
  schedule?: ScheduleInput | false;
  notes?: NoteInput[];
};

export type CreatedServiceRequest = {
  request: ServiceRequest;
  lines: RequestService[];
  offers: RequestOffer[];
  history: RequestStateRecord[];
  calendarDays: CalendarDay[];
  schedule: RequestSchedule | null;
  notes: RequestNote[];
};

const WORK_START_HOUR = 8;

/** Start time of a work date. */
function workStart(isoDate: string): Date {
  return new Date(fromIsoDate(isoDate).getTime() + WORK_START_HOUR * 3_600_000);
}

/** The lines over work days from `startDate` ('YYYY-MM-DD'): the domain's layout (10 tenths a day). */
export function planCalendarDays(
  lines: readonly { id: number; durationTenths: number }[],
  startDate: string,
): PlannedLineDay[] {
  return planLineWorkDays(lines, startDate);
}

/**
 * A request or estimate with its service lines and, as asked, offers, state history, notes, calendar days
 * and schedule. Totals, fee, taxes, duration, due date and serviceRequested are computed from the lines
 * unless given. Missing requestor companies are created.
 */
export async function createServiceRequest(
  db: DbOrTx,
  options: CreateServiceRequestOptions = {},
): Promise<CreatedServiceRequest> {
  const {
    lines: lineInputs = [
      { serviceCategory: 'PPF', description: 'Full Front PPF', amountCents: 150_000, durationTenths: 10 },
    ],
    taxRateBps: taxRateInput,
    offers: offerInputs,
    history = 'auto',
    historyUntil = new Date(),
    stateDates = {},
    actors = {},
    calendar,
    schedule: scheduleInput,
    notes: noteInputs = [],
    ...values
  } = options;

  const requestType: 'dealer' | 'installer' =
    values.requestType === 'installer' || (values.requestType == null && values.requestorInstallerId != null)
      ? 'installer'
      : 'dealer';
  const currentState = (values.currentState ?? 'new') as RequestState;
  let { requestorDealerId, requestorInstallerId, assignedInstallerId, dealerId } = values;
  if (requestType === 'dealer') {
    requestorDealerId ??= dealerId ?? (await createDealer(db)).id;
    dealerId ??= requestorDealerId;
    requestorInstallerId = null;
  } else {
    requestorInstallerId ??= assignedInstallerId ?? (await createInstaller(db)).id;
    assignedInstallerId ??= requestorInstallerId;
    requestorDealerId = null;
  }
  const isDealerWork = requestType === 'dealer' || dealerId != null;

  let taxRateBps = taxRateInput ?? 0;
  if (taxRateInput === undefined && !isDealerWork && requestorInstallerId != null) {
    const rows = await db
      .select({ taxRateBps: installers.taxRateBps })
      .from(installers)
      .where(eq(installers.id, requestorInstallerId));
    taxRateBps = rows[0]?.taxRateBps ?? 0;
  }

  let vehicleFields: Partial<typeof serviceRequests.$inferInsert> = {};
  if (values.vehicleId != null) {
    const rows = await db.select().from(vehicles).where(eq(vehicles.id, values.vehicleId));
    const v = rows[0];
    if (v) {
      vehicleFields = {
        vehicleYear: v.year,
        vehicleMake: v.make,
        vehicleModel: v.model,
        vehicleTrim: v.trim,
        vin: v.vin,
        vehicleSize: v.size,
      };
    }
  } else {
    vehicleFields = {
      vehicleYear: 2023,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vehicleTrim: 'SE',
      vin: `NV${Date.now()}${nextSequence()}`,
      vehicleSize: 'M',
    };
  }

  // Totals, per-line fees and clamped discounts are the server's rule (packages/domain pricing, K22–K24).
  const totals = calculateQuoteTotals(
    lineInputs.map((line) => ({
      category: line.serviceCategory ?? 'PPF',
      description: line.description ?? 'Service',
      customDescription: line.customDescription,
      amountCents: line.amountCents,
      discountCents: line.discountCents,
      durationTenths: line.durationTenths,
    })),
    { requestType: isDealerWork ? 'dealer' : 'installer', taxRateBps },
  );
  const normalizedLines = lineInputs.map((line, position) => {
    const priced = totals.lines[position]!;
    return {
      serviceCategory: 'PPF',
      description: 'Service',
      durationTenths: 10,
      serviceState: 'new',
      position,
      ...line,
      discountCents: priced.discountCents,
      feeCents: line.feeCents ?? priced.feeCents,
    };
  });
  const createdDate = values.createdDate ?? new Date();
  const availableDate = values.availableDate ?? createdDate;
  const durationTenths = values.durationTenths ?? totals.totalDuration;
  const calendarInputs = calendar === undefined ? [] : Array.isArray(calendar) ? calendar : [calendar];
  const bookedInput = calendarInputs.find((c) => ['booked', 'started', 'finished'].includes(c.workStatus));
  const scheduleValues: ScheduleInput | null =
    scheduleInput === false
      ? null
      : (scheduleInput ??
        (bookedInput
          ? { installerId: bookedInput.installerId, startDate: workStart(bookedInput.startDate) }
          : null));
  // Decision 8: a wizard proposes available + max(1, round(duration)) days; booking an installer-type job
  // makes its due date the end date (start + duration − 1 day).
  const dueDate =
    values.dueDate !== undefined
      ? values.dueDate
      : requestType === 'installer' && scheduleValues
        ? addDaysToInstant(scheduleValues.startDate, jobDays(durationTenths) - 1)
        : addDaysToInstant(availableDate, Math.max(1, Math.round(durationTenths / 10)));

  const offerStartDefault = calendarInputs[0] ? workStart(calendarInputs[0].startDate) : availableDate;
  const offers: OfferInput[] =
    offerInputs ??
    (assignedInstallerId != null
      ? [
          {
            installerId: assignedInstallerId,
            currentStatus: offerStatusForState(currentState),
            startDate: offerStartDefault,
            endDate: addDaysToInstant(offerStartDefault, jobDays(durationTenths) - 1),
          },
        ]
      : []);
  const mainOffer = offers.find((o) => o.installerId === assignedInstallerId) ?? offers[0];
  const offerState = values.offerState === undefined ? (mainOffer?.currentStatus ?? null) : values.offerState;

  const request = firstRow(
    await db
      .insert(serviceRequests)
      .values({
        installerCatalog: isDealerWork ? 'WHOLE' : 'RETAIL',
        serviceRequested: describeServiceRequested(normalizedLines),
        totalCents: totals.originalTotal,
        discountCents: totals.totalDiscount,
        feeCents: totals.platformFee,
        taxesCents: totals.taxes,
        ...vehicleFields,
        ...values,
        requestType,
        requestorDealerId,
        requestorInstallerId,
        assignedInstallerId: assignedInstallerId ?? null,
        dealerId: dealerId ?? null,
        currentState,
        offerState,
        durationTenths,
        createdDate,
        availableDate,
        dueDate,
        deletedAt: currentState === 'deleted' ? (values.deletedAt ?? historyUntil) : null,
        createdAt: values.createdAt ?? createdDate,
        updatedAt: values.updatedAt ?? historyUntil,
      })
      .returning(),
    'service request',
  );

  const lines =
    normalizedLines.length > 0
      ? await db
          .insert(requestServices)
          .values(normalizedLines.map((line) => ({ ...line, requestId: request.id })))
          .returning()
      : [];
  lines.sort((a, b) => a.position - b.position);

  const insertedOffers =
    offers.length > 0
      ? await db
          .insert(requestOffers)
          .values(
            offers.map((offer) => ({
              dateUpdated: historyUntil,
              createdAt: createdDate,
              ...offer,
              requestId: request.id,
            })),
          )
          .returning()
      : [];

  const historyRows = buildHistory(history, {
    requestType,
    currentState,
    createdDate,
    historyUntil,
    stateDates: request.deletedAt ? { deleted: request.deletedAt, ...stateDates } : stateDates,
    actors,
    lines,
    createdByUserId: values.createdByUserId ?? null,
  });
  const insertedHistory =
    historyRows.length > 0
      ? await db
          .insert(requestStateHistory)
          .values(historyRows.map((row) => ({ ...row, requestId: request.id })))
          .returning()
      : [];

  const dayRows: (typeof calendarDays.$inferInsert)[] = [];
  for (const input of calendarInputs) {
    const installerId = input.installerId ?? assignedInstallerId;
    if (installerId == null) throw new Error('A calendar entry needs an installer');
    for (const day of planCalendarDays(lines, input.startDate)) {
      dayRows.push({
        ...day,
        requestId: request.id,
        installerId,
        locationId: input.locationId ?? null,
        workStatus: input.workStatus,
        eventId: input.isSynced
          ? `evt_${request.id}_${day.requestServiceId}_${day.workDate.replaceAll('-', '')}`
          : null,
      });
    }
  }
  const insertedDays = dayRows.length > 0 ? await db.insert(calendarDays).values(dayRows).returning() : [];

  let schedule: RequestSchedule | null = null;
  if (scheduleValues) {
    const installerId = scheduleValues.installerId ?? assignedInstallerId;
    if (installerId == null) throw new Error('A schedule needs an installer');
    schedule = firstRow(
      await db
        .insert(requestSchedules)
        .values({
          requestId: request.id,
          installerId,
          installerCapacity: scheduleValues.installerCapacity ?? null,
          startDate: scheduleValues.startDate,
          endDate: addDaysToInstant(scheduleValues.startDate, jobDays(durationTenths) - 1),
        })
        .returning(),
      'schedule',
    );
  }

  const insertedNotes =
    noteInputs.length > 0
      ? await db
          .insert(requestNotes)
          .values(
            noteInputs.map((note) => ({
              noteDate: createdDate,
              userId:
                requestType === 'dealer' ? (actors.dealerUserId ?? null) : (actors.installerUserId ?? null),
              userType: requestType,
              ...note,
              requestId: request.id,
            })),
          )
          .returning()
      : [];

  return {
    request,
    lines,
    offers: insertedOffers,
    history: insertedHistory,
    calendarDays: insertedDays,
    schedule,
    notes: insertedNotes,
  };
}

function buildHistory(
  history: 'auto' | 'none' | HistoryInput[],
  context: {
    requestType: 'dealer' | 'installer';
    currentState: RequestState;
    createdDate: Date;
    historyUntil: Date;
    stateDates: Partial<Record<string, Date>>;
    actors: { dealerUserId?: number | null; installerUserId?: number | null };
    lines: RequestService[];
    createdByUserId: number | null;
  },
): Omit<typeof requestStateHistory.$inferInsert, 'requestId'>[] {
  if (history === 'none') return [];
  const lineId = (index: number | undefined) =>
    index === undefined ? null : (context.lines[index]?.id ?? null);
  if (Array.isArray(history)) {
    return history.map(({ lineIndex, ...record }) => ({
      stateDate: context.createdDate,
      requestServiceId: lineId(lineIndex),
      ...record,
    }));
  }
  const path = historyPathFor(context.requestType, context.currentState);
  const times = interpolateTimes(
    path.map((status) => (status === 'created' ? context.createdDate : context.stateDates[status])),
    context.createdDate,
    context.historyUntil,
  );
  // Dealers ASSIGN (→ scheduled) and review; installers do the rest.
  const dealerActs = new Set(['scheduled', 'reviewed']);
  return path.map((status, i) => {
    const stateDate = times[i] ?? context.createdDate;
    let byType: 'dealer' | 'installer';
    if (status === 'created' || status === 'deleted') byType = context.requestType;
    else if (context.requestType === 'dealer' && dealerActs.has(status)) byType = 'dealer';
    else byType = 'installer';
    const byUserId =
      status === 'created'
        ? (context.createdByUserId ?? null)
        : byType === 'dealer'
          ? (context.actors.dealerUserId ?? null)
          : (context.actors.installerUserId ?? null);
    return {
      stateDate,
      requestStatus: status,
      requestServiceId: status === 'started' ? lineId(0) : null,
      changedByUserId: byUserId,
      changedByUserType: byType,
    };
  });
}

/**
 * Fills the missing times of a sequence: each run of unknown times is spread evenly between the known
 * time before it (or `start`) and the known time after it (or `end`, which no record reaches).
 */
function interpolateTimes(known: (Date | undefined)[], start: Date, end: Date): Date[] {
  const result: Date[] = [];
  let previous = start.getTime();
  let i = 0;
  while (i < known.length) {
    const at = known[i];
    if (at) {
      previous = at.getTime();
      result.push(at);
      i += 1;
      continue;
    }
    let j = i;
    while (j < known.length && !known[j]) j += 1;
    const next = j < known.length ? (known[j]?.getTime() ?? end.getTime()) : end.getTime();
    const steps = j - i + 1;
    for (let k = 1; k <= j - i; k += 1) {
      result.push(new Date(previous + Math.floor(((next - previous) * k) / steps)));
    }
    i = j;
  }
  return result;
}
