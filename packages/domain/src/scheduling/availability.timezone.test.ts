/**
 * Zone independence of the scheduling rules. Setting process.env.TZ inside one process is not a
 * reliable switch, so this suite runs as is in whatever zone the process has, and the scheduling
 * suite is run three times (UTC, America/Los_Angeles, Asia/Tokyo). The zone in effect is printed in
 * the describe title. Cases sit on DST changes (US 2025-03-09 / 2025-11-02, EU 2025-03-30 / 2025-10-26)
 * and month, year and leap-day ends, where local-time arithmetic would slip by a day.
 */
import { describe, expect, it } from 'vitest';
import { computeAvailability, computeAvailabilitySummary, listBlockedDays } from './availability';
import { addDays, diffDays, listDays, toIsoDate } from './dates';
import { computeEndDate, computeProposedDueDate } from './job-dates';
import { computeScheduleNotes, computeStartDateBounds } from './start-date-picker';

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const offsetMinutes = new Date(Date.UTC(2025, 0, 1, 12)).getTimezoneOffset();

const edges = ['2025-03-09', '2025-03-30', '2025-10-26', '2025-11-02', '2024-02-28', '2025-12-31'];

describe(`scheduling in time zone ${zone} (UTC offset ${-offsetMinutes} min in January)`, () => {
  it.each(edges)('days around %s are exactly one apart', (day) => {
    expect(listDays(addDays(day, -1), addDays(day, 2))).toHaveLength(4);
    expect(diffDays(addDays(day, -1), addDays(day, 2))).toBe(3);
  });

  it.each(edges)('a 3-day job starting the day before %s ends two days later', (day) => {
    const start = addDays(day, -1);
    expect(computeEndDate(start, 3)).toBe(addDays(day, 1));
    expect(computeProposedDueDate(start, 3)).toBe(addDays(day, 2));
  });

  it.each(edges)('availability across %s', (day) => {
    const today = addDays(day, -3);
    const entries = [
      { requestId: 1, workDate: day, durationDays: 1, workStatus: 'booked' as const },
      { requestId: 2, workDate: addDays(day, -1), durationDays: 2, workStatus: 'booked' as const },
    ];
    const result = computeAvailability({
      checkDate: addDays(day, -1),
      today,
      durationDays: 2,
      capacity: 2,
      entries,
    });
    expect(result).toEqual({
      nextStart: addDays(day, 1),
      canFit: false,
      totalJobDays: 3,
      availableSlots: 1,
      existingJobs: 2,
    });
    const summary = computeAvailabilitySummary({
      checkDate: addDays(day, -1),
      today,
      durationDays: 2,
      dueDate: day,
      capacity: 2,
      entries,
    });
    expect(summary).toMatchObject({
      requestedDate: addDays(day, -1),
      meetsDeadline: true,
      warning: 'May need to work over normal capacity',
    });
    expect(listBlockedDays({ today, capacity: 1, entries })).toEqual([day]);
  });

  it('picker bounds and notes do not move with the zone', () => {
    expect(
      computeStartDateBounds({
        requestType: 'dealer',
        today: '2025-03-08',
        dueDate: '2025-03-10',
        durationDays: 2,
      }),
    ).toEqual({ earliest: '2025-03-08', latest: '2025-03-09', isDueDateMissed: false });
    expect(
      computeScheduleNotes({
        startDate: '2025-11-03',
        durationDays: 1,
        dueDate: '2025-11-03',
        availableDate: '2025-11-01',
      }).map((n) => n.kind),
    ).toEqual(['rescheduled']);
  });

  it('today is the UTC day of the instant, not the local one', () => {
    expect(toIsoDate(new Date('2025-03-09T07:30:00Z'))).toBe('2025-03-09');
    expect(toIsoDate(new Date('2025-03-09T23:59:59.999Z'))).toBe('2025-03-09');
    expect(toIsoDate(new Date('2025-03-10T00:00:00.000Z'))).toBe('2025-03-10');
  });
});
