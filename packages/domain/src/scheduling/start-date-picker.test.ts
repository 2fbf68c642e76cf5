import { describe, expect, it } from 'vitest';
import {
  checkStartDate,
  clampStartDate,
  computeDropOffBounds,
  computeScheduleNotes,
  computeStartDateBounds,
} from './start-date-picker';

const today = '2025-03-10';

describe('computeStartDateBounds (000 §5)', () => {
  it.each([
    // dealer: latest = due − (duration − 1)
    ['dealer', '2025-03-20', 1, { earliest: today, latest: '2025-03-20', isDueDateMissed: false }],
    ['dealer', '2025-03-20', 3, { earliest: today, latest: '2025-03-18', isDueDateMissed: false }],
    ['dealer', '2025-03-20', 2.2, { earliest: today, latest: '2025-03-18', isDueDateMissed: false }],
    ['dealer', '2025-03-11', 2, { earliest: today, latest: today, isDueDateMissed: false }],
    // due too close or passed: the window collapses to today
    ['dealer', '2025-03-11', 5, { earliest: today, latest: today, isDueDateMissed: true }],
    ['dealer', '2025-03-01', 1, { earliest: today, latest: today, isDueDateMissed: true }],
    ['dealer', null, 3, { earliest: today, latest: null, isDueDateMissed: false }],
    // installer: up to 30 days past due
    ['installer', '2025-03-20', 3, { earliest: today, latest: '2025-04-19', isDueDateMissed: false }],
    ['installer', '2025-01-01', 1, { earliest: today, latest: today, isDueDateMissed: true }],
    ['installer', null, 1, { earliest: today, latest: null, isDueDateMissed: false }],
  ] as const)('%s, due %s, %s days', (requestType, dueDate, durationDays, expected) => {
    expect(computeStartDateBounds({ requestType, today, dueDate, durationDays })).toEqual(expected);
  });

  it('installer wizard drop-off starts tomorrow (K61)', () => {
    expect(computeDropOffBounds({ requestType: 'installer', today, dueDate: null })).toEqual({
      earliest: '2025-03-11',
      latest: null,
      isDueDateMissed: false,
    });
    expect(
      computeDropOffBounds({ requestType: 'dealer', today, dueDate: '2025-03-20', durationDays: 2 }),
    ).toEqual({ earliest: '2025-03-11', latest: '2025-03-19', isDueDateMissed: false });
  });
});

describe('clampStartDate', () => {
  const dealerBounds = computeStartDateBounds({
    requestType: 'dealer',
    today,
    dueDate: '2025-03-20',
    durationDays: 3,
  });
  it.each([
    ['2025-03-05', today],
    [today, today],
    ['2025-03-15', '2025-03-15'],
    ['2025-03-18', '2025-03-18'],
    ['2025-03-19', '2025-03-18'],
    ['2025-06-01', '2025-03-18'],
  ])('dealer picks %s → %s', (chosen, expected) => {
    expect(clampStartDate(chosen, dealerBounds)).toBe(expected);
  });

  it('has no upper clamp without a due date', () => {
    const bounds = computeStartDateBounds({ requestType: 'installer', today, dueDate: null });
    expect(clampStartDate('2030-01-01', bounds)).toBe('2030-01-01');
  });
});

describe('checkStartDate', () => {
  const bounds = computeStartDateBounds({ requestType: 'installer', today, dueDate: '2025-03-20' });
  it.each([
    ['2025-03-10', true],
    ['2025-04-19', true],
    ['2025-04-20', false],
    ['2025-03-09', false],
    ['2025-02-30', false],
    ['tomorrow', false],
    [undefined, false],
  ])('%s → ok %s', (date, ok) => {
    const result = checkStartDate(date, bounds);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.reason).toBe('VALIDATION_FAILED');
  });
});

describe('computeScheduleNotes (000 §5, K28)', () => {
  it.each([
    // start, duration, due, available, expected kinds
    ['2025-03-10', 1, '2025-03-10', '2025-03-10', []],
    ['2025-03-10', 2, '2025-03-10', '2025-03-10', ['finishesAfterDue']],
    ['2025-03-11', 1, '2025-03-20', '2025-03-10', []],
    ['2025-03-12', 1, '2025-03-20', '2025-03-10', ['rescheduled']],
    ['2025-03-19', 3, '2025-03-20', '2025-03-10', ['finishesAfterDue', 'rescheduled']],
    ['2025-03-19', 3, null, null, []],
  ] as const)(
    'start %s for %i days, due %s, available %s',
    (startDate, durationDays, dueDate, availableDate, kinds) => {
      const notes = computeScheduleNotes({ startDate, durationDays, dueDate, availableDate });
      expect(notes.map((n) => n.kind)).toEqual(kinds);
    },
  );

  it("labels the rescheduled note 'Rescheduled' and the after-due note as a warning", () => {
    const notes = computeScheduleNotes({
      startDate: '2025-03-19',
      durationDays: 3,
      dueDate: '2025-03-20',
      availableDate: '2025-03-10',
    });
    expect(notes).toEqual([
      {
        kind: 'finishesAfterDue',
        level: 'warning',
        text: 'Finishes 2025-03-21, after the due date 2025-03-20',
      },
      { kind: 'rescheduled', level: 'info', text: 'Rescheduled' },
    ]);
  });

  it("writes the after-due note's dates with the screen's format", () => {
    const [note] = computeScheduleNotes(
      { startDate: '2025-03-19', durationDays: 3, dueDate: '2025-03-20' },
      (day) => `<${day}>`,
    );
    expect(note?.text).toBe('Finishes <2025-03-21>, after the due date <2025-03-20>');
  });
});
