import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, post, signIn, type TestApp } from '../../../test/build-test-app';
import { createUser } from '../../db/factories/identity';
import { startTestSmtpServer, type TestSmtpServer } from '../outbox/outbox-test-smtp';

/** Password reset end to end: request → outbox → SMTP adapter → a real SMTP server → link → new password. */
describe('password reset through the outbox and SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'https://app.example.test' });
    await createUser(t.database.db, {
      email: 'forgetful@example.test',
      name: 'Forgetful Fran',
      password: 'old-password-1',
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const requestReset = (email: string, ip = '10.9.0.1') =>
    post(t.app, '/api/auth/request-password-reset', { email }, { remoteAddress: ip });

  it('e-mails a single-use link that sets a new password and ends old sessions', async () => {
    const oldSession = await signIn(t.app, 'forgetful@example.test', 'old-password-1');

    const res = await requestReset('Forgetful@Example.test');
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);

    // Nothing is sent inside the request: the outbox worker delivers it.
    expect(smtp.received).toHaveLength(0);
    expect(await t.app.outbox.worker.runOnce()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.rcptTo).toEqual(['forgetful@example.test']);
    expect(mail.subject).toBe('Reset your password');
    const body = mail.body.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /https:\/\/app\.example\.test\/reset-password\?token=([\w-]+)/.exec(body);
    expect(link, body).not.toBeNull();
    const token = link![1]!;

    const tooShort = await post(t.app, '/api/auth/reset-password', { token, password: 'short' });
    expect(tooShort.statusCode).toBe(400);

    const reset = await post(t.app, '/api/auth/reset-password', { token, password: 'brand-new-password' });
    expect(reset.statusCode).toBe(200);

    // The new password works, the old one does not, and the old session's refresh token is dead.
    await signIn(t.app, 'forgetful@example.test', 'brand-new-password');
    const old = await post(t.app, '/api/auth/signin', {
      email: 'forgetful@example.test',
      password: 'old-password-1',
    });
    expect(old.statusCode).toBe(401);
    const refresh = await post(t.app, '/api/auth/refresh', { refreshToken: oldSession.refreshToken });
    expect(refresh.statusCode).toBe(401);

    // Single use.
    const again = await post(t.app, '/api/auth/reset-password', { token, password: 'another-password' });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/invalid or has expired/);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await requestReset('nobody-here@example.test', '10.9.0.2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'If an account exists for that e-mail, a reset link has been sent.',
    });
    await t.app.outbox.worker.runOnce();
    expect(smtp.received.length).toBe(before);
  });

  it('limits reset requests per address', async () => {
    for (let i = 0; i < 5; i++)
      expect((await requestReset('spam-target@example.test', `10.9.1.${i}`)).statusCode).toBe(200);
    const limited = await requestReset('spam-target@example.test', '10.9.1.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('RATE_LIMITED');
  });
});
