import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createCatalogServices } from '../../db/factories/catalog';
import { startVehicleCatalogSuite } from './vehicle-catalog.fixture';

type Json = Record<string, unknown>;

describe('vehicle catalog and price overrides (rows 118–121)', () => {
  const v = useSuite(startVehicleCatalogSuite);

  const overridesOf = async (trimId: number) => {
    const res = await v.call('one', 'GET', `/api/service-overrides-simple/${v.f.one.id}/${trimId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json[];
  };
  const setTrim = (who: 'one' | 'two', body: Json) =>
    v.call(who, 'POST', '/api/service-trim-overrides', body);

  it('reads every trim with make, model, size, years and the installer’s override count in one call', async () => {
    const res = await v.call('one', 'GET', `/api/vehiclescatalog/${v.f.one.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as Json[];
    expect(rows).toHaveLength(v.f.reference.trimCount);
    const le = rows.find((r) => r.id_car_trim === v.camry.trimId);
    expect(le).toMatchObject({
      make_name: 'Toyota',
      model_name: 'Camry',
      trim_name: 'LE',
      body_style: 'Sedan',
      id_car_type: 'M',
      start_production_year: 2015,
      override_count: 1,
    });
    expect(rows.filter((r) => (r.override_count as number) > 0)).toHaveLength(1);
    // Sorted by make, then model, then trim.
    const keys = rows.map((r) => `${r.make_name}|${r.model_name}`.toLowerCase());
    expect([...keys].sort()).toEqual(keys);
    // Two's counts are its own (none).
    const two = (await v.call('two', 'GET', `/api/vehiclescatalog/${v.f.two.id}`)).json() as Json[];
    expect(two.every((r) => r.override_count === 0)).toBe(true);
  });

  it('sets, replaces and deletes a trim override, and the wizard quotes it to the cent', async () => {
    const trim = v.camryTrims.find((t) => t.name === 'SE');
    if (!trim) throw new Error('no Camry SE');
    expect(await v.quote('Full Front PPF', 'M', 'RETAIL', trim.id)).toEqual({
      cost: 1900,
      source: 'size-row',
    });
    const serviceId = v.f.oneFront.row('RETAIL', 'M').id;
    const body = {
      serviceId,
      installerId: v.f.one.id,
      catalog: 'RETAIL',
      idCarTrim: trim.id,
      overridePrice: 2049.99,
    };
    const created = await setTrim('one', body);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      service_id: serviceId,
      catalog: 'RETAIL',
      override_price: 2049.99,
      override_price_cents: 204_999,
      idCarTrim: trim.id,
      created: true,
    });
    expect(await v.quote('Full Front PPF', 'M', 'RETAIL', trim.id)).toEqual({
      cost: 2049.99,
      source: 'trim-override',
    });
    // The same service row and trim again: replaced, not duplicated.
    const replaced = await setTrim('one', { ...body, overridePrice: 1800.1 });
    expect(replaced.json()).toMatchObject({
      id: created.json().id,
      created: false,
      override_price_cents: 180_010,
    });
    expect(await overridesOf(trim.id)).toEqual([
      {
        id: created.json().id,
        service_id: serviceId,
        master_service_id: v.f.oneFront.master.id,
        catalog: 'RETAIL',
        override_price: 1800.1,
        override_price_cents: 180_010,
        idCarTrim: trim.id,
      },
    ]);
    expect(await v.quote('Full Front PPF', 'M', 'RETAIL', trim.id)).toEqual({
      cost: 1800.1,
      source: 'trim-override',
    });
    const catalog = (await v.call('one', 'GET', `/api/vehiclescatalog/${v.f.one.id}`)).json() as Json[];
    expect(catalog.find((r) => r.id_car_trim === trim.id)?.override_count).toBe(1);

    // Another installer cannot delete it (404), nor a dealer (403); its owner can, once.
    const url = `/api/service-trim-overrides/${created.json().id}`;
    expect((await v.call('two', 'DELETE', url)).statusCode).toBe(404);
    expect((await v.call('dealer', 'DELETE', url)).statusCode).toBe(403);
    const deleted = await v.call('one', 'DELETE', url);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true, id: created.json().id });
    expect((await v.call('one', 'DELETE', url)).statusCode).toBe(404);
    expect(await overridesOf(trim.id)).toEqual([]);
    expect(await v.quote('Full Front PPF', 'M', 'RETAIL', trim.id)).toEqual({
      cost: 1900,
      source: 'size-row',
    });
  });

  it('sets a model override on every trim in one call, quoted for each trim', async () => {
    const before = await v.count('service_trim_overrides');
    const res = await v.call('one', 'POST', '/api/service-model-overrides', {
      installerId: v.f.one.id,
      modelId: v.camry.modelId,
      masterServiceId: v.f.oneBody.master.id,
      retailPrice: 5432.1,
      wholesalePrice: 4999.95,
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json() as { trim_count: number; overrides: Json[] };
    expect(reply.trim_count).toBe(v.camryTrims.length);
    expect(reply.overrides).toHaveLength(2 * v.camryTrims.length);
    expect(await v.count('service_trim_overrides')).toBe(before + 2 * v.camryTrims.length);
    for (const trim of v.camryTrims) {
      expect(await v.quote('Full Body PPF', 'M', 'RETAIL', trim.id)).toEqual({
        cost: 5432.1,
        source: 'trim-override',
      });
      expect(await v.quote('Full Body PPF', 'M', 'WHOLE', trim.id)).toEqual({
        cost: 4999.95,
        source: 'trim-override',
      });
    }
    // Again with another retail price: replaced on every trim, wholesale untouched.
    await v.call('one', 'POST', '/api/service-model-overrides', {
      installerId: v.f.one.id,
      modelId: v.camry.modelId,
      masterServiceId: v.f.oneBody.master.id,
      retailPrice: 6000,
    });
    expect(await v.count('service_trim_overrides')).toBe(before + 2 * v.camryTrims.length);
    const last = v.camryTrims.at(-1)?.id as number;
    expect(await v.quote('Full Body PPF', 'M', 'RETAIL', last)).toEqual({
      cost: 6000,
      source: 'trim-override',
    });
    expect(await v.quote('Full Body PPF', 'M', 'WHOLE', last)).toEqual({
      cost: 4999.95,
      source: 'trim-override',
    });

    // The modal's read: the model's trims, One's services of their size, the overrides.
    const modal = await v.call('one', 'GET', `/api/service-overrides-model/${v.f.one.id}/${v.camry.modelId}`);
    expect(modal.statusCode, modal.body).toBe(200);
    const m = modal.json() as {
      trims: Json[];
      services: { description: string; rows: Json[] }[];
      overrides: Json[];
    };
    expect(m.trims).toHaveLength(v.camryTrims.length);
    const body = m.services.find((s) => s.description === 'Full Body PPF');
    expect(body?.rows.map((r) => [r.catalog, r.vehicle_size, r.service_cost])).toEqual([
      ['WHOLE', 'M', 4930],
      ['RETAIL', 'M', 5800],
    ]);
    expect(m.overrides.length).toBe(2 * v.camryTrims.length + 1);
  });

  it('writes a model override all or nothing', async () => {
    // A retail-only service of One: a wholesale price for it cannot be written on any trim.
    const [hood] = await createCatalogServices(v.t.database.db, [
      {
        installerId: v.f.one.id,
        serviceCategory: 'PPF',
        description: 'Hood PPF',
        durationTenths: 5,
        retail: { L: 50_000, M: 45_000, S: 40_000 },
        wholesale: null,
      },
    ]);
    const before = await v.count('service_trim_overrides');
    const body = {
      installerId: v.f.one.id,
      modelId: v.camry.modelId,
      masterServiceId: hood?.master.id,
      retailPrice: 400,
      wholesalePrice: 350,
    };
    const res = await v.call('one', 'POST', '/api/service-model-overrides', body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/no wholesale price for Medium vehicles/);
    // The retail half was not written either.
    expect(await v.count('service_trim_overrides')).toBe(before);
    const { wholesalePrice: _w, ...retailOnly } = body;
    expect((await v.call('one', 'POST', '/api/service-model-overrides', retailOnly)).statusCode).toBe(200);
    expect(await v.count('service_trim_overrides')).toBe(before + v.camryTrims.length);
    expect(await v.quote('Hood PPF', 'M', 'RETAIL', v.camry.trimId)).toEqual({
      cost: 400,
      source: 'trim-override',
    });
  });

  it('keeps every call to the installer’s own catalog', async () => {
    const one = v.f.one.id;
    const trimId = v.camry.trimId;
    for (const url of [
      `/api/vehiclescatalog/${one}`,
      `/api/service-overrides-simple/${one}/${trimId}`,
      `/api/service-overrides-model/${one}/${v.camry.modelId}`,
    ]) {
      expect((await v.call('two', 'GET', url)).statusCode, url).toBe(403);
      expect((await v.call('dealer', 'GET', url)).statusCode, url).toBe(403);
    }
    const serviceId = v.f.oneBody.row('RETAIL', 'M').id;
    const trimBody = { serviceId, installerId: one, catalog: 'RETAIL', idCarTrim: trimId, overridePrice: 1 };
    expect((await setTrim('two', trimBody)).statusCode).toBe(403);
    // Two naming itself but One's service row: not found.
    expect((await setTrim('two', { ...trimBody, installerId: v.f.two.id })).statusCode).toBe(404);
    const modelBody = {
      installerId: one,
      modelId: v.camry.modelId,
      masterServiceId: v.f.oneBody.master.id,
      retailPrice: 1,
    };
    expect((await v.call('two', 'POST', '/api/service-model-overrides', modelBody)).statusCode).toBe(403);
    expect(
      (await v.call('two', 'POST', '/api/service-model-overrides', { ...modelBody, installerId: v.f.two.id }))
        .statusCode,
    ).toBe(404);
    expect((await v.call('dealer', 'POST', '/api/service-model-overrides', modelBody)).statusCode).toBe(403);
    const add = { year: 2024, make: 'Toyota', model: 'Camry', trim: 'Dealer Special' };
    expect((await v.call('dealer', 'POST', '/api/vehiclesadd', add)).statusCode).toBe(403);
    // Unknown trim, model and override: 404.
    expect((await v.call('one', 'GET', `/api/service-overrides-simple/${one}/999999`)).statusCode).toBe(404);
    expect((await v.call('one', 'GET', `/api/service-overrides-model/${one}/999999`)).statusCode).toBe(404);
    expect((await setTrim('one', { ...trimBody, idCarTrim: 999_999 })).statusCode).toBe(404);
  });

  it('answers 400 to a bad price, catalog or size and writes nothing', async () => {
    const before = await v.count('service_trim_overrides');
    const serviceId = v.f.oneBody.row('RETAIL', 'M').id;
    const base = { serviceId, installerId: v.f.one.id, catalog: 'RETAIL', idCarTrim: v.camry.trimId };
    for (const overridePrice of [-1, 12.345, 100_000.01, 'abc', null, Number.NaN]) {
      const res = await setTrim('one', { ...base, overridePrice });
      expect(res.statusCode, `${overridePrice}: ${res.body}`).toBe(400);
    }
    expect((await setTrim('one', { ...base, overridePrice: 100_000 })).statusCode).toBe(200);
    // (That replaced the model override of the LE written above: no new row.)
    // The wrong catalog, or a service row of another size than the trim's.
    expect((await setTrim('one', { ...base, catalog: 'WHOLE', overridePrice: 5 })).statusCode).toBe(400);
    const large = v.f.oneBody.row('RETAIL', 'L').id;
    const wrongSize = await setTrim('one', { ...base, serviceId: large, overridePrice: 5 });
    expect(wrongSize.statusCode).toBe(400);
    expect(wrongSize.json().message).toMatch(/prices Large vehicles; LE is Medium/);
    const noPrice = await v.call('one', 'POST', '/api/service-model-overrides', {
      installerId: v.f.one.id,
      modelId: v.camry.modelId,
      masterServiceId: v.f.oneBody.master.id,
    });
    expect(noPrice.statusCode).toBe(400);
    expect(noPrice.body).toContain('Enter a retail or a wholesale price');
    expect((await v.call('one', 'DELETE', '/api/service-trim-overrides/abc')).statusCode).toBe(400);
    expect(await v.count('service_trim_overrides')).toBe(before);
  });
});
