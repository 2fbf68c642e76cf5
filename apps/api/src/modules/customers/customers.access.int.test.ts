import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { customers } from '../../db/schema/customers';
import { dealers } from '../../db/schema/identity';
import { startAccessSuite, type AccessUser as Who } from './access.fixture';

/** Issue 19, findings 2 and 3: customer and dealership records only for those with a relationship. */
describe('who may read and change customers and dealerships', () => {
  const s = useSuite(startAccessSuite);

  const call = (who: Who, method: 'GET' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    s.t.app.inject({ method, url, payload, headers: s.sessions[who].headers });
  const customerRow = async (id: number) =>
    (await s.t.database.db.select().from(customers).where(eq(customers.id, id)))[0];
  const dealerRow = async (id: number) =>
    (await s.t.database.db.select().from(dealers).where(eq(dealers.id, id)))[0];
  const customerEdit = (id: number, name: string) => ({
    customerName: name,
    customerEmailAddress: `${name.toLowerCase().replace(/\W/g, '')}@example.test`,
    customerPhoneNumber: '8135550999',
    customerAddress: '1 Taken St',
    customerId: id,
    stripeCustomerId: 'cus_attacker',
  });

  it('hides a dealership’s referred customer from installers: no taking, reading or overwriting (404)', async () => {
    const id = s.f.referred.id;
    const before = await customerRow(id);
    // Three has no link to Sun; One works with Sun, which still gives it no hold on Sun's customers.
    for (const [who, owner] of [
      ['three', s.f.three.id],
      ['one', s.f.one.id],
    ] as const) {
      const take = await call(who, 'PUT', `/api/customers/${id}`, { owningInstaller: owner });
      expect(take.statusCode, take.body).toBe(404);
      expect(take.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect((await call(who, 'GET', `/api/customers/${id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/customer/${id}`)).statusCode).toBe(404);
      expect((await call(who, 'PUT', `/api/customer/${id}`, customerEdit(id, 'Taken Over'))).statusCode).toBe(
        404,
      );
      // The same answer whatever the body: access is checked before the body's meaning.
      expect(
        (await call(who, 'PUT', `/api/customer/${id}`, { ...customerEdit(id, 'Taken Over'), customerId: 1 }))
          .statusCode,
      ).toBe(404);
    }
    // Another dealership does not see it either.
    expect((await call('harbor', 'GET', `/api/customers/${id}`)).statusCode).toBe(404);
    expect((await call('harbor', 'PUT', `/api/customer/${id}`, customerEdit(id, 'Harbor'))).statusCode).toBe(
      404,
    );
    expect(await customerRow(id)).toEqual(before);
  });

  it('hides an installer’s customer from unrelated installers and dealerships (404)', async () => {
    const id = s.f.retail.id;
    const before = await customerRow(id);
    for (const who of ['three', 'sun'] as const) {
      expect((await call(who, 'GET', `/api/customers/${id}`)).statusCode).toBe(404);
      expect((await call(who, 'PUT', `/api/customer/${id}`, customerEdit(id, 'Taken Over'))).statusCode).toBe(
        404,
      );
    }
    expect(
      (await call('three', 'PUT', `/api/customers/${id}`, { owningInstaller: s.f.three.id })).statusCode,
    ).toBe(404);
    expect(await customerRow(id)).toEqual(before);
  });

  it('lets the dealership that referred a customer read and change it, but not its payment id', async () => {
    const id = s.f.referred.id;
    expect((await call('sun', 'GET', `/api/customers/${id}`)).json()).toMatchObject({
      customer_name: 'Rick Referred',
      owning_installer: 0,
      dealer_id: s.f.sun.id,
    });
    const edit = await call('sun', 'PUT', `/api/customer/${id}`, customerEdit(id, 'Rick Buyer'));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toEqual({ success: true, message: 'Customer record updated.' });
    expect(await customerRow(id)).toMatchObject({
      name: 'Rick Buyer',
      phone: '8135550999',
      owningInstallerId: null,
      stripeCustomerId: 'cus_rick',
    });
  });

  it('lets the owning installer change its customer, never give it away; a group location doing its job reads it', async () => {
    const id = s.f.retail.id;
    const edit = await call('one', 'PUT', `/api/customer/${id}`, customerEdit(id, 'Rita Owner'));
    expect(edit.statusCode, edit.body).toBe(200);
    const typed = await call('one', 'PUT', `/api/customers/${id}`, {
      customerType: 'Customer',
      owningInstaller: s.f.one.id,
    });
    expect(typed.statusCode, typed.body).toBe(200);
    const giveAway = await call('one', 'PUT', `/api/customers/${id}`, { owningInstaller: s.f.three.id });
    expect(giveAway.statusCode).toBe(403);
    expect(await customerRow(id)).toMatchObject({
      name: 'Rita Owner',
      customerType: 'Customer',
      owningInstallerId: s.f.one.id,
      stripeCustomerId: 'cus_rita',
    });

    // North does the estimate One transferred to it: it reads the customer, and changes nothing.
    expect((await call('north', 'GET', `/api/customers/${id}`)).json()).toMatchObject({
      customer_name: 'Rita Owner',
      owning_installer: s.f.one.id,
    });
    expect((await call('north', 'PUT', `/api/customer/${id}`, customerEdit(id, 'North'))).statusCode).toBe(
      403,
    );
    expect(
      (await call('north', 'PUT', `/api/customers/${id}`, { owningInstaller: s.f.north.id })).statusCode,
    ).toBe(403);
    expect(await customerRow(id)).toMatchObject({ name: 'Rita Owner', owningInstallerId: s.f.one.id });
  });

  const dealerEdit = {
    dealerName: 'Taken Motors',
    dealerEmail: 'taken@example.test',
    dealerPhoneNumber: '8135550777',
    stripeCustomerId: 'cus_attacker',
    dealerAddressLine1: '9 Taken Rd',
    dealerAddressCity: 'Orlando',
    dealerAddressState: 'fl',
    dealerAddressZip: '32801',
    latitude: 28.5,
    longitude: -81.4,
  };

  it('refuses dealership changes by installers that did not create it, or whose dealership has users', async () => {
    for (const dealer of [s.f.sun, s.f.harbor, s.f.lake]) {
      const before = await dealerRow(dealer.id);
      for (const path of ['dealers', 'dealer']) {
        // Three has nothing to do with them: they do not exist for it, whatever the body says.
        expect((await call('three', 'PUT', `/api/${path}/${dealer.id}`, dealerEdit)).statusCode).toBe(404);
        expect(
          (await call('three', 'PUT', `/api/${path}/${dealer.id}`, { ...dealerEdit, dealerId: 1 }))
            .statusCode,
        ).toBe(404);
        // One works with Sun and Harbor and created Lake, but each has users of its own.
        const linked = await call('one', 'PUT', `/api/${path}/${dealer.id}`, dealerEdit);
        expect(linked.statusCode, linked.body).toBe(403);
      }
      expect(await dealerRow(dealer.id)).toEqual(before);
    }
    // Another dealership's users.
    const before = await dealerRow(s.f.harbor.id);
    expect((await call('sun', 'PUT', `/api/dealers/${s.f.harbor.id}`, dealerEdit)).statusCode).toBe(404);
    expect(await dealerRow(s.f.harbor.id)).toEqual(before);
  });

  it('lets a dealership change its own record, and the installer that created a dealership without users its contact fields', async () => {
    const own = await call('sun', 'PUT', `/api/dealers/${s.f.sun.id}`, dealerEdit);
    expect(own.statusCode, own.body).toBe(200);
    expect(await dealerRow(s.f.sun.id)).toMatchObject({
      name: 'Taken Motors',
      email: 'taken@example.test',
      city: 'Orlando',
      state: 'FL',
      stripeCustomerId: 'cus_sun',
    });

    const before = await dealerRow(s.f.gulf.id);
    const creator = await call('one', 'PUT', `/api/dealer/${s.f.gulf.id}`, {
      ...dealerEdit,
      dealerName: 'Gulf Coast Cars',
      dealerEmail: 'service@gulf.test',
    });
    expect(creator.statusCode, creator.body).toBe(200);
    expect(creator.json()).toEqual({ success: true, message: 'Dealer record updated successfully.' });
    expect(await dealerRow(s.f.gulf.id)).toEqual({
      ...before,
      name: 'Gulf Coast Cars',
      email: 'service@gulf.test',
      phone: '8135550777',
    });
  });

  it('shows installers their dealerships without payment-provider ids', async () => {
    const list = (await call('one', 'GET', '/api/dealers')).json() as Record<string, unknown>[];
    expect(list.map((d) => d.dealer_id).sort()).toEqual(
      [s.f.sun.id, s.f.harbor.id, s.f.gulf.id, s.f.lake.id].sort(),
    );
    for (const dealer of list) expect(dealer).not.toHaveProperty('stripe_customer_id');
    const typeAhead = (await call('one', 'GET', `/api/dealerInstall/${s.f.one.id}`)).json() as object[];
    for (const dealer of typeAhead) expect(dealer).not.toHaveProperty('stripe_customer_id');
    expect((await call('harbor', 'GET', '/api/dealers')).json()).toEqual([
      expect.objectContaining({ dealer_id: s.f.harbor.id, stripe_customer_id: 'cus_harbor' }),
    ]);
  });
});
