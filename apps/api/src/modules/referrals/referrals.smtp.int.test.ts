import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { createDealer, createUser } from '../../db/factories/identity';
import { referrals } from '../../db/schema/referrals';
import { mintSession } from '../lifecycle/lifecycle.fixture';
import { startTestSmtpServer, type TestSmtpServer } from '../outbox/outbox-test-smtp';

/** With SMTP_URL the customer e-mail leaves through a real SMTP server, and only then is the referral CONTACT. */
describe('the referral customer e-mail over SMTP', () => {
  let t: TestApp;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({
      rejectWhen: (recipient, attempt) =>
        recipient === 'busy@example.test' && attempt === 1 ? 'mailbox busy' : null,
    });
    t = await buildTestApp({ smtpUrl: smtp.url, publicUrl: 'https://app.example.test' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('sends the benefits link to the customer; CONTACT only once the server took it (a refused try is retried)', async () => {
    const dealer = await createDealer(t.database.db, { name: 'Bay Motors' });
    const session = await mintSession(
      t.config.jwtSecret,
      await createUser(t.database.db, { dealerId: dealer.id }),
    );
    const sale = await t.app.inject({
      method: 'POST',
      url: '/api/referrals/',
      headers: session.headers,
      payload: {
        customerName: 'Bea Busy',
        customerEmailAddress: 'busy@example.test',
        vin: '4T1G11AK5MU406374',
      },
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const { referralId } = sale.json();
    const status = async () =>
      (await t.database.db.select().from(referrals).where(eq(referrals.id, referralId)))[0]?.status;

    await t.app.outbox.worker.runOnce();
    expect(smtp.received).toHaveLength(0);
    expect(await status()).toBe('NEW');

    await t.database.exec(`update outbox set next_attempt_at = now() where kind = 'referral-customer'`);
    await t.app.outbox.worker.runOnce();
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail?.rcptTo).toEqual(['busy@example.test']);
    expect(mail?.subject).toBe('Protect your new 2021 Toyota Camry');
    // Quoted-printable: soft line breaks and '=' as '=3D'.
    const body = (mail?.body ?? '').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(body).toContain('Bay Motors');
    expect(body).toMatch(
      new RegExp(`https://app\\.example\\.test/public/benefits\\?referral=${referralId}&token=`),
    );
    expect(await status()).toBe('CONTACT');
  });
});
