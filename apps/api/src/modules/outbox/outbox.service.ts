import { AppError } from '@app/contracts/errors.contract';
import type { TDevOutboxResponse, TRequestDeliveriesResponse } from '@app/contracts/outbox.contract';
import type { AuthContext } from '../../platform/security/auth-context';
import type { AuthService } from '../auth/auth.service';
import { normalizeEmail, normalizePhone, type OutboxRepository } from './outbox.repository';

const DEV_OUTBOX_LIMIT = 200;

/** The auth module's reads of a user and of the companies it may act for. */
export type MailboxOwners = Pick<AuthService, 'findUser' | 'listCompanies'>;

export type OutboxServiceDeps = { repository: OutboxRepository; owners: MailboxOwners };

export function createOutboxService({ repository, owners }: OutboxServiceDeps) {
  return {
    /**
     * What the local adapters delivered (and what is still queued) to the caller: to its own e-mail address
     * and phone, and to the addresses of the companies it may act for (a password reset link only to its own
     * address). Newest first, max 200.
     */
    async listDevMessages(
      auth: AuthContext,
      { channel }: { channel?: 'email' | 'sms' },
    ): Promise<TDevOutboxResponse> {
      const user = await owners.findUser(auth.userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'Sign in to continue.');
      const companyIds = (await owners.listCompanies(user)).map((c) => c.companyId);
      const companies = await repository.listCompanyAddresses(
        user.userType === 'dealer' ? 'dealer' : 'installer',
        companyIds,
      );
      const rows = await repository.listDevMessages({
        channel: channel ?? null,
        limit: DEV_OUTBOX_LIMIT,
        mailbox: {
          ownEmail: user.email,
          emails: [normalizeEmail(user.email), ...companies.emails],
          phones: [...(user.phone ? [normalizePhone(user.phone)] : []), ...companies.phones],
        },
      });
      return {
        items: rows.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt ? r.sentAt.toISOString() : null,
        })),
      };
    },

    /**
     * Delivery state of the side effects of one request (job). The route lets only callers who may read the
     * request get here (outbox.routes.ts).
     */
    async listRequestDeliveries(requestId: number): Promise<TRequestDeliveriesResponse> {
      const rows = await repository.listByRequest(requestId);
      return {
        items: rows.map((r) => ({
          ...r,
          createdAt: r.createdAt.toISOString(),
          sentAt: r.sentAt ? r.sentAt.toISOString() : null,
        })),
      };
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
