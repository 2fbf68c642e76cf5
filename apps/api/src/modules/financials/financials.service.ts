import type { Readable } from 'node:stream';
import { AppError } from '@app/contracts/errors.contract';
import {
  financialsMessages as M,
  type TBatchSettleCheckReply,
  type TDepositInvoice,
  type TFinancialsPage,
  type TFinancialsTotals,
  type TRevenueReply,
  type TStatementMonth,
  type TTransaction,
} from '@app/contracts/financials.contract';
import type { PaymentPort } from '../../adapters/payments/payment-port';
import type { AuthContext } from '../../platform/security/auth-context';
import type { PaymentsService } from '../payments/payments.service';
import { stateLabel, transactionsCsv, transactionsHtml } from './financials.documents';
import type {
  FinancialsRepository,
  Owner,
  RowFilter,
  SortKey,
  TotalsRecord,
  TransactionRecord,
} from './financials.repository';
import { platformW9Pdf } from './financials.w9';

export type FinancialsServiceDeps = {
  repository: FinancialsRepository;
  payments: Pick<PaymentsService, 'settleInvoicesByCheck'>;
  port: Pick<PaymentPort, 'createDashboardLink'>;
  publicUrl: string;
  clock: () => Date;
};

type FilterQuery = {
  from?: string;
  to?: string;
  state: RowFilter['state'];
  type: RowFilter['type'];
  invoice?: string;
  name?: string;
};

const DAY_MS = 86_400_000;
const dollars = (cents: number) => Math.round(cents) / 100;
const utcDay = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The month of `now` (UTC) as days: the screen's default range. */
export function monthOf(now: Date): { from: string; to: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  return { from: dayOf(first), to: dayOf(last) };
}

export function totalsDto(t: TotalsRecord): TFinancialsTotals {
  return {
    count: t.count,
    invoiced: dollars(t.invoiced_cents),
    paid: dollars(t.paid_cents),
    pending: dollars(t.pending_cents),
    earned: dollars(t.earned_cents),
    invoiced_cents: t.invoiced_cents,
    paid_cents: t.paid_cents,
    pending_cents: t.pending_cents,
    earned_cents: t.earned_cents,
  };
}

export function transactionDto(r: TransactionRecord): TTransaction {
  const amount = Number(r.amount_cents);
  const fee = Number(r.platform_fee_cents);
  const total = Number(r.request_total_cents);
  const state = r.payment_state === 'settled' ? 'paid' : r.payment_state;
  return {
    payment_id: Number(r.payment_id),
    invoice_date: r.invoice_date,
    payment_date: r.payment_date,
    payment_state: state as TTransaction['payment_state'],
    state_label: stateLabel(r.payment_state),
    payment_type: r.payment_type === 'deposit' ? 'deposit' : 'final',
    is_deposit: r.payment_type === 'deposit',
    payment_order: r.payment_order,
    payout_id: r.payout_id,
    check_number: r.check_number,
    method: r.method,
    stripe_invoice: r.stripe_invoice,
    invoice_id: Number(r.invoice_id),
    invoice_number: r.invoice_number,
    invoice_status: r.invoice_status as TTransaction['invoice_status'],
    request_id: Number(r.request_id),
    Request_type: r.billed_type,
    Request_total: dollars(total),
    request_total_cents: total,
    invoice_amount: dollars(amount),
    amount_cents: amount,
    platform_fee: dollars(fee),
    platform_fee_cents: fee,
    earned: dollars(amount - fee),
    earned_cents: amount - fee,
    Service_Requested: r.service_requested,
    Year: r.vehicle_year === null ? null : Number(r.vehicle_year),
    Make: r.vehicle_make,
    Model: r.vehicle_model,
    VIN: r.vin,
    Name: r.name,
    dealer_id: r.dealer_id === null ? null : Number(r.dealer_id),
    customer_id: r.customer_id === null ? null : Number(r.customer_id),
    installer_id: Number(r.installer_id),
    installer_name: r.installer_name,
    specialist_name: r.installer_name,
    card_last4: r.card_last4,
    card_type: r.card_type,
    hosted_invoice_url: r.hosted_invoice_url,
  };
}

/**
 * Financials (issue 13, decision 012): transactions, totals and documents of the caller's own company,
 * computed in SQL by the repository; batch check settlement through the payments service; the payment
 * dashboard through the payment port.
 */
