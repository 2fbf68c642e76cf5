import { describe, expect, it } from 'vitest';
import { parsePrice, validateServiceForm } from './service-form';

const valid = {
  category: 'PPF',
  description: 'Hood PPF',
  durationDays: '1.5',
  retailPrices: { L: '500', M: 450.5, S: '400.25' },
};

describe('validateServiceForm (rules 107–111)', () => {
  it('reads a whole form into cents and tenths of a day', () => {
    expect(validateServiceForm({ ...valid, wholesalePrices: { L: '425', M: '', S: null } })).toEqual({
      ok: true,
      value: {
        category: 'PPF',
        description: 'Hood PPF',
        durationTenths: 15,
        retailCents: { L: 50_000, M: 45_050, S: 40_025 },
        wholesaleCents: { L: 42_500 },
      },
    });
  });

  it('has no wholesale catalog when no wholesale price is entered (rule 111)', () => {
    const result = validateServiceForm({ ...valid, wholesalePrices: { L: '', M: 0, S: null } });
    expect(result.ok && result.value.wholesaleCents).toBeNull();
  });

  it('answers every rule with its message', () => {
    const result = validateServiceForm({
      category: 'Category',
      description: 'Service',
      durationDays: 0,
      retailPrices: { L: '', M: 0 },
    });
    expect(result.ok ? [] : result.errors).toEqual([
      { field: 'category', message: 'Please enter a category' },
      { field: 'description', message: 'Description is required' },
      { field: 'durationDays', message: 'Duration must be greater than 0' },
      { field: 'retailPrices.L', message: 'Large retail price is required' },
      { field: 'retailPrices.M', message: 'Medium retail price is required' },
      { field: 'retailPrices.S', message: 'Small retail price is required' },
    ]);
  });

  it('refuses durations off the 0.1 step or beyond a year', () => {
    const messages = (durationDays: unknown) => {
      const r = validateServiceForm({ ...valid, durationDays: durationDays as number });
      return r.ok ? null : r.errors[0]?.message;
    };
    expect(messages(0.05)).toBe('Duration must be in steps of 0.1 days');
    expect(messages(400)).toBe('Duration must be at most 365 days');
    expect(messages('abc')).toBe('Duration must be greater than 0');
    expect(messages(0.1)).toBeNull();
  });
});

describe('parsePrice', () => {
  it.each([
    ['12.34', { cents: 1234 }],
    [12.3, { cents: 1230 }],
    ['', { cents: null }],
    ['12.345', { message: 'Large retail price must have at most 2 decimals' }],
    ['-1', { message: 'Large retail price must not be negative' }],
    ['12abc', { message: 'Large retail price must be a number' }],
    [Number.NaN, { message: 'Large retail price must be a number' }],
    ['100000.01', { message: 'Large retail price must be at most $100,000' }],
    ['100000', { cents: 10_000_000 }],
  ])('%s → %o', (value, expected) => {
    expect(parsePrice(value, 'Large retail price')).toEqual(expected);
  });
});
