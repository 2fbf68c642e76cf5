import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/build-test-app';
import { defaultRateLimits } from './config';

describe('HTTP platform', () => {
  const t = useTestApp();

  it('answers health with the database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: t.database.kind, version: '3.18' });
    expect(res.headers['x-request-id']).toMatch(/^[\w-]{8,}$/);
  });

  it('answers readiness, without a token, when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', database: t.database.kind });
  });

  it('matches paths case-insensitively with an optional trailing slash', async () => {
    for (const url of ['/api/HEALTH', '/api/health/', '/api/Health/']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    }
  });

  it('gives an unknown call 404 ROUTE_NOT_FOUND, with or without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('ROUTE_NOT_FOUND');
    const post = await t.app.inject({ method: 'POST', url: '/api/no-such-call', payload: {} });
    expect(post.json().code).toBe('ROUTE_NOT_FOUND');
  });

  it('gives a protected call without a token 401 UNAUTHENTICATED', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/navbar-data-cached?entityId=1' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Sign in to continue.' });
  });

  it('answers malformed JSON with 400 VALIDATION_FAILED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers a body over the limit with 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('serves the OpenAPI description of the calls', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/signin', '/api/navbar-data-cached', '/api/userAccess/{id}']),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('sets security headers with a CSP on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves /meta.json with the running version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/meta.json?t=123' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ version: '3.18' });
  });
});

describe('HTTP platform: probing for unknown calls', () => {
  const t = useTestApp({
    config: {
      rateLimits: { ...defaultRateLimits, windowMs: 60_000, notFoundPerMinute: 3 },
    },
  });

  it('rate-limits 404s per IP', async () => {
    const probe = (ip: string) => t.app.inject({ method: 'GET', url: '/api/wp-admin', remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await probe('10.7.0.1')).statusCode).toBe(404);
    const limited = await probe('10.7.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
    expect((await probe('10.7.0.2')).statusCode).toBe(404);
  });
});
