import { AppError } from '@app/contracts/errors.contract';
import type { TCompanyAccessEntry } from '@app/contracts/shell.contract';
import type { ZCreateUserBody, ZUpdateUserBody } from '@app/contracts/users.contract';
import {
  type TCompanyAccessBody,
  type TCompanyType,
  type TManagedUser,
  userMessages,
} from '@app/contracts/users.contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { AuthContext } from '../../platform/security/auth-context';
import type { AuthService } from '../auth/auth.service';
import { type ManagedUserRow, toManagedUser, type UsersRepository } from './users.repository';

type CreateBody = z.output<typeof ZCreateUserBody>;
type UpdateBody = z.output<typeof ZUpdateUserBody>;

/** The companies an administrator holds: its primary company and the ones granted to it, all of one type. */
type Held = { type: TCompanyType; ids: Set<number>; entries: TCompanyAccessEntry[] };

const userTypeOf = (type: TCompanyType) => (type === 'dealership' ? 'dealer' : 'installer');
const primaryOf = (user: Pick<ManagedUserRow, 'userType' | 'dealerId' | 'installerId'>) =>
  (user.userType === 'dealer' ? user.dealerId : user.installerId) ?? 0;

/** A unique-index violation (two creates of one e-mail at once): the 409 the check before it gives. */
function isUniqueViolation(error: unknown): boolean {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } })?.code ??
    (error as { cause?: { code?: unknown } })?.cause?.code;
  return code === '23505';
}

/**
 * User management (rows 148–152; docs/decisions/017-user-management.md). Every call is for administrators
 * (access ADMIN) and only about users whose primary company the administrator holds; a user of another
 * company is not found, a company it does not hold is forbidden. Disabling a user or changing its access
 * ends its sessions (revoked refresh tokens; the guard refuses their access tokens within AUTH_CACHE_MS).
 */
