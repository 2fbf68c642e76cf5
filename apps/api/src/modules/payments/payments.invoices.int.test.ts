import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createInvoice } from '../../db/factories/money';
import { serviceRequests } from '../../db/schema/service-requests';
import { startPaymentsSuite } from './payments.fixture';

/**
 * The money path on the local payment adapter, invoices: creation (row 31, decision 11), deposits, the invoice
 * calls (rows 30, 32–37), the invoicing hooks the lifecycle calls; idempotency and exactly-once recording.
 * The card reader is in payments.card-reader.int.test.ts.
 */
describe('payments (local adapter): invoices', () => {
  const s = useSuite(startPaymentsSuite);

  describe('POST /invoices/ (row 31, decision 11)', () => {
    it('needs requestId and requestType, with the spec’s messages', async () => {
      const noId = await s.w.call(s.installer(), 'POST', '/api/invoices/', { requestType: 'installer' });
      expect(noId.statusCode).toBe(400);
      expect(noId.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid request - missing requestId',
      });
      const job = await s.w.retailJob();
      const noType = await s.w.call(s.installer(), 'POST', '/api/invoices/', { requestId: job.id });
      expect(noType.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'Invalid request - missing requestType',
      });
      const wrongType = await s.w.call(s.installer(), 'POST', '/api/invoices/', {
        requestId: job.id,
        requestType: 'dealer',
      });
      expect(wrongType.statusCode).toBe(400);
    });

    it('creates a draft final invoice in cents; invoiceId is an alias of requestId; the same key gives one row', async () => {
      const job = await s.w.retailJob();
      const first = await s.w.call(
        s.installer(),
        'POST',
        '/api/invoices/',
        { invoiceId: job.id, requestType: 'installer' },
        { 'idempotency-key': `final-${job.id}` },
      );
      expect(first.statusCode).toBe(201);
      // 1,500.00 − 100.00 + 400.00 = 1,800.00 + 8.25 % tax 148.50 = 1,948.50.
      expect(first.json()).toMatchObject({
        status: 'draft',
        paid: false,
        invoice_type: 'final',
        amount_due: 194_850,
        amount_remaining: 194_850,
        tax: 14_850,
        hosted_invoice_url: null,
        customer_name: 'Rita Retail',
        request_id: job.id,
        provider: 'local',
        metadata: { payment_type: 'final', request_id: String(job.id) },
      });
      // Numbered in the installer's own series ('Elite Pay Film': EPF), customer-facing too (decision 009).
      expect(first.json().number).toMatch(/^EPF-\d+$/);
      expect(first.json().customer_facing_number).toBe(first.json().number);
      const again = await s.createFinal(job.id, {}, `final-${job.id}`);
      expect(again.statusCode).toBe(200);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.json()).toEqual(first.json());
      // A different key still finds the job's one final invoice.
      const other = await s.createFinal(job.id, {}, `another-${job.id}`);
      expect(other.json().id).toBe(first.json().id);
      expect(await s.w.rows.invoices(job.id)).toHaveLength(1);
      expect(
        (await s.w.rows.payments(job.id)).map((p) => [p.paymentType, p.paymentState, p.amountCents]),
      ).toEqual([['final', 'invoiced', 194_850]]);
    });

    it('the same key sent twice at once creates one invoice', async () => {
      const job = await s.w.retailJob();
      const results = await Promise.all([1, 2, 3].map(() => s.createFinal(job.id, {}, `race-${job.id}`)));
      const ids = new Set(results.map((r) => r.json().id));
      expect(ids.size).toBe(1);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 201]);
      expect(await s.w.rows.invoices(job.id)).toHaveLength(1);
    });

    it('refuses dealers and other installers', async () => {
      const job = await s.w.dealerJob();
      for (const [who, status] of [
        [s.w.sessions.dealer, 403],
        [s.w.sessions.installer2, 404],
        [s.w.sessions.assist, 403],
      ] as const) {
        const res = await s.w.call(who, 'POST', '/api/invoices/', {
          requestId: job.id,
          requestType: 'dealer',
        });
        expect(res.statusCode).toBe(status);
      }
    });
  });

  describe('deposits', () => {
    it('one deposit invoice per job; never above the job total; none without an amount', async () => {
      const none = await s.w.retailJob({ currentState: 'scheduled' });
      const noAmount = await s.createFinal(none.id, { invoiceType: 'deposit' });
      expect(noAmount.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'No deposit amount set' });

      const job = await s.w.retailJob({ currentState: 'scheduled', depositAmountCents: 50_000 });
      const tooMuch = await s.createFinal(job.id, { invoiceType: 'deposit', amount: 194_851 });
      expect(tooMuch.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: 'The deposit cannot exceed the job total',
      });

      const deposit = await s.createFinal(job.id, { invoiceType: 'deposit', finalize: true });
      expect(deposit.statusCode).toBe(201);
      expect(deposit.json()).toMatchObject({ invoice_type: 'deposit', status: 'open', amount_due: 50_000 });
      expect(deposit.json().tax).toBeGreaterThan(0);
      const second = await s.createFinal(job.id, { invoiceType: 'deposit', amount: 10_000 });
      expect(second.statusCode).toBe(200);
      expect(second.json().id).toBe(deposit.json().id);

      const dealerWork = await s.w.dealerJob({ depositAmountCents: 10_000 });
      const onDealerWork = await s.w.call(s.installer(), 'POST', '/api/invoices/', {
        requestId: dealerWork.id,
        requestType: 'dealer',
        invoiceType: 'deposit',
      });
      expect(onDealerWork.statusCode).toBe(400);
    });

    it('a paid deposit is deducted from the final invoice; an unpaid one is voided by it', async () => {
      const paidJob = await s.w.retailJob({ depositAmountCents: 50_000 });
      const deposit = await s.createFinal(paidJob.id, { invoiceType: 'deposit', finalize: true });
      const settled = await s.w.call(s.installer(), 'PUT', `/api/invoices/settle/${deposit.json().id}`, {});
      expect(settled.json()).toMatchObject({
        success: true,
        message: 'Deposit invoice settled successfully.',
      });
      const final = await s.createFinal(paidJob.id);
      expect(final.json().amount_due).toBe(194_850 - 50_000);

      const unpaidJob = await s.w.retailJob({ depositAmountCents: 50_000 });
      await s.createFinal(unpaidJob.id, { invoiceType: 'deposit', finalize: true });
      const whole = await s.createFinal(unpaidJob.id);
      expect(whole.json().amount_due).toBe(194_850);
      expect((await s.w.rows.invoices(unpaidJob.id)).map((i) => [i.invoiceType, i.status])).toEqual([
        ['deposit', 'void'],
        ['final', 'draft'],
      ]);
      expect((await s.w.rows.payments(unpaidJob.id)).map((p) => p.paymentType)).toEqual(['final']);
    });

    it('a job fully paid by its deposit gets a paid 0 final invoice, its payment covered', async () => {
      const job = await s.w.retailJob({ depositAmountCents: 194_850 });
      const deposit = await s.createFinal(job.id, { invoiceType: 'deposit', finalize: true });
      await s.w.call(s.installer(), 'PUT', `/api/invoices/settle/${deposit.json().id}`, { method: 'cash' });
      const final = await s.createFinal(job.id);
      expect(final.json()).toMatchObject({ amount_due: 0, status: 'paid' });
      const list = await s.w.call(s.installer(), 'GET', `/api/installerPaymentsRequest/${job.id}`);
      expect(
        list
          .json()
          .map((p: { payment_type: string; payment_state: string }) => [p.payment_type, p.payment_state]),
      ).toEqual([
        ['deposit', 'paid'],
        ['final', 'covered'],
      ]);
    });
  });

  describe('invoice calls (rows 30, 32–37)', () => {
    it('finalize opens it with a pay link and e-mails it through the outbox; resend sends it again', async () => {
      const job = await s.w.retailJob();
      const draft = (await s.createFinal(job.id)).json();
      const finalized = await s.w.call(s.installer(), 'PUT', `/api/invoices/finalize/${draft.id}`);
      expect(finalized.statusCode).toBe(200);
      const invoice = finalized.json().invoice;
      expect(invoice.status).toBe('open');
      expect(invoice.hosted_invoice_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/pay\/[\w-]{32}$/);
      // Finalizing again changes nothing and sends nothing more.
      await s.w.call(s.installer(), 'PUT', `/api/invoices/finalize/${draft.id}`);
      const resent = await s.w.call(
        s.installer(),
        'PUT',
        `/api/invoices/resend/${invoice.number}`,
        undefined,
        {
          'idempotency-key': 'resend-1',
        },
      );
      expect(resent.json()).toMatchObject({ success: true, sentTo: 'rita@customers.test' });
      await s.w.call(s.installer(), 'PUT', `/api/invoices/resend/${invoice.number}`, undefined, {
        'idempotency-key': 'resend-1',
      });
      const mails = (await s.w.rows.outbox(job.id)).filter((o) => o.kind === 'invoice');
      expect(mails).toHaveLength(2);
      const payload = mails[0]?.payload as { to: string; subject: string; text: string };
      expect(payload.to).toBe('rita@customers.test');
      expect(payload.subject).toContain(invoice.number);
      expect(payload.text).toContain(invoice.hosted_invoice_url);
      expect(payload.text).toContain('$1,948.50');
    });

    it('GET by id or number; the dealer sees its invoice; other companies get 404', async () => {
      const job = await s.w.dealerJob();
      const invoice = await s.openInvoice(job.id, 'dealer');
      expect(invoice).toMatchObject({
        amount_due: 120_000,
        tax: 0,
        customer_name: 'Sunrise Pay Motors',
        customer_email: 'ap@sunrise-pay.test',
      });
      for (const ref of [String(invoice.id), invoice.number]) {
        expect((await s.w.call(s.w.sessions.dealer, 'GET', `/api/invoices/${ref}`)).json().id).toBe(
          invoice.id,
        );
      }
      expect((await s.w.call(s.w.sessions.dealer2, 'GET', `/api/invoices/${invoice.id}`)).statusCode).toBe(
        404,
      );
      expect((await s.w.call(s.w.sessions.installer2, 'GET', `/api/invoices/${invoice.id}`)).statusCode).toBe(
        404,
      );
      expect((await s.w.call(null, 'GET', `/api/invoices/${invoice.id}`)).statusCode).toBe(401);
      expect(
        (await s.w.call(s.w.sessions.dealer2, 'GET', `/api/installerPaymentsRequest/${job.id}`)).statusCode,
      ).toBe(404);
    });

    it('PO: the dealer must give one; it is saved only if it changed; installers close out with a check number', async () => {
      const job = await s.w.dealerJob();
      const invoice = await s.openInvoice(job.id, 'dealer');
      const empty = await s.w.call(s.w.sessions.dealer, 'PUT', `/api/invoices/meta/${invoice.id}`, {
        invoiceId: String(invoice.id),
      });
      expect(empty.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: 'A PO number is required' });
      const set = await s.w.call(s.w.sessions.dealer, 'PUT', `/api/invoices/meta/${invoice.id}`, {
        PO: 'SPM-PO-1',
      });
      expect(set.json()).toMatchObject({
        success: true,
        changed: true,
        invoice: { metadata: { PO: 'SPM-PO-1' } },
      });
      const same = await s.w.call(s.w.sessions.dealer, 'PUT', `/api/invoices/meta/${invoice.id}`, {
        PO: 'SPM-PO-1',
      });
      expect(same.json().changed).toBe(false);
      const other = await s.w.call(s.w.sessions.dealer2, 'PUT', `/api/invoices/meta/${invoice.id}`, {
        PO: 'X',
      });
      expect(other.statusCode).toBe(404);
      const closed = await s.w.call(s.installer(), 'PUT', `/api/invoices/meta/${invoice.id}`, {
        checkNumber: '10452',
      });
      expect(closed.json().invoice).toMatchObject({
        status: 'paid',
        amount_remaining: 0,
        amount_paid: 120_000,
      });
      const [payment] = await s.w.rows.payments(job.id);
      expect(payment).toMatchObject({ paymentState: 'paid', method: 'check', checkNumber: '10452' });
    });

    it('settle: installers only, cannot be undone; void refuses paid; delete only drafts', async () => {
      const job = await s.w.dealerJob();
      const invoice = await s.openInvoice(job.id, 'dealer');
      const byDealer = await s.w.call(s.w.sessions.dealer, 'PUT', `/api/invoices/settle/${invoice.id}`, {});
      expect(byDealer.json()).toMatchObject({
        code: 'FORBIDDEN',
        message: 'Only specialists can settle invoices.',
      });
      const settled = await s.w.call(s.installer(), 'PUT', `/api/invoices/settle/${invoice.id}`, {});
      expect(settled.json().invoice).toMatchObject({ status: 'paid', paid: true });
      expect(
        (await s.w.call(s.installer(), 'PUT', `/api/invoices/settle/${invoice.id}`, {})).statusCode,
      ).toBe(200);
      expect((await s.w.call(s.installer(), 'PUT', `/api/invoices/void/${invoice.id}`)).json()).toMatchObject(
        {
          code: 'INVALID_TRANSITION',
        },
      );
      expect((await s.w.call(s.installer(), 'DELETE', `/api/invoices/${invoice.id}`)).statusCode).toBe(409);
      expect((await s.w.rows.payments(job.id)).map((p) => [p.paymentState, p.method])).toEqual([
        ['paid', 'settle'],
      ]);

      const draftJob = await s.w.retailJob();
      const draft = (await s.createFinal(draftJob.id)).json();
      const deleted = await s.w.call(s.installer(), 'DELETE', `/api/invoices/${draft.id}`);
      expect(deleted.json()).toEqual({ success: true, deleted: 1 });
      expect(await s.w.rows.invoices(draftJob.id)).toEqual([]);
      expect(await s.w.rows.payments(draftJob.id)).toEqual([]);

      const openJob = await s.w.retailJob();
      const open = await s.openInvoice(openJob.id);
      const voided = await s.w.call(s.installer(), 'PUT', `/api/invoices/void/${open.id}`);
      expect(voided.json().invoice).toMatchObject({ status: 'void', amount_remaining: 0 });
      expect(await s.w.rows.payments(openJob.id)).toEqual([]);
    });

    it('DELETE /installerPayments: voids open invoices, removes unpaid payments, keeps money received', async () => {
      const job = await s.w.retailJob({ depositAmountCents: 20_000 });
      const deposit = await s.createFinal(job.id, { invoiceType: 'deposit', finalize: true });
      await s.w.call(s.installer(), 'PUT', `/api/installerPaymentCheck/${job.id}`, {
        payment_id: (await s.w.rows.payments(job.id))[0]?.id,
        checkNumber: '77',
      });
      expect((await s.w.rows.invoices(job.id))[0]?.status).toBe('paid');
      await s.openInvoice(job.id);
      const res = await s.w.call(s.installer(), 'DELETE', `/api/installerPayments/${job.id}`);
      expect(res.json()).toEqual({ success: true, deleted: 1, kept: 1, voidedInvoices: 1 });
      expect((await s.w.rows.invoices(job.id)).map((i) => [i.id === deposit.json().id, i.status])).toEqual([
        [true, 'paid'],
        [false, 'void'],
      ]);
    });

    it('POST /payment-failures logs once per idempotency key; GET /installerPaymentsRequest lists payments', async () => {
      const job = await s.w.retailJob();
      const body = {
        request_id: job.id,
        failure_type: 'invoice_creation',
        failure_stage: 'job_completion',
        error_message: 'boom',
        user_id: 999,
        user_type: 'installer',
      };
      const a = await s.w.call(s.installer(), 'POST', '/api/payment-failures', body, {
        'idempotency-key': 'pf-1',
      });
      const b = await s.w.call(s.installer(), 'POST', '/api/payment-failures', body, {
        'idempotency-key': 'pf-1',
      });
      expect(a.statusCode).toBe(201);
      expect(b.json().id).toBe(a.json().id);
      const rows = await s.w.rows.failures(job.id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ failureType: 'invoice_creation', userType: 'installer' });
      expect(rows[0]?.userId).not.toBe(999);
      const foreign = await s.w.call(s.w.sessions.installer2, 'POST', '/api/payment-failures', body);
      expect(foreign.statusCode).toBe(404);

      await s.openInvoice(job.id);
      const list = await s.w.call(s.installer(), 'GET', `/api/installerPaymentsRequest/${job.id}`);
      expect(list.json()).toEqual([
        expect.objectContaining({
          payment_type: 'final',
          payment_state: 'invoiced',
          payment_amount: 1948.5,
          amount_cents: 194_850,
        }),
      ]);
    });
  });

  describe('the invoicing hooks API (service.createInvoiceForRequest in the lifecycle’s transaction)', () => {
    it('creates in the caller’s transaction; a failure rolls back only its savepoint and is logged', async () => {
      const db = s.t.database.db;
      const service = s.t.app.payments.service;
      const job = await s.w.retailJob({ currentState: 'scheduled', depositAmountCents: 0 });
      const outcome = await db.transaction(async (tx) => {
        // The transition's own write, then the hook.
        await tx.update(serviceRequests).set({ version: 2 }).where(eq(serviceRequests.id, job.id));
        const failed = await service.tryCreateInvoiceForRequest(tx, {
          requestId: job.id,
          invoiceType: 'deposit',
          idempotencyKey: `request-${job.id}-deposit-v2`,
          finalize: true,
        });
        const deposit = await service.tryCreateInvoiceForRequest(tx, {
          requestId: job.id,
          invoiceType: 'deposit',
          amountCents: 25_000,
          idempotencyKey: `request-${job.id}-deposit-v3`,
          finalize: true,
        });
        return { failed, deposit };
      });
      expect(outcome.failed).toMatchObject({
        ok: false,
        error: 'No deposit amount set',
        userMessage:
          'Job booked successfully, but there was an issue creating the deposit invoice. Please check the deposit section.',
      });
      expect(outcome.deposit).toMatchObject({
        ok: true,
        created: true,
        invoice: { status: 'open', amount_due: 25_000 },
      });
      const [request] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, job.id));
      expect(request?.version).toBe(2);
      expect((await s.w.rows.failures(job.id)).map((f) => [f.failureType, f.failureStage])).toEqual([
        ['invoice_creation', 'booking'],
      ]);
      expect((await s.w.rows.outbox(job.id)).map((o) => o.kind)).toEqual(['invoice']);

      const final = await service.tryCreateInvoiceForRequest(db, {
        requestId: job.id,
        invoiceType: 'final',
        idempotencyKey: `request-${job.id}-final-v4`,
        finalize: true,
        completedKind: 'job',
      });
      expect(final).toMatchObject({
        ok: true,
        invoice: { invoice_type: 'final', status: 'open', amount_due: 194_850 },
      });
      const [linked] = await db.select().from(serviceRequests).where(eq(serviceRequests.id, job.id));
      expect(linked?.invoiceNumber).toBe(final.ok ? final.invoice.number : null);

      const cancelled = await service.cancelInvoicesOfRequest(db, job.id);
      expect(cancelled).toEqual({ deleted: 0, voided: 1, paymentsDeleted: 1 });
    });

    it('invoices written without payment rows (older code, demo data) still list and take a check', async () => {
      const job = await s.w.retailJob();
      const invoice = await createInvoice(s.t.database.db, { requestId: job.id, status: 'open' });
      expect(await s.w.rows.payments(job.id)).toEqual([]);
      const list = await s.w.call(s.installer(), 'GET', `/api/installerPaymentsRequest/${job.id}`);
      expect(list.json()).toEqual([
        expect.objectContaining({ payment_state: 'invoiced', invoice_id: invoice.id }),
      ]);
      const check = await s.w.call(s.installer(), 'PUT', `/api/installerPaymentCheck/${job.id}`, {
        checkNumber: '555',
      });
      expect(check.json().payments).toEqual([
        expect.objectContaining({ payment_state: 'paid', method: 'check', check_number: '555' }),
      ]);
    });
  });
});
