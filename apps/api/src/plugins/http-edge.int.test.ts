import { rmSync } from 'node:fs';
import { connect } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp, useTestApp } from '../../test/build-test-app';
import { writeWebDist } from '../../test/web-dist';
import { loadConfig } from '../config';
import { createInstaller, createUser } from '../db/factories/identity';
import { mintSession, type Session } from '../modules/lifecycle/lifecycle.fixture';

/** The HTTP edge of issue 19 (findings 9 and 10): what the framework answers before and around the routes. */
describe('HTTP edge: NUL bytes and lone surrogates (issue 19, finding 9)', () => {
  let admin: Session;
  const NUL = '\u0000';
  const LONE = '\uD800';
  const message = 'must not contain NUL characters or unpaired surrogates';

  const t = useTestApp();
  beforeAll(async () => {
    admin = await installerAdmin(t);
  });

  function expectRefused(res: { statusCode: number; json(): unknown }, field: string) {
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: `${field}: ${message}`,
      details: [{ field, message }],
    });
  }

  it('refuses them in a path parameter', async () => {
    for (const bad of ['%00', encodeURIComponent(`x${NUL}`)]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/auth/user-status/a${bad}b@example.test`,
        headers: admin.headers,
      });
      expectRefused(res, 'params.email');
    }
    // A lone surrogate has no UTF-8 form: its would-be bytes do not decode, and the path is refused as such.
    const lone = await t.app.inject({ method: 'GET', url: '/api/auth/user-status/a%ED%A0%80b@example.test' });
    expect(lone.statusCode).toBe(400);
    expect(lone.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses them in a query parameter', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/login/?email=a%00b@example.test',
      headers: admin.headers,
    });
    expectRefused(res, 'querystring.email');
  });

  it('refuses them in a JSON body field, before any database lookup (public sign-in)', async () => {
    for (const text of [`a${NUL}@example.test`, `a${LONE}@example.test`, `\uDC00a@example.test`]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        headers: { 'content-type': 'application/json' },
        // JSON.stringify writes a lone surrogate as the escape \ud800, as a fuzzer's client would.
        payload: JSON.stringify({ email: text, password: 'whatever1' }),
      });
      expectRefused(res, 'body.email');
    }
  });

  it('refuses them in a nested body field and in a key', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/requestimates/',
      headers: admin.headers,
      payload: { requestType: 'installer', services: [{ customDescription: `tint${LONE}` }] },
    });
    expectRefused(res, 'body.services.0.customDescription');
    const key = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"a@example.test","password":"whatever1","x${'\\u0000'}":1}`,
    });
    expectRefused(key, 'body.(key)');
  });

  it('accepts a paired surrogate (an emoji) and ordinary text', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { email: 'a\uD83D\uDE00@example.test', password: 'whatever1' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
  });
});

