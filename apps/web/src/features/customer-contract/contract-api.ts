import { customerContractCalls, ZUploadContractReply } from '@app/contracts/customer-contracts.contract';
import { customerCalls } from '@app/contracts/customers.contract';
import { env } from '../../env';
import { ApiHttpError, refreshAccessToken } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';
import { sessionStore } from '../../lib/session-store';

const quiet = { isQuiet: true } as const;

/** Step 2's summary behind the server's guards (M51–M54 answer 404/409 with the message). */
export function fetchContractSummary(requestId: number) {
  return callApi(customerContractCalls.summary, { params: { requestId } }, quiet);
}

/** The dealership's customers (GET /customers); step 1 filters them on name and phone (rule 130). */
export function fetchDealerCustomers() {
  return callApi(customerCalls.listCustomers, { query: {} }, quiet);
}

/** GET signedURL/ (row 159): a short-lived link to the contract document. */
export async function fetchContractLink(requestId: number): Promise<string> {
  return (await callApi(customerContractCalls.signedUrl, { query: { requestId } }, quiet)).signedUrl;
}

export type UploadInput = {
  requestId: number;
  customerId: number;
  dealerEmail?: string | null;
  customerEmail?: string | null;
  signatureMethod: 'electronic' | 'manual';
  signature?: Blob;
  signedDate?: string;
};

function formOf(input: UploadInput): FormData {
  const form = new FormData();
  form.set('requestId', String(input.requestId));
  form.set('customerId', String(input.customerId));
  if (input.dealerEmail) form.set('dealerEmail', input.dealerEmail);
  if (input.customerEmail) form.set('customerEmail', input.customerEmail);
  form.set('signatureMethod', input.signatureMethod);
  if (input.signedDate) form.set('signedDate', input.signedDate);
  if (input.signature) form.set('signature', input.signature, 'signature.png');
  return form;
}

/**
 * POST uploadContract (row 160) as multipart form data: signed in like every call, with one silent refresh on
 * a 401; failures throw ApiHttpError for the screen's own message (M56–M58).
 */
export async function uploadContract(input: UploadInput) {
  const url = `${env.apiBaseUrl}${customerContractCalls.upload.path}`;
  const send = (token: string | undefined) =>
    fetch(url, {
      method: 'POST',
      headers: { 'X-Requested-With': 'fetch', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: formOf(input),
    });
  const token = sessionStore.getSnapshot().tokens?.accessToken;
  let response = await send(token);
  if (response.status === 401 && token) response = await send((await refreshAccessToken(token)).accessToken);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the status says enough.
  }
  if (!response.ok) throw new ApiHttpError(response.status, body);
  return ZUploadContractReply.parse(body);
}
