import { bodyStyles, vehicleSizes } from '@app/domain/vehicles/vehicle-size';
import { decodeModelYear, hasValidCheckDigit, isValidVin } from '@app/domain/vehicles/vin';
import { describe, expect, it } from 'vitest';
import {
  listDemoVehicles,
  listVinYears,
  REFERENCE_FIRST_YEAR,
  REFERENCE_LAST_YEAR,
  vehicleReference,
} from './vehicles';

const models = vehicleReference.flatMap((make) => make.models.map((model) => ({ make, model })));
const trims = models.flatMap(({ make, model }) => model.trims.map((trim) => ({ make, model, trim })));

function findDuplicates(names: string[]): string[] {
  return names.filter((name, index) => names.indexOf(name) !== index);
}

describe('vehicleReference', () => {
  it('covers at least 20 makes, 80 models and 250 trims', () => {
    expect(vehicleReference.length).toBeGreaterThanOrEqual(20);
    expect(models.length).toBeGreaterThanOrEqual(80);
    expect(trims.length).toBeGreaterThanOrEqual(250);
  });

  it.each([
    'Toyota',
    'Honda',
    'Ford',
    'Chevrolet',
    'Tesla',
    'BMW',
    'Mercedes-Benz',
    'Audi',
    'Lexus',
    'Hyundai',
    'Kia',
    'Nissan',
    'Subaru',
    'Jeep',
    'Ram',
    'GMC',
    'Mazda',
    'Volkswagen',
    'Porsche',
    'Rivian',
    'Cadillac',
    'Acura',
  ])('includes %s with models and trims', (name) => {
    const make = vehicleReference.find((m) => m.name === name);
    expect(make).toBeDefined();
    expect(make?.models.length).toBeGreaterThan(0);
    for (const model of make?.models ?? []) expect(model.trims.length).toBeGreaterThan(0);
  });

  it('has no duplicate make, model or trim names', () => {
    expect(findDuplicates(vehicleReference.map((make) => make.name))).toEqual([]);
    for (const make of vehicleReference) {
      expect(findDuplicates(make.models.map((model) => model.name)), make.name).toEqual([]);
      for (const model of make.models) {
        expect(findDuplicates(model.trims.map((trim) => trim.name)), `${make.name} ${model.name}`).toEqual(
          [],
        );
      }
    }
  });

  it('has non-empty trimmed names', () => {
    for (const { make, model, trim } of trims) {
      for (const name of [make.name, model.name, trim.name]) {
        expect(name.length).toBeGreaterThan(0);
        expect(name.trim()).toBe(name);
      }
    }
  });

  it('uses only allowed body styles and sizes', () => {
    for (const { make, model, trim } of trims) {
      const label = `${make.name} ${model.name} ${trim.name}`;
      expect(bodyStyles, label).toContain(trim.bodyStyle);
      expect(vehicleSizes, label).toContain(model.size);
      if (trim.size !== undefined) expect(vehicleSizes, label).toContain(trim.size);
    }
  });

  it('keeps production years within 2015-2027 with start <= end', () => {
    for (const { make, model, trim } of trims) {
      const label = `${make.name} ${model.name} ${trim.name}`;
      expect(Number.isInteger(trim.startYear), label).toBe(true);
      expect(trim.startYear, label).toBeGreaterThanOrEqual(REFERENCE_FIRST_YEAR);
      expect(trim.startYear, label).toBeLessThanOrEqual(REFERENCE_LAST_YEAR);
      if (trim.endYear !== null) {
        expect(Number.isInteger(trim.endYear), label).toBe(true);
        expect(trim.endYear, label).toBeGreaterThanOrEqual(trim.startYear);
        expect(trim.endYear, label).toBeLessThanOrEqual(REFERENCE_LAST_YEAR);
      }
    }
  });

  it('gives VIN plans of a 3-character WMI and a 5-character VDS, in order, inside the model years', () => {
    for (const { make, model } of models) {
      const label = `${make.name} ${model.name}`;
      let previousTo = REFERENCE_FIRST_YEAR - 1;
      for (const plan of model.vins) {
        expect(plan.wmi, label).toMatch(/^[A-HJ-NPR-Z0-9]{3}$/);
        expect(plan.vds, label).toMatch(/^[A-HJ-NPR-Z0-9]{5}$/);
        // Position 7 a letter: decoders read it to put position 10 in the 2010-2039 cycle, not 1980-2009.
        expect(plan.vds[3], label).toMatch(/^[A-HJ-NPR-Z]$/);
        expect(plan.from, label).toBeGreaterThan(previousTo);
        expect(plan.to, label).toBeGreaterThanOrEqual(plan.from);
        expect(plan.to, label).toBeLessThanOrEqual(REFERENCE_LAST_YEAR);
        previousTo = plan.to;
      }
    }
  });

  it('has demo model years for most models and for every make', () => {
    const withYears = models.filter(({ model }) =>
      model.trims.some((trim) => listVinYears(model, trim).length),
    );
    expect(withYears.length).toBeGreaterThanOrEqual(models.length * 0.9);
    expect(new Set(withYears.map(({ make }) => make.name)).size).toBe(vehicleReference.length);
  });

  it('uses every body style and size somewhere', () => {
    const usedStyles = new Set(trims.map(({ trim }) => trim.bodyStyle));
    const usedSizes = new Set(models.map(({ model }) => model.size));
    expect([...usedStyles].sort()).toEqual([...bodyStyles].sort());
    expect([...usedSizes].sort()).toEqual([...vehicleSizes].sort());
  });
});

