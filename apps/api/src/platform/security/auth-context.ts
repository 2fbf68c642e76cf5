import type { AccessLevel, Group, UserType } from '@app/domain/identity/access';

/** What a route does: see FastifyContextConfig.effect. */
export type RouteEffect = 'read' | 'write';

/** Who is calling, resolved by the guard before any handler runs. */
export type AuthContext = {
  userId: number;
  email: string;
  userName: string;
  userType: UserType;
  groups: Group[];
  /** The company this session acts for: a dealer id for dealers, an installer id for installers. */
  companyId: number;
  access: AccessLevel;
};

/**
 * What the guard needs to know about a verified token's user: the caller acting for `companyId` in
 * session `sessionId`, or null when the user may not (disabled, sign-in turned off, company not
 * reachable, session ended). The auth module provides it (modules/auth/session-user.ts).
 */
export type LoadSessionUser = (
  userId: number,
  companyId: number,
  sessionId: string,
) => Promise<AuthContext | null>;

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed (sign-in, refresh, health, public pages' calls). */
    public?: boolean;
    /**
     * What the call does, declared on every non-public /api route (the guard refuses to start with an
     * undeclared one). 'read' changes nothing and causes nothing: no row written, no e-mail, SMS, offer,
     * calendar entry, payment or analytics record. Anything else is 'write', whatever its HTTP method
     * (GET /sendemailreq/:id sends e-mail, so it is a write). ASSIST users may make only 'read' calls.
     */
    effect?: RouteEffect;
    /** ASSIST users may make this 'write' call (it changes nothing of the business, e.g. their own page views). */
    allowAssist?: boolean;
    /** Only these user types may make the call (omitted: both); others get 403 before the body is read. */
    roles?: readonly UserType[];
  }
}
