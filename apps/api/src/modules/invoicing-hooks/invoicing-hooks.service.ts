import type { Db, Tx } from '../../db/client';
import type { PaymentsService } from '../payments/payments.service';

/** What the lifecycle needs of the payments service: invoice creation and job deletion, nothing more. */
export type InvoicingPayments = Pick<
  PaymentsService,
  'tryCreateInvoiceForRequest' | 'cancelInvoicesOfRequest'
>;

/** An invoice a transition raised, as the transition's reply lists it (amount in cents). */
export type HookInvoice = {
  id: number;
  number: string | null;
  invoiceType: 'deposit' | 'final';
  status: 'draft' | 'open' | 'paid' | 'void';
  amountDueCents: number;
};

/**
 * What a hook did: the invoice (new, or the job's existing one of that type), or the spec's message for the
 * screen when it could not be created (the transition still succeeds; the failure is in payment_failures).
 */
export type HookResult = { invoice: HookInvoice; userMessage: null } | { invoice: null; userMessage: string };

/** `version` is the request's version after the transition: it keys the invoice's idempotency. */
export type DepositHookInput = {
  requestId: number;
  installerId: number;
  version: number;
  /** The deposit of the job after the transition (it may be set in the same call). */
  amountCents: number;
};
export type FinalHookInput = {
  requestId: number;
  installerId: number;
  version: number;
  /** JOB COMPLETED on an estimate or COMPLETE JOB: chooses the M36 message on failure. */
  completedKind: 'estimate' | 'job';
};

/**
 * The lifecycle's invoicing hooks (000 §4; catalogue §3.5–3.6), in the transition's transaction. The
 * payments module is the one owner of invoices: numbering in the installer's series (EAF-1041, decision
 * 009), pay link and invoice e-mail, one deposit and one final invoice per job, idempotency, voiding an
 * unpaid deposit at the final invoice, and what deletion does to invoices and payments. These hooks only say
 * when.
 * - BOOK JOB with a deposit: the deposit invoice, opened at once;
 * - COMPLETE JOB / JOB COMPLETED: the final invoice (customer total − paid deposits), opened at once;
 * - delete: drafts deleted, open invoices voided, payments not received removed.
 */
export function createInvoicingHooks(payments: InvoicingPayments) {
  return {
    async createDepositInvoice(tx: Db | Tx, input: DepositHookInput): Promise<HookResult> {
      const result = await payments.tryCreateInvoiceForRequest(tx, {
        requestId: input.requestId,
        invoiceType: 'deposit',
        amountCents: input.amountCents,
        installerId: input.installerId,
        idempotencyKey: `request-${input.requestId}-deposit-v${input.version}`,
        finalize: true,
      });
      return result.ok ? { invoice: toHookInvoice(result.invoice), userMessage: null } : failed(result);
    },

    async createFinalInvoice(tx: Db | Tx, input: FinalHookInput): Promise<HookResult> {
      const result = await payments.tryCreateInvoiceForRequest(tx, {
        requestId: input.requestId,
        invoiceType: 'final',
        installerId: input.installerId,
        idempotencyKey: `request-${input.requestId}-final-v${input.version}`,
        finalize: true,
        completedKind: input.completedKind,
      });
      return result.ok ? { invoice: toHookInvoice(result.invoice), userMessage: null } : failed(result);
    },

    /** Delete: the job's invoices and the payments not received go (money received is kept). */
    async cancelInvoices(tx: Db | Tx, requestId: number) {
      return payments.cancelInvoicesOfRequest(tx, requestId);
    },
  };
}
export type InvoicingHooks = ReturnType<typeof createInvoicingHooks>;

function toHookInvoice(invoice: {
  id: number;
  number: string | null;
  invoice_type: 'deposit' | 'final';
  status: HookInvoice['status'];
  amount_due: number;
}): HookInvoice {
  return {
    id: invoice.id,
    number: invoice.number,
    invoiceType: invoice.invoice_type,
    status: invoice.status,
    amountDueCents: invoice.amount_due,
  };
}

function failed(result: { userMessage: string }): HookResult {
  return { invoice: null, userMessage: result.userMessage };
}
