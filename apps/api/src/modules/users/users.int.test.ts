import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn, useTestApp } from '../../../test/build-test-app';
import { DEMO_PASSWORD, seedDemoData } from '../../db/seed';

type Session = Awaited<ReturnType<typeof signIn>>;
const DEMO = [
  'dealer@demo.test',
  'assist@demo.test',
  'dealer2@demo.test',
  'installer@demo.test',
  'installer2@demo.test',
  'installer3@demo.test',
] as const;

/** User management (rows 148–152): ADMIN only, only within the companies the administrator holds. */
describe('user management', () => {
  const as: Record<string, Session> = {};
  let elite = 0;
  let north = 0;
  let clearview = 0;
  let sunrise = 0;

  const call = (who: Session | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, ...(payload ? { payload } : {}), headers: who?.headers ?? {} });
  const newUser = (over: Record<string, unknown> = {}) => ({
    email: 'new.tech@elite.test',
    userName: 'New Tech',
    userPhoneNumber: '8135550199',
    companyId: elite,
    companyType: 'specialist',
    active: true,
    access: '',
    ...over,
  });
  const lastMail = async (kind: string) => {
    const rows = await t.database.db.execute(
      sql`select payload->>'to' as "to", payload->>'text' as text from outbox where kind = ${kind} order by id desc limit 1`,
    );
    return (rows as unknown as { rows: { to: string; text: string }[] }).rows[0];
  };

  const t = useTestApp({ config: { publicUrl: 'https://app.example.test' } });
  beforeAll(async () => {
    await seedDemoData(t.database.db, { now: new Date('2025-06-18T15:30:00.000Z') });
    for (const email of DEMO) as[email] = await signIn(t.app, email, DEMO_PASSWORD);
    elite = as['installer@demo.test']!.user.companyId;
    north = as['installer2@demo.test']!.user.companyId;
    clearview = as['installer3@demo.test']!.user.companyId;
    sunrise = as['dealer@demo.test']!.user.companyId;
  });

  it('only the ADMIN among the six demo accounts may make any user-management call', async () => {
    const target = await call(
      as['installer@demo.test']!,
      'POST',
      '/api/users',
      newUser({ email: 'm@elite.test' }),
    );
    const targetId = target.json().userId as number;
    for (const email of DEMO) {
      const who = as[email]!;
      const answers = [
        await call(who, 'GET', '/api/users'),
        await call(who, 'GET', '/api/installers'),
        await call(who, 'POST', '/api/users', newUser({ email: `x-${who.user.userId}@elite.test` })),
        await call(who, 'PUT', `/api/users/${targetId}`, newUser({ email: 'm@elite.test' })),
        await call(who, 'POST', `/api/useraccess/${targetId}`, { associations: [] }),
      ].map((r) => r.statusCode);
      if (email === 'installer@demo.test') {
        expect(answers.slice(0, 3)).toEqual([200, 200, 201]);
        expect(answers.slice(3)).toEqual([200, 200]);
      } else {
        expect(answers, email).toEqual([403, 403, 403, 403, 403]);
      }
    }
    for (const method of ['GET'] as const) {
      expect((await call(null, method, '/api/users')).statusCode).toBe(401);
    }
  });

  it('the list shows the users of the companies the ADMIN holds, with the documented fields', async () => {
    const res = await call(as['installer@demo.test']!, 'GET', '/api/users');
    const list = res.json() as { Email: string; Company_id: number; company_name: string; access: string }[];
    const emails = list.map((u) => u.Email);
    expect(emails).toEqual(expect.arrayContaining(['installer@demo.test', 'installer2@demo.test']));
    expect(emails).not.toContain('installer3@demo.test');
    expect(emails.some((e) => e.includes('dealer') || e.includes('sunrise'))).toBe(false);
    const nina = list.find((u) => u.Email === 'installer2@demo.test')!;
    expect(nina).toMatchObject({
      user_name: 'Nina Patel',
      user_phone_number: '8135550178',
      User_type: 'installer',
      Company_id: north,
      company_name: 'Elite Auto Film North',
      access: 'STANDARD',
      status: 'active',
    });
    const choices = (await call(as['installer@demo.test']!, 'GET', '/api/installers')).json() as {
      company_id: number;
    }[];
    expect(choices.map((c) => c.company_id).sort()).toEqual([elite, north].sort());
  });

  it('creates a user with a set-password e-mail, never a password; the link activates the account', async () => {
    const admin = as['installer@demo.test']!;
    const res = await call(admin, 'POST', '/api/users', newUser());
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('User created successfully!');
    const userId = res.json().userId as number;
    const status = await call(admin, 'GET', '/api/auth/user-status/new.tech@elite.test');
    expect(status.json().status).toBe('pending');
    const mail = await lastMail('set-password');
    expect(mail?.to).toBe('new.tech@elite.test');
    expect(mail?.text).toContain('https://app.example.test/reset-password?token=');
    expect(mail?.text).not.toMatch(/your password is/i);
    const token = /token=([\w-]+)/.exec(mail!.text)?.[1];
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'first-pass-1' },
    });
    expect(set.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, password: 'second-pass-2' },
    });
    expect(again.statusCode).toBe(400);
    const session = await signIn(t.app, 'new.tech@elite.test', 'first-pass-1');
    expect(session.user.userId).toBe(userId);
    expect((await call(admin, 'GET', '/api/auth/user-status/new.tech@elite.test')).json().status).toBe(
      'active',
    );
  });

  it('refuses bad input with the field message, a taken e-mail with 409, a company not held with 403', async () => {
    const admin = as['installer@demo.test']!;
    const bad = async (over: Record<string, unknown>) => {
      const res = await call(admin, 'POST', '/api/users', newUser({ email: 'bad@elite.test', ...over }));
      return { status: res.statusCode, text: res.body };
    };
    const fieldErrors: [Record<string, unknown>, string][] = [
      [{ userPhoneNumber: '81355501' }, 'Phone must be exactly 10 digits'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ userName: '  ' }, 'Name is required'],
      [{ companyType: '' }, 'Company type is required'],
      [{ companyType: 'dealership', companyId: sunrise }, 'Access level is required for dealership users'],
    ];
    for (const [over, message] of fieldErrors) {
      expect(await bad(over)).toMatchObject({ status: 400, text: expect.stringContaining(message) });
    }
    expect((await bad({ companyType: 'dealership', companyId: sunrise, access: 'STANDARD' })).status).toBe(
      403,
    );
    expect((await bad({ companyId: clearview })).status).toBe(403);
    const taken = await call(admin, 'POST', '/api/users', newUser({ email: 'Installer3@Demo.test' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('An account with this email already exists.');
    // Another company's user is not found, whatever the body says.
    const carlos = as['installer3@demo.test']!.user.userId;
    const other = await call(
      admin,
      'PUT',
      `/api/users/${carlos}`,
      newUser({ email: 'installer3@demo.test' }),
    );
    expect(other.statusCode).toBe(404);
    expect((await call(admin, 'POST', `/api/useraccess/${carlos}`, { associations: [] })).statusCode).toBe(
      404,
    );
  });

  it('company access follows rules 124 and 125', async () => {
    const admin = as['installer@demo.test']!;
    const created = await call(admin, 'POST', '/api/users', newUser({ email: 'grants@elite.test' }));
    const id = created.json().userId as number;
    const grant = (associations: object[]) => call(admin, 'POST', `/api/useraccess/${id}`, { associations });
    const same = (company_id: number) => ({ company_id, company_type: 'specialist' });
    expect((await grant([{ company_id: sunrise, company_type: 'dealership' }])).statusCode).toBe(400);
    expect((await grant([same(elite)])).json().message).toBe(
      'The primary company is not an additional company.',
    );
    expect((await grant([same(north), same(north)])).statusCode).toBe(400);
    expect((await grant([same(clearview)])).statusCode).toBe(403);
    const ok = await grant([same(north)]);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().associations.map((a: { company_id: number }) => a.company_id)).toEqual([elite, north]);
    // Rule 125: the primary company can become North (which the user has), not Clearview.
    const edit = (over: object) =>
      call(admin, 'PUT', `/api/users/${id}`, newUser({ email: 'grants@elite.test', userId: id, ...over }));
    expect((await edit({ companyId: clearview })).statusCode).toBe(403);
    const moved = await edit({ companyId: north });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().message).toBe('User updated successfully!');
    const companies = await call(admin, 'GET', `/api/userAccess/${id}`);
    expect(companies.statusCode).toBe(200);
    expect(
      companies.json().map((c: { company_id: number; is_primary: boolean }) => [c.company_id, c.is_primary]),
    ).toEqual([
      [north, true],
      [elite, false],
    ]);
    // Removing the grant again (the whole list is sent).
    expect((await grant([])).json().associations).toHaveLength(1);
    expect((await edit({ companyId: elite })).statusCode).toBe(400);
  });

  it('disabling a user or changing its access ends its sessions at once', async () => {
    const admin = as['installer@demo.test']!;
    const id = (await call(admin, 'POST', '/api/users', newUser({ email: 'leaver@elite.test' }))).json()
      .userId as number;
    await t.database.db.execute(
      sql`update users set password_hash = (select password_hash from users where email = 'installer2@demo.test'), status = 'active' where id = ${id}`,
    );
    const session = await signIn(t.app, 'leaver@elite.test', DEMO_PASSWORD);
    expect((await call(session, 'GET', `/api/userAccess/${id}`)).statusCode).toBe(200);
    const body = newUser({ email: 'leaver@elite.test', userId: id });
    expect((await call(admin, 'PUT', `/api/users/${id}`, { ...body, access: 'ASSIST' })).statusCode).toBe(
      200,
    );
    expect((await call(session, 'GET', `/api/userAccess/${id}`)).statusCode).toBe(401);
    const second = await signIn(t.app, 'leaver@elite.test', DEMO_PASSWORD);
    expect((await call(admin, 'PUT', `/api/users/${id}`, { ...body, active: false })).statusCode).toBe(200);
    expect((await call(second, 'GET', `/api/userAccess/${id}`)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refreshToken: second.refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    expect((await call(admin, 'GET', '/api/auth/user-status/leaver@elite.test')).json().status).toBe(
      'disabled',
    );
    // The administrator cannot lock itself out.
    const self = admin.user.userId;
    const selfDisable = await call(
      admin,
      'PUT',
      `/api/users/${self}`,
      newUser({ email: 'installer@demo.test', userName: 'Evan Brooks', active: false }),
    );
    expect(selfDisable.statusCode).toBe(400);
  });
});
