import type { TRequestimate, TRequestState } from '@app/contracts/service-requests.contract';
import type { UserType } from '@app/domain/identity/access';

/**
 * The sentence above the detail panel, by role and state (000 §2; catalogue M9–M20). No text is given for
 * installer answered/collected/reviewed or dealer reviewed (catalogue: design needed), so none is shown.
 */
const dealerTexts: Partial<Record<TRequestState, string>> = {
  new: 'We are waiting for responses on this requested work',
  answered: 'You can assign this work to a responding installer',
  scheduled: '{installer} is waiting for the vehicle to arrive',
  received: 'We see that {installer} has received the vehicle',
  started: '{installer} has started your job',
  finished: '{installer} has finished your job',
  collected: 'This completed work by {installer} is waiting for your review',
};

const installerTexts: Partial<Record<TRequestState, string>> = {
  new: 'We are waiting for you to complete the estimate details',
  received: 'We will let {dealer} know when you start this work',
  scheduled: 'We are waiting for the car from {dealer} to arrive',
  started: 'We will let {dealer} know when you finish this work',
  finished: "We hope the work is done to {dealer}'s satisfaction",
};

/** When a name is missing the sentence still reads. */
const FALLBACK_INSTALLER = 'your installer';
const FALLBACK_DEALER = 'the customer';

/**
 * An installer reads a dealer request it is not (or no longer) working on: its offer was rejected, or
 * another specialist was assigned (a claim it lost). The state's sentence is about someone else's work.
 */
function isBystander(
  request: Pick<TRequestimate, 'requestType' | 'currentState' | 'assignedTo' | 'offerState'>,
  viewerCompanyId: number,
): boolean {
  if (request.requestType !== 'dealer') return false;
  if (request.offerState === 'rejected') return true;
  return request.assignedTo > 0 && request.assignedTo !== viewerCompanyId;
}

export function findHelpText(
  userType: UserType,
  request: Pick<
    TRequestimate,
    | 'currentState'
    | 'installerName'
    | 'dealerName'
    | 'customerName'
    | 'requestType'
    | 'assignedTo'
    | 'offerState'
  >,
  viewerCompanyId: number,
): string | null {
  if (userType === 'installer' && isBystander(request, viewerCompanyId)) return null;
  const template = (userType === 'dealer' ? dealerTexts : installerTexts)[request.currentState];
  if (!template) return null;
  const installer =
    request.installerName?.trim() ||
    (template.startsWith('{installer}') ? 'Your installer' : FALLBACK_INSTALLER);
  // For a retail estimate the counterpart is the customer (the wire's dealerName already names them).
  const dealer = request.dealerName?.trim() || request.customerName?.trim() || FALLBACK_DEALER;
  return template.replaceAll('{installer}', installer).replaceAll('{dealer}', dealer);
}
