import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../db/factories/identity';
import { createTokenSigner } from '../../platform/security/tokens';
import { createAuthRepository } from './auth.repository';
import { createAuthService } from './auth.service';
import { createAuthUserCache } from './auth-user-cache';

/**
 * auth_throttles keeps one row per failing (address, account) pair and per address (decision 006). Rows whose
 * windows have all ended are forgotten, so an attacker spraying many addresses cannot grow the table for ever;
 * rows still counting or blocking stay.
 */
describe('sign-in throttle pruning', () => {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const DAY = 24 * 60 * 60 * 1000;

  const t = useTestApp({ clock });
  beforeAll(async () => {
    await createUser(t.database.db, { email: 'pruned@example.test', password: 'correct horse battery' });
  });

  const service = () =>
    createAuthService({
      db: t.database.db,
      repository: createAuthRepository(t.database.db),
      signer: createTokenSigner(t.config.jwtSecret),
      config: t.config,
      userCache: createAuthUserCache({ ttlMs: 0 }),
      clock,
    });
  const buckets = async () =>
    (
      (await t.database.db.execute('select bucket from auth_throttles order by bucket')) as unknown as {
        rows: { bucket: string }[];
      }
    ).rows.map((row) => row.bucket);
  const fail = (ip: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/signin',
          payload: { email: 'pruned@example.test', password: 'wrong' },
          remoteAddress: ip,
        }),
      ),
    );

  it('forgets rows whose windows ended more than a day ago and keeps the ones still counting or blocking', async () => {
    offsetMs = -3 * DAY;
    await fail('10.9.0.1', 2); // an old series: forgotten
    offsetMs = -2 * DAY;
    await fail('10.9.0.2', 30); // old too, but blocked: blocked for at most an hour, so forgotten as well
    offsetMs = 0;
    await fail('10.9.0.3', 1); // today's: kept
    expect(await buckets()).toHaveLength(6);

    expect(await service().pruneThrottles()).toBe(4);
    const left = await buckets();
    expect(left).toHaveLength(2);
    expect(left.every((bucket) => bucket.includes('10.9.0.3'))).toBe(true);
    // Nothing more to forget: a second run deletes nothing.
    expect(await service().pruneThrottles()).toBe(0);
  });
});
