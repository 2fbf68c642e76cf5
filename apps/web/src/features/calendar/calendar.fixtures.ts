import type { TCalendarEntry, TCalendarPeriodReply } from '@app/contracts/calendar.contract';
import { listDays } from '@app/domain/scheduling/dates';

/** A calendar entry of row 65 for web tests: one booked one-day line of job 41 unless told otherwise. */
export function buildEntry(overrides: Partial<TCalendarEntry> = {}): TCalendarEntry {
  const workDate = overrides.workDate ?? '2026-03-08';
  const workStatus = overrides.workStatus ?? 'booked';
  const eventId = overrides.eventId ?? null;
  return {
    requestId: 41,
    serviceId: 401,
    requestType: 'installer',
    workDate,
    work_date: workDate,
    dueDate: '2026-03-10',
    duration: 1,
    category: 'PPF',
    description: 'Full Front',
    year: 2024,
    make: 'Tesla',
    model: 'Model 3',
    trim: 'Long Range',
    dealerName: null,
    eventId,
    event_id: eventId,
    serviceAmount: 1500,
    serviceDiscount: 0,
    serviceAmountCents: 150_000,
    serviceDiscountCents: 0,
    customerName: 'Dana Whitfield',
    workStatus,
    work_status: workStatus,
    dailyWork: 1,
    daily_work: 1,
    serviceNumber: 1,
    serviceCount: 1,
    jobFirstDay: workDate,
    jobLastDay: workDate,
    jobDays: 1,
    multiDay: false,
    jobDuration: 1,
    requestState: 'scheduled',
    lineFirstDay: true,
    ...overrides,
  };
}

/** A period reply of row 65 for web tests, its capacity rows and overview filled in. */
export function buildPeriod(
  from: string,
  to: string,
  entries: TCalendarEntry[] = [],
  overrides: Partial<TCalendarPeriodReply> = {},
): TCalendarPeriodReply {
  const days = listDays(from, to);
  return {
    installerId: 7,
    from,
    to,
    entries,
    capacity: days.map((workDate) => ({ workDate, capacity: 8, booked: 0 })),
    blockedDays: [],
    overview: {
      jobs: new Set(entries.map((e) => e.requestId)).size,
      jobDays: 0,
      days: days.length,
      capacityPerDay: 8,
      capacityUsedPercent: 0,
      revenue: 0,
      revenueCents: 0,
    },
    calendar: { connected: false, calendarId: null },
    ...overrides,
  };
}
