import { templateMessages } from '@app/contracts/catalog-templates.contract';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createCatalogServices } from '../../db/factories/catalog';
import { catalogTemplates } from '../../db/schema/catalog';
import { CREATION_NOW, startCreationSuite } from '../request-creation/creation.fixture';

type Json = Record<string, unknown>;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Templates of an installer (rows 137–147): create, update and delete, the deduplicated catalog of row 147,
 * search, bad input and tenancy on every call. Assignment and what it does to the dealer's wizard are in
 * catalog-templates.assign.int.test.ts.
 */
describe('catalog templates', () => {
  const suite = useSuite(() => startCreationSuite(['dealer', 'one', 'two']));

  const send = (who: string, method: Method, url: string, payload?: unknown) =>
    suite.t.app.inject({ method, url, payload: payload as Json, headers: suite.s[who]?.headers });
  const create = async (name: string, services: number[]) => {
    const res = await send('one', 'POST', '/api/templates', {
      template_name: name,
      services,
      type_id: suite.f.one.id,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Json & { template_id: number };
  };

  it('offers one entry per master service for building, without custom services (row 147, rule 120)', async () => {
    // A second "custom" service in another case: excluded too.
    await createCatalogServices(suite.t.database.db, [
      {
        installerId: suite.f.one.id,
        serviceCategory: 'PPF',
        description: 'CUSTOMIZED Wrap',
        durationTenths: 20,
        retail: { L: 100_000, M: 90_000, S: 80_000 },
      },
    ]);
    const res = await send('one', 'GET', `/api/services/catalog/${suite.f.one.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // Each master has six price rows (3 sizes × RETAIL/WHOLE); the catalog lists each master once, in the
    // wizards' category order (PPF, Glass/Tint, …).
    expect(res.json()).toEqual([
      {
        master_service_id: suite.f.oneBody.master.id,
        description: 'Full Body PPF',
        service_category: 'PPF',
        duration_days: 3,
      },
      {
        master_service_id: suite.f.oneFront.master.id,
        description: 'Full Front PPF',
        service_category: 'PPF',
        duration_days: 1,
      },
      {
        master_service_id: suite.f.oneTint.master.id,
        description: 'Ceramic Tint',
        service_category: 'Glass/Tint',
        duration_days: 0.5,
      },
    ]);
  });

  it('creates a template with its services deduplicated, lists and details it', async () => {
    const created = await create('  Fleet Basic  ', [
      suite.f.oneFront.master.id,
      suite.f.oneTint.master.id,
      suite.f.oneFront.master.id,
    ]);
    expect(created).toMatchObject({
      template_name: 'Fleet Basic',
      created_date: CREATION_NOW.toISOString(),
      dealership_count: 0,
      service_count: 2,
      dealerships: [],
    });
    expect((created.services as Json[]).map((x) => x.master_service_id)).toEqual([
      suite.f.oneTint.master.id,
      suite.f.oneFront.master.id,
    ]);
    const list = (await send('one', 'GET', `/api/templates/${suite.f.one.id}`)).json() as Json[];
    expect(list.map((x) => [x.template_name, x.service_count, x.dealership_count])).toEqual([
      ['Fleet Basic', 2, 0],
    ]);
    const detail = await send('one', 'GET', `/api/templates/${suite.f.one.id}/${created.template_id}/detail`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual(created);
  });

  it('refuses a second template of the same name in any case (409), not another installer’s', async () => {
    const res = await send('one', 'POST', '/api/templates', {
      template_name: 'FLEET basic',
      services: [suite.f.oneBody.master.id],
      type_id: suite.f.one.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('A template named "FLEET basic" already exists');
    const other = await send('two', 'POST', '/api/templates', {
      template_name: 'Fleet Basic',
      services: [suite.f.twoFront.master.id],
      type_id: suite.f.two.id,
    });
    expect(other.statusCode, other.body).toBe(201);
    expect(await suite.t.database.db.$count(catalogTemplates)).toBe(2);
  });

  it('two creates of one name at the same moment: one is created, the other is 409', async () => {
    const body = { template_name: 'Race', services: [suite.f.oneTint.master.id], type_id: suite.f.one.id };
    const replies = await Promise.all([1, 2, 3].map(() => send('one', 'POST', '/api/templates', body)));
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const created = replies.find((r) => r.statusCode === 201)?.json() as Json;
    expect(
      (await send('one', 'DELETE', `/api/templates/${suite.f.one.id}/${created.template_id}`)).statusCode,
    ).toBe(200);
  });

  it('updates the name and replaces the services; renaming onto another template’s name is 409', async () => {
    const premium = await create('Premium', [suite.f.oneBody.master.id]);
    const url = `/api/templates/${suite.f.one.id}/${premium.template_id}`;
    const res = await send('one', 'PUT', url, {
      template_name: 'Premium Plus',
      services: [suite.f.oneBody.master.id, suite.f.oneFront.master.id],
      type_id: suite.f.one.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ template_name: 'Premium Plus', service_count: 2 });
    // Same body without type_id, and a change of case of its own name, are fine.
    const again = await send('one', 'PUT', url, {
      template_name: 'PREMIUM plus',
      services: [suite.f.oneTint.master.id],
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((again.json().services as Json[]).map((x) => x.description)).toEqual(['Ceramic Tint']);
    const clash = await send('one', 'PUT', url, {
      template_name: 'fleet BASIC',
      services: [suite.f.oneTint.master.id],
    });
    expect(clash.statusCode).toBe(409);
    // Nothing of the refused update was written.
    const kept = (await send('one', 'GET', `${url}/detail`)).json() as Json;
    expect(kept).toMatchObject({ template_name: 'PREMIUM plus', service_count: 1 });
  });

  it('searches by name fragment and by dealership (row 141)', async () => {
    const byName = (
      await send('one', 'GET', `/api/templates/${suite.f.one.id}/search?name=prem`)
    ).json() as Json[];
    expect(byName.map((x) => x.template_name)).toEqual(['PREMIUM plus']);
    const literal = (
      await send('one', 'GET', `/api/templates/${suite.f.one.id}/search?name=%25`)
    ).json() as Json[];
    expect(literal).toEqual([]);
    const list = (await send('one', 'GET', `/api/templates/${suite.f.one.id}`)).json() as Json[];
    const fleet = list.find((x) => x.template_name === 'Fleet Basic') as Json;
    await send('one', 'POST', `/api/templates/${suite.f.one.id}/${fleet.template_id}/dealerships`, {
      dealership_ids: [suite.f.sun.id],
    });
    for (const dealership of [String(suite.f.sun.id), 'sun mot']) {
      const found = (
        await send(
          'one',
          'GET',
          `/api/templates/${suite.f.one.id}/search?dealership=${encodeURIComponent(dealership)}`,
        )
      ).json() as Json[];
      expect(found.map((x) => [x.template_name, x.dealership_count])).toEqual([['Fleet Basic', 1]]);
    }
    const both = (
      await send(
        'one',
        'GET',
        `/api/templates/${suite.f.one.id}/search?name=prem&dealership=${suite.f.sun.id}`,
      )
    ).json() as Json[];
    expect(both).toEqual([]);
  });

  it('deletes a template with its services and assignments (row 146)', async () => {
    const temp = await create('Short Lived', [suite.f.oneTint.master.id]);
    const url = `/api/templates/${suite.f.one.id}/${temp.template_id}`;
    await send('one', 'POST', `${url}/dealerships`, { dealership_ids: [suite.f.sun.id] });
    const res = await send('one', 'DELETE', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: templateMessages.deleted });
    expect((await send('one', 'GET', `${url}/detail`)).statusCode).toBe(404);
    expect((await send('one', 'DELETE', url)).statusCode).toBe(404);
    const dealerships = (await send('one', 'GET', `/api/dealerships/${suite.f.one.id}`)).json() as Json[];
    expect(dealerships).toEqual([
      {
        dealer_id: suite.f.sun.id,
        dealer_name: 'Sun Motors',
        dealer_address_city: suite.f.sun.city,
        dealer_address_state: suite.f.sun.state,
        template_id: null,
        template_name: null,
      },
    ]);
  });

  it('answers bad input with 400 and the spec’s messages, writing nothing', async () => {
    const before = (await send('one', 'GET', `/api/templates/${suite.f.one.id}`)).json();
    const bad: [Json, string][] = [
      [
        { template_name: '   ', services: [suite.f.oneTint.master.id], type_id: suite.f.one.id },
        templateMessages.nameRequired,
      ],
      [{ services: [suite.f.oneTint.master.id], type_id: suite.f.one.id }, templateMessages.nameRequired],
      [{ template_name: 'X', services: [], type_id: suite.f.one.id }, templateMessages.serviceRequired],
      [{ template_name: 'X', type_id: suite.f.one.id }, templateMessages.serviceRequired],
      [{ template_name: 'X', services: ['abc'], type_id: suite.f.one.id }, 'Invalid service ID'],
      [
        { template_name: 'X', services: [suite.f.oneTint.master.id], type_id: 'abc' },
        templateMessages.invalidSpecialist,
      ],
      [
        { template_name: 'x'.repeat(101), services: [suite.f.oneTint.master.id], type_id: suite.f.one.id },
        'At most 100',
      ],
      // Custom, another installer's and missing services are not in the catalog.
      [
        { template_name: 'X', services: [suite.f.oneCustom.master.id], type_id: suite.f.one.id },
        'not in your template catalog',
      ],
      [
        { template_name: 'X', services: [suite.f.twoFront.master.id], type_id: suite.f.one.id },
        'not in your template catalog',
      ],
      [
        { template_name: 'X', services: [99_999_999], type_id: suite.f.one.id },
        'not in your template catalog',
      ],
    ];
    for (const [body, message] of bad) {
      const res = await send('one', 'POST', '/api/templates', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const list = (await send('one', 'GET', `/api/templates/${suite.f.one.id}`)).json() as Json[];
    const id = list[0]?.template_id as number;
    const url = `/api/templates/${suite.f.one.id}/${id}`;
    expect(
      (await send('one', 'PUT', url, { template_name: '', services: [suite.f.oneTint.master.id] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await send('one', 'GET', `/api/templates/${suite.f.one.id}/abc/detail`)).json().message,
    ).toContain(templateMessages.invalidTemplate);
    expect((await send('one', 'GET', `/api/templates/abc`)).json().message).toContain(
      templateMessages.invalidSpecialist,
    );
    for (const [body, message] of [
      [{}, templateMessages.dealerRequired],
      [{ dealership_ids: [] }, templateMessages.dealerRequired],
      [{ dealership_ids: ['x'] }, templateMessages.invalidDealer],
      [{ dealership_ids: [-1] }, templateMessages.invalidDealer],
    ] as [Json, string][]) {
      for (const method of ['POST', 'DELETE'] as const) {
        const res = await send('one', method, `${url}/dealerships`, body);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toContain(message);
      }
    }
    expect((await send('one', 'GET', `/api/templates/${suite.f.one.id}`)).json()).toEqual(before);
  });

  it('keeps every call to the caller’s installer: 403 for another company’s id, 404 for another’s template', async () => {
    const theirs = (
      (await send('two', 'GET', `/api/templates/${suite.f.two.id}`)).json() as Json[]
    )[0] as Json;
    const mine = ((await send('one', 'GET', `/api/templates/${suite.f.one.id}`)).json() as Json[])[0] as Json;
    const forTwo = `/api/templates/${suite.f.two.id}/${theirs.template_id}`;
    const body = { template_name: 'Stolen', services: [suite.f.oneTint.master.id], type_id: suite.f.one.id };
    const ids = { dealership_ids: [suite.f.sun.id] };
    // Another installer's typeId: 403 on every call.
    for (const [method, url, payload] of [
      ['GET', `/api/templates/${suite.f.two.id}`],
      ['GET', `${forTwo}/dealerships`],
      ['POST', `${forTwo}/dealerships`, ids],
      ['DELETE', `${forTwo}/dealerships`, ids],
      ['GET', `/api/templates/${suite.f.two.id}/search?name=f`],
      ['GET', `${forTwo}/detail`],
      ['GET', `/api/dealerships/${suite.f.two.id}`],
      ['POST', '/api/templates', { ...body, type_id: suite.f.two.id }],
      ['PUT', forTwo, body],
      ['DELETE', forTwo],
      ['GET', `/api/services/catalog/${suite.f.two.id}`],
    ] as [Method, string, Json?][]) {
      expect((await send('one', method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      // Dealers are refused every template call.
      expect((await send('dealer', method, url, payload)).statusCode, `dealer ${method} ${url}`).toBe(403);
    }
    // Another installer's template under the caller's own typeId: not found.
    const foreign = `/api/templates/${suite.f.one.id}/${theirs.template_id}`;
    for (const [method, url, payload] of [
      ['GET', `${foreign}/dealerships`],
      ['POST', `${foreign}/dealerships`, ids],
      ['DELETE', `${foreign}/dealerships`, ids],
      ['GET', `${foreign}/detail`],
      ['PUT', foreign, body],
      ['DELETE', foreign],
    ] as [Method, string, Json?][]) {
      expect((await send('one', method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    // type_id in an update's body must be the caller's too.
    const own = `/api/templates/${suite.f.one.id}/${mine.template_id}`;
    expect((await send('one', 'PUT', own, { ...body, type_id: suite.f.two.id })).statusCode).toBe(403);
    // Two's template is untouched; Two sees nothing of One's.
    expect((await send('two', 'GET', `${forTwo}/detail`)).json()).toMatchObject({
      template_name: 'Fleet Basic',
    });
    expect((await send('two', 'GET', `/api/templates/${suite.f.two.id}`)).json()).toHaveLength(1);
  });
});
