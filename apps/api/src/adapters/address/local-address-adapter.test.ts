import { normalizePhone } from '@app/contracts/customers.contract';
import { describe, expect, it } from 'vitest';
import { exactZipPlaces, zipPrefixPlaces } from '../../db/seed-data/us-zip';
import { normalizeUsZip } from './address-port';
import { createLocalAddressAdapter } from './local-address-adapter';

describe('ZIP table', () => {
  it('covers every 3-digit prefix from 005 to 999 with a state and a city', () => {
    for (let n = 5; n <= 999; n++) {
      const place = zipPrefixPlaces.get(String(n).padStart(3, '0'));
      expect(place?.state, String(n)).toMatch(/^[A-Z]{2}$/);
      expect(place?.city.length, String(n)).toBeGreaterThan(1);
    }
    expect(zipPrefixPlaces.has('004')).toBe(false);
    expect(exactZipPlaces.size).toBeGreaterThan(100);
  });
});

describe('local address adapter', () => {
  const adapter = createLocalAddressAdapter();
  it.each([
    ['33609', 'Tampa', 'FL', 'zip'],
    ['33713', 'St. Petersburg', 'FL', 'zip'],
    ['34698-1234', 'Dunedin', 'FL', 'zip'],
    ['33801', 'Lakeland', 'FL', 'zip'],
    ['02108', 'Boston', 'MA', 'prefix'],
    ['60601', 'Chicago', 'IL', 'prefix'],
    ['94105', 'San Francisco', 'CA', 'prefix'],
    ['75201', 'Dallas', 'TX', 'prefix'],
    ['99501', 'Anchorage', 'AK', 'prefix'],
    ['00901', 'San Juan', 'PR', 'prefix'],
  ])('%s → %s, %s (%s)', async (zip, city, state, precision) => {
    expect(await adapter.completeZip(zip)).toMatchObject({ city, state, precision, country: 'US' });
  });

  it('refuses what is not a US ZIP', async () => {
    expect(await adapter.completeZip('3360')).toBeNull();
    expect(await adapter.completeZip('00012')).toBeNull();
    expect(await adapter.completeZip('M5V 2T6')).toBeNull();
    expect(normalizeUsZip(' 336091234 ')).toBe('33609');
  });
});

describe('normalizePhone (10 digits, K52)', () => {
  it.each([
    ['8135550101', '8135550101'],
    ['(813) 555-0101', '8135550101'],
    ['+1 813.555.0101', '8135550101'],
    ['1-813-555-0101', '8135550101'],
    ['813555010', null],
    ['+44 20 7946 0958', null],
    ['81355501012', null],
  ])('%s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
});
