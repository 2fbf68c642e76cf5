import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createServiceRequest } from '../../db/factories/service-requests';
import { serviceForm, startServiceCatalogSuite } from './service-catalog.fixture';

type Json = Record<string, unknown>;
type Row = { service_id: number; vehicle_size: string; catalog: string; service_cost: number };
type Master = Json & { master_service_id: number; services: Row[] };

const pricesOf = (master: Master) =>
  master.services.map((r) => `${r.catalog} ${r.vehicle_size} ${r.service_cost}`);

describe('service catalog: add, update, delete (rows 111–117)', () => {
  const s = useSuite(startServiceCatalogSuite);

  it('adds a master service with retail and wholesale rows in one call', async () => {
    const res = await s.call('ace', 'POST', '/api/services', serviceForm(s.ace.id));
    expect(res.statusCode, res.body).toBe(201);
    const master = res.json() as Master;
    expect(master).toMatchObject({
      message: 'Master service added successfully!',
      description: 'Hood PPF',
      service_category: 'PPF',
      duration_days: 1.5,
      installer_id: s.ace.id,
    });
    expect(pricesOf(master)).toEqual([
      'RETAIL L 500',
      'RETAIL M 450.5',
      'RETAIL S 400',
      'WHOLE L 425',
      'WHOLE M 383',
      'WHOLE S 340',
    ]);
    const read = await s.call('ace', 'GET', `/api/masterServices/${s.ace.id}/${master.master_service_id}`);
    expect(read.statusCode).toBe(200);
    expect(pricesOf(read.json() as Master)).toEqual(pricesOf(master));
    const rows = (await s.call('ace', 'GET', `/api/categoryServices/${s.ace.id}/PPF`)).json() as Json[];
    expect(rows.filter((r) => r.master_service_id === master.master_service_id)).toHaveLength(6);
    expect(rows[0]).toMatchObject({ description: 'Full Front PPF', catalog: 'RETAIL', vehicle_size: 'L' });
  });

  it('adds no wholesale rows without a wholesale price (rule 111), and updates them in and out', async () => {
    const res = await s.call(
      'ace',
      'POST',
      '/api/services',
      serviceForm(s.ace.id, { description: 'Roof PPF', wholesalePrices: { L: '', M: null } }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const master = res.json() as Master;
    expect(pricesOf(master)).toEqual(['RETAIL L 500', 'RETAIL M 450.5', 'RETAIL S 400']);
    const retailL = master.services[0] as Row;

    const withWhole = await s.call(
      'ace',
      'PUT',
      `/api/service/${retailL.service_id}/${s.ace.id}`,
      serviceForm(s.ace.id, {
        description: 'Roof PPF',
        durationDays: '2',
        retailPrices: { L: 510.25, M: 460, S: 410 },
        wholesalePrices: { L: '430.10' },
      }),
    );
    expect(withWhole.statusCode, withWhole.body).toBe(200);
    const updated = withWhole.json() as Master;
    expect(updated).toMatchObject({ message: 'Master service updated successfully!', duration_days: 2 });
    expect(pricesOf(updated)).toEqual(['RETAIL L 510.25', 'RETAIL M 460', 'RETAIL S 410', 'WHOLE L 430.1']);
    // Price rows keep their ids (trim overrides and request lines keep pointing at them).
    expect((updated.services[0] as Row).service_id).toBe(retailL.service_id);

    const without = await s.call(
      'ace',
      'PUT',
      `/api/service/${retailL.service_id}/${s.ace.id}`,
      serviceForm(s.ace.id, { description: 'Roof PPF', wholesalePrices: null }),
    );
    expect(pricesOf(without.json() as Master)).toEqual(['RETAIL L 500', 'RETAIL M 450.5', 'RETAIL S 400']);
  });

  it('accepts the spec’s one row per call (row 114), building one master service', async () => {
    const row = (vehicleSize: string, catalog: string, serviceCost: number) => ({
      serviceId: 999_999,
      masterServiceId: 999_999,
      serviceCategory: 'Glass/Tint',
      description: 'Windshield Tint',
      serviceCost,
      durationDays: 0.5,
      installerId: s.ace.id,
      installerCategory: 'Paint',
      vehicleSize,
      catalog,
      dataCollect: 'N',
      overrides: 'NULL',
      marketSize: 'NULL',
      notes: 'NULL',
    });
    const first = await s.call('ace', 'POST', '/api/services', row('L', 'RETAIL', 300));
    expect(first.statusCode, first.body).toBe(201);
    const masterId = (first.json() as Master).master_service_id;
    expect(masterId).not.toBe(999_999);
    for (const [size, catalog, cost] of [
      ['M', 'RETAIL', 250],
      ['S', 'RETAIL', 200],
      ['L', 'WHOLE', 255],
    ] as const) {
      const res = await s.call('ace', 'POST', '/api/services', row(size, catalog, cost));
      expect(res.statusCode, res.body).toBe(200);
    }
    const master = (
      await s.call('ace', 'GET', `/api/masterServices/${s.ace.id}/${masterId}`)
    ).json() as Master;
    expect(master).toMatchObject({ installer_category: 'Paint', market_size: null, notes: null });
    expect(pricesOf(master)).toEqual(['RETAIL L 300', 'RETAIL M 250', 'RETAIL S 200', 'WHOLE L 255']);
    // A category with a slash, encoded in the path as the web client sends it.
    const tint = (
      await s.call('ace', 'GET', `/api/categoryServices/${s.ace.id}/Glass%2FTint`)
    ).json() as Json[];
    expect(tint.map((r) => `${r.description} ${r.catalog} ${r.vehicle_size}`)).toEqual([
      'Windshield Tint RETAIL L',
      'Windshield Tint RETAIL M',
      'Windshield Tint RETAIL S',
      'Windshield Tint WHOLE L',
    ]);
    // PUT in the same shape changes the row the path names.
    const wholeL = master.services[3] as Row;
    const put = await s.call(
      'ace',
      'PUT',
      `/api/service/${wholeL.service_id}/${s.ace.id}`,
      row('L', 'WHOLE', 260),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect(pricesOf(put.json() as Master)).toContain('WHOLE L 260');
  });

  it('deletes every size and catalog of a master service', async () => {
    const created = (
      await s.call('ace', 'POST', '/api/services', serviceForm(s.ace.id, { description: 'Door Cups' }))
    ).json() as Master;
    const id = created.master_service_id;
    expect(await s.count('services', `master_service_id = ${id}`)).toBe(6);
    const res = await s.call('ace', 'DELETE', `/api/service/${id}/${s.ace.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Master service deleted successfully!', master_service_id: id });
    expect(await s.count('services', `master_service_id = ${id}`)).toBe(0);
    expect(await s.count('master_services', `id = ${id}`)).toBe(0);
    expect((await s.call('ace', 'GET', `/api/masterServices/${s.ace.id}/${id}`)).statusCode).toBe(404);
    expect((await s.call('ace', 'DELETE', `/api/service/${id}/${s.ace.id}`)).statusCode).toBe(404);
  });

  it('refuses to delete a service open requests use (409); past requests keep their lines', async () => {
    const created = (
      await s.call('ace', 'POST', '/api/services', serviceForm(s.ace.id, { description: 'Mirror PPF' }))
    ).json() as Master;
    const id = created.master_service_id;
    const row = created.services[0] as Row;
    const line = (state: 'scheduled' | 'collected') => ({
      requestType: 'installer' as const,
      requestorInstallerId: s.ace.id,
      assignedInstallerId: s.ace.id,
      currentState: state,
      history: 'none' as const,
      lines: [
        {
          serviceId: row.service_id,
          masterServiceId: id,
          serviceCategory: 'PPF',
          description: 'Mirror PPF',
          amountCents: 50_000,
        },
      ],
    });
    const open = await createServiceRequest(s.db, line('scheduled'));
    const past = await createServiceRequest(s.db, line('collected'));
    const refused = await s.call('ace', 'DELETE', `/api/service/${id}/${s.ace.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'Mirror PPF is used by 1 open request; it can be deleted once it is collected or deleted.',
    });
    expect(await s.count('services', `master_service_id = ${id}`)).toBe(6);

    await s.db.execute(
      sql`update service_requests set current_state = 'collected' where id = ${open.request.id}`,
    );
    const deleted = await s.call('ace', 'DELETE', `/api/service/${id}/${s.ace.id}`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The lines stay, with their texts and amounts; only the link to the catalog is gone.
    expect(await s.count('request_services', `request_id in (${open.request.id}, ${past.request.id})`)).toBe(
      2,
    );
    expect(
      await s.count(
        'request_services',
        `request_id = ${past.request.id} and service_id is null and master_service_id is null and description = 'Mirror PPF' and amount_cents = 50000`,
      ),
    ).toBe(1);
  });

  it('answers the current maximum ids while the server assigns them (20 concurrent adds)', async () => {
    const adds = Array.from({ length: 20 }, (_, i) => {
      const who = i % 2 === 0 ? 'ace' : 'bolt';
      const installerId = who === 'ace' ? s.ace.id : s.bolt.id;
      return s.call(
        who,
        'POST',
        '/api/services',
        serviceForm(installerId, { description: `Race ${i}`, serviceId: 1, masterServiceId: 1 }),
      );
    });
    const results = await Promise.all(adds);
    for (const res of results) expect(res.statusCode, res.body).toBe(201);
    const masters = results.map((r) => r.json() as Master);
    const masterIds = masters.map((m) => m.master_service_id);
    expect(new Set(masterIds).size).toBe(20);
    const rowIds = masters.flatMap((m) => m.services.map((r) => r.service_id));
    expect(new Set(rowIds).size).toBe(120);
    for (const [who, installerId] of [
      ['ace', s.ace.id],
      ['bolt', s.bolt.id],
    ] as const) {
      const mine = masters.filter((m) => m.installer_id === installerId);
      expect(mine).toHaveLength(10);
      const maxMaster = (await s.call(who, 'GET', `/api/maxMasterService/${installerId}`)).json();
      expect(maxMaster.last_service).toBe(Math.max(...mine.map((m) => m.master_service_id)));
      const maxService = (await s.call(who, 'GET', `/api/maxService/${installerId}`)).json();
      expect(maxService.last_service).toBe(
        Math.max(...mine.flatMap((m) => m.services.map((r) => r.service_id))),
      );
    }
    expect(s.front.master.id).toBeLessThan(Math.min(...masterIds));
  });
});
