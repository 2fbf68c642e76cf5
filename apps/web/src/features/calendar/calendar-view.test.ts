import { describe, expect, it } from 'vitest';
import { buildEntry } from './calendar.fixtures';
import {
  describeCalendarRange,
  describeDayTitle,
  describeMultiDay,
  describeRevenueLabel,
  describeServiceNumber,
  describeVehicle,
  groupByDay,
  listUnsynced,
  rangeOfView,
  readCalendarView,
  stepView,
  weekStartOf,
  writeCalendarView,
} from './calendar-view';

describe('calendar view', () => {
  const today = '2026-03-11'; // a Wednesday

  it('opens on the current week (Sunday to Saturday); phones always show the week', () => {
    const view = readCalendarView(new URLSearchParams(), today, false);
    expect(view).toEqual({ mode: 'week', anchor: today });
    expect(rangeOfView(view)).toEqual({ from: '2026-03-08', to: '2026-03-14' });
    expect(readCalendarView(new URLSearchParams('view=month&date=2026-02-10'), today, true)).toEqual({
      mode: 'week',
      anchor: '2026-02-10',
    });
    expect(readCalendarView(new URLSearchParams('view=bogus&date=2026-02-30'), today, false)).toEqual({
      mode: 'week',
      anchor: today,
    });
  });

  it('steps day, week and month, across the DST change and the year end', () => {
    expect(rangeOfView(stepView({ mode: 'day', anchor: '2026-03-08' }, 1))).toEqual({
      from: '2026-03-09',
      to: '2026-03-09',
    });
    expect(rangeOfView(stepView({ mode: 'week', anchor: '2026-03-04' }, 1))).toEqual({
      from: '2026-03-08',
      to: '2026-03-14',
    });
    expect(rangeOfView(stepView({ mode: 'month', anchor: '2026-01-31' }, 1))).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(rangeOfView(stepView({ mode: 'week', anchor: '2026-12-30' }, 1))).toEqual({
      from: '2027-01-03',
      to: '2027-01-09',
    });
    expect(weekStartOf('2026-03-11')).toBe('2026-03-08');
  });

  it('labels the range and the revenue card', () => {
    expect(describeCalendarRange({ mode: 'month', anchor: '2026-03-11' })).toBe('March 2026');
    expect(describeCalendarRange({ mode: 'week', anchor: '2026-03-11' })).toMatch(/Mar 8 – Mar 14, 2026/);
    expect(describeRevenueLabel('day')).toBe('Day Revenue');
    expect(describeRevenueLabel('week')).toBe('Week Revenue');
    expect(describeRevenueLabel('month')).toBe('Month Revenue');
    expect(describeDayTitle('2026-03-08')).toBe('Sunday, March 8');
  });

  it('writes the view into the address, keeping other parameters', () => {
    const params = new URLSearchParams('installer_id=7');
    expect(writeCalendarView(params, { mode: 'month', anchor: '2026-04-01' }, today).toString()).toBe(
      'installer_id=7&view=month&date=2026-04-01',
    );
    expect(writeCalendarView(params, { mode: 'week', anchor: today }, today).toString()).toBe(
      'installer_id=7',
    );
  });

  it('marks multi-day jobs with the day number, and the service number within the job', () => {
    const entry = buildEntry({
      workDate: '2026-03-09',
      jobFirstDay: '2026-03-07',
      jobLastDay: '2026-03-09',
      jobDays: 3,
      multiDay: true,
      serviceNumber: 2,
      serviceCount: 3,
    });
    expect(describeMultiDay(entry)).toBe('Day 3 of 3');
    expect(describeMultiDay(buildEntry())).toBeNull();
    expect(describeServiceNumber(entry)).toBe('Service 2 of 3');
    expect(describeVehicle(entry)).toBe('2024 Tesla Model 3 Long Range');
  });

  it('groups entries per day and job, with booked and needs-sync counts, today and closed days', () => {
    const entries = [
      buildEntry({ workDate: '2026-03-09', requestId: 1, serviceId: 11 }),
      buildEntry({ workDate: '2026-03-09', requestId: 1, serviceId: 12, serviceNumber: 2, serviceCount: 2 }),
      buildEntry({ workDate: '2026-03-09', requestId: 2, serviceId: 21, eventId: 'evt-2' }),
      buildEntry({ workDate: '2026-03-11', requestId: 3, serviceId: 31, workStatus: 'draft' }),
    ];
    const period = {
      from: '2026-03-08',
      to: '2026-03-14',
      entries,
      blockedDays: [{ workDate: '2026-03-13', reason: 'Training' }],
    };
    const week = groupByDay(period, 'week', today);
    expect(week.map((d) => d.date)).toEqual([
      '2026-03-08',
      '2026-03-09',
      '2026-03-10',
      '2026-03-11',
      '2026-03-12',
      '2026-03-13',
      '2026-03-14',
    ]);
    const monday = week[1];
    expect(monday?.jobs.map((j) => [j.requestId, j.entries.length])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(monday).toMatchObject({ bookedCount: 3, needsSyncCount: 2, isToday: false, blockedReason: null });
    expect(week[3]).toMatchObject({ isToday: true, bookedCount: 0, needsSyncCount: 0 });
    expect(week[5]).toMatchObject({ blockedReason: 'Training', jobs: [] });
    // A month lists only days with work, a closed day or today.
    const month = groupByDay({ ...period, from: '2026-03-01', to: '2026-03-31' }, 'month', today);
    expect(month.map((d) => d.date)).toEqual(['2026-03-09', '2026-03-11', '2026-03-13']);
  });

  it('lists the unsynced services from today on: booked or started, once per line', () => {
    const entries = [
      buildEntry({ workDate: '2026-03-10', requestId: 1, serviceId: 11 }), // before today
      buildEntry({ workDate: '2026-03-11', requestId: 2, serviceId: 21 }),
      buildEntry({ workDate: '2026-03-12', requestId: 2, serviceId: 21 }), // same line, next day
      buildEntry({ workDate: '2026-03-12', requestId: 2, serviceId: 22, workStatus: 'started' }),
      buildEntry({ workDate: '2026-03-12', requestId: 3, serviceId: 31, eventId: 'evt-3' }),
      buildEntry({ workDate: '2026-03-12', requestId: 4, serviceId: 41, workStatus: 'draft' }),
      buildEntry({ workDate: '2026-03-12', requestId: 5, serviceId: 51, workStatus: 'pending' }),
    ];
    expect(listUnsynced(entries, today)).toEqual([
      { requestId: 2, serviceId: 21 },
      { requestId: 2, serviceId: 22 },
    ]);
  });
});
