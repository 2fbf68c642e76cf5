import { AppError } from '@app/contracts/errors.contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authThrottles } from '../../db/schema/identity';

function timestamp(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

/**
 * Reserves one attempt of a fixed-window bucket in one statement on the shared database (decision 006), so
 * parallel calls and several API processes cannot pass the limit: false when the window's `limit` is used up.
 * A window older than `windowMs` starts again at 1. Old buckets are pruned with the sign-in throttles.
 */
export async function reserveWindowAttempt(
  db: Db,
  input: { bucket: string; limit: number; windowMs: number; now: Date },
): Promise<boolean> {
  const expired = sql`${authThrottles.windowStart} <= ${timestamp(new Date(input.now.getTime() - input.windowMs))}`;
  const rows = await db
    .insert(authThrottles)
    .values({ bucket: input.bucket, hits: 1, windowStart: input.now })
    .onConflictDoUpdate({
      target: authThrottles.bucket,
      set: {
        hits: sql`case when ${expired} then 1 else ${authThrottles.hits} + 1 end`,
        windowStart: sql`case when ${expired} then ${timestamp(input.now)} else ${authThrottles.windowStart} end`,
      },
      setWhere: sql`${expired} or ${authThrottles.hits} < ${input.limit}`,
    })
    .returning({ hits: authThrottles.hits });
  return rows.length > 0;
}

/** Public calls (no sign-in): at most `perWindow` calls per IP and kind of call in each window. */
export type PublicRateLimit = { kind: string; perWindow: number; windowMs: number };

/**
 * The per-IP limit of the public pages' calls (issue 11: claim links, referral forms, benefits page): throws
 * 429 RATE_LIMITED with a message a visitor can act on once the IP has used up its window.
 */
export function createPublicRateLimiter(db: Db, clock: () => Date = () => new Date()) {
  return {
    async take(ip: string, { kind, perWindow, windowMs }: PublicRateLimit): Promise<void> {
      const ok = await reserveWindowAttempt(db, {
        bucket: `public:${kind}:${ip}`,
        limit: perWindow,
        windowMs,
        now: clock(),
      });
      if (!ok) {
        throw new AppError('RATE_LIMITED', 'Too many requests from this network. Please wait a few minutes.');
      }
    },
  };
}
export type PublicRateLimiter = ReturnType<typeof createPublicRateLimiter>;
