import { describe, expect, it } from 'vitest';
import {
  addMonths,
  canStepRange,
  checkCustomRange,
  computeRange,
  describeRange,
  describeRangeForFileName,
  rangeMessages,
  stepAnchor,
} from './financial-range';

describe('computeRange', () => {
  it('gives the whole month of the anchor, leap February included', () => {
    expect(computeRange('month', '2026-11-25')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(computeRange('month', '2024-02-10')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(computeRange('month', '2025-02-28')).toEqual({ from: '2025-02-01', to: '2025-02-28' });
    expect(computeRange('month', '2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('gives the Sunday-to-Saturday week of the anchor, across months and years', () => {
    // 2026-11-25 is a Wednesday.
    expect(computeRange('week', '2026-11-25')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(computeRange('week', '2026-11-22')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(computeRange('week', '2026-11-28')).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(computeRange('week', '2027-01-01')).toEqual({ from: '2026-12-27', to: '2027-01-02' });
  });

  it('gives the one day of the anchor', () => {
    expect(computeRange('day', '2026-11-25')).toEqual({ from: '2026-11-25', to: '2026-11-25' });
  });
});

describe('stepAnchor (Previous / Next)', () => {
  it('moves a day, a week or a month', () => {
    expect(stepAnchor('day', '2026-03-01', -1)).toBe('2026-02-28');
    expect(stepAnchor('week', '2026-12-29', 1)).toBe('2027-01-05');
    expect(stepAnchor('month', '2026-01-31', 1)).toBe('2026-02-28');
    expect(stepAnchor('month', '2026-01-15', -1)).toBe('2025-12-15');
  });

  it('walks months without drifting out of them (Jan 31 → Feb → Mar stays in March)', () => {
    const february = stepAnchor('month', '2026-01-31', 1);
    expect(computeRange('month', stepAnchor('month', february, 1)).from).toBe('2026-03-01');
  });
});

describe('addMonths', () => {
  it('clamps to the last day of a shorter month and crosses years both ways', () => {
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2024-02-29', 24)).toBe('2026-02-28');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2026-01-10', -13)).toBe('2024-12-10');
  });
});

describe('checkCustomRange (rules 90–92)', () => {
  it('needs both dates', () => {
    expect(checkCustomRange(null, '2026-01-01')).toEqual({ ok: false, message: rangeMessages.bothDates });
    expect(checkCustomRange('2026-01-01', null)).toEqual({ ok: false, message: rangeMessages.bothDates });
    expect(rangeMessages.bothDates).toBe('Please select both start and end dates.');
  });

  it('refuses an end before the start but takes a single day', () => {
    expect(checkCustomRange('2026-02-02', '2026-02-01')).toEqual({
      ok: false,
      message: 'End date must be after start date.',
    });
    expect(checkCustomRange('2026-02-02', '2026-02-02')).toEqual({
      ok: true,
      range: { from: '2026-02-02', to: '2026-02-02' },
      isLarge: false,
    });
  });

  it('marks a range over two years as large, and exactly two years as not', () => {
    expect(checkCustomRange('2024-01-01', '2026-01-01')).toMatchObject({ ok: true, isLarge: false });
    expect(checkCustomRange('2024-01-01', '2026-01-02')).toMatchObject({ ok: true, isLarge: true });
    expect(rangeMessages.largeRange).toBe('This is a large date range and may take time to load. Continue?');
  });
});

describe('canStepRange (rule 95)', () => {
  it('allows Previous / Today / Next in Day, Week and Month without a search only', () => {
    expect(canStepRange('day', false)).toBe(true);
    expect(canStepRange('week', false)).toBe(true);
    expect(canStepRange('month', false)).toBe(true);
    expect(canStepRange('custom', false)).toBe(false);
    expect(canStepRange('month', true)).toBe(false);
  });
});

describe('describeRange', () => {
  it('labels each kind of period', () => {
    expect(describeRange('month', computeRange('month', '2026-11-25'))).toBe('November 2026');
    expect(describeRange('day', computeRange('day', '2026-11-25'))).toBe('Wed, Nov 25, 2026');
    expect(describeRange('week', computeRange('week', '2026-11-25'))).toBe('Nov 22 – Nov 28, 2026');
    expect(describeRange('week', computeRange('week', '2027-01-01'))).toBe('Dec 27, 2026 – Jan 2, 2027');
    expect(describeRange('custom', { from: '2025-01-01', to: '2025-03-03' })).toBe('Jan 1 – Mar 3, 2025');
  });

  it('names downloads by the range', () => {
    expect(describeRangeForFileName('month', computeRange('month', '2026-11-25'))).toBe('2026-11');
    expect(describeRangeForFileName('day', computeRange('day', '2026-11-25'))).toBe('2026-11-25');
    expect(describeRangeForFileName('week', computeRange('week', '2026-11-25'))).toBe(
      '2026-11-22_to_2026-11-28',
    );
  });
});
