/** Offer statuses on requestoffered.currentStatus (000 §4; catalogue §3.2; decision 19). */
export const offerStatuses = [
  'offered',
  'accepted',
  'scheduled',
  'rejected',
  'deleted',
  // "plus the request state names": the working installer's offer mirrors the request once booked.
  'new',
  'answered',
  'received',
  'started',
  'finished',
  'collected',
  'reviewed',
] as const;
export type OfferStatus = (typeof offerStatuses)[number];

export function isOfferStatus(value: unknown): value is OfferStatus {
  return typeof value === 'string' && (offerStatuses as readonly string[]).includes(value);
}

/** A rejected or deleted offer no longer ties its installer to the request. */
export function isLiveOfferStatus(status: OfferStatus): boolean {
  return status !== 'rejected' && status !== 'deleted';
}
