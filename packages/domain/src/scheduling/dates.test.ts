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
  toLocalIsoDate,
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

/*
 * The local day depends on the zone: the unit suite runs this file in UTC, America/Los_Angeles and
 * Asia/Tokyo (root package.json test:unit). The oracle is Intl's calendar day in the process zone.
 */
describe(`toLocalIsoDate in ${Intl.DateTimeFormat().resolvedOptions().timeZone}`, () => {
  const localDayByIntl = (instant: Date) => new Intl.DateTimeFormat('en-CA').format(instant);

  // US DST 2025-03-09 / 2025-11-02, EU DST 2025-03-30 / 2025-10-26, a leap day, a year end.
  const edges = ['2025-03-09', '2025-11-02', '2025-03-30', '2025-10-26', '2024-02-29', '2025-12-31'];

  it.each(edges)('every local hour of %s is that day, and the next day is addDays(day, 1)', (day) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    for (let hour = 0; hour < 24; hour++) {
      // 02:30 on a spring-forward day does not exist; the Date lands on 03:30, the same day.
      const instant = new Date(year, month - 1, date, hour, 30);
      expect(toLocalIsoDate(instant), `${day} ${hour}:30`).toBe(day);
      expect(addDays(toLocalIsoDate(instant), 1)).toBe(addDays(day, 1));
    }
    expect(toLocalIsoDate(new Date(year, month - 1, date, 23, 59, 59, 999))).toBe(day);
    expect(toLocalIsoDate(new Date(year, month - 1, date, 0, 0, 0, 0))).toBe(day);
  });

  it("tomorrow of the last local instant of a year is the next year's first day", () => {
    expect(addDays(toLocalIsoDate(new Date(2026, 11, 31)), 1)).toBe('2027-01-01');
    expect(addDays(toLocalIsoDate(new Date(2026, 11, 31, 23, 59)), 1)).toBe('2027-01-01');
  });

  it('is the local day where the UTC day differs (toIsoDate stays the UTC day)', () => {
    const instant = new Date('2025-03-09T07:30:00Z'); // 23:30 the day before in Los Angeles, 16:30 in Tokyo
    expect(toIsoDate(instant)).toBe('2025-03-09');
    expect(toLocalIsoDate(instant)).toBe(localDayByIntl(instant));
    const offset = instant.getTimezoneOffset();
    expect(toLocalIsoDate(instant)).toBe(offset > 7.5 * 60 ? '2025-03-08' : '2025-03-09');
  });

  it('agrees with Intl on any instant (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const instant = new Date(ms);
        expect(toLocalIsoDate(instant)).toBe(localDayByIntl(instant));
      }),
    );
  });

  it('rejects an invalid Date', () => {
    expect(() => toLocalIsoDate(new Date('nope'))).toThrow(RangeError);
  });
});
