import { describe, expect, it } from 'vitest';
import { checkCalendarPeriod, computeCalendarOverview, type PeriodRow } from './calendar-period';

const row = (overrides: Partial<PeriodRow>): PeriodRow => ({
  requestId: 1,
  workDate: '2026-03-08',
  workStatus: 'booked',
  lineFirstDay: true,
  amountCents: 10_000,
  discountCents: 0,
  ...overrides,
});

describe('calendar period', () => {
  it('takes periods of one day up to 62 days apart, in order, of real days', () => {
    expect(checkCalendarPeriod('2026-03-08', '2026-03-08')).toBeNull();
    expect(checkCalendarPeriod('2026-01-01', '2026-03-04')).toBeNull(); // 62 days apart
    expect(checkCalendarPeriod('2026-01-01', '2026-03-05')).toMatch(/at most 62 days/);
    expect(checkCalendarPeriod('2026-03-09', '2026-03-08')).toBe('to must not be before from');
    expect(checkCalendarPeriod('2026-02-30', '2026-03-08')).toMatch(/^from must be/);
    expect(checkCalendarPeriod('2026-03-01', 'soon')).toMatch(/^to must be/);
  });

  it('counts one unit per job and day, skips drafts, and counts a line’s revenue on its first day only', () => {
    const overview = computeCalendarOverview({
      from: '2026-03-08',
      to: '2026-03-09',
      capacity: 2,
      rows: [
        row({ requestId: 1, workDate: '2026-03-08', amountCents: 150_000, discountCents: 10_000 }),
        row({ requestId: 1, workDate: '2026-03-08', amountCents: 50_000 }), // a second line the same day
        row({ requestId: 1, workDate: '2026-03-09', lineFirstDay: false, amountCents: 50_000 }),
        row({ requestId: 2, workDate: '2026-03-09', workStatus: 'draft', amountCents: 20_000 }),
        row({ requestId: 3, workDate: '2026-03-10', amountCents: 99_999 }), // outside the period
      ],
    });
    expect(overview).toEqual({
      jobs: 2,
      jobDays: 2,
      days: 2,
      capacityPerDay: 2,
      capacityUsedPercent: 50,
      revenueCents: 210_000,
    });
  });

  it('rounds Capacity Used % to one decimal and never divides by zero capacity', () => {
    const rows = [row({ requestId: 1 }), row({ requestId: 2 })];
    expect(
      computeCalendarOverview({ from: '2026-03-08', to: '2026-03-14', capacity: 3, rows }),
    ).toMatchObject({
      capacityUsedPercent: 9.5, // 2 / 21
    });
    expect(
      computeCalendarOverview({ from: '2026-03-08', to: '2026-03-08', capacity: 0, rows }),
    ).toMatchObject({
      capacityPerDay: 1,
      capacityUsedPercent: 200,
    });
  });
});