describe('HTTP edge: headers, URLs and parameters (issue 19, finding 10)', () => {
  let admin: Session;
  let baseUrl: string;

  const t = useTestApp();
  beforeAll(async () => {
    admin = await installerAdmin(t);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers every API path with Cache-Control: no-store, whatever its case', async () => {
    for (const url of ['/api/health', '/API/health', '/Api/HEALTH/', '/api', '/API', '//api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('sends no HSTS when the public URL is plain http', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a path that does not decode with 400 in the error shape', async () => {
    const res = await fetch(`${baseUrl}/api/%E0%A4%A`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'The request path is not a valid URL',
    });
  });

  it('answers headers over the limit with 431 in the error shape (raw request to a listening server)', async () => {
    const { port } = new URL(baseUrl);
    const raw = await rawRequest(
      Number(port),
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    const [head = '', body = ''] = raw.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 431 /);
    expect(head.toLowerCase()).toContain('content-type: application/json');
    expect(JSON.parse(body)).toEqual({
      code: 'HEADERS_TOO_LARGE',
      message: 'The request headers are too large',
    });
  });

  it('lets path parameters as long as the contracts allow reach the route, and answers longer ones in the error shape', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(180)}.test`;
    expect(email.length).toBeGreaterThan(200);
    const allowed = await t.app.inject({
      method: 'GET',
      url: `/api/auth/user-status/${email}`,
      headers: admin.headers,
    });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ email });
    // Over the router's bound: refused before authentication, in the shape every error has.
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/auth/user-status/${'a'.repeat(600)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      code: 'URI_TOO_LONG',
      message: 'A path parameter is longer than any call accepts',
    });
  });
});

describe('HTTP edge: a production-like server (https public URL, API docs off, a built web app)', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = writeWebDist({
      'index.html': '<!doctype html><title>app</title>',
      'assets/index-abc123.js': 'console.log("app");\n//# sourceMappingURL=index-abc123.js.map',
      'assets/index-abc123.js.map': JSON.stringify({
        version: 3,
        sources: ['src/secret.ts'],
        sourcesContent: ['const secret = 1;'],
      }),
    });
    t = await buildTestApp({ publicUrl: 'https://marketplace.example', apiDocs: 'off', webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends HSTS on every answer when the public URL is https', async () => {
    for (const url of ['/api/health', '/', '/assets/index-abc123.js', '/api/no-such-call']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000; includeSubDomains');
    }
  });

  it('serves the built assets but never a source map', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    for (const url of [
      '/assets/index-abc123.js.map',
      '/ASSETS/INDEX-ABC123.JS.MAP',
      '/assets/index-abc123.js.map?x=1',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      expect(res.body).not.toContain('secret');
    }
  });

  it('answers an over-long API path parameter with 414 although the web app catches every other path', async () => {
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/auth/user-status/${'a'.repeat(600)}` });
    expect(tooLong.statusCode).toBe(414);
    expect(tooLong.json()).toEqual({
      code: 'URI_TOO_LONG',
      message: 'A path parameter is longer than any call accepts',
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
  });

  it('has no API docs with API_DOCS=off', async () => {
    for (const url of ['/api/docs', '/api/docs/', '/api/docs/json', '/api/docs/static/index.html']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
    }
  });

  it('turns the API docs off by default in production, and keeps them public elsewhere', () => {
    const env = { JWT_SECRET: 'x'.repeat(40), SEED_DEMO: 'false', DATA_DIR: dist };
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).apiDocs).toBe('off');
    expect(loadConfig({ ...env, NODE_ENV: 'production', API_DOCS: 'public' }).apiDocs).toBe('public');
    expect(loadConfig({ ...env, NODE_ENV: 'development' }).apiDocs).toBe('public');
    expect(() => loadConfig({ ...env, API_DOCS: 'maybe' })).toThrow(/API_DOCS/);
  });
});

describe('HTTP edge: failed queries are logged without their values (issue 19, finding 10)', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    t = await buildTestApp({ logLevel: 'info' }, { logStream });
  });
  afterAll(() => t.close());

  it('keeps the SQL and the error code of a failing insert, not the e-mail, phone or name it carried', async () => {
    const dealer = await createUser(t.database.db, { userType: 'dealer' });
    const session = await mintSession(t.config.jwtSecret, dealer);
    // The database refuses this contact: the statement fails with its values bound, as any failing write does.
    await t.database.exec(`alter table users add constraint leak_probe check (email not like '%@leak.test')`);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/dealer/contacts',
      headers: session.headers,
      payload: {
        name: 'Priscilla Leakwell',
        email: 'priscilla@leak.test',
        phone: '813-555-0177',
        dealerId: dealer.dealerId,
      },
    });
    expect(res.statusCode).toBe(500);
    const logged = lines.filter((line) => line.includes('"err"'));
    expect(logged.length).toBeGreaterThan(0);
    const text = logged.join('\n');
    for (const value of ['priscilla', 'Leakwell', '5550177', '555-0177']) {
      expect(text.toLowerCase(), value).not.toContain(value.toLowerCase());
    }
    // What diagnosing it needs is still there: the statement, the SQLSTATE and the constraint.
    expect(text).toContain('insert into \\"users\\"');
    expect(text).toContain('23514');
    expect(text).toContain('leak_probe');
  });
});

/** An ADMIN user of a new installer company, signed in. */
async function installerAdmin(t: TestApp): Promise<Session> {
  const installer = await createInstaller(t.database.db);
  const user = await createUser(t.database.db, {
    userType: 'installer',
    installerId: installer.id,
    access: 'ADMIN',
  });
  return mintSession(t.config.jwtSecret, user);
}

/** Sends bytes as they are and returns what the server wrote before closing. */
function rawRequest(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', (error) => (chunks.length > 0 ? undefined : reject(error)));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
