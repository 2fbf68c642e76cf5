import type { OutboxItem } from './outbox-messages';

export type OutboxChannel = OutboxItem['channel'];

/** One claimed outbox row, as a handler sees it. `attempts` counts this attempt. */
export type OutboxDelivery = {
  id: number;
  channel: OutboxChannel;
  kind: string;
  payload: unknown;
  requestId: number | null;
  attempts: number;
  maxAttempts: number;
};

/**
 * Performs one side effect. Resolve = delivered; reject = retried with backoff (throw
 * PermanentDeliveryError to give up at once). It may run more than once for one item (after a
 * crash mid-send), so it must be idempotent or tolerate a duplicate; it must also finish well
 * within the outbox lock (2 minutes), or another process may start it again.
 */
export type OutboxHandler = (item: OutboxDelivery) => Promise<void>;

const ANY_KIND = '*';

/**
 * Which code performs which effect. E-mail and SMS are registered by the outbox module itself;
 * calendar, referral and webhook effects are plugged in by the modules that own them. An exact
 * (channel, kind) handler wins over the channel's catch-all.
 */
export function createOutboxHandlerRegistry() {
  const handlers = new Map<string, OutboxHandler>();
  const key = (channel: OutboxChannel, kind: string) => `${channel}\u0000${kind}`;

  function registerHandler(channel: OutboxChannel, handler: OutboxHandler): void;
  function registerHandler(channel: OutboxChannel, kind: string, handler: OutboxHandler): void;
  function registerHandler(
    channel: OutboxChannel,
    kindOrHandler: string | OutboxHandler,
    maybeHandler?: OutboxHandler,
  ): void {
    const kind = typeof kindOrHandler === 'string' ? kindOrHandler : ANY_KIND;
    const handler = typeof kindOrHandler === 'string' ? maybeHandler : kindOrHandler;
    if (!handler) throw new Error(`registerHandler(${channel}, ${kind}): handler missing`);
    const k = key(channel, kind);
    if (handlers.has(k)) {
      throw new Error(`An outbox handler for channel "${channel}" kind "${kind}" is already registered`);
    }
    handlers.set(k, handler);
  }

  function findHandler(channel: OutboxChannel, kind: string): OutboxHandler | null {
    return handlers.get(key(channel, kind)) ?? handlers.get(key(channel, ANY_KIND)) ?? null;
  }

  return { registerHandler, findHandler };
}

export type OutboxHandlerRegistry = ReturnType<typeof createOutboxHandlerRegistry>;
export type RegisterOutboxHandler = OutboxHandlerRegistry['registerHandler'];
