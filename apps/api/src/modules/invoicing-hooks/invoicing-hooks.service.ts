import { AppError } from '@app/contracts/errors.contract';
import { calculateDepositInvoice } from '@app/domain/invoicing/deposit';
import { calculateFinalInvoice } from '@app/domain/invoicing/invoice-totals';
import type { Db, Tx } from '../../db/client';
import { createInvoicingHooksRepository, type InvoiceRow } from './invoicing-hooks.repository';

/** What the hooks need of a request (amounts in cents). */
export type InvoicedRequest = {
  id: number;
  requestType: 'dealer' | 'installer';
  totalCents: number;
  discountCents: number;
  taxesCents: number;
  depositAmountCents: number;
  dealerId: number | null;
  customerId: number | null;
  serviceRequested: string;
};

/** `version` is the request's version after the transition: it keys the invoice's idempotency. */
export type HookInput = { request: InvoicedRequest; installerId: number; now: Date; version: number };

/**
 * Invoice rows raised by the lifecycle (000 §4; catalogue §3.5–3.6), in the transition's transaction:
 * - BOOK JOB with a deposit: a deposit invoice, open, amount = the deposit (with its share of the tax);
 * - COMPLETE JOB / JOB COMPLETED: the final invoice, open, amount = calculateFinalInvoice (customer total −
 *   paid deposits; a job fully paid by its deposits gets a 0 invoice, marked paid);
 * - delete: drafts deleted, open invoices voided, payments not received removed.
 * Payments and the payment provider come with the money issue; these rows are what it will collect.
 */
export function createInvoicingHooks() {
  return {
    async createDepositInvoice(
      tx: Db | Tx,
      { request, installerId, now, version }: HookInput,
    ): Promise<InvoiceRow> {
      const repository = createInvoicingHooksRepository(tx);
      const amounts = calculateDepositInvoice({
        finalAmountCents: request.totalCents - request.discountCents,
        taxesCents: request.taxesCents,
        depositCents: request.depositAmountCents,
      });
      if (!amounts.ok) throw new AppError('VALIDATION_FAILED', amounts.message);
      const billTo = await repository.findBillTo(request.dealerId, request.customerId);
      return repository.insertNumberedInvoice({
        requestId: request.id,
        installerId,
        dealerId: request.dealerId,
        customerId: request.customerId,
        invoiceType: 'deposit',
        status: 'open',
        amountDueCents: amounts.invoice.amountCents,
        amountRemainingCents: amounts.invoice.amountCents,
        taxCents: amounts.invoice.taxCents,
        customerName: billTo.name,
        customerEmail: billTo.email,
        description: `Deposit for ${request.serviceRequested || `request ${request.id}`}`,
        metadata: {
          payment_type: 'deposit',
          request_id: String(request.id),
          installer_id: String(installerId),
        },
        idempotencyKey: `request-${request.id}-deposit-v${version}`,
        invoiceDate: now,
        finalizedAt: now,
        createdAt: now,
        updatedAt: now,
      });
    },

    async createFinalInvoice(
      tx: Db | Tx,
      { request, installerId, now, version }: HookInput,
    ): Promise<InvoiceRow> {
      const repository = createInvoicingHooksRepository(tx);
      const paidDepositCents = await repository.sumPaidDepositCents(request.id);
      const totals = calculateFinalInvoice({
        finalAmountCents: request.totalCents - request.discountCents,
        taxesCents: request.taxesCents,
        paidDepositCents,
      });
      const billTo = await repository.findBillTo(request.dealerId, request.customerId);
      const isCovered = totals.amountCents === 0;
      return repository.insertNumberedInvoice({
        requestId: request.id,
        installerId,
        dealerId: request.dealerId,
        customerId: request.customerId,
        invoiceType: 'final',
        status: isCovered ? 'paid' : 'open',
        amountDueCents: totals.amountCents,
        amountRemainingCents: totals.amountCents,
        taxCents: totals.taxCents,
        customerName: billTo.name,
        customerEmail: billTo.email,
        description: request.serviceRequested || `Request ${request.id}`,
        metadata: {
          payment_type: 'final',
          request_id: String(request.id),
          installer_id: String(installerId),
          deposit_applied: String(totals.depositAppliedCents),
        },
        idempotencyKey: `request-${request.id}-final-v${version}`,
        invoiceDate: now,
        finalizedAt: now,
        paidAt: isCovered ? now : null,
        createdAt: now,
        updatedAt: now,
      });
    },

    async voidInvoices(tx: Db | Tx, requestId: number, now: Date) {
      return createInvoicingHooksRepository(tx).voidOrDeleteInvoices(requestId, now);
    },

    async deletePayments(tx: Db | Tx, requestId: number) {
      return createInvoicingHooksRepository(tx).deleteUnreceivedPayments(requestId);
    },
  };
}
export type InvoicingHooks = ReturnType<typeof createInvoicingHooks>;
