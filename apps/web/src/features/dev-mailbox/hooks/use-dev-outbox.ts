import { outboxCalls, type TDevOutboxItem, ZDevOutboxChannel } from '@app/contracts/outbox.contract';
import { useQuery } from '@tanstack/react-query';
import { ApiHttpError } from '../../../lib/api-client';
import { callApi } from '../../../lib/call-api';
import { useActingCompanyId } from '../../../lib/query-keys';
import { devMailboxKeys } from '../query-keys';

export const outboxChannels = ZDevOutboxChannel.options;
export type OutboxChannel = (typeof outboxChannels)[number];
export type OutboxMessage = TDevOutboxItem;

export function isMailboxUnavailable(error: unknown): boolean {
  return error instanceof ApiHttpError && error.status === 404;
}

export function useDevOutbox(channel: OutboxChannel) {
  const companyId = useActingCompanyId();
  return useQuery({
    queryKey: devMailboxKeys.outbox(companyId, channel),
    queryFn: async () => (await callApi(outboxCalls.devOutbox, { query: { channel } })).items,
    // New messages show up while the page is open; after a failure only Retry asks again.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 10_000),
    retry: false,
  });
}
