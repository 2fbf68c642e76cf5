import { paymentMessages } from '@app/contracts/payments.contract';
import { describe, expect, it } from 'vitest';
import { useSuite } from '../../../test/use-suite';
import { createContract } from '../../db/factories/contracts';
import { createInvoice, createPayment } from '../../db/factories/money';
import { formBody, formOf } from '../payments/payments.fixture';
import { NOW, startLifecycleSuite, VALID_VIN } from './lifecycle.fixture';

/**
 * Each transition of 000 §4 from the work on the car to the end of the request (START SERVICE, FINISH SERVICE,
 * COMPLETE JOB, DELIVER, REVIEW, delete, reject, transfer, the generic update) through its documented call by
 * the allowed role, with everything it changes, invoices and deposits included. The trial rule's refusal of
 * COMPLETE JOB is in payment-onboarding.int.test.ts, with the onboarding that lifts it.
 */
describe('lifecycle transitions: work and close', () => {
  const suite = useSuite(startLifecycleSuite);

  it('START SERVICE (T11, S1), FINISH SERVICE (S2), COMPLETE JOB (T12) with SMS, calendar and invoice', async () => {
    const { request, lines } = await suite.w.dealerRequest({
      currentState: 'received',
      assignedInstallerId: suite.w.installerA.id,
      calendar: { startDate: '2025-03-12', workStatus: 'booked' },
    });
    await suite.w.createReferral(request.id);
    const [first, second] = lines;
    const start = (serviceId: number) =>
      suite.call(suite.w.sessions.installerA, 'PUT', `/api/requestServiceState/${request.id}`, {
        serviceId,
        serviceState: 'started',
        materials: 'XPEL Ultimate',
      });
    const r1 = await start(first!.id);
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json()).toMatchObject({ ruleId: 'T11', currentState: 'started' });
    expect((await suite.db.services(request.id)).map((s) => s.serviceState)).toEqual(['started', 'new']);
    expect((await suite.db.calendar(request.id)).map((d) => d.workStatus)).toEqual(['started', 'started']);
    const sms = (await suite.db.outbox(request.id)).filter((i) => i.channel === 'sms');
    expect(sms.map((i) => (i.payload as { to: string }).to).sort()).toEqual(['8135550100', '8135550777']);
    expect((sms[0]!.payload as { text: string }).text).toBe(
      'Elite Film has started work on your 2023 Toyota Camry.',
    );
    expect((await suite.db.referral(request.id))?.status).toBe('STARTED');
    const history = await suite.db.history(request.id);
    expect(history.slice(-2).map((h) => [h.requestStatus, h.serviceId])).toEqual([
      ['started', first!.id],
      ['started', null],
    ]);

    // Starting it again is refused; the second service starts without another SMS.
    const again = await start(first!.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'INVALID_TRANSITION',
      message: 'Cannot start a service in state started',
    });
    const r2 = await start(second!.id);
    expect(r2.json()).toMatchObject({ ruleId: 'S1', currentState: 'started' });
    expect((await suite.db.outbox(request.id)).filter((i) => i.channel === 'sms')).toHaveLength(2);

    const finish = await suite.call(
      suite.w.sessions.installerA,
      'PUT',
      `/api/requestServiceState/${request.id}`,
      {
        serviceId: first!.id,
        serviceState: 'finished',
      },
    );
    expect(finish.json()).toMatchObject({ ruleId: 'S2', currentState: 'started' });
    expect((await suite.db.services(request.id)).map((s) => s.serviceState)).toEqual(['finished', 'started']);

    const complete = await suite.call(
      suite.w.sessions.installerA,
      'PUT',
      `/api/requestAllService/${request.id}`,
      {},
    );
    expect(complete.statusCode, complete.body).toBe(200);
    expect(complete.json()).toMatchObject({
      ruleId: 'T12',
      currentState: 'finished',
      invoices: [{ invoiceType: 'final', status: 'open', amount_due: 190_000 }],
    });
    expect((await suite.db.services(request.id)).map((s) => s.serviceState)).toEqual([
      'finished',
      'finished',
    ]);
    expect((await suite.db.calendar(request.id)).map((d) => d.workStatus)).toEqual(['finished', 'finished']);
    const finished = (await suite.db.outbox(request.id)).filter((i) => i.kind === 'job-finished');
    expect(finished.map((i) => (i.payload as { to: string }).to)).toEqual(['8135550100']);
    expect((await suite.db.referral(request.id))?.status).toBe('FINISHED');
    const [invoice] = await suite.db.invoices(request.id);
    expect(invoice).toMatchObject({
      dealerId: suite.w.dealer.id,
      customerName: 'Sunrise Test Motors',
      taxCents: 0,
    });
  });

  /** Pays an open invoice on its hosted page /pay/{token} with the local adapter's Visa test card. */
  async function payOnHostedPage(invoiceId: number) {
    const invoice = (
      await suite.call(suite.w.sessions.installerA, 'GET', `/api/invoices/${invoiceId}`)
    ).json();
    expect(invoice.hosted_invoice_url).toMatch(/\/pay\/[\w-]{16,}$/);
    const path = new URL(invoice.hosted_invoice_url).pathname;
    const page = await suite.t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    const form = formOf(page.body);
    const paid = await suite.t.app.inject({
      method: 'POST',
      url: form.action,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: formBody({ nonce: form.nonce, number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }),
    });
    expect(paid.statusCode, paid.body).toBe(303);
    return path;
  }

  it('the final invoice deducts the deposit paid on its pay page; both invoices carry a pay link', async () => {
    const { request, lines } = await suite.w.estimate({ depositAmountCents: 50_000 });
    const booked = await suite.action(suite.w.sessions.installerA, request.id, 'BOOK JOB', {
      startDate: '2025-03-12',
    });
    expect(booked.statusCode, booked.body).toBe(200);
    const [deposit] = booked.json().invoices;
    expect(deposit).toMatchObject({ invoiceType: 'deposit', status: 'open', amount_due: 50_000 });
    // The installer's own series (decision 009): the final invoice takes the number after the deposit's.
    const [, prefix, depositSeq] = /^([A-Z0-9]+)-(\d+)$/.exec(deposit.number) ?? [];
    expect(prefix).toBeDefined();
    await payOnHostedPage(deposit.id);
    const checkedIn = await suite.action(suite.w.sessions.installerA, request.id, 'check-in', {
      vin: VALID_VIN,
    });
    expect(checkedIn.statusCode, checkedIn.body).toBe(200);
    const started = await suite.call(
      suite.w.sessions.installerA,
      'PUT',
      `/api/requestServiceState/${request.id}`,
      {
        serviceId: lines[0]!.id,
        serviceState: 'started',
      },
    );
    expect(started.statusCode, started.body).toBe(200);

    const completed = await suite.call(
      suite.w.sessions.installerA,
      'PUT',
      `/api/requestAllService/${request.id}`,
    );
    expect(completed.statusCode, completed.body).toBe(200);
    const [final] = completed.json().invoices;
    // 2,056.75 customer total − 500.00 deposit received.
    expect(final).toMatchObject({ invoiceType: 'final', status: 'open', amount_due: 155_675 });
    expect(final.number).toBe(`${prefix}-${Number(depositSeq) + 1}`);
    expect((await suite.db.request(request.id)).invoiceNumber).toBe(final.number);
    const path = await payOnHostedPage(final.id);
    const receipt = await suite.t.app.inject({ method: 'GET', url: `${path}?paid=1` });
    expect(receipt.body).toContain('Payment received');

    expect(
      (await suite.db.invoices(request.id)).map((i) => [i.invoiceType, i.status, i.amountPaidCents]),
    ).toEqual([
      ['deposit', 'paid', 50_000],
      ['final', 'paid', 155_675],
    ]);
    const payments = await suite.call(
      suite.w.sessions.installerA,
      'GET',
      `/api/installerPaymentsRequest/${request.id}`,
    );
    expect(
      (payments.json() as { payment_type: string; payment_state: string; amount_cents: number }[]).map(
        (p) => [p.payment_type, p.payment_state, p.amount_cents],
      ),
    ).toEqual([
      ['deposit', 'paid', 50_000],
      ['final', 'paid', 155_675],
    ]);
  });

  it('booking again after a reschedule keeps the one deposit invoice (idempotent per job)', async () => {
    const { request } = await suite.w.estimate({ depositAmountCents: 50_000 });
    const first = await suite.action(suite.w.sessions.installerA, request.id, 'BOOK JOB', {
      startDate: '2025-03-12',
    });
    expect(first.statusCode, first.body).toBe(200);
    const rescheduled = await suite.action(suite.w.sessions.installerA, request.id, 'reschedule');
    expect(rescheduled.statusCode, rescheduled.body).toBe(200);
    const again = await suite.action(suite.w.sessions.installerA, request.id, 'BOOK JOB', {
      startDate: '2025-03-13',
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().invoices).toEqual([]);
    expect((await suite.db.invoices(request.id)).map((i) => [i.id, i.invoiceType, i.status])).toEqual([
      [first.json().invoices[0].id, 'deposit', 'open'],
    ]);
  });

  it('a deposit invoice that cannot be created does not undo the booking: the spec’s message (M26), logged', async () => {
    // A deposit above the job total (older data): the payments service refuses to invoice it.
    const { request } = await suite.w.estimate({ depositAmountCents: 9_000_000 });
    const res = await suite.action(suite.w.sessions.installerA, request.id, 'BOOK JOB', {
      startDate: '2025-03-12',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currentState: 'scheduled', invoices: [] });
    expect(res.json().message).toBe(paymentMessages.depositInvoiceFailedAtBooking);
    expect(await suite.db.invoices(request.id)).toEqual([]);
    const failures = await suite.t.database.db.query.paymentFailures.findMany({
      where: (f, { eq }) => eq(f.requestId, request.id),
    });
    expect(failures.map((f) => [f.failureType, f.failureStage])).toEqual([['invoice_creation', 'booking']]);
  });

  it('START SERVICE is refused before a required customer contract is signed (decision 10)', async () => {
    const { request, lines } = await suite.w.dealerRequest({
      requestorDealerId: suite.w.contractDealer.id,
      currentState: 'received',
      assignedInstallerId: suite.w.installerA.id,
    });
    const body = { serviceId: lines[0]!.id, serviceState: 'started' };
    const refused = await suite.call(
      suite.w.sessions.installerA,
      'PUT',
      `/api/requestServiceState/${request.id}`,
      body,
    );
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'Cannot start a service of a request in state received before the customer contract is signed',
    );
    await createContract(suite.t.database.db, { requestId: request.id });
    const allowed = await suite.call(
      suite.w.sessions.installerA,
      'PUT',
      `/api/requestServiceState/${request.id}`,
      body,
    );
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('DELIVER (T13) and REVIEW (T14): collected with the referral COMPLETE and its bonus, then reviewed', async () => {
    const { request } = await suite.w.dealerRequest({
      currentState: 'finished',
      assignedInstallerId: suite.w.installerA.id,
    });
    const referral = await suite.w.createReferral(request.id, 'PPF');
    await suite.t.database.exec(`update referrals set bonus_cents = 0 where id = ${referral.id}`);
    const delivered = await suite.action(suite.w.sessions.dealer, request.id, 'deliver');
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toMatchObject({ ruleId: 'T13', currentState: 'collected' });
    expect(await suite.db.referral(request.id)).toMatchObject({ status: 'COMPLETE', bonusCents: 10_000 });

    const noScore = await suite.call(
      suite.w.sessions.dealer,
      'PUT',
      `/api/requestimates/requestbyID/?Id=${request.id}`,
      {
        currentState: 'reviewed',
      },
    );
    expect(noScore.statusCode).toBe(400);
    expect(noScore.json().message).toBe('Choose a review score from 1 to 5 stars');
    const reviewed = await suite.call(
      suite.w.sessions.dealer,
      'PUT',
      `/api/requestimates/requestbyID/?Id=${request.id}`,
      {
        requestId: request.id,
        currentState: 'reviewed',
        reviewScore: 5,
        requestType: 'dealer',
      },
    );
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    expect(reviewed.json()).toMatchObject({ currentState: 'reviewed', transition: { ruleId: 'T14' } });
    expect(await suite.db.request(request.id)).toMatchObject({ currentState: 'reviewed', reviewScore: 5 });
    expect(await suite.db.offerStatus(request.id, suite.w.installerA.id)).toBe('reviewed');
  });

  it('delete (T15) by the dealer: deleted, offers deleted, calendar days removed', async () => {
    const { request } = await suite.w.openRequest([suite.w.installerA.id]);
    await suite.action(suite.w.sessions.installerA, request.id, 'accept', { startDate: '2025-03-12' });
    const res = await suite.action(suite.w.sessions.dealer, request.id, 'delete');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T15-dealer', currentState: 'deleted' });
    const row = await suite.db.request(request.id);
    expect(row.currentState).toBe('deleted');
    expect(row.deletedAt).toEqual(NOW);
    expect((await suite.db.offers(request.id)).map((o) => o.currentStatus)).toEqual(['deleted']);
    expect(await suite.db.calendar(request.id)).toEqual([]);
    expect((await suite.db.history(request.id)).at(-1)?.requestStatus).toBe('deleted');
  });

  it('delete (T15) by the installer of a finished estimate voids its invoice, removes payments and appointments', async () => {
    const { request } = await suite.w.estimate({
      currentState: 'finished',
      calendar: { startDate: '2025-03-05', workStatus: 'finished', isSynced: true },
    });
    const invoice = await createInvoice(suite.t.database.db, { requestId: request.id, status: 'open' });
    await createPayment(suite.t.database.db, { invoiceId: invoice.id, paymentState: 'invoiced' });
    const actions = await suite.call(
      suite.w.sessions.installerA,
      'GET',
      `/api/requestimates/${request.id}/actions`,
    );
    expect(actions.json().needsInvoiceWarningOnDelete).toBe(true);
    const res = await suite.action(suite.w.sessions.installerA, request.id, 'delete');
    expect(res.statusCode, res.body).toBe(200);
    expect(await suite.db.invoices(request.id)).toEqual([
      expect.objectContaining({ status: 'void', amountRemainingCents: 0 }),
    ]);
    const payments = await suite.t.database.db.query.payments.findMany({
      where: (p, { eq }) => eq(p.requestId, request.id),
    });
    expect(payments).toEqual([]);
    expect(await suite.db.calendar(request.id)).toEqual([]);
    expect((await suite.db.outbox(request.id)).map((i) => i.kind)).toEqual(['remove-appointments']);
  });

  it('reject (T16): the caller’s offer rejected, its calendar days removed, the request unchanged', async () => {
    const { request } = await suite.w.openRequest([suite.w.installerA.id, suite.w.installerB.id]);
    await suite.action(suite.w.sessions.installerB, request.id, 'accept', { startDate: '2025-03-12' });
    await suite.action(suite.w.sessions.installerA, request.id, 'accept', { startDate: '2025-03-13' });
    const res = await suite.call(suite.w.sessions.installerB, 'PUT', `/api/requestOffered/${request.id}`, {
      currentStatus: 'rejected',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ruleId: 'T16', currentState: 'answered', offerState: 'accepted' });
    expect(await suite.db.offerStatus(request.id, suite.w.installerB.id)).toBe('rejected');
    expect((await suite.db.calendar(request.id)).map((d) => d.installerId)).toEqual([
      suite.w.installerA.id,
      suite.w.installerA.id,
    ]);
    const again = await suite.action(suite.w.sessions.installerB, request.id, 'reject');
    expect(again.statusCode).toBe(403); // a rejected offer no longer ties B to the request
  });

  it('transfer (T17) within the installer group: candidates, then the job, its offer and days move', async () => {
    const candidates = await suite.call(
      suite.w.sessions.installerA,
      'GET',
      `/api/installerGroup/${suite.w.installerA.id}`,
    );
    expect(candidates.json()).toEqual([
      { Installer_id: suite.w.installerA2.id, Installer_Name: 'Elite Film North' },
    ]);
    expect(
      (
        await suite.call(suite.w.sessions.installerB, 'GET', `/api/installerGroup/${suite.w.installerB.id}`)
      ).json(),
    ).toEqual([]);
    expect(
      (await suite.call(suite.w.sessions.installerB, 'GET', `/api/installerGroup/${suite.w.installerA.id}`))
        .statusCode,
    ).toBe(403);

    const { request } = await suite.w.dealerRequest({
      currentState: 'new',
      assignedInstallerId: suite.w.installerA.id,
      calendar: { startDate: '2025-03-12', workStatus: 'draft' },
    });
    const res = await suite.call(suite.w.sessions.installerA, 'POST', '/api/transfer/internal', {
      requestId: request.id,
      fromInstaller: suite.w.installerA.id,
      toInstaller: suite.w.installerA2.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Job transferred to Elite Film North.',
      requestId: request.id,
      assignedTo: suite.w.installerA2.id,
    });
    expect((await suite.db.request(request.id)).assignedInstallerId).toBe(suite.w.installerA2.id);
    expect((await suite.db.offers(request.id)).map((o) => o.installerId)).toEqual([suite.w.installerA2.id]);
    expect((await suite.db.calendar(request.id)).every((d) => d.installerId === suite.w.installerA2.id)).toBe(
      true,
    );
    expect((await suite.db.history(request.id)).at(-1)?.requestStatus).toBe('transferred');

    const outside = await suite.call(suite.w.sessions.installerA2, 'POST', '/api/transfer', {
      requestId: request.id,
      toInstaller: suite.w.installerB.id,
    });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().message).toBe(`Installer ${suite.w.installerB.id} is not in your installer group`);
    const notMine = await suite.call(suite.w.sessions.installerB, 'POST', '/api/transfer/internal', {
      requestId: request.id,
      fromInstaller: suite.w.installerA2.id,
      toInstaller: suite.w.installerA.id,
    });
    expect(notMine.statusCode).toBe(404);
  });

  it('setDeposit through the generic update: the deposit rules, locked once a deposit invoice exists', async () => {
    const { request } = await suite.w.estimate();
    const url = `/api/requestimates/requestbyID/?Id=${request.id}`;
    const over = await suite.call(suite.w.sessions.installerA, 'PUT', url, { depositAmount: 5000 });
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe('Deposit cannot exceed the job total');
    const res = await suite.call(suite.w.sessions.installerA, 'PUT', url, { deposit_amount: '250.50' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ transition: { ruleId: 'A26', currentState: 'new' } });
    expect((await suite.db.request(request.id)).depositAmountCents).toBe(25_050);
    await createInvoice(suite.t.database.db, {
      requestId: request.id,
      invoiceType: 'deposit',
      status: 'open',
    });
    const locked = await suite.call(suite.w.sessions.installerA, 'PUT', url, { depositAmount: 0 });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().message).toBe(
      'Cannot remove deposit - invoices already created. Contact support if needed.',
    );
    await suite.action(suite.w.sessions.installerA, request.id, 'book', { startDate: '2025-03-12' });
    const booked = await suite.call(suite.w.sessions.installerA, 'PUT', url, { depositAmount: 100 });
    expect(booked.json().message).toBe('Cannot set a deposit on a request in state scheduled');
  });

  it('the generic update refuses changes to stored fields, unknown fields and two changes at once', async () => {
    const { request } = await suite.w.estimate();
    const url = `/api/requestimates/requestbyID/?Id=${request.id}`;
    const total = await suite.call(suite.w.sessions.installerA, 'PUT', url, {
      requestTotal: 1,
      requestTaxes: 156.75,
    });
    expect(total.statusCode).toBe(400);
    expect(total.json().message).toBe('These fields cannot be changed by this call: requestTotal');
    const unknown = await suite.call(suite.w.sessions.installerA, 'PUT', url, { sneaky: true });
    expect(unknown.statusCode).toBe(400);
    const two = await suite.call(suite.w.sessions.installerA, 'PUT', url, {
      currentState: 'deleted',
      depositAmount: 10,
    });
    expect(two.json().message).toBe('Change one thing at a time: currentState deleted, depositAmount');
    const echo = await suite.call(suite.w.sessions.installerA, 'PUT', url, {
      requestId: request.id,
      requestTotal: 1900,
      requestTaxes: 156.75,
      requestDuration: 2,
      availableDate: '2025/03/10 15:00:00',
      notes: 'Customer prefers mornings',
      dealerName: 'ignored',
    });
    expect(echo.statusCode, echo.body).toBe(200);
    expect(echo.json()).toMatchObject({ noteAdded: true, transition: null, version: request.version + 1 });
  });
});
