import type { AccessLevel, UserType } from '@app/domain/identity/access';
import { and, eq, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { firstRow } from '../../db/any-row';
import type { Db, Tx } from '../../db/client';
import { lockRow } from '../../db/lock-row';
import { pickColumns } from '../../db/pick-columns';
import {
  authThrottles,
  dealers,
  installers,
  passwordResetTokens,
  refreshTokens,
  userCompanyAccess,
  users,
} from '../../db/schema/identity';
import { reserveWindowAttempt } from '../../platform/security/window-throttle';

export type UserRow = {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  userType: UserType;
  access: AccessLevel;
  dealerId: number | null;
  installerId: number | null;
  passwordHash: string | null;
  status: string;
  loginEnabled: boolean;
};

/** Revokes the refresh tokens `which` picks that are not revoked yet (a revoked one keeps its first time). */
async function revokeLiveTokens(tx: Db | Tx, which: SQL, at: Date): Promise<void> {
  await tx
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(and(which, isNull(refreshTokens.revokedAt)));
}

const userColumns = {
  ...pickColumns(users, 'id', 'email', 'name', 'phone', 'userType', 'access', 'dealerId', 'installerId'),
  ...pickColumns(users, 'passwordHash', 'status', 'loginEnabled'),
};

/** A time as a typed parameter (raw SQL fragments do not go through the column's mapping). */
function timestamp(at: Date): SQL {
  return sql`${at.toISOString()}::timestamptz`;
}

export type CompanyAccessRow = {
  companyId: number;
  companyType: 'dealership' | 'specialist';
  companyName: string;
  isPrimary: boolean;
};

export function createAuthRepository(db: Db) {
  return {
    async findLoginUserByEmail(email: string): Promise<UserRow | null> {
      const rows = await db
        .select(userColumns)
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.loginEnabled, true)))
        .limit(1);
      return (rows[0] as UserRow | undefined) ?? null;
    },

    async findUserById(id: number): Promise<UserRow | null> {
      const rows = await db.select(userColumns).from(users).where(eq(users.id, id)).limit(1);
      return (rows[0] as UserRow | undefined) ?? null;
    },

    /**
     * The user with whether the session (refresh-token family) `sessionId` has ended: signed out, ended
     * by a password reset or by a reused refresh token. One statement: the guard runs it on a cache miss.
     */
    async findSessionUser(
      id: number,
      sessionId: string,
    ): Promise<(UserRow & { sessionEnded: boolean }) | null> {
      const rows = await db
        .select({
          ...userColumns,
          // Spelled out: Drizzle leaves column names unqualified in a one-table select.
          sessionEnded: sql<boolean>`exists (select 1 from refresh_tokens rt where rt.family_id = ${sessionId} and rt.user_id = users.id and rt.revoked_at is not null)`,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return (rows[0] as (UserRow & { sessionEnded: boolean }) | undefined) ?? null;
    },

    /** Every company the user may act for: the primary one first, then the granted ones. */
    async listCompanies(
      user: Pick<UserRow, 'id' | 'userType' | 'dealerId' | 'installerId'>,
    ): Promise<CompanyAccessRow[]> {
      const isDealer = user.userType === 'dealer';
      const primaryId = isDealer ? user.dealerId : user.installerId;
      const granted = await db
        .select({ id: isDealer ? userCompanyAccess.dealerId : userCompanyAccess.installerId })
        .from(userCompanyAccess)
        .where(eq(userCompanyAccess.userId, user.id));
      const ids = [primaryId, ...granted.map((g) => g.id)].filter((v): v is number => v != null);
      if (ids.length === 0) return [];
      const company = isDealer ? dealers : installers;
      const rows = await db
        .select({ id: company.id, name: company.name })
        .from(company)
        .where(inArray(company.id, ids));
      return orderCompanies(rows, primaryId, isDealer ? 'dealership' : 'specialist');
    },

    async canReachCompany(
      user: Pick<UserRow, 'id' | 'userType' | 'dealerId' | 'installerId'>,
      companyId: number,
    ) {
      if (user.userType === 'dealer' && user.dealerId === companyId) return true;
      if (user.userType === 'installer' && user.installerId === companyId) return true;
      const column = user.userType === 'dealer' ? userCompanyAccess.dealerId : userCompanyAccess.installerId;
      const rows = await db
        .select({ id: userCompanyAccess.id })
        .from(userCompanyAccess)
        .where(and(eq(userCompanyAccess.userId, user.id), eq(column, companyId)))
        .limit(1);
      return rows.length > 0;
    },

    async insertRefreshToken(
      tx: Db | Tx,
      row: {
        id: string;
        tokenHash: string;
        familyId: string;
        userId: number;
        companyId: number;
        expiresAt: Date;
      },
    ) {
      await tx.insert(refreshTokens).values(row);
    },

    /** Locks the token row so two concurrent refreshes with one token cannot both succeed. */
    findRefreshTokenForUpdate: (tx: Tx, id: string) => lockRow(tx, refreshTokens, eq(refreshTokens.id, id)),

    async markRefreshTokenUsed(tx: Tx, id: string, at: Date) {
      await tx.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
    },

    revokeFamily: (tx: Db | Tx, familyId: string, at: Date) =>
      revokeLiveTokens(tx, eq(refreshTokens.familyId, familyId), at),

    revokeAllForUser: (tx: Db | Tx, userId: number, at: Date) =>
      revokeLiveTokens(tx, eq(refreshTokens.userId, userId), at),

    findRefreshTokenById: (id: string) => firstRow(db, refreshTokens, eq(refreshTokens.id, id)),

    async insertPasswordResetToken(tx: Db | Tx, row: { tokenHash: string; userId: number; expiresAt: Date }) {
      await tx.insert(passwordResetTokens).values(row);
    },

    findPasswordResetTokenForUpdate: (tx: Tx, tokenHash: string) =>
      lockRow(tx, passwordResetTokens, eq(passwordResetTokens.tokenHash, tokenHash)),

    async markPasswordResetTokenUsed(tx: Tx, tokenHash: string, at: Date) {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
    },

    /** Sets the new password; returns the user's e-mail (null when there is no such user). */
    async updatePasswordHash(tx: Tx, userId: number, passwordHash: string): Promise<string | null> {
      const rows = await tx
        .update(users)
        // A pending user (never signed in) becomes active; a disabled one stays disabled.
        .set({
          passwordHash,
          status: sql`case when ${users.status} = 'pending' then 'active' else ${users.status} end`,
        })
        .where(eq(users.id, userId))
        .returning({ email: users.email });
      return rows[0]?.email ?? null;
    },

    /**
     * Reserves one attempt in a fixed window of `windowMs`, in one statement shared by every API process:
     * true when the attempt fits under `limit` (and is now counted), false when the window is full.
     */
    async reserveWindowAttempt(input: { bucket: string; limit: number; windowMs: number; now: Date }) {
      return reserveWindowAttempt(db, input);
    },

    /**
     * Reserves one attempt of a bucket that blocks with growing delays, in one statement: refused (false)
     * while the bucket is blocked; otherwise counted as a failure in advance, and from the `free`-th on the
     * bucket is blocked for `blockMs` × 2^(hits − free), at most `maxBlockMs`. A series older than
     * `forgetMs` starts again at 1. A success calls clearThrottle.
     */
    async reserveBackoffAttempt(input: {
      bucket: string;
      account: string;
      free: number;
      blockMs: number;
      maxBlockMs: number;
      forgetMs: number;
      now: Date;
    }) {
      const now = timestamp(input.now);
      const forgotten = sql`${authThrottles.windowStart} <= ${timestamp(new Date(input.now.getTime() - input.forgetMs))}`;
      const hits = sql`(case when ${forgotten} then 1 else ${authThrottles.hits} + 1 end)`;
      const exponent = sql`least(${hits} - ${input.free}, 30)`;
      const firstBlock =
        input.free <= 1 ? new Date(input.now.getTime() + Math.min(input.blockMs, input.maxBlockMs)) : null;
      const rows = await db
        .insert(authThrottles)
        .values({
          bucket: input.bucket,
          account: input.account,
          hits: 1,
          windowStart: input.now,
          blockedUntil: firstBlock,
        })
        .onConflictDoUpdate({
          target: authThrottles.bucket,
          set: {
            hits,
            windowStart: now,
            blockedUntil: sql`case when ${hits} >= ${input.free}
              then ${now} + least(${input.blockMs}::float8 * power(2, ${exponent}), ${input.maxBlockMs}) * interval '1 millisecond'
              else null end`,
          },
          setWhere: sql`${authThrottles.blockedUntil} is null or ${authThrottles.blockedUntil} <= ${now}`,
        })
        .returning({ hits: authThrottles.hits });
      return rows.length > 0;
    },

    /** Gives back one attempt reserved by reserveWindowAttempt (it turned out not to be a failure). */
    async releaseWindowAttempt(bucket: string) {
      await db
        .update(authThrottles)
        .set({ hits: sql`greatest(${authThrottles.hits} - 1, 0)` })
        .where(eq(authThrottles.bucket, bucket));
    },

    async clearThrottle(bucket: string) {
      await db.delete(authThrottles).where(eq(authThrottles.bucket, bucket));
    },

    /**
     * Forgets throttles whose series began before `before` and that block nothing at `now` (they would start
     * again at 1 anyway); returns how many. Served by the window_start index, in one statement.
     */
    async pruneThrottles(input: { before: Date; now: Date }): Promise<number> {
      const rows = await db
        .delete(authThrottles)
        .where(
          and(
            lt(authThrottles.windowStart, input.before),
            or(isNull(authThrottles.blockedUntil), lte(authThrottles.blockedUntil, input.now)),
          ),
        )
        .returning({ bucket: authThrottles.bucket });
      return rows.length;
    },

    /** Every backoff throttle of an account, from any IP (a password reset proves the owner). */
    async clearAccountThrottles(tx: Db | Tx, account: string) {
      await tx.delete(authThrottles).where(eq(authThrottles.account, account));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;

function orderCompanies(
  rows: { id: number; name: string }[],
  primaryId: number | null,
  companyType: CompanyAccessRow['companyType'],
): CompanyAccessRow[] {
  return rows
    .map((r) => ({ companyId: r.id, companyName: r.name, companyType, isPrimary: r.id === primaryId }))
    .sort((a, b) => Number(b.isPrimary) - Number(a.isPrimary) || a.companyName.localeCompare(b.companyName));
}
