import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  compareDates,
  diffDays,
  fromEpochDay,
  isIsoDate,
  listDays,
  pickEarlierDate,
  pickLaterDate,
  toEpochDay,
  toIsoDate,
} from './dates';

describe('isIsoDate', () => {
  it.each([
    ['2025-01-31', true],
    ['2024-02-29', true],
    ['2000-02-29', true],
    ['1900-02-29', false],
    ['2025-02-29', false],
    ['2025-04-31', false],
    ['2025-13-01', false],
    ['2025-00-10', false],
    ['2025-1-5', false],
    ['2025/01/05', false],
    ['2025-01-05T00:00:00Z', false],
    ['', false],
    [20250105, false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });
});

describe('epoch days', () => {
  it.each([
    ['1970-01-01', 0],
    ['1970-01-02', 1],
    ['1969-12-31', -1],
    ['2000-03-01', 11017],
    ['2025-01-01', 20089],
  ])('%s is epoch day %i and back', (date, day) => {
    expect(toEpochDay(date)).toBe(day);
    expect(fromEpochDay(day)).toBe(date);
  });

  it('agrees with Date.UTC for every day of 1900..2100 (sampled)', () => {
    fc.assert(
      fc.property(fc.integer({ min: toEpochDay('1900-01-01'), max: toEpochDay('2100-12-31') }), (day) => {
        const iso = new Date(day * 86_400_000).toISOString().slice(0, 10);
        expect(fromEpochDay(day)).toBe(iso);
        expect(toEpochDay(iso)).toBe(day);
      }),
    );
  });

  it('rejects malformed dates', () => {
    expect(() => toEpochDay('2025-02-30')).toThrow(RangeError);
    expect(() => fromEpochDay(1.5)).toThrow(RangeError);
  });
});

describe('addDays / diffDays / compareDates', () => {
  it.each([
    ['2025-01-31', 1, '2025-02-01'],
    ['2024-02-28', 1, '2024-02-29'],
    ['2025-02-28', 1, '2025-03-01'],
    ['2025-03-09', 1, '2025-03-10'], // US DST start: still one calendar day
    ['2025-03-30', 1, '2025-03-31'], // EU DST start
    ['2025-11-02', 1, '2025-11-03'], // US DST end
    ['2025-12-31', 1, '2026-01-01'],
    ['2025-01-01', -1, '2024-12-31'],
    ['2025-01-10', 0, '2025-01-10'],
    ['2025-01-01', 365, '2026-01-01'],
  ])('addDays(%s, %i) = %s', (date, days, expected) => {
    expect(addDays(date, days)).toBe(expected);
    expect(diffDays(date, expected)).toBe(days);
  });

  it('refuses fractional day counts', () => {
    expect(() => addDays('2025-01-01', 0.5)).toThrow(RangeError);
  });

  it.each([
    ['2025-01-01', '2025-01-02', -1],
    ['2025-01-02', '2025-01-01', 1],
    ['2025-01-02', '2025-01-02', 0],
  ] as const)('compareDates(%s, %s) = %i', (a, b, expected) => {
    expect(compareDates(a, b)).toBe(expected);
  });

  it('picks the earlier and later date', () => {
    expect(pickEarlierDate('2025-03-01', '2025-02-28')).toBe('2025-02-28');
    expect(pickLaterDate('2025-03-01', '2025-02-28')).toBe('2025-03-01');
  });

  it('addDays and diffDays are inverse (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: toEpochDay('1950-01-01'), max: toEpochDay('2099-12-31') }),
        fc.integer({ min: -1000, max: 1000 }),
        (day, n) => {
          const date = fromEpochDay(day);
          expect(diffDays(date, addDays(date, n))).toBe(n);
        },
      ),
    );
  });
});

describe('listDays', () => {
  it('lists both ends included, across a month end', () => {
    expect(listDays('2025-02-27', '2025-03-02')).toEqual([
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
  });

  it('is one day for equal ends and empty for a reversed range', () => {
    expect(listDays('2025-05-05', '2025-05-05')).toEqual(['2025-05-05']);
    expect(listDays('2025-05-06', '2025-05-05')).toEqual([]);
  });
});

describe('toIsoDate', () => {
  it('takes the UTC day of an instant whatever the local zone', () => {
    expect(toIsoDate(new Date('2025-03-09T23:30:00-08:00'))).toBe('2025-03-10');
    expect(toIsoDate(new Date('2025-01-01T00:00:00+09:00'))).toBe('2024-12-31');
    expect(toIsoDate(new Date(Date.UTC(2025, 6, 4, 12)))).toBe('2025-07-04');
  });

  it('rejects an invalid Date', () => {
    expect(() => toIsoDate(new Date('nope'))).toThrow(RangeError);
  });
});
