import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuthService } from '../auth/auth.service';
import type { AuthUserCache } from '../auth/auth-user-cache';
import { createUsersRepository } from './users.repository';
import { registerUsersRoutes } from './users.routes';
import { createUsersService } from './users.service';

export type UsersModuleDeps = {
  db: Db;
  config: Config;
  clock?: () => Date;
  auth: AuthService;
  userCache: AuthUserCache;
};

/** User management with company access, ADMIN only (R20; rows 148–152; rows 153–154 are the auth module's). */
export function registerUsersModule(api: FastifyInstance, { db, auth }: UsersModuleDeps): void {
  const service = createUsersService({ db, repository: createUsersRepository(db), accounts: auth });
  registerUsersRoutes(api, { service });
}
