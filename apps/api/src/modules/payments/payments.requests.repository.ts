import { and, eq, type SQL, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import { lockRow } from '../../db/lock-row';
import { pickColumns } from '../../db/pick-columns';
import { invoices } from '../../db/schema/money';
import { serviceRequests } from '../../db/schema/service-requests';
import type { DbOrTx, RequestForInvoice, Viewer } from './payments.repository';

const requestColumns = {
  ...pickColumns(
    serviceRequests,
    'id',
    'requestType',
    'currentState',
    'assignedInstallerId',
    'requestorInstallerId',
    'requestorDealerId',
    'dealerId',
    'customerId',
    'totalCents',
    'discountCents',
    'taxesCents',
    'depositAmountCents',
    'serviceRequested',
    'vehicleYear',
    'vehicleMake',
    'vehicleModel',
    'deletedAt',
  ),
};

/** Whether the viewer may see the money of request `sr` (see the module comment). */
function requestMoneyVisibleTo(viewer: Viewer): SQL {
  if (viewer.role === 'dealer') {
    return sql`((${serviceRequests.requestType} = 'dealer' and ${serviceRequests.requestorDealerId} = ${viewer.companyId})
      or ${serviceRequests.dealerId} = ${viewer.companyId})`;
  }
  return sql`(${serviceRequests.assignedInstallerId} = ${viewer.companyId}
    or ${serviceRequests.requestorInstallerId} = ${viewer.companyId}
    or exists (select 1 from ${invoices} vi where vi.request_id = ${serviceRequests.id} and vi.installer_id = ${viewer.companyId}))`;
}

/** The request `where` picks (request_type: 'dealer' or 'installer'), locked for the transaction when `lock`. */
async function findRequest(
  tx: DbOrTx,
  where: SQL | undefined,
  lock = false,
): Promise<RequestForInvoice | null> {
  const row = await (lock ? lockRow : firstRow)(tx, serviceRequests, where, requestColumns);
  return row as RequestForInvoice | null;
}

/** The requests invoices are for: read (under lock, for a viewer) and their final invoice's number. */
export function createRequestRows() {
  return {
    async lockRequest(tx: DbOrTx, requestId: number): Promise<RequestForInvoice | null> {
      return findRequest(tx, eq(serviceRequests.id, requestId), true);
    },

    async findRequestForViewer(
      tx: DbOrTx,
      viewer: Viewer,
      requestId: number,
    ): Promise<RequestForInvoice | null> {
      return findRequest(tx, and(eq(serviceRequests.id, requestId), requestMoneyVisibleTo(viewer)));
    },

    async findRequestSummary(tx: DbOrTx, requestId: number): Promise<RequestForInvoice | null> {
      return findRequest(tx, eq(serviceRequests.id, requestId));
    },

    /** Keeps the request's invoice numbers (invoiceId / customer_facing_invoice of the wire) on its final invoice. */
    async linkFinalInvoice(
      tx: DbOrTx,
      requestId: number,
      number: string | null,
      customerFacing: string | null,
    ) {
      await tx
        .update(serviceRequests)
        .set({ invoiceNumber: number, customerFacingInvoice: customerFacing ?? number })
        .where(eq(serviceRequests.id, requestId));
    },

    async unlinkInvoice(tx: DbOrTx, requestId: number, number: string | null) {
      if (!number) return;
      await tx
        .update(serviceRequests)
        .set({ invoiceNumber: null, customerFacingInvoice: null })
        .where(and(eq(serviceRequests.id, requestId), eq(serviceRequests.invoiceNumber, number)));
    },
  };
}
