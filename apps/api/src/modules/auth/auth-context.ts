import type { AccessLevel, Group, UserType } from '@app/domain/identity/access';

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

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** No sign-in needed (sign-in, refresh, health, public pages' calls). */
    public?: boolean;
    /** ASSIST users may call this non-GET route (it changes nothing of the business, e.g. sign-out). */
    allowAssist?: boolean;
  }
}
