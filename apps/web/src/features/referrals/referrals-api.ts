import type { TSessionUser } from '@app/contracts/auth.contract';
import { referralCalls } from '@app/contracts/referrals.contract';
import { apiRequest } from '../../lib/api-client';
import { callApi } from '../../lib/call-api';

/** The dealer's referrals (row 96) or the leads offered to and claimed by the installer (row 97). */
export function fetchReferrals(user: Pick<TSessionUser, 'userType' | 'userId' | 'companyId'>) {
  return user.userType === 'dealer'
    ? callApi(referralCalls.dealerReferrals, { params: { userId: user.userId } }, { isQuiet: true })
    : callApi(referralCalls.specialistReferrals, { params: { typeId: user.companyId } }, { isQuiet: true });
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
