import { describe, expect, it } from 'vitest';
import { completeAddress, isComplete, trailingZip } from './us-address';

const tampa = { zip: '33609', city: 'Tampa', state: 'FL' };

describe('US address completion', () => {
  it('finds a trailing US ZIP only', () => {
    expect(trailingZip('12 Bay St 33609')).toBe('33609');
    expect(trailingZip('12 Bay St, 33609-1234')).toBe('33609');
    expect(trailingZip('33609')).toBe('33609');
    expect(trailingZip('12 Bay St')).toBeNull();
    expect(trailingZip('12 Bay St SW1A1AA')).toBeNull();
    expect(trailingZip('12 Bay St 336091')).toBeNull();
  });

  it('completes the city and state, keeping the street as typed', () => {
    expect(completeAddress('12 Bay St 33609', tampa)).toBe('12 Bay St, Tampa, FL 33609');
    expect(completeAddress('12 Bay St, 33609-1234', tampa)).toBe('12 Bay St, Tampa, FL 33609');
    expect(completeAddress('33609', tampa)).toBe('Tampa, FL 33609');
    expect(isComplete('12 Bay St, Tampa, FL 33609', tampa)).toBe(true);
    expect(isComplete('12 Bay St 33609', tampa)).toBe(false);
  });
});
