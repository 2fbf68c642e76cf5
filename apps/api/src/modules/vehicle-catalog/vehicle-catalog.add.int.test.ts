import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { startVehicleCatalogSuite } from './vehicle-catalog.fixture';

type Json = Record<string, unknown>;

describe('POST /vehiclesadd (row 123, rules 97–102)', () => {
  const v = useSuite(startVehicleCatalogSuite);

  const add = (body: Json) => v.call('one', 'POST', '/api/vehiclesadd', { usa: 1, ...body });

  it('adds a trim to an existing model, keeping the model’s size whatever is sent', async () => {
    const res = await add({
      year: 2024,
      make: 'toyota',
      model: 'CAMRY',
      trim: 'Nightshade',
      bodyStyle: 'Sedan',
      size: 'L',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      id_car_make: v.camry.makeId,
      id_car_model: v.camry.modelId,
      make_name: 'Toyota',
      model_name: 'Camry',
      trim_name: 'Nightshade',
      body_style: 'Sedan',
      id_car_type: 'M',
      start_production_year: 2024,
      end_production_year: 2024,
      new_make: false,
      new_model: false,
    });
    const [row] = await v.rowsOf<Json>(
      `select created_by_installer_id from vehicle_trims where id = ${res.json().id_car_trim}`,
    );
    expect(row?.created_by_installer_id).toBe(v.f.one.id);
    // The wizard's reference reads and the catalog see it.
    const trims = (await v.call('one', 'GET', `/api/trims/${v.camry.modelId}?year=2024`)).json() as Json[];
    expect(trims.map((t) => t.name)).toContain('Nightshade');
    const catalog = (await v.call('one', 'GET', `/api/vehiclescatalog/${v.f.one.id}`)).json() as Json[];
    expect(catalog.find((r) => r.trim_name === 'Nightshade')).toMatchObject({
      override_count: 0,
      id_car_type: 'M',
    });
  });

  it('creates a new make and model with the chosen size', async () => {
    const makes = await v.count('vehicle_makes');
    const res = await add({
      year: 2026,
      make: 'Zeta Motors',
      model: 'Z1',
      trim: 'Adventure',
      bodyStyle: 'SUV',
      size: 'L',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      new_make: true,
      new_model: true,
      id_car_type: 'L',
      body_style: 'SUV',
    });
    expect(await v.count('vehicle_makes')).toBe(makes + 1);
    // A second trim of the new model: same make and model (case-insensitive), size locked to L.
    const second = await add({ year: 2026, make: 'ZETA MOTORS', model: 'z1', trim: 'Launch', size: 'S' });
    expect(second.json()).toMatchObject({
      id_car_make: res.json().id_car_make,
      id_car_model: res.json().id_car_model,
      id_car_type: 'L',
      body_style: 'Sedan',
      new_make: false,
      new_model: false,
    });
    // A new model of an existing make.
    const model = await add({ year: 2025, make: 'Toyota', model: 'Crown Zeta', trim: 'Platinum', size: 'L' });
    expect(model.json()).toMatchObject({
      id_car_make: v.camry.makeId,
      new_make: false,
      new_model: true,
      id_car_type: 'L',
    });
    const makesList = (await v.call('one', 'GET', '/api/makes')).json() as Json[];
    expect(makesList.map((m) => m.name)).toContain('Zeta Motors');
  });

  it('refuses a trim the model already has (409 Trim Already Exists) and writes nothing', async () => {
    const trims = await v.count('vehicle_trims');
    const models = await v.count('vehicle_models');
    const res = await add({ year: 2019, make: 'Toyota', model: 'Camry', trim: ' le ' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', message: 'Trim Already Exists' });
    expect(await v.count('vehicle_trims')).toBe(trims);
    expect(await v.count('vehicle_models')).toBe(models);
    // Two engineers adding the same new trim at once: one wins, the other is told it exists.
    const both = await Promise.all([
      add({ year: 2025, make: 'Kappa', model: 'K9', trim: 'Pure' }),
      add({ year: 2025, make: 'kappa', model: 'k9', trim: 'PURE' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await v.count('vehicle_trims')).toBe(trims + 1);
  });

  it('answers 400 with the field message to bad input', async () => {
    const next = new Date().getUTCFullYear() + 3;
    const cases: [Json, string][] = [
      [{ year: 1899, make: 'A', model: 'B', trim: 'C' }, 'Please enter a valid year'],
      [{ year: next, make: 'A', model: 'B', trim: 'C' }, 'Please enter a valid year'],
      [{ year: 'abc', make: 'A', model: 'B', trim: 'C' }, 'Please enter a valid year'],
      [{ year: 2020, make: ' ', model: 'B', trim: 'C' }, 'Make is required'],
      [{ year: 2020, make: 'A', model: '', trim: 'C' }, 'Model is required'],
      [{ year: 2020, make: 'A', model: 'B' }, 'Trim is required'],
      [{ year: 2020, make: 'A', model: 'B', trim: 'C', size: 'XL' }, 'size'],
      [{ year: 2020, make: 'A', model: 'B', trim: 'C', bodyStyle: 'Tank' }, 'bodyStyle'],
    ];
    const trims = await v.count('vehicle_trims');
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await v.count('vehicle_trims')).toBe(trims);
  });
});
