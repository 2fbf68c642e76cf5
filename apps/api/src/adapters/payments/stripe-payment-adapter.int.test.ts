import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';
import { type StripeFake, startStripeFake } from '../../../test/fakes/stripe-fake-server';
import { dealers, installers } from '../../db/schema/identity';
import { buildPaymentsWorld, type PaymentsWorld } from '../../modules/payments/payments.fixture';

/**
 * The Stripe adapter, through the product's calls, against test/fakes/stripe-fake-server.ts: invoices
 * (create, finalize, pay by signed webhook, settle, void), Terminal (success, decline, offline), webhook
 * signatures and repeated events.
 */
describe('payments (Stripe adapter against the fake Stripe)', () => {
  let fake: StripeFake;
  let t: TestApp;
  let w: PaymentsWorld;
  const readerId = 'tmr_fake_elite_main';

  beforeAll(async () => {
    fake = await startStripeFake();
    fake.addReader(readerId);
    fake.addTaxRate('txr_fake_825', 8.25);
    // The fake's origin rides on the stripe config (see payments.module.ts, stripeApiBase).
    const stripe = { secretKey: fake.secretKey, webhookSecret: fake.webhookSecret, apiBase: fake.url };
    t = await buildTestApp({ stripe });
    w = await buildPaymentsWorld(t.app, t.database.db, { readerId, stripeTaxRate: 'txr_fake_825' });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  const installer = () => w.sessions.installer;

  async function openInvoice(requestId: number, requestType: 'installer' | 'dealer') {
    const res = await w.call(installer(), 'POST', '/api/invoices/', {
      requestId,
      requestType,
      finalize: true,
    });
    expect(res.statusCode).toBe(201);
    return res.json();
  }

  function deliver(event: { payload: string; signature: string }) {
    return t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      payload: event.payload,
    });
  }

  it('uses the Stripe adapter', () => {
    expect(t.app.payments.provider).toBe('stripe');
  });

  it('create + finalize: a Stripe invoice with a hosted page, the tax rate, Connect and the platform fee', async () => {
    const job = await w.retailJob();
    const draft = await w.call(installer(), 'POST', '/api/invoices/', {
      requestId: job.id,
      requestType: 'installer',
    });
    expect(draft.json()).toMatchObject({ status: 'draft', provider_invoice_id: null });
    expect(fake.invoices.size).toBe(0);
    const finalized = (await w.call(installer(), 'PUT', `/api/invoices/finalize/${draft.json().id}`)).json()
      .invoice;
    expect(finalized).toMatchObject({ status: 'open', provider: 'stripe', amount_due: 194_850, tax: 14_850 });
    const stripeInvoice = fake.invoices.get(finalized.provider_invoice_id);
    expect(stripeInvoice).toMatchObject({
      status: 'open',
      amount_due: 194_850,
      collection_method: 'send_invoice',
      transfer_data: { destination: 'acct_elite_test' },
      application_fee_amount: 9_000,
      metadata: { payment_type: 'final', request_id: String(job.id) },
    });
    // The pre-tax line carries the installer's Stripe tax rate; Stripe's tax equals ours.
    expect(stripeInvoice?.total_taxes).toEqual([expect.objectContaining({ amount: 14_850 })]);
    expect(finalized.hosted_invoice_url).toBe(stripeInvoice?.hosted_invoice_url);
    expect(finalized.customer_facing_number).toBe(stripeInvoice?.number);
    // Stripe's invoice carries our number (the installer's series, decision 009), not one of its own.
    expect(stripeInvoice?.number).toBe(finalized.number);
    // Finalizing again creates nothing at Stripe.
    const before = fake.requests.length;
    await w.call(installer(), 'PUT', `/api/invoices/finalize/${draft.json().id}`);
    expect(fake.requests.length).toBe(before);
    // The product's pay link sends the customer to Stripe's page.
    const mail = (await w.rows.outbox(job.id)).find((o) => o.kind === 'invoice');
    expect((mail?.payload as { text: string } | undefined)?.text).toContain(
      stripeInvoice?.hosted_invoice_url as string,
    );
  });

  it('paid on Stripe’s page: a signed invoice.paid webhook pays it; the same event twice counts once', async () => {
    const job = await w.dealerJob();
    const invoice = await openInvoice(job.id, 'dealer');
    const [dealer] = await t.database.db.select().from(dealers).where(eq(dealers.id, w.dealer.id));
    expect(dealer?.stripeCustomerId).toMatch(/^cus_/);

    const paid = fake.payInvoice(invoice.provider_invoice_id);
    const event = fake.event('invoice.paid', paid);
    const first = await deliver(event);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, type: 'invoice.paid', applied: true });
    const again = await deliver(event);
    expect(again.json()).toEqual({ received: true, type: 'invoice.paid', applied: false });
    const succeeded = await deliver(fake.event('invoice.payment_succeeded', paid));
    expect(succeeded.json().applied).toBe(false);

    expect((await w.call(w.sessions.dealer, 'GET', `/api/invoices/${invoice.id}`)).json()).toMatchObject({
      status: 'paid',
      amount_remaining: 0,
    });
    const payments = await w.rows.payments(job.id);
    expect(payments.map((p) => [p.paymentState, p.method])).toEqual([['paid', 'online']]);
    expect(payments[0]?.providerPaymentId).toMatch(/^pi_/);
  });

  it('one Stripe payment reported for two invoices is recorded once; the other report is “already recorded”, not a 500', async () => {
    const jobA = await w.dealerJob();
    const jobB = await w.dealerJob();
    const invoiceA = await openInvoice(jobA.id, 'dealer');
    const invoiceB = await openInvoice(jobB.id, 'dealer');
    const paidA = fake.payInvoice(invoiceA.provider_invoice_id);
    // A faulty (or replayed and edited) report: invoice B "paid" by invoice A's payment intent.
    const forgedB = { ...fake.payInvoice(invoiceB.provider_invoice_id), payments: paidA.payments };
    const replies = await Promise.all([
      deliver(fake.event('invoice.paid', paidA)),
      deliver(fake.event('invoice.paid', forgedB)),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(replies.filter((r) => r.json().applied === true)).toHaveLength(1);
    const rows = [...(await w.rows.payments(jobA.id)), ...(await w.rows.payments(jobB.id))];
    const paid = rows.filter((p) => p.paymentState === 'paid');
    expect(paid).toHaveLength(1);
    expect(paid[0]?.providerPaymentId).toMatch(/^pi_/);
    expect(rows.filter((p) => p.paymentState === 'invoiced')).toHaveLength(1);
    const statuses = await Promise.all(
      [invoiceA, invoiceB].map(
        async (i) => (await w.call(w.sessions.dealer, 'GET', `/api/invoices/${i.id}`)).json().status,
      ),
    );
    expect(statuses.sort()).toEqual(['open', 'paid']);
  });

  it('refuses a webhook with a bad or missing signature (400)', async () => {
    const job = await w.retailJob();
    const invoice = await openInvoice(job.id, 'installer');
    const forged = fake.event('invoice.paid', fake.invoices.get(invoice.provider_invoice_id) as never, {
      secret: 'whsec_not_ours',
    });
    const bad = await deliver(forged);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: forged.payload,
    });
    expect(missing.statusCode).toBe(400);
    const tampered = fake.event('invoice.paid', fake.invoices.get(invoice.provider_invoice_id) as never);
    const changed = await deliver({
      ...tampered,
      payload: tampered.payload.replace('"invoice.paid"', '"invoice.voided"'),
    });
    expect(changed.statusCode).toBe(400);
    expect((await w.call(installer(), 'GET', `/api/invoices/${invoice.id}`)).json().status).toBe('open');
  });

  it('Terminal success: intent on the reader, card presented, poll records it once and pays the Stripe invoice', async () => {
    const job = await w.retailJob();
    const invoice = await openInvoice(job.id, 'installer');
    const terminal = await w.call(installer(), 'GET', `/api/terminal/${readerId}`);
    expect(terminal.json()).toMatchObject({
      success: true,
      data: { status: 'online', device_type: 'bbpos_wisepos_e' },
    });

    const created = await w.call(
      installer(),
      'POST',
      '/api/payments',
      { invoiceId: invoice.number, locationId: readerId },
      {
        'idempotency-key': 'stripe-swipe-1',
      },
    );
    const replay = await w.call(
      installer(),
      'POST',
      '/api/payments',
      { invoiceId: invoice.number, locationId: readerId },
      {
        'idempotency-key': 'stripe-swipe-1',
      },
    );
    const paymentId = created.json().paymentIntentId as string;
    expect(paymentId).toMatch(/^pi_/);
    expect(replay.json().paymentIntentId).toBe(paymentId);
    expect(fake.paymentIntents.get(paymentId)).toMatchObject({
      amount: 194_850,
      allowed_payment_method_types: ['card_present'],
      transfer_data: { destination: 'acct_elite_test' },
      application_fee_amount: 9_000,
    });
    expect((await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId })).json()).toMatchObject({
      success: true,
      status: 'waiting_for_customer',
    });
    expect((await w.call(installer(), 'GET', `/api/payments/${paymentId}`)).json()).toMatchObject({
      status: 'processing',
      stage: 'waiting_for_customer',
    });
    fake.presentCard(readerId, '4242424242424242');
    const polls = await Promise.all(
      [1, 2, 3].map(() => w.call(installer(), 'GET', `/api/payments/${paymentId}`)),
    );
    for (const poll of polls) expect(poll.json()).toMatchObject({ success: true, status: 'succeeded' });
    // The webhook for the same intent arrives later: nothing more happens.
    const late = await deliver(
      fake.event('payment_intent.succeeded', fake.paymentIntents.get(paymentId) as never),
    );
    expect(late.json().applied).toBe(false);
    const payments = await w.rows.payments(job.id);
    expect(payments.map((p) => [p.paymentState, p.method, p.cardLast4, p.cardType])).toEqual([
      ['paid', 'card', '4242', 'visa'],
    ]);
    expect(payments[0]?.providerPaymentId).toMatch(/^ch_/);
    expect(fake.invoices.get(invoice.provider_invoice_id)?.status).toBe('paid');
  });

  it('Terminal decline, then the webhook; the invoice stays open for another way to pay', async () => {
    const job = await w.retailJob();
    const invoice = await openInvoice(job.id, 'installer');
    const paymentId = (await w.call(installer(), 'POST', '/api/payments', { invoiceId: invoice.id })).json()
      .paymentIntentId as string;
    await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId, terminalId: readerId });
    fake.presentCard(readerId, '4000000000000002');
    const event = fake.event('payment_intent.payment_failed', fake.paymentIntents.get(paymentId) as never);
    expect((await deliver(event)).json()).toMatchObject({ applied: true });
    expect((await deliver(event)).json()).toMatchObject({ applied: false });
    expect((await w.call(installer(), 'GET', `/api/payments/${paymentId}`)).json()).toMatchObject({
      status: 'payment_failed',
      stage: 'declined',
      error: 'The card was declined. Please try a different card.',
    });
    expect((await w.rows.payments(job.id)).map((p) => p.paymentState)).toEqual(['invoiced']);
    expect(fake.invoices.get(invoice.provider_invoice_id)?.status).toBe('open');

    const settled = await w.call(installer(), 'PUT', `/api/invoices/settle/${invoice.id}`, {
      method: 'check',
      checkNumber: '3003',
    });
    expect(settled.json().invoice.status).toBe('paid');
    expect(fake.invoices.get(invoice.provider_invoice_id)?.status).toBe('paid');
  });

  it('a card payment replaced by a new one is canceled at Stripe too, through the outbox (issue 19)', async () => {
    const job = await w.retailJob();
    const invoice = await openInvoice(job.id, 'installer');
    const pay = (key: string) =>
      w.call(
        installer(),
        'POST',
        '/api/payments',
        { invoiceId: invoice.id, locationId: readerId },
        { 'idempotency-key': key },
      );
    const first = (await pay('superseded-1')).json().paymentIntentId as string;
    const second = (await pay('superseded-2')).json().paymentIntentId as string;
    expect(second).not.toBe(first);
    expect(fake.paymentIntents.get(first)?.status).toBe('requires_payment_method');

    await t.app.outbox.worker.runOnce();
    const cancels = fake.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/cancel'));
    expect(cancels.map((r) => r.path)).toEqual([`/v1/payment_intents/${first}/cancel`]);
    expect(fake.paymentIntents.get(first)?.status).toBe('canceled');
    expect(fake.paymentIntents.get(second)?.status).toBe('requires_payment_method');
    // Delivered once: another run sends nothing more.
    await t.app.outbox.worker.runOnce();
    expect(fake.requests.filter((r) => r.path.endsWith('/cancel'))).toHaveLength(1);
  });

  it('an offline reader; a void reaches Stripe', async () => {
    fake.setReaderStatus(readerId, 'offline');
    expect((await w.call(installer(), 'GET', `/api/terminal/${readerId}`)).json()).toMatchObject({
      data: { status: 'offline' },
      error: 'Card reader is offline. Please check connection.',
    });
    const job = await w.retailJob();
    const invoice = await openInvoice(job.id, 'installer');
    const paymentId = (await w.call(installer(), 'POST', '/api/payments', { invoiceId: invoice.id })).json()
      .paymentIntentId as string;
    expect((await w.call(installer(), 'POST', '/api/terminalPay/', { paymentId })).json()).toMatchObject({
      success: false,
      error: 'Card reader is offline. Please check connection.',
    });
    fake.setReaderStatus(readerId, 'online');

    const voided = await w.call(installer(), 'PUT', `/api/invoices/void/${invoice.id}`);
    expect(voided.json().invoice.status).toBe('void');
    expect(fake.invoices.get(invoice.provider_invoice_id)?.status).toBe('void');
    expect((await w.rows.attempts(invoice.id)).map((a) => a.status)).toEqual(['canceled']);
    // The open intent of the voided invoice is canceled at Stripe too, through the outbox (issue 19).
    await t.app.outbox.worker.runOnce();
    expect(fake.requests.some((r) => r.path === `/v1/payment_intents/${paymentId}/cancel`)).toBe(true);
    expect(fake.paymentIntents.get(paymentId)?.status).toBe('canceled');
  });

  it('the hosted-page link of a Stripe invoice redirects to Stripe', async () => {
    const job = await w.retailJob();
    const invoice = await openInvoice(job.id, 'installer');
    const [row] = await w.rows.invoices(job.id);
    const token = (row?.metadata as Record<string, string> | undefined)?.pay_token;
    const res = await w.call(null, 'GET', `/pay/${token}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(invoice.hosted_invoice_url);
  });

  it('the payment dashboard button gets a Stripe Express login link for the company e-mail (row 108)', async () => {
    await t.database.db
      .update(installers)
      .set({ email: 'PAY-INSTALLER@example.test' })
      .where(eq(installers.id, w.installer.id));
    const res = await w.call(installer(), 'GET', `/api/stripe/dashboard/${w.installer.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ url: 'https://connect.stripe.test/express/acct_elite_test' });
    expect(fake.requests.some((r) => r.path === '/v1/accounts/acct_elite_test/login_links')).toBe(true);
    await t.database.db
      .update(installers)
      .set({ stripeAccountId: 'acct_missing' })
      .where(eq(installers.id, w.installer.id));
    const failed = await w.call(installer(), 'GET', `/api/stripe/dashboard/${w.installer.id}`);
    expect(failed.statusCode).toBe(500);
    expect(failed.json().userMessage).toBe('Unable to access Stripe dashboard. Please try again later.');
  });
});
