import type { CallInput } from '@app/contracts/call.contract';
import {
  financialsCalls,
  type TBookkeeperQuery,
  type TExportQuery,
  type TRevenueQuery,
} from '@app/contracts/financials.contract';
import { paymentCalls } from '@app/contracts/payments.contract';
import type { UserType } from '@app/domain/identity/access';
import { env } from '../../env';
import { ApiHttpError, buildPath, refreshAccessToken } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';
import { sessionStore } from '../../lib/session-store';

/** The query of a transactions page, as the caller sends it (numbers, not the coerced `unknown`). */
export type PageQuery = CallInput<typeof financialsCalls.installerPayments>['query'];

/** A page of the installer's (row 106) or the dealership's (row 107) transactions, with the totals. */
export function fetchTransactions(userType: UserType, companyId: number, query: PageQuery) {
  return userType === 'installer'
    ? callApi(
        financialsCalls.installerPayments,
        { params: { requestId: companyId }, query },
        { isQuiet: true },
      )
    : callApi(financialsCalls.dealerPayments, { params: { id: companyId }, query }, { isQuiet: true });
}

export function fetchRevenue(companyId: number, query: TRevenueQuery) {
  return callApi(financialsCalls.revenue, { params: { companyId }, query }, { isQuiet: true });
}

export function fetchDeposits(installerId: number) {
  return callApi(financialsCalls.deposits, { params: { installerId } }, { isQuiet: true });
}

export function fetchStatementMonths(dealerId: number) {
  return callApi(financialsCalls.dealerStatements, { params: { dealerId } }, { isQuiet: true });
}

export function fetchInvoice(invoiceId: number) {
  return callApi(paymentCalls.invoice, { params: { invoiceId: String(invoiceId) } }, { isQuiet: true });
}

export function settleDeposit(invoiceId: number, checkNumber: string) {
  const trimmed = checkNumber.trim();
  return callApi(
    paymentCalls.settleInvoice,
    {
      params: { id: String(invoiceId) },
      body: trimmed ? { method: 'check', checkNumber: trimmed } : { method: 'cash' },
    },
    { isQuiet: true },
  );
}

export function settleBatchByCheck(invoiceIds: number[], checkNumber: string) {
  return callApi(
    financialsCalls.batchSettleCheck,
    { body: { invoiceIds, checkNumber: checkNumber.trim() } },
    { isQuiet: true },
  );
}

export function fetchDashboardLink(installerId: number) {
  return callApi(financialsCalls.stripeDashboard, { params: { id: installerId } }, { isQuiet: true });
}

type QueryValue = string | number | undefined;

async function sendForDocument(url: string, accessToken: string | undefined): Promise<Response> {
  return fetch(url, {
    headers: {
      'X-Requested-With': 'fetch',
      ...(accessToken ? { Authorization: `Bearer ${accessToken}` } : {}),
    },
    cache: 'no-store',
  });
}

/**
 * A document the API writes (CSV, HTML, PDF) as the bytes it sent: `callApi` reads answers as text, which
 * drops a CSV's byte-order mark (Excel needs it for UTF-8) and breaks a PDF. Signed in like every call, with
 * one silent refresh on a 401. Failures throw `ApiHttpError` (4xx, 5xx) for the screen's own message (M145).
 */
async function fetchDocument(path: string, query: Record<string, QueryValue> = {}): Promise<Blob> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, String(value));
  const url = `${env.apiBaseUrl}${path}${search.size > 0 ? `?${search}` : ''}`;
  const token = sessionStore.getSnapshot().tokens?.accessToken;
  let response = await sendForDocument(url, token);
  if (response.status === 401 && token) {
    response = await sendForDocument(url, (await refreshAccessToken(token)).accessToken);
  }
  if (!response.ok) {
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // Not the product's error body: the status says enough.
    }
    throw new ApiHttpError(response.status, body);
  }
  return response.blob();
}

export function downloadTransactionsCsv(companyId: number, query: TExportQuery) {
  return fetchDocument(buildPath(financialsCalls.exportCsv.path, { companyId }), query);
}

export function downloadBookkeeperReport(installerId: number, query: TBookkeeperQuery) {
  return fetchDocument(buildPath(financialsCalls.bookkeeperReport.path, { installerId }), query);
}

export function downloadDealerStatement(dealerId: number, month: string) {
  return fetchDocument(buildPath(financialsCalls.dealerStatement.path, { dealerId, month }), {
    format: 'csv',
  });
}

export function downloadW9() {
  return fetchDocument(financialsCalls.w9.path);
}
