import { z } from 'zod';
import { defineCall } from './call.contract';
import { BATCH_CHECK_MAX, paymentMessages, paymentPaths } from './payments.contract';

/**
 * Financials (catalogue rows 106–110, R15, P22, §3.5, §4.21, §5.17; 002 §2.6, §3, §4, §6–§9; convention 7;
 * docs/decisions/012-financials.md).
 *
 * Wire conventions:
 * - A transaction row is one payment of a job (deposit or final) with its invoice, request and party.
 * - Money: every amount is sent twice, in dollars with 2 decimals under the spec's names (invoice_amount,
 *   platform_fee, Request_total, earned) and exactly in integer cents (`*_cents`). Totals likewise.
 *   Sum with the cents; show the dollars.
 * - Days (`from`, `to`, `startDate`, `endDate`, buckets) are `YYYY-MM-DD`, UTC (convention 2), inclusive at
 *   both ends, and select on the invoice date. Dates in rows are `YYYY/MM/DD HH:mm:ss` UTC.
 * - `covered` is shown as invoiced (convention 7): `state_label` is 'Invoiced' and the state filter
 *   `invoiced` matches it; `settled` is shown as paid.
 * - Totals (all over the whole filtered set, not the page): invoiced = every row's amount; paid = paid and
 *   settled rows; pending = invoiced, pending and covered rows; earned = paid rows' amount − platform fee.
 */
export const financialsPaths = {
  // The spec's GET /installerPayments/{id}: the same template as DELETE /installerPayments/{requestId}
  // (row 41), so one parameter name for both (OpenAPI). Here it is the installer (company) id.
  installerPayments: paymentPaths.deleteRequestPayments,
  dealerPayments: '/dealerPayments/:id',
  exportCsv: '/financials/export/:companyId',
  deposits: '/financials/deposits/:installerId',
  revenue: '/financials/revenue/:companyId',
  w9: '/financials/w9',
  /** The specialists a dealership paid by check or cash in a period, with their W-9 (decision 023). */
  directPayees: '/financials/direct-payees/:dealerId',
  directPayeesCsv: '/financials/direct-payees/:dealerId/csv',
  stripeDashboard: '/stripe/dashboard/:id',
  batchSettleCheck: '/invoices/batch-settle-check',
  bookkeeperReport: '/bookkeeper-report/:installerId',
  dealerStatements: '/dealerStatements/:dealerId',
  dealerStatement: '/dealerStatements/:dealerId/:month',
  /** The local payment adapter's own dashboard page (offline stand-in for Stripe Express), outside /api. */
  localDashboard: '/payments-dashboard',
} as const;

/** Messages of the spec, word for word (M143–M168, 002 §6, §8). */
export const financialsMessages = {
  loadFailed: 'Failed to load financial data. Please refresh the page.',
  bookkeeperFailed: 'Error generating bookkeeper report. Please try again.',
  downloadFailed: 'Error generating download. Please try again.',
  checkFailed: 'Error processing check payment. Please try again.',
  checkProcessed: (n: number) => `Check payment processed successfully for ${n} invoices.`,
  dashboardNoUrl: 'Unable to access Stripe dashboard. Please contact support',
  dashboardNoAccount: 'No payment account found. Please set up your payment account first.',
  dashboardFailed: 'Unable to access Stripe dashboard. Please try again later.',
  dashboardEmailMismatch:
    'Dashboard access denied - your login email does not match the account email. Please contact support.',
  dashboardSpecialistsOnly: 'Stripe dashboard is only available for specialists.',
  onlySpecialistsSettleDeposits: paymentMessages.onlySpecialistsSettleDeposits,
  depositSettleFailed: paymentMessages.depositSettleFailed,
  depositSettled: paymentMessages.depositSettled,
  noNameResults: (term: string) => `No invoices found for name "${term}"`,
  nameResults: (n: number) => `Found ${n} invoice(s) for name`,
  noSearchResults: (term: string) => `No invoices found matching "${term}"`,
  searchResults: (n: number) => `Found ${n} invoice(s) matching`,
  emptyPeriod: 'No invoices found for this period',
  noExportData: 'No data available for export',
  noDeposits: 'No deposit invoices found',
  checkNumberRequired: 'Please enter a check number.',
  batchEmpty: paymentMessages.batchEmpty,
  batchTooLarge: paymentMessages.batchTooLarge,
  bothDates: 'Please select both start and end dates.',
  endBeforeStart: 'End date must be after start date.',
  largeRange: 'This is a large date range and may take time to load. Continue?',
  depositConfirm: 'Settle this deposit as paid by cash or check? This cannot be undone.',
  directPayeesTitle: 'Specialists paid by check or cash',
  noDirectPayees: 'No check or cash payments to specialists in this period',
  w9Missing: 'W-9 missing',
  directPayeesFailed: 'The specialists paid by check or cash could not be loaded.',
} as const;

