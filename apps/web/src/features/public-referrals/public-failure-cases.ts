import { referralMessages } from '@app/contracts/referrals.contract';
import type { FakeAnswer } from '../../test/fake-fetch';

type FailureCase = readonly [label: string, answer: FakeAnswer, message: string];

/**
 * For the public pages' tests: the three ways a submit fails (001 §8): a 4xx whose message the page shows,
 * a server failure that shows the page's own `fallback`, and no answer at all (M112).
 */
export function publicFailureCases(
  clientError: { label: string; status: number; code: string; message: string },
  fallback: { label: string; message: string },
): FailureCase[] {
  return [
    [
      clientError.label,
      { status: clientError.status, body: { code: clientError.code, message: clientError.message } },
      clientError.message,
    ],
    [
      fallback.label,
      { status: 500, body: { code: 'INTERNAL', message: 'An unexpected error occurred.' } },
      fallback.message,
    ],
    ['M112 when the request never got an answer', 'network-error', referralMessages.network],
  ];
}
