import { AppError } from '@app/contracts/errors.contract';
import type { TDevOutboxResponse, TRequestDeliveriesResponse } from '@app/contracts/outbox.contract';
import type { OutboxRepository } from './outbox.repository';

const DEV_OUTBOX_LIMIT = 200;

export type OutboxServiceDeps = {
  repository: OutboxRepository;
  /** The dev mailbox exists only with the local mail adapter and outside production. */
  isDevMailboxEnabled: boolean;
};

export function createOutboxService({ repository, isDevMailboxEnabled }: OutboxServiceDeps) {
  return {
    /** What the local adapters delivered (and what is still queued), newest first, max 200. */
    async listDevMessages({ channel }: { channel?: 'email' | 'sms' }): Promise<TDevOutboxResponse> {
      if (!isDevMailboxEnabled) throw new AppError('NOT_FOUND', 'The dev mailbox is not available here.');
      const rows = await repository.listDevMessages({ channel: channel ?? null, limit: DEV_OUTBOX_LIMIT });
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
