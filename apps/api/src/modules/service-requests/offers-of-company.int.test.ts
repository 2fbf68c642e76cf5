import { eq, getTableColumns, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createDealer, createInstaller, createUser } from '../../db/factories/identity';
import { createServiceRequest } from '../../db/factories/service-requests';
import { serviceRequests } from '../../db/schema/service-requests';
import { mintSession } from '../lifecycle/lifecycle.fixture';

/** More offers than one page or the old counting bound of 1,000 (decision 016) could hold. */
const MANY = 1004;

describe('GET /requestOffered/{typeId}: pages and exact totals of a long history (decision 016)', () => {
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
    // MANY more copies of the request, each offered to the installer.
    const columns = Object.values(getTableColumns(serviceRequests))
      .filter((c) => c.name !== 'id')
      .map((c) => sql.identifier(c.name));
    const list = sql.join(columns, sql`, `);
    await db.execute(sql`
      with copies as (
        insert into service_requests (${list})
        select ${list} from service_requests, generate_series(1, ${MANY})
        where id = ${request.id}
        returning id)
      insert into request_offers (request_id, installer_id, current_status)
      select id, ${installerId}, 'offered' from copies`);
    return { installerId, session };
  });

  /** A page of the installer's offers. */
  const get = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/requestOffered/${t.installerId}?${query}`,
      headers: t.session.headers,
    });

  /** A dealership with a signed-in user, and an installer to quote on its requests. */
  const dealerAndQuotingInstaller = async () => {
    const db = t.database.db;
    const dealer = await createDealer(db);
    const dealerSession = await mintSession(
      t.config.jwtSecret,
      await createUser(db, { dealerId: dealer.id }),
    );
    return { dealer, dealerSession, quoting: await createInstaller(db) };
  };

  it('says the exact total, and pages in offer order', async () => {
    const first = await get('limit=5');
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-total-count']).toBe(String(MANY + 1));
    const ids = first.json<{ offerId: number }[]>().map((o) => o.offerId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(ids).toHaveLength(5);

    // A later page is the next `limit` offers, not `limit + offset` of them.
    const firstTen = (await get('limit=10')).json<{ offerId: number }[]>().map((o) => o.offerId);
    const second = await get('limit=5&offset=5');
    expect(second.json<{ offerId: number }[]>().map((o) => o.offerId)).toEqual(firstTen.slice(5, 10));

    // The last page: offers 1,001 to 1,005.
    const last = await get('limit=10&offset=1000');
    expect(last.json()).toHaveLength(5);
    expect(Math.min(...last.json<{ offerId: number }[]>().map((o) => o.offerId))).toBeGreaterThan(
      Math.max(...ids),
    );
  });

  it('pages in the same order whichever bound its window is first cut at (windowBound)', async () => {
    const ids = async (query: string) =>
      (await get(query)).json<{ offerId: number }[]>().map((o) => o.offerId);
    // Pages of 200: the first window is cut at 200, the next four at 1,000, the last at 5,000.
    const walked: number[] = [];
    for (let offset = 0; offset <= MANY; offset += 200)
      walked.push(...(await ids(`limit=200&offset=${offset}`)));
    expect(walked).toHaveLength(MANY + 1);
    expect(new Set(walked).size).toBe(MANY + 1);
    expect(walked).toEqual([...walked].sort((a, b) => a - b));
    // Pages across a bound agree with the walk.
    expect(await ids('limit=10&offset=195')).toEqual(walked.slice(195, 205));
    expect(await ids('limit=10&offset=995')).toEqual(walked.slice(995, 1005));
    // Past every bound: an empty page, and the total.
    const deep = await get('limit=50&offset=6000');
    expect(deep.statusCode).toBe(200);
    expect(deep.json()).toEqual([]);
    expect(deep.headers['x-total-count']).toBe(String(MANY + 1));
  });

  it('gives a dealership the quotes awaiting its choice, not a losing quote on a request it has assigned', async () => {
    const db = t.database.db;
    const { dealer, dealerSession, quoting } = await dealerAndQuotingInstaller();
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
  });

  it('keeps the totals exact when a request is deleted or its quote is chosen', async () => {
    const db = t.database.db;
    const { dealer, dealerSession, quoting } = await dealerAndQuotingInstaller();
    const quotingSession = await mintSession(
      t.config.jwtSecret,
      await createUser(db, { installerId: quoting.id }),
    );
    const answered = () =>
      createServiceRequest(db, {
        requestType: 'dealer',
        requestorDealerId: dealer.id,
        currentState: 'answered',
        assignedInstallerId: null,
        offers: [{ installerId: quoting.id, currentStatus: 'accepted' }],
      });
    const [chosen, deleted, kept] = [await answered(), await answered(), await answered()];
    const totals = async () => {
      const read = async (id: number, headers: Record<string, string>) =>
        (await t.app.inject({ url: `/api/requestOffered/${id}?limit=1`, headers })).headers['x-total-count'];
      return {
        dealer: await read(dealer.id, dealerSession.headers),
        installer: await read(quoting.id, quotingSession.headers),
      };
    };
    expect(await totals()).toEqual({ dealer: '3', installer: '3' });

    // The dealership chooses the quote: the request is no longer awaiting its choice.
    await db
      .update(serviceRequests)
      .set({ currentState: 'scheduled', assignedInstallerId: quoting.id })
      .where(eq(serviceRequests.id, chosen.request.id));
    expect(await totals()).toEqual({ dealer: '2', installer: '3' });

    // A deleted request leaves both lists, although its offer keeps its status.
    await db
      .update(serviceRequests)
      .set({ currentState: 'deleted', deletedAt: new Date() })
      .where(eq(serviceRequests.id, deleted.request.id));
    expect(await totals()).toEqual({ dealer: '1', installer: '2' });
    const page = await t.app.inject({
      url: `/api/requestOffered/${quoting.id}`,
      headers: quotingSession.headers,
    });
    expect(page.json<{ requestId: number }[]>().map((o) => o.requestId)).toEqual([
      chosen.request.id,
      kept.request.id,
    ]);
  });
});
