import { lifecyclePaths, ZTransitionResult } from '@app/contracts/lifecycle.contract';
import {
  paymentPaths,
  ZCardPaymentReply,
  ZCreateCardPaymentReply,
  ZInvoice,
  ZInvoiceActionReply,
  ZInvoiceMetaReply,
  ZRequestPayments,
  ZRequestPaymentsReply,
  ZResendInvoiceReply,
  ZTerminalPayReply,
  ZTerminalReply,
} from '@app/contracts/payments.contract';
import { companyCalls, type TInstallerLocation } from '@app/contracts/shell.contract';
import { apiGet, apiPost, apiRequest, buildPath } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

export function fetchRequestPayments(requestId: number) {
  return apiGet(buildPath(paymentPaths.requestPayments, { requestId }), ZRequestPayments, { isQuiet: true });
}

export function fetchInvoice(invoiceRef: string) {
  return apiGet(buildPath(paymentPaths.invoice, { invoiceId: invoiceRef }), ZInvoice, { isQuiet: true });
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
  return apiPost(
    paymentPaths.createInvoice,
    { requestId, requestType, invoiceType, finalize: true, idempotencyKey },
    ZInvoice,
    { isQuiet: true },
  );
}

export function saveInvoiceMeta(invoiceId: number, body: { PO?: string; checkNumber?: string }) {
  return apiRequest(buildPath(paymentPaths.invoiceMeta, { id: invoiceId }), {
    method: 'PUT',
    body,
    schema: ZInvoiceMetaReply,
  });
}

export function settleInvoice(
  invoiceId: number,
  body: { method: 'settle' | 'check' | 'cash'; checkNumber?: string },
) {
  return apiRequest(buildPath(paymentPaths.settleInvoice, { id: invoiceId }), {
    method: 'PUT',
    body,
    schema: ZInvoiceActionReply,
  });
}

export function recordCheckPayment(requestId: number, paymentId: number, checkNumber: string) {
  const trimmed = checkNumber.trim();
  return apiRequest(buildPath(paymentPaths.checkPayment, { requestId }), {
    method: 'PUT',
    body: trimmed
      ? { payment_id: paymentId, checkNumber: trimmed, method: 'check' }
      : { payment_id: paymentId, method: 'cash' },
    schema: ZRequestPaymentsReply,
  });
}

/**
 * Sets the deposit of a new installer-type job, '0' removes it: the lifecycle's setDeposit action
 * (POST /requestimates/{requestId}/actions/setDeposit, dollars), which checks the rules again.
 */
export function saveDepositAmount(requestId: number, dollars: string) {
  return apiPost(
    buildPath(lifecyclePaths.action, { requestId, action: 'setDeposit' }),
    { depositAmount: dollars },
    ZTransitionResult,
    { isQuiet: true },
  );
}

export function resendInvoice(invoiceId: number) {
  return apiRequest(buildPath(paymentPaths.resendInvoice, { id: invoiceId }), {
    method: 'PUT',
    schema: ZResendInvoiceReply,
  });
}

/** The calls of the card-payment sequence (quiet: the popup shows its own messages). */
export const cardPaymentCalls = {
  createPayment: (invoiceId: number, locationId: string, idempotencyKey: string) =>
    apiPost(
      paymentPaths.createCardPayment,
      { invoiceId, locationId, idempotencyKey },
      ZCreateCardPaymentReply,
      {
        isQuiet: true,
      },
    ),
  checkTerminal: (readerId: string) =>
    apiGet(buildPath(paymentPaths.terminal, { id: readerId }), ZTerminalReply, { isQuiet: true }),
  terminalPay: (paymentId: string, terminalId: string) =>
    apiPost(paymentPaths.terminalPay, { paymentId, terminalId }, ZTerminalPayReply, { isQuiet: true }),
  getPayment: (paymentId: string) =>
    apiGet(buildPath(paymentPaths.cardPayment, { paymentId }), ZCardPaymentReply, { isQuiet: true }),
};
export type CardPaymentCalls = typeof cardPaymentCalls;
