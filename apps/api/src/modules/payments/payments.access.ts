import { AppError } from '@app/contracts/errors.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import { type Actor, invoiceNotFound, type PaymentsContext, requestNotFound } from './payments.context';
import type { DbOrTx, InvoiceRow, RequestForInvoice, Viewer } from './payments.repository';

/*
 * Who may see and move whose money: an invoice, a request's payments or a card reader is found only through
 * the caller's viewer (another company's answers 404, as if absent); acting on it needs the right role.
 */

export function viewerOf(auth: AuthContext): Viewer {
  return { role: auth.userType, companyId: auth.companyId };
}

export function actorOf(auth: AuthContext): Actor {
  return { userId: auth.userId, userType: auth.userType, companyId: auth.companyId };
}

export function assertIssuer(auth: AuthContext, invoice: InvoiceRow, message?: string) {
  if (auth.userType !== 'installer' || invoice.installerId !== auth.companyId) {
    throw new AppError(
      'FORBIDDEN',
      message ?? `Only the installer who issued invoice ${invoice.number ?? invoice.id} can do this`,
    );
  }
}

export function assertRequestInstaller(auth: AuthContext, request: RequestForInvoice) {
  if (
    auth.userType !== 'installer' ||
    (request.assignedInstallerId !== auth.companyId && request.requestorInstallerId !== auth.companyId)
  ) {
    throw new AppError('FORBIDDEN', `Only the installer of request ${request.id} can record its payments`);
  }
}

export function assertInstaller(auth: AuthContext) {
  if (auth.userType !== 'installer') {
    throw new AppError('FORBIDDEN', 'Only installers take card payments');
  }
}

export type PaymentsAccess = ReturnType<typeof createPaymentsAccess>;

export function createPaymentsAccess({ db, repo }: PaymentsContext) {
  async function visibleInvoice(dbOrTx: DbOrTx, auth: AuthContext, ref: string): Promise<InvoiceRow> {
    const invoice = await repo.findInvoiceForViewer(dbOrTx, viewerOf(auth), ref);
    if (!invoice) invoiceNotFound(ref);
    return invoice;
  }

  async function moneyRequest(auth: AuthContext, requestId: number) {
    const request = await repo.findRequestForViewer(db, viewerOf(auth), requestId);
    if (!request) requestNotFound(requestId);
    return request;
  }

  return { visibleInvoice, moneyRequest };
}
