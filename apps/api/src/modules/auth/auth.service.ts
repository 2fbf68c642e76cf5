import { randomUUID } from 'node:crypto';
import type { TSessionUser, TTokenResponse } from '@app/contracts/auth.contract';
import { AppError } from '@app/contracts/errors.contract';
import { groupForUserType } from '@app/domain/identity/access';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { AuthRepository, UserRow } from './auth.repository';
import { getDummyHash, hashPassword, verifyPassword } from './password';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  createOpaqueToken,
  createResetToken,
  hashToken,
  PASSWORD_RESET_TTL_MS,
  parseOpaqueTokenId,
  REFRESH_TOKEN_TTL_MS,
  type TokenSigner,
} from './tokens';

export const SIGN_IN_FAILED = 'Sign in failed. Please check your credentials and try again.';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

type Deps = {
  db: Db;
  repository: AuthRepository;
  signer: TokenSigner;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  clock?: () => Date;
};

export function createAuthService({ db, repository, signer, config, clock = () => new Date() }: Deps) {
  const { rateLimits } = config;

  async function assertNotRateLimited(buckets: { bucket: string; limit: number }[]) {
    const since = new Date(clock().getTime() - rateLimits.windowMs);
    for (const { bucket, limit } of buckets) {
      if ((await repository.countRateLimitHits(bucket, since)) >= limit) {
        throw new AppError(
          'RATE_LIMITED',
          'Too many sign-in attempts. Please wait 15 minutes and try again.',
        );
      }
    }
  }

  function toSessionUser(user: UserRow, companyId: number): TSessionUser {
    return {
      userId: user.id,
      email: user.email,
      userName: user.name,
      userType: user.userType,
      groups: [groupForUserType(user.userType)],
      companyId,
      access: user.access,
    };
  }

  async function issueTokens(
    user: UserRow,
    companyId: number,
    familyId: string,
    tx: Db = db,
  ): Promise<TTokenResponse> {
    const sessionUser = toSessionUser(user, companyId);
    const accessToken = await signer.sign({
      sub: String(user.id),
      groups: sessionUser.groups,
      companyId,
      access: user.access,
      userType: user.userType,
    });
    const refresh = createOpaqueToken();
    await repository.insertRefreshToken(tx, {
      id: refresh.id,
      tokenHash: refresh.hash,
      familyId,
      userId: user.id,
      companyId,
      expiresAt: new Date(clock().getTime() + REFRESH_TOKEN_TTL_MS),
    });
    return {
      accessToken,
      refreshToken: refresh.token,
      expiresIn: ACCESS_TOKEN_TTL_SECONDS,
      tokenType: 'Bearer',
      user: sessionUser,
    };
  }

  function primaryCompanyId(user: UserRow): number {
    const id = user.userType === 'dealer' ? user.dealerId : user.installerId;
    if (id == null) throw new AppError('FORBIDDEN', `User ${user.id} has no company`);
    return id;
  }

  return {
    async signIn(input: { email: string; password: string; ip: string }): Promise<TTokenResponse> {
      const email = input.email.trim().toLowerCase();
      const accountBucket = `signin:account:${email}`;
      const ipBucket = `signin:ip:${input.ip}`;
      await assertNotRateLimited([
        { bucket: accountBucket, limit: rateLimits.signInPerAccount },
        { bucket: ipBucket, limit: rateLimits.signInPerIp },
      ]);
      const user = await repository.findLoginUserByEmail(email);
      // Verify against a dummy hash for unknown users so timing does not reveal which e-mails exist.
      const isValid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await getDummyHash(), input.password)) && false;
      if (!user || !isValid || user.status !== 'active') {
        await repository.recordRateLimitHits([accountBucket, ipBucket], clock());
        throw new AppError('INVALID_CREDENTIALS', SIGN_IN_FAILED);
      }
      await repository.clearRateLimitBucket(accountBucket);
      return issueTokens(user, primaryCompanyId(user), randomUUID());
    },

    /**
     * Rotation: a refresh token works once. Presenting a used one again means it leaked,
     * so the whole family (every token descended from that sign-in) is revoked.
     */
    async refresh(input: { refreshToken: string; companyId?: number }): Promise<TTokenResponse> {
      const id = parseOpaqueTokenId(input.refreshToken);
      if (!id) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED);
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const row = await repository.findRefreshTokenForUpdate(tx, id);
        if (!row || row.tokenHash !== hashToken(input.refreshToken)) return { kind: 'invalid' as const };
        if (row.revokedAt) return { kind: 'invalid' as const };
        if (row.usedAt) {
          await repository.revokeFamily(tx, row.familyId, now);
          return { kind: 'reused' as const };
        }
        if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' as const };
        await repository.markRefreshTokenUsed(tx, row.id, now);
        return { kind: 'ok' as const, row };
      });
      if (outcome.kind !== 'ok') throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED);
      const user = await repository.findUserById(outcome.row.userId);
      if (user?.status !== 'active' || !user.loginEnabled) {
        throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED);
      }
      const companyId = input.companyId ?? outcome.row.companyId;
      if (!(await repository.canReachCompany(user, companyId))) {
        throw new AppError('FORBIDDEN', `User ${user.id} may not act for company ${companyId}`);
      }
      return issueTokens(user, companyId, outcome.row.familyId);
    },

    async signOut(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const id = parseOpaqueTokenId(refreshToken);
      if (!id) return;
      const row = await repository.findRefreshTokenById(id);
      if (row && row.tokenHash === hashToken(refreshToken)) {
        await repository.revokeFamily(db, row.familyId, clock());
      }
    },

    /** Answers the same whether or not the address exists; the e-mail goes through the outbox. */
    async requestPasswordReset(input: { email: string; ip: string }): Promise<void> {
      const email = input.email.trim().toLowerCase();
      const since = new Date(clock().getTime() - 60 * 60 * 1000);
      const buckets = [`reset:ip:${input.ip}`, `reset:account:${email}`];
      for (const bucket of buckets) {
        if ((await repository.countRateLimitHits(bucket, since)) >= 5) {
          throw new AppError('RATE_LIMITED', 'Too many password reset requests. Please try again later.');
        }
      }
      await repository.recordRateLimitHits(buckets, clock());
      const user = await repository.findLoginUserByEmail(email);
      if (!user || user.status === 'disabled') return;
      const reset = createResetToken();
      const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(reset.token)}`;
      await db.transaction(async (tx) => {
        await repository.insertPasswordResetToken(tx, {
          tokenHash: reset.hash,
          userId: user.id,
          expiresAt: new Date(clock().getTime() + PASSWORD_RESET_TTL_MS),
        });
        await enqueueOutbox(tx, {
          channel: 'email',
          kind: 'password-reset',
          payload: {
            to: user.email,
            subject: 'Reset your password',
            text: [
              `Hello ${user.name},`,
              '',
              'Someone asked to reset the password of your account. Open this link to choose a new one:',
              link,
              '',
              'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.',
            ].join('\n'),
          },
        });
      });
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const tokenHash = hashToken(input.token);
      const now = clock();
      const passwordHash = await hashPassword(input.password);
      const ok = await db.transaction(async (tx) => {
        const row = await repository.findPasswordResetTokenForUpdate(tx, tokenHash);
        if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return false;
        await repository.markPasswordResetTokenUsed(tx, tokenHash, now);
        await repository.updatePasswordHash(tx, row.userId, passwordHash);
        await repository.revokeAllForUser(tx, row.userId, now);
        return true;
      });
      if (!ok) {
        throw new AppError(
          'VALIDATION_FAILED',
          'This password reset link is invalid or has expired. Please request a new one.',
        );
      }
    },

    async getUserStatus(email: string): Promise<'active' | 'pending' | 'disabled' | 'not_found'> {
      const user = await repository.findLoginUserByEmail(email);
      if (!user) return 'not_found';
      if (user.status === 'active' || user.status === 'pending' || user.status === 'disabled')
        return user.status;
      return 'not_found';
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
