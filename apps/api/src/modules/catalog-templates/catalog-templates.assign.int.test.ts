import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { linkInstallerDealer } from '../../db/factories/customers';
import { isUniqueViolation } from '../../db/unique-violation';
import {
  wireDollars as $,
  creationDay as day,
  requestFee as fee,
  startCreationSuite,
} from '../request-creation/creation.fixture';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Assignment of templates to dealerships (rows 138–140, 143; 002 §4) and what it does to the dealer's wizard:
 * a dealership with a template of an installer sees only the template's services of that installer, at the
 * installer's wholesale prices, and can order nothing else from it. At most one current template per
 * dealership and installer, by the unique index, also under concurrent assignments.
 */
describe('catalog template assignment', () => {
  const suite = useSuite(() => startCreationSuite(['dealer', 'one', 'two']));
  let front: number;
  let body: number;
  beforeAll(async () => {
    // Two works with Sun too: its template for Sun is its own, beside One's.
    await linkInstallerDealer(suite.t.database.db, suite.f.two.id, suite.f.sun.id);
  });

  const send = (who: string, method: Method, url: string, payload?: unknown) =>
    suite.t.app.inject({ method, url, payload: payload as Json, headers: suite.s[who]?.headers });
  const create = async (who: 'one' | 'two', name: string, services: number[]) => {
    const installerId = who === 'one' ? suite.f.one.id : suite.f.two.id;
    const res = await send(who, 'POST', '/api/templates', {
      template_name: name,
      services,
      type_id: installerId,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().template_id as number;
  };
  const assign = (templateId: number, dealershipIds: number[], who = 'one', installerId = suite.f.one.id) =>
    send(who, 'POST', `/api/templates/${installerId}/${templateId}/dealerships`, {
      dealership_ids: dealershipIds,
    });
  /** What Sun's wizard offers from One for a large vehicle: [description, wholesale cents, retail cents]. */
  const sunSees = async (installerId = suite.f.one.id) => {
    const res = await send('dealer', 'GET', `/api/services/${installerId}/L/WHOLE/All/${suite.f.sun.id}/0`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Json[]).map((r) => [
      r.description,
      Math.round((r.service_cost as number) * 100),
      Math.round((r.retail_price as number) * 100),
    ]);
  };
  const current = async () =>
    (
      (await suite.t.database.db.execute(
        sql`select installer_id, template_id from catalog_template_dealers where dealer_id = ${suite.f.sun.id}
          order by installer_id`,
      )) as unknown as { rows: { installer_id: number; template_id: number }[] }
    ).rows.map((r) => [Number(r.installer_id), Number(r.template_id)]);

  it('the wizard offers a dealership only its template’s services, at the exact wholesale cents', async () => {
    expect(await sunSees()).toEqual([
      ['Ceramic Tint', 55_250, 65_000],
      ['Full Body PPF', 552_500, 650_000],
      ['Full Front PPF', 187_000, 220_000],
    ]);
    front = await create('one', 'Front and Tint', [suite.f.oneFront.master.id, suite.f.oneTint.master.id]);
    body = await create('one', 'Body Only', [suite.f.oneBody.master.id]);
    const res = await assign(front, [suite.f.sun.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Template assignment updated.',
      template_id: front,
      dealership_ids: [suite.f.sun.id],
      replaced: [],
    });
    expect(await sunSees()).toEqual([
      ['Ceramic Tint', 55_250, 65_000],
      ['Full Front PPF', 187_000, 220_000],
    ]);
    // The list and the dealerships modal show it.
    const list = (await send('one', 'GET', `/api/templates/${suite.f.one.id}`)).json() as Json[];
    expect(list.map((x) => [x.template_name, x.dealership_count])).toEqual([
      ['Body Only', 0],
      ['Front and Tint', 1],
    ]);
    expect(
      (await send('one', 'GET', `/api/templates/${suite.f.one.id}/${front}/dealerships`)).json(),
    ).toEqual([
      {
        dealer_id: suite.f.sun.id,
        dealer_name: 'Sun Motors',
        dealer_address_city: suite.f.sun.city,
        dealer_address_state: suite.f.sun.state,
      },
    ]);
    expect((await send('one', 'GET', `/api/templates/${suite.f.one.id}/${body}/dealerships`)).json()).toEqual(
      [],
    );
  });

  it('a request priced from the template goes through; a service outside it is refused', async () => {
    const vehicle = await suite.createVehicle('dealer', { ...suite.f.f150, vin: '1FTEW1EP4KFA54321' });
    const request = (serviceId: number, cents: number, days: number) =>
      send('dealer', 'POST', '/api/requestimates/', {
        requestType: 'dealer',
        requestor: suite.f.sun.id,
        assignedTo: suite.f.one.id,
        availableDate: day(1),
        dueDate: day(6),
        vin: vehicle.VIN,
        currentState: 'new',
        createdType: 'dealer',
        installerCatalog: 'WHOLE',
        requestTotal: $(cents),
        requestDiscount: 0,
        requestFee: $(fee(cents)),
        requestTaxes: 0,
        requestDuration: days,
        services: [{ serviceId, serviceAmount: $(cents) }],
      });
    const outside = await request(suite.f.oneBody.row('WHOLE', 'L').id, 552_500, 3);
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toMatch(
      /^Pricing validation failed: Service 1: Service \d+ is not in the catalog$/,
    );
    const inside = await request(suite.f.oneFront.row('WHOLE', 'L').id, 187_000, 1);
    expect(inside.statusCode, inside.body).toBe(200);
    expect(inside.json().totals).toMatchObject({ requestTotal: 1870, requestFee: 93.5 });
  });

  it('assigning another template replaces the current one in one row (002 §4); removing restores the catalog', async () => {
    const res = await assign(body, [suite.f.sun.id, suite.f.sun.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().replaced).toEqual([{ dealer_id: suite.f.sun.id, template_id: front }]);
    expect(await current()).toEqual([[suite.f.one.id, body]]);
    expect(await sunSees()).toEqual([['Full Body PPF', 552_500, 650_000]]);
    // Assigning the same template again changes nothing.
    expect((await assign(body, [suite.f.sun.id])).json().replaced).toEqual([]);
    // Removing another template than the current one removes nothing.
    const none = await send('one', 'DELETE', `/api/templates/${suite.f.one.id}/${front}/dealerships`, {
      dealership_ids: [suite.f.sun.id],
    });
    expect(none.json()).toMatchObject({ removed: [] });
    expect(await current()).toEqual([[suite.f.one.id, body]]);
    const removed = await send('one', 'DELETE', `/api/templates/${suite.f.one.id}/${body}/dealerships`, {
      dealership_ids: [suite.f.sun.id],
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toMatchObject({ removed: [suite.f.sun.id] });
    expect(await current()).toEqual([]);
    expect(await sunSees()).toHaveLength(3);
  });

  it('one template per dealership and installer: another installer’s template for the same dealership is its own', async () => {
    await assign(front, [suite.f.sun.id]);
    const twos = await create('two', 'Two Tint', [suite.f.twoTint.master.id]);
    expect((await assign(twos, [suite.f.sun.id], 'two', suite.f.two.id)).statusCode).toBe(200);
    expect(await current()).toEqual([
      [suite.f.one.id, front],
      [suite.f.two.id, twos],
    ]);
    expect((await sunSees(suite.f.two.id)).map((r) => r[0])).toEqual(['Ceramic Tint']);
    expect((await sunSees()).map((r) => r[0])).toEqual(['Ceramic Tint', 'Full Front PPF']);
    // Row 143 shows One only its own template for Sun.
    expect((await send('one', 'GET', `/api/dealerships/${suite.f.one.id}`)).json()).toMatchObject([
      { dealer_id: suite.f.sun.id, template_id: front, template_name: 'Front and Tint' },
    ]);
    // The database refuses a second current template of one installer for a dealership.
    const second = suite.t.database.db.execute(
      sql`insert into catalog_template_dealers (template_id, installer_id, dealer_id) values (${body}, ${suite.f.one.id}, ${suite.f.sun.id})`,
    );
    await expect(second).rejects.toSatisfy((e) =>
      isUniqueViolation(e, 'catalog_template_dealers_installer_dealer_unique'),
    );
    // …and a template assigned under another installer's id (the composite foreign key).
    await expect(
      suite.t.database.db.execute(
        sql`insert into catalog_template_dealers (template_id, installer_id, dealer_id) values (${front}, ${suite.f.two.id}, ${suite.f.bay.id})`,
      ),
    ).rejects.toThrow();
  });

  it('two concurrent assignments leave exactly one current template, one of the two', async () => {
    for (let round = 0; round < 5; round += 1) {
      const replies = await Promise.all([assign(front, [suite.f.sun.id]), assign(body, [suite.f.sun.id])]);
      expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
      const rows = (await current()).filter(([installer]) => installer === suite.f.one.id);
      expect(rows).toHaveLength(1);
      expect([front, body]).toContain(rows[0]?.[1]);
      const offered = (await sunSees()).map((r) => r[0]);
      expect(offered).toEqual(
        rows[0]?.[1] === front ? ['Ceramic Tint', 'Full Front PPF'] : ['Full Body PPF'],
      );
    }
  });

  it('refuses dealerships that are not the installer’s (404) and writes nothing', async () => {
    const before = await current();
    for (const method of ['POST', 'DELETE'] as const) {
      for (const ids of [[suite.f.bay.id], [suite.f.sun.id, suite.f.bay.id], [99_999_999]]) {
        const res = await send('one', method, `/api/templates/${suite.f.one.id}/${front}/dealerships`, {
          dealership_ids: ids,
        });
        expect(res.statusCode, `${method} ${ids}`).toBe(404);
        expect(res.json().userMessage).toBe(
          'Template or dealership not found. Please check the configuration.',
        );
      }
    }
    expect(await current()).toEqual(before);
  });

  it('deleting an assigned template gives the dealership the full catalog again', async () => {
    await assign(front, [suite.f.sun.id]);
    expect((await send('one', 'DELETE', `/api/templates/${suite.f.one.id}/${front}`)).statusCode).toBe(200);
    expect((await current()).filter(([installer]) => installer === suite.f.one.id)).toEqual([]);
    expect(await sunSees()).toHaveLength(3);
  });
});
