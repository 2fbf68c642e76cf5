import { formatDuplicateConfirmation } from '@app/contracts/request-creation.contract';
import { describe, expect, it } from 'vitest';
import { findInvalidNumbers } from './request-pricing';

describe('findInvalidNumbers', () => {
  it('names every NaN or infinite money field with its service number', () => {
    expect(
      findInvalidNumbers([
        { serviceAmount: Number.NaN, serviceState: 'new' },
        { serviceAmount: 10, serviceFee: Number.POSITIVE_INFINITY, serviceDiscount: 1, serviceState: 'new' },
      ] as never),
    ).toEqual(['Invalid cost for service 1: NaN', 'Invalid fee for service 2: Infinity']);
    expect(findInvalidNumbers([{ serviceAmount: 10, serviceState: 'new' }] as never, 2)).toEqual([]);
  });
});

describe('formatDuplicateConfirmation', () => {
  it('reads like M78', () => {
    expect(
      formatDuplicateConfirmation({ year: 2020, make: 'Tesla', model: 'Model 3' }, [
        { requestId: 7, current_state: 'new', available_date: '2025/03/04 09:00:00' },
        { requestId: 9, current_state: 'scheduled', available_date: '2025/03/10 09:00:00' },
      ]),
    ).toBe(
      'We found 2 existing estimate(s) and job(s) for this 2020 Tesla Model 3: #7 new (available 2025/03/04 09:00:00), #9 scheduled (available 2025/03/10 09:00:00). Do you want to continue creating a new request?',
    );
  });
});
