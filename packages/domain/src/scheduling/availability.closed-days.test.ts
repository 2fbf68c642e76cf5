import { describe, expect, it } from 'vitest';
import {
  type CalendarEntry,
  computeAvailability,
  computeAvailabilitySummary,
  listBlockedDays,
  listCalendarDays,
} from './availability';

/** The installer's closed days (row 66, issue 12): a closed day has no capacity at all. */
const today = '2025-03-10';
const booked = (requestId: number, workDate: string, durationDays = 1): CalendarEntry => ({
  requestId,
  workDate,
  durationDays,
  workStatus: 'booked',
});

describe('computeAvailability with closed days', () => {
  const base = { today, capacity: 2, durationDays: 1, entries: [] as CalendarEntry[] };

  it('a job cannot start on a closed day: canFit is false, nextStart is the next open day, no slots', () => {
    const result = computeAvailability({ ...base, checkDate: '2025-03-12', closedDays: ['2025-03-12'] });
    expect(result).toEqual({
      nextStart: '2025-03-13',
      canFit: false,
      totalJobDays: 0,
      availableSlots: 0,
      existingJobs: 0,
    });
  });

  it('a multi-day job cannot span a closed day: it starts after it', () => {
    const result = computeAvailability({
      ...base,
      durationDays: 3,
      checkDate: '2025-03-11',
      closedDays: ['2025-03-13'],
    });
    expect(result.canFit).toBe(false);
    expect(result.nextStart).toBe('2025-03-14');
    // Two open days of the three still offer their capacity.
    expect(result.availableSlots).toBe(4);
  });

  it('closed days and full days together: the first day that is neither', () => {
    const entries = [booked(1, '2025-03-13'), booked(2, '2025-03-13')];
    const result = computeAvailability({
      ...base,
      entries,
      checkDate: '2025-03-12',
      closedDays: ['2025-03-12', '2025-03-14'],
    });
    expect(result.nextStart).toBe('2025-03-15');
  });

  it('closed days outside the window change nothing', () => {
    const result = computeAvailability({
      ...base,
      checkDate: '2025-03-12',
      closedDays: ['2025-03-01', '2026-01-01'],
    });
    expect(result).toMatchObject({ nextStart: '2025-03-12', canFit: true, availableSlots: 2 });
  });
});

describe('computeAvailabilitySummary with closed days', () => {
  it('without a checkDate the requested date skips closed days; with one, the banner warns', () => {
    const closedDays = ['2025-03-10', '2025-03-11'];
    const first = computeAvailabilitySummary({ today, durationDays: 1, entries: [], closedDays });
    expect(first.requestedDate).toBe('2025-03-12');
    expect(first.nextStart).toBe('2025-03-12');

    const onClosed = computeAvailabilitySummary({
      today,
      durationDays: 1,
      entries: [],
      closedDays,
      checkDate: '2025-03-11',
      dueDate: '2025-03-11',
    });
    expect(onClosed.requestedDate).toBe('2025-03-11');
    expect(onClosed.nextStart).toBe('2025-03-12');
    expect(onClosed.warning).not.toBeNull();
  });
});

describe('listCalendarDays (row 64) with closed days', () => {
  it('lists closed days as blocked and closed, merged in date order with the booked days', () => {
    const entries = [booked(1, '2025-03-12'), booked(2, '2025-03-14')];
    const days = listCalendarDays({
      today,
      capacity: 8,
      entries,
      closedDays: ['2025-03-13', '2025-03-14', '2025-03-09', '2025-12-31'],
    });
    expect(days).toEqual([
      { workDate: '2025-03-12', capacity: 1, installerCapacity: 8, blocked: false },
      { workDate: '2025-03-13', capacity: 0, installerCapacity: 8, blocked: true, closed: true },
      { workDate: '2025-03-14', capacity: 1, installerCapacity: 8, blocked: true, closed: true },
    ]);
    expect(listBlockedDays({ today, capacity: 8, entries, closedDays: ['2025-03-13'] })).toEqual([
      '2025-03-13',
    ]);
  });
});
