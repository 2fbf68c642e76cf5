import { describe, expect, it } from 'vitest';
import {
  computeVinCheckDigit,
  decodeModelYear,
  hasValidCheckDigit,
  isPlaceholderVin,
  isValidVin,
  isVinHidden,
  makePlaceholderVin,
  makeVin,
  modelYearCode,
  normalizeVin,
} from './vin';

describe('normalizeVin', () => {
  it.each([
    ['  1hgcm82633a004352 ', '1HGCM82633A004352'],
    ['\t5yj3e1ea2kf317000\n', '5YJ3E1EA2KF317000'],
    ['JH4KA7561PC008269', 'JH4KA7561PC008269'],
    ['', ''],
  ])('normalizes %j to %s', (input, expected) => {
    expect(normalizeVin(input)).toBe(expected);
  });
});

describe('real VINs with correct check digits', () => {
  it.each([
    { vin: '1HGCM82633A004352', check: '3', year: 2003, what: '2003 Honda Accord' },
    { vin: '5YJ3E1EA2KF317000', check: '2', year: 2019, what: '2019 Tesla Model 3 pattern' },
    { vin: '1FTFW1ET9DFC10312', check: '9', year: 2013, what: '2013 Ford F-150 pattern' },
    { vin: 'JH4KA7561PC008269', check: '1', year: 2023, what: 'Acura Legend (code P: 1993 or 2023)' },
    { vin: '1M8GDM9AXKP042788', check: 'X', year: 2019, what: 'check digit X (code K: 1989 or 2019)' },
    { vin: '1GNEK13ZX3R298984', check: 'X', year: 2003, what: '2003 Chevrolet Tahoe' },
    { vin: '11111111111111111', check: '1', year: 2001, what: 'all ones' },
  ])('$vin ($what)', ({ vin, check, year }) => {
    expect(isValidVin(vin)).toBe(true);
    expect(computeVinCheckDigit(vin)).toBe(check);
    expect(hasValidCheckDigit(vin)).toBe(true);
    expect(decodeModelYear(vin, 2026)).toBe(year);
  });
});

describe('isValidVin (K32: character rule only)', () => {
  it.each([
    ['1HGCM82633A00435', 'too short'],
    ['1HGCM82633A0043521', 'too long'],
    ['', 'empty'],
    ['1HGCM82633A00435I', 'contains I'],
    ['1HGCM82633A00435O', 'contains O'],
    ['1HGCM82633A00435Q', 'contains Q'],
    ['1HGCM82633A00435-', 'contains a dash'],
    ['1HGCM82633A 04352', 'contains a space'],
    ['1hgcm82633a004352', 'lower case before normalizing'],
  ])('rejects %s (%s)', (vin) => {
    expect(isValidVin(vin)).toBe(false);
  });

  it('accepts lower-case input once normalized', () => {
    const vin = normalizeVin(' 1hgcm82633a004352 ');
    expect(isValidVin(vin)).toBe(true);
    expect(hasValidCheckDigit(vin)).toBe(true);
  });

  it('accepts VINs whose check digit is wrong (not required by the spec)', () => {
    expect(isValidVin('1FTFW1ET5DFC10312')).toBe(true);
    expect(hasValidCheckDigit('1FTFW1ET5DFC10312')).toBe(false);
    // A European Porsche VIN: no check digit at position 9.
    expect(isValidVin('WP0ZZZ99ZTS392124')).toBe(true);
    expect(hasValidCheckDigit('WP0ZZZ99ZTS392124')).toBe(false);
  });
});

describe('computeVinCheckDigit / hasValidCheckDigit', () => {
  it('ignores what stands at position 9', () => {
    expect(computeVinCheckDigit('1HGCM82603A004352')).toBe('3');
    expect(computeVinCheckDigit('1HGCM826X3A004352')).toBe('3');
  });

  it('normalizes its input', () => {
    expect(computeVinCheckDigit(' 1hgcm82633a004352 ')).toBe('3');
    expect(hasValidCheckDigit(' 1hgcm82633a004352 ')).toBe(true);
  });

  it('rejects a changed character', () => {
    expect(hasValidCheckDigit('1HGCM82633A004353')).toBe(false);
  });

  it.each(['1HGCM82633A00435', '1HGCM82633A00435I', 'NV1700000000000'])(
    'throws on invalid input %s',
    (vin) => {
      expect(() => computeVinCheckDigit(vin)).toThrow(RangeError);
      expect(hasValidCheckDigit(vin)).toBe(false);
    },
  );
});

