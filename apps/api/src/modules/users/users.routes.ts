import { usersCalls as calls, userMessages } from '@app/contracts/users.contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';
import type { UsersService } from './users.service';

/** User Management (rows 148–152): HTTP only; the service checks the caller is an ADMIN of the company. */
export function registerUsersRoutes(app: FastifyInstance, { service }: { service: UsersService }) {
  registerCall(app, calls.listUsers, ({ auth }) => service.listUsers(auth));
  registerCall(app, calls.createUser, async ({ auth, body }) => ({
    ...(await service.createUser(auth, body)),
    message: userMessages.created,
  }));
  registerCall(app, calls.updateUser, async ({ auth, params, body }) => ({
    ...(await service.updateUser(auth, params.id, body)),
    message: userMessages.updated,
  }));
  registerCall(app, calls.setCompanyAccess, async ({ auth, params, body }) => ({
    success: true,
    associations: await service.setCompanyAccess(auth, params.userId, body),
  }));
  registerCall(app, calls.listInstallers, ({ auth }) => service.listCompanyChoices(auth));
}
