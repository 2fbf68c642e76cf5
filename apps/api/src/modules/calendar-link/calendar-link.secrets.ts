import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * The calendar link's two secrets (docs/decisions/026-calendar-link.md):
 * - refresh tokens are stored encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from
 *   config.calendarTokenSecret, as `v1.<iv>.<tag>.<ciphertext>` (base64url); a token that does not decrypt
 *   (key changed, row tampered) reads as no grant;
 * - the OAuth `state` is `<payload>.<hmac>`: the installer, the user, a nonce and an expiry, signed with
 *   HMAC-SHA256 under a key derived from the JWT secret, so a forged or altered state is refused.
 */
function deriveKey(secret: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'calendar-link', info, 32));
}

export function createTokenCipher(secret: string) {
  const key = deriveKey(secret, 'refresh-token-v1');
  return {
    encrypt(plaintext: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ['v1', iv, tag, ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored: string): string | null {
      const [version, iv, tag, ciphertext] = stored.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(ciphertext, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type TokenCipher = ReturnType<typeof createTokenCipher>;

export type OAuthState = { installerId: number; userId: number; nonce: string; exp: number };

/** How long a consent URL may be used (the user signs in at Google, picks an account, consents). */
export const STATE_TTL_SECONDS = 15 * 60;

export function createStateSigner(secret: string) {
  const key = deriveKey(secret, 'oauth-state-v1');
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();
  return {
    sign(state: OAuthState): string {
      const payload = Buffer.from(
        JSON.stringify({ i: state.installerId, u: state.userId, n: state.nonce, e: state.exp }),
      ).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The state when its signature holds and it has not expired at `nowSeconds`; else why not. */
    verify(token: string, nowSeconds: number): OAuthState | 'forged' | 'expired' {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return 'forged';
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'forged';
      let parsed: { i?: unknown; u?: unknown; n?: unknown; e?: unknown };
      try {
        parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return 'forged';
      }
      const { i, u, n, e } = parsed;
      if (!Number.isInteger(i) || !Number.isInteger(u) || typeof n !== 'string' || typeof e !== 'number') {
        return 'forged';
      }
      if (nowSeconds >= e) return 'expired';
      return { installerId: i as number, userId: u as number, nonce: n, exp: e };
    },
  };
}
export type StateSigner = ReturnType<typeof createStateSigner>;
