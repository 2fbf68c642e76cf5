import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createInvoice, createPayment } from '../../db/factories/money';
import { formBody, formOf, startPaymentsSuite } from '../payments/payments.fixture';

/**
 * The hosted invoice page /pay/{token} (local payment adapter): plain server-rendered HTML under the
 * product's CSP, a test card form posted without any script, paying exactly once.
 */
describe('the hosted invoice page', () => {
  const s = useSuite(startPaymentsSuite);

  function postForm(action: string, fields: Record<string, string>) {
    return s.t.app.inject({
      method: 'POST',
      url: action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody(fields),
    });
  }

  it('a customer pays with a test card; decline first; a second post of the form records nothing more', async () => {
    const job = await s.w.retailJob();
    const invoice = await s.openInvoice(job.id);
    const path = new URL(invoice.hosted_invoice_url).pathname;
    const page = await s.w.call(null, 'GET', path);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).not.toContain('<script');
    expect(page.body).toContain('$1,948.50');
    expect(page.body).toContain(invoice.number);
    const form = formOf(page.body);
    const post = (fields: Record<string, string>) => postForm(form.action, fields);

    const postCard = (number: string, expiry: string) =>
      post({ nonce: form.nonce, number, expiry, cvc: '123' });

    const declined = await postCard('4000 0000 0000 0002', '12/34');
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain('The card was declined. Please try a different card.');
    const badExpiry = await postCard('4242424242424242', '13/99');
    expect(badExpiry.statusCode).toBe(200);
    expect(badExpiry.body).toContain('aria-invalid="true"');
    expect((await s.w.call(s.installer(), 'GET', `/api/invoices/${invoice.id}`)).json().status).toBe('open');

    const card = {
      nonce: form.nonce,
      number: '4242 4242 4242 4242',
      expiry: '12/34',
      cvc: '123',
      name: 'Rita Retail',
    };
    const [paid, twice] = await Promise.all([post(card), post(card)]);
    for (const res of [paid, twice]) {
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${path}?paid=1`);
    }
    const receipt = await s.w.call(null, 'GET', `${path}?paid=1`);
    expect(receipt.body).toContain('Payment received');
    expect(receipt.body).toContain('Visa ending in 4242');
    expect(receipt.body).not.toContain('<form');

    const anotherForm = await post({ ...card, nonce: 'another-form-nonce' });
    expect(anotherForm.statusCode).toBe(200);
    expect(anotherForm.body).toContain('already been paid');

    const payments = await s.w.rows.payments(job.id);
    expect(payments.map((p) => [p.paymentState, p.method, p.cardLast4, p.amountCents])).toEqual([
      ['paid', 'online', '4242', 194_850],
    ]);
    expect((await s.w.call(s.installer(), 'GET', `/api/invoices/${invoice.id}`)).json()).toMatchObject({
      status: 'paid',
      amount_remaining: 0,
      amount_paid: 194_850,
    });
    expect((await s.w.rows.failures(job.id)).map((f) => f.failureType)).toEqual(['card_declined']);
  });

  it('the dealer sees its invoice paid on the hosted page and through the API', async () => {
    const job = await s.w.dealerJob();
    const invoice = await s.openInvoice(job.id, 'dealer');
    const path = new URL(invoice.hosted_invoice_url).pathname;
    const { nonce, action } = formOf((await s.w.call(null, 'GET', path)).body);
    const res = await postForm(action, { nonce, number: '5555555555554444', expiry: '01/40', cvc: '999' });
    expect(res.statusCode).toBe(303);
    expect(
      (await s.w.call(s.w.sessions.dealer, 'GET', `/api/invoices/${invoice.number}`)).json(),
    ).toMatchObject({
      status: 'paid',
      paid: true,
    });
    expect(
      (await s.w.call(s.w.sessions.dealer, 'GET', `/api/installerPaymentsRequest/${job.id}`)).json(),
    ).toEqual([
      expect.objectContaining({ payment_state: 'paid', method: 'online', card_type: 'mastercard' }),
    ]);
    expect((await s.w.call(s.w.sessions.dealer2, 'GET', `/api/invoices/${invoice.number}`)).statusCode).toBe(
      404,
    );
  });

  it('an unknown token is a plain 404 page', async () => {
    const res = await s.w.call(null, 'GET', '/pay/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Invoice not found');
  });

  it('an invoice made before pay links existed (demo data) gets one when read; void invoices show no form', async () => {
    const job = await s.w.retailJob();
    const legacy = await createInvoice(s.t.database.db, { requestId: job.id, status: 'open' });
    await createPayment(s.t.database.db, { invoiceId: legacy.id });
    const read = (await s.w.call(s.installer(), 'GET', `/api/invoices/${legacy.number}`)).json();
    expect(read.hosted_invoice_url).toMatch(/\/pay\/[\w-]{32}$/);
    expect(
      (await s.w.call(s.installer(), 'GET', `/api/invoices/${legacy.id}`)).json().hosted_invoice_url,
    ).toBe(read.hosted_invoice_url);
    const path = new URL(read.hosted_invoice_url).pathname;
    const { nonce, action } = formOf((await s.w.call(null, 'GET', path)).body);
    expect(
      (await postForm(action, { nonce, number: '4242424242424242', expiry: '12/34', cvc: '123' })).statusCode,
    ).toBe(303);
    expect((await s.w.rows.payments(job.id)).map((p) => [p.paymentState, p.method])).toEqual([
      ['paid', 'online'],
    ]);

    const voidJob = await s.w.retailJob();
    const voidInvoice = await s.openInvoice(voidJob.id);
    await s.w.call(s.installer(), 'PUT', `/api/invoices/void/${voidInvoice.id}`);
    const voidPath = new URL(voidInvoice.hosted_invoice_url).pathname;
    const page = await s.w.call(null, 'GET', voidPath);
    expect(page.body).toContain('voided');
    expect(page.body).not.toContain('<form');
  });

  it('escapes what it shows; stops after 10 declines in 15 minutes', async () => {
    const job = await s.w.retailJob({ serviceRequested: '<img src=x onerror=alert(1)>' });
    const invoice = await s.openInvoice(job.id);
    const path = new URL(invoice.hosted_invoice_url).pathname;
    const page = await s.w.call(null, 'GET', path);
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).toContain('&lt;img src=x');
    const { nonce, action } = formOf(page.body);
    for (let i = 0; i < 10; i += 1) {
      const declined = await postForm(action, {
        nonce,
        number: '4000000000000002',
        expiry: '12/34',
        cvc: '123',
      });
      expect(declined.body).toContain('The card was declined');
    }
    const limited = await postForm(action, {
      nonce,
      number: '4242424242424242',
      expiry: '12/34',
      cvc: '123',
    });
    expect(limited.statusCode).toBe(429);
    expect((await s.w.call(s.installer(), 'GET', `/api/invoices/${invoice.id}`)).json().status).toBe('open');
  });
});
