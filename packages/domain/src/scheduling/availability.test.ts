import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { WorkStatus } from '../service-requests/calendar-status';
import {
  type CalendarEntry,
  calendarHorizonDays,
  computeAvailability,
  computeAvailabilitySummary,
  computeCapacityUsedPercent,
  isDayBlocked,
  listBlockedDays,
  listCalendarDays,
  overCapacityWarning,
} from './availability';
import { addDays, diffDays, listDays } from './dates';
import { countWholeDays } from './job-dates';

const today = '2025-03-10';

function entry(
  requestId: number,
  workDate: string,
  durationDays = 1,
  workStatus: WorkStatus = 'booked',
): CalendarEntry {
  return { requestId, workDate, durationDays, workStatus };
}

/** `count` distinct one-request jobs on `date`. */
function fill(date: string, count: number, firstId = 1000, durationDays = 1): CalendarEntry[] {
  return Array.from({ length: count }, (_, i) => entry(firstId + i, date, durationDays));
}

describe('computeAvailability (000 shape)', () => {
  const base = { today, capacity: 2, durationDays: 1 };
  it.each<{
    name: string;
    checkDate: string;
    durationDays?: number;
    capacity?: number | null;
    entries: CalendarEntry[];
    excludeRequestId?: number;
    horizonDays?: number;
    expected: Partial<ReturnType<typeof computeAvailability>>;
  }>([
    {
      name: 'empty calendar',
      checkDate: '2025-03-12',
      durationDays: 3,
      entries: [],
      expected: {
        nextStart: '2025-03-12',
        canFit: true,
        totalJobDays: 0,
        availableSlots: 6,
        existingJobs: 0,
      },
    },
    {
      name: 'a date before today is read as today',
      checkDate: '2025-03-01',
      entries: [],
      expected: { nextStart: today, canFit: true },
    },
    {
      name: 'a full day cannot take the job; the next day can',
      checkDate: '2025-03-12',
      entries: fill('2025-03-12', 2),
      expected: {
        nextStart: '2025-03-13',
        canFit: false,
        totalJobDays: 2,
        availableSlots: 0,
        existingJobs: 2,
      },
    },
    {
      name: 'one unit left is enough',
      checkDate: '2025-03-12',
      entries: fill('2025-03-12', 1),
      expected: {
        nextStart: '2025-03-12',
        canFit: true,
        totalJobDays: 1,
        availableSlots: 1,
        existingJobs: 1,
      },
    },
    {
      name: 'a multi-day job skips past a full day inside its span',
      checkDate: '2025-03-12',
      durationDays: 3,
      entries: fill('2025-03-13', 2),
      expected: {
        nextStart: '2025-03-14',
        canFit: false,
        totalJobDays: 2,
        availableSlots: 4,
        existingJobs: 2,
      },
    },
    {
      name: 'fractional durations occupy whole days (2.5 → 3)',
      checkDate: '2025-03-12',
      durationDays: 2.5,
      entries: fill('2025-03-14', 2),
      expected: { nextStart: '2025-03-15', canFit: false },
    },
    {
      name: 'a long job that began before the window still occupies its remaining days',
      checkDate: '2025-03-12',
      entries: [entry(1, '2025-03-05', 10), entry(2, '2025-03-08', 5)],
      expected: { nextStart: '2025-03-13', canFit: false, totalJobDays: 2 },
    },
    {
      name: 'draft and finished days do not block',
      checkDate: '2025-03-12',
      entries: [
        entry(1, '2025-03-12', 1, 'draft'),
        entry(2, '2025-03-12', 1, 'finished'),
        entry(3, '2025-03-12'),
      ],
      expected: { nextStart: '2025-03-12', canFit: true, totalJobDays: 1, existingJobs: 1 },
    },
    {
      name: 'pending and started days block (K20)',
      checkDate: '2025-03-12',
      entries: [entry(1, '2025-03-12', 1, 'pending'), entry(2, '2025-03-12', 1, 'started')],
      expected: { nextStart: '2025-03-13', canFit: false, existingJobs: 2 },
    },
    {
      name: 'rows of one request on the same days count once',
      checkDate: '2025-03-12',
      entries: [
        entry(1, '2025-03-12', 2),
        entry(1, '2025-03-12', 1),
        entry(1, '2025-03-13', 1),
        entry(2, '2025-03-13'),
      ],
      expected: { nextStart: '2025-03-12', canFit: true, totalJobDays: 1, existingJobs: 1 },
    },
    {
      name: "the request's own days do not count against it",
      checkDate: '2025-03-12',
      entries: [entry(7, '2025-03-12'), entry(8, '2025-03-12')],
      excludeRequestId: 7,
      expected: { nextStart: '2025-03-12', canFit: true, totalJobDays: 1, existingJobs: 1 },
    },
    {
      name: 'nothing fits within the horizon',
      checkDate: today,
      horizonDays: 5,
      entries: listDays(today, addDays(today, 9)).flatMap((d, i) => fill(d, 2, 100 + i * 10)),
      expected: { nextStart: null, canFit: false },
    },
    {
      name: 'missing capacity means 8 per day',
      checkDate: '2025-03-12',
      capacity: null,
      entries: fill('2025-03-12', 7),
      expected: { nextStart: '2025-03-12', canFit: true, availableSlots: 1 },
    },
    {
      name: 'zero capacity also falls back to 8',
      checkDate: '2025-03-12',
      capacity: 0,
      entries: fill('2025-03-12', 8),
      expected: { nextStart: '2025-03-13', canFit: false, availableSlots: 0 },
    },
  ])('$name', ({ expected, ...query }) => {
    const result = computeAvailability({ ...base, ...query });
    expect(result).toMatchObject(expected);
  });
});

