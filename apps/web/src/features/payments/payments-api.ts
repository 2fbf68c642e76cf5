import { lifecycleCalls } from '@app/contracts/lifecycle.contract';
import { paymentCalls } from '@app/contracts/payments.contract';
import { companyCalls, type TInstallerLocation } from '@app/contracts/shell.contract';
import { callApi } from '../../lib/call-api';

export function fetchRequestPayments(requestId: number) {
  return callApi(paymentCalls.requestPayments, { params: { requestId } }, { isQuiet: true });
}

export function fetchInvoice(invoiceRef: string) {
  return callApi(paymentCalls.invoice, { params: { invoiceId: invoiceRef } }, { isQuiet: true });
}

/** The installer's own locations (with the card reader): its users get the full rows, never the public view. */
export async function fetchInstallerLocations(installerId: number): Promise<TInstallerLocation[]> {
  const locations = await callApi(
    companyCalls.listInstallerLocations,
    { params: { id: installerId } },
    { isQuiet: true },
  );
  return locations.filter((location): location is TInstallerLocation => 'stripe_location' in location);
}

/**
 * POST /invoices/: raises the job's deposit or final invoice again after it failed at BOOK JOB or at
 * completion (000 §8 'Please check the deposit section' / 'the invoices section'); opened at once.
 */
export function createRequestInvoice(
  requestId: number,
  requestType: 'dealer' | 'installer',
  invoiceType: 'deposit' | 'final',
  idempotencyKey: string,
) {
  return callApi(
    paymentCalls.createInvoice,
    { body: { requestId, requestType, invoiceType, finalize: true, idempotencyKey } },
    { isQuiet: true },
  );
}

export function saveInvoiceMeta(invoiceId: number, body: { PO?: string; checkNumber?: string }) {
  return callApi(paymentCalls.invoiceMeta, { params: { id: String(invoiceId) }, body });
}

export function settleInvoice(
  invoiceId: number,
  body: { method: 'settle' | 'check' | 'cash'; checkNumber?: string },
) {
  return callApi(paymentCalls.settleInvoice, { params: { id: String(invoiceId) }, body });
}

export function recordCheckPayment(requestId: number, paymentId: number, checkNumber: string) {
  const trimmed = checkNumber.trim();
  return callApi(paymentCalls.checkPayment, {
    params: { requestId },
    body: trimmed
      ? { payment_id: paymentId, checkNumber: trimmed, method: 'check' }
      : { payment_id: paymentId, method: 'cash' },
  });
}

/**
 * Sets the deposit of a new installer-type job, '0' removes it: the lifecycle's setDeposit action
 * (POST /requestimates/{requestId}/actions/setDeposit, dollars), which checks the rules again.
 */
export function saveDepositAmount(requestId: number, dollars: string) {
  return callApi(
    lifecycleCalls.action,
    { params: { requestId, action: 'setDeposit' }, body: { depositAmount: dollars } },
    { isQuiet: true },
  );
}

export function resendInvoice(invoiceId: number) {
  return callApi(paymentCalls.resendInvoice, { params: { id: String(invoiceId) } });
}

/** The calls of the card-payment sequence (quiet: the popup shows its own messages). */
export const cardPaymentCalls = {
  createPayment: (invoiceId: number, locationId: string, idempotencyKey: string) =>
    callApi(
      paymentCalls.createCardPayment,
      { body: { invoiceId, locationId, idempotencyKey } },
      { isQuiet: true },
    ),
  checkTerminal: (readerId: string) =>
    callApi(paymentCalls.terminal, { params: { id: readerId } }, { isQuiet: true }),
  terminalPay: (paymentId: string, terminalId: string) =>
    callApi(paymentCalls.terminalPay, { body: { paymentId, terminalId } }, { isQuiet: true }),
  getPayment: (paymentId: string) =>
    callApi(paymentCalls.cardPayment, { params: { paymentId } }, { isQuiet: true }),
};
export type CardPaymentCalls = typeof cardPaymentCalls;
