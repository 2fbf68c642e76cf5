import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccessSuite, startAccessSuite, type AccessUser as Who } from '../customers/access.fixture';

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
  let { t, f, sessions } = {} as AccessSuite;
  beforeAll(async () => ({ t, f, sessions } = await startAccessSuite()));
  afterAll(() => t.close());

  const get = async (who: Who, url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: sessions[who].headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Json | Json[];
  };
  const expectNoPrivateFields = (records: Json[]) => {
    for (const record of records) {
      for (const field of PRIVATE_FIELDS) expect(record).not.toHaveProperty(field);
    }
  };

  it('shows a dealer only the public fields of a specialist', async () => {
    const [installer] = (await get('sun', `/api/installers/${f.one.id}`)) as Json[];
    expect(installer).toEqual({
      Installer_id: f.one.id,
      Company_id: f.one.id,
      Installer_Name: 'One Film',
      installer_email: f.one.email,
      installer_phone_number: f.one.phone,
      installer_category: f.one.category,
      services: 'retail,whole',
      customer_contract: 'N',
    });
    const locations = (await get('sun', `/api/installerLocations/${f.one.id}`)) as Json[];
    expect(locations).toEqual([expect.objectContaining({ name: 'One HQ', capacity: 8 })]);
    expectNoPrivateFields(locations);
    expect(await get('sun', `/api/installerAuth/${f.one.id}`)).toEqual({
      installer_id: f.one.id,
      authenticated: 1,
      Authenticated: 1,
    });
  });

  it('shows an installer only the public fields of a dealership, its own or not', async () => {
    for (const dealer of [f.sun, f.harbor]) {
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
    expect(await get('sun', `/api/dealers/${f.sun.id}`)).toEqual([
      expect.objectContaining({ stripe_customer_id: 'cus_sun', vendor_visibility_mode: 'all' }),
    ]);
    expect(await get('one', `/api/installers/${f.one.id}`)).toEqual([
      expect.objectContaining({
        stripe_account_id: 'acct_one',
        calendar_id: 'cal_one',
        subscription: 'ASSIST',
      }),
    ]);
    expect(await get('one', `/api/installerLocations/${f.one.id}`)).toEqual([
      expect.objectContaining({ stripe_location: 'tmr_one', stripe_account_id: 'acct_one' }),
    ]);
    expect(await get('one', `/api/installerAuth/${f.one.id}`)).toMatchObject({ calendar_id: 'cal_one' });
    // Another installer is not the other side: it may not read One at all.
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/installers/${f.one.id}`,
      headers: sessions.three.headers,
    });
    expect(foreign.statusCode).toBe(403);
  });

  it('refuses another installer’s calendar selection the same way whatever the body says', async () => {
    const url = `/api/updateLocation/${f.one.id}`;
    for (const payload of [{ installerId: f.three.id, calendarId: 'cal_x' }, { calendarId: 'cal_x' }]) {
      const res = await t.app.inject({ method: 'PUT', url, payload, headers: sessions.three.headers });
      expect(res.statusCode, res.body).toBe(403);
    }
    expect(await get('one', `/api/installerAuth/${f.one.id}`)).toMatchObject({ calendar_id: 'cal_one' });
    const own = await t.app.inject({
      method: 'PUT',
      url,
      payload: { installerId: f.one.id, calendarId: 'shop@calendar.local' },
      headers: sessions.one.headers,
    });
    expect(own.statusCode, own.body).toBe(200);
  });
});
