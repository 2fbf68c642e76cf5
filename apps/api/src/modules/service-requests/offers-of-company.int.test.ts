import { getTableColumns, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createDealer, createInstaller, createUser } from '../../db/factories/identity';
import { createServiceRequest } from '../../db/factories/service-requests';
import { serviceRequests } from '../../db/schema/service-requests';
import { mintSession } from '../lifecycle/lifecycle.fixture';
import { OFFERS_TOTAL_BOUND } from './service-requests.lists.repository';

describe('GET /requestOffered/{typeId} beyond the counting bound (decision 016)', () => {
  const t = useTestApp(async ({ database: { db }, config }) => {
    const dealer = await createDealer(db);
    const installer = await createInstaller(db);
    const installerId = installer.id;
    const session = await mintSession(config.jwtSecret, await createUser(db, { installerId: installer.id }));
    const { request } = await createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: dealer.id,
      currentState: 'new',
      assignedInstallerId: null,
      offers: [{ installerId: installer.id, currentStatus: 'offered' }],
    });
    // OFFERS_TOTAL_BOUND + 4 more copies of the request, each offered to the installer.
    const columns = Object.values(getTableColumns(serviceRequests))
      .filter((c) => c.name !== 'id')
      .map((c) => sql.identifier(c.name));
    const list = sql.join(columns, sql`, `);
    await db.execute(sql`
      with copies as (
        insert into service_requests (${list})
        select ${list} from service_requests, generate_series(1, ${OFFERS_TOTAL_BOUND + 4})
        where id = ${request.id}
        returning id)
      insert into request_offers (request_id, installer_id, current_status)
      select id, ${installerId}, 'offered' from copies`);
    return { installerId, session };
  });

  it('says the total is the bound and that it is capped, and pages in offer order', async () => {
    const get = (query: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/requestOffered/${t.installerId}?${query}`,
        headers: t.session.headers,
      });
    const first = await get('limit=5');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(OFFERS_TOTAL_BOUND));
    expect(first.headers['x-total-count-capped']).toBe('true');
    const ids = first.json<{ offerId: number }[]>().map((o) => o.offerId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toHaveLength(5);

    // A later page is the next `limit` offers, not `limit + offset` of them.
    const firstTen = (await get('limit=10')).json<{ offerId: number }[]>().map((o) => o.offerId);
    const second = await get('limit=5&offset=5');
    expect(second.json<{ offerId: number }[]>().map((o) => o.offerId)).toEqual(firstTen.slice(5, 10));

    // The last page beyond the bound still answers: offset counts rows, not the capped total.
    const last = await get(`limit=10&offset=${OFFERS_TOTAL_BOUND}`);
    expect(last.json()).toHaveLength(5);
    expect(Math.min(...last.json<{ offerId: number }[]>().map((o) => o.offerId))).toBeGreaterThan(
      Math.max(...ids),
    );
  });

  it('gives a dealership the quotes awaiting its choice, not a losing quote on a request it has assigned', async () => {
    const db = t.database.db;
    const dealer = await createDealer(db);
    const dealerSession = await mintSession(
      t.config.jwtSecret,
      await createUser(db, { dealerId: dealer.id }),
    );
    const quoting = await createInstaller(db);
    const awaiting = await createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: dealer.id,
      currentState: 'answered',
      assignedInstallerId: null,
      offers: [{ installerId: quoting.id, currentStatus: 'accepted' }],
    });
    await createServiceRequest(db, {
      requestType: 'dealer',
      requestorDealerId: dealer.id,
      currentState: 'scheduled',
      assignedInstallerId: t.installerId,
      offers: [
        { installerId: t.installerId, currentStatus: 'scheduled' },
        { installerId: quoting.id, currentStatus: 'accepted' },
      ],
    });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/requestOffered/${dealer.id}`,
      headers: dealerSession.headers,
    });
    expect(res.json()).toEqual([
      expect.objectContaining({
        requestId: awaiting.request.id,
        installerId: quoting.id,
        currentStatus: 'accepted',
      }),
    ]);
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.headers['x-total-count-capped']).toBeUndefined();
  });
});
