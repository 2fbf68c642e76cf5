import type { Db, Tx } from '../../db/client';
import type { installerLocations, installers } from '../../db/schema/identity';
import type { cardPaymentAttempts, invoices, payments } from '../../db/schema/money';
import { createCardAttemptRows } from './payments.card-attempts.repository';
import { createFailureRows } from './payments.failures.repository';
import { createInvoiceRows } from './payments.invoices.repository';
import { createPartyRows } from './payments.parties.repository';
import { createPaymentRows } from './payments.payment-rows.repository';
import { createRequestRows } from './payments.requests.repository';

export {
  hostedUrlOf,
  payPageUrl,
  providerOf,
  toInvoiceDto,
  toRequestPaymentDto,
  toWireDate,
} from './payments.wire.repository';

/**
 * The payments module's access to the database (payments.*.repository.ts), and where rows become wire DTOs.
 * Every function takes the database or an open transaction: the service owns transactions.
 *
 * Visibility of money (decision in README.md): an installer sees the invoices it issued and the payments
 * made to it; a dealership sees the invoices billed to it and every payment of its own requests. Anything
 * else is "not found".
 *
 * Split by concern and composed here: requests, invoices, billing parties and installers, payments, card
 * payment attempts, failures and rate limits (payments.<concern>.repository.ts); rows become wire DTOs in
 * payments.wire.repository.ts.
 */
export type DbOrTx = Db | Tx;
export type InvoiceRow = typeof invoices.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type AttemptRow = typeof cardPaymentAttempts.$inferSelect;
export type LocationRow = typeof installerLocations.$inferSelect;
export type InstallerRow = typeof installers.$inferSelect;

export type Viewer = { role: 'dealer' | 'installer'; companyId: number };

export type RequestForInvoice = {
  id: number;
  requestType: 'dealer' | 'installer';
  currentState: string;
  assignedInstallerId: number | null;
  requestorInstallerId: number | null;
  requestorDealerId: number | null;
  dealerId: number | null;
  customerId: number | null;
  totalCents: number;
  discountCents: number;
  taxesCents: number;
  depositAmountCents: number;
  serviceRequested: string;
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
  deletedAt: Date | null;
};

export function createPaymentsRepository() {
  return {
    ...createRequestRows(),
    ...createInvoiceRows(),
    ...createPartyRows(),
    ...createPaymentRows(),
    ...createCardAttemptRows(),
    ...createFailureRows(),
  };
}

export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
