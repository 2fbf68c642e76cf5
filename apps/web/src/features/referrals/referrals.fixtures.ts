import type { TReferral, TReferralSummary } from '@app/contracts/referrals.contract';

export const FIXTURE_REFERRAL_VIN = '1HGCM82633A004352';

/** A referral as rows 96 and 97 answer it. */
export function buildReferral(overrides: Partial<TReferral> = {}): TReferral {
  const id = overrides.referral_id ?? overrides.referralId ?? 31;
  return {
    referral_id: id,
    referralId: id,
    status: 'NEW',
    date_added: '2026/01/05 15:00:00',
    expiration_date: '2026/02/04 15:00:00',
    days_remaining: 30,
    expired: false,
    specialist_action: 'available',
    claim_token: null,
    customer_id: 41,
    customer_name: 'Jane Doe',
    customer_Email_Address: 'jane@example.com',
    customer_phone_number: null,
    VIN: FIXTURE_REFERRAL_VIN,
    Year: 2022,
    Make: 'Toyota',
    Model: 'Camry',
    requested_service: 'PPF',
    zip_code: '33602',
    location_area: 'Tampa, FL',
    claimed_date: null,
    claimed_at: null,
    claimed_specialist_name: null,
    claimed_specialist_business: null,
    dealer_id: 5,
    dealer_name: 'Sunrise Motors',
    request_id: null,
    bonus_amount: 25,
    bonus_payable: false,
    paid_out_at: null,
    history: [{ status: 'NEW', changed_at: '2026/01/05 15:00:00' }],
    ...overrides,
  };
}

export function buildSummary(overrides: Partial<TReferralSummary> = {}): TReferralSummary {
  return {
    funnel: { sold: 4, contacted: 3, viewed: 3, offered: 2, claimed: 2, booked: 1, complete: 1 },
    bonus_this_month: 100,
    bonus_total: 125,
    bonus_pending_payout: 100,
    ...overrides,
  };
}
