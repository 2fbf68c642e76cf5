import type { clientHistoryStatuses } from '@app/contracts/lifecycle.contract';

/** Every code a history record holds (catalogue row 27): the request states and the other events. */
export type HistoryCode = (typeof clientHistoryStatuses)[number];

/** START and FINISH SERVICE write a record about one service line, with the same codes as the request's. */
type ServiceEventKey = `service:${'started' | 'finished'}`;

/**
 * The words the History section shows for each code (issue 17, defect 9: no raw 'CONTRACT_DOWNLOADED').
 * The one table; a record about a service line reads 'Service started', not 'Work started'.
 */
export const historyWords: Record<HistoryCode | ServiceEventKey, string> = {
  new: 'New request',
  answered: 'Answered',
  scheduled: 'Scheduled',
  received: 'Vehicle received',
  started: 'Work started',
  finished: 'Work finished',
  collected: 'Collected',
  reviewed: 'Reviewed',
  deleted: 'Deleted',
  created: 'Created',
  rescheduled: 'Rescheduled',
  rejected: 'Rejected',
  transferred: 'Transferred',
  CONTRACT_SIGNED_ELECTRONIC: 'Contract signed electronically',
  CONTRACT_DOWNLOADED: 'Contract downloaded for manual signature',
  CONTRACT_SIGNED_MANUAL: 'Contract signed manually',
  'service:started': 'Service started',
  'service:finished': 'Service finished',
};

function isKnown(key: string): key is keyof typeof historyWords {
  return Object.hasOwn(historyWords, key);
}

/**
 * A history record's code in words. The column is free text, so a code the table does not know yet still
 * reads as words ('SOME_EVENT' → 'Some event') rather than as a code.
 */
export function describeHistoryCode(code: string, isServiceRecord = false): string {
  const serviceKey = `service:${code}`;
  if (isServiceRecord && isKnown(serviceKey)) return historyWords[serviceKey];
  if (isKnown(code)) return historyWords[code];
  const words = code.replace(/_/g, ' ').trim().toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : '—';
}