describe('listDemoVehicles', () => {
  const demo = listDemoVehicles(300, 42);

  it('returns the requested number of vehicles', () => {
    expect(demo).toHaveLength(300);
    expect(listDemoVehicles(0)).toEqual([]);
    expect(listDemoVehicles(5)).toHaveLength(5);
  });

  it('rejects a bad count', () => {
    expect(() => listDemoVehicles(-1)).toThrow(RangeError);
    expect(() => listDemoVehicles(1.5)).toThrow(RangeError);
  });

  it('builds valid, unique VINs with valid check digits that encode the year', () => {
    for (const vehicle of demo) {
      expect(isValidVin(vehicle.vin), vehicle.vin).toBe(true);
      expect(hasValidCheckDigit(vehicle.vin), vehicle.vin).toBe(true);
      expect(decodeModelYear(vehicle.vin, REFERENCE_LAST_YEAR - 1)).toBe(vehicle.year);
    }
    expect(new Set(demo.map((vehicle) => vehicle.vin)).size).toBe(demo.length);
  });

  it('picks real reference entries with a year inside the trim range', () => {
    for (const vehicle of demo) {
      const make = vehicleReference.find((m) => m.name === vehicle.make);
      const model = make?.models.find((m) => m.name === vehicle.model);
      const trim = model?.trims.find((t) => t.name === vehicle.trim);
      expect(trim, `${vehicle.make} ${vehicle.model} ${vehicle.trim}`).toBeDefined();
      if (!model || !trim) continue;
      expect(vehicle.bodyStyle).toBe(trim.bodyStyle);
      expect(vehicle.size).toBe(trim.size ?? model.size);
      const plan = model.vins.find((p) => p.from <= vehicle.year && vehicle.year <= p.to);
      expect(plan, `${vehicle.make} ${vehicle.model} ${vehicle.year}`).toBeDefined();
      expect(vehicle.vin.slice(0, 8)).toBe(`${plan?.wmi}${plan?.vds}`);
      expect(vehicle.year).toBeGreaterThanOrEqual(trim.startYear);
      expect(vehicle.year).toBeLessThanOrEqual(trim.endYear ?? REFERENCE_LAST_YEAR);
      expect(vehicle.year).toBeLessThanOrEqual(REFERENCE_LAST_YEAR);
    }
  });

  it('spreads vehicles across makes', () => {
    const first = listDemoVehicles(vehicleReference.length, 7);
    expect(new Set(first.map((vehicle) => vehicle.make)).size).toBe(vehicleReference.length);
  });

  it('is deterministic for a seed', () => {
    expect(listDemoVehicles(50, 42)).toEqual(demo.slice(0, 50));
    expect(listDemoVehicles(20)).toEqual(listDemoVehicles(20, 1));
    expect(listDemoVehicles(20, 2)).not.toEqual(listDemoVehicles(20, 3));
  });
});
