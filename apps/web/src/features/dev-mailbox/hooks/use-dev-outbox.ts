import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiHttpError, apiGet } from '../../../lib/api-client';

// No contract exists yet for this development-only call; the shape follows the dev mailbox brief.
// It belongs in packages/contracts (e.g. dev.contract.ts) once the API side defines it.
export const outboxChannels = ['email', 'sms'] as const;
export type OutboxChannel = (typeof outboxChannels)[number];

const ZOutboxMessage = z.object({
  id: z.number(),
  channel: z.enum(outboxChannels),
  to: z.string(),
  subject: z.string().nullish(),
  text: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed', 'dead']),
  attempts: z.number().int(),
  lastError: z.string().nullish(),
  createdAt: z.string(),
  sentAt: z.string().nullish(),
});
export type OutboxMessage = z.infer<typeof ZOutboxMessage>;

const ZOutboxResponse = z.object({ items: z.array(ZOutboxMessage) });

export function isMailboxUnavailable(error: unknown): boolean {
  return error instanceof ApiHttpError && error.status === 404;
}

export function useDevOutbox(channel: OutboxChannel) {
  return useQuery({
    queryKey: ['dev', 'outbox', channel],
    queryFn: async () => (await apiGet('/dev/outbox', ZOutboxResponse, { query: { channel } })).items,
    // New messages show up while the page is open; after a failure only Retry asks again.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 10_000),
    retry: false,
  });
}
