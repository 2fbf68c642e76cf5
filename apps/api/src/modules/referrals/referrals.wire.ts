import type { TReferral } from '@app/contracts/referrals.contract';
import {
  isReferralExpired,
  isReferralStatus,
  referralDaysRemaining,
} from '@app/domain/referrals/referral-status';
import type { ReferralView } from './referrals.repository';
import type { ReferralRow } from './referrals.transitions';

/** How referrals read on the wire and in e-mails: dates, dollars, names, the vehicle. */
export const iso = (d: Date | null) => (d ? d.toISOString() : null);
export const dollars = (cents: number) => Math.round(cents) / 100;

export function vehicleText(row: ReferralRow): string {
  const parts = [row.vehicleYear, row.vehicleMake, row.vehicleModel].filter((p) => p !== null && p !== '');
  return parts.length > 0 ? parts.join(' ') : row.vin ? `VIN ${row.vin}` : 'Vehicle';
}

export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? name;
}

/** 'Kevin M.': the preview names the customer without giving them away before the claim. */
export function shortName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  const last = rest.at(-1);
  return last ? `${first} ${last[0]?.toUpperCase()}.` : (first ?? name);
}

/** Capitalised word by word (001 §5). */
export function capitaliseName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .map((w) => (w ? w[0]?.toUpperCase() + w.slice(1) : w))
    .join(' ');
}

export function monthStartUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export function periodOf(date: Date): string {
  return date.toISOString().slice(0, 7);
}

/**
 * The wire entity of rows 96–97; the customer's contact details only for the dealership and the claimant.
 * `area` is the ZIP's 'City, ST' (the address adapter).
 */
export function toReferralWire(
  view: ReferralView,
  options: { seeContact: boolean; now: Date; area: string | null },
): TReferral {
  const { seeContact, now, area } = options;
  const { row } = view;
  const status = isReferralStatus(row.status) ? row.status : 'NEW';
  const claimed = row.claimedAt !== null;
  return {
    referral_id: row.id,
    referralId: row.id,
    status,
    date_added: row.dateAdded.toISOString(),
    expiration_date: iso(row.expirationDate),
    days_remaining: claimed ? null : referralDaysRemaining(row.expirationDate, now),
    expired: isReferralExpired({ status, expirationDate: row.expirationDate }, now),
    specialist_action: row.specialistAction === 'owned' ? 'owned' : 'available',
    claim_token: null,
    customer_id: row.customerId,
    customer_name: view.customer?.name ?? 'Customer',
    customer_Email_Address: seeContact ? (view.customer?.email ?? null) : null,
    customer_phone_number: seeContact ? (view.customer?.phone ?? null) : null,
    VIN: row.vin,
    Year: row.vehicleYear,
    Make: row.vehicleMake,
    Model: row.vehicleModel,
    requested_service: row.requestedService,
    zip_code: row.zipCode,
    location_area: area,
    claimed_date: iso(row.claimedAt),
    claimed_at: iso(row.claimedAt),
    claimed_specialist_name: row.claimedSpecialistName,
    claimed_specialist_business: row.claimedSpecialistBusiness,
    dealer_id: row.dealerId,
    dealer_name: view.dealerName,
    request_id: row.requestId,
    bonus_amount: dollars(row.bonusCents),
    bonus_payable: status === 'COMPLETE',
    paid_out_at: iso(row.paidOutAt),
    history: view.history.flatMap((h) =>
      isReferralStatus(h.status) ? [{ status: h.status, changed_at: h.changedAt.toISOString() }] : [],
    ),
  };
}
