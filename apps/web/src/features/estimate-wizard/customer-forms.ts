import {
  ZCreateCustomerBody,
  ZCreateDealerBody,
  ZUpdateCustomerBody,
} from '@app/contracts/customers.contract';
import { schemaResolver } from '@mantine/form';
import { z } from 'zod';

export type CustomerDraft = { name: string; phone: string; email: string; address: string };
export type DealerDraft = {
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
};

/**
 * New customer (001 §5): name, phone (10 digits) and e-mail required; address optional. The fields' rules and
 * messages are the contract's (POST /customers, with phone and e-mail required as PUT /customer requires them).
 */
export const ZCustomerDraft = z.object({
  name: ZCreateCustomerBody.shape.customerName,
  phone: ZUpdateCustomerBody.shape.customerPhoneNumber,
  email: ZUpdateCustomerBody.shape.customerEmailAddress,
  address: ZCreateCustomerBody.shape.customerAddress,
});

/** New dealer (001 §5): name ≥ 2, e-mail, phone 10, address ≥ 5, city ≥ 2, state 2, zip 5–10 (POST /dealers). */
export const ZDealerDraft = z.object({
  name: ZCreateDealerBody.shape.dealerName,
  email: ZCreateDealerBody.shape.dealerEmail,
  phone: ZCreateDealerBody.shape.dealerPhoneNumber,
  address: ZCreateDealerBody.shape.dealerAddressLine1,
  city: ZCreateDealerBody.shape.dealerAddressCity,
  state: ZCreateDealerBody.shape.dealerAddressState,
  zip: ZCreateDealerBody.shape.dealerAddressZip,
});

/** The @mantine/form validators of the two forms. */
export const customerResolver = schemaResolver(ZCustomerDraft, { sync: true });
export const dealerResolver = schemaResolver(ZDealerDraft, { sync: true });

export function validateCustomer(d: CustomerDraft): Partial<Record<keyof CustomerDraft, string>> {
  return customerResolver(d) as Partial<Record<keyof CustomerDraft, string>>;
}

export function validateDealer(d: DealerDraft): Partial<Record<keyof DealerDraft, string>> {
  return dealerResolver(d) as Partial<Record<keyof DealerDraft, string>>;
}
