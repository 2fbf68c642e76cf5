import { describe, expect, it } from 'vitest';
import { ConfigError, fastifyTrustProxy, loadConfig } from './config';

const base = { JWT_SECRET: 'config-test-secret-config-test-secret-0123' };

describe('TRUST_PROXY', () => {
  it('is off by default and takes true, a hop count or a list of proxy addresses', () => {
    expect(loadConfig(base).trustProxy).toBe(false);
    expect(loadConfig({ ...base, TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...base, TRUST_PROXY: 'loopback, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
    ]);
  });

  it('stops the server with a message naming the variable for anything else', () => {
    expect(() => loadConfig({ ...base, TRUST_PROXY: 'proxy.example.test' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });

  it('a hop count trusts the nearest hops only', () => {
    const trust = fastifyTrustProxy(1) as (address: string, hop: number) => boolean;
    expect([trust('10.0.0.1', 0), trust('10.0.0.2', 1)]).toEqual([true, false]);
  });
});

describe('Google Calendar (decision 026)', () => {
  const google = { GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'secret' };
  const production = { ...base, NODE_ENV: 'production', SEED_DEMO: 'false', DATABASE_URL: 'postgres://db/x' };

  it('is chosen by the two keys, with endpoint overrides; otherwise the local calendar', () => {
    expect(loadConfig(base).google).toBeNull();
    expect(loadConfig({ ...base, GOOGLE_CLIENT_ID: 'only-the-id' }).google).toBeNull();
    expect(
      loadConfig({ ...base, ...google, GOOGLE_API_ROOT_URL: 'http://127.0.0.1:9/' }).google,
    ).toMatchObject({ clientId: google.GOOGLE_CLIENT_ID, apiRootUrl: 'http://127.0.0.1:9/', tokenUrl: null });
  });

  it('needs CALENDAR_TOKEN_KEY in production; elsewhere the grants are encrypted with the JWT secret', () => {
    expect(() => loadConfig({ ...production, ...google })).toThrow(/CALENDAR_TOKEN_KEY/);
    const key = 'k'.repeat(40);
    expect(loadConfig({ ...production, ...google, CALENDAR_TOKEN_KEY: key }).calendarTokenSecret).toBe(key);
    expect(loadConfig(base).calendarTokenSecret).toBe(base.JWT_SECRET);
    expect(() => loadConfig({ ...base, CALENDAR_TOKEN_KEY: 'short' })).toThrow(/CALENDAR_TOKEN_KEY/);
  });
});

describe('DB_POOL_SIZE', () => {
  it('sizes each process’s PostgreSQL pool (10 unless set) and refuses anything but a positive count', () => {
    const postgres = { ...base, DATABASE_URL: 'postgres://db/x' };
    expect(loadConfig(postgres).database).toEqual({ kind: 'postgres', url: 'postgres://db/x', poolSize: 10 });
    expect(loadConfig({ ...postgres, DB_POOL_SIZE: '25' }).database).toMatchObject({ poolSize: 25 });
    expect(() => loadConfig({ ...postgres, DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
    expect(() => loadConfig({ ...postgres, DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
  });
});
