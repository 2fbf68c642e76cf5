/**
 * PUT /requestimates/requestbyID/ receives the whole request. Only some fields may change (see
 * ZRequestUpdateBody); the stored ones may be echoed back unchanged. This file says which echoed fields
 * differ from the row (pure, so the rule is easy to read and to test).
 */
import { parseWireInstant, type TRequestUpdateBody } from '@app/contracts/lifecycle.contract';
import type { RequestRow } from './lifecycle.repository';

type Comparison = 'same' | 'cents' | 'tenths' | 'instant' | 'coordinate';

/** [wire names, stored value, how to compare]. */
const echoedFields: [
  keys: (keyof TRequestUpdateBody)[],
  read: (row: RequestRow) => unknown,
  how: Comparison,
][] = [
  [['requestId', 'Request_id'], (r) => r.id, 'same'],
  [['requestType', 'Request_type'], (r) => r.requestType, 'same'],
  [['requestor', 'Requestor'], (r) => r.requestorDealerId ?? r.requestorInstallerId, 'same'],
  [['dealerId'], (r) => r.dealerId, 'same'],
  [['customerId'], (r) => r.customerId, 'same'],
  [['vehicleYear'], (r) => r.vehicleYear, 'same'],
  [['vehicleMake'], (r) => r.vehicleMake, 'same'],
  [['vehicleModel'], (r) => r.vehicleModel, 'same'],
  [['vehicleTrim'], (r) => r.vehicleTrim, 'same'],
  [['serviceRequested', 'Service_Requested'], (r) => r.serviceRequested, 'same'],
  [['requestTotal', 'Request_Total'], (r) => r.totalCents, 'cents'],
  [['requestDiscount', 'Request_Discount'], (r) => r.discountCents, 'cents'],
  [['requestTaxes', 'Request_taxes'], (r) => r.taxesCents, 'cents'],
  [['requestFee', 'Request_Fee'], (r) => r.feeCents, 'cents'],
  [['requestDuration', 'request_duration'], (r) => r.durationTenths, 'tenths'],
  [['availableDate', 'available_date'], (r) => r.availableDate, 'instant'],
  [['dueDate', 'due_date'], (r) => r.dueDate, 'instant'],
  [['invoiceId'], (r) => r.invoiceNumber, 'same'],
  [['customer_facing_invoice'], (r) => r.customerFacingInvoice, 'same'],
  [['contract_url'], (r) => r.contractUrl, 'same'],
  [['latitude'], (r) => r.latitude, 'coordinate'],
  [['longitude'], (r) => r.longitude, 'coordinate'],
];

function isSame(given: unknown, stored: unknown, how: Comparison): boolean {
  if (given === null || given === undefined) return stored === null || stored === undefined;
  if (stored === null || stored === undefined) return false;
  switch (how) {
    case 'same':
      return given === stored;
    case 'cents':
      return typeof given === 'number' && Math.round(given * 100) === stored;
    case 'tenths':
      return typeof given === 'number' && Math.round(given * 10) === stored;
    case 'coordinate':
      return typeof given === 'number' && typeof stored === 'number' && Math.abs(given - stored) < 1e-7;
    case 'instant': {
      if (typeof given !== 'string' || !(stored instanceof Date)) return false;
      const instant = parseWireInstant(given);
      return instant !== null && Math.floor(instant.getTime() / 1000) === Math.floor(stored.getTime() / 1000);
    }
  }
}

/** Wire names of the echoed fields whose value differs from the stored request. */
export function listChangedEchoedFields(body: TRequestUpdateBody, row: RequestRow): string[] {
  const changed: string[] = [];
  for (const [keys, read, how] of echoedFields) {
    for (const key of keys) {
      if (!(key in body) || body[key] === undefined) continue;
      if (!isSame(body[key], read(row), how)) changed.push(key);
    }
  }
  return changed;
}
