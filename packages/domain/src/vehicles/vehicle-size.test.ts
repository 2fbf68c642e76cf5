import { describe, expect, it } from 'vitest';
import {
  bodyStyles,
  defaultBodyStyle,
  defaultVehicleSize,
  isBodyStyle,
  isVehicleSize,
  resolveVehicleSize,
  sizeLabel,
  vehicleSizes,
} from './vehicle-size';

describe('vehicle sizes (K56)', () => {
  it('has S, M and L with Medium as default', () => {
    expect(vehicleSizes).toEqual(['S', 'M', 'L']);
    expect(defaultVehicleSize).toBe('M');
  });

  it.each([
    ['S', 'Small'],
    ['M', 'Medium'],
    ['L', 'Large'],
  ] as const)('labels %s as %s', (size, label) => {
    expect(sizeLabel(size)).toBe(label);
  });

  it.each([
    [undefined, undefined, 'M'],
    [null, null, 'M'],
    ['S', undefined, 'S'],
    ['L', null, 'L'],
    [undefined, 'S', 'S'],
    ['S', 'L', 'L'],
    ['L', 'S', 'S'],
    [null, 'M', 'M'],
  ] as const)('model %s, trim %s → %s', (modelSize, trimSize, expected) => {
    expect(resolveVehicleSize(modelSize, trimSize)).toBe(expected);
  });

  it('defaults to M without arguments', () => {
    expect(resolveVehicleSize()).toBe('M');
  });

  it.each([
    ['S', true],
    ['L', true],
    ['XL', false],
    ['s', false],
    [1, false],
    [null, false],
  ])('isVehicleSize(%j) is %s', (value, expected) => {
    expect(isVehicleSize(value)).toBe(expected);
  });
});

describe('body styles (K58)', () => {
  it('lists exactly the eight styles with Sedan as default', () => {
    expect(bodyStyles).toEqual([
      'Sedan',
      'Coupe',
      'SUV',
      'Wagon',
      'Convertible',
      'Hatchback',
      'Truck',
      'Crossover',
    ]);
    expect(defaultBodyStyle).toBe('Sedan');
  });

  it.each([
    ['SUV', true],
    ['Truck', true],
    ['Van', false],
    ['sedan', false],
    [undefined, false],
  ])('isBodyStyle(%j) is %s', (value, expected) => {
    expect(isBodyStyle(value)).toBe(expected);
  });
});