export function createUsersService({
  db,
  repository,
  accounts,
}: {
  db: Db;
  repository: UsersRepository;
  accounts: Pick<
    AuthService,
    'findUser' | 'listCompanies' | 'sendSetPasswordEmail' | 'endSessions' | 'forgetUser'
  >;
}) {
  async function heldCompanies(auth: AuthContext): Promise<Held> {
    if (auth.access !== 'ADMIN') throw new AppError('FORBIDDEN', userMessages.adminOnly);
    const caller = await accounts.findUser(auth.userId);
    if (!caller) throw new AppError('FORBIDDEN', userMessages.adminOnly);
    const companies = await accounts.listCompanies(caller);
    return {
      type: caller.userType === 'dealer' ? 'dealership' : 'specialist',
      ids: new Set(companies.map((c) => c.companyId)),
      entries: companies.map(toAccessEntry),
    };
  }

  function requireHeld(held: Held, companyId: number, companyType: string) {
    if (companyType !== held.type || !held.ids.has(companyId)) {
      throw new AppError('FORBIDDEN', `You do not administer ${companyType} ${companyId}.`);
    }
  }

  /** The user, when its primary company is one the administrator holds; else 404 (tells nothing more). */
  async function managedUser(held: Held, userId: number): Promise<ManagedUserRow> {
    const user = await repository.findUser(userId);
    if (!user || userTypeOf(held.type) !== user.userType || !held.ids.has(primaryOf(user))) {
      throw new AppError('NOT_FOUND', `User ${userId} not found`);
    }
    return user;
  }

  async function requireFreeEmail(email: string, exceptId?: number) {
    if ((await repository.findLoginIdByEmail(db, email, exceptId)) !== null) {
      throw new AppError('CONFLICT', userMessages.emailTaken);
    }
  }

  async function companiesOf(user: ManagedUserRow): Promise<TCompanyAccessEntry[]> {
    return (await accounts.listCompanies(user)).map(toAccessEntry);
  }

  return {
    async listUsers(auth: AuthContext): Promise<TManagedUser[]> {
      const held = await heldCompanies(auth);
      const rows = await repository.listUsersOfCompanies(held.type, [...held.ids]);
      return rows.map(toManagedUser);
    },

    async listCompanyChoices(auth: AuthContext): Promise<TCompanyAccessEntry[]> {
      return (await heldCompanies(auth)).entries;
    },

    async createUser(auth: AuthContext, body: CreateBody): Promise<{ userId: number }> {
      const held = await heldCompanies(auth);
      requireHeld(held, body.companyId, body.companyType);
      await requireFreeEmail(body.email);
      try {
        const userId = await db.transaction(async (tx) => {
          const status = body.active ? 'pending' : 'disabled';
          const id = await repository.insertUser(tx, {
            email: body.email,
            name: body.userName,
            phone: body.userPhoneNumber,
            userType: userTypeOf(held.type),
            access: body.access || 'STANDARD',
            companyId: body.companyId,
            status,
            createdByUserId: auth.userId,
          });
          if (status === 'pending') {
            await accounts.sendSetPasswordEmail(tx, { id, email: body.email, name: body.userName });
          }
          return id;
        });
        return { userId };
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', userMessages.emailTaken);
        throw error;
      }
    },

    async updateUser(auth: AuthContext, userId: number, body: UpdateBody): Promise<{ userId: number }> {
      const held = await heldCompanies(auth);
      if (body.userId !== undefined && body.userId !== userId) {
        throw new AppError('VALIDATION_FAILED', `userId ${body.userId} does not match the path's ${userId}`);
      }
      const user = await managedUser(held, userId);
      if (body.companyType !== held.type) {
        throw new AppError('VALIDATION_FAILED', "A user's company type cannot change.", {
          details: [{ path: 'companyType', message: "A user's company type cannot change." }],
        });
      }
      requireHeld(held, body.companyId, body.companyType);
      const access = body.access || user.access;
      const oldPrimary = primaryOf(user);
      if (userId === auth.userId && (!body.active || access !== 'ADMIN')) {
        throw new AppError(
          'VALIDATION_FAILED',
          'You cannot disable your own account or remove your own administrator access.',
        );
      }
      await requireFreeEmail(body.email, userId);
      const accessChanged = access !== user.access;
      try {
        await db.transaction(async (tx) => {
          const grants = await repository.listGrants(tx, user);
          if (body.companyId !== oldPrimary && !grants.includes(body.companyId)) {
            // Rule 125: the primary company is chosen among the companies the user has access to.
            throw new AppError(
              'VALIDATION_FAILED',
              'The primary company must be one of the companies the user has access to.',
              { details: [{ path: 'companyId', message: 'Choose a company the user has access to.' }] },
            );
          }
          const status = !body.active
            ? 'disabled'
            : user.status === 'disabled'
              ? (await repository.hasPassword(tx, userId))
                ? 'active'
                : 'pending'
              : user.status;
          const isDealer = user.userType === 'dealer';
          await repository.updateUser(tx, userId, {
            email: body.email,
            name: body.userName,
            phone: body.userPhoneNumber,
            access,
            status,
            dealerId: isDealer ? body.companyId : null,
            installerId: isDealer ? null : body.companyId,
          });
          if (body.companyId !== oldPrimary) {
            // The old primary company stays reachable as a granted one; the new one is no longer a grant.
            await repository.removeGrants(tx, user, [body.companyId]);
            await repository.addGrants(tx, user, [oldPrimary]);
          }
          if (status === 'disabled' || accessChanged) await accounts.endSessions(tx, userId);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('CONFLICT', userMessages.emailTaken);
        throw error;
      }
      accounts.forgetUser(userId);
      return { userId };
    },

    /**
     * Row 151: the user's additional companies among those the administrator holds become `associations`
     * (rule 124: same company type as the user, not listed twice, not its primary company); grants of
     * companies the administrator does not hold are left as they are.
     */
    async setCompanyAccess(
      auth: AuthContext,
      userId: number,
      body: TCompanyAccessBody,
    ): Promise<TCompanyAccessEntry[]> {
      const held = await heldCompanies(auth);
      const user = await managedUser(held, userId);
      const primary = primaryOf(user);
      const wanted = new Set<number>();
      body.associations.forEach((a, index) => {
        const fail = (message: string) => {
          throw new AppError('VALIDATION_FAILED', message, {
            details: [{ path: `associations.${index}`, message }],
          });
        };
        if (a.company_type !== held.type)
          fail('Additional company access must be of the same company type as the user.');
        if (a.company_id === primary) fail('The primary company is not an additional company.');
        if (wanted.has(a.company_id)) fail(`Company ${a.company_id} is already held.`);
        requireHeld(held, a.company_id, a.company_type);
        wanted.add(a.company_id);
      });
      await db.transaction(async (tx) => {
        const current = (await repository.listGrants(tx, user)).filter((id) => held.ids.has(id));
        await repository.removeGrants(
          tx,
          user,
          current.filter((id) => !wanted.has(id)),
        );
        await repository.addGrants(
          tx,
          user,
          [...wanted].filter((id) => !current.includes(id)),
        );
      });
      accounts.forgetUser(userId);
      return companiesOf(user);
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

function toAccessEntry(c: {
  companyId: number;
  companyType: TCompanyType;
  companyName: string;
  isPrimary: boolean;
}): TCompanyAccessEntry {
  const isSpecialist = c.companyType === 'specialist';
  return {
    company_id: c.companyId,
    company_type: c.companyType,
    company_name: c.companyName,
    Installer_id: isSpecialist ? c.companyId : null,
    Installer_Name: isSpecialist ? c.companyName : null,
    is_primary: c.isPrimary,
  };
}
