import { normalizePhone } from '@app/contracts/customers.contract';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** New customer (001 §5): name, phone (10 digits) and e-mail required; address optional. */
export function validateCustomer(d: CustomerDraft): Partial<Record<keyof CustomerDraft, string>> {
  const errors: Partial<Record<keyof CustomerDraft, string>> = {};
  if (!d.name.trim()) errors.name = 'Name is required';
  if (!normalizePhone(d.phone)) errors.phone = 'Phone number must be 10 digits';
  if (!EMAIL.test(d.email.trim())) errors.email = 'Please enter a valid email address';
  return errors;
}

/** New dealer (001 §5): name ≥ 2, e-mail, phone 10, address ≥ 5, city ≥ 2, state 2, zip 5–10. */
export function validateDealer(d: DealerDraft): Partial<Record<keyof DealerDraft, string>> {
  const errors: Partial<Record<keyof DealerDraft, string>> = {};
  if (d.name.trim().length < 2) errors.name = 'Name must be at least 2 characters';
  if (!EMAIL.test(d.email.trim())) errors.email = 'Please enter a valid email address';
  if (!normalizePhone(d.phone)) errors.phone = 'Phone number must be 10 digits';
  if (d.address.trim().length < 5) errors.address = 'Address must be at least 5 characters';
  if (d.city.trim().length < 2) errors.city = 'City must be at least 2 characters';
  if (d.state.trim().length !== 2) errors.state = 'State must be 2 letters';
  const zip = d.zip.trim().length;
  if (zip < 5 || zip > 10) errors.zip = 'ZIP must be 5 to 10 characters';
  return errors;
}
