import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/build-test-app';
import { createDealer, createInstaller, createUser } from '../../db/factories/identity';
import { pageViews } from '../../db/schema/analytics';

const PASSWORD = 'analytics-test-password';
const NOW = new Date('2025-03-04T05:06:07.000Z');

/** Page views (000 §2 labels) go through the analytics port; the local adapter stores them. */
describe('page views', () => {
  let dealerId: number;
  let installerId: number;

  const t = useTestApp({ clock: () => NOW });
  beforeAll(async () => {
    const db = t.database.db;
    dealerId = (await createDealer(db)).id;
    installerId = (await createInstaller(db)).id;
    await createUser(db, { email: 'pv-assist@example.test', password: PASSWORD, dealerId, access: 'ASSIST' });
    await createUser(db, { email: 'pv-installer@example.test', password: PASSWORD, installerId });
  });

  const post = (headers: Record<string, string>, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/page-views', headers, payload: payload as object });

  it('records a view of an ASSIST dealer user and of an installer, with the session’s company', async () => {
    const assist = await signIn(t.app, 'pv-assist@example.test', PASSWORD);
    const installer = await signIn(t.app, 'pv-installer@example.test', PASSWORD);
    const a = await post(assist.headers, { label: 'dealerJobs', path: '/jobs' });
    expect(a.statusCode).toBe(201);
    expect(a.json()).toEqual({ success: true });
    const b = await post(installer.headers, {
      label: 'installerRequests',
      path: '/requestimates',
      requestId: 42,
    });
    expect(b.statusCode).toBe(201);
    const c = await post(installer.headers, { label: 'installerPickups' });
    expect(c.statusCode).toBe(201);

    const rows = await t.database.db.select().from(pageViews).orderBy(asc(pageViews.id));
    expect(rows.map(({ id: _id, ...r }) => r)).toEqual([
      {
        label: 'dealerJobs',
        userId: assist.user.userId,
        companyId: dealerId,
        companyType: 'dealer',
        path: '/jobs',
        requestId: null,
        createdAt: NOW,
      },
      {
        label: 'installerRequests',
        userId: installer.user.userId,
        companyId: installerId,
        companyType: 'installer',
        path: '/requestimates',
        requestId: 42,
        createdAt: NOW,
      },
      {
        label: 'installerPickups',
        userId: installer.user.userId,
        companyId: installerId,
        companyType: 'installer',
        path: null,
        requestId: null,
        createdAt: NOW,
      },
    ]);
  });

  it('refuses unknown labels and bad fields with 400, and anonymous calls with 401', async () => {
    const installer = await signIn(t.app, 'pv-installer@example.test', PASSWORD);
    for (const payload of [
      { label: 'somethingElse' },
      {},
      { label: 'dealerJobs', path: 'no-leading-slash' },
      { label: 'dealerJobs', requestId: 'abc' },
      { label: 'dealerJobs', requestId: 2_147_483_648 },
    ]) {
      const res = await post(installer.headers, payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    const anonymous = await post({}, { label: 'dealerJobs' });
    expect(anonymous.statusCode).toBe(401);
  });
});
