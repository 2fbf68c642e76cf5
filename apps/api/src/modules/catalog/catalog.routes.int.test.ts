import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { assignTemplateToDealer, createCatalogTemplate } from '../../db/factories/catalog';
import { startCreationSuite } from '../request-creation/creation.fixture';

type Json = Record<string, unknown>;

describe('catalog reads for the wizards', () => {
  const s = useSuite(() => startCreationSuite(['dealer', 'bay', 'one'], {}));

  const get = (who: string, url: string) => s.call(who, 'GET', url);

  it('lists categories in the product order', async () => {
    expect(
      ((await get('one', `/api/categories/${s.f.one.id}`)).json() as Json[]).map((c) => c.service_category),
    ).toEqual(['PPF', 'Glass/Tint', 'Other Services']);
    // A dealer: every specialist it may use (0), or one.
    expect(((await get('dealer', '/api/categories/0')).json() as Json[]).map((c) => c.category)).toEqual([
      'PPF',
      'Glass/Tint',
    ]);
    expect((await get('one', `/api/categories/${s.f.two.id}`)).statusCode).toBe(403);
    // Preferred mode: Bay prefers Two only.
    expect((await get('bay', `/api/categories/${s.f.one.id}`)).statusCode).toBe(403);
  });

  it('prices an installer’s retail services by size, with custom services', async () => {
    const rows = (await get('one', `/api/services/${s.f.one.id}/L/RETAIL/All/0`)).json() as Json[];
    expect(rows.map((r) => [r.description, r.service_cost, r.duration_days])).toEqual([
      ['Ceramic Tint', 650, 0.5],
      ['Custom Work', 0, 1],
      ['Full Body PPF', 6500, 3],
      ['Full Front PPF', 2200, 1],
    ]);
    const body = rows.find((r) => r.description === 'Full Body PPF') as Json;
    expect(body.overrides).toBe(String(s.f.oneFront.row('RETAIL', 'L').id));
    expect(rows.find((r) => r.description === 'Custom Work')?.is_custom).toBe(true);
    expect(body).toMatchObject({ retail_price: 6500, wholesale_price: 5525, catalog: 'RETAIL' });
  });

  it('gives a dealer wholesale and retail prices, the trim override, no custom service', async () => {
    const trimId = s.f.reference.find('Toyota', 'Camry', 'LE').trimId as number;
    const ppf = (
      await get('dealer', `/api/services/${s.f.one.id}/M/WHOLE/PPF/${s.f.sun.id}/${trimId}`)
    ).json() as Json[];
    const front = ppf.find((r) => r.description === 'Full Front PPF') as Json;
    expect(front).toMatchObject({
      service_cost: 1500,
      wholesale_price: 1500,
      retail_price: 1900,
      price_source: 'trim-override',
    });
    const all = (await get('dealer', `/api/services/${s.f.one.id}/M/WHOLE/All/0`)).json() as Json[];
    expect(all.some((r) => r.is_custom)).toBe(false);
    expect((all.find((r) => r.description === 'Full Front PPF') as Json).service_cost).toBe(1615);
    const retail = (await get('dealer', `/api/services/${s.f.one.id}/M/RETAIL/PPF/0`)).json() as Json[];
    expect(retail.find((r) => r.description === 'Full Front PPF') as Json).toMatchObject({
      service_cost: 1900,
      wholesale_price: 1615,
    });
    // Another dealership's id in the path is refused.
    expect((await get('dealer', `/api/services/${s.f.one.id}/M/WHOLE/PPF/${s.f.bay.id}/0`)).statusCode).toBe(
      403,
    );
  });

  it('limits a dealer to the template the specialist assigned it', async () => {
    const template = await createCatalogTemplate(s.t.database.db, {
      installerId: s.f.one.id,
      masterServiceIds: [s.f.oneTint.master.id],
    });
    await assignTemplateToDealer(s.t.database.db, {
      templateId: template.id,
      installerId: s.f.one.id,
      dealerId: s.f.sun.id,
    });
    const all = (await get('dealer', `/api/services/${s.f.one.id}/M/WHOLE/All/0`)).json() as Json[];
    expect(all.map((r) => r.description)).toEqual(['Ceramic Tint']);
    const ppf = (await get('dealer', `/api/installerProximity/${s.f.sun.id}/PPF`)).json() as Json[];
    expect(ppf.map((i) => i.Installer_Name)).toEqual(['Two Film']);
  });

  it('reads a tax rate', async () => {
    const res = await get('dealer', `/api/taxes/${s.f.one.id}`);
    expect(res.json()).toMatchObject({ percentage: 7.5, installer_id: s.f.one.id });
    expect((await get('dealer', '/api/taxes/txr_missing')).statusCode).toBe(404);
  });
});