/** Batch check settlement holds at most this many invoices (rule 89). */
export { BATCH_CHECK_MAX };
export const FINANCIALS_PAGE_SIZE = 50;
export const FINANCIALS_MAX_PAGE_SIZE = 200;
/** A custom range longer than this asks for confirmation (rule 92). */
export const LARGE_RANGE_DAYS = 731;

const MAX_DB_ID = 2_147_483_647;
const ZDbId = z.coerce.number().int().positive().max(MAX_DB_ID);
const ZWireDate = z.string().describe("UTC, 'YYYY/MM/DD HH:mm:ss'");
const ZCents = z.number().int().describe('cents');
const ZDollars = z.number().describe('dollars, 2 decimals');
/** A calendar day, `YYYY-MM-DD` (UTC), checked to exist. */
export const ZDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, 'Not a calendar day');

/** Stored payment states (convention 7); `settled` is sent as paid. */
export const ZPaymentStateWire = z.enum(['paid', 'invoiced', 'pending', 'covered']);
export const ZStateLabel = z.enum(['Invoiced', 'Paid', 'Pending']);
export const ZStateFilter = z.enum(['all', 'paid', 'invoiced', 'pending', 'covered']);
export const ZTypeFilter = z.enum(['all', 'dealer', 'retail']);
export const financialsSorts = [
  'invoice_date',
  'payment_date',
  'amount',
  'name',
  'state',
  'invoice_number',
  'vehicle',
  'work',
] as const;
export const ZFinancialsSort = z.enum(financialsSorts);

const rangeRefine = <T extends { from?: string; to?: string }>(q: T, ctx: z.RefinementCtx) => {
  if (q.from && q.to && q.to < q.from) {
    ctx.addIssue({ code: 'custom', message: financialsMessages.endBeforeStart, path: ['to'] });
  }
};

/**
 * The filters of the screen (R15). Without `from`/`to`: the current month (UTC). `invoice` finds the invoice
 * numbers that start with it, in any case, or, when it is digits alone, whose sequence number starts with it
 * ('1045' finds EAF-1045); `name` the row's name (customer or dealership, contains, case-insensitive).
 * `type` applies to installers only (dealer work vs retail); dealers' rows are all dealer work.
 */
