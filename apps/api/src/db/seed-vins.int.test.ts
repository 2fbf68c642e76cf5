import { isPlaceholderVin } from '@app/domain/vehicles/vin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database';
import { createCorgiVinDecoder, defaultVpicDatabasePath } from '../adapters/vin-decoder/corgi-vin-decoder';
import { createVehiclesRepository } from '../modules/vehicles/vehicles.repository';
import { createVehiclesService } from '../modules/vehicles/vehicles.service';
import { referrals } from './schema/referrals';
import { vehicles } from './schema/vehicles';
import { seedDemoData } from './seed';

const NOW = new Date('2025-06-18T15:30:00.000Z');

type Seeded = { vin: string; year: number | null; make: string | null; model: string | null };

// Issue 17, defect 5: CHECK IN on demo data said 'The vehicle could not be identified from this VIN'. Every
// real VIN the demo seed writes (vehicles and referrals) must decode offline, through the app's own VIN
// route logic (corgi + the reference match), to the year, make and model seeded with it.
describe('demo seed VINs', () => {
  let database: TestDatabase;
  let seeded: Seeded[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    expect(await seedDemoData(database.db, { now: NOW })).toEqual({ seeded: true });
    const ofVehicles = await database.db
      .select({ vin: vehicles.vin, year: vehicles.year, make: vehicles.make, model: vehicles.model })
      .from(vehicles);
    const ofReferrals = await database.db
      .select({
        vin: referrals.vin,
        year: referrals.vehicleYear,
        make: referrals.vehicleMake,
        model: referrals.vehicleModel,
      })
      .from(referrals);
    const real = [...ofVehicles, ...ofReferrals].filter(
      (row): row is Seeded => row.vin !== null && !isPlaceholderVin(row.vin),
    );
    seeded = [...new Map(real.map((row) => [JSON.stringify(row), row])).values()];
  });
  afterAll(() => database.drop());

  it('decode offline to the seeded year, make and model', async () => {
    expect(seeded.length).toBeGreaterThanOrEqual(20);
    const service = createVehiclesService({
      db: database.db,
      repository: createVehiclesRepository(database.db),
      decoder: createCorgiVinDecoder({ databasePath: defaultVpicDatabasePath(null) }),
      clock: () => NOW,
    });
    const wrong: { vin: string; seeded: string; decoded: string }[] = [];
    for (const row of seeded) {
      const [result] = (await service.decodeVin(row.vin)).Results;
      const decoded = [result?.ModelYear, result?.make_name, result?.model_name].join(' ');
      const expected = [row.year, row.make, row.model].join(' ');
      if (decoded !== expected) wrong.push({ vin: row.vin, seeded: expected, decoded });
    }
    expect(wrong).toEqual([]);
  });
});
