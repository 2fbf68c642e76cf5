import { describe, expect, it } from 'vitest';
import {
  countReferralFunnel,
  decideReferralTransition,
  isReferralExpired,
  type ReferralStatus,
  referralDaysRemaining,
  referralExpirationDate,
  referralOffersOpenSince,
  referralStatuses,
  referralStatusesBeforeClaim,
  referralStatusesInWork,
} from './referral-status';

const NOW = new Date('2026-11-25T12:00:00Z');
const later = new Date('2026-12-20T12:00:00Z');
const past = new Date('2026-11-01T12:00:00Z');
const at = (status: ReferralStatus, expirationDate: Date | null = later) => ({ status, expirationDate });

describe('the referral state machine', () => {
  it.each([
    ['NEW', { type: 'contactSent' }, 'CONTACT'],
    ['CONTACT', { type: 'pageViewed' }, 'VIEWED'],
    ['NEW', { type: 'pageViewed' }, 'VIEWED'],
    ['VIEWED', { type: 'interested' }, 'OFFERED'],
    ['OFFERED', { type: 'claimed' }, 'CLAIMED'],
    ['CLAIMED', { type: 'converted', booked: false }, 'ESTIMATE_CREATED'],
    ['CLAIMED', { type: 'converted', booked: true }, 'BOOKED'],
    ['ESTIMATE_CREATED', { type: 'requestMoved', status: 'SCHEDULED' }, 'SCHEDULED'],
    ['BOOKED', { type: 'requestMoved', status: 'RECEIVED' }, 'RECEIVED'],
    ['FINISHED', { type: 'requestMoved', status: 'COMPLETE' }, 'COMPLETE'],
  ] as const)('%s + %o → %s', (status, event, to) => {
    expect(decideReferralTransition(at(status), event, NOW)).toEqual({ ok: true, to });
  });

  it.each([
    ['VIEWED', { type: 'pageViewed' }],
    ['OFFERED', { type: 'pageViewed' }],
    ['CONTACT', { type: 'contactSent' }],
    ['OFFERED', { type: 'interested' }],
    ['BOOKED', { type: 'requestMoved', status: 'SCHEDULED' }],
    ['STARTED', { type: 'requestMoved', status: 'RECEIVED' }],
    ['COMPLETE', { type: 'requestMoved', status: 'FINISHED' }],
    ['OFFERED', { type: 'requestMoved', status: 'SCHEDULED' }],
  ] as const)('%s + %o changes nothing (a repeat, or a step back)', (status, event) => {
    expect(decideReferralTransition(at(status), event, NOW)).toEqual({ ok: true, to: null });
  });

  it.each([
    ['CLAIMED', { type: 'claimed' }, 'alreadyClaimed'],
    ['COMPLETE', { type: 'claimed' }, 'alreadyClaimed'],
    ['VIEWED', { type: 'claimed' }, 'notOffered'],
    ['OFFERED', { type: 'converted', booked: false }, 'notClaimed'],
    ['ESTIMATE_CREATED', { type: 'converted', booked: false }, 'notClaimed'],
  ] as const)('%s + %o is refused: %s', (status, event, reason) => {
    expect(decideReferralTransition(at(status), event, NOW)).toEqual({ ok: false, reason });
  });

  it('an expired lead can be neither offered nor claimed; once claimed it no longer expires', () => {
    expect(decideReferralTransition(at('OFFERED', past), { type: 'claimed' }, NOW)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(decideReferralTransition(at('VIEWED', past), { type: 'interested' }, NOW)).toEqual({
      ok: false,
      reason: 'expired',
    });
    expect(isReferralExpired(at('OFFERED', NOW), NOW)).toBe(true);
    expect(isReferralExpired(at('CLAIMED', past), NOW)).toBe(false);
    expect(isReferralExpired(at('NEW', null), NOW)).toBe(false);
  });
});

describe('expiration and days remaining (decision 010)', () => {
  it('a referral can be claimed for 30 days; days remaining round up and stop at 0', () => {
    expect(referralExpirationDate(NOW).toISOString()).toBe('2026-12-25T12:00:00.000Z');
    expect(referralDaysRemaining(new Date('2026-12-25T12:00:00Z'), NOW)).toBe(30);
    expect(referralDaysRemaining(new Date('2026-11-25T13:00:00Z'), NOW)).toBe(1);
    expect(referralDaysRemaining(past, NOW)).toBe(0);
    expect(referralDaysRemaining(null, NOW)).toBeNull();
  });

  it('an offer of a lead still claimable now was made in the last 30 days: it came after the lead was added', () => {
    const since = referralOffersOpenSince(NOW);
    expect(since.toISOString()).toBe('2026-10-26T12:00:00.000Z');
    // A lead added (and offered) just after `since` is still open now; one added at `since` has expired.
    const justAfter = new Date(since.getTime() + 1);
    expect(
      isReferralExpired({ status: 'OFFERED', expirationDate: referralExpirationDate(justAfter) }, NOW),
    ).toBe(false);
    expect(isReferralExpired({ status: 'OFFERED', expirationDate: referralExpirationDate(since) }, NOW)).toBe(
      true,
    );
  });

  it('the statuses before the claim expire, those in work do not, and with COMPLETE they are every status', () => {
    for (const status of referralStatusesBeforeClaim)
      expect(isReferralExpired(at(status, past), NOW)).toBe(true);
    for (const status of referralStatusesInWork) expect(isReferralExpired(at(status, past), NOW)).toBe(false);
    expect([...referralStatusesBeforeClaim, ...referralStatusesInWork, 'COMPLETE']).toEqual(referralStatuses);
  });
});

describe('the dealer’s funnel', () => {
  it('counts each referral at every step it reached, from how many are in each status', () => {
    expect(
      countReferralFunnel([
        { status: 'NEW', count: 1 },
        { status: 'CONTACT', count: 1 },
        { status: 'OFFERED', count: 1 },
        { status: 'BOOKED', count: 1 },
        { status: 'SCHEDULED', count: 2 },
        { status: 'COMPLETE', count: 1 },
        { status: 'ESTIMATE_CREATED', count: 1 },
      ]),
    ).toEqual({
      sold: 8,
      contacted: 7,
      viewed: 6,
      offered: 6,
      claimed: 5,
      booked: 4,
      complete: 1,
    });
  });
});
