import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { useTwoApiProcesses } from '../../../test/api-process';
import { useTestApp } from '../../../test/build-test-app';
import type { Db } from '../../db/client';
import { createDealer, createUser } from '../../db/factories/identity';
import { seedDemoData } from '../../db/seed';
import {
  installersWithSessions,
  mintSession,
  openRequestOfferedTo,
  type Session,
} from '../lifecycle/lifecycle.fixture';
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
 * The same counts recomputed from the requests, offers and referrals, written from the list definitions (000 §2)
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
        group by 1, 2, 3
        union all
        -- The offers of a company (GET /requestOffered/{typeId}): an installer's offers, those of deleted
        -- requests left out; a dealership's accepted quotes on its requests awaiting its choice.
        select o.installer_id, 'company_offers_installer', 'live', count(*)::int from request_offers o
        join service_requests sr on sr.id = o.request_id
        where o.current_status <> 'deleted' and sr.deleted_at is null
        group by 1
        union all
        select sr.requestor_dealer_id, 'company_offers_dealer', 'accepted', count(*)::int from request_offers o
        join service_requests sr on sr.id = o.request_id
        where o.current_status = 'accepted' and sr.request_type = 'dealer' and sr.current_state = 'answered'
          and sr.deleted_at is null and sr.requestor_dealer_id is not null
        group by 1
        union all
        -- A dealership's referral summary (migration 0024): its referrals per status, and the bonuses of
        -- its COMPLETE ones, all and not yet paid out.
        select dealer_id, 'referrals_dealer', status, count(*)::int from referrals group by 1, 3
        union all
        select dealer_id, 'referral_bonus_dealer', 'COMPLETE', sum(bonus_cents)::int from referrals
        where status = 'COMPLETE' group by 1 having sum(bonus_cents) <> 0
        union all
        select dealer_id, 'referral_bonus_dealer', 'UNPAID', sum(bonus_cents)::int from referrals
        where status = 'COMPLETE' and payout_id is null group by 1 having sum(bonus_cents) <> 0
        order by 1, 2, 3`,
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

/** A lifecycle call an installer sends about one request. */
type Call = { method: 'POST' | 'PUT'; url: string; body: object };

/** CLAIM: the first installer wins the request, the others get a 409. */
const claim = (requestId: number, installerId: number): Call => ({
  method: 'POST',
  url: `/api/dashboard/claim/${requestId}`,
  body: { installerId, startDate: START },
});

/**
 * ACCEPT (a quote) by the caller's installer: every installer may, so the request is answered with one
 * accepted offer each.
 */
const quote = (requestId: number): Call => ({
  method: 'PUT',
  url: `/api/requestOffered/${requestId}`,
  body: { currentStatus: 'accepted', startDate: START },
});

/** Every installer sends `call` about every request at once, while the counts are folded. */
async function race(
  market: Awaited<ReturnType<typeof buildMarket>>,
  call: (requestId: number, installerId: number) => Call,
  send: (i: number, call: Call, session: Session) => Promise<number>,
  fold: () => Promise<unknown>,
) {
  const calls = market.requests.flatMap((request, r) =>
    market.installers.map((installer, i) =>
      send(r * INSTALLERS + i, call(request.id, installer.id), market.sessions[i]!),
    ),
  );
  const folds = Array.from({ length: 4 }, fold);
  const statuses = await Promise.all(calls);
  await Promise.all(folds);
  return statuses;
}

describe('list counts kept by the writing transactions (decision 016)', () => {
  const t = useTestApp();
  const inject = async (_i: number, { method, url, body }: Call, session: Session) =>
    (await t.app.inject({ method, url, headers: session.headers, payload: body })).statusCode;

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
    const statuses = await race(market, claim, inject, () => compactListCounts(db));
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

  it('keep the offers of a company exact through parallel quotes and the dealership’s choices', async () => {
    const db = t.database.db;
    const market = await buildMarket(db, t.config.jwtSecret);
    const statuses = await race(market, quote, inject, () => compactListCounts(db));
    expect(statuses).toEqual(statuses.map(() => 200));
    expect(await kept(db)).toEqual(await recount(db));
    const dealerSession = await mintSession(
      t.config.jwtSecret,
      await createUser(db, { dealerId: market.dealer.id }),
    );
    const offersOfDealer = async () => {
      const res = await t.app.inject({
        url: `/api/requestOffered/${market.dealer.id}?limit=200`,
        headers: dealerSession.headers,
      });
      return { total: Number(res.headers['x-total-count']), rows: res.json<unknown[]>().length };
    };
    expect(await offersOfDealer()).toEqual({
      total: REQUESTS * INSTALLERS,
      rows: REQUESTS * INSTALLERS,
    });
    // The dealership assigns every request at once, each to one of its quoting installers.
    const assigned = await Promise.all(
      market.requests.map(
        async (request, r) =>
          (
            await t.app.inject({
              method: 'PUT',
              url: `/api/requestOffered/state/${request.id}`,
              headers: dealerSession.headers,
              payload: { currentStatus: 'scheduled', installerId: market.installers[r % INSTALLERS]!.id },
            })
          ).statusCode,
      ),
    );
    expect(assigned).toEqual(assigned.map(() => 200));
    expect(await kept(db)).toEqual(await recount(db));
    expect(await offersOfDealer()).toEqual({ total: 0, rows: 0 });
  });
});

// Scale-out: two API processes writing on one PostgreSQL, and folds from both at once.
describe.skipIf(inject('testDb') !== 'postgres')(
  'list counts from two API processes on one PostgreSQL',
  () => {
    const jwtSecret = 'list-counts-two-process-secret-list-counts';
    const pair = useTwoApiProcesses({ name: 'list-counts', jwtSecret });
    const send = async (i: number, { method, url, body }: Call, session: Session) => {
      const res = await fetch(`${pair.url(i)}${url}`, {
        method,
        headers: { ...session.headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      await res.arrayBuffer();
      return res.status;
    };

    it('stay exact when claims race across both processes while both fold', async () => {
      const market = await buildMarket(pair.db, jwtSecret);
      const statuses = await race(market, claim, send, () => compactListCounts(pair.db));
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

    it('keep the offers of a company exact when quotes race across both processes while both fold', async () => {
      const market = await buildMarket(pair.db, jwtSecret);
      const statuses = await race(market, quote, send, () => compactListCounts(pair.db));
      expect(statuses).toEqual(statuses.map(() => 200));
      expect(await kept(pair.db)).toEqual(await recount(pair.db));
      const [mine] = await rows<{ n: number }>(
        pair.db,
        sql`select sum(n)::int as n from request_list_counts
            where company_id = ${market.dealer.id} and branch = 'company_offers_dealer'`,
      );
      expect(mine?.n).toBe(REQUESTS * INSTALLERS);
    });
  },
);
