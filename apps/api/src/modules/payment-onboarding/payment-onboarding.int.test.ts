import type { AppError } from '@app/contracts/errors.contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type StripeFake, startStripeFake } from '../../../test/fakes/stripe-fake-server';
import { useSuite } from '../../../test/use-suite';
import { PaymentProviderError } from '../../adapters/payments/payment-port';
import { createInstaller, createUser } from '../../db/factories/identity';
import { installers } from '../../db/schema/identity';
import { caller, mintSession, startLifecycleSuite } from '../lifecycle/lifecycle.fixture';
import { createPaymentOnboardingRepository } from './payment-onboarding.repository';
import { createPaymentOnboardingService } from './payment-onboarding.service';

const FORM = {
  businessType: 'individual',
  legalName: 'Trial Tint LLC',
  taxIdLast4: '6789',
  phone: '(727) 555-0124',
  addressLine1: '1 Main St',
  city: 'Clearwater',
  state: 'FL',
  zip: '33755',
  routingNumber: '110000000',
  accountNumber: '000123456789',
};
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

/** Payment onboarding through the local adapter, and the trial rule end to end (002 §6, §9; catalogue 4.2 item 7). */
describe('payment onboarding with the local adapter; trial specialists complete jobs after it', () => {
  const s = useSuite(startLifecycleSuite);
  const account = async (id: number) =>
    (await s.t.database.db.select().from(installers).where(eq(installers.id, id)))[0]!;

  it('refuses other companies, dealers and a continue before any account', async () => {
    const { w, call } = s;
    const body = { installerId: w.trialInstaller.id };
    expect(
      (await call(w.sessions.installerA, 'POST', '/api/stripe/create-express-account', body)).statusCode,
    ).toBe(403);
    expect(
      (await call(w.sessions.dealer, 'POST', '/api/stripe/create-express-account', body)).statusCode,
    ).toBe(403);
    const early = await call(w.sessions.trial, 'POST', '/api/stripe/continue-onboarding', body);
    expect(early.statusCode).toBe(404);
    expect(early.json().message).toBe('No payment account yet: start the payment account setup first.');
    const bad = await call(w.sessions.trial, 'POST', '/api/stripe/create-express-account', {
      installerId: 'x',
    });
    expect(bad.statusCode).toBe(400);
  });

  it('COMPLETE JOB is refused before setup, the local onboarding page completes the account, then it is allowed', async () => {
    const { w, call, action, t } = s;
    const { request } = await w.estimate({
      requestorInstallerId: w.trialInstaller.id,
      customerId: null,
      currentState: 'started',
    });
    const refused = await action(w.sessions.trial, request.id, 'completeJob');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Finish payment setup before completing jobs');

    const created = await call(w.sessions.trial, 'POST', '/api/stripe/create-express-account', {
      installerId: w.trialInstaller.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { accountLinkUrl, accountId } = created.json() as { accountLinkUrl: string; accountId: string };
    expect(accountId).toBe(`acct_local_${w.trialInstaller.id}`);
    expect(accountLinkUrl.startsWith(`${t.config.publicUrl}/connect/onboard/`)).toBe(true);
    expect(await account(w.trialInstaller.id)).toMatchObject({
      stripeAccountId: accountId,
      onboardingComplete: false,
    });

    // In progress: continue gives a new link; the first one still works until used.
    const continued = await call(w.sessions.trial, 'POST', '/api/stripe/continue-onboarding', {
      installerId: w.trialInstaller.id,
    });
    expect(continued.statusCode).toBe(200);
    expect(continued.json().accountLinkUrl).not.toBe(accountLinkUrl);

    const path = new URL(accountLinkUrl).pathname;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    // The link is a credential: no Referer carries it away, no cache or index keeps it.
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    for (const label of ['Legal business name', 'Bank routing number (9 digits)', 'Bank account number']) {
      expect(page.body).toContain(label);
    }
    const post = (fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: path,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(fields),
      });
    const invalid = await post({ ...FORM, routingNumber: '123', state: '', accountNumber: '000987654321' });
    expect(invalid.statusCode).toBe(200);
    expect(invalid.body).toContain('Enter the 9-digit routing number');
    expect(invalid.body).toContain('Choose the state');
    expect(invalid.body).not.toContain('000987654321');
    expect((await account(w.trialInstaller.id)).onboardingComplete).toBe(false);

    const done = await post(FORM);
    expect(done.statusCode).toBe(303);
    expect(done.headers.location).toBe(`${t.config.publicUrl}/profile?onboarding=return`);
    expect((await account(w.trialInstaller.id)).onboardingComplete).toBe(true);
    // The link is spent.
    expect((await post(FORM)).statusCode).toBe(404);

    const allowed = await action(w.sessions.trial, request.id, 'completeJob');
    expect(allowed.statusCode, allowed.body).toBe(200);
    const again = await call(w.sessions.trial, 'POST', '/api/stripe/create-express-account', {
      installerId: w.trialInstaller.id,
    });
    expect(again.statusCode).toBe(409);
  });

  it('a provider failure is the documented message with 503, never a 500', async () => {
    const down = async () => {
      throw new PaymentProviderError('Stripe is unavailable', 'api_connection_error');
    };
    const installer = await createInstaller(s.t.database.db, { name: 'Down Tint' });
    const auth = {
      userId: 1,
      email: 'x@example.test',
      userName: 'X',
      userType: 'installer' as const,
      groups: ['Installer' as const],
      companyId: installer.id,
      access: 'STANDARD' as const,
    };
    const service = (link: typeof down | null) =>
      createPaymentOnboardingService({
        repository: createPaymentOnboardingRepository(s.t.database.db),
        port: {
          createConnectedAccount: down,
          createOnboardingLink: link ?? (async () => ({ url: '/x' })),
        },
        publicUrl: 'http://x.test',
        logger: { warn: () => {} },
      });
    const failure = (promise: Promise<unknown>) =>
      promise.then(
        () => null,
        (error: AppError) => [error.code, error.message],
      );
    expect(await failure(service(down).createExpressAccount(auth, installer.id))).toEqual([
      'SERVICE_UNAVAILABLE',
      'Failed to create payment account',
    ]);
    await s.t.database.db
      .update(installers)
      .set({ stripeAccountId: 'acct_x' })
      .where(eq(installers.id, installer.id));
    expect(await failure(service(down).createExpressAccount(auth, installer.id))).toEqual([
      'SERVICE_UNAVAILABLE',
      'Failed to create account setup link',
    ]);
    expect(await failure(service(down).continueOnboarding(auth, installer.id))).toEqual([
      'SERVICE_UNAVAILABLE',
      'Failed to continue account setup',
    ]);
  });
});

describe('payment onboarding through Stripe Connect Express (the Stripe fake)', () => {
  let fake: StripeFake;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startStripeFake();
    t = await buildTestApp({
      stripe: { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url },
    } as never);
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  const deliver = (event: { payload: string; signature: string }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });

  it('account, link, webhook → complete; a repeated event counts once; a bad signature is refused', async () => {
    const db = t.database.db;
    const installer = await createInstaller(db, {
      name: 'Stripe Trial Tint',
      email: 'owner@stripetint.test',
      isTrial: true,
    });
    const who = await mintSession(t.config.jwtSecret, await createUser(db, { installerId: installer.id }));
    const call = caller(t.app);
    const created = await call(who, 'POST', '/api/stripe/create-express-account', {
      installerId: installer.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const { accountId, accountLinkUrl } = created.json() as { accountId: string; accountLinkUrl: string };
    expect(accountId).toMatch(/^acct_/);
    expect(accountLinkUrl).toContain(`https://connect.stripe.test/setup/e/${accountId}`);
    expect(accountLinkUrl).toContain(encodeURIComponent(`${t.config.publicUrl}/profile?onboarding=return`));
    const stripeAccount = fake.accounts.get(accountId)!;
    expect(stripeAccount).toMatchObject({ type: 'express', email: 'owner@stripetint.test' });
    expect(fake.requests.find((r) => r.path === '/v1/accounts')?.idempotencyKey).toBe(
      `installer:${installer.id}:connect-account`,
    );
    // A second create reuses the account (no second Stripe account).
    const second = await call(who, 'POST', '/api/stripe/create-express-account', {
      installerId: installer.id,
    });
    expect(second.json().accountId).toBe(accountId);
    expect(fake.accounts.size).toBe(1);
    const continued = await call(who, 'POST', '/api/stripe/continue-onboarding', {
      installerId: installer.id,
    });
    expect(continued.statusCode).toBe(200);

    const row = async () => (await db.select().from(installers).where(eq(installers.id, installer.id)))[0]!;
    const pending = fake.event('account.updated', { ...stripeAccount, details_submitted: true });
    expect((await deliver(pending)).json()).toMatchObject({ applied: false });
    expect((await row()).onboardingComplete).toBe(false);

    const forged = fake.event(
      'account.updated',
      { ...stripeAccount, details_submitted: true, charges_enabled: true },
      { secret: 'whsec_wrong' },
    );
    expect((await deliver(forged)).statusCode).toBe(400);
    expect((await row()).onboardingComplete).toBe(false);

    const complete = fake.event('account.updated', {
      ...stripeAccount,
      details_submitted: true,
      charges_enabled: true,
    });
    const applied = await deliver(complete);
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ type: 'account.updated', applied: true });
    expect((await row()).onboardingComplete).toBe(true);
    // The same event again (Stripe retries) changes nothing, even after a later change.
    await db.update(installers).set({ onboardingComplete: false }).where(eq(installers.id, installer.id));
    expect((await deliver(complete)).json()).toMatchObject({ applied: false });
    expect((await row()).onboardingComplete).toBe(false);
  });

  it('an older account.updated delivered after a newer one does not undo it (Stripe does not deliver in order)', async () => {
    const db = t.database.db;
    const installer = await createInstaller(db, {
      name: 'Late Event Tint',
      email: 'owner@late.test',
      isTrial: true,
    });
    const who = await mintSession(t.config.jwtSecret, await createUser(db, { installerId: installer.id }));
    const created = await caller(t.app)(who, 'POST', '/api/stripe/create-express-account', {
      installerId: installer.id,
    });
    const { accountId } = created.json() as { accountId: string };
    const stripeAccount = fake.accounts.get(accountId)!;
    const row = async () => (await db.select().from(installers).where(eq(installers.id, installer.id)))[0]!;
    const second = 1_800_000_000;
    const accountEvent = (chargesEnabled: boolean, created: number) =>
      fake.event(
        'account.updated',
        { ...stripeAccount, details_submitted: true, charges_enabled: chargesEnabled },
        { created },
      );
    const pendingAt = accountEvent(false, second);
    const payableAt = accountEvent(true, second + 5);
    // The newer event first: payable.
    expect((await deliver(payableAt)).json()).toMatchObject({ applied: true });
    expect(await row()).toMatchObject({
      onboardingComplete: true,
      onboardingEventAt: new Date((second + 5) * 1000),
    });
    // The older one arrives late: recorded (a retry is still a repeat), but the state stays.
    expect((await deliver(pendingAt)).json()).toMatchObject({ applied: false });
    expect((await row()).onboardingComplete).toBe(true);
    // A newer event still changes it, both ways.
    expect((await deliver(accountEvent(false, second + 60))).json()).toMatchObject({ applied: true });
    expect((await row()).onboardingComplete).toBe(false);
    // Same second as the last one applied: arrival order decides.
    expect((await deliver(accountEvent(true, second + 60))).json()).toMatchObject({ applied: true });
    expect((await row()).onboardingComplete).toBe(true);
  });
});
