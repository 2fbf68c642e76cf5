import { catalogTemplateCalls } from '@app/contracts/catalog-templates.contract';
import {
  customerCalls as calls,
  customerPaths,
  type TCustomer,
  type TDealer,
  ZMessageReply,
} from '@app/contracts/customers.contract';
import { ApiHttpError, apiRequest, buildPath } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

const quiet = { isQuiet: true } as const;

/** The type-ahead shows this many matches; the server searches (rows 133, 134 with ?q=&limit=). */
export const TYPE_AHEAD_LIMIT = 20;

export type PartyKind = 'customer' | 'dealer';
export type Found = { kind: 'customer'; record: TCustomer } | { kind: 'dealer'; record: TDealer };

export async function searchParties(kind: PartyKind, installerId: number, q: string): Promise<Found[]> {
  const input = { params: { typeId: installerId }, query: { q, limit: TYPE_AHEAD_LIMIT } };
  if (kind === 'customer') {
    const rows = await callApi(calls.listInstallerCustomers, input, quiet);
    return rows.map((record) => ({ kind: 'customer', record }));
  }
  const rows = await callApi(calls.listInstallerDealers, input, quiet);
  return rows.map((record) => ({ kind: 'dealer', record }));
}

export const partyName = (f: Found) =>
  f.kind === 'customer' ? f.record.customer_name : f.record.dealer_name;
export const partyId = (f: Found) => (f.kind === 'customer' ? f.record.customer_id : f.record.dealer_id);

/** The city and state of a US ZIP (GET /address/zip/{zip}), or null when it is not a US ZIP. */
export async function completeUsZip(zip: string) {
  try {
    return await callApi(calls.completeZip, { params: { zip } }, quiet);
  } catch (error) {
    if (error instanceof ApiHttpError && error.status === 404) return null;
    throw error;
  }
}

/** Rows 135, 136 (SHOW JOBS). */
export function fetchPartyJobs(kind: PartyKind, id: number, installerId: number) {
  return kind === 'customer'
    ? callApi(calls.listCustomerJobsOf, { params: { customerId: id, typeId: installerId } }, quiet)
    : callApi(calls.listDealerJobsOf, { params: { dealerId: id, typeId: installerId } }, quiet);
}

export type CustomerInput = { name: string; phone: string; email: string; address: string };

/** Row 126: UPDATE CUSTOMER. */
export function updateCustomer(record: TCustomer, input: CustomerInput) {
  return callApi(
    calls.updateCustomer,
    {
      params: { id: record.customer_id },
      body: {
        customerName: input.name,
        customerEmailAddress: input.email,
        customerPhoneNumber: input.phone,
        customerAddress: input.address.trim() ? input.address : null,
        customerType: record.customer_type,
        customerId: record.customer_id,
      },
    },
    quiet,
  );
}

export type DealerInput = { name: string; phone: string; email: string };

/**
 * Rows 131, 132: PUT /dealers/{id}; on a 404, `onNotFound` (M199) and the same body on PUT /dealer/{id}.
 */
export async function updateDealer(record: TDealer, input: DealerInput, onNotFound: () => void) {
  const body = {
    dealerId: record.dealer_id,
    dealerName: input.name,
    dealerEmail: input.email,
    dealerPhoneNumber: input.phone,
  };
  try {
    return await callApi(calls.updateDealer, { params: { id: record.dealer_id }, body }, quiet);
  } catch (error) {
    if (!(error instanceof ApiHttpError) || error.status !== 404 || error.code === 'NOT_FOUND') throw error;
    onNotFound();
    return apiRequest(buildPath(customerPaths.dealerSingular, { id: record.dealer_id }), {
      method: 'PUT',
      body,
      schema: ZMessageReply,
      isQuiet: true,
    });
  }
}

/** The dealership's current template (row 141 with ?dealership=), or null. */
export async function fetchDealerTemplate(installerId: number, dealerId: number): Promise<number | null> {
  const found = await callApi(
    catalogTemplateCalls.searchTemplates,
    { params: { typeId: installerId }, query: { dealership: String(dealerId) } },
    quiet,
  );
  return found[0]?.template_id ?? null;
}

/** Row 137: the installer's templates (the dealer form's dropdown). */
export const fetchTemplates = (installerId: number) =>
  callApi(catalogTemplateCalls.listTemplates, { params: { typeId: installerId } }, quiet);

/** Rows 139/140: assign the chosen template, or take the current one away (null). */
export function setDealerTemplate(
  installerId: number,
  dealerId: number,
  current: number | null,
  chosen: number | null,
) {
  const body = { dealership_ids: [dealerId] };
  if (chosen !== null) {
    return callApi(
      catalogTemplateCalls.assignTemplate,
      { params: { typeId: installerId, templateId: chosen }, body },
      quiet,
    );
  }
  if (current === null) return Promise.resolve(null);
  return callApi(
    catalogTemplateCalls.removeTemplateDealerships,
    { params: { typeId: installerId, templateId: current }, body },
    quiet,
  );
}

/** M200: 'Error updating dealer' with the status and message of an answer, or the message of a failure. */
export function describeDealerFailure(error: unknown): string {
  if (error instanceof ApiHttpError) return `Error updating dealer: ${error.status} ${error.message}`;
  return `Error updating dealer: ${error instanceof Error ? error.message : String(error)}`;
}
