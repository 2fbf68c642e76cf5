import { describe, expect, it } from 'vitest';
import { listFlowYears, parseYearAndMake } from './vehicles.service';

describe('parseYearAndMake (decision 1)', () => {
  const makes = new Set([3, 12, 2015]);
  const exists = async (id: number) => makes.has(id);
  it.each([
    ['20193', { year: 2019, makeId: 3 }],
    ['32019', { year: 2019, makeId: 3 }],
    ['122024', { year: 2024, makeId: 12 }],
    ['202412', { year: 2024, makeId: 12 }],
    ['20152016', { year: 2016, makeId: 2015 }], // year-first reads make 2016, which does not exist
    ['20199', { year: 2019, makeId: 9 }], // no make exists: the year-first reading (an empty list)
    ['99999', null],
  ])('%s → %o', async (text, expected) => {
    expect(await parseYearAndMake(text, 2025, exists)).toEqual(expected);
  });
});

describe('listFlowYears (decision 9)', () => {
  it('dealer: 1950 to next year, newest first; installer and catalog: to current + 2', () => {
    const dealer = listFlowYears('dealer', 2025);
    expect(dealer.years[0]).toBe(2026);
    expect(dealer.years.at(-1)).toBe(1950);
    expect(listFlowYears('installer', 2025).max).toBe(2027);
    expect(listFlowYears('catalog', 2025)).toMatchObject({ validMin: 1900, validMax: 2027, min: 1950 });
  });
});