describe('computeAvailabilitySummary (001 shape)', () => {
  const base = { today, capacity: 2 };
  it.each<{
    name: string;
    checkDate?: string | null;
    durationDays: number;
    dueDate?: string | null;
    entries: CalendarEntry[];
    excludeRequestId?: number;
    expected: Partial<ReturnType<typeof computeAvailabilitySummary>>;
  }>([
    {
      name: 'without checkDate the requested date is the first day that fits',
      durationDays: 1,
      entries: [...fill(today, 2), ...fill('2025-03-11', 2, 2000)],
      expected: { nextStart: '2025-03-12', requestedDate: '2025-03-12', meetsDeadline: true, warning: null },
    },
    {
      name: 'a free requested day before the due date is green',
      checkDate: '2025-03-12',
      durationDays: 2,
      dueDate: '2025-03-13',
      entries: [],
      expected: { requestedDate: '2025-03-12', meetsDeadline: true, warning: null, draftConflicts: [] },
    },
    {
      name: 'finishing after the due date misses the deadline',
      checkDate: '2025-03-12',
      durationDays: 3,
      dueDate: '2025-03-13',
      entries: [],
      expected: { meetsDeadline: false, warning: null },
    },
    {
      name: 'a full requested day is fine while a later start still meets the deadline',
      checkDate: '2025-03-12',
      durationDays: 1,
      dueDate: '2025-03-14',
      entries: fill('2025-03-12', 2),
      expected: { nextStart: '2025-03-13', meetsDeadline: true, warning: null },
    },
    {
      name: 'no start up to the deadline fits: over capacity warning',
      checkDate: '2025-03-12',
      durationDays: 1,
      dueDate: '2025-03-13',
      entries: [...fill('2025-03-12', 2), ...fill('2025-03-13', 2, 2000)],
      expected: { nextStart: '2025-03-14', meetsDeadline: true, warning: overCapacityWarning },
    },
    {
      name: 'without a due date the requested days themselves must fit',
      checkDate: '2025-03-12',
      durationDays: 2,
      entries: fill('2025-03-13', 2),
      expected: { nextStart: '2025-03-14', meetsDeadline: true, warning: overCapacityWarning },
    },
    {
      name: 'overlapping drafts are reported once each, with their whole span, in date order',
      checkDate: '2025-03-12',
      durationDays: 2,
      entries: [
        entry(5, '2025-03-13', 1, 'draft'),
        entry(4, '2025-03-11', 2, 'draft'),
        entry(5, '2025-03-14', 1, 'draft'),
        entry(6, '2025-03-15', 1, 'draft'),
        entry(9, '2025-03-12', 1, 'draft'),
      ],
      excludeRequestId: 9,
      expected: {
        warning: null,
        draftConflicts: [
          { requestId: 4, workDate: '2025-03-11', endDate: '2025-03-12' },
          { requestId: 5, workDate: '2025-03-13', endDate: '2025-03-14' },
        ],
      },
    },
  ])('$name', ({ expected, ...query }) => {
    expect(computeAvailabilitySummary({ ...base, ...query })).toMatchObject(expected);
  });
});

