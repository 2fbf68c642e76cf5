import { describe, expect, it } from 'vitest';
import { get, signIn, useTestApp } from '../../../test/build-test-app';
import { userMaker } from '../../../test/world';
import { createDealer, createInstaller } from '../../db/factories/identity';
import { createReferral } from '../../db/factories/referrals';
import { createServiceRequest } from '../../db/factories/service-requests';

const PASSWORD = 'nav-test-password';

/** Menu counts follow the list filters of 000 §2 and never count another company's work. */
describe('navigation counts', () => {
  const t = useTestApp(async ({ database: { db } }) => {
    const dealerId = (await createDealer(db)).id;
    const otherDealerId = (await createDealer(db)).id;
    const installerId = (
      await createInstaller(db, { calendarAuthenticated: true, calendarId: 'shop@calendar.test' })
    ).id;
    const otherInstallerId = (await createInstaller(db)).id;
    const user = userMaker(db, PASSWORD);
    await user('nav-dealer@example.test', { dealerId });
    await user('nav-direct@example.test', { dealerId }, 'DIRECT');
    await user('nav-installer@example.test', { installerId });

    const dealerJob = (currentState: string, assigned: number | null, extra = {}) =>
      createServiceRequest(db, {
        requestType: 'dealer',
        requestorDealerId: dealerId,
        currentState,
        assignedInstallerId: assigned,
        ...(currentState === 'deleted' ? { deletedAt: new Date() } : {}),
        ...extra,
      });
    // Our dealer: 2 requests, 3 jobs, 2 pickups; reviewed and deleted count nowhere.
    await dealerJob('new', null, { offers: [{ installerId, currentStatus: 'offered' }] });
    await dealerJob('answered', null, { offers: [{ installerId, currentStatus: 'accepted' }] });
    await dealerJob('scheduled', installerId);
    await dealerJob('received', installerId);
    await dealerJob('started', otherInstallerId);
    await dealerJob('finished', installerId);
    await dealerJob('collected', installerId);
    await dealerJob('reviewed', installerId);
    await dealerJob('deleted', null, { offers: [] });
    // Another dealer's work, offered to someone else: ours never counts it.
    await createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: otherDealerId,
      currentState: 'new',
      offers: [{ installerId: otherInstallerId, currentStatus: 'offered' }],
    });
    await createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: otherDealerId,
      currentState: 'scheduled',
      assignedInstallerId: otherInstallerId,
    });

    // Our installer's own estimates: one new (request), one started (job); another installer's estimate.
    await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: installerId,
      currentState: 'new',
    });
    await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: installerId,
      currentState: 'started',
    });
    await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: otherInstallerId,
      currentState: 'new',
    });

    // The dealer's referrals in play: a new lead and an offered one (counted), a claimed one in work
    // (counted), a complete one and one that expired unclaimed (not).
    await createReferral(db, { dealerId, status: 'NEW' });
    await createReferral(db, { dealerId, status: 'OFFERED' });
    await createReferral(db, { dealerId, status: 'COMPLETE' });
    await createReferral(db, { dealerId, status: 'VIEWED', dateAdded: new Date('2020-01-01T00:00:00Z') });
    await createReferral(db, {
      dealerId,
      status: 'SCHEDULED',
      claimedByInstallerId: installerId,
      dateAdded: new Date('2020-01-01T00:00:00Z'),
    });
    await createReferral(db, { dealerId: otherDealerId, status: 'NEW' });
    // Leads for the installer: offered to it (counted), offered only to another (not), offered but expired
    // (not), claimed by it and not yet converted (counted), converted (not).
    const offered = (to: number) => ({
      status: 'OFFERED',
      offers: [{ installerId: to, token: `nav-${to}-${Math.random()}` }],
    });
    await createReferral(db, { dealerId: otherDealerId, ...offered(installerId) });
    await createReferral(db, { dealerId: otherDealerId, ...offered(otherInstallerId) });
    await createReferral(db, {
      dealerId: otherDealerId,
      ...offered(installerId),
      dateAdded: new Date('2020-01-01T00:00:00Z'),
    });
    await createReferral(db, {
      dealerId: otherDealerId,
      status: 'CLAIMED',
      claimedByInstallerId: installerId,
    });
    await createReferral(db, {
      dealerId: otherDealerId,
      status: 'ESTIMATE_CREATED',
      claimedByInstallerId: installerId,
    });
    return { dealerId, installerId, otherDealerId };
  });

  it('counts a dealer’s requests, jobs, pickups and active referrals', async () => {
    const s = await signIn(t.app, 'nav-dealer@example.test', PASSWORD);
    const res = await get(
      t.app,
      `/api/navbar-data-cached?entityId=${t.dealerId}&userId=${s.user.userId}&userType=dealer&access=STANDARD`,
      s.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      requestCount: 2,
      jobCount: 3,
      pickupCount: 2,
      referralCount: 3, // new, offered, and claimed in work; not the complete or the expired one
      authenticated: 0,
      calendar: null,
    });
  });

  it('counts an installer’s offered requests and own estimates, assigned jobs and pickups, and its calendar link', async () => {
    const s = await signIn(t.app, 'nav-installer@example.test', PASSWORD);
    const res = await get(
      t.app,
      `/api/navbar-data-cached?entityId=${t.installerId}&userType=installer`,
      s.headers,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      requestCount: 2, // own new estimate + the dealer request offered to it
      jobCount: 3, // scheduled + received dealer jobs + own started estimate
      pickupCount: 1, // finished dealer job (collected is a dealer-only pickup)
      referralCount: 2, // the lead offered to it, and the one it claimed and has not converted
      authenticated: 1,
      calendar: 'shop@calendar.test',
    });
  });

  it('serves the legacy counts by state for the fallback, bucketed the same way', async () => {
    const s = await signIn(t.app, 'nav-dealer@example.test', PASSWORD);
    const res = await get(t.app, '/api/counts/?userType=dealer', s.headers);
    expect(res.statusCode).toBe(200);
    const byState = Object.fromEntries(
      res.json().map((r: { current_state: string; total: number }) => [r.current_state, r.total]),
    );
    expect(byState).toEqual({
      new: 1,
      answered: 1,
      scheduled: 1,
      received: 1,
      started: 1,
      finished: 1,
      collected: 1,
    });
    const refs = await get(t.app, '/api/referralcounts/?userType=dealer', s.headers);
    expect(refs.json()).toEqual({ referralCount: 3 });
  });

  it('gives DIRECT users no referral count, and refuses another company’s counts', async () => {
    const direct = await signIn(t.app, 'nav-direct@example.test', PASSWORD);
    const res = await get(t.app, `/api/navbar-data-cached?entityId=${t.dealerId}`, direct.headers);
    expect(res.json().referralCount).toBe(0);
    const other = await get(t.app, `/api/navbar-data-cached?entityId=${t.otherDealerId}`, direct.headers);
    expect(other.statusCode).toBe(403);
    const missing = await get(t.app, '/api/navbar-data-cached', direct.headers);
    expect(missing.statusCode).toBe(400);
  });
});
