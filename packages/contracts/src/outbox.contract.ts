import { z } from 'zod';

export const outboxPaths = {
  devOutbox: '/dev/outbox',
  requestDeliveries: '/outbox/request/:requestId',
} as const;

export const ZOutboxStatus = z.enum(['pending', 'sending', 'sent', 'failed', 'dead']);
export type TOutboxStatus = z.infer<typeof ZOutboxStatus>;

export const ZOutboxChannel = z.enum(['email', 'sms', 'calendar', 'referral', 'webhook']);
export type TOutboxChannel = z.infer<typeof ZOutboxChannel>;

export const ZDevOutboxChannel = z.enum(['email', 'sms']);

export const ZDevOutboxQuery = z.object({ channel: ZDevOutboxChannel.optional() });
export type TDevOutboxQuery = z.infer<typeof ZDevOutboxQuery>;

/** One e-mail or SMS as the local (offline) adapters see it, delivered or not yet. */
export const ZDevOutboxItem = z.object({
  id: z.number().int(),
  channel: ZDevOutboxChannel,
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  status: ZOutboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ISO 8601, UTC. */
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TDevOutboxItem = z.infer<typeof ZDevOutboxItem>;

export const ZDevOutboxResponse = z.object({ items: z.array(ZDevOutboxItem) });
export type TDevOutboxResponse = z.infer<typeof ZDevOutboxResponse>;

export const ZRequestDeliveriesParams = z.object({ requestId: z.coerce.number().int().positive() });
export type TRequestDeliveriesParams = z.infer<typeof ZRequestDeliveriesParams>;

/** The delivery state of one side effect of a request (job). */
export const ZOutboxDelivery = z.object({
  id: z.number().int(),
  channel: ZOutboxChannel,
  kind: z.string(),
  status: ZOutboxStatus,
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type TOutboxDelivery = z.infer<typeof ZOutboxDelivery>;

export const ZRequestDeliveriesResponse = z.object({ items: z.array(ZOutboxDelivery) });
export type TRequestDeliveriesResponse = z.infer<typeof ZRequestDeliveriesResponse>;
