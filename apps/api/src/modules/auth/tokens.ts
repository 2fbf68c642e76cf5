import { createHash, createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import type { AccessLevel, Group, UserType } from '@app/domain/identity/access';
import { jwtVerify, SignJWT } from 'jose';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;

export type AccessClaims = {
  sub: string;
  groups: Group[];
  companyId: number;
  access: AccessLevel;
  userType: UserType;
};

export function createTokenSigner(secret: string) {
  // A KeyObject made once: jose would otherwise import the raw secret into WebCrypto on every call.
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  return {
    async sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({
        groups: claims.groups,
        companyId: claims.companyId,
        access: claims.access,
        userType: claims.userType,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
        .sign(key);
    },
    /** Returns the claims, or null for any bad, expired or tampered token. */
    async verify(token: string): Promise<AccessClaims | null> {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (typeof payload.sub !== 'string' || typeof payload.companyId !== 'number') return null;
        return {
          sub: payload.sub,
          groups: (payload.groups as Group[]) ?? [],
          companyId: payload.companyId,
          access: payload.access as AccessLevel,
          userType: payload.userType as UserType,
        };
      } catch {
        return null;
      }
    },
  };
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