describe('isDayBlocked (K62: booked units ≥ 2 × capacity)', () => {
  it.each<{ booked: number; capacity: number | null; blocked: boolean }>([
    { booked: 0, capacity: 2, blocked: false },
    { booked: 3, capacity: 2, blocked: false },
    { booked: 4, capacity: 2, blocked: true },
    { booked: 5, capacity: 2, blocked: true },
    { booked: 1, capacity: 1, blocked: false },
    { booked: 2, capacity: 1, blocked: true },
    { booked: 15, capacity: null, blocked: false },
    { booked: 16, capacity: null, blocked: true },
    { booked: 15, capacity: 0, blocked: false },
    { booked: 16, capacity: 0, blocked: true },
    { booked: 7, capacity: 4, blocked: false },
    { booked: 8, capacity: 4, blocked: true },
  ])('$booked booked units at capacity $capacity → blocked $blocked', ({ booked, capacity, blocked }) => {
    expect(isDayBlocked(booked, capacity)).toBe(blocked);
  });
});

describe('listCalendarDays (row 64: booked days, today through today + 60)', () => {
  it.each<{
    name: string;
    capacity?: number | null;
    entries: CalendarEntry[];
    horizonDays?: number;
    expected: { workDate: string; capacity: number; blocked: boolean }[];
  }>([
    { name: 'an empty calendar has no rows', capacity: 2, entries: [], expected: [] },
    {
      name: 'blocked at twice the capacity, not one unit below',
      capacity: 2,
      entries: [...fill('2025-03-13', 3, 2000), ...fill('2025-03-12', 4)],
      expected: [
        { workDate: '2025-03-12', capacity: 4, blocked: true },
        { workDate: '2025-03-13', capacity: 3, blocked: false },
      ],
    },
    {
      name: 'multi-day jobs count on each of their days; drafts and finished work do not count',
      capacity: 2,
      entries: [
        ...fill('2025-03-11', 4, 1000, 3),
        ...[1, 2, 3, 4].map((id) => entry(id, '2025-03-20', 1, 'draft')),
        entry(5, '2025-03-20', 1, 'finished'),
        entry(6, '2025-03-20', 1, 'pending'),
        entry(7, '2025-03-20', 1, 'started'),
      ],
      expected: [
        { workDate: '2025-03-11', capacity: 4, blocked: true },
        { workDate: '2025-03-12', capacity: 4, blocked: true },
        { workDate: '2025-03-13', capacity: 4, blocked: true },
        { workDate: '2025-03-20', capacity: 2, blocked: false },
      ],
    },
    {
      name: 'one job with several rows on a day counts once',
      capacity: 1,
      entries: [entry(1, '2025-03-12'), entry(1, '2025-03-12'), entry(2, '2025-03-12', 1, 'pending')],
      expected: [{ workDate: '2025-03-12', capacity: 2, blocked: true }],
    },
    {
      name: 'from today through today + 60: days before today and after the horizon are left out',
      capacity: null,
      entries: [
        ...fill('2025-03-09', 16, 1000, 2),
        ...fill(addDays(today, 60), 16, 2000),
        ...fill(addDays(today, 61), 16, 3000),
      ],
      expected: [
        { workDate: today, capacity: 16, blocked: true },
        { workDate: addDays(today, 60), capacity: 16, blocked: true },
      ],
    },
    {
      name: 'a shorter horizon',
      capacity: 1,
      horizonDays: 2,
      entries: [entry(1, today, 5)],
      expected: [
        { workDate: today, capacity: 1, blocked: false },
        { workDate: '2025-03-11', capacity: 1, blocked: false },
        { workDate: '2025-03-12', capacity: 1, blocked: false },
      ],
    },
  ])('$name', ({ capacity, entries, horizonDays, expected }) => {
    const installerCapacity = capacity ? capacity : 8;
    const days = listCalendarDays({ today, capacity, entries, horizonDays });
    expect(days).toEqual(expected.map((d) => ({ ...d, installerCapacity })));
    expect(listBlockedDays({ today, capacity, entries, horizonDays })).toEqual(
      expected.filter((d) => d.blocked).map((d) => d.workDate),
    );
  });
});

describe('computeCapacityUsedPercent (K64)', () => {
  it.each<{
    name: string;
    from: string;
    to: string;
    capacity?: number | null;
    entries: CalendarEntry[];
    expected: number;
  }>([
    { name: 'empty', from: '2025-03-10', to: '2025-03-16', capacity: 8, entries: [], expected: 0 },
    {
      name: 'jobs spread over their days, clipped to the range',
      from: '2025-03-10',
      to: '2025-03-16',
      capacity: 2,
      entries: [entry(1, '2025-03-10', 3), entry(2, '2025-03-16', 2), entry(3, '2025-03-08', 3)],
      expected: ((3 + 1 + 1) / (2 * 7)) * 100,
    },
    {
      name: 'drafts are not used capacity; finished work is',
      from: '2025-03-10',
      to: '2025-03-10',
      capacity: 4,
      entries: [entry(1, '2025-03-10', 1, 'draft'), entry(2, '2025-03-10', 1, 'finished')],
      expected: 25,
    },
    {
      name: 'over capacity goes over 100',
      from: '2025-03-10',
      to: '2025-03-10',
      capacity: 1,
      entries: fill('2025-03-10', 3),
      expected: 300,
    },
    {
      name: 'a reversed range is 0',
      from: '2025-03-10',
      to: '2025-03-09',
      capacity: 8,
      entries: fill('2025-03-10', 3),
      expected: 0,
    },
    {
      name: 'missing capacity is 8',
      from: '2025-03-10',
      to: '2025-03-10',
      capacity: null,
      entries: fill('2025-03-10', 2),
      expected: 25,
    },
  ])('$name', ({ from, to, entries, capacity, expected }) => {
    expect(computeCapacityUsedPercent({ from, to }, entries, capacity)).toBeCloseTo(expected, 10);
  });
});

