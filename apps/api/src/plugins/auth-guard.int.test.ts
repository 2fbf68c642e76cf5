import { count } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/build-test-app';
import { outbox } from '../db/schema/outbox';
import { buildLifecycleWorld, type LifecycleWorld } from '../modules/lifecycle/lifecycle.fixture';

describe('the auth guard refuses ASSIST by what a call does, not by its method', () => {
  let w: LifecycleWorld;

  const t = useTestApp();
  beforeAll(async () => {
    w = await buildLifecycleWorld(t.database.db, t.config.jwtSecret);
  });

  const outboxRows = async () => (await t.database.db.select({ n: count() }).from(outbox))[0]?.n ?? 0;

  it('ASSIST gets 403 on GET /api/sendemailreq/:id of its own dealership’s request, and no e-mail is queued', async () => {
    const { request } = await w.openRequest([w.installerA.id, w.installerB.id]);
    const url = `/api/sendemailreq/${request.id}`;
    const before = await outboxRows();

    const assist = await t.app.inject({ method: 'GET', url, headers: w.sessions.dealerAssist.headers });
    expect(assist.statusCode, assist.body).toBe(403);
    expect(assist.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await outboxRows()).toBe(before);

    // The same call by a STANDARD user of the dealership does queue the e-mails (the request is a sendable one).
    const standard = await t.app.inject({ method: 'GET', url, headers: w.sessions.dealer.headers });
    expect(standard.statusCode, standard.body).toBe(200);
    expect(await outboxRows()).toBeGreaterThan(before);
  });

  it('ASSIST still reads, and an unknown /api path is still 404 for it', async () => {
    const { request } = await w.openRequest([w.installerA.id]);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/requestimates/requestbyID/?Id=${request.id}`,
      headers: w.sessions.dealerAssist.headers,
    });
    expect(read.statusCode, read.body).toBe(200);
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-call',
      headers: w.sessions.dealerAssist.headers,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('every non-public /api route declares its effect; GET calls that send or create are writes', () => {
    const undeclared = t.app.apiRoutes.filter((r) => !r.isPublic && r.effect === null);
    expect(undeclared).toEqual([]);
    const same = (a: string, b: string) => a.toLowerCase().replace(/\/$/, '') === b.toLowerCase();
    const effectOf = (method: string, url: string) =>
      t.app.apiRoutes.find((r) => r.method === method && same(r.url, url))?.effect;
    expect(effectOf('GET', '/api/sendemailreq/:requestId')).toBe('write');
    expect(effectOf('GET', '/api/sendemailb/:requestId')).toBe('write');
    expect(effectOf('GET', '/api/matchAll')).toBe('write');
    expect(effectOf('POST', '/api/page-views')).toBe('write');
    expect(effectOf('GET', '/api/requestimates/requestbyid')).toBe('read');
  });
});
