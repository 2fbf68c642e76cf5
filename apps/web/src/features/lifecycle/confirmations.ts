import type { TLifecycleAction } from '@app/contracts/lifecycle.contract';
import type { TRequestimate } from '@app/contracts/service-requests.contract';
import type { UserType } from '@app/domain/identity/access';
import { calculateFinalInvoiceAmount } from '@app/domain/invoicing/invoice-totals';
import { formatMoney } from '@app/domain/shared/money';
import { wireDollarsToCents } from '../../lib/money';
import {
  computeCustomerTotalCents,
  findCounterpartName,
  formatDisplayDate,
  formatVehicle,
  fromWire,
} from '../service-requests/request-format';

/** What a confirmation says: the title, what will happen, and the button that does it. */
export type Confirmation = { title: string; message: string; details: string | null; confirmLabel: string };

/** Actions that cannot be taken back, confirmed before they run (issue 17, defect 4). */
export type ConfirmedAction = Extract<TLifecycleAction, 'completeJob' | 'reschedule' | 'deliver'>;
export const confirmedActions: ReadonlySet<TLifecycleAction> = new Set<ConfirmedAction>([
  'completeJob',
  'reschedule',
  'deliver',
]);

type ConfirmationRequest = Pick<
  TRequestimate,
  | 'requestTotal'
  | 'requestDiscount'
  | 'requestTaxes'
  | 'depositPaidAmount'
  | 'customer_facing_invoice'
  | 'invoiceId'
  | 'dealerName'
  | 'installerName'
  | 'customerName'
  | 'vehicleYear'
  | 'vehicleMake'
  | 'vehicleModel'
  | 'scheduleStart'
  | 'scheduleEnd'
>;

function vehicleOf(request: ConfirmationRequest): string {
  const hasVehicle = [request.vehicleYear, request.vehicleMake, request.vehicleModel].some(
    (part) => part !== null && `${part}`.trim() !== '',
  );
  return hasVehicle ? `the ${formatVehicle(request)}` : 'the vehicle';
}

/** The confirmation of an action that needs one, naming what will happen; null for the others. */
export function describeConfirmation(
  action: TLifecycleAction,
  request: ConfirmationRequest,
  userType: UserType,
): Confirmation | null {
  switch (action) {
    case 'completeJob': {
      const recipient = findCounterpartName('installer', request) ?? 'the customer';
      const existing = request.customer_facing_invoice ?? request.invoiceId;
      if (existing) {
        return {
          title: 'Complete this job?',
          message: `Complete the job? Invoice ${existing} was already sent to ${recipient}.`,
          details: 'Every service is marked finished.',
          confirmLabel: 'COMPLETE JOB',
        };
      }
      const depositCents = wireDollarsToCents(request.depositPaidAmount);
      const amountCents = calculateFinalInvoiceAmount(computeCustomerTotalCents(request), depositCents);
      return {
        title: 'Complete this job?',
        message: `Complete the job and send the invoice for ${formatMoney(amountCents)} to ${recipient}?`,
        details:
          depositCents > 0
            ? `Every service is marked finished. The paid deposit of ${formatMoney(depositCents)} is deducted.`
            : 'Every service is marked finished.',
        confirmLabel: 'COMPLETE JOB',
      };
    }
    case 'reschedule': {
      const start = fromWire(request.scheduleStart);
      const end = fromWire(request.scheduleEnd);
      const days =
        start && end && formatDisplayDate(start) !== formatDisplayDate(end)
          ? `${formatDisplayDate(start)} – ${formatDisplayDate(end)}`
          : start
            ? formatDisplayDate(start)
            : null;
      return {
        title: 'Reschedule this job?',
        message: days
          ? `The job goes back to Requests and its booked days (${days}) are released.`
          : 'The job goes back to Requests and its booked days are released.',
        details: 'It has to be booked again with a new start date.',
        confirmLabel: 'RESCHEDULE',
      };
    }
    case 'deliver': {
      const vehicle = vehicleOf(request);
      const message =
        userType === 'dealer'
          ? `Confirm that ${vehicle} has been picked up from ${request.installerName ?? 'the specialist'}?`
          : `Mark ${vehicle} as delivered to ${findCounterpartName('installer', request) ?? 'the customer'}?`;
      return {
        title: 'Deliver this vehicle?',
        message,
        details: 'This cannot be undone.',
        confirmLabel: 'DELIVER',
      };
    }
    default:
      return null;
  }
}
