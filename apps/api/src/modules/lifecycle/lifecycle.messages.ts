/**
 * Texts of the lifecycle's notifications. The spec leaves their content open (catalogue N13, §9.2); ours
 * name the specialist, the vehicle and the dates, and never include prices or links that need a sign-in.
 */
import type { TLifecycleAction } from '@app/contracts/lifecycle.contract';

export type VehicleLike = {
  vehicleYear: number | null;
  vehicleMake: string | null;
  vehicleModel: string | null;
};

export function describeVehicle(v: VehicleLike): string {
  const text = [v.vehicleYear, v.vehicleMake, v.vehicleModel].filter(Boolean).join(' ');
  return text || 'vehicle';
}

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function ordinal(n: number): string {
  const rest = n % 100;
  if (rest >= 11 && rest <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** 'YYYY-MM-DD' → 'Wed, Mar 12th 2025' (the display format of 000 §9). */
export function formatDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  return `${weekdays[date.getUTCDay()]}, ${months[date.getUTCMonth()]} ${ordinal(date.getUTCDate())} ${date.getUTCFullYear()}`;
}

export function bookingEmail(input: {
  requestId: number;
  installerName: string;
  vehicle: string;
  startDate: string;
  endDate: string;
  recipientName: string | null;
}): { subject: string; text: string } {
  const when =
    input.startDate === input.endDate
      ? `on ${formatDay(input.startDate)}`
      : `from ${formatDay(input.startDate)} to ${formatDay(input.endDate)}`;
  return {
    subject: `Your ${input.vehicle} is booked with ${input.installerName}`,
    text: [
      `Hello${input.recipientName ? ` ${input.recipientName}` : ''},`,
      '',
      `${input.installerName} has booked the work on your ${input.vehicle} ${when}.`,
      `Please bring the vehicle in on the first day. Your reference is request #${input.requestId}.`,
      '',
      'Thank you.',
    ].join('\n'),
  };
}

export function workStartedSms(input: { installerName: string; vehicle: string }): string {
  return `${input.installerName} has started work on your ${input.vehicle}.`;
}

export function jobFinishedSms(input: { installerName: string; vehicle: string }): string {
  return `${input.installerName} has finished the work on your ${input.vehicle}. It is ready for pickup.`;
}

export function appointmentText(input: { requestId: number; vehicle: string; serviceRequested: string }): {
  summary: string;
  description: string;
} {
  return {
    summary: `${input.vehicle}: ${input.serviceRequested || 'service'}`,
    description: `Request #${input.requestId}`,
  };
}

/** The success message of each action (the client shows its own texts where 000 §8 gives them). */
export function successMessage(action: TLifecycleAction, targetName?: string | null): string {
  switch (action) {
    case 'accept':
      return 'Request accepted.';
    case 'claim':
      return 'Job claimed and booked.';
    case 'assign':
      return 'Installer assigned.';
    case 'book':
      return 'Job booked successfully.';
    case 'completeEstimate':
      return 'Estimate completed successfully.';
    case 'checkIn':
      return 'Vehicle checked in.';
    case 'reschedule':
      return 'Job rescheduled.';
    case 'startService':
      return 'Service started.';
    case 'finishService':
      return 'Service finished.';
    case 'completeJob':
      return 'Job completed successfully.';
    case 'deliver':
      return 'Vehicle delivered.';
    case 'review':
      return 'Thank you for your review.';
    case 'delete':
      return 'Request deleted.';
    case 'reject':
      return 'Request rejected.';
    case 'transfer':
      return targetName ? `Job transferred to ${targetName}.` : 'Job transferred.';
    case 'setDeposit':
      return 'Deposit saved.';
  }
}
