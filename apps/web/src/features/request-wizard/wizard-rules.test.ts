import { describe, expect, it } from 'vitest';
import { buildCatalogService } from './request-wizard.fixtures';
import {
  addService,
  canAdvance,
  categoryFromHint,
  dealerYears,
  proposeDueDate,
  type WizardVehicle,
} from './wizard-rules';

const vehicle: WizardVehicle = {
  vin: null,
  year: 2003,
  make: 'Honda',
  model: 'Accord',
  trim: 'EX',
  makeId: 1,
  modelId: 2,
  trimId: 3,
  size: 'M',
  bodyStyle: null,
};

describe('step gating', () => {
  it.each([
    [1, { specialist: null, vehicle: null, services: [] }, false],
    [1, { specialist: 0, vehicle: null, services: [] }, true],
    [2, { specialist: 0, vehicle: null, services: [] }, false],
    [2, { specialist: 0, vehicle, services: [] }, true],
    [3, { specialist: 0, vehicle, services: [] }, false],
    [3, { specialist: 0, vehicle, services: [{ service: buildCatalogService(), retailPrice: 1 }] }, true],
    [4, { specialist: null, vehicle: null, services: [] }, true],
  ] as const)('step %i with %o → %s', (step, state, expected) => {
    expect(canAdvance(step, { ...state, services: [...state.services] })).toBe(expected);
  });
});

describe('category hints', () => {
  it.each([
    [undefined, 'Paint'],
    ['PPF', 'PPF'],
    ['tint', 'Glass/Tint'],
    ['PAINT', 'Other Services'],
    ['DETAIL', 'Other Services'],
  ])('%s → %s', (hint, category) => expect(categoryFromHint(hint)).toBe(category));
});

describe('service inclusion (K73)', () => {
  const full = buildCatalogService({ service_id: 10, description: 'Full Paint', overrides: '11, 12' });
  const part = buildCatalogService({ service_id: 11, description: 'Hood' });
  it('refuses a service included by a selected one', () => {
    const result = addService([{ service: full, retailPrice: null }], part);
    expect(result).toEqual({ ok: false, message: 'Already included in a selected service' });
  });
  it('removes the selected services a new one includes', () => {
    const result = addService([{ service: part, retailPrice: null }], full);
    expect(result.ok && result.services.map((s) => s.service.service_id)).toEqual([10]);
    expect(result.ok && result.removed.map((s) => s.service.service_id)).toEqual([11]);
  });
  it('refuses the same service twice', () => {
    expect(addService([{ service: part, retailPrice: null }], part).ok).toBe(false);
  });
});

describe('dates and lists', () => {
  it('proposes the due date as available + max(1, round(duration)) days', () => {
    expect(proposeDueDate('2026-03-01', 0.2)).toBe('2026-03-02');
    expect(proposeDueDate('2026-03-01', 2.5)).toBe('2026-03-04');
    expect(proposeDueDate('2026-03-01', 2.4)).toBe('2026-03-03');
  });
  it('lists years from next year down to 1950', () => {
    const years = dealerYears(new Date(2026, 5, 1));
    expect(years[0]).toBe(2027);
    expect(years.at(-1)).toBe(1950);
  });
});
