import type { FastifyInstance } from 'fastify';
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
