import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { AuthService } from '../auth/auth.service';
import type { AuthUserCache } from '../auth/auth-user-cache';

export type UsersModuleDeps = {
  db: Db;
  config: Config;
  clock?: () => Date;
  auth: AuthService;
  userCache: AuthUserCache;
};

/** User management with company access, ADMIN only (R20; rows 148–154; issue 15). Not built yet. */
export function registerUsersModule(_api: FastifyInstance, _deps: UsersModuleDeps): void {}
