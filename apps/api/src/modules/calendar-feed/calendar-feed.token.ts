import { createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { hashToken } from '../../platform/security/tokens';

/** A feed token: 43 base64url characters (HMAC-SHA256, 256 bits). */
export const FEED_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Feed tokens (docs/decisions/025-calendar-feed.md): token = HMAC-SHA256(key, salt), the salt 32 bytes of
 * `crypto.randomBytes` kept on the feed's row with the token's SHA-256. The token itself is stored nowhere:
 * the server derives it again to show the link, and a copy of the database without the key (derived by
 * HKDF from the server secret) opens no feed. A key change makes old links unshowable (they still work
 * until reset, since the row is found by the hash of what the subscriber sends).
 */
export function createFeedTokens(secret: string) {
  const key = Buffer.from(hkdfSync('sha256', secret, 'calendar-feed', 'feed-token-v1', 32));
  const derive = (salt: string) => createHmac('sha256', key).update(salt).digest('base64url');
  return {
    issue(): { salt: string; token: string; hash: string } {
      const salt = randomBytes(32).toString('base64url');
      const token = derive(salt);
      return { salt, token, hash: hashToken(token) };
    },
    /** The token of a stored salt, or null when it no longer matches the stored hash (the key changed). */
    reveal(salt: string, hash: string): string | null {
      const token = derive(salt);
      return hashToken(token) === hash ? token : null;
    },
  };
}
export type FeedTokens = ReturnType<typeof createFeedTokens>;
