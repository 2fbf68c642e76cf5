import type { CallInput } from '@app/contracts/call.contract';
import {
  financialsCalls,
  type TBookkeeperQuery,
  type TDirectPayeesQuery,
  type TExportQuery,
  type TRevenueQuery,
} from '@app/contracts/financials.contract';
import { paymentCalls } from '@app/contracts/payments.contract';
import type { UserType } from '@app/domain/identity/access';
import { buildPath } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';
import { fetchDocument } from '../../lib/fetch-document';

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

/** The specialists the dealership paid by check or cash in the range, with their W-9 (decision 023). */
export function fetchDirectPayees(dealerId: number, query: TDirectPayeesQuery) {
  return callApi(financialsCalls.directPayees, { params: { dealerId }, query }, { isQuiet: true });
}

export function downloadDirectPayeesCsv(dealerId: number, query: TDirectPayeesQuery) {
  return fetchDocument(buildPath(financialsCalls.directPayeesCsv.path, { dealerId }), query);
}
