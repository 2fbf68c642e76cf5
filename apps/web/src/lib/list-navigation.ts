/**
 * What the list-and-panel screens (requests, jobs, pickups, referrals) share: the selection in the address,
 * the phone layout test and the keys that walk a list's rows.
 */

/** A database id from the address (`?id=12`), or null when missing or not a plausible id. */
export function readPositiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 && number <= 2_147_483_647 ? number : null;
}

const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';

/** Below Mantine's `sm`: the list and the panel show one at a time. */
export function isSmallScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(SMALL_SCREEN_QUERY).matches;
}

/** The address's query with some values set and others (null) removed. */
export function withSearchChanges(
  current: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) next.delete(key);
    else next.set(key, value);
  }
  return next;
}

/** The row a key moves to from `index` (arrows one row, Home and End to the ends), or null for other keys. */
export function findRowMove(key: string, index: number, rowCount: number): number | null {
  const moves: Record<string, number> = {
    ArrowDown: index + 1,
    ArrowUp: index - 1,
    Home: 0,
    End: rowCount - 1,
  };
  const target = moves[key];
  if (target === undefined || rowCount === 0) return null;
  return Math.min(rowCount - 1, Math.max(0, target));
}
