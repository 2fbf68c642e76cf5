import { randomUUID } from 'node:crypto';
import type { TSessionUser, TTokenResponse, TUserProfile } from '@app/contracts/auth.contract';
import { AppError } from '@app/contracts/errors.contract';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import { getDummyHash, hashPassword, verifyPassword } from '../../platform/security/password';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  createOpaqueToken,
  createResetToken,
  hashToken,
  PASSWORD_RESET_TTL_MS,
  parseOpaqueTokenId,
  REFRESH_TOKEN_TTL_MS,
  type TokenSigner,
} from '../../platform/security/tokens';
import { enqueueOutbox } from '../outbox/outbox-enqueue';
import type { AuthRepository, UserRow } from './auth.repository';
import type { AuthUserCache } from './auth-user-cache';
import { sessionUserOf } from './session-user';

/** A pair's failures are forgotten after a day without attempts. */
const PAIR_FORGET_MS = 24 * 60 * 60 * 1000;
/** Password-reset requests: 5 per hour per IP and per address. */
const RESET_WINDOW_MS = 60 * 60 * 1000;
/** A new user's set-password link lives 7 days. */
const SET_PASSWORD_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const SIGN_IN_FAILED = 'Sign in failed. Please check your credentials and try again.';
const SESSION_EXPIRED = 'Your session has expired. Please sign in again.';

/** A user as other modules see it (no password hash). */
export type AccountUser = Omit<UserRow, 'passwordHash'>;

type Deps = {
  db: Db;
  repository: AuthRepository;
  signer: TokenSigner;
  config: Pick<Config, 'publicUrl' | 'rateLimits'>;
  /** The guard's cache of this process: forgotten at once when a session of the user ends. */
  userCache?: Pick<AuthUserCache, 'forgetUser'>;
  clock?: () => Date;
};

