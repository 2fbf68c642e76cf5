import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, createTestConfig } from '../src/config';
import { createTestDatabase, type TestDatabase } from './test-database';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  config: Config;
  close: () => Promise<void>;
};

/** buildApp() on a fresh migrated database (PGlite or PostgreSQL), for app.inject() tests. */
export async function buildTestApp(
  overrides: Partial<Config> = {},
  options: { clock?: () => Date; logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = createTestConfig(overrides);
  const app = await buildApp({ config, database, clock: options.clock, logStream: options.logStream });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

/** How a suite's app is built: its config overrides, its clock, and the time its setup may take. */
export type TestAppOptions = { config?: Partial<Config>; clock?: () => Date; timeout?: number };

/** Builds a suite's data on its app and returns what its tests read of it (under names other than the app's). */
type TestSetup<W extends object> = (t: TestApp) => Promise<W> | Promise<void>;

/**
 * A suite's app: built (then `setup` run on it) before the suite's first test and closed after its last. The
 * object returned is filled in then: the app's fields and those of the world `setup` returned.
 */
export function useTestApp<W extends object = Record<never, never>>(setup?: TestSetup<W>): TestApp & W;
export function useTestApp<W extends object = Record<never, never>>(
  options: TestAppOptions,
  setup?: TestSetup<W>,
): TestApp & W;
export function useTestApp<W extends object>(
  first?: TestAppOptions | TestSetup<W>,
  second?: TestSetup<W>,
): TestApp & W {
  const [options, setup]: [TestAppOptions, TestSetup<W>?] =
    typeof first === 'function' ? [{}, first] : [first ?? {}, second];
  const suite = {} as TestApp & W;
  beforeAll(async () => {
    const t = await buildTestApp(options.config, { clock: options.clock });
    Object.assign(suite, t);
    if (setup) Object.assign(suite, await setup(t));
  }, options.timeout);
  afterAll(() => suite.close());
  return suite;
}

/** A GET as a signed-in caller (its `headers`) or, without them, as an anonymous one. */
export function get(app: FastifyInstance, url: string, headers: Record<string, string> = {}) {
  return app.inject({ method: 'GET', url, headers });
}

/** A POST with a JSON body (and any cookies, headers or client address), as a browser or client sends it. */
export function post(
  app: FastifyInstance,
  url: string,
  payload: Record<string, unknown>,
  extra: { headers?: Record<string, string>; cookies?: Record<string, string>; remoteAddress?: string } = {},
) {
  return app.inject({ method: 'POST', url, payload, ...extra });
}

/** Signs in through the real endpoint and returns a helper that sends authenticated requests. */
export async function signIn(app: FastifyInstance, email: string, password: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as {
    accessToken: string;
    refreshToken: string;
    user: { userId: number; companyId: number };
  };
  return {
    ...body,
    headers: { authorization: `Bearer ${body.accessToken}` },
  };
}

/** Signs each user in, in turn (all with `password`); their sessions under the same keys. */
export async function signInAll<K extends string>(
  app: FastifyInstance,
  password: string,
  emails: Record<K, string>,
): Promise<Record<K, Awaited<ReturnType<typeof signIn>>>> {
  const sessions = {} as Record<K, Awaited<ReturnType<typeof signIn>>>;
  for (const [key, email] of Object.entries(emails) as [K, string][]) {
    sessions[key] = await signIn(app, email, password);
  }
  return sessions;
}
