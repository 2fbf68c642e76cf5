import type { TRequestimate } from '@app/contracts/service-requests.contract';
import type { UserType } from '@app/domain/identity/access';
import { toLocalIsoDate } from '@app/domain/scheduling/dates';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import { wireDollarsToCents } from '../../lib/money';

dayjs.extend(advancedFormat);

const wireDatePattern = /^(\d{4})\/(\d{2})\/(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** A wire date ('YYYY/MM/DD HH:mm:ss', UTC) as an instant; null when missing or malformed. */
export function parseWireDate(value: string | null | undefined): Date | null {
  const match = value ? wireDatePattern.exec(value) : null;
  if (!match) return null;
  const [, year, month, day, hour, minute, second] = match;
  const date = new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A date the screen shows: a wire instant, or a calendar day 'YYYY-MM-DD' (already local). */
export type ScreenDate = { kind: 'instant'; value: Date } | { kind: 'day'; value: string };

/** dayjs reads 'YYYY-MM-DD' as a local day, which is what a calendar day is. */
function toDayjs(date: ScreenDate) {
  return dayjs(date.value);
}

export function fromWire(value: string | null | undefined): ScreenDate | null {
  const date = parseWireDate(value);
  return date ? { kind: 'instant', value: date } : null;
}

export function fromDay(value: string | null | undefined): ScreenDate | null {
  return value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? { kind: 'day', value } : null;
}

/** List rows: like 'Mon Jan 5' in the viewer's time zone (K15). */
export function formatListDate(value: string | null | undefined): string {
  const date = parseWireDate(value);
  return date ? dayjs(date).format('ddd MMM D') : '—';
}

/** The one format of a day on the detail screens, popups and wizards: 'Mon, Jan 5th 2026' (000 §9, K15). */
export const DISPLAY_DATE_FORMAT = 'ddd, MMM Do YYYY';

/** Detail dates: like 'Mon, Jan 5th 2026' (000 §9, K15). */
export function formatDisplayDate(date: ScreenDate | null): string {
  return date ? toDayjs(date).format(DISPLAY_DATE_FORMAT) : '—';
}

/** The local calendar day of a date, 'YYYY-MM-DD', for the domain's date rules. */
export function toIsoDay(date: ScreenDate | null): string | null {
  if (!date) return null;
  return date.kind === 'day' ? date.value : toLocalIsoDate(date.value);
}

/** 'Customer total = total minus discount plus taxes' (000 §5), in cents. */
export function computeCustomerTotalCents(
  request: Pick<TRequestimate, 'requestTotal' | 'requestDiscount' | 'requestTaxes'>,
): number {
  return (
    wireDollarsToCents(request.requestTotal) -
    wireDollarsToCents(request.requestDiscount) +
    wireDollarsToCents(request.requestTaxes)
  );
}

export function formatVehicle(
  request: Pick<TRequestimate, 'vehicleYear' | 'vehicleMake' | 'vehicleModel'> & {
    vehicleTrim?: string | null;
  },
  { withTrim = false }: { withTrim?: boolean } = {},
): string {
  const parts = [request.vehicleYear, request.vehicleMake, request.vehicleModel];
  if (withTrim) parts.push(request.vehicleTrim ?? null);
  const text = parts
    .filter((part) => part !== null && part !== undefined && `${part}`.trim() !== '')
    .join(' ');
  return text || 'Vehicle not given';
}

/** Whom the row is with: the dealership (or retail customer) for installers, the installer for dealers. */
export function findCounterpartName(
  userType: UserType,
  request: Pick<TRequestimate, 'dealerName' | 'installerName' | 'customerName'>,
): string | null {
  return userType === 'installer'
    ? (request.dealerName ?? request.customerName ?? null)
    : (request.installerName ?? null);
}

/** '1 day', '2.5 days'. */
export function formatDuration(days: number | null | undefined): string {
  if (days === null || days === undefined) return '—';
  return `${days} ${days === 1 ? 'day' : 'days'}`;
}

const stateLabels: Record<TRequestimate['currentState'], string> = {
  new: 'New',
  answered: 'Answered',
  scheduled: 'Scheduled',
  received: 'Received',
  started: 'Started',
  finished: 'Finished',
  collected: 'Collected',
  reviewed: 'Reviewed',
  deleted: 'Deleted',
};

export function formatState(state: TRequestimate['currentState']): string {
  return stateLabels[state];
}
