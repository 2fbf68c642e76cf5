import type { TReferral } from '@app/contracts/referrals.contract';
import { describe, expect, it } from 'vitest';
import { cleanVinInput, toNewReferral, validateReferralForm } from './add-referral-rules';
import {
  canConvert,
  capitalizeWords,
  describeDaysRemaining,
  describeReferralProgress,
  describeSpecialistAction,
} from './referral-texts';

const GOOD_VIN = '1HGCM82633A004352';

describe('the add-referral form (001 §5)', () => {
  it('asks for every field of an empty form', () => {
    expect(validateReferralForm({ vin: '', customerName: '', customerEmail: '' })).toEqual({
      vin: 'VIN is required',
      customerName: 'Customer name is required',
      customerEmail: 'Customer email is required',
    });
  });

  it('refuses a VIN that is short or has I, O or Q, and a bad e-mail', () => {
    const rule = 'VIN must be exactly 17 characters (letters and numbers, excluding I, O, Q)';
    expect(validateReferralForm({ vin: '1HGCM8263', customerName: 'Ann', customerEmail: 'ann@x' })).toEqual({
      vin: rule,
      customerEmail: 'Please enter a valid customer email address',
    });
    expect(
      validateReferralForm({ vin: '1HGCM82633A00435O', customerName: 'Ann', customerEmail: 'a@b.co' }).vin,
    ).toBe(rule);
  });

  it('accepts a good form, VIN in any case', () => {
    expect(
      validateReferralForm({ vin: GOOD_VIN.toLowerCase(), customerName: 'x', customerEmail: 'a@b.co' }),
    ).toEqual({});
  });

  it('upper-cases the VIN as typed and keeps 17 characters', () => {
    expect(cleanVinInput(`${GOOD_VIN.toLowerCase()}XYZ`)).toBe(GOOD_VIN);
  });

  it('capitalises the name word by word before saving', () => {
    expect(capitalizeWords('  jane   mary mcDonald ')).toBe('Jane Mary McDonald');
    expect(
      toNewReferral({ vin: GOOD_VIN.toLowerCase(), customerName: 'jane doe', customerEmail: ' Jane@X.Co ' }),
    ).toEqual({ vin: GOOD_VIN, customerName: 'Jane Doe', customerEmailAddress: 'jane@x.co' });
  });
});

function referral(overrides: Partial<TReferral>): TReferral {
  return {
    status: 'NEW',
    expired: false,
    days_remaining: 30,
    specialist_action: 'available',
    customer_name: 'Jane Doe',
    claimed_specialist_name: null,
    bonus_amount: 25,
    paid_out_at: null,
    ...overrides,
  } as TReferral;
}

describe('row texts (catalogue §5.11)', () => {
  it("tells the dealer the days left, 'Expired', or nothing once claimed", () => {
    expect(describeDaysRemaining(referral({ days_remaining: 30 }))).toBe('30 days remaining');
    expect(describeDaysRemaining(referral({ status: 'OFFERED', days_remaining: 1 }))).toBe('1 day remaining');
    expect(describeDaysRemaining(referral({ expired: true, days_remaining: 0 }))).toBe('Expired');
    expect(describeDaysRemaining(referral({ status: 'CLAIMED', days_remaining: null }))).toBeNull();
  });

  it("tells the installer 'Available to Claim' or 'Ready to Convert'", () => {
    expect(describeSpecialistAction(referral({ status: 'OFFERED' }))).toBe('Available to Claim');
    const owned = referral({ status: 'CLAIMED', specialist_action: 'owned' });
    expect(describeSpecialistAction(owned)).toBe('Ready to Convert');
    expect(canConvert(owned)).toBe(true);
    const converted = referral({ status: 'ESTIMATE_CREATED', specialist_action: 'owned' });
    expect(describeSpecialistAction(converted)).toBe('Estimate created');
    expect(canConvert(converted)).toBe(false);
  });

  it('gives the dealer a status message with the bonus', () => {
    expect(describeReferralProgress(referral({}))).toBe(
      'Sale recorded. We are e-mailing Jane Doe about protection options. You earn a $25.00 bonus when the work is complete.',
    );
    expect(describeReferralProgress(referral({ status: 'COMPLETE', bonus_amount: 100 }))).toBe(
      "Work complete! Your $100.00 bonus is approved and will be paid with this month's payout.",
    );
    expect(
      describeReferralProgress(referral({ status: 'CLAIMED', claimed_specialist_name: 'Elite Auto Film' })),
    ).toContain('Elite Auto Film claimed this lead and will contact Jane Doe within 24 hours.');
  });
});
