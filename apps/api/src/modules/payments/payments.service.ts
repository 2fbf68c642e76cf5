import { createPaymentsAccess } from './payments.access';
import { createCardPayments } from './payments.card-payments';
import { createPaymentsContext, type PaymentsServiceDeps } from './payments.context';
import { createDevReaders } from './payments.dev-readers';
import { createHostedPay } from './payments.hosted-pay';
import { createInvoiceCreation } from './payments.invoice-creation';
import { createInvoiceState } from './payments.invoice-state';
import { createInvoices } from './payments.invoices';
import { createProviderEvents } from './payments.provider-events';
import { createRequestPayments } from './payments.request-payments';

export type { Actor, PaymentsLogger, PaymentsServiceDeps } from './payments.context';
export type { HostedPayOutcome } from './payments.hosted-pay';
export type {
  CreateInvoiceForRequestInput,
  CreateInvoiceResult,
  TryCreateInvoiceResult,
} from './payments.invoice-creation';

/**
 * The payments service: one façade over its use cases, one file each (see README.md). Each use case gets the
 * shared context (dependencies, label, dto, lockedInvoice, logFailure, withProvider) and the use cases it
 * builds on; the façade only composes them, so its callers see one object.
 */
export function createPaymentsService(deps: PaymentsServiceDeps) {
  const ctx = createPaymentsContext(deps);
  const { port } = ctx;
  const access = createPaymentsAccess(ctx);
  const state = createInvoiceState(ctx);
  const creation = createInvoiceCreation(ctx, state);
  const invoices = createInvoices(ctx, access, state, creation);
  const requestPayments = createRequestPayments(ctx, access, invoices, creation);
  const cards = createCardPayments(ctx, access, state);
  const events = createProviderEvents(ctx, state, cards);
  const hostedPay = createHostedPay(ctx, state);
  const devReaders = createDevReaders(ctx);

  return {
    providerKind: port.kind,
    // For the lifecycle's invoicing hooks (see README.md).
    createInvoiceForRequest: creation.createInvoiceForRequest,
    tryCreateInvoiceForRequest: creation.tryCreateInvoiceForRequest,
    cancelInvoicesOfRequest: creation.cancelInvoicesOfRequest,
    logFailure: ctx.logFailure,
    // Calls.
    createInvoice: invoices.createInvoice,
    getInvoice: invoices.getInvoice,
    updateInvoiceMeta: invoices.updateInvoiceMeta,
    settleInvoice: invoices.settleInvoice,
    settleInvoicesByCheck: invoices.settleInvoicesByCheck,
    resendInvoice: invoices.resendInvoice,
    finalizeInvoice: invoices.finalizeInvoice,
    voidInvoice: invoices.voidInvoice,
    deleteDraftInvoice: invoices.deleteDraftInvoice,
    listRequestPayments: requestPayments.listRequestPayments,
    settleRequestPayments: requestPayments.settleRequestPayments,
    recordCheckPayment: requestPayments.recordCheckPayment,
    deleteRequestPayments: requestPayments.deleteRequestPayments,
    recordPaymentFailure: requestPayments.recordPaymentFailure,
    createCardPayment: cards.createCardPayment,
    getTerminal: cards.getTerminal,
    terminalPay: cards.terminalPay,
    pollCardPayment: cards.pollCardPayment,
    handleProviderEvent: events.handleProviderEvent,
    parseWebhook: port.parseWebhook?.bind(port) ?? null,
    findHostedInvoice: hostedPay.findHostedInvoice,
    payHostedInvoice: hostedPay.payHostedInvoice,
    setReaderBehaviour: devReaders.setReaderBehaviour,
    getReaderBehaviour: devReaders.getReaderBehaviour,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
