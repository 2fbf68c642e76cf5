import { customerCalls } from '@app/contracts/customers.contract';
import { schedulingCalls } from '@app/contracts/scheduling.contract';
import { vehicleCalls } from '@app/contracts/vehicles.contract';
import { callApi } from '../../lib/call-api';
import type { CustomerDraft, DealerDraft } from './customer-forms';

/* The installer wizard's own calls, through the contract's descriptors (decision 008); reads are quiet. */
const quiet = { isQuiet: true } as const;

/** Customers or dealers whose name matches the search (GET /customers, GET /dealers), as id and name. */
export async function searchParties(
  kind: 'customer' | 'dealer',
  query: string,
): Promise<{ id: number; name: string }[]> {
  if (kind === 'customer') {
    const rows = await callApi(customerCalls.listCustomers, { query: { q: query } }, quiet);
    return rows.map((c) => ({ id: c.customer_id, name: c.customer_name }));
  }
  const rows = await callApi(customerCalls.listDealers, { query: { q: query } }, quiet);
  return rows.map((d) => ({ id: d.dealerId, name: d.dealer_name }));
}

/** POST /customers: the installer's new customer. */
export function createCustomer(draft: CustomerDraft, installerId: number) {
  return callApi(customerCalls.createCustomer, {
    body: {
      customerName: draft.name,
      customerEmailAddress: draft.email,
      customerPhoneNumber: draft.phone,
      customerAddress: draft.address || null,
      owningInstaller: installerId,
    },
  });
}

/** POST /dealers: a dealership the installer works for. */
export function createDealer(draft: DealerDraft) {
  return callApi(customerCalls.createDealer, {
    body: {
      dealerName: draft.name,
      dealerEmail: draft.email,
      dealerPhoneNumber: draft.phone,
      dealerAddressLine1: draft.address,
      dealerAddressCity: draft.city,
      dealerAddressState: draft.state,
      dealerAddressZip: draft.zip,
    },
  });
}

/** The city and state of a US ZIP (GET /address/zip/{zip}). */
export function completeZip(zip: string) {
  return callApi(customerCalls.completeZip, { params: { zip } }, quiet);
}

/**
 * GET /vehicles/{customer}/{installerId} (001 §7): the customer's (or dealership's) vehicles of the installer's
 * earlier work.
 */
export function fetchPartyVehicles(party: { kind: 'customer' | 'dealer'; id: number }, installerId: number) {
  return callApi(
    vehicleCalls.listCustomerVehicles,
    { params: { customer: party.id, installerId }, query: { type: party.kind } },
    quiet,
  );
}

/**
 * The installer's previous jobs for the customer or dealership: rows 135/136 (GET /getcustomerjobs/{id}/{typeId},
 * /getdealerjobs/{id}/{typeId}), the calls of the customers screen's SHOW JOBS too.
 */
export function fetchPartyJobs(party: { kind: 'customer' | 'dealer'; id: number }, installerId: number) {
  return party.kind === 'customer'
    ? callApi(
        customerCalls.listCustomerJobsOf,
        { params: { customerId: party.id, typeId: installerId } },
        quiet,
      )
    : callApi(customerCalls.listDealerJobsOf, { params: { dealerId: party.id, typeId: installerId } }, quiet);
}

/** GET /installerCalendars/{installerId}: the booked and blocked days of the drop-off picker. */
export function fetchInstallerCalendar(installerId: number) {
  return callApi(schedulingCalls.installerCalendars, { params: { installerId } }, quiet);
}

/** GET /availability/{installerId}: whether the job fits from the drop-off date (the wizard's banner). */
export function fetchAvailability(installerId: number, dropOff: string, duration: number) {
  return callApi(
    schedulingCalls.availabilitySummary,
    { params: { installerId }, query: { duration: Math.max(1, duration), checkDate: dropOff } },
    quiet,
  );
}
