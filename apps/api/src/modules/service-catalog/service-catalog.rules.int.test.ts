import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { serviceForm, startServiceCatalogSuite } from './service-catalog.fixture';

type Json = Record<string, unknown>;

describe('service catalog: tenancy, rules and the wizards’ prices', () => {
  const s = useSuite(startServiceCatalogSuite);

  it('keeps every call to the installer’s own catalog', async () => {
    const masterId = s.front.master.id;
    const rowId = s.front.row('RETAIL', 'L').id;
    const form = serviceForm(s.ace.id, { description: 'Full Front PPF' });
    const calls: [string, string, Json?][] = [
      ['GET', `/api/categoryServices/${s.ace.id}/PPF`],
      ['GET', `/api/maxMasterService/${s.ace.id}`],
      ['GET', `/api/maxService/${s.ace.id}`],
      ['GET', `/api/masterServices/${s.ace.id}/${masterId}`],
      ['POST', '/api/services', form],
      ['PUT', `/api/service/${rowId}/${s.ace.id}`, form],
      ['DELETE', `/api/service/${masterId}/${s.ace.id}`],
    ];
    for (const [method, url, body] of calls) {
      const as = (who: string) => s.call(who, method as 'GET', url, body);
      // Another installer naming Ace's catalog, and a dealership: 403.
      expect((await as('bolt')).statusCode, `${method} ${url} as bolt`).toBe(403);
      expect((await as('dealer')).statusCode, `${method} ${url} as dealer`).toBe(403);
      // Ace's ASSIST user reads but never writes.
      expect((await as('assist')).statusCode, `${method} ${url} as assist`).toBe(
        method === 'GET' ? 200 : 403,
      );
      const anonymous = await s.t.app.inject({ method: method as 'GET', url, payload: body });
      expect(anonymous.statusCode).toBe(401);
    }
    // Bolt naming its own catalog but Ace's service: not found.
    expect((await s.call('bolt', 'GET', `/api/masterServices/${s.bolt.id}/${masterId}`)).statusCode).toBe(
      404,
    );
    const put = await s.call('bolt', 'PUT', `/api/service/${rowId}/${s.bolt.id}`, serviceForm(s.bolt.id));
    expect(put.statusCode).toBe(404);
    expect((await s.call('bolt', 'DELETE', `/api/service/${masterId}/${s.bolt.id}`)).statusCode).toBe(404);
    // Bolt's category read shows none of Ace's rows; Ace's service is untouched.
    expect((await s.call('bolt', 'GET', `/api/categoryServices/${s.bolt.id}/All`)).json()).toEqual([]);
    expect(await s.count('services', `master_service_id = ${masterId}`)).toBe(6);
  });

  it('answers every rule of the service form with its message (rules 107–112)', async () => {
    const before = await s.count('services');
    const cases: [Json, string][] = [
      [{ serviceCategory: '' }, 'Please enter a category'],
      [{ serviceCategory: 'Category' }, 'Please enter a category'],
      [{ description: '  ' }, 'Description is required'],
      [{ description: 'Service' }, 'Description is required'],
      [{ durationDays: 0 }, 'Duration must be greater than 0'],
      [{ durationDays: -1 }, 'Duration must be greater than 0'],
      [{ durationDays: 0.25 }, 'Duration must be in steps of 0.1 days'],
      [{ retailPrices: { M: '10', S: '5' } }, 'Large retail price is required'],
      [{ retailPrices: { L: '10', M: 0, S: '5' } }, 'Medium retail price is required'],
      [{ retailPrices: { L: '10', M: '8' } }, 'Small retail price is required'],
      [{ retailPrices: { L: '12.345', M: '8', S: '5' } }, 'Large retail price must have at most 2 decimals'],
      [{ retailPrices: { L: '10', M: '-8', S: '5' } }, 'Medium retail price must not be negative'],
      [{ retailPrices: { L: '10', M: '8', S: '100000.01' } }, 'Small retail price must be at most $100,000'],
      [{ wholesalePrices: { L: -1 } }, 'Large wholesale price must not be negative'],
      [{ wholesalePrices: { S: '1.001' } }, 'Small wholesale price must have at most 2 decimals'],
      [{ wholesalePrices: { M: 'ten' } }, 'Medium wholesale price must be a number'],
    ];
    for (const [change, message] of cases) {
      const res = await s.call('ace', 'POST', '/api/services', serviceForm(s.ace.id, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json(), JSON.stringify(change)).toMatchObject({ code: 'VALIDATION_FAILED', message });
    }
    // The same rules on update, and the selection rules.
    const rowId = s.front.row('RETAIL', 'M').id;
    const badUpdate = await s.call(
      'ace',
      'PUT',
      `/api/service/${rowId}/${s.ace.id}`,
      serviceForm(s.ace.id, { description: 'Full Front PPF', retailPrices: { L: 1, M: 1 } }),
    );
    expect(badUpdate.json()).toMatchObject({ message: 'Small retail price is required' });
    const noUpdate = await s.call('ace', 'PUT', `/api/service/0/${s.ace.id}`, serviceForm(s.ace.id));
    expect([noUpdate.statusCode, noUpdate.json().message]).toEqual([
      400,
      'No master service selected for update',
    ]);
    const noDelete = await s.call('ace', 'DELETE', `/api/service/0/${s.ace.id}`);
    expect([noDelete.statusCode, noDelete.json().message]).toEqual([
      400,
      'No master service selected for deletion',
    ]);
    // Wrong types are refused by the contract, never a 500.
    for (const body of [{ retailPrices: 'abc' }, { durationDays: { x: 1 } }, { vehicleSize: 'XL' }]) {
      const res = await s.call('ace', 'POST', '/api/services', serviceForm(s.ace.id, body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await s.count('services')).toBe(before);
  });

  it('refuses a second service of the same category and description (409), writing nothing', async () => {
    const before = await s.count('services');
    const again = await s.call(
      'ace',
      'POST',
      '/api/services',
      serviceForm(s.ace.id, { description: 'full front ppf' }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A service named "full front ppf" already exists in PPF');
    const other = (
      await s.call('ace', 'POST', '/api/services', serviceForm(s.ace.id, { description: 'Bumper PPF' }))
    ).json() as { services: { service_id: number }[] };
    const rename = await s.call(
      'ace',
      'PUT',
      `/api/service/${other.services[0]?.service_id}/${s.ace.id}`,
      serviceForm(s.ace.id, { description: 'Full Front PPF', retailPrices: { L: 1, M: 1, S: 1 } }),
    );
    expect(rename.statusCode).toBe(409);
    // The failed rename changed no price of Bumper PPF.
    expect(await s.count('services', 'price_cents = 100')).toBe(0);
    expect(await s.count('services')).toBe(before + 6);
  });

  it('is what the wizards quote next (exact cents)', async () => {
    const quote = async (catalog: 'RETAIL' | 'WHOLE', size: 'L' | 'M' | 'S') => {
      const rows = (
        await s.call('ace', 'GET', `/api/services/${s.ace.id}/${size}/${catalog}/PPF/0`)
      ).json() as Json[];
      const row = rows.find((r) => r.description === 'Full Front PPF') as Json;
      return Math.round((row.service_cost as number) * 100);
    };
    expect(await quote('RETAIL', 'M')).toBe(190_000);
    const res = await s.call(
      'ace',
      'PUT',
      `/api/service/${s.front.row('WHOLE', 'S').id}/${s.ace.id}`,
      serviceForm(s.ace.id, {
        description: 'Full Front PPF',
        retailPrices: { L: '2250.99', M: '1234.56', S: '1700' },
        wholesalePrices: { L: '1999.01', M: '1049.38', S: '' },
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await quote('RETAIL', 'L')).toBe(225_099);
    expect(await quote('RETAIL', 'M')).toBe(123_456);
    expect(await quote('WHOLE', 'M')).toBe(104_938);
    // No wholesale price for Small any more: the wholesale catalog has no Small row of it.
    const small = (await s.call('ace', 'GET', `/api/services/${s.ace.id}/S/WHOLE/PPF/0`)).json() as Json[];
    expect(small.some((r) => r.description === 'Full Front PPF')).toBe(false);
  });
});