describe('modelYearCode / decodeModelYear', () => {
  it.each([
    [1980, 'A'],
    [2000, 'Y'],
    [2001, '1'],
    [2009, '9'],
    [2010, 'A'],
    [2015, 'F'],
    [2018, 'J'],
    [2020, 'L'],
    [2023, 'P'],
    [2024, 'R'],
    [2025, 'S'],
    [2026, 'T'],
    [2027, 'V'],
    [2030, 'Y'],
    [2031, '1'],
    [2040, 'A'],
  ])('%i is coded %s', (year, code) => {
    expect(modelYearCode(year)).toBe(code);
  });

  it.each([1979, 2015.5, Number.NaN])('throws for %s', (year) => {
    expect(() => modelYearCode(year)).toThrow(RangeError);
  });

  it('prefers the most recent year not after current year + 1', () => {
    // Code P stands for 1993 and 2023.
    expect(decodeModelYear('JH4KA7561PC008269', 2026)).toBe(2023);
    expect(decodeModelYear('JH4KA7561PC008269', 2022)).toBe(2023);
    expect(decodeModelYear('JH4KA7561PC008269', 2021)).toBe(1993);
    // Code V stands for 1997 and 2027: next year's models are allowed.
    const vin = makeVin({ wmi: '1HG', vds: 'CV1F3', year: 2027, plant: 'A', serial: '000001' });
    expect(decodeModelYear(vin, 2026)).toBe(2027);
    expect(decodeModelYear(vin, 2025)).toBe(1997);
  });

  it('defaults the current year to the clock', () => {
    expect(decodeModelYear('1HGCM82633A004352')).toBe(2003);
  });

  it('returns null for invalid VINs and non-year codes', () => {
    expect(decodeModelYear('1HGCM82633A00435')).toBeNull();
    expect(decodeModelYear('1HGCM82630A004352')).toBeNull(); // '0' is not a year code
    expect(decodeModelYear('1HGCM8263ZA004352')).toBeNull(); // 'Z' is not a year code
    expect(decodeModelYear('1HGCM8263UA004352')).toBeNull(); // 'U' is not a year code
  });
});

describe('makeVin', () => {
  const cases = [
    { wmi: '1HG', vds: 'CV1F3', year: 2018, plant: 'A', serial: '012345' },
    { wmi: '4T1', vds: 'B11HK', year: 2015, plant: 'U', serial: '998877' },
    { wmi: '5YJ', vds: '3E1EA', year: 2019, plant: 'F', serial: '317000' },
    { wmi: '1FT', vds: 'EW1EP', year: 2024, plant: 'K', serial: 'D12345' },
    { wmi: 'WP0', vds: 'AB2A9', year: 2027, plant: 'S', serial: '100001' },
    { wmi: 'jtj', vds: 'hy7ax', year: 2026, plant: 'w', serial: '0000x1' },
  ];

  it.each(cases)('round-trips $wmi $vds $year', (parts) => {
    const vin = makeVin(parts);
    expect(vin).toHaveLength(17);
    expect(isValidVin(vin)).toBe(true);
    expect(hasValidCheckDigit(vin)).toBe(true);
    expect(decodeModelYear(vin, 2026)).toBe(parts.year);
    expect(vin.slice(0, 3)).toBe(parts.wmi.toUpperCase());
    expect(vin.slice(3, 8)).toBe(parts.vds.toUpperCase());
    expect(vin.charAt(10)).toBe(parts.plant.toUpperCase());
    expect(vin.slice(11)).toBe(parts.serial.toUpperCase());
  });

  it('reproduces a known VIN', () => {
    expect(makeVin({ wmi: '1HG', vds: 'CM826', year: 2003, plant: 'A', serial: '004352' })).toBe(
      '1HGCM82633A004352',
    );
  });

  const good = { wmi: '1HG', vds: 'CV1F3', year: 2018, plant: 'A', serial: '012345' };
  it.each([
    { ...good, wmi: '1H' },
    { ...good, wmi: '1HGC' },
    { ...good, vds: 'CV1F' },
    { ...good, vds: 'CV1F33' },
    { ...good, plant: '' },
    { ...good, plant: 'AB' },
    { ...good, serial: '12345' },
    { ...good, serial: '1234567' },
    { ...good, wmi: '1HI' },
    { ...good, vds: 'CO1F3' },
    { ...good, plant: 'Q' },
    { ...good, serial: '01234-' },
    { ...good, year: 1979 },
    { ...good, year: 2018.5 },
  ])('throws on bad input %j', (parts) => {
    expect(() => makeVin(parts)).toThrow(RangeError);
  });
});

describe('placeholder VINs (K33)', () => {
  const now = new Date('2026-03-04T05:06:07.089Z');

  it.each(['NV', 'OT'] as const)('%s + timestamp', (kind) => {
    const vin = makePlaceholderVin(kind, now);
    expect(vin).toBe(`${kind}${now.getTime()}`);
    expect(vin).toMatch(/^(NV|OT)\d+$/);
    expect(isPlaceholderVin(vin)).toBe(true);
    expect(isValidVin(vin)).toBe(false);
  });

  it('throws on an invalid date', () => {
    expect(() => makePlaceholderVin('NV', new Date(Number.NaN))).toThrow(RangeError);
  });

  it.each([
    ['NV1772600767089', true, true],
    ['nv1772600767089', true, true],
    ['OT1772600767089', true, false],
    ['1HGCM82633A004352', false, false],
    ['', false, false],
  ])('%s: placeholder %s, hidden %s', (vin, placeholder, hidden) => {
    expect(isPlaceholderVin(vin)).toBe(placeholder);
    expect(isVinHidden(vin)).toBe(hidden);
  });
});
