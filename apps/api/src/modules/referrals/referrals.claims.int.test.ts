import { referralMessages } from '@app/contracts/referrals.contract';
import { and, eq } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { useTwoApiProcesses } from '../../../test/api-process';
import { useTestApp } from '../../../test/build-test-app';
import type { Db } from '../../db/client';
import { createDealer, createInstaller, createUser } from '../../db/factories/identity';
import { createReferral } from '../../db/factories/referrals';
import { referralHistory, referrals } from '../../db/schema/referrals';
import { mintSession, type Session } from '../lifecycle/lifecycle.fixture';

const CLAIMANTS = 20;

/** One lead offered to `CLAIMANTS` specialists, each with a signed-in user. */
async function buildLead(db: Db, jwtSecret: string) {
  const dealer = await createDealer(db);
  const sessions: Session[] = [];
  const offers = [];
  for (let i = 0; i < CLAIMANTS; i++) {
    const installer = await createInstaller(db, { name: `Lead Racer ${i}` });
    offers.push({ installerId: installer.id, token: `race-token-${i}-${installer.id}` });
    sessions.push(await mintSession(jwtSecret, await createUser(db, { installerId: installer.id })));
  }
  const referral = await createReferral(db, { dealerId: dealer.id, status: 'OFFERED', offers });
  return { referral, sessions };
}

async function expectOneWinner(db: Db, referralId: number, statuses: number[], messages: string[]) {
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(CLAIMANTS - 1);
  expect(messages.filter((m) => m === referralMessages.alreadyClaimed)).toHaveLength(CLAIMANTS - 1);
  const [row] = await db.select().from(referrals).where(eq(referrals.id, referralId));
  expect(row).toMatchObject({ status: 'CLAIMED', specialistAction: 'owned' });
  const claims = await db
    .select()
    .from(referralHistory)
    .where(and(eq(referralHistory.referralId, referralId), eq(referralHistory.status, 'CLAIMED')));
  expect(claims).toHaveLength(1);
}

describe('public referral calls are rate-limited per IP', () => {
  const t = useTestApp();

  it('the 61st link check and the 11th claim from one IP in 15 minutes get 429; another IP is not held up', async () => {
    const check = (ip: string) =>
      t.app.inject({ method: 'GET', url: '/api/claimreferral?referral=1&token=nope', remoteAddress: ip });
    const first = await Promise.all(Array.from({ length: 60 }, () => check('10.9.0.1')));
    expect(new Set(first.map((r) => r.statusCode))).toEqual(new Set([404]));
    const over = await check('10.9.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await check('10.9.0.2')).statusCode).toBe(404);

    const claim = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/claimreferral',
        remoteAddress: '10.9.0.3',
        payload: {
          referral_id: 1,
          claim_token: 'nope',
          specialist_name: 'A',
          specialist_email: 'a@example.test',
          specialist_phone: '8135550100',
          specialist_business: 'B',
        },
      });
    for (let i = 0; i < 10; i++) expect((await claim()).statusCode).toBe(404);
    expect((await claim()).statusCode).toBe(429);
  });
});

// Scale-out: the referral row lock must hold across API processes sharing one PostgreSQL.
describe.skipIf(inject('testDb') !== 'postgres')(
  'referral claims from two API processes on one PostgreSQL',
  () => {
    const jwtSecret = 'referral-claims-two-process-secret-0123456789';
    const pair = useTwoApiProcesses({ name: 'referral-claims', jwtSecret });

    it(`${CLAIMANTS} specialists claim one lead at once through the two processes: exactly one wins`, async () => {
      const { referral, sessions } = await buildLead(pair.db, jwtSecret);
      const responses = await Promise.all(
        sessions.map(async (session, i) => {
          const res = await fetch(`${pair.url(i)}/api/claimreferral`, {
            method: 'POST',
            headers: { ...session.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ referral_id: referral.id }),
          });
          return { status: res.status, body: (await res.json()) as { message?: string } };
        }),
      );
      await expectOneWinner(
        pair.db,
        referral.id,
        responses.map((r) => r.status),
        responses.map((r) => r.body.message ?? ''),
      );
    });
  },
);

describe('signed-in claims under contention (one process)', () => {
  const t = useTestApp();

  it(`${CLAIMANTS} specialists press CLAIM REFERRAL at once: exactly one wins`, async () => {
    const { referral, sessions } = await buildLead(t.database.db, t.config.jwtSecret);
    const responses = await Promise.all(
      sessions.map((session) =>
        t.app.inject({
          method: 'POST',
          url: '/api/claimreferral',
          headers: session.headers,
          payload: { referral_id: referral.id },
        }),
      ),
    );
    await expectOneWinner(
      t.database.db,
      referral.id,
      responses.map((r) => r.statusCode),
      responses.map((r) => r.json().message ?? ''),
    );
  });
});
