import { type TDevOutboxItem, ZDevOutboxChannel, ZDevOutboxResponse } from '@app/contracts/outbox.contract';
import { useQuery } from '@tanstack/react-query';
import { ApiHttpError, apiGet } from '../../../lib/api-client';

export const outboxChannels = ZDevOutboxChannel.options;
export type OutboxChannel = (typeof outboxChannels)[number];
export type OutboxMessage = TDevOutboxItem;

export function isMailboxUnavailable(error: unknown): boolean {
  return error instanceof ApiHttpError && error.status === 404;
}

export function useDevOutbox(channel: OutboxChannel) {
  return useQuery({
    queryKey: ['dev', 'outbox', channel],
    queryFn: async () => (await apiGet('/dev/outbox', ZDevOutboxResponse, { query: { channel } })).items,
    // New messages show up while the page is open; after a failure only Retry asks again.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 10_000),
    retry: false,
  });
}
