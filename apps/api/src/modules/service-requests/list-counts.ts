import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** How often each API process folds the list counts' deltas (decision 016). */
export const LIST_COUNTS_COMPACT_MS = 60_000;

/**
 * Folds each key's appended deltas in request_list_counts into one row (migration 0009's
 * `compact_request_list_counts`). Safe from any process at any time: a delta is folded by exactly one of
 * them. Answers how many rows were folded.
 */
export async function compactListCounts(db: Db): Promise<number> {
  const result = await db.execute(sql`select compact_request_list_counts() as folded`);
  return Number((result as unknown as { rows: { folded: number }[] }).rows[0]?.folded ?? 0);
}
