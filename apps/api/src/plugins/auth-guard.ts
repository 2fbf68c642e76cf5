import { AppError } from '@app/contracts/errors.contract';
import { isReadOnlyAccess } from '@app/domain/identity/access';
import type { FastifyContextConfig, FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import type { AuthContext, LoadSessionUser, RouteEffect } from '../platform/security/auth-context';
import type { TokenSigner } from '../platform/security/tokens';

/** A route the guard protects, as registered (the list grows until the app is ready). */
export type ApiRoute = {
  method: string;
  url: string;
  effect: RouteEffect | null;
  allowAssist: boolean;
  isPublic: boolean;
};

/**
 * Resolves user, company and access before any handler runs (onRequest, so an unauthenticated
 * call is refused before its body is even parsed). The user is loaded again for every call
 * (`loadSessionUser`: the auth module reads it, or keeps it a few seconds), so a disabled user or a
 * changed access level takes effect within seconds, not when the token expires.
 * ASSIST is read-only here on the server, not only in the UI: by what a call does, not by its HTTP method.
 * Every non-public route declares `config.effect` ('read' or 'write'); ASSIST may make only 'read' calls
 * (and 'write' calls marked allowAssist). A route that declares no effect stops the app at startup.
 */
export function registerAuthGuard(app: FastifyInstance, deps: GuardDeps): readonly ApiRoute[] {
  const routes: ApiRoute[] = [];
  app.decorateRequest('auth', null);
  app.addHook('onRoute', (route) => {
    assertEffectDeclared(route);
    const config = route.config as FastifyContextConfig | undefined;
    for (const method of [route.method].flat()) {
      routes.push({
        method,
        url: route.url,
        effect: config?.effect ?? null,
        allowAssist: config?.allowAssist === true,
        isPublic: config?.public === true,
      });
    }
  });
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (config?.public) {
      request.auth = await tryResolve(request, deps).catch(() => null);
      return;
    }
    const auth = await tryResolve(request, deps);
    if (!auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
    const isRead = config?.effect === 'read' || request.is404;
    if (isReadOnlyAccess(auth.access) && !isRead && !config?.allowAssist) {
      throw new AppError('FORBIDDEN', 'Your access level (ASSIST) is read-only.');
    }
    if (config?.roles && !config.roles.includes(auth.userType)) {
      throw new AppError('FORBIDDEN', `This call is not for ${auth.userType}s.`);
    }
    request.auth = auth;
  });
  return routes;
}

/** onRoute: a non-public route must say what it does, so the guard never has to guess from the method. */
export function assertEffectDeclared(route: RouteOptions) {
  const config = route.config as FastifyContextConfig | undefined;
  if (config?.public) return;
  if (config?.effect === 'read' || config?.effect === 'write') return;
  const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
  throw new Error(
    `Route ${methods} ${route.url} declares no effect: add config: { effect: 'read' } if it changes and sends nothing, else { effect: 'write' } (see auth-context.ts)`,
  );
}

/** The guard's collaborators: token verification and the port to the users' store, nothing more. */
type GuardDeps = { signer: Pick<TokenSigner, 'verify'>; loadSessionUser: LoadSessionUser };

async function tryResolve(
  request: FastifyRequest,
  { signer, loadSessionUser }: GuardDeps,
): Promise<AuthContext | null> {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  const claims = await signer.verify(header.slice(7).trim());
  if (!claims) return null;
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId)) return null;
  return loadSessionUser(userId, claims.companyId, claims.sid);
}

/** For handlers of protected routes: the guard guarantees auth is set. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
  return request.auth;
}
