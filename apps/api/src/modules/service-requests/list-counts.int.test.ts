import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { useTwoApiProcesses } from '../../../test/api-process';
import { useTestApp } from '../../../test/build-test-app';
import type { Db } from '../../db/client';
import { createDealer } from '../../db/factories/identity';
import { seedDemoData } from '../../db/seed';
import { installersWithSessions, openRequestOfferedTo, type Session } from '../lifecycle/lifecycle.fixture';
import { compactListCounts } from './list-counts';

type Count = { company_id: number; branch: string; state: string; n: number };

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The kept counts (decision 016), summed per key, zeros left out. */
function kept(db: Db) {
  return rows<Count>(
    db,
    sql`select company_id, branch, state, sum(n)::int as n from request_list_counts
        group by 1, 2, 3 having sum(n) <> 0 order by 1, 2, 3`,
  );
}

/**
 * The same counts recomputed from the requests and offers, written from the list definitions (000 §2)
 * rather than from the triggers: the 'offered' branch joins the request instead of reading the offer's copy.
 */
function recount(db: Db) {
  return rows<Count>(
    db,
    sql`select company_id, branch, state, count(*)::int as n from (
          select requestor_dealer_id as company_id, 'dealer' as branch, current_state as state
          from service_requests where request_type = 'dealer' and requestor_dealer_id is not null
          union all
          select requestor_installer_id, 'estimate', current_state
          from service_requests where request_type = 'installer' and requestor_installer_id is not null
          union all
          select assigned_installer_id, 'assigned_' || request_type, current_state
          from service_requests where assigned_installer_id is not null
          union all
          select o.installer_id, 'offered', 'new' from request_offers o
          join service_requests sr on sr.id = o.request_id
          where o.current_status = 'offered' and sr.request_type = 'dealer' and sr.current_state = 'new'
        ) x
        where state not in ('reviewed', 'deleted')
        group by 1, 2, 3 order by 1, 2, 3`,
  );
}

async function keysWithManyRows(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (
          select 1 from request_list_counts group by company_id, branch, state having count(*) > 1) k`,
  );
  return Number(row?.n ?? 0);
}

const INSTALLERS = 6;
const REQUESTS = 8;
const START = '2099-03-12';

/** Open dealer requests, each offered to every installer, and a signed-in user per installer. */
async function buildMarket(db: Db, jwtSecret: string) {
  const dealer = await createDealer(db, { email: 'counts@dealers.test' });
  const { installers, sessions } = await installersWithSessions(db, jwtSecret, INSTALLERS, 'Counter');
  const requests = [];
  for (let r = 0; r < REQUESTS; r++) {
    requests.push(await openRequestOfferedTo(db, dealer.id, installers));
  }
  return { dealer, installers, sessions, requests };
}

/** Every installer claims every request at once (one winner each), while the counts are folded. */
async function raceClaims(
  market: Awaited<ReturnType<typeof buildMarket>>,
  send: (i: number, url: string, session: Session, body: object) => Promise<number>,
  fold: () => Promise<unknown>,
) {
  const calls = market.requests.flatMap((request, r) =>
    market.installers.map((installer, i) =>
      send(r * INSTALLERS + i, `/api/dashboard/claim/${request.id}`, market.sessions[i]!, {
        installerId: installer.id,
        startDate: START,
      }),
    ),
  );
  const folds = Array.from({ length: 4 }, fold);
  const statuses = await Promise.all(calls);
  await Promise.all(folds);
  return statuses;
}

describe('list counts kept by the writing transactions (decision 016)', () => {
  const t = useTestApp();

  it('equal a recount after the demo seed, and after folding: one row per key', async () => {
    const db = t.database.db;
    await seedDemoData(db);
    const expected = await recount(db);
    expect(expected.length).toBeGreaterThan(10);
    expect(await kept(db)).toEqual(expected);
    await compactListCounts(db);
    expect(await kept(db)).toEqual(expected);
    expect(await keysWithManyRows(db)).toBe(0);
  });

  it('stay exact through parallel claims, folds, a deletion and a hard delete', async () => {
    const db = t.database.db;
    const market = await buildMarket(db, t.config.jwtSecret);
    const before = await recount(db);
    expect(
      before.filter((c) => c.branch === 'offered' && market.installers.some((i) => i.id === c.company_id)),
    ).toHaveLength(INSTALLERS);
    const statuses = await raceClaims(
      market,
      async (_i, url, session, body) =>
        (await t.app.inject({ method: 'POST', url, headers: session.headers, payload: body })).statusCode,
      () => compactListCounts(db),
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(REQUESTS);
    expect(await kept(db)).toEqual(await recount(db));
    // Each installer's list: its total (from the counts) is the number of rows it lists.
    const won = new Map<number, number>();
    for (const session of market.sessions) {
      const list = await t.app.inject({
        url: '/api/requestimates/list/?limit=200',
        headers: session.headers,
      });
      const body = list.json() as { total: number; items: { requestId: number }[] };
      expect(body.total).toBe(body.items.length);
      won.set(session.companyId, body.total);
    }
    expect([...won.values()].reduce((a, b) => a + b, 0)).toBe(REQUESTS);
    // A row that leaves every list, and one removed outright (its offers go with it).
    const [gone, removed] = market.requests;
    await db.execute(
      sql`update service_requests set current_state = 'deleted', deleted_at = now() where id = ${gone!.id}`,
    );
    await db.execute(sql`delete from service_requests where id = ${removed!.id}`);
    expect(await kept(db)).toEqual(await recount(db));
    await compactListCounts(db);
    expect(await kept(db)).toEqual(await recount(db));
  });
});

// Scale-out: two API processes writing on one PostgreSQL, and folds from both at once.
describe.skipIf(inject('testDb') !== 'postgres')(
  'list counts from two API processes on one PostgreSQL',
  () => {
    const jwtSecret = 'list-counts-two-process-secret-list-counts';
    const pair = useTwoApiProcesses({ name: 'list-counts', jwtSecret });

    it('stay exact when claims race across both processes while both fold', async () => {
      const market = await buildMarket(pair.db, jwtSecret);
      const statuses = await raceClaims(
        market,
        async (i, url, session, body) => {
          const res = await fetch(`${pair.url(i)}${url}`, {
            method: 'POST',
            headers: { ...session.headers, 'content-type': 'application/json' },
            body: JSON.stringify(body),
          });
          await res.arrayBuffer();
          return res.status;
        },
        () => compactListCounts(pair.db),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(REQUESTS);
      expect(statuses.filter((s) => s !== 200 && s !== 409)).toEqual([]);
      expect(await kept(pair.db)).toEqual(await recount(pair.db));
      for (const [i, session] of market.sessions.entries()) {
        const res = await fetch(`${pair.url(i)}/api/requestimates/list/?limit=200`, {
          headers: session.headers,
        });
        const body = (await res.json()) as { total: number; items: unknown[] };
        expect(body.total).toBe(body.items.length);
      }
    });
  },
);
