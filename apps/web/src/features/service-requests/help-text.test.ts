import type { TRequestState } from '@app/contracts/service-requests.contract';
import { describe, expect, it } from 'vitest';
import { findHelpText } from './help-text';
import { buildEstimate, buildRequest } from './service-requests.fixtures';

describe('help text above the detail (M9–M20)', () => {
  const dealerCases: [TRequestState, string | null][] = [
    ['new', 'We are waiting for responses on this requested work'],
    ['answered', 'You can assign this work to a responding installer'],
    ['scheduled', 'Elite Auto Film is waiting for the vehicle to arrive'],
    ['received', 'We see that Elite Auto Film has received the vehicle'],
    ['started', 'Elite Auto Film has started your job'],
    ['finished', 'Elite Auto Film has finished your job'],
    ['collected', 'This completed work by Elite Auto Film is waiting for your review'],
    ['reviewed', null],
  ];
  it.each(dealerCases)('dealer, %s: %s', (state, text) => {
    const request = buildRequest({ currentState: state, installerName: 'Elite Auto Film', assignedTo: 7 });
    expect(findHelpText('dealer', request, 1)).toBe(text);
  });

  const installerCases: [TRequestState, string | null][] = [
    ['new', 'We are waiting for you to complete the estimate details'],
    ['received', 'We will let Sunrise Motors know when you start this work'],
    ['scheduled', 'We are waiting for the car from Sunrise Motors to arrive'],
    ['started', 'We will let Sunrise Motors know when you finish this work'],
    ['finished', "We hope the work is done to Sunrise Motors's satisfaction"],
    // No text is given for these (catalogue §5.3: design needed).
    ['answered', null],
    ['collected', null],
    ['reviewed', null],
  ];
  it.each(installerCases)('installer, %s: %s', (state, text) => {
    const request = buildRequest({ currentState: state, installerName: 'Elite Auto Film', assignedTo: 7 });
    expect(findHelpText('installer', request, 7)).toBe(text);
  });

  it("names the retail customer as {dealer} on an installer's own estimate", () => {
    const estimate = buildEstimate({
      currentState: 'scheduled',
      dealerName: null,
      customerName: 'Olivia Chen',
    });
    expect(findHelpText('installer', estimate, estimate.requestor)).toBe(
      'We are waiting for the car from Olivia Chen to arrive',
    );
  });

  it('still reads when the installer name is missing', () => {
    expect(findHelpText('dealer', buildRequest({ currentState: 'started', installerName: null }), 1)).toBe(
      'Your installer has started your job',
    );
    expect(findHelpText('dealer', buildRequest({ currentState: 'collected', installerName: '  ' }), 1)).toBe(
      'This completed work by your installer is waiting for your review',
    );
  });

  it('says nothing to an installer about work that is not its own: a rejected offer, a claim it lost', () => {
    const offered = buildRequest({ currentState: 'new', assignedTo: 0, offerState: 'offered' });
    expect(findHelpText('installer', offered, 7)).toBe(
      'We are waiting for you to complete the estimate details',
    );
    expect(findHelpText('installer', { ...offered, offerState: 'rejected' }, 7)).toBeNull();
    const claimedByOther = buildRequest({ currentState: 'scheduled', assignedTo: 9, offerState: 'offered' });
    expect(findHelpText('installer', claimedByOther, 7)).toBeNull();
    expect(findHelpText('installer', { ...claimedByOther, assignedTo: 7 }, 7)).toBe(
      'We are waiting for the car from Sunrise Motors to arrive',
    );
  });
});
