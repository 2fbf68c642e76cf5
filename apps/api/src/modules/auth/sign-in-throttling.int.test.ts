import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { createUser } from '../../db/factories/identity';
import { resetPasswordThroughOutbox } from './password-reset.fixture';

const PASSWORD = 'correct horse battery';

/**
 * Sign-in throttling (issue 19, finding 1; docs/decisions/006-sign-in-throttling.md): each attempt is
 * reserved in the database before the password is checked, so a parallel burst cannot pass the limits;
 * the throttle is per (account, IP) pair with growing delays, so an attacker cannot lock the owner out.
 * Defaults: 5 failures per pair, then 1, 2, 4 … minutes; 20 failures per IP per 15 minutes.
 */
describe('sign-in throttling', () => {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  const t = useTestApp({ clock });
  beforeAll(async () => {
    for (const name of ['burst', 'right-in-burst', 'owner', 'backoff', 'forgetful'])
      await createUser(t.database.db, { email: `${name}@example.test`, password: PASSWORD });
    for (let i = 0; i < 25; i++)
      await createUser(t.database.db, { email: `spray${i}@example.test`, password: PASSWORD });
  });

  const attempt = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email, password },
      remoteAddress: ip,
    });

  const tally = (statuses: number[]) => ({
    200: statuses.filter((s) => s === 200).length,
    401: statuses.filter((s) => s === 401).length,
    429: statuses.filter((s) => s === 429).length,
  });

  it('50 parallel wrong passwords: at most the 5 allowed are checked, at least 45 get 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => attempt('burst@example.test', 'wrong-password', '10.50.0.1')),
    );
    const count = tally(answers.map((a) => a.statusCode));
    expect(count[401]).toBeLessThanOrEqual(5);
    expect(count[429]).toBeGreaterThanOrEqual(45);
    expect(count[401] + count[429]).toBe(50);
    const limited = answers.find((a) => a.statusCode === 429);
    expect(limited?.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('a burst of 100 with the right password sent once the limit is reached never signs in', async () => {
    const wrong: Promise<{ statusCode: number }>[] = [];
    let firstLimited: () => void = () => undefined;
    const limitReached = new Promise<void>((resolve) => {
      firstLimited = resolve;
    });
    for (let i = 0; i < 99; i++) {
      const answer = attempt('right-in-burst@example.test', 'wrong-password', '10.51.0.1');
      wrong.push(
        answer.then((a) => {
          if (a.statusCode === 429) firstLimited();
          return a;
        }),
      );
    }
    // The right password goes in while the burst is still in flight, once a 429 shows the limit is reached.
    await Promise.race([limitReached, Promise.all(wrong)]);
    const right = await attempt('right-in-burst@example.test', PASSWORD, '10.51.0.1');
    const count = tally([...(await Promise.all(wrong)).map((a) => a.statusCode), right.statusCode]);
    expect(right.statusCode).toBe(429);
    expect(count[200]).toBe(0);
    expect(count[401]).toBeLessThanOrEqual(5);
    expect(count[429]).toBeGreaterThanOrEqual(95);
  });

  it('the owner signs in from another IP while the attacker’s IP is throttled on the same account', async () => {
    for (let i = 0; i < 5; i++)
      expect((await attempt('owner@example.test', 'guess-guess', '10.60.0.1')).statusCode).toBe(401);
    expect((await attempt('owner@example.test', 'guess-guess', '10.60.0.1')).statusCode).toBe(429);
    // Even the right password is refused from the throttled pair …
    expect((await attempt('owner@example.test', PASSWORD, '10.60.0.1')).statusCode).toBe(429);
    // … but the owner, elsewhere, is not locked out.
    expect((await attempt('owner@example.test', PASSWORD, '10.60.0.2')).statusCode).toBe(200);
  });

  it('waits longer after each further failure of a pair, and a success clears the pair', async () => {
    const ip = '10.70.0.1';
    for (let i = 0; i < 5; i++)
      expect((await attempt('backoff@example.test', 'nope-nope', ip)).statusCode).toBe(401);
    expect((await attempt('backoff@example.test', 'nope-nope', ip)).statusCode).toBe(429);
    offsetMs += 61_000; // the first wait (1 minute) is over: one more try
    expect((await attempt('backoff@example.test', 'nope-nope', ip)).statusCode).toBe(401);
    offsetMs += 61_000; // the second wait is 2 minutes: still refused after one
    expect((await attempt('backoff@example.test', 'nope-nope', ip)).statusCode).toBe(429);
    offsetMs += 61_000;
    expect((await attempt('backoff@example.test', PASSWORD, ip)).statusCode).toBe(200);
    // Cleared: the pair has its 5 tries again.
    for (let i = 0; i < 5; i++)
      expect((await attempt('backoff@example.test', 'nope-nope', ip)).statusCode).toBe(401);
  });

  it('limits failures per IP across accounts, in parallel too, and other IPs are not affected', async () => {
    const ip = '10.80.0.1';
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) => attempt(`spray${i}@example.test`, 'wrong-password', ip)),
    );
    const count = tally(answers.map((a) => a.statusCode));
    expect(count[401]).toBe(20);
    expect(count[429]).toBe(5);
    expect((await attempt('spray0@example.test', PASSWORD, ip)).statusCode).toBe(429);
    expect((await attempt('spray0@example.test', PASSWORD, '10.80.0.2')).statusCode).toBe(200);
  });

  it('a successful password reset clears the throttles of the account', async () => {
    const ip = '10.90.0.1';
    for (let i = 0; i < 5; i++) await attempt('forgetful@example.test', 'what-was-it', ip);
    expect((await attempt('forgetful@example.test', PASSWORD, ip)).statusCode).toBe(429);

    const reset = await resetPasswordThroughOutbox(t, 'forgetful@example.test', 'a-new-password', ip);
    expect(reset.statusCode).toBe(200);
    // Right away, from the same IP, with the new password.
    expect((await attempt('forgetful@example.test', 'a-new-password', ip)).statusCode).toBe(200);
  });
});

describe('sign-in throttling behind a trusted reverse proxy (TRUST_PROXY)', () => {
  const t = useTestApp({ config: { trustProxy: ['127.0.0.1'] } });
  beforeAll(async () => {
    await createUser(t.database.db, { email: 'proxied@example.test', password: PASSWORD });
  });

  const viaProxy = (client: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'proxied@example.test', password },
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': client },
    });

  it('throttles each client’s own address, not the proxy’s', async () => {
    for (let i = 0; i < 5; i++)
      expect((await viaProxy('203.0.113.7', 'wrong-password')).statusCode).toBe(401);
    expect((await viaProxy('203.0.113.7', PASSWORD)).statusCode).toBe(429);
    expect((await viaProxy('203.0.113.8', PASSWORD)).statusCode).toBe(200);
  });
});
