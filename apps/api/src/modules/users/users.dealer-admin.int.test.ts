import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/build-test-app';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed';

type Session = Awaited<ReturnType<typeof signIn>>;

/** The demo dealership administrator (002 §2.11): manages Sunrise Motors' users, and only those. */
describe('demo dealership administrator', () => {
  let admin: Session;

  const t = useTestApp();
  beforeAll(async () => {
    await seedDemoData(t.database.db, { now: new Date('2025-06-18T15:30:00.000Z') });
    admin = await signIn(t.app, 'dealeradmin@demo.test', DEMO_PASSWORD);
  });

  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });

  it('lists the users of Sunrise Motors only and creates one there', async () => {
    const list = (await call('GET', '/api/users')).json() as { Email: string; company_name: string }[];
    expect(list.map((u) => u.Email).sort()).toEqual([
      'assist@demo.test',
      'dealer@demo.test',
      'dealeradmin@demo.test',
    ]);
    expect(new Set(list.map((u) => u.company_name))).toEqual(new Set(['Sunrise Motors']));
    const created = await call('POST', '/api/users', {
      email: 'new.buyer@sunrise.test',
      userName: 'New Buyer',
      userPhoneNumber: '8135550198',
      companyId: admin.user.companyId,
      companyType: 'dealership',
      active: true,
      access: 'STANDARD',
    });
    expect(created.statusCode, created.body).toBe(201);
    const harbor = (await signIn(t.app, 'dealer2@demo.test', DEMO_PASSWORD)).user.companyId;
    const elsewhere = await call('POST', '/api/users', {
      email: 'x@harbor.test',
      userName: 'X',
      userPhoneNumber: '8135550197',
      companyId: harbor,
      companyType: 'dealership',
      active: true,
      access: 'STANDARD',
    });
    expect(elsewhere.statusCode).toBe(403);
  });
});
