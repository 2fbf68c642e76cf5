import type { TDealer } from '@app/contracts/customers.contract';
import { describe, expect, it } from 'vitest';
import { dealerAddress, templateHint } from './dealer-edit-form';

describe('the dealer form', () => {
  it('hints what the template choice will do (M215–M218)', () => {
    expect(templateHint(null, null)).toBe('No template currently assigned');
    expect(templateHint(4, 4)).toBe('Currently assigned');
    expect(templateHint(null, 4)).toBe('Will assign template');
    expect(templateHint(3, 4)).toBe('Will assign template');
    expect(templateHint(4, null)).toBe('Will remove current template assignment');
  });

  it('reads the billing address as one line, empty when there is none (M209)', () => {
    const base = {
      dealer_address_line1: '3310 W Bay to Bay Blvd',
      dealer_address_line2: null,
      dealer_address_city: 'Tampa',
      dealer_address_state: 'FL',
      dealer_address_zip: '33629',
    } as TDealer;
    expect(dealerAddress(base)).toBe('3310 W Bay to Bay Blvd, Tampa, FL 33629');
    expect(
      dealerAddress({
        ...base,
        dealer_address_line1: null,
        dealer_address_city: null,
        dealer_address_state: null,
        dealer_address_zip: null,
      }),
    ).toBe('');
  });
});
