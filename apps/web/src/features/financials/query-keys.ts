import type { TDirectPayeesQuery, TRevenueQuery } from '@app/contracts/financials.contract';
import type { PageQuery } from './financials-api';

/** TanStack Query keys of the Financials screen (the shape: `lib/query-keys.ts`). */
export const financialsKeys = {
  all: ['financials'] as const,
  ofCompany: (companyId: number) => ['financials', companyId] as const,
  /** One page of transactions with its totals (rows 106, 107). */
  page: (companyId: number, userType: string, query: PageQuery) =>
    ['financials', companyId, 'page', userType, query] as const,
  revenue: (companyId: number, query: TRevenueQuery) => ['financials', companyId, 'revenue', query] as const,
  deposits: (companyId: number) => ['financials', companyId, 'deposits'] as const,
  statements: (companyId: number) => ['financials', companyId, 'statements'] as const,
  /** The specialists paid by check or cash in a range (dealers). */
  directPayees: (companyId: number, query: TDirectPayeesQuery) =>
    ['financials', companyId, 'direct-payees', query] as const,
  invoice: (companyId: number, invoiceId: number) => ['financials', companyId, 'invoice', invoiceId] as const,
};