export function createAuthService({
  db,
  repository,
  signer,
  config,
  userCache,
  clock = () => new Date(),
}: Deps) {
  const { rateLimits } = config;

  /**
   * Reserves this attempt before the password is checked (docs/decisions/006-sign-in-throttling.md): one
   * per-IP ceiling over all accounts, and one (account, IP) pair that waits longer after each failure.
   * Each reservation is one statement on the shared database, so parallel attempts and several API
   * processes cannot pass a limit. The owner at another IP has a pair of their own.
   */
  async function reserveSignInAttempt(email: string, ip: string, now: Date) {
    const ipBucket = `signin:ip:${ip}`;
    const pairBucket = `signin:pair:${ip}:${email}`;
    const ipOk = await repository.reserveWindowAttempt({
      bucket: ipBucket,
      limit: rateLimits.signInPerIp,
      windowMs: rateLimits.windowMs,
      now,
    });
    const pairOk =
      ipOk &&
      (await repository.reserveBackoffAttempt({
        bucket: pairBucket,
        account: email,
        free: rateLimits.signInPerPair,
        blockMs: rateLimits.pairBlockMs,
        maxBlockMs: rateLimits.pairMaxBlockMs,
        forgetMs: PAIR_FORGET_MS,
        now,
      }));
    if (!pairOk) {
      throw new AppError(
        'RATE_LIMITED',
        'Too many sign-in attempts. Please wait a few minutes and try again.',
      );
    }
    return { ipBucket, pairBucket };
  }

  async function issueTokens(
    user: UserRow,
    companyId: number,
    familyId: string,
    tx: Db = db,
  ): Promise<TTokenResponse> {
    const sessionUser: TSessionUser = sessionUserOf(user, companyId);
    const accessToken = await signer.sign({
      sub: String(user.id),
      groups: sessionUser.groups,
      companyId,
      access: user.access,
      userType: user.userType,
      sid: familyId,
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

  async function sharesCompany(callerId: number, user: UserRow): Promise<boolean> {
    const caller = await repository.findUserById(callerId);
    if (!caller || caller.userType !== user.userType) return false;
    const callerCompanies = new Set((await repository.listCompanies(caller)).map((c) => c.companyId));
    return (await repository.listCompanies(user)).some((c) => callerCompanies.has(c.companyId));
  }

  function primaryCompanyId(user: UserRow): number {
    const id = user.userType === 'dealer' ? user.dealerId : user.installerId;
    if (id == null) throw new AppError('FORBIDDEN', `User ${user.id} has no company`);
    return id;
  }

  /**
   * E-mails the user a single-use link to choose a password (a reset, or a new user's first one), valid for
   * `ttlMs`: the token row and the outbox e-mail are written in the caller's transaction.
   */
  async function sendPasswordLink(
    tx: Db | Tx,
    user: { id: number; email: string; name: string },
    mail: { kind: string; ttlMs: number; subject: string; why: string; validity: string },
  ): Promise<void> {
    const { token, hash } = createResetToken();
    await repository.insertPasswordResetToken(tx, {
      tokenHash: hash,
      userId: user.id,
      expiresAt: new Date(clock().getTime() + mail.ttlMs),
    });
    await enqueueOutbox(tx, {
      channel: 'email',
      kind: mail.kind,
      payload: {
        to: user.email,
        subject: mail.subject,
        text: [
          `Hello ${user.name},`,
          '',
          mail.why,
          `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`,
          '',
          mail.validity,
        ].join('\n'),
      },
    });
  }

  return {
    /**
     * A user by id, without its password hash: other modules read users through here, never through the
     * auth repository.
     */
    async findUser(userId: number): Promise<AccountUser | null> {
      const user = await repository.findUserById(userId);
      if (!user) return null;
      const { passwordHash: _hash, ...account } = user;
      return account;
    },

    /** Every company the user may act for: the primary one first, then the granted ones. */
    listCompanies(user: Pick<UserRow, 'id' | 'userType' | 'dealerId' | 'installerId'>) {
      return repository.listCompanies(user);
    },

    /** Whether user `userId` exists and may act for company `companyId`. */
    async mayActFor(userId: number, companyId: number): Promise<boolean> {
      const user = await repository.findUserById(userId);
      return user !== null && (await repository.canReachCompany(user, companyId));
    },

    async signIn(input: { email: string; password: string; ip: string }): Promise<TTokenResponse> {
      const email = input.email.trim().toLowerCase();
      const { ipBucket, pairBucket } = await reserveSignInAttempt(email, input.ip, clock());
      const user = await repository.findLoginUserByEmail(email);
      // Verify against a dummy hash for unknown users so timing does not reveal which e-mails exist.
      const isValid = user?.passwordHash
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await getDummyHash(), input.password)) && false;
      // A failure stays counted as reserved; a success clears its pair and gives its IP attempt back.
      if (!user || !isValid || user.status !== 'active') {
        throw new AppError('INVALID_CREDENTIALS', SIGN_IN_FAILED);
      }
      await repository.clearThrottle(pairBucket);
      await repository.releaseWindowAttempt(ipBucket);
      return issueTokens(user, primaryCompanyId(user), randomUUID());
    },

    /**
     * Rotation: a refresh token works once. Presenting a used one again means it leaked,
     * so the whole family (every token descended from that sign-in) is revoked.
     */
    async refresh(input: { refreshToken: string | undefined; companyId?: number }): Promise<TTokenResponse> {
      const refreshToken = input.refreshToken ?? '';
      const id = parseOpaqueTokenId(refreshToken);
      if (!id) throw new AppError('UNAUTHENTICATED', SESSION_EXPIRED);
      const now = clock();
      const outcome = await db.transaction(async (tx) => {
        const row = await repository.findRefreshTokenForUpdate(tx, id);
        if (!row || row.tokenHash !== hashToken(refreshToken)) return { kind: 'invalid' as const };
        if (row.revokedAt) return { kind: 'invalid' as const };
        if (row.usedAt) {
          // A leaked token: its whole family ends, access tokens included (the guard checks the family).
          await repository.revokeFamily(tx, row.familyId, now);
          return { kind: 'reused' as const, userId: row.userId };
        }
        if (row.expiresAt.getTime() <= now.getTime()) return { kind: 'invalid' as const };
        await repository.markRefreshTokenUsed(tx, row.id, now);
        return { kind: 'ok' as const, row };
      });
      if (outcome.kind === 'reused') userCache?.forgetUser(outcome.userId);
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
        // Ends this session only (its refresh-token family and the access tokens carrying it as `sid`);
        // the user's other sessions go on. See docs/decisions/006-sign-in-throttling.md.
        await repository.revokeFamily(db, row.familyId, clock());
        userCache?.forgetUser(row.userId);
      }
    },

    /** Answers the same whether or not the address exists; the e-mail goes through the outbox. */
    async requestPasswordReset(input: { email: string; ip: string }): Promise<void> {
      const email = input.email.trim().toLowerCase();
      for (const bucket of [`reset:ip:${input.ip}`, `reset:account:${email}`]) {
        const reserved = await repository.reserveWindowAttempt({
          bucket,
          limit: 5,
          windowMs: RESET_WINDOW_MS,
          now: clock(),
        });
        if (!reserved) {
          throw new AppError('RATE_LIMITED', 'Too many password reset requests. Please try again later.');
        }
      }
      const user = await repository.findLoginUserByEmail(email);
      if (!user || user.status === 'disabled') return;
      await db.transaction((tx) =>
        sendPasswordLink(tx, user, {
          kind: 'password-reset',
          ttlMs: PASSWORD_RESET_TTL_MS,
          subject: 'Reset your password',
          why: 'Someone asked to reset the password of your account. Open this link to choose a new one:',
          validity:
            'The link works once and expires in one hour. If you did not ask for it, ignore this e-mail.',
        }),
      );
    },

    /**
     * A new user's set-password e-mail (User Management, docs/decisions/017-user-management.md): a single-use
     * link like a reset's, valid for 7 days, written in the caller's transaction. The password is never sent.
     */
    async sendSetPasswordEmail(
      tx: Db | Tx,
      user: { id: number; email: string; name: string },
    ): Promise<void> {
      await sendPasswordLink(tx, user, {
        kind: 'set-password',
        ttlMs: SET_PASSWORD_TTL_MS,
        subject: 'Your account is ready: choose a password',
        why: 'An administrator created an account for you. Open this link to choose your password:',
        validity: 'The link works once and expires in 7 days.',
      });
    },

    /**
     * Ends every session of the user (disabled, or its access changed): its refresh tokens are revoked, so
     * its access tokens stop working at once here and within AUTH_CACHE_MS on every other API process.
     */
    async endSessions(tx: Db | Tx, userId: number): Promise<void> {
      await repository.revokeAllForUser(tx, userId, clock());
    },

    /** Drops this process's cached sessions of the user (call after the change is committed). */
    forgetUser(userId: number): void {
      userCache?.forgetUser(userId);
    },

    /**
     * Deletes throttle rows nothing reads any more: every window and series they count has ended (the longest
     * is a pair's day) and they block nothing. Run periodically by the app (decision 006).
     */
    async pruneThrottles(): Promise<number> {
      const now = clock();
      const longest = Math.max(PAIR_FORGET_MS, rateLimits.windowMs, RESET_WINDOW_MS);
      return repository.pruneThrottles({ before: new Date(now.getTime() - longest), now });
    },

    async resetPassword(input: { token: string; password: string }): Promise<void> {
      const tokenHash = hashToken(input.token);
      const now = clock();
      const passwordHash = await hashPassword(input.password);
      const userId = await db.transaction(async (tx) => {
        const row = await repository.findPasswordResetTokenForUpdate(tx, tokenHash);
        if (!row || row.usedAt || row.expiresAt.getTime() <= now.getTime()) return null;
        await repository.markPasswordResetTokenUsed(tx, tokenHash, now);
        const email = await repository.updatePasswordHash(tx, row.userId, passwordHash);
        // Every session ends (the guard refuses access tokens of revoked families), and the owner is
        // proven: every sign-in throttle of the account is cleared.
        await repository.revokeAllForUser(tx, row.userId, now);
        if (email) await repository.clearAccountThrottles(tx, email.trim().toLowerCase());
        return row.userId;
      });
      if (userId === null) {
        throw new AppError(
          'VALIDATION_FAILED',
          'This password reset link is invalid or has expired. Please request a new one.',
        );
      }
      userCache?.forgetUser(userId);
    },

    /**
     * The account status of a user of one of the caller's companies (User Management: administrators only).
     * Anyone else is 'not_found', the same answer as for an address nobody uses, so it tells nothing about
     * other companies' users.
     */
    async getUserStatus(
      auth: AuthContext,
      email: string,
    ): Promise<'active' | 'pending' | 'disabled' | 'not_found'> {
      if (auth.access !== 'ADMIN')
        throw new AppError('FORBIDDEN', 'Only administrators can read account status.');
      const user = await repository.findLoginUserByEmail(email);
      if (!user || !(await sharesCompany(auth.userId, user))) return 'not_found';
      if (user.status === 'active' || user.status === 'pending' || user.status === 'disabled')
        return user.status;
      return 'not_found';
    },

    /** The caller's own profile with the company it acts for; `email`, when given, must be the caller's. */
    async getLoginProfile(auth: AuthContext, email: string | undefined): Promise<TUserProfile> {
      const asked = email?.trim().toLowerCase();
      if (asked && asked !== auth.email.toLowerCase()) {
        throw new AppError('FORBIDDEN', 'You can read only your own profile.');
      }
      const user = await repository.findUserById(auth.userId);
      if (!user) throw new AppError('NOT_FOUND', `User ${auth.userId} not found`);
      return {
        User_id: user.id,
        user_name: user.name,
        Email: user.email,
        user_phone_number: user.phone,
        User_type: user.userType,
        Company_id: auth.companyId,
        access: user.access,
        groups: auth.groups,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
