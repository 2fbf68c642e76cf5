import { AppError } from '@app/contracts/errors.contract';
import type {
  TCheckPaymentBody,
  TPaymentFailureBody,
  TPaymentMethod,
  TRequestPayment,
} from '@app/contracts/payments.contract';
import { unreceivedPaymentStates } from '@app/domain/invoicing/invoice-totals';
import type { AuthContext } from '../../platform/security/auth-context';
import { actorOf, assertRequestInstaller, type PaymentsAccess, viewerOf } from './payments.access';
import { inTx, type PaymentsContext } from './payments.context';
import type { InvoiceCreation } from './payments.invoice-creation';
import type { Invoices } from './payments.invoices';
import { type InvoiceRow, toRequestPaymentDto } from './payments.repository';

/** An idempotent payment-failure log call repeated within this window returns the first row. */
const FAILURE_DEDUPE_MS = 24 * 60 * 60_000;

/** Payments of a request: list, settle, record a check or cash, drop them with the job; payment failures. */
export function createRequestPayments(
  { db, repo, publicUrl, clock, withProvider }: PaymentsContext,
  { moneyRequest }: PaymentsAccess,
  { settleById }: Pick<Invoices, 'settleById'>,
  { cancelInvoicesOfRequest }: Pick<InvoiceCreation, 'cancelInvoicesOfRequest'>,
) {
  async function listRequestPayments(auth: AuthContext, requestId: number): Promise<TRequestPayment[]> {
    await moneyRequest(auth, requestId);
    await repo.backfillPaymentRows(db, requestId);
    const rows = await repo.listRequestPayments(db, viewerOf(auth), requestId);
    return rows.map((row) => toRequestPaymentDto(row, publicUrl));
  }

  /** The request's unpaid payment rows of the caller, with their invoices. */
  async function unpaidPaymentsOf(auth: AuthContext, requestId: number) {
    await repo.backfillPaymentRows(db, requestId);
    const rows = await repo.listRequestPayments(db, viewerOf(auth), requestId);
    return rows.filter(
      (row) =>
        (unreceivedPaymentStates as readonly string[]).includes(row.payment.paymentState) &&
        (!row.invoice || row.invoice.status === 'draft' || row.invoice.status === 'open'),
    );
  }

  async function settleRequestPayments(
    auth: AuthContext,
    requestId: number,
    body: { payment_id?: number; paymentId?: number } | undefined,
  ) {
    const request = await moneyRequest(auth, requestId);
    assertRequestInstaller(auth, request);
    const paymentId = body?.payment_id ?? body?.paymentId;
    const unpaid = await unpaidPaymentsOf(auth, requestId);
    const chosen = paymentId === undefined ? unpaid : unpaid.filter((row) => row.payment.id === paymentId);
    if (paymentId !== undefined && chosen.length === 0) {
      const payment = await repo.findPaymentOfRequest(db, requestId, paymentId);
      if (!payment || payment.installerId !== auth.companyId) {
        throw new AppError('NOT_FOUND', `Payment ${paymentId} of request ${requestId} was not found`);
      }
    }
    for (const row of chosen) await settleRow(auth, row, { method: 'settle', checkNumber: null });
    return {
      success: true as const,
      message:
        chosen.length === 0
          ? 'Nothing to settle: every payment of this job is received'
          : `Settled ${chosen.length} payment(s)`,
      payments: await listRequestPayments(auth, requestId),
    };
  }

  async function settleRow(
    auth: AuthContext,
    row: { payment: { id: number; paymentState: string }; invoice: InvoiceRow | null },
    via: { method: TPaymentMethod; checkNumber: string | null },
  ) {
    if (row.invoice) {
      await settleById(auth, row.invoice.id, via);
      return;
    }
    // A payment without an invoice (older data): record it directly.
    await repo.updatePayment(
      db,
      row.payment.id,
      {
        paymentState: 'paid',
        method: via.method,
        checkNumber: via.checkNumber,
        paymentDate: clock(),
        updatedAt: clock(),
      },
      unreceivedPaymentStates,
    );
  }

  async function recordCheckPayment(auth: AuthContext, requestId: number, body: TCheckPaymentBody) {
    const request = await moneyRequest(auth, requestId);
    assertRequestInstaller(auth, request);
    const checkNumber = (body.checkNumber ?? body.check_number)?.trim() || null;
    const method = body.method ?? (checkNumber ? 'check' : 'cash');
    const paymentId = body.payment_id ?? body.paymentId;
    const unpaid = await unpaidPaymentsOf(auth, requestId);
    let row = paymentId === undefined ? undefined : unpaid.find((r) => r.payment.id === paymentId);
    if (paymentId === undefined) {
      if (unpaid.length !== 1) {
        throw new AppError(
          'VALIDATION_FAILED',
          unpaid.length === 0
            ? `Request ${requestId} has no unpaid payment`
            : `Request ${requestId} has ${unpaid.length} unpaid payments: say which one (payment_id)`,
        );
      }
      row = unpaid[0];
    }
    if (!row) {
      const payment =
        paymentId === undefined ? null : await repo.findPaymentOfRequest(db, requestId, paymentId);
      if (!payment || payment.installerId !== auth.companyId) {
        throw new AppError('NOT_FOUND', `Payment ${paymentId} of request ${requestId} was not found`);
      }
      // Received already: a repeated call changes nothing.
      return {
        success: true as const,
        message: `Payment ${payment.id} is already ${payment.paymentState}`,
        payments: await listRequestPayments(auth, requestId),
      };
    }
    await settleRow(auth, row, { method, checkNumber });
    return {
      success: true as const,
      message: method === 'check' ? `Check ${checkNumber} recorded` : 'Cash payment recorded',
      payments: await listRequestPayments(auth, requestId),
    };
  }

  /**
   * Job deletion (000 §4): open invoices are voided, drafts deleted, their unpaid payment rows removed.
   * Money already received stays (financial record).
   */
  async function deleteRequestPayments(auth: AuthContext, requestId: number) {
    const request = await moneyRequest(auth, requestId);
    assertRequestInstaller(auth, request);
    const result = await withProvider(
      { requestId, stage: 'job_deletion', actor: actorOf(auth) },
      'The payment provider could not void the invoices of this job',
      () => cancelInvoicesOfRequest(db, requestId),
    );
    // Payment rows without an invoice (older data) that were never received went too.
    const kept = await repo.listRequestPayments(db, viewerOf(auth), requestId);
    return {
      success: true as const,
      deleted: result.paymentsDeleted,
      kept: kept.length,
      voidedInvoices: result.voided,
    };
  }

  /** POST /payment-failures: the user is the caller; the same idempotency key logs one row. */
  async function recordPaymentFailure(
    auth: AuthContext,
    body: TPaymentFailureBody,
    idempotencyKey: string | null,
  ) {
    const requestId = body.request_id ?? null;
    if (requestId !== null) await moneyRequest(auth, requestId);
    const values = {
      requestId,
      failureType: body.failure_type,
      failureStage: body.failure_stage ?? null,
      errorMessage: body.error_message ?? null,
      userId: auth.userId,
      userType: auth.userType,
      providerObjectId: body.stripe_object_id ?? null,
    };
    const row = await inTx(db, async (tx) => {
      if (idempotencyKey) {
        // No key column on payment_failures (see README): the key serializes callers, then the same row is reused.
        await repo.lockKey(tx, `payment-failure:${auth.userId}:${idempotencyKey}`);
        const same = await repo.findSameFailure(tx, values, new Date(clock().getTime() - FAILURE_DEDUPE_MS));
        if (same) return same;
      }
      return repo.insertFailure(tx, values);
    });
    if (!row) throw new AppError('INTERNAL', 'The payment failure could not be logged');
    return { success: true as const, id: row.id };
  }

  return {
    listRequestPayments,
    settleRequestPayments,
    recordCheckPayment,
    deleteRequestPayments,
    recordPaymentFailure,
  };
}
