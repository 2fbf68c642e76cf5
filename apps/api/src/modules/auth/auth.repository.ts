import type { AccessLevel, UserType } from '@app/domain/identity/access';
import { and, count, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import {
  dealers,
  installers,
  passwordResetTokens,
  rateLimitHits,
  refreshTokens,
  userCompanyAccess,
  users,
} from '../../db/schema/identity';

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

const userColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  phone: users.phone,
  userType: users.userType,
  access: users.access,
  dealerId: users.dealerId,
  installerId: users.installerId,
  passwordHash: users.passwordHash,
  status: users.status,
  loginEnabled: users.loginEnabled,
};

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

    /** Every company the user may act for: the primary one first, then the granted ones. */
    async listCompanies(
      user: Pick<UserRow, 'id' | 'userType' | 'dealerId' | 'installerId'>,
    ): Promise<CompanyAccessRow[]> {
      if (user.userType === 'dealer') {
        const granted = await db
          .select({ id: userCompanyAccess.dealerId })
          .from(userCompanyAccess)
          .where(eq(userCompanyAccess.userId, user.id));
        const ids = [user.dealerId, ...granted.map((g) => g.id)].filter((v): v is number => v != null);
        if (ids.length === 0) return [];
        const rows = await db
          .select({ id: dealers.id, name: dealers.name })
          .from(dealers)
          .where(inArray(dealers.id, ids));
        return orderCompanies(rows, user.dealerId, 'dealership');
      }
      const granted = await db
        .select({ id: userCompanyAccess.installerId })
        .from(userCompanyAccess)
        .where(eq(userCompanyAccess.userId, user.id));
      const ids = [user.installerId, ...granted.map((g) => g.id)].filter((v): v is number => v != null);
      if (ids.length === 0) return [];
      const rows = await db
        .select({ id: installers.id, name: installers.name })
        .from(installers)
        .where(inArray(installers.id, ids));
      return orderCompanies(rows, user.installerId, 'specialist');
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
    async findRefreshTokenForUpdate(tx: Tx, id: string) {
      const rows = await tx
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.id, id))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    async markRefreshTokenUsed(tx: Tx, id: string, at: Date) {
      await tx.update(refreshTokens).set({ usedAt: at }).where(eq(refreshTokens.id, id));
    },

    async revokeFamily(tx: Db | Tx, familyId: string, at: Date) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    },

    async revokeAllForUser(tx: Db | Tx, userId: number, at: Date) {
      await tx
        .update(refreshTokens)
        .set({ revokedAt: at })
        .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
    },

    async findRefreshTokenById(id: string) {
      const rows = await db.select().from(refreshTokens).where(eq(refreshTokens.id, id)).limit(1);
      return rows[0] ?? null;
    },

    async insertPasswordResetToken(tx: Db | Tx, row: { tokenHash: string; userId: number; expiresAt: Date }) {
      await tx.insert(passwordResetTokens).values(row);
    },

    async findPasswordResetTokenForUpdate(tx: Tx, tokenHash: string) {
      const rows = await tx
        .select()
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.tokenHash, tokenHash))
        .for('update')
        .limit(1);
      return rows[0] ?? null;
    },

    async markPasswordResetTokenUsed(tx: Tx, tokenHash: string, at: Date) {
      await tx
        .update(passwordResetTokens)
        .set({ usedAt: at })
        .where(eq(passwordResetTokens.tokenHash, tokenHash));
    },

    async updatePasswordHash(tx: Tx, userId: number, passwordHash: string) {
      await tx.update(users).set({ passwordHash, status: 'active' }).where(eq(users.id, userId));
    },

    async countRateLimitHits(bucket: string, since: Date): Promise<number> {
      const rows = await db
        .select({ n: count() })
        .from(rateLimitHits)
        .where(and(eq(rateLimitHits.bucket, bucket), gt(rateLimitHits.hitAt, since)));
      return Number(rows[0]?.n ?? 0);
    },

    async recordRateLimitHits(buckets: string[], at: Date) {
      if (buckets.length === 0) return;
      await db.insert(rateLimitHits).values(buckets.map((bucket) => ({ bucket, hitAt: at })));
    },

    async clearRateLimitBucket(bucket: string) {
      await db.delete(rateLimitHits).where(eq(rateLimitHits.bucket, bucket));
    },

    async pruneRateLimitHits(before: Date) {
      await db.delete(rateLimitHits).where(sql`${rateLimitHits.hitAt} < ${before}`);
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
