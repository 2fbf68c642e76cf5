import { CLAIM_CONFLICT_MESSAGE } from '@app/contracts/lifecycle.contract';
import { describe, expect, inject, it } from 'vitest';
import { useTwoApiProcesses } from '../../../test/api-process';
import { useTestApp } from '../../../test/build-test-app';
import type { Db } from '../../db/client';
import { createDealer } from '../../db/factories/identity';
import { inspector, installersWithSessions, openRequestOfferedTo } from './lifecycle.fixture';

const CLAIMANTS = 20;
const START = '2099-03-12';

/** An open dealer request matched to `CLAIMANTS` installers, each with a signed-in user. */
async function buildRace(db: Db, jwtSecret: string) {
  const dealer = await createDealer(db, { email: 'race@dealers.test' });
  const { installers, sessions } = await installersWithSessions(db, jwtSecret, CLAIMANTS, 'Racer');
  const request = await openRequestOfferedTo(db, dealer.id, installers);
  return { request, installers, sessions };
}

/** Exactly one winner: its assignment, its booked days, one history record, one booking e-mail. */
async function expectOneWinner(
  db: Db,
  requestId: number,
  statuses: number[],
  bodies: { message?: string }[],
) {
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(CLAIMANTS - 1);
  for (const [i, status] of statuses.entries()) {
    if (status === 409)
      expect(bodies[i]).toEqual(
        expect.objectContaining({ code: 'CONFLICT', message: CLAIM_CONFLICT_MESSAGE }),
      );
  }
  const look = inspector(db);
  const row = await look.request(requestId);
  expect(row.currentState).toBe('scheduled');
  const days = await look.calendar(requestId);
  expect(days).toHaveLength(1);
  expect(days[0]?.installerId).toBe(row.assignedInstallerId);
  expect((await look.history(requestId)).filter((h) => h.requestStatus === 'scheduled')).toHaveLength(1);
  expect((await look.outbox(requestId)).filter((i) => i.kind === 'booking-confirmation')).toHaveLength(1);
  const offers = await look.offers(requestId);
  expect(offers.filter((o) => o.currentStatus === 'scheduled').map((o) => o.installerId)).toEqual([
    row.assignedInstallerId,
  ]);
}

describe('claims under contention', () => {
  const t = useTestApp();

  it(`${CLAIMANTS} parallel claims of one open request: exactly one 200 and ${CLAIMANTS - 1} × 409`, async () => {
    const { request, installers, sessions } = await buildRace(t.database.db, t.config.jwtSecret);
    const responses = await Promise.all(
      sessions.map((session, i) =>
        t.app.inject({
          method: 'POST',
          url: `/api/dashboard/claim/${request.id}`,
          headers: session.headers,
          payload: { installerId: installers[i]!.id, startDate: START },
        }),
      ),
    );
    await expectOneWinner(
      t.database.db,
      request.id,
      responses.map((r) => r.statusCode),
      responses.map((r) => r.json()),
    );
  });
});

// Scale-out: the row lock must hold across API processes sharing one PostgreSQL.
describe.skipIf(inject('testDb') !== 'postgres')('claims from two API processes on one PostgreSQL', () => {
  const jwtSecret = 'claims-two-process-secret-claims-two-process';
  const pair = useTwoApiProcesses({ name: 'lifecycle-claims', jwtSecret });

  it(`${CLAIMANTS} claims sent alternately to the two processes: exactly one success`, async () => {
    const { request, installers, sessions } = await buildRace(pair.db, jwtSecret);
    const responses = await Promise.all(
      sessions.map(async (session, i) => {
        const res = await fetch(`${pair.url(i)}/api/dashboard/claim/${request.id}`, {
          method: 'POST',
          headers: { ...session.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ installerId: installers[i]!.id, startDate: START }),
        });
        return { status: res.status, body: (await res.json()) as { message?: string } };
      }),
    );
    await expectOneWinner(
      pair.db,
      request.id,
      responses.map((r) => r.status),
      responses.map((r) => r.body),
    );
  });
});
