import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/build-test-app';

/** Asks for a reset link, reads it from the outbox (no worker runs in tests) and sets `password` with it. */
export async function resetPasswordThroughOutbox(t: TestApp, email: string, password: string, ip?: string) {
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email },
    ...(ip ? { remoteAddress: ip } : {}),
  });
  if (asked.statusCode !== 200) throw new Error(`reset request failed: ${asked.statusCode} ${asked.body}`);
  const mails = await t.database.db.execute(
    sql`select payload->>'text' as text from outbox where kind = 'password-reset' order by id desc limit 1`,
  );
  const text = (mails as unknown as { rows: { text: string }[] }).rows[0]?.text ?? '';
  const token = /token=([\w-]+)/.exec(text)?.[1];
  return t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });
}
