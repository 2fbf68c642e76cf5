import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signIn, signInAll, type TestApp, useTestApp } from '../../../test/build-test-app';
import { buildCreationFixture, CREATION_PASSWORD } from '../request-creation/creation.fixture';

type Session = Awaited<ReturnType<typeof signIn>>;
type Json = Record<string, unknown>;

describe('vehicles and VIN', () => {
  const t = useTestApp(async ({ app, database }) => ({
    f: await buildCreationFixture(database.db),
    dealer: await signIn(app, 'c-dealer@example.test', CREATION_PASSWORD),
    installer: await signIn(app, 'c-one@example.test', CREATION_PASSWORD),
  }));

  const get = (url: string, who: Session = t.dealer) =>
    t.app.inject({ method: 'GET', url, headers: who.headers });

  it('decodes real VINs offline and matches them to the reference catalog', async () => {
    const camry = await get('/api/vin/?Id= 4t1b11hk8ku123456 ');
    expect(camry.statusCode, camry.body).toBe(200);
    const ids = t.f.reference.find('Toyota', 'Camry', 'LE');
    expect((camry.json() as { Results: Json[] }).Results[0]).toMatchObject({
      VIN: '4T1B11HK8KU123456',
      ModelYear: '2019',
      Make: 'Toyota',
      Model: 'Camry',
      Trim: 'L/LE/SE/XLE',
      BodyClass: 'Sedan/Saloon',
      id_car_make: ids.makeId,
      id_car_model: ids.modelId,
      id_car_trim: ids.trimId,
      trim_name: 'LE',
      size: 'M',
      matchType: 'exact',
      decoder: 'corgi',
    });
    const bmw = (await get('/api/vin?Id=3MW5R1J0XM8B12345')).json() as { Results: Json[] };
    const bmwIds = t.f.reference.find('BMW', '3 Series', '330i');
    expect(bmwIds.trimId).toBeDefined();
    expect(bmw.Results[0]).toMatchObject({
      Model: '330i',
      Series: '3-Series',
      id_car_model: bmwIds.modelId,
      id_car_trim: bmwIds.trimId,
      size: 'S',
    });
    // The 2003 Accord: make and model match, no reference trim fits 2003.
    const accord = (await get('/api/vin/?Id=1HGCM82633A004352')).json() as { Results: Json[] };
    expect(accord.Results[0]).toMatchObject({
      ModelYear: '2003',
      Make: 'Honda',
      Model: 'Accord',
      id_car_trim: null,
      model_name: 'Accord',
    });
  });

  it('refuses an invalid VIN', async () => {
    const res = await get('/api/vin/?Id=1HGCM82633A00435O');
    expect(res.statusCode).toBe(400);
    expect((res.json() as Json).message).toContain('VIN must be exactly 17 characters');
  });

  it('lists makes, models (both path spellings, decision 1) and trims', async () => {
    const makes = (await get('/api/makes/2019')).json() as Json[];
    const toyota = makes.find((m) => m.name === 'Toyota') as Json;
    expect(toyota.id_car_make).toBe(t.f.reference.find('Toyota').makeId);
    expect(makes.some((m) => m.name === 'Rivian')).toBe(false); // first built 2022
    const yearFirst = (await get(`/api/models/2019${toyota.id_car_make}`)).json() as Json[];
    const makeFirst = (await get(`/api/models/${toyota.id_car_make}2019`)).json() as Json[];
    expect(yearFirst.length).toBeGreaterThan(5);
    expect(makeFirst).toEqual(yearFirst);
    expect(yearFirst.some((m) => m.name === 'GR Corolla')).toBe(false); // 2023 on
    const camry = yearFirst.find((m) => m.name === 'Camry') as Json;
    expect(camry).toMatchObject({ vehicleSize: 'M', id_car_type: 'M' });
    const trims = (await get(`/api/trims/${camry.id_car_model}?year=2019`)).json() as Json[];
    expect(trims.map((tr) => tr.name)).toEqual(['LE', 'SE', 'XLE', 'XSE']);
    expect((await get('/api/models/1')).statusCode).toBe(400);
    expect((await get('/api/makes')).json()).toHaveLength(t.f.reference.makeCount);
    const years = (await get('/api/vehicleYears?flow=dealer')).json() as { years: number[]; max: number };
    expect(years.years[0]).toBe(new Date().getUTCFullYear() + 1);
    expect(years.years.at(-1)).toBe(1950);
  });

  it('records vehicles with placeholders, finds them by VIN and replaces an NV VIN', async () => {
    const post = (body: Json, who = t.dealer) =>
      t.app.inject({ method: 'POST', url: '/api/vehicles', payload: body, headers: who.headers });
    const other = await post({ year: 2020, make: 'Other car', model: 'Kit' });
    expect((other.json() as Json).VIN).toMatch(/^OT\d+$/);
    const nv = (await post({ year: 2023, make: 'Toyota', model: 'GR Corolla', trim: 'Core' })).json() as Json;
    expect(nv).toMatchObject({
      vinAvailable: false,
      size: 'S',
      id_car_trim: t.f.reference.find('Toyota', 'GR Corolla', 'Core').trimId,
    });
    expect((await post({ year: 2023, make: 'Toyota', model: 'Camry', vin: 'ABC' })).statusCode).toBe(400);
    const vin = '2HGFC2F58JH512345';
    const first = (
      await post({ year: 2018, make: 'Honda', model: 'Civic', trim: 'LX', vin: vin.toLowerCase() })
    ).json() as Json;
    const again = (
      await post({ year: 2018, make: 'Honda', model: 'Civic', trim: 'LX', vin, color: 'Red' })
    ).json() as Json;
    expect(again.id).toBe(first.id);
    expect((await get(`/api/vehicles/${vin}`)).json()).toMatchObject({
      VIN: vin,
      color: 'Red',
      Make: 'Honda',
    });
    expect((await get(`/api/vehiclesVIN/${vin}`)).statusCode).toBe(200);
    expect((await get(`/api/vehicles/${vin}`, t.installer)).statusCode).toBe(404); // not the installer's
    const replaced = await t.app.inject({
      method: 'PUT',
      url: `/api/vehiclesVIN/${nv.VIN as string}`,
      payload: { vin: 'JTNABAAE0PA000123' },
      headers: t.dealer.headers,
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({ vehiclesUpdated: 1 });
    const notPlaceholder = await t.app.inject({
      method: 'PUT',
      url: `/api/vehiclesVIN/${vin}`,
      payload: { vin: 'JTNABAAE0PA000123' },
      headers: t.dealer.headers,
    });
    expect(notPlaceholder.statusCode).toBe(409);
  });
});

describe("a customer's previous vehicles and jobs (installer wizard popups)", () => {
  const NOW = new Date('2025-03-03T15:00:00Z');
  const t = useTestApp({ clock: () => NOW }, async ({ app, database }) => ({
    f: await buildCreationFixture(database.db),
    ...(await signInAll(app, CREATION_PASSWORD, {
      one: 'c-one@example.test',
      two: 'c-two@example.test',
      dealer: 'c-dealer@example.test',
    })),
  }));

  const call = (who: Session, method: 'GET' | 'POST', url: string, payload?: Json) =>
    t.app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });

  it('lists the installer’s own work for that customer or dealership, newest first, and nobody else’s', async () => {
    const { f, one, two, dealer } = t;
    const vehicle = (
      await call(one, 'POST', '/api/vehicles', {
        year: 2019,
        make: 'Toyota',
        model: 'Camry',
        trim: 'LE',
        vin: '4T1B11HK5KU123456',
      })
    ).json() as Json;
    const create = async (availableDate: string, extra: Json) => {
      const reply = await call(one, 'POST', '/api/requestimates/', {
        availableDate,
        vehicleId: vehicle.id,
        createdType: 'installer',
        ...extra,
      });
      expect(reply.statusCode, reply.body).toBe(200);
      return (reply.json() as { requestId: number }).requestId;
    };
    const retailLine = { serviceId: f.oneFront.row('RETAIL', 'M').id };
    const older = await create('2025-03-05', {
      requestType: 'installer',
      customerId: f.customer.id,
      currentState: 'new',
      services: [retailLine],
    });
    const newer = await create('2025-03-20', {
      requestType: 'installer',
      customerId: f.customer.id,
      currentState: 'scheduled',
      services: [retailLine, { serviceId: f.oneTint.row('RETAIL', 'M').id }],
    });
    const dealerJob = await create('2025-03-10', {
      requestType: 'dealer',
      dealerId: f.sun.id,
      currentState: 'scheduled',
      services: [{ serviceId: f.oneFront.row('WHOLE', 'M').id }],
    });

    const jobs = await call(one, 'GET', `/api/customerJobs/${f.customer.id}/${f.one.id}`);
    expect(jobs.statusCode, jobs.body).toBe(200);
    const list = jobs.json() as Json[];
    expect(list.map((j) => j.requestId)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({
      currentState: 'scheduled',
      availableDate: '2025/03/20 00:00:00',
      serviceRequested: 'PPF - Full Front PPF + 1',
      vehicleYear: 2019,
      vehicleMake: 'Toyota',
      vehicleModel: 'Camry',
      vin: '4T1B11HK5KU123456',
    });
    expect(list[1]?.requestTotal).toBe(f.oneFront.row('RETAIL', 'M').priceCents / 100);

    const dealerJobs = (
      await call(one, 'GET', `/api/customerJobs/${f.sun.id}/${f.one.id}?type=dealer`)
    ).json() as Json[];
    expect(dealerJobs.map((j) => j.requestId)).toEqual([dealerJob]);

    // The previous vehicles popup reads the same work.
    const vehicles = (await call(one, 'GET', `/api/vehicles/${f.customer.id}/${f.one.id}`)).json() as Json[];
    expect(vehicles.map((v) => v.id)).toEqual([vehicle.id]);

    // Company-scoped: another specialist or a dealer cannot read them, nor through its own id.
    expect((await call(two, 'GET', `/api/customerJobs/${f.customer.id}/${f.one.id}`)).statusCode).toBe(403);
    expect((await call(dealer, 'GET', `/api/customerJobs/${f.customer.id}/${f.one.id}`)).statusCode).toBe(
      403,
    );
    expect((await call(two, 'GET', `/api/customerJobs/${f.customer.id}/${f.two.id}`)).json()).toEqual([]);
  });
});

describe('VIN decoding over vPIC HTTP (VPIC_URL)', () => {
  let t: TestApp;
  let server: Server;
  const asked: string[] = [];

  beforeAll(async () => {
    // A tiny fake of vPIC's DecodeVinValues.
    server = createServer((req, res) => {
      asked.push(req.url ?? '');
      const vin = decodeURIComponent((req.url ?? '').split('/').pop()?.split('?')[0] ?? '');
      res.setHeader('content-type', 'application/json');
      if (vin === '5YJ3E1EA8LF612345') {
        res.end(
          JSON.stringify({
            Count: 136,
            Message: 'Results returned successfully',
            SearchCriteria: `VIN:${vin}`,
            Results: [
              {
                VIN: vin,
                ModelYear: '2020',
                Make: 'TESLA',
                Model: 'Model 3',
                Series: '',
                Trim: 'Long Range',
                Trim2: '',
                BodyClass: 'Sedan/Saloon',
                ErrorCode: '0',
                ErrorText: '0 - VIN decoded clean.',
              },
            ],
          }),
        );
        return;
      }
      res.statusCode = 500;
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    t = await buildTestApp({ vpicUrl: `http://127.0.0.1:${port}/api` });
    await buildCreationFixture(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  it('reads Results[0] from vPIC and matches it', async () => {
    const session = await signIn(t.app, 'c-dealer@example.test', CREATION_PASSWORD);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/vin/?Id=5YJ3E1EA8LF612345',
      headers: session.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { Results: Json[] }).Results[0]).toMatchObject({
      Make: 'TESLA',
      model_name: 'Model 3',
      trim_name: 'Long Range',
      decoder: 'vpic',
      matchType: 'exact',
    });
    expect(asked[0]).toBe('/api/vehicles/DecodeVinValues/5YJ3E1EA8LF612345?format=json');
    // vPIC failing: an undecoded result, not an error (the form continues).
    const failed = await t.app.inject({
      method: 'GET',
      url: '/api/vin/?Id=1HGCM82633A004352',
      headers: session.headers,
    });
    expect(failed.statusCode).toBe(200);
    expect((failed.json() as { Results: Json[] }).Results[0]).toMatchObject({
      ErrorCode: '500',
      matchType: 'none',
      Make: '',
    });
  });
});
