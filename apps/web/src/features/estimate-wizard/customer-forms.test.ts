import { describe, expect, it } from 'vitest';
import { validateCustomer, validateDealer } from './customer-forms';

describe('add customer validation', () => {
  it('requires name, a 10-digit phone and a valid e-mail', () => {
    expect(validateCustomer({ name: '', phone: '555', email: 'x', address: '' })).toEqual({
      name: 'Name is required',
      phone: 'Phone number must be 10 digits',
      email: 'Please enter a valid email address',
    });
    expect(
      validateCustomer({ name: 'Ann Lee', phone: '(555) 123-4567', email: 'ann@x.com', address: '' }),
    ).toEqual({});
  });
  it('checks every dealer field', () => {
    const ok = {
      name: 'AB',
      email: 'a@b.co',
      phone: '5551234567',
      address: '1 Main',
      city: 'LA',
      state: 'CA',
      zip: '90001',
    };
    expect(validateDealer({ ...ok, address: '1 Ma' })).toEqual({
      address: 'Address must be at least 5 characters',
    });
    expect(validateDealer(ok)).toEqual({});
    expect(Object.keys(validateDealer({ ...ok, name: 'A', state: 'CAL', zip: '123', city: 'L' }))).toEqual([
      'name',
      'city',
      'state',
      'zip',
    ]);
  });
});
