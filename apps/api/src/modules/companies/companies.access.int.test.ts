import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { startAccessSuite, type AccessUser as Who } from '../customers/access.fixture';

type Json = Record<string, unknown>;

/** Provider, reader and calendar ids, and billing settings: for a company's own users only. */
const PRIVATE_FIELDS = [
  'stripe_customer_id',
  'stripe_account_id',
  'stripe_tax_rate',
  'tax_rate_percent',
  'stripe_location',
  'calendar_id',
  'subscription',
  'vendor_visibility_mode',
];

/** Issue 19, finding 10: company records read across types show non-members only the public fields. */
describe('company records for their own users and for the other side', () => {
  const s = useSuite(startAccessSuite);

  const get = async (who: Who, url: string) => {
    const res = await s.t.app.inject({ method: 'GET', url, headers: s.sessions[who].headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json | Json[];
  };
  const expectNoPrivateFields = (records: Json[]) => {
    for (const record of records) {
      for (const field of PRIVATE_FIELDS) expect(record).not.toHaveProperty(field);
    }
  };

  it('shows a dealer only the public fields of a specialist', async () => {
    const [installer] = (await get('sun', `/api/installers/${s.f.one.id}`)) as Json[];
    expect(installer).toEqual({
      Installer_id: s.f.one.id,
      Company_id: s.f.one.id,
      Installer_Name: 'One Film',
      installer_email: s.f.one.email,
      installer_phone_number: s.f.one.phone,
      installer_category: s.f.one.category,
      services: 'retail,whole',
      customer_contract: 'N',
    });
    const locations = (await get('sun', `/api/installerLocations/${s.f.one.id}`)) as Json[];
    expect(locations).toEqual([expect.objectContaining({ name: 'One HQ', capacity: 8 })]);
    expectNoPrivateFields(locations);
    expect(await get('sun', `/api/installerAuth/${s.f.one.id}`)).toEqual({
      installer_id: s.f.one.id,
      authenticated: 1,
      Authenticated: 1,
    });
  });

  it('shows an installer only the public fields of a dealership, its own or not', async () => {
    for (const dealer of [s.f.sun, s.f.harbor]) {
      for (const who of ['one', 'three'] as const) {
        const records = (await get(who, `/api/dealers/${dealer.id}`)) as Json[];
        expect(records).toEqual([
          expect.objectContaining({
            dealer_id: dealer.id,
            dealer_name: dealer.name,
            dealer_email: dealer.email,
          }),
        ]);
        expectNoPrivateFields(records);
      }
    }
  });

  it('shows a company’s own users its whole record', async () => {
    expect(await get('sun', `/api/dealers/${s.f.sun.id}`)).toEqual([
      expect.objectContaining({ stripe_customer_id: 'cus_sun', vendor_visibility_mode: 'all' }),
    ]);
    expect(await get('one', `/api/installers/${s.f.one.id}`)).toEqual([
      expect.objectContaining({
        stripe_account_id: 'acct_one',
        calendar_id: 'cal_one',
        subscription: 'ASSIST',
      }),
    ]);
    expect(await get('one', `/api/installerLocations/${s.f.one.id}`)).toEqual([
      expect.objectContaining({ stripe_location: 'tmr_one', stripe_account_id: 'acct_one' }),
    ]);
    expect(await get('one', `/api/installerAuth/${s.f.one.id}`)).toMatchObject({ calendar_id: 'cal_one' });
    // Another installer is not the other side: it may not read One at all.
    const foreign = await s.t.app.inject({
      method: 'GET',
      url: `/api/installers/${s.f.one.id}`,
      headers: s.sessions.three.headers,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses another installer’s calendar selection the same way whatever the body says', async () => {
    const url = `/api/updateLocation/${s.f.one.id}`;
    for (const payload of [{ installerId: s.f.three.id, calendarId: 'cal_x' }, { calendarId: 'cal_x' }]) {
      const res = await s.t.app.inject({ method: 'PUT', url, payload, headers: s.sessions.three.headers });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await get('one', `/api/installerAuth/${s.f.one.id}`)).toMatchObject({ calendar_id: 'cal_one' });
    const own = await s.t.app.inject({
      method: 'PUT',
      url,
      payload: { installerId: s.f.one.id, calendarId: 'shop@calendar.local' },
      headers: s.sessions.one.headers,
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});
