import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signInAll, useTestApp } from '../../../test/build-test-app';
import { userMaker } from '../../../test/world';
import { createCatalogService } from '../../db/factories/catalog';
import { createInstaller } from '../../db/factories/identity';
import { createServiceRequest } from '../../db/factories/service-requests';
import { installers } from '../../db/schema/identity';

type Json = Record<string, unknown>;
const PASSWORD = 'profile-test-password';

/** GET /profile/{userId} (row 157): the caller's own profile, its payment state and a trial's setup progress. */
describe('installer profile', () => {
  const t = useTestApp(async ({ app, database: { db } }) => {
    const paid = await createInstaller(db, {
      name: 'Paid Film LLC',
      taxRateBps: 750,
      capacity: 6,
      stripeAccountId: 'acct_paid',
      onboardingComplete: true,
      offersWholesale: true,
    });
    const trial = await createInstaller(db, { name: 'Trial Tint', isTrial: true, offersWholesale: false });
    await createCatalogService(db, {
      installerId: paid.id,
      serviceCategory: 'PPF',
      description: 'Full Front PPF',
      retail: { L: 200_000, M: 180_000, S: 160_000 },
    });
    await createCatalogService(db, {
      installerId: paid.id,
      serviceCategory: 'Glass/Tint',
      description: 'Ceramic Tint',
      retail: { L: 60_000, M: 50_000, S: 40_000 },
    });
    const user = userMaker(db, PASSWORD);
    await user('pf-paid@example.test', { installerId: paid.id });
    await user('pf-trial@example.test', { installerId: trial.id });
    await user('pf-assist@example.test', { installerId: paid.id }, 'ASSIST');
    await user('pf-dealer@example.test', {});
    return {
      trialId: trial.id,
      as: await signInAll(app, PASSWORD, {
        paid: 'pf-paid@example.test',
        trial: 'pf-trial@example.test',
        assist: 'pf-assist@example.test',
        dealer: 'pf-dealer@example.test',
      }),
    };
  });

  const get = (who: keyof typeof t.as, userId = t.as[who].user.userId) =>
    t.app.inject({ method: 'GET', url: `/api/profile/${userId}`, headers: t.as[who].headers });

  it('answers a paying specialist its business information, payment complete at 100 %, no setup list', async () => {
    const res = await get('paid');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as Json;
    expect(body.user).toMatchObject({ Email: 'pf-paid@example.test', access: 'STANDARD' });
    expect(body.installer).toMatchObject({
      Installer_Name: 'Paid Film LLC',
      capacity: 6,
      tax_rate: 7.5,
      categories: ['Glass/Tint', 'PPF'],
      services: ['retail', 'whole'],
      is_trial: false,
    });
    expect(body.payment).toEqual({
      state: 'complete',
      onboarding_complete: true,
      has_account: true,
      progress: 100,
    });
    expect(body.setup).toBeNull();
    expect((await get('assist')).statusCode).toBe(200);
  });

  it('shows a trial what is done and what is left, following the payment account', async () => {
    const first = (await get('trial')).json() as Json;
    expect(first.payment).toMatchObject({ state: 'required', progress: 50, has_account: false });
    expect(first.setup).toEqual({
      completed: 0,
      total: 4,
      steps: [
        { key: 'payment', label: 'Payment account set up', done: false },
        { key: 'firstJob', label: 'First job scheduled', done: false },
        { key: 'calendar', label: 'Calendar linked', done: false },
        { key: 'catalog', label: 'Service catalog priced', done: false },
      ],
    });
    const db = t.database.db;
    await db.update(installers).set({ stripeAccountId: 'acct_trial' }).where(eq(installers.id, t.trialId));
    expect(((await get('trial')).json() as Json).payment).toMatchObject({
      state: 'in_progress',
      progress: 50,
    });
    await db
      .update(installers)
      .set({ onboardingComplete: true, calendarAuthenticated: true })
      .where(eq(installers.id, t.trialId));
    await createServiceRequest(db, {
      requestType: 'installer',
      requestorInstallerId: t.trialId,
      currentState: 'scheduled',
      history: 'none',
    });
    const after = (await get('trial')).json() as {
      payment: Json;
      setup: { completed: number; steps: Json[] };
    };
    expect(after.payment).toMatchObject({ state: 'complete', progress: 100 });
    expect(after.setup.completed).toBe(3);
    expect(after.setup.steps.filter((s) => !s.done).map((s) => s.key)).toEqual(['catalog']);
  });

  it('refuses another user’s profile, dealers and a bad id', async () => {
    expect((await get('paid', t.as.trial.user.userId)).statusCode).toBe(403);
    expect((await get('dealer')).statusCode).toBe(403);
    const bad = await t.app.inject({ method: 'GET', url: '/api/profile/abc', headers: t.as.paid.headers });
    expect(bad.statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/profile/${t.as.paid.user.userId}` })).statusCode,
    ).toBe(401);
  });
});
