import { describe, expect, it } from 'vitest';
import { availablePaymentMethods, describePaidMethod, isJobFinished } from './payment-rules';

describe('payment rules (000 §5)', () => {
  it('offers Swipe Card with a reader and Settle without one', () => {
    expect(availablePaymentMethods({ hasReader: true })).toEqual(['check', 'online', 'swipe']);
    expect(availablePaymentMethods({ hasReader: false })).toEqual(['check', 'online', 'settle']);
  });

  it('finished, collected and reviewed jobs carry the final invoice', () => {
    expect(isJobFinished('finished')).toBe(true);
    expect(isJobFinished('collected')).toBe(true);
    expect(isJobFinished('started')).toBe(false);
  });

  it('describes how an invoice was paid', () => {
    expect(describePaidMethod({ method: 'check', check_number: '10452', card_last4: null })).toBe(
      'Paid by check #10452',
    );
    expect(describePaidMethod({ method: 'cash', check_number: null, card_last4: null })).toBe('Paid in cash');
    expect(describePaidMethod({ method: 'card', check_number: null, card_last4: '4242' })).toBe(
      'Paid by card ending 4242',
    );
    expect(describePaidMethod(null)).toBeNull();
  });
});