export function createFinancialsService({
  repository,
  payments,
  port,
  publicUrl,
  clock,
}: FinancialsServiceDeps) {
  /** The path names a company: it must be the one the session acts for, of the right kind. */
  function ownerOf(auth: AuthContext, companyId: number, kind?: Owner['kind']): Owner {
    if (kind && auth.userType !== kind) {
      throw new AppError('FORBIDDEN', `Only ${kind}s can read these financials`);
    }
    if (companyId !== auth.companyId) {
      throw new AppError('FORBIDDEN', `The financials of company ${companyId} are not yours to read`);
    }
    return { kind: auth.userType, id: auth.companyId };
  }

  /**
   * The filters as bounds. No range, search or name: the current month (UTC). A search or name filter
   * without a range looks at every date (the range controls are off then, rule 95).
   */
  function resolve(
    owner: Owner,
    q: FilterQuery,
  ): { filter: RowFilter; from: string | null; to: string | null } {
    let { from, to } = q;
    if (!from && !to && !q.invoice && !q.name) ({ from, to } = monthOf(clock()));
    return {
      filter: {
        from: from ? utcDay(from) : null,
        toExclusive: to ? new Date(utcDay(to).getTime() + DAY_MS) : null,
        state: q.state,
        type: owner.kind === 'installer' ? q.type : 'all',
        invoice: q.invoice || null,
        name: q.name || null,
      },
      from: from ?? null,
      to: to ?? null,
    };
  }

  /**
   * The filter with an installer's name search resolved to the parties of that name (decision 029), once for
   * the page, the totals and the documents.
   */
  async function withParties(owner: Owner, filter: RowFilter): Promise<RowFilter> {
    if (!filter.name || filter.invoice || owner.kind !== 'installer') return filter;
    return { ...filter, parties: await repository.namedParties(owner.id, filter.name, filter.type) };
  }

  async function listTransactions(
    auth: AuthContext,
    kind: Owner['kind'],
    companyId: number,
    q: FilterQuery & { sort: SortKey; dir: 'asc' | 'desc'; page: number; pageSize: number },
  ): Promise<TFinancialsPage> {
    const owner = ownerOf(auth, companyId, kind);
    const resolved = resolve(owner, q);
    const { from, to } = resolved;
    const filter = await withParties(owner, resolved.filter);
    const [rows, totals, deposits] = await Promise.all([
      repository.page(
        owner,
        filter,
        { sort: q.sort, dir: q.dir },
        { limit: q.pageSize, offset: (q.page - 1) * q.pageSize },
      ),
      repository.totals(owner, filter),
      owner.kind === 'installer' ? repository.countUnsettledDeposits(owner.id) : Promise.resolve(0),
    ]);
    return {
      rows: rows.map(transactionDto),
      total: totals.count,
      page: q.page,
      pageSize: q.pageSize,
      from,
      to,
      totals: totalsDto(totals),
      unsettled_deposits: deposits,
    };
  }

  /** The screen's view as CSV: its filter and its order (issue 13: "CSV of the current view"). */
  function exportCsv(
    auth: AuthContext,
    companyId: number,
    q: FilterQuery & { sort: SortKey; dir: 'asc' | 'desc' },
  ): Readable {
    const owner = ownerOf(auth, companyId);
    const { filter } = resolve(owner, q);
    async function* rows() {
      yield* repository.chunks(owner, await withParties(owner, filter), { sort: q.sort, dir: q.dir });
    }
    return transactionsCsv(rows());
  }

  async function bookkeeperReport(
    auth: AuthContext,
    installerId: number,
    q: { startDate: string; endDate: string; format: 'html' | 'csv' },
  ): Promise<Readable> {
    const owner = ownerOf(auth, installerId, 'installer');
    const { filter } = resolve(owner, { from: q.startDate, to: q.endDate, state: 'all', type: 'all' });
    if (q.format === 'csv') return transactionsCsv(repository.chunks(owner, filter));
    const [totals, byType, byState, byMonth] = await Promise.all([
      repository.totals(owner, filter),
      repository.groupedTotals(owner, filter, 'type'),
      repository.groupedTotals(owner, filter, 'state'),
      repository.groupedTotals(owner, filter, 'month'),
    ]);
    return transactionsHtml(
      {
        title: 'Bookkeeper report',
        subtitle: `${q.startDate} to ${q.endDate} (UTC) · generated ${clock().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
        byType,
        byState,
        byMonth,
        totals,
      },
      repository.chunks(owner, filter),
    );
  }

  async function deposits(auth: AuthContext, installerId: number): Promise<TDepositInvoice[]> {
    const owner = ownerOf(auth, installerId, 'installer');
    const rows = await repository.unsettledDeposits(owner.id);
    return rows.map((r) => ({
      invoice_id: Number(r.invoice_id),
      invoice_number: r.invoice_number,
      request_id: Number(r.request_id),
      Name: r.name,
      vehicle: r.vehicle,
      Service_Requested: r.service_requested,
      invoice_date: r.invoice_date,
      amount: dollars(Number(r.amount_cents)),
      amount_cents: Number(r.amount_cents),
      hosted_invoice_url: r.hosted_invoice_url,
    }));
  }

  async function revenue(
    auth: AuthContext,
    companyId: number,
    q: { from?: string; to?: string; bucket: 'day' | 'week' | 'month' },
  ): Promise<TRevenueReply> {
    const owner = ownerOf(auth, companyId);
    const now = clock();
    const to = q.to ?? dayOf(now);
    const from =
      q.from ?? dayOf(new Date(Date.UTC(utcDay(to).getUTCFullYear(), utcDay(to).getUTCMonth() - 11, 1)));
    const points = await repository.revenue(
      owner,
      utcDay(from),
      new Date(utcDay(to).getTime() + DAY_MS),
      q.bucket,
    );
    const byPeriod = new Map(points.map((p) => [p.period, p]));
    const out: TRevenueReply['points'] = [];
    for (const period of bucketsOf(from, to, q.bucket)) {
      const p = byPeriod.get(period) ?? { invoiced_cents: 0, paid_cents: 0, earned_cents: 0 };
      out.push({
        period,
        invoiced: dollars(p.invoiced_cents),
        paid: dollars(p.paid_cents),
        earned: dollars(p.earned_cents),
        invoiced_cents: p.invoiced_cents,
        paid_cents: p.paid_cents,
        earned_cents: p.earned_cents,
      });
    }
    return { bucket: q.bucket, from, to, points: out };
  }

  async function statementMonths(
    auth: AuthContext,
    dealerId: number,
  ): Promise<{ months: TStatementMonth[] }> {
    const owner = ownerOf(auth, dealerId, 'dealer');
    const months = await repository.statementMonths(owner.id);
    return { months: months.map((m) => ({ ...m, total: dollars(m.total_cents) })) };
  }

  async function statement(
    auth: AuthContext,
    dealerId: number,
    month: string,
    format: 'csv' | 'html',
  ): Promise<Readable> {
    const owner = ownerOf(auth, dealerId, 'dealer');
    const start = utcDay(`${month}-01`);
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    const filter: RowFilter = {
      from: start,
      toExclusive: end,
      state: 'all',
      type: 'all',
      invoice: null,
      name: null,
    };
    if (format === 'csv') return transactionsCsv(repository.chunks(owner, filter));
    const [totals, byState] = await Promise.all([
      repository.totals(owner, filter),
      repository.groupedTotals(owner, filter, 'state'),
    ]);
    return transactionsHtml(
      {
        title: `Monthly statement ${month}`,
        subtitle: 'Invoices billed to your dealership (UTC)',
        byType: null,
        byState,
        byMonth: [],
        totals,
      },
      repository.chunks(owner, filter),
    );
  }

  function w9(): Buffer {
    return platformW9Pdf({ date: clock() });
  }

  /** Row 108 and 002 §6: installers only, and only the company's own installer e-mail. */
  async function dashboardLink(auth: AuthContext, installerId: number): Promise<{ url: string }> {
    if (auth.userType !== 'installer') {
      throw new AppError('FORBIDDEN', M.dashboardSpecialistsOnly, {
        userMessage: M.dashboardSpecialistsOnly,
      });
    }
    ownerOf(auth, installerId, 'installer');
    const account = await repository.installerAccount(installerId);
    const companyEmail = account?.email?.trim().toLowerCase() ?? '';
    if (!companyEmail || companyEmail !== auth.email.trim().toLowerCase()) {
      throw new AppError('FORBIDDEN', M.dashboardEmailMismatch, { userMessage: M.dashboardEmailMismatch });
    }
    if (!account?.stripe_account_id) {
      throw new AppError('NOT_FOUND', M.dashboardNoAccount, { userMessage: M.dashboardNoAccount });
    }
    let url: string;
    try {
      ({ url } = await port.createDashboardLink(account.stripe_account_id));
    } catch (error) {
      throw new AppError('INTERNAL', M.dashboardFailed, {
        userMessage: M.dashboardFailed,
        details: { cause: error instanceof Error ? error.message : String(error) },
      });
    }
    return { url: url.startsWith('/') ? `${publicUrl}${url}` : url };
  }

  async function batchSettleCheck(
    auth: AuthContext,
    body: { invoiceIds: number[]; checkNumber: string },
  ): Promise<TBatchSettleCheckReply> {
    const result = await payments.settleInvoicesByCheck(auth, body);
    const totalCents = result.invoices.reduce((sum, i) => sum + i.amount_due, 0);
    return {
      success: true,
      message: M.checkProcessed(result.invoices.length),
      settled: result.invoices.length,
      invoiceIds: result.invoices.map((i) => i.id),
      total: dollars(totalCents),
      total_cents: totalCents,
    };
  }

  return {
    listTransactions,
    exportCsv,
    bookkeeperReport,
    deposits,
    revenue,
    statementMonths,
    statement,
    w9,
    dashboardLink,
    batchSettleCheck,
  };
}
export type FinancialsService = ReturnType<typeof createFinancialsService>;

/** The first day of every bucket from `from` to `to` (weeks start on Monday, like date_trunc). */
export function bucketsOf(from: string, to: string, bucket: 'day' | 'week' | 'month'): string[] {
  const end = utcDay(to).getTime();
  let d = utcDay(from);
  if (bucket === 'week') d = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY_MS);
  if (bucket === 'month') d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const out: string[] = [];
  while (d.getTime() <= end && out.length < 5000) {
    out.push(dayOf(d));
    d =
      bucket === 'day'
        ? new Date(d.getTime() + DAY_MS)
        : bucket === 'week'
          ? new Date(d.getTime() + 7 * DAY_MS)
          : new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
  }
  return out;
}
