import type { TSessionUser } from '@app/contracts/auth.contract';
import { REFERRAL_PAGE_DEFAULT, referralCalls } from '@app/contracts/referrals.contract';
import { apiRequest } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

/**
 * A page of the dealer's referrals (row 96) or of the leads offered to and claimed by the installer (row 97),
 * newest first; `before` (the last referral of the page before) reads the next older page.
 */
export function fetchReferrals(
  user: Pick<TSessionUser, 'userType' | 'userId' | 'companyId'>,
  before?: number,
) {
  const query = { limit: REFERRAL_PAGE_DEFAULT, before };
  return user.userType === 'dealer'
    ? callApi(referralCalls.dealerReferrals, { params: { userId: user.userId }, query }, { isQuiet: true })
    : callApi(
        referralCalls.specialistReferrals,
        { params: { typeId: user.companyId }, query },
        { isQuiet: true },
      );
}

/** The page after `page`, or none when it was the last (a short page). */
export function olderReferralsAfter(page: { referral_id: number }[]): number | undefined {
  return page.length < REFERRAL_PAGE_DEFAULT ? undefined : page.at(-1)?.referral_id;
}

/** The dealership's funnel and bonuses. */
export function fetchReferralSummary(dealerId: number) {
  return callApi(referralCalls.summary, { params: { dealerId } }, { isQuiet: true });
}

export type NewReferral = { vin: string; customerName: string; customerEmailAddress: string };

/** Row 98 in its one-call form: the customer and the referral are written together (status NEW). */
export function createReferral(user: Pick<TSessionUser, 'userId' | 'companyId'>, referral: NewReferral) {
  return callApi(
    referralCalls.create,
    { body: { ...referral, userId: user.userId, dealerId: user.companyId, status: 'NEW' } },
    { isQuiet: true },
  );
}

/**
 * Row 100 signed in (decision 17): no claim token, the server fills the specialist fields from the company.
 * The descriptor is public (the e-mailed link claims with a token), so callApi would send no session: this
 * call sends the signed-in session (and refreshes it) like every other signed-in call.
 */
export function claimReferral(referralId: number) {
  const call = referralCalls.claim;
  return apiRequest(call.path, {
    method: call.method,
    body: { referral_id: referralId },
    schema: call.reply,
    isQuiet: true,
  });
}