export const ZFinancialsFilter = z.object({
  from: ZDay.optional(),
  to: ZDay.optional(),
  state: ZStateFilter.default('all'),
  type: ZTypeFilter.default('all'),
  invoice: z.string().trim().max(60).optional(),
  name: z.string().trim().max(120).optional(),
});
export const ZFinancialsQuery = ZFinancialsFilter.extend({
  sort: ZFinancialsSort.default('invoice_date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(FINANCIALS_MAX_PAGE_SIZE).default(FINANCIALS_PAGE_SIZE),
}).superRefine(rangeRefine);
export type TFinancialsQuery = z.input<typeof ZFinancialsQuery>;
export type TFinancialsQueryParsed = z.output<typeof ZFinancialsQuery>;

/** One transaction (row 106: every field, plus the exact cents and what the screen derives). */
export const ZTransaction = z.object({
  payment_id: z.number().int(),
  invoice_date: ZWireDate,
  payment_date: ZWireDate.nullable(),
  payment_state: ZPaymentStateWire,
  state_label: ZStateLabel,
  /** 'deposit' or 'final' (the spec's "deposit or other"). */
  payment_type: z.enum(['deposit', 'final']),
  is_deposit: z.boolean(),
  /** The PO number. */
  payment_order: z.string().nullable(),
  /** Ids starting po_ are provider payouts, not check numbers. */
  payout_id: z.string().nullable(),
  check_number: z.string().nullable(),
  method: z.string().nullable(),
  /** The provider's invoice id. */
  stripe_invoice: z.string().nullable(),
  /** Our invoice id (what batch settlement and settle take). */
  invoice_id: z.number().int().nullable(),
  invoice_number: z.string().nullable(),
  invoice_status: z.enum(['draft', 'open', 'paid', 'void']).nullable(),
  request_id: z.number().int(),
  /** 'dealer' (dealer work, white rows) or 'installer' (retail, blue rows). */
  Request_type: z.enum(['dealer', 'installer']),
  Request_total: ZDollars,
  request_total_cents: ZCents,
  invoice_amount: ZDollars,
  amount_cents: ZCents,
  platform_fee: ZDollars,
  platform_fee_cents: ZCents,
  earned: ZDollars,
  earned_cents: ZCents,
  Service_Requested: z.string(),
  Year: z.number().int().nullable(),
  Make: z.string().nullable(),
  Model: z.string().nullable(),
  VIN: z.string().nullable(),
  /** The billed party: the dealership for dealer work, otherwise the retail customer. */
  Name: z.string(),
  dealer_id: z.number().int().nullable(),
  customer_id: z.number().int().nullable(),
  installer_id: z.number().int(),
  installer_name: z.string(),
  specialist_name: z.string(),
  card_last4: z.string().nullable(),
  card_type: z.string().nullable(),
  hosted_invoice_url: z.string().nullable(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

export const ZFinancialsTotals = z.object({
  count: z.number().int(),
  invoiced: ZDollars,
  paid: ZDollars,
  pending: ZDollars,
  earned: ZDollars,
  invoiced_cents: ZCents,
  paid_cents: ZCents,
  pending_cents: ZCents,
  earned_cents: ZCents,
});
export type TFinancialsTotals = z.infer<typeof ZFinancialsTotals>;

export const ZFinancialsPage = z.object({
  rows: z.array(ZTransaction),
  /** Rows matching the filters (all pages). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * The range applied: the current month (UTC) when no `from`, `to`, `invoice` or `name` was sent; null
   * ends when a search or name filter runs over every date.
   */
  from: z.string().nullable(),
  to: z.string().nullable(),
  totals: ZFinancialsTotals,
  /** Unsettled deposit invoices of the company, whatever the range (Manage Deposits (N)); 0 for dealers. */
  unsettled_deposits: z.number().int(),
});
export type TFinancialsPage = z.infer<typeof ZFinancialsPage>;

/** An unsettled deposit (state invoiced, deposit flag): settle it with PUT /invoices/settle/{invoice_id}. */
export const ZDepositInvoice = z.object({
  invoice_id: z.number().int(),
  invoice_number: z.string().nullable(),
  request_id: z.number().int(),
  Name: z.string(),
  vehicle: z.string(),
  Service_Requested: z.string(),
  invoice_date: ZWireDate,
  amount: ZDollars,
  amount_cents: ZCents,
  hosted_invoice_url: z.string().nullable(),
});
export type TDepositInvoice = z.infer<typeof ZDepositInvoice>;

export const ZBatchSettleCheckBody = z.object({
  invoiceIds: z
    .array(ZDbId, { error: financialsMessages.batchEmpty })
    .min(1, financialsMessages.batchEmpty)
    .max(BATCH_CHECK_MAX, financialsMessages.batchTooLarge)
    .refine((ids) => new Set(ids).size === ids.length, 'Each invoice may appear once'),
  checkNumber: z
    .string({ error: financialsMessages.checkNumberRequired })
    .trim()
    .min(1, financialsMessages.checkNumberRequired)
    .max(50, 'At most 50 characters'),
});
export type TBatchSettleCheckBody = z.input<typeof ZBatchSettleCheckBody>;
export const ZBatchSettleCheckReply = z.object({
  success: z.literal(true),
  /** 'Check payment processed successfully for n invoices.' */
  message: z.string(),
  settled: z.number().int(),
  invoiceIds: z.array(z.number().int()),
  total: ZDollars,
  total_cents: ZCents,
});
export type TBatchSettleCheckReply = z.infer<typeof ZBatchSettleCheckReply>;

export const ZExportQuery = ZFinancialsFilter.extend({
  sort: ZFinancialsSort.default('invoice_date'),
  dir: z.enum(['asc', 'desc']).default('desc'),
}).superRefine(rangeRefine);
export type TExportQuery = z.input<typeof ZExportQuery>;

export const ZBookkeeperQuery = z
  .object({ startDate: ZDay, endDate: ZDay, format: z.enum(['html', 'csv']).default('html') })
  .superRefine((q, ctx) => {
    if (q.endDate < q.startDate) {
      ctx.addIssue({ code: 'custom', message: financialsMessages.endBeforeStart, path: ['endDate'] });
    }
  });
export type TBookkeeperQuery = z.input<typeof ZBookkeeperQuery>;

export const ZStatementMonth = z.object({
  /** 'YYYY-MM' (UTC). */
  month: z.string(),
  invoices: z.number().int(),
  total: ZDollars,
  total_cents: ZCents,
});
export type TStatementMonth = z.infer<typeof ZStatementMonth>;
export const ZStatementMonths = z.object({ months: z.array(ZStatementMonth) });

export const ZRevenueQuery = z
  .object({
    from: ZDay.optional(),
    to: ZDay.optional(),
    bucket: z.enum(['day', 'week', 'month']).default('month'),
  })
  .superRefine(rangeRefine);
export type TRevenueQuery = z.input<typeof ZRevenueQuery>;
export const ZRevenuePoint = z.object({
  /** First day of the bucket (weeks start on Monday), 'YYYY-MM-DD'. */
  period: z.string(),
  invoiced: ZDollars,
  paid: ZDollars,
  earned: ZDollars,
  invoiced_cents: ZCents,
  paid_cents: ZCents,
  earned_cents: ZCents,
});
export type TRevenuePoint = z.infer<typeof ZRevenuePoint>;
export const ZRevenueReply = z.object({
  bucket: z.enum(['day', 'week', 'month']),
  from: z.string(),
  to: z.string(),
  /** Every bucket of the range, empty ones with zeros. */
  points: z.array(ZRevenuePoint),
});
export type TRevenueReply = z.infer<typeof ZRevenueReply>;

/** The range of the direct payees (payment days, UTC, inclusive): both ends or none (the current month). */
export const ZDirectPayeesQuery = z
  .object({ from: ZDay.optional(), to: ZDay.optional() })
  .superRefine((q, ctx) => {
    if (Boolean(q.from) !== Boolean(q.to)) {
      ctx.addIssue({ code: 'custom', message: financialsMessages.bothDates, path: [q.from ? 'to' : 'from'] });
    }
    rangeRefine(q, ctx);
  });
export type TDirectPayeesQuery = z.input<typeof ZDirectPayeesQuery>;
export const ZDirectPayee = z.object({
  installer_id: z.number().int(),
  /** The specialist's name. */
  name: z.string(),
  /** Payments by check or cash (or settled outside the platform) in the range. */
  payments: z.number().int(),
  amount_paid: ZDollars,
  amount_paid_cents: ZCents,
  /** The W-9 on file (download it with GET /profile/w9/{installer_id}/link), or null: 'W-9 missing'. */
  w9: z.object({ file_name: z.string(), uploaded_at: z.string() }).nullable(),
});
export type TDirectPayee = z.infer<typeof ZDirectPayee>;
export const ZDirectPayeesReply = z.object({
  from: z.string(),
  to: z.string(),
  rows: z.array(ZDirectPayee),
  total: ZDollars,
  total_cents: ZCents,
});
export type TDirectPayeesReply = z.infer<typeof ZDirectPayeesReply>;

const ZText = z.string().describe('A document (text/csv or text/html), not JSON');
const tags = ['financials'] as const;

export const financialsCalls = {
  installerPayments: defineCall({
    operationId: 'listInstallerTransactions',
    method: 'GET',
    path: financialsPaths.installerPayments,
    params: z.object({ requestId: ZDbId.describe("The installer's id") }),
    query: ZFinancialsQuery,
    reply: ZFinancialsPage,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['installer'] },
    summary: "The installer's transactions, filtered, sorted and paged, with totals (row 106)",
    description:
      'Every amount in dollars and in cents. Totals cover every matching row. covered shows as invoiced.',
    tags,
  }),
  dealerPayments: defineCall({
    operationId: 'listDealerTransactions',
    method: 'GET',
    path: financialsPaths.dealerPayments,
    params: z.object({ id: ZDbId.describe("The dealership's id") }),
    query: ZFinancialsQuery,
    reply: ZFinancialsPage,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['dealer'] },
    summary:
      "The dealership's transactions (its invoices), filtered, sorted and paged, with totals (row 107)",
    tags,
  }),
  exportCsv: defineCall({
    operationId: 'exportTransactionsCsv',
    method: 'GET',
    path: financialsPaths.exportCsv,
    params: z.object({ companyId: ZDbId }),
    query: ZExportQuery,
    reply: ZText,
    errors: ['FORBIDDEN'],
    access: { effect: 'read' },
    summary: 'The current view as CSV (UTF-8 BOM, quoted fields, ISO dates, amounts as numbers), streamed',
    tags,
  }),
  deposits: defineCall({
    operationId: 'listUnsettledDeposits',
    method: 'GET',
    path: financialsPaths.deposits,
    params: z.object({ installerId: ZDbId }),
    reply: z.array(ZDepositInvoice),
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Unsettled deposit invoices (Manage Deposits); settle one with PUT /invoices/settle/{id}',
    tags,
  }),
  revenue: defineCall({
    operationId: 'getRevenueSeries',
    method: 'GET',
    path: financialsPaths.revenue,
    params: z.object({ companyId: ZDbId }),
    query: ZRevenueQuery,
    reply: ZRevenueReply,
    errors: ['FORBIDDEN'],
    access: { effect: 'read' },
    summary: 'Invoiced, paid and earned per day, week or month (the revenue chart; also for accountants)',
    tags,
  }),
  w9: defineCall({
    operationId: 'downloadPlatformW9',
    method: 'GET',
    path: financialsPaths.w9,
    reply: z.string().describe('application/pdf'),
    errors: [],
    access: { effect: 'read', roles: ['dealer'] },
    summary: "The platform's W-9 (PDF), for dealerships paying the platform",
    tags,
  }),
  directPayees: defineCall({
    operationId: 'listDirectPayees',
    method: 'GET',
    path: financialsPaths.directPayees,
    params: z.object({ dealerId: ZDbId }),
    query: ZDirectPayeesQuery,
    reply: ZDirectPayeesReply,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['dealer'] },
    summary:
      'The specialists the dealership paid by check or cash in the range (payment days), with the amount and their W-9',
    description:
      'Payments of the dealership’s invoices by check, cash or settled outside the platform, paid or settled, on payment days from–to (UTC); default the current month. For the dealership’s 1099s.',
    tags,
  }),
  directPayeesCsv: defineCall({
    operationId: 'exportDirectPayeesCsv',
    method: 'GET',
    path: financialsPaths.directPayeesCsv,
    params: z.object({ dealerId: ZDbId }),
    query: ZDirectPayeesQuery,
    reply: ZText,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['dealer'] },
    summary: 'The same list as CSV (Specialist, Payments, Amount Paid, W-9, W-9 File, W-9 Uploaded)',
    tags,
  }),
  stripeDashboard: defineCall({
    operationId: 'getPaymentDashboardLink',
    method: 'GET',
    path: financialsPaths.stripeDashboard,
    params: z.object({ id: ZDbId.describe("The installer's id") }),
    reply: z.object({ url: z.string() }),
    errors: ['NOT_FOUND', 'INTERNAL'],
    // No `roles`: the service answers dealers with the spec's message (M152).
    access: { effect: 'read' },
    summary:
      "A login link to the installer's payment dashboard (row 108); only when the sign-in e-mail is the company's",
    tags,
  }),
  batchSettleCheck: defineCall({
    operationId: 'batchSettleByCheck',
    method: 'POST',
    path: financialsPaths.batchSettleCheck,
    body: ZBatchSettleCheckBody,
    reply: ZBatchSettleCheckReply,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'INTERNAL'],
    access: { effect: 'write', roles: ['installer'] },
    summary: 'Settle up to 25 invoices paid by one check, all in one transaction or none (row 109)',
    tags,
  }),
  bookkeeperReport: defineCall({
    operationId: 'getBookkeeperReport',
    method: 'GET',
    path: financialsPaths.bookkeeperReport,
    params: z.object({ installerId: ZDbId }),
    query: ZBookkeeperQuery,
    reply: ZText,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['installer'] },
    summary: 'Printable HTML report (totals by type, state, month; every invoice) or CSV (row 110)',
    tags,
  }),
  dealerStatements: defineCall({
    operationId: 'listDealerStatementMonths',
    method: 'GET',
    path: financialsPaths.dealerStatements,
    params: z.object({ dealerId: ZDbId }),
    reply: ZStatementMonths,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['dealer'] },
    summary: "Months with invoices of the dealership (newest first): 'Download Monthly Statement (N)'",
    tags,
  }),
  dealerStatement: defineCall({
    operationId: 'getDealerStatement',
    method: 'GET',
    path: financialsPaths.dealerStatement,
    params: z.object({
      dealerId: ZDbId,
      month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use YYYY-MM'),
    }),
    query: z.object({ format: z.enum(['csv', 'html']).default('csv') }),
    reply: ZText,
    errors: ['FORBIDDEN'],
    access: { effect: 'read', roles: ['dealer'] },
    summary: "One month's statement of the dealership's invoices (CSV or printable HTML)",
    tags,
  }),
} as const;
