import { z } from 'zod';
import { defineCall } from './call.contract';

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
  /** File names of an e-mail's attachments (a signed contract's PDF). */
  attachments: z.array(z.string()).optional(),
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

/** The outbox's calls (decision 008). */
export const outboxCalls = {
  /** Registered only with MAIL_OUTBOX_VIEWER and the local mail adapter; otherwise absent (404). */
  devOutbox: defineCall({
    operationId: 'listDevOutboxMessages',
    method: 'GET',
    path: outboxPaths.devOutbox,
    query: ZDevOutboxQuery,
    reply: ZDevOutboxResponse,
    errors: [],
    access: { effect: 'read' },
    summary:
      'Dev mailbox: e-mails and SMS the local adapters delivered to the caller and its companies, newest first',
    description:
      'Only with MAIL_OUTBOX_VIEWER on and no SMTP server configured (never in production); otherwise 404 ROUTE_NOT_FOUND.',
    tags: ['outbox'],
  }),
  requestDeliveries: defineCall({
    operationId: 'listRequestDeliveries',
    method: 'GET',
    path: outboxPaths.requestDeliveries,
    params: ZRequestDeliveriesParams,
    reply: ZRequestDeliveriesResponse,
    errors: ['NOT_FOUND'],
    access: { effect: 'read' },
    summary: 'Delivery state of the side effects (e-mail, SMS, calendar…) of a request',
    tags: ['outbox'],
  }),
};
