import type { TModelOverridesReply, TTrimOverride } from '@app/contracts/vehicle-catalog.contract';
import { describe, expect, it } from 'vitest';
import { ALL_CATEGORIES, ALL_TRIMS, buildEntries, readPrice } from './service-overrides';
import { describeOverrides, filterGroups, groupCatalog, yearRange } from './vehicle-groups';

const override = (id: number, serviceId: number, catalog: 'RETAIL' | 'WHOLE', trim: number, cents: number) =>
  ({
    id,
    service_id: serviceId,
    master_service_id: 1,
    catalog,
    override_price: cents / 100,
    override_price_cents: cents,
    idCarTrim: trim,
  }) satisfies TTrimOverride;

const model = (overrides: TTrimOverride[]): TModelOverridesReply => ({
  id_car_model: 9,
  make_name: 'Ford',
  model_name: 'F-150',
  trims: [
    { id_car_trim: 1, trim_name: 'XL', body_style: 'Truck', id_car_type: 'L' },
    { id_car_trim: 2, trim_name: 'XLT', body_style: 'Truck', id_car_type: 'L' },
  ],
  services: [
    {
      master_service_id: 1,
      service_category: 'PPF',
      description: 'Full Front PPF',
      rows: [
        {
          service_id: 11,
          catalog: 'RETAIL',
          vehicle_size: 'L',
          service_cost: 2200,
          service_cost_cents: 220_000,
        },
        {
          service_id: 12,
          catalog: 'WHOLE',
          vehicle_size: 'L',
          service_cost: 1870,
          service_cost_cents: 187_000,
        },
        {
          service_id: 13,
          catalog: 'RETAIL',
          vehicle_size: 'M',
          service_cost: 1900,
          service_cost_cents: 190_000,
        },
      ],
    },
  ],
  overrides,
});

describe('Service Overrides entries', () => {
  it('shows the trims’ sizes only, and the Model Override badge when every trim has one price', () => {
    const [entry] = buildEntries(
      model([override(1, 11, 'RETAIL', 1, 300_000), override(2, 11, 'RETAIL', 2, 300_000)]),
      ALL_CATEGORIES,
      ALL_TRIMS,
    );
    expect(entry?.sizes).toEqual([{ size: 'L', RETAIL: 2200, WHOLE: 1870 }]);
    expect(entry).toMatchObject({ isModelOverride: true, hasConflict: false, overriddenTrims: 2 });
  });

  it('warns when the trims’ prices differ, and counts the trims with an override', () => {
    const [entry] = buildEntries(
      model([override(1, 11, 'RETAIL', 1, 300_000), override(2, 11, 'RETAIL', 2, 310_000)]),
      ALL_CATEGORIES,
      ALL_TRIMS,
    );
    expect(entry).toMatchObject({ isModelOverride: false, hasConflict: true, overriddenTrims: 2 });
    const [one] = buildEntries(model([override(3, 12, 'WHOLE', 2, 100_000)]), 'PPF', ALL_TRIMS);
    expect(one).toMatchObject({ isModelOverride: false, hasConflict: false, overriddenTrims: 1 });
    expect(buildEntries(model([]), 'Paint', ALL_TRIMS)).toEqual([]);
  });

  it('focuses one trim', () => {
    const [entry] = buildEntries(model([override(1, 11, 'RETAIL', 1, 300_000)]), ALL_CATEGORIES, '2');
    expect(entry?.trims.map((t) => t.trim.trim_name)).toEqual(['XLT']);
    expect(entry?.overriddenTrims).toBe(0);
  });

  it('reads a price: empty, dollars with at most 2 decimals, or invalid', () => {
    expect(readPrice('')).toBeNull();
    expect(readPrice(12.5)).toBe(12.5);
    expect(readPrice('0')).toBe(0);
    expect(readPrice(1.234)).toBeNaN();
    expect(readPrice(-1)).toBeNaN();
  });
});

describe('vehicle groups', () => {
  const row = (model: string, trim: string, start: number, end: number | null, count = 0, make = 'Ford') => ({
    id_car_trim: Math.floor(Math.random() * 1e6),
    id_car_make: make === 'Ford' ? 1 : 2,
    id_car_model: model.length,
    make_name: make,
    model_name: model,
    trim_name: trim,
    body_style: 'Truck',
    id_car_type: 'L' as const,
    start_production_year: start,
    end_production_year: end,
    override_count: count,
  });

  it('groups by make and model with counts and year ranges, then searches and sorts', () => {
    const groups = groupCatalog([
      row('F-150', 'XL', 2015, 2020, 2),
      row('F-150', 'XLT', 2018, null, 1),
      row('Tacoma', 'SR', 2016, 2023, 0, 'Toyota'),
    ]);
    expect(groups[0]).toMatchObject({
      id: 'Ford|F-150',
      trim_count: 2,
      total_service_overrides: 3,
      year_range: '2015-Present',
    });
    expect(yearRange([row('A', 'B', 2001, 2004), row('A', 'C', 2003, 2009)])).toBe('2001-2009');
    expect(
      filterGroups(groups, { search: 'xlt', makeId: null, dir: 'asc' }).map((g) => g.model_name),
    ).toEqual(['F-150']);
    expect(filterGroups(groups, { search: '', makeId: 2, dir: 'asc' }).map((g) => g.model_name)).toEqual([
      'Tacoma',
    ]);
    expect(filterGroups(groups, { search: '', makeId: null, dir: 'desc' }).map((g) => g.make_name)).toEqual([
      'Toyota',
      'Ford',
    ]);
    expect(describeOverrides(0)).toBe('Add overrides');
    expect(describeOverrides(3)).toBe('3 override(s)');
  });
});
