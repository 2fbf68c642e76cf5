import dayjs from 'dayjs';
import { DISPLAY_DATE_FORMAT, parseWireDate } from '../service-requests/request-format';

/** A date of a referral reply (wire 'YYYY/MM/DD HH:mm:ss' UTC, or ISO 8601) as 'Mon, Jan 5th 2026'; null if none. */
export function formatReferralDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = parseWireDate(value) ?? new Date(value);
  return Number.isNaN(date.getTime()) ? null : dayjs(date).format(DISPLAY_DATE_FORMAT);
}

/** A 10-digit US phone as '(813) 555-0142'; anything else as it came. */
export function formatUsPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : phone;
}

/** The `tel:` address of a phone (US numbers get +1). */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? `tel:+1${digits}` : `tel:${phone.replace(/[^\d+]/g, '')}`;
}
