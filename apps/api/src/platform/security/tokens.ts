import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomUUID,
  timingSafeEqual,
} from 'node:crypto';
import type { AccessLevel, Group, UserType } from '@app/domain/identity/access';
import { SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export type AccessClaims = {
  sub: string;
  groups: Group[];
  companyId: number;
  access: AccessLevel;
  userType: UserType;
  /** The session: the refresh-token family this token was issued with (signing out ends it). */
  sid: string;
};

export function createTokenSigner(secret: string) {
  const secretBytes = Buffer.from(secret, 'utf8');
  // A KeyObject made once: jose would otherwise import the raw secret into WebCrypto on every call.
  const key = createSecretKey(secretBytes);
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({
        groups: claims.groups,
        companyId: claims.companyId,
        access: claims.access,
        userType: claims.userType,
        sid: claims.sid,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /**
     * Returns the claims, or null for any bad, expired or tampered token. HS256 is checked here with
     * node:crypto: jose verifies through WebCrypto, whose per-call job cost (≈0.3 ms) was the largest
     * part of the guard's time on every call. Only HS256 tokens we signed are accepted.
     */
    async verify(token: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<AccessClaims | null> {
      const payload = verifyHs256(token, secretBytes, nowSeconds);
      if (!payload) return null;
      if (typeof payload.sub !== 'string' || typeof payload.companyId !== 'number') return null;
      if (typeof payload.sid !== 'string') return null;
      return {
        sub: payload.sub,
        groups: Array.isArray(payload.groups) ? (payload.groups as Group[]) : [],
        companyId: payload.companyId,
        access: payload.access as AccessLevel,
        userType: payload.userType as UserType,
        sid: payload.sid,
      };
    },
  };
}

/** The payload of a compact HS256 JWS signed with `secret`, when it is valid now; otherwise null. */
export function verifyHs256(
  token: string,
  secret: Buffer,
  nowSeconds: number,
): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  const [encodedHeader, encodedPayload, encodedSignature] = parts as [string, string, string];
  const header = parseSegment(encodedHeader);
  if (header === null) return null;
  if (header.alg !== 'HS256' || 'crit' in header) return null;
  const expected = createHmac('sha256', secret).update(`${encodedHeader}.${encodedPayload}`).digest();
  const given = Buffer.from(encodedSignature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const payload = parseSegment(encodedPayload);
  if (!payload) return null;
  if (typeof payload.exp !== 'number' || nowSeconds >= payload.exp) return null;
  if (payload.nbf !== undefined && (typeof payload.nbf !== 'number' || nowSeconds < payload.nbf)) return null;
  return payload;
}

function parseSegment(segment: string): Record<string, unknown> | null {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return null;
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opaque refresh token `id.secret`: the id finds the row, the secret is only stored hashed. */
export function createOpaqueToken(): { id: string; token: string; hash: string } {
  const id = randomUUID();
  const secret = randomBytes(32).toString('base64url');
  const token = `${id}.${secret}`;
  return { id, token, hash: hashToken(token) };
}

export function parseOpaqueTokenId(token: string): string | null {
  const [id] = token.split('.');
  return id && /^[0-9a-f-]{36}$/.test(id) ? id : null;
}

export function createResetToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}
