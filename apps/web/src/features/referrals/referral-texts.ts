import type { TReferral, TReferralStatus } from '@app/contracts/referrals.contract';
import { referralStatusRank } from '@app/domain/referrals/referral-status';
import { formatDollars } from '../../lib/money';
import { formatDisplayDate, parseWireDate } from '../service-requests/request-format';

/** M86, M87, M88 (catalogue §5.11). */
export const referralRowTexts = {
  available: 'Available to Claim',
  owned: 'Ready to Convert',
  expired: 'Expired',
} as const;

/** M82–M85: the hints beside the list and the empty lists. */
export const referralHints = {
  dealer: 'To view more detail of a referral, select one from the list.',
  dealerEmpty: 'Create a new referral by clicking "New Referral".',
  installer: 'Select a referral to claim or convert to an estimate.',
  installerEmpty: 'No referrals available at this time. Check back later for new opportunities.',
} as const;

const statusLabels: Record<TReferralStatus, string> = {
  NEW: 'New',
  CONTACT: 'Contacted',
  VIEWED: 'Viewed',
  OFFERED: 'Offered',
  CLAIMED: 'Claimed',
  ESTIMATE_CREATED: 'Estimate created',
  BOOKED: 'Booked',
  SCHEDULED: 'Scheduled',
  RECEIVED: 'Received',
  STARTED: 'Started',
  FINISHED: 'Finished',
  COMPLETE: 'Complete',
};

const statusColors: Record<TReferralStatus, string> = {
  NEW: 'gray',
  CONTACT: 'blue',
  VIEWED: 'blue',
  OFFERED: 'orange',
  CLAIMED: 'teal',
  ESTIMATE_CREATED: 'teal',
  BOOKED: 'violet',
  SCHEDULED: 'violet',
  RECEIVED: 'violet',
  STARTED: 'violet',
  FINISHED: 'violet',
  COMPLETE: 'green',
};

/** The status badge: its words and colour ('Expired' once an unclaimed referral has expired). */
export function describeReferralStatus(referral: Pick<TReferral, 'status' | 'expired'>): {
  label: string;
  color: string;
} {
  if (referral.expired) return { label: 'Expired', color: 'red' };
  return { label: statusLabels[referral.status], color: statusColors[referral.status] };
}

export function isClaimed(status: TReferralStatus): boolean {
  return referralStatusRank(status) >= referralStatusRank('CLAIMED');
}

/**
 * A dealer row's time left (M86): 'N days remaining' until expiration_date, 'Expired' once passed, and
 * nothing once a specialist claimed it (the clock no longer matters).
 */
export function describeDaysRemaining(
  referral: Pick<TReferral, 'status' | 'expired' | 'days_remaining'>,
): string | null {
  if (isClaimed(referral.status)) return null;
  if (referral.expired) return referralRowTexts.expired;
  if (referral.days_remaining === null) return null;
  return `${referral.days_remaining} ${referral.days_remaining === 1 ? 'day' : 'days'} remaining`;
}

/**
 * An installer row's action (M87, M88): an offered lead can be claimed; a claimed one converted. Once it is an
 * estimate the row tells where it went instead.
 */
export function describeSpecialistAction(referral: Pick<TReferral, 'status' | 'specialist_action'>): string {
  if (referral.specialist_action === 'available') return referralRowTexts.available;
  if (referral.status === 'CLAIMED') return referralRowTexts.owned;
  return statusLabels[referral.status];
}

/** The installer may press CONVERT TO ESTIMATE: its own lead, claimed and not yet an estimate. */
export function canConvert(referral: Pick<TReferral, 'status' | 'specialist_action'>): boolean {
  return referral.specialist_action === 'owned' && referral.status === 'CLAIMED';
}

/** '2022 Toyota Camry', or the VIN while the vehicle is not decoded. */
export function formatReferralVehicle(referral: Pick<TReferral, 'Year' | 'Make' | 'Model' | 'VIN'>): string {
  const words = [referral.Year, referral.Make, referral.Model].filter((part) => part !== null && part !== '');
  if (words.length > 0) return words.join(' ');
  return referral.VIN ? `VIN ${referral.VIN}` : 'Vehicle not given';
}

/** Referral dates come as wire dates ('YYYY/MM/DD HH:mm:ss' UTC) or ISO 8601. */
export function parseReferralDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const wire = parseWireDate(value);
  if (wire) return wire;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** 'Mon, Jan 5th 2026' like every other detail date. */
export function formatReferralDate(value: string | null | undefined): string {
  const date = parseReferralDate(value);
  return formatDisplayDate(date ? { kind: 'instant', value: date } : null);
}

type StatusMessageInput = Pick<
  TReferral,
  'status' | 'expired' | 'customer_name' | 'claimed_specialist_name' | 'bonus_amount' | 'paid_out_at'
>;

/**
 * The dealer's detail view: what is happening to the referral, with the bonus it earns (001 §2.5; the texts
 * are ours, catalogue §5.26).
 */
export function describeReferralProgress(referral: StatusMessageInput): string {
  const customer = referral.customer_name || 'the customer';
  const specialist = referral.claimed_specialist_name || 'A local specialist';
  const bonus = formatDollars(referral.bonus_amount);
  const earns = `You earn a ${bonus} bonus when the work is complete.`;
  if (referral.expired) {
    return `This referral expired before a specialist claimed it, so it earns no bonus.`;
  }
  switch (referral.status) {
    case 'NEW':
      return `Sale recorded. We are e-mailing ${customer} about protection options. ${earns}`;
    case 'CONTACT':
      return `We e-mailed ${customer} about protection options and are waiting for them to open it. ${earns}`;
    case 'VIEWED':
      return `${customer} opened the protection options page. ${earns}`;
    case 'OFFERED':
      return `${customer} is interested. The lead was sent to local specialists. ${earns}`;
    case 'CLAIMED':
      return `${specialist} claimed this lead and will contact ${customer} within 24 hours. ${earns}`;
    case 'ESTIMATE_CREATED':
      return `${specialist} wrote an estimate for ${customer}. ${earns}`;
    case 'BOOKED':
    case 'SCHEDULED':
      return `${customer}'s appointment is booked. ${earns}`;
    case 'RECEIVED':
      return `The vehicle is at the specialist's shop. ${earns}`;
    case 'STARTED':
      return `Work on the vehicle has started. ${earns}`;
    case 'FINISHED':
      return `The work is finished. Your ${bonus} bonus is approved once ${customer} collects the vehicle.`;
    case 'COMPLETE':
      return referral.paid_out_at
        ? `Work complete! Your ${bonus} bonus was paid with the payout of ${formatReferralDate(referral.paid_out_at)}.`
        : `Work complete! Your ${bonus} bonus is approved and will be paid with this month's payout.`;
  }
}

/** 'Jane Mary Doe' from 'jane  mary doe': each word starts with a capital (001 §5); the rest is kept. */
export function capitalizeWords(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
