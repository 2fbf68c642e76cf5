import { describe, expect, it } from 'vitest';
import { listPlannedWorkDates, type PlannedLineDay, planCalendarDays, planLineWorkDays } from './work-days';

const row = (requestServiceId: number, workDate: string, dailyWorkTenths: number): PlannedLineDay => ({
  requestServiceId,
  workDate,
  dailyWorkTenths,
});

describe('planLineWorkDays (lines laid out on work days, 10 tenths a day)', () => {
  it.each<{ name: string; lines: { id: number; durationTenths: number }[]; expected: PlannedLineDay[] }>([
    { name: 'no lines, no days', lines: [], expected: [] },
    { name: 'a one-day line', lines: [{ id: 1, durationTenths: 10 }], expected: [row(1, '2025-03-10', 10)] },
    {
      name: 'two half-day lines share the first day',
      lines: [
        { id: 1, durationTenths: 5 },
        { id: 2, durationTenths: 5 },
      ],
      expected: [row(1, '2025-03-10', 5), row(2, '2025-03-10', 5)],
    },
    {
      name: 'a line continues where the previous one stopped',
      lines: [
        { id: 1, durationTenths: 15 },
        { id: 2, durationTenths: 10 },
      ],
      expected: [
        row(1, '2025-03-10', 10),
        row(1, '2025-03-11', 5),
        row(2, '2025-03-11', 5),
        row(2, '2025-03-12', 5),
      ],
    },
    {
      name: 'a line without duration still takes one tenth',
      lines: [
        { id: 1, durationTenths: 0 },
        { id: 2, durationTenths: 10 },
      ],
      expected: [row(1, '2025-03-10', 1), row(2, '2025-03-10', 9), row(2, '2025-03-11', 1)],
    },
    {
      name: 'a three-day line',
      lines: [{ id: 7, durationTenths: 30 }],
      expected: [row(7, '2025-03-10', 10), row(7, '2025-03-11', 10), row(7, '2025-03-12', 10)],
    },
  ])('$name', ({ lines, expected }) => {
    expect(planLineWorkDays(lines, '2025-03-10')).toEqual(expected);
  });

  it('crosses a month and year end on plain days', () => {
    expect(planLineWorkDays([{ id: 1, durationTenths: 25 }], '2025-12-31')).toEqual([
      row(1, '2025-12-31', 10),
      row(1, '2026-01-01', 10),
      row(1, '2026-01-02', 5),
    ]);
  });

  it('the rows add up to the duration and no day holds more than 10 tenths', () => {
    const lines = [3, 12, 7, 0, 25, 10].map((durationTenths, id) => ({ id, durationTenths }));
    const days = planLineWorkDays(lines, '2025-03-10');
    expect(days.reduce((sum, d) => sum + d.dailyWorkTenths, 0)).toBe(3 + 12 + 7 + 1 + 25 + 10);
    const perDay = new Map<string, number>();
    for (const d of days) perDay.set(d.workDate, (perDay.get(d.workDate) ?? 0) + d.dailyWorkTenths);
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(10);
  });
});

describe('planCalendarDays (decision 022: the one calendar model)', () => {
  it('orders the lines by position, then id, before laying them out', () => {
    const lines = [
      { id: 9, durationTenths: 5, position: 1 },
      { id: 4, durationTenths: 10, position: 0 },
      { id: 2, durationTenths: 5, position: 1 },
    ];
    expect(planCalendarDays(lines, 20, '2025-03-10')).toEqual([
      row(4, '2025-03-10', 10),
      row(2, '2025-03-11', 5),
      row(9, '2025-03-11', 5),
    ]);
  });

  it('gives a job without lines one row per day of its duration, without a service', () => {
    expect(planCalendarDays([], 25, '2025-03-10')).toEqual([
      { requestServiceId: null, workDate: '2025-03-10', dailyWorkTenths: 10 },
      { requestServiceId: null, workDate: '2025-03-11', dailyWorkTenths: 10 },
      { requestServiceId: null, workDate: '2025-03-12', dailyWorkTenths: 5 },
    ]);
    expect(planCalendarDays([], 0, '2025-03-10')).toEqual([
      { requestServiceId: null, workDate: '2025-03-10', dailyWorkTenths: 1 },
    ]);
  });

  it('counts a job by its distinct work days, however many lines share a day', () => {
    const lines = [
      { id: 1, durationTenths: 15 },
      { id: 2, durationTenths: 10 },
    ];
    expect(listPlannedWorkDates(planCalendarDays(lines, 25, '2025-03-30'))).toEqual([
      '2025-03-30',
      '2025-03-31',
      '2025-04-01',
    ]);
  });
});
