import { BULK_SYNC } from '@app/contracts/calendar-link.contract';
import { ApiHttpError } from '../../../lib/api-client';

export type BulkSyncProgress = { done: number; failed: number; total: number };
export type BulkSyncResult = BulkSyncProgress & { expired: boolean };

/**
 * A failure that means the calendar connection expired (002 §8 M133): a 401 from the calendar, or an error
 * text that includes 'expired' or 'invalid_grant'. Our own 401 never reaches here (the client refreshes the
 * session); the server answers an expired grant with 409 and reason calendar_expired.
 */
export function isExpiredError(error: unknown): boolean {
  if (error instanceof ApiHttpError) {
    const reason = (error.details as { reason?: string } | undefined)?.reason;
    if (reason === 'calendar_expired' || error.status === 401) return true;
  }
  const text = error instanceof Error ? error.message : String(error);
  return /expired|invalid_grant/i.test(text);
}

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sync All (002 §9 K66): the jobs in groups of 5 sent together, a 200 ms pause after each success, 1 s between
 * groups. An expired connection stops the run (the rest stay 'needs sync'); other failures are counted.
 */
export async function runBulkSync(
  requestIds: number[],
  send: (requestId: number) => Promise<unknown>,
  options: { onProgress?: (progress: BulkSyncProgress) => void; sleep?: (ms: number) => Promise<void> } = {},
): Promise<BulkSyncResult> {
  const sleep = options.sleep ?? wait;
  const progress = { done: 0, failed: 0, total: requestIds.length };
  let expired = false;
  for (let start = 0; start < requestIds.length && !expired; start += BULK_SYNC.batchSize) {
    if (start > 0) await sleep(BULK_SYNC.pauseBetweenGroupsMs);
    const group = requestIds.slice(start, start + BULK_SYNC.batchSize);
    await Promise.all(
      group.map(async (requestId) => {
        try {
          await send(requestId);
          progress.done += 1;
          options.onProgress?.({ ...progress });
          await sleep(BULK_SYNC.pauseAfterSuccessMs);
        } catch (error) {
          if (isExpiredError(error)) expired = true;
          else progress.failed += 1;
          options.onProgress?.({ ...progress });
        }
      }),
    );
  }
  return { ...progress, expired };
}

/** The jobs of the unsynced entries, once each, in order (one appointment per job, decision 022). */
export function jobsOf(entries: { requestId: number }[]): number[] {
  return [...new Set(entries.map((e) => e.requestId))];
}
