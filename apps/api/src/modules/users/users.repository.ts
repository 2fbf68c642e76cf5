import type { TManagedUser } from '@app/contracts/users.contract';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pickColumns } from '../../db/pick-columns';
import { dealers, installers, userCompanyAccess, users } from '../../db/schema/identity';

export type CompanyRef = { companyId: number; companyType: 'dealership' | 'specialist' };

/** A sign-in user as User Management sees it (dealer team contacts, who cannot sign in, are not users here). */
export type ManagedUserRow = {
  id: number;
  email: string;
  name: string;
  phone: string | null;
  userType: 'dealer' | 'installer';
  access: 'ASSIST' | 'DIRECT' | 'STANDARD' | 'ADMIN';
  dealerId: number | null;
  installerId: number | null;
  status: string;
  companyName: string;
};

const companyName = sql<string>`coalesce(${dealers.name}, ${installers.name}, '')`;
const columns = {
  ...pickColumns(users, 'id', 'email', 'name', 'phone', 'userType', 'access', 'dealerId', 'installerId'),
  status: users.status,
  companyName,
};

export function toManagedUser(row: ManagedUserRow): TManagedUser {
  const isDealer = row.userType === 'dealer';
  return {
    User_id: row.id,
    user_name: row.name,
    Email: row.email,
    user_phone_number: row.phone,
    User_type: row.userType,
    Company_id: (isDealer ? row.dealerId : row.installerId) ?? 0,
    access: row.access,
    company_name: row.companyName,
    company_type: isDealer ? 'dealership' : 'specialist',
    status: row.status === 'disabled' ? 'disabled' : row.status === 'pending' ? 'pending' : 'active',
    active: row.status !== 'disabled',
  };
}

/** The only Drizzle of user management: users of a set of companies, and their company grants. */
export function createUsersRepository(db: Db) {
  function selectUsers(executor: Db | Tx = db) {
    return executor
      .select(columns)
      .from(users)
      .leftJoin(dealers, eq(users.dealerId, dealers.id))
      .leftJoin(installers, eq(users.installerId, installers.id));
  }

  return {
    /** Sign-in users whose primary company is one of `companyIds` (of `type`), by name. */
    async listUsersOfCompanies(type: CompanyRef['companyType'], companyIds: number[]) {
      if (companyIds.length === 0) return [];
      const primary = type === 'dealership' ? users.dealerId : users.installerId;
      const rows = await selectUsers()
        .where(and(eq(users.loginEnabled, true), inArray(primary, companyIds)))
        .orderBy(asc(sql`lower(${users.name})`), asc(users.id));
      return rows as ManagedUserRow[];
    },

    async findUser(id: number, executor: Db | Tx = db): Promise<ManagedUserRow | null> {
      const rows = await selectUsers(executor)
        .where(and(eq(users.id, id), eq(users.loginEnabled, true)))
        .limit(1);
      return (rows[0] as ManagedUserRow | undefined) ?? null;
    },

    /** Another sign-in account with this e-mail (case-insensitive), if any. */
    async findLoginIdByEmail(executor: Db | Tx, email: string, exceptId?: number): Promise<number | null> {
      const rows = await executor
        .select({ id: users.id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.loginEnabled, true)))
        .limit(2);
      return rows.find((r) => r.id !== exceptId)?.id ?? null;
    },

    async insertUser(
      tx: Tx,
      values: Pick<ManagedUserRow, 'email' | 'name' | 'phone' | 'userType' | 'access'> & {
        companyId: number;
        status: 'pending' | 'disabled';
        createdByUserId: number;
      },
    ): Promise<number> {
      const isDealer = values.userType === 'dealer';
      const rows = await tx
        .insert(users)
        .values({
          email: values.email,
          name: values.name,
          phone: values.phone,
          userType: values.userType,
          access: values.access,
          dealerId: isDealer ? values.companyId : null,
          installerId: isDealer ? null : values.companyId,
          status: values.status,
          createdByUserId: values.createdByUserId,
        })
        .returning({ id: users.id });
      return rows[0]!.id;
    },

    async updateUser(
      tx: Tx,
      id: number,
      values: Pick<ManagedUserRow, 'email' | 'name' | 'phone' | 'access' | 'status'> & {
        dealerId: number | null;
        installerId: number | null;
      },
    ): Promise<void> {
      await tx.update(users).set(values).where(eq(users.id, id));
    },

    /** Whether the user has a password yet (an invited user has none until the set-password link is used). */
    async hasPassword(tx: Tx, id: number): Promise<boolean> {
      const rows = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNotNull(users.passwordHash)))
        .limit(1);
      return rows.length > 0;
    },

    /** The ids of the companies granted to the user (not its primary one). */
    async listGrants(executor: Db | Tx, user: Pick<ManagedUserRow, 'id' | 'userType'>): Promise<number[]> {
      const column = user.userType === 'dealer' ? userCompanyAccess.dealerId : userCompanyAccess.installerId;
      const rows = await executor
        .select({ companyId: column })
        .from(userCompanyAccess)
        .where(eq(userCompanyAccess.userId, user.id));
      return rows.map((r) => r.companyId).filter((v): v is number => v != null);
    },

    async addGrants(tx: Tx, user: Pick<ManagedUserRow, 'id' | 'userType'>, companyIds: number[]) {
      if (companyIds.length === 0) return;
      const isDealer = user.userType === 'dealer';
      await tx
        .insert(userCompanyAccess)
        .values(
          companyIds.map((companyId) => ({
            userId: user.id,
            dealerId: isDealer ? companyId : null,
            installerId: isDealer ? null : companyId,
          })),
        )
        .onConflictDoNothing();
    },

    async removeGrants(tx: Tx, user: Pick<ManagedUserRow, 'id' | 'userType'>, companyIds: number[]) {
      if (companyIds.length === 0) return;
      const column = user.userType === 'dealer' ? userCompanyAccess.dealerId : userCompanyAccess.installerId;
      await tx
        .delete(userCompanyAccess)
        .where(and(eq(userCompanyAccess.userId, user.id), inArray(column, companyIds)));
    },
  };
}
export type UsersRepository = ReturnType<typeof createUsersRepository>;
