import { describe, expect, it } from 'vitest';
import { signInAll, useTestApp } from '../../../test/build-test-app';
import { createRetailCustomer, userMaker } from '../../../test/world';
import { createCustomer, linkInstallerDealer } from '../../db/factories/customers';
import { createDealer, createInstaller } from '../../db/factories/identity';
import { createServiceRequest } from '../../db/factories/service-requests';

type Json = Record<string, unknown>;
const PASSWORD = 'customers-jobs-password';

/**
 * SHOW JOBS (rows 135, 136) and the customers screen's type-ahead (rows 133, 134 with ?q= and ?limit=): a
 * specialist reads its own work for its own customers and dealerships only.
 */
describe('customers screen: SHOW JOBS and the type-ahead', () => {
  const t = useTestApp(async ({ app, database: { db } }) => {
    const one = await createInstaller(db, { name: 'One Film' });
    const two = await createInstaller(db, { name: 'Two Film' });
    const sun = await createDealer(db, { name: 'Sun Motors' });
    const stranger = await createDealer(db, { name: 'Stranger Cars' });
    await linkInstallerDealer(db, one.id, sun.id);
    const rita = await createRetailCustomer(db, one.id, { phone: '8135550101' });
    const other = await createCustomer(db, { owningInstallerId: two.id, name: 'Otto Other' });
    for (let i = 0; i < 30; i += 1) {
      await createCustomer(db, {
        owningInstallerId: one.id,
        name: `Ann Example ${String(i).padStart(2, '0')}`,
      });
    }
    // Written in lower case: the list's name order ignores case, as people read names.
    await createCustomer(db, { owningInstallerId: one.id, name: 'aaron lowercase' });
    const retail = await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: one.id,
      customerId: rita.id,
      currentState: 'scheduled',
      history: 'none',
    });
    const dealerJob = await createServiceRequest(db, {
      requestType: 'dealer',
      dealerId: sun.id,
      assignedInstallerId: one.id,
      currentState: 'finished',
      history: 'none',
    });
    // A dealership's jobs are read newest first from the installer's two sides of the work, cut at 50: jobs
    // assigned to it, and work it booked for the dealership itself (on both sides, listed once). Sun's
    // work with another installer and deleted work are never listed.
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000);
    const sunJobs: { id: number; at: Date }[] = [
      { id: dealerJob.request.id, at: dealerJob.request.availableDate },
    ];
    for (let i = 0; i < 60; i += 1) {
      const booked = i % 2 === 1;
      const job = await createServiceRequest(db, {
        ...(booked
          ? { requestType: 'installer', requestorInstallerId: one.id }
          : { requestType: 'dealer', assignedInstallerId: one.id }),
        dealerId: sun.id,
        // Two jobs a day: the id orders the pair.
        availableDate: day(Math.floor(i / 2)),
        currentState: i % 3 === 0 ? 'collected' : 'scheduled',
        history: 'none',
      });
      sunJobs.push({ id: job.request.id, at: day(Math.floor(i / 2)) });
    }
    await createServiceRequest(db, {
      dealerId: sun.id,
      assignedInstallerId: two.id,
      availableDate: day(100),
      currentState: 'scheduled',
      history: 'none',
    });
    await createServiceRequest(db, {
      dealerId: sun.id,
      assignedInstallerId: one.id,
      availableDate: day(101),
      currentState: 'deleted',
      history: 'none',
    });
    const sunNewest = [...sunJobs]
      .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id - a.id)
      .slice(0, 50)
      .map((j) => j.id);
    // The dealerships of the type-ahead: the linked Sun Motors and Bay Cars, which One added but is not
    // linked to; not Two's own dealership, nor a stranger.
    await createDealer(db, { name: 'Bay Cars', createdByInstallerId: one.id });
    await createDealer(db, { name: 'Two Cars', createdByInstallerId: two.id });
    const user = userMaker(db, PASSWORD);
    await user('cj-one@example.test', { installerId: one.id });
    await user('cj-assist@example.test', { installerId: one.id }, 'ASSIST');
    await user('cj-two@example.test', { installerId: two.id });
    await user('cj-dealer@example.test', { dealerId: sun.id });
    return {
      jobs: { retail: retail.request.id, dealer: dealerJob.request.id, sunNewest },
      as: await signInAll(app, PASSWORD, {
        one: 'cj-one@example.test',
        assist: 'cj-assist@example.test',
        two: 'cj-two@example.test',
        dealer: 'cj-dealer@example.test',
      }),
      ids: { one: one.id, two: two.id, rita: rita.id, other: other.id, sun: sun.id, stranger: stranger.id },
    };
  });

  const get = (who: keyof typeof t.as, url: string) =>
    t.app.inject({ method: 'GET', url, headers: t.as[who].headers });

  it('lists a customer’s and a dealership’s jobs for SHOW JOBS, by either casing', async () => {
    const customerJobs = await get('one', `/api/getcustomerjobs/${t.ids.rita}/${t.ids.one}`);
    expect(customerJobs.statusCode, customerJobs.body).toBe(200);
    expect((customerJobs.json() as Json[]).map((j) => j.requestId)).toEqual([t.jobs.retail]);
    expect((customerJobs.json() as Json[])[0]).toMatchObject({ currentState: 'scheduled' });
    const dealerJobs = await get('one', `/api/getDealerJobs/${t.ids.sun}/${t.ids.one}/`);
    expect(dealerJobs.statusCode, dealerJobs.body).toBe(200);
    expect((dealerJobs.json() as Json[]).map((j) => j.requestId)).toEqual(t.jobs.sunNewest);
    // ASSIST reads (read-only, decision 22).
    expect((await get('assist', `/api/getcustomerjobs/${t.ids.rita}/${t.ids.one}`)).statusCode).toBe(200);
  });

  it('refuses another specialist’s id, another specialist’s customer, a stranger dealership and dealers', async () => {
    expect((await get('two', `/api/getcustomerjobs/${t.ids.rita}/${t.ids.one}`)).statusCode).toBe(403);
    expect((await get('two', `/api/getcustomerjobs/${t.ids.rita}/${t.ids.two}`)).statusCode).toBe(404);
    expect((await get('one', `/api/getcustomerjobs/${t.ids.other}/${t.ids.one}`)).statusCode).toBe(404);
    expect((await get('one', `/api/getdealerjobs/${t.ids.stranger}/${t.ids.one}`)).statusCode).toBe(404);
    expect((await get('dealer', `/api/getdealerjobs/${t.ids.sun}/${t.ids.one}`)).statusCode).toBe(403);
    const bad = await get('one', `/api/getcustomerjobs/abc/${t.ids.one}`);
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as Json).code).toBe('VALIDATION_FAILED');
  });

  it('searches on the server and answers at most ?limit= rows, in name order', async () => {
    const page = await get('one', `/api/customerInstall/${t.ids.one}?q=ann&limit=10`);
    expect(page.statusCode, page.body).toBe(200);
    const names = (page.json() as Json[]).map((c) => c.customer_name);
    expect(names).toHaveLength(10);
    expect(names[0]).toBe('Ann Example 00');
    expect((await get('one', `/api/customerInstall/${t.ids.one}?q=5550101`)).json()).toMatchObject([
      { customer_name: 'Rita Retail' },
    ]);
    const firstPage = (await get('one', `/api/customerInstall/${t.ids.one}?limit=3`)).json() as Json[];
    expect(firstPage.map((c) => c.customer_name)).toEqual([
      'aaron lowercase',
      'Ann Example 00',
      'Ann Example 01',
    ]);
    expect((await get('one', `/api/customerInstall/${t.ids.one}?limit=0`)).statusCode).toBe(400);
    expect((await get('one', `/api/customerInstall/${t.ids.one}?limit=501`)).statusCode).toBe(400);
    const dealers = (await get('one', `/api/dealerInstall/${t.ids.one}?q=sun&limit=5`)).json() as Json[];
    expect(dealers.map((d) => d.dealer_name)).toEqual(['Sun Motors']);
    expect(dealers[0]).toHaveProperty('billing_email');
    const all = (await get('one', `/api/dealerInstall/${t.ids.one}`)).json() as Json[];
    expect(all.map((d) => d.dealer_name)).toEqual(['Bay Cars', 'Sun Motors']);
  });
});
