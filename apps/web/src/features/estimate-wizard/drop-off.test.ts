import { describe, expect, it } from 'vitest';
import { blockedDropOffDays, dropOffWindow, firstFreeDropOff, isDropOffExcluded } from './drop-off';

const now = new Date(2026, 10, 22, 9, 30); // 22 Nov 2026, local time
const day = (workDate: string, capacity: number, installerCapacity: number, blocked = false) => ({
  workDate,
  capacity,
  installerCapacity,
  blocked,
});

describe('installer drop-off date', () => {
  it('runs from tomorrow through the 60-day horizon', () => {
    expect(dropOffWindow(now)).toEqual({ earliest: '2026-11-23', latest: '2027-01-21' });
  });
  it('offers drop-off from tomorrow across a year end', () => {
    expect(dropOffWindow(new Date(2026, 11, 31)).earliest).toBe('2027-01-01');
  });

  it('blocks a day booked at twice the capacity (or flagged by the server), not below', () => {
    const blocked = blockedDropOffDays([
      day('2026-11-23', 16, 8),
      day('2026-11-24', 15, 8),
      day('2026-11-25', 4, 2),
      day('2026-11-26', 0, 8, true),
    ]);
    expect([...blocked].sort()).toEqual(['2026-11-23', '2026-11-25', '2026-11-26']);
  });

  it.each([
    ['today', '2026-11-22', true],
    ['tomorrow', '2026-11-23', false],
    ['a blocked day', '2026-11-24', true],
    ['the horizon end', '2027-01-21', false],
    ['past the horizon', '2027-01-22', true],
  ])('%s excluded: %s → %s', (_name, date, excluded) => {
    expect(isDropOffExcluded(date, dropOffWindow(now), new Set(['2026-11-24']))).toBe(excluded);
  });

  it('proposes the first free day', () => {
    const window = dropOffWindow(now);
    expect(firstFreeDropOff(window, new Set(['2026-11-23', '2026-11-24']))).toBe('2026-11-25');
    expect(firstFreeDropOff(window, new Set(['2026-11-30']), '2026-11-30')).toBe('2026-12-01');
    expect(
      firstFreeDropOff(
        { earliest: '2026-11-23', latest: '2026-11-24' },
        new Set(['2026-11-23', '2026-11-24']),
      ),
    ).toBeNull();
  });
});
