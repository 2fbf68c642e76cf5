const BASE_MS = 5_000;
const CAP_MS = 60 * 60 * 1000;

/**
 * Delay before the next attempt after `attempts` failed ones: 5 s × 2^attempts, capped at 1 h,
 * with ±20 % jitter so items that failed together (a provider outage) do not retry together.
 * `random` is injectable for tests.
 */
export function computeRetryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponential = BASE_MS * 2 ** Math.max(0, Math.min(attempts, 20));
  const capped = Math.min(exponential, CAP_MS);
  const jitter = 0.8 + 0.4 * random();
  return Math.round(Math.min(capped * jitter, CAP_MS));
}
