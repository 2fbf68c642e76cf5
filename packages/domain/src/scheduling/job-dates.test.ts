import { describe, expect, it } from 'vitest';
import { computeBookingDates, computeEndDate, computeProposedDueDate, countWholeDays } from './job-dates';

describe('countWholeDays (decision 8: rounded up, at least 1)', () => {
  it.each([
    [1, 1],
    [0.1, 1],
    [0.5, 1],
    [1.2, 2],
    [2, 2],
    [2.5, 3],
    [0, 1],
    [-3, 1],
    [Number.NaN, 1],
    [Number.POSITIVE_INFINITY, 1],
    [null, 1],
    [undefined, 1],
  ])('%s days → %i', (duration, expected) => {
    expect(countWholeDays(duration)).toBe(expected);
  });
});

describe('computeEndDate (end = start + duration − 1 day)', () => {
  it.each([
    ['2025-01-06', 1, '2025-01-06'],
    ['2025-01-06', 2, '2025-01-07'],
    ['2025-01-06', 1.5, '2025-01-07'],
    ['2025-01-06', 0.5, '2025-01-06'],
    ['2025-01-30', 3, '2025-02-01'],
    ['2024-02-28', 2, '2024-02-29'],
    ['2025-12-31', 2, '2026-01-01'],
  ])('start %s, %s days → %s', (start, duration, expected) => {
    expect(computeEndDate(start, duration)).toBe(expected);
  });
});

describe('computeProposedDueDate (available + max(1, round(duration)))', () => {
  it.each([
    ['2025-01-06', 1, '2025-01-07'],
    ['2025-01-06', 0.4, '2025-01-07'],
    ['2025-01-06', 0, '2025-01-07'],
    ['2025-01-06', 1.4, '2025-01-07'],
    ['2025-01-06', 1.5, '2025-01-08'],
    ['2025-01-06', 3, '2025-01-09'],
    ['2025-01-06', Number.NaN, '2025-01-07'],
  ])('available %s, %s days → %s', (available, duration, expected) => {
    expect(computeProposedDueDate(available, duration)).toBe(expected);
  });

  it('differs from the end date of a job starting that day by one day', () => {
    expect(computeProposedDueDate('2025-01-06', 3)).toBe('2025-01-09');
    expect(computeEndDate('2025-01-06', 3)).toBe('2025-01-08');
  });
});

describe('computeBookingDates', () => {
  it.each([
    ['installer', '2025-01-06', 2, '2025-01-20', { endDate: '2025-01-07', dueDate: '2025-01-07' }],
    ['installer', '2025-01-06', 1, null, { endDate: '2025-01-06', dueDate: '2025-01-06' }],
    ['dealer', '2025-01-06', 2, '2025-01-20', { endDate: '2025-01-07', dueDate: '2025-01-20' }],
    ['dealer', '2025-01-06', 2, null, { endDate: '2025-01-07', dueDate: null }],
  ] as const)(
    '%s job from %s, %i days, due %s',
    (requestType, startDate, durationDays, dueDate, expected) => {
      expect(computeBookingDates({ requestType, startDate, durationDays, dueDate })).toEqual({
        startDate,
        ...expected,
      });
    },
  );
});
