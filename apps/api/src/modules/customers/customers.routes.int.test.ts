import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { startCreationSuite } from '../request-creation/creation.fixture';

type Json = Record<string, unknown>;

describe('customers, dealerships, contacts, preferences, addresses', () => {
  const s = useSuite(() => startCreationSuite(['dealer', 'bay', 'one', 'two', 'assist'], {}));

  it('completes city and state from a ZIP', async () => {
    expect((await s.call('one', 'GET', '/api/address/zip/33609')).json()).toEqual({
      zip: '33609',
      city: 'Tampa',
      state: 'FL',
      stateName: 'Florida',
      country: 'US',
      precision: 'zip',
    });
    expect((await s.call('one', 'GET', '/api/address/zip/33765-1234')).json()).toMatchObject({
      city: 'Clearwater',
      precision: 'zip',
    });
    expect((await s.call('one', 'GET', '/api/address/zip/10001')).json()).toMatchObject({
      city: 'New York',
      state: 'NY',
      precision: 'prefix',
    });
    expect((await s.call('one', 'GET', '/api/address/zip/98101')).json()).toMatchObject({ state: 'WA' });
    expect((await s.call('one', 'GET', '/api/address/zip/00012')).statusCode).toBe(404);
    expect((await s.call('one', 'GET', '/api/address/zip/ABCDE')).statusCode).toBe(404);
  });

  it('validates and creates a dealership for an installer, and lists it', async () => {
    const bad = await s.call('one', 'POST', '/api/dealers', {
      dealerName: 'X',
      dealerEmail: 'x@example.test',
      dealerPhoneNumber: '8135550100',
      dealerAddressLine1: '1 Main St',
      dealerAddressCity: 'Tampa',
      dealerAddressState: 'FL',
      dealerAddressZip: '33602',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as Json).message).toContain('Name must be at least 2 characters');
    const created = await s.call('one', 'POST', '/api/dealers', {
      dealerName: 'Gulf Cars',
      dealerEmail: 'Gulf@Example.test',
      dealerPhoneNumber: '813-555-0190',
      dealerAddressLine1: '9 Bay St',
      dealerAddressCity: 'Tampa',
      dealerAddressState: 'fl',
      dealerAddressZip: '33602',
      installerCategories: ['PPF', 'Glass/Tint'],
      dealerActive: 1,
      customerContract: 'N',
    });
    expect(created.statusCode, created.body).toBe(200);
    const dealerId = (created.json() as { dealerId: number }).dealerId;
    const mine = (await s.call('one', 'GET', `/api/dealerInstall/${s.f.one.id}?q=gulf`)).json() as Json[];
    expect(mine).toEqual([
      expect.objectContaining({
        dealer_id: dealerId,
        dealer_email: 'gulf@example.test',
        dealer_address_state: 'FL',
      }),
    ]);
    expect((await s.call('dealer', 'POST', '/api/dealers', {})).statusCode).toBe(400);
    const update = await s.call('one', 'PUT', `/api/dealer/${dealerId}`, {
      dealerEmail: 'service@gulf.test',
      dealerAddressCity: 'Brandon',
    });
    expect(update.json()).toMatchObject({ message: 'Dealer record updated successfully.' });
    expect(
      (await s.call('two', 'PUT', `/api/dealers/${dealerId}`, { dealerEmail: 'a@b.test' })).statusCode,
    ).toBe(404);
  });

  it('lets a dealer create a referral customer without an owner', async () => {
    const res = await s.call('dealer', 'POST', '/api/customers', {
      customerName: 'Ben Buyer',
      customerEmailAddress: 'ben@example.test',
      owningInstaller: 0,
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as { id: number }).id;
    expect((await s.call('dealer', 'GET', `/api/customers/${id}`)).json()).toMatchObject({
      owning_installer: 0,
      dealer_id: s.f.sun.id,
    });
    expect((await s.call('one', 'GET', `/api/customers/${id}`)).statusCode).toBe(404);
    // No installer takes it by PUT /customers/{id}, not even one that works with the dealership (issue 19).
    expect(
      (
        await s.call('one', 'PUT', `/api/customers/${id}`, {
          owningInstaller: s.f.one.id,
          customerType: 'Customer',
        })
      ).statusCode,
    ).toBe(404);
    expect((await s.call('dealer', 'GET', `/api/customers/${id}`)).json()).toMatchObject({
      owning_installer: 0,
      customer_type: 'Prospect',
    });
    expect((await s.call('dealer', 'POST', '/api/customers', { customerName: 'No Mail' })).statusCode).toBe(
      400,
    );
  });

  it('keeps the dealer’s team, contacts and vendor preferences', async () => {
    const missing = await s.call('dealer', 'POST', '/api/dealer/contacts', {
      name: '',
      email: '',
      dealerId: s.f.sun.id,
    });
    expect(missing.statusCode).toBe(400);
    expect((missing.json() as Json).message).toBe('Name and email are required');
    const added = await s.call('dealer', 'POST', '/api/dealer/contacts', {
      name: 'Gina Sales',
      email: 'gina@sun.test',
      phone: '8135550111',
      role: 'Sales Manager',
      dealerId: s.f.sun.id,
      login_enabled: false,
      user_status: 'contact',
    });
    expect(added.statusCode, added.body).toBe(200);
    const team = (await s.call('dealer', 'GET', `/api/dealer/${s.f.sun.id}/team`)).json() as Json[];
    expect(team).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          user_name: 'Gina Sales',
          login_enabled: false,
          contact_role: 'Sales Manager',
        }),
      ]),
    );
    expect((await s.call('bay', 'GET', `/api/dealer/${s.f.sun.id}/team`)).statusCode).toBe(403);
    expect(
      (
        await s.call('assist', 'POST', '/api/dealer/contacts', {
          name: 'A',
          email: 'a@b.test',
          dealerId: s.f.sun.id,
        })
      ).statusCode,
    ).toBe(403);

    const prefs = (await s.call('bay', 'GET', `/api/dealer/preferences/${s.f.bay.id}`)).json() as Json[];
    expect(prefs.find((p) => p.category_name === 'Glass/Tint')).toMatchObject({
      vendor_visibility_mode: 'all',
      is_stored: true,
    });
    expect(prefs.find((p) => p.category_name === 'PPF')).toMatchObject({
      vendor_visibility_mode: 'preferred',
      is_stored: false,
    });
    // Preferred mode limits PPF to Bay's preferred specialist; tint is open to all near ones.
    const ppf = (await s.call('bay', 'GET', `/api/installerProximity/${s.f.bay.id}/PPF`)).json() as Json[];
    expect(ppf.map((i) => [i.Installer_Name, i.dealer_preferred])).toEqual([['Two Film', 1]]);
    const tint = (
      await s.call('bay', 'GET', `/api/installerProximity/${s.f.bay.id}/${encodeURIComponent('Glass/Tint')}`)
    ).json() as Json[];
    expect(tint.map((i) => i.Installer_Name)).toEqual(['Two Film', 'One Film', 'Tint Only']);
    expect((await s.call('dealer', 'GET', `/api/installerProximity/${s.f.bay.id}`)).statusCode).toBe(403);
  });
});
