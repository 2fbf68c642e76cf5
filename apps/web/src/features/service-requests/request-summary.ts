import type {
  TCalendarDay,
  TRequestimate,
  TRequestNote,
  TRequestOffer,
} from '@app/contracts/service-requests.contract';
import type { UserType } from '@app/domain/identity/access';
import { computeScheduleNotes, type ScheduleNote } from '@app/domain/scheduling/start-date-picker';
import { wireDollarsToCents } from '../../lib/money';
import type { ScreenDate } from './request-format';
import { computeCustomerTotalCents, fromDay, fromWire, toIsoDay } from './request-format';

/** States in which the work has a booked schedule (a start and a completion date). */
const bookedStates: ReadonlySet<TRequestimate['currentState']> = new Set([
  'scheduled',
  'received',
  'started',
  'finished',
  'collected',
  'reviewed',
]);

export type RequestSchedule = { start: ScreenDate; end: ScreenDate | null };

/** The installer doing the work: the assigned one, else the owner of an installer-type estimate. */
export function findPerformerId(request: Pick<TRequestimate, 'assignedTo' | 'requestType' | 'requestor'>) {
  if (request.assignedTo > 0) return request.assignedTo;
  return request.requestType === 'installer' ? request.requestor : null;
}

/**
 * The booked schedule of a job: the server's schedule (scheduleStart/End) when the reply has it; else
 * the performer's offer dates when the caller may see them (installers see their own offer), else the
 * performer's booked calendar days (dealers see those of their job).
 */
export function findSchedule(
  request: Pick<
    TRequestimate,
    'currentState' | 'assignedTo' | 'requestType' | 'requestor' | 'scheduleStart' | 'scheduleEnd'
  >,
  offers: readonly TRequestOffer[],
  calendarDays: readonly TCalendarDay[],
): RequestSchedule | null {
  if (!bookedStates.has(request.currentState)) return null;
  const booked = fromWire(request.scheduleStart);
  if (booked) return { start: booked, end: fromWire(request.scheduleEnd) };
  const performer = findPerformerId(request);
  const offer = offers.find((o) => o.installerId === performer && o.startDate);
  const offerStart = fromWire(offer?.startDate);
  if (offerStart) return { start: offerStart, end: fromWire(offer?.endDate) };
  const days = calendarDays
    .filter((day) => performer === null || day.installerId === performer)
    .filter((day) => day.workStatus !== 'draft' && day.workStatus !== 'pending')
    .map((day) => day.workDate)
    .sort();
  const first = fromDay(days[0]);
  return first ? { start: first, end: fromDay(days[days.length - 1]) } : null;
}

export type ShownNote = { id: number; text: string };

/** The notes to show: those longer than one character (K27), trimmed. */
export function listShownNotes(notes: readonly TRequestNote[]): ShownNote[] {
  return notes
    .map((note) => ({ id: note.noteId, text: note.note_text.trim() }))
    .filter((note) => isNoteShown(note.text));
}

export type DateLabels = { start: string; end: string };

export type RequestSummary = {
  labels: DateLabels;
  start: ScreenDate | null;
  end: ScreenDate | null;
  /** Installer-created estimates show their price 'incl. Sales Tax'. */
  isSalesTaxIncluded: boolean;
  totalCents: number;
  deposit: { amountCents: number; isPaid: boolean } | null;
  /** Notes longer than one character (K27). */
  notes: ShownNote[];
  isRescheduled: boolean;
  /** Set when the work finishes after the due date. */
  finishesAfterDue: ScreenDate | null;
};

/**
 * Labels by role (000 §2): a job with a schedule shows 'Start' and 'Complete'; otherwise dealers see
 * 'Available' and 'Due', installer-created estimates 'Offered' and 'Complete By'.
 */
export function chooseDateLabels(
  userType: UserType,
  requestType: TRequestimate['requestType'],
  hasSchedule: boolean,
): DateLabels {
  if (hasSchedule) return { start: 'Start', end: 'Complete' };
  if (userType === 'installer' && requestType === 'installer')
    return { start: 'Offered', end: 'Complete By' };
  return { start: 'Available', end: 'Due' };
}

/** K27: a note shows only when longer than one character. */
export function isNoteShown(text: string | null | undefined): text is string {
  return typeof text === 'string' && text.trim().length > 1;
}

export function buildRequestSummary(input: {
  userType: UserType;
  request: TRequestimate;
  schedule: RequestSchedule | null;
  notes: readonly TRequestNote[];
}): RequestSummary {
  const { userType, request, schedule } = input;
  const available = fromWire(request.availableDate);
  const due = fromWire(request.dueDate);
  let notes: ScheduleNote[] = [];
  const startDay = toIsoDay(schedule?.start ?? null);
  if (schedule && startDay) {
    notes = computeScheduleNotes({
      startDate: startDay,
      durationDays: request.requestDuration,
      dueDate: toIsoDay(due),
      availableDate: toIsoDay(available),
    });
  }
  const depositCents = wireDollarsToCents(request.depositAmount);
  return {
    labels: chooseDateLabels(userType, request.requestType, schedule !== null),
    start: schedule ? schedule.start : available,
    end: schedule ? schedule.end : due,
    isSalesTaxIncluded: request.requestType === 'installer',
    totalCents: computeCustomerTotalCents(request),
    deposit: depositCents > 0 ? { amountCents: depositCents, isPaid: request.depositIsPaid } : null,
    notes: listShownNotes(input.notes),
    isRescheduled: notes.some((note) => note.kind === 'rescheduled'),
    finishesAfterDue: notes.some((note) => note.kind === 'finishesAfterDue') ? due : null,
  };
}

const beforeWorkStarts = new Set<TRequestimate['currentState']>(['new', 'answered', 'scheduled', 'received']);

/**
 * The contract-required banner (000 §9, decision 10): a dealer request of a dealership with
 * customer_contract 'Y' whose contract is not signed yet, until the work has started.
 */
export function isContractBannerShown(
  request: Pick<TRequestimate, 'contractRequired' | 'contractSigned' | 'currentState'>,
): boolean {
  return request.contractRequired && !request.contractSigned && beforeWorkStarts.has(request.currentState);
}
