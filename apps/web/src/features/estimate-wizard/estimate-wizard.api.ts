import {
  ZCreateCustomerReply,
  ZCreateDealerReply,
  ZCustomer,
  ZDealer,
  ZZipCompletion,
} from '@app/contracts/customers.contract';
import { z } from 'zod';
import { apiGet, apiPost, buildPath } from '../../lib/api-client';
import type { CustomerDraft, DealerDraft } from './customer-forms';

/** Customers or dealers whose name matches the search (GET /customers, GET /dealers), as id and name. */
export async function searchParties(
  kind: 'customer' | 'dealer',
  query: string,
): Promise<{ id: number; name: string }[]> {
  if (kind === 'customer') {
    const rows = await apiGet('/customers', z.array(ZCustomer), { query: { q: query }, isQuiet: true });
    return rows.map((c) => ({ id: c.customer_id, name: c.customer_name }));
  }
  const rows = await apiGet('/dealers', z.array(ZDealer), { query: { q: query }, isQuiet: true });
  return rows.map((d) => ({ id: d.dealerId, name: d.dealer_name }));
}

/** POST /customers: the installer's new customer. */
export function createCustomer(draft: CustomerDraft, installerId: number) {
  return apiPost(
    '/customers',
    {
      customerName: draft.name,
      customerEmailAddress: draft.email,
      customerPhoneNumber: draft.phone,
      customerAddress: draft.address || null,
      owningInstaller: installerId,
    },
    ZCreateCustomerReply,
  );
}

/** POST /dealers: a dealership the installer works for. */
export function createDealer(draft: DealerDraft) {
  return apiPost(
    '/dealers',
    {
      dealerName: draft.name,
      dealerEmail: draft.email,
      dealerPhoneNumber: draft.phone,
      dealerAddressLine1: draft.address,
      dealerAddressCity: draft.city,
      dealerAddressState: draft.state,
      dealerAddressZip: draft.zip,
    },
    ZCreateDealerReply,
  );
}

/** The city and state of a US ZIP (GET /address/zip/{zip}). */
export function completeZip(zip: string) {
  return apiGet(buildPath('/address/zip/:zip', { zip }), ZZipCompletion, { isQuiet: true });
}