/** Obvious per-day reference: for each day, count the requests with a blocking entry on it. */
function naiveLoad(day: string, entries: readonly CalendarEntry[]): number {
  const ids = new Set<number>();
  for (const e of entries) {
    if (e.workStatus !== 'booked' && e.workStatus !== 'pending' && e.workStatus !== 'started') continue;
    const offset = diffDays(e.workDate, day);
    if (offset >= 0 && offset < countWholeDays(e.durationDays)) ids.add(e.requestId);
  }
  return ids.size;
}

describe('against a naive per-day reference (property)', () => {
  const arbEntry = fc.record({
    requestId: fc.integer({ min: 1, max: 12 }),
    workDate: fc.integer({ min: -5, max: 40 }).map((n) => addDays(today, n)),
    durationDays: fc.oneof(fc.integer({ min: 0, max: 6 }), fc.double({ min: 0, max: 6, noNaN: true })),
    workStatus: fc.constantFrom<WorkStatus>('draft', 'pending', 'booked', 'started', 'finished'),
  });

  it('nextStart and canFit match a day-by-day search', () => {
    fc.assert(
      fc.property(
        fc.array(arbEntry, { maxLength: 40 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 3 }),
        (entries, offset, durationDays, capacity) => {
          const checkDate = addDays(today, offset);
          const horizonDays = 30;
          const fits = (start: string) =>
            listDays(start, addDays(start, durationDays - 1)).every(
              (d) => naiveLoad(d, entries) + 1 <= capacity,
            );
          const expectedNext =
            listDays(checkDate, addDays(checkDate, horizonDays - 1)).find((d) => fits(d)) ?? null;
          const result = computeAvailability({
            checkDate,
            today,
            durationDays,
            capacity,
            entries,
            horizonDays,
          });
          expect(result.nextStart).toBe(expectedNext);
          expect(result.canFit).toBe(fits(checkDate));
          const span = listDays(checkDate, addDays(checkDate, durationDays - 1));
          expect(result.totalJobDays).toBe(span.reduce((sum, d) => sum + naiveLoad(d, entries), 0));
        },
      ),
    );
  });

  it('blocked days match a day-by-day count', () => {
    fc.assert(
      fc.property(
        fc.array(arbEntry, { maxLength: 60 }),
        fc.integer({ min: 1, max: 3 }),
        (entries, capacity) => {
          const days = listDays(today, addDays(today, calendarHorizonDays));
          expect(listBlockedDays({ today, capacity, entries })).toEqual(
            days.filter((d) => naiveLoad(d, entries) >= 2 * capacity),
          );
          expect(listCalendarDays({ today, capacity, entries }).map((d) => [d.workDate, d.capacity])).toEqual(
            days.map((d) => [d, naiveLoad(d, entries)]).filter(([, load]) => load !== 0),
          );
        },
      ),
    );
  });
});

describe('cost', () => {
  it('handles 2,000 calendar entries quickly (O(days + entries))', () => {
    const entries = Array.from({ length: 2000 }, (_, i) =>
      entry(i % 500, addDays(today, (i * 7) % 90), 1 + (i % 4), i % 5 === 0 ? 'draft' : 'booked'),
    );
    const started = performance.now();
    for (let i = 0; i < 50; i++) {
      computeAvailability({
        checkDate: addDays(today, i % 30),
        today,
        durationDays: 3,
        capacity: 8,
        entries,
      });
      computeAvailabilitySummary({
        checkDate: addDays(today, i % 30),
        today,
        durationDays: 3,
        dueDate: addDays(today, 40),
        capacity: 8,
        entries,
      });
    }
    const perCall = (performance.now() - started) / 100;
    expect(perCall).toBeLessThan(20); // target is < 5 ms p95 (bench); a loose bound keeps CI stable
  });
});
