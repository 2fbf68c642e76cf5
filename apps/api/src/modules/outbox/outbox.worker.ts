import { PermanentDeliveryError } from '../../adapters/delivery-error';
import { withTimeout } from '../../timeout';
import type { OutboxRepository } from './outbox.repository';
import { computeRetryDelayMs } from './outbox-backoff';
import type { OutboxDelivery, OutboxHandlerRegistry } from './outbox-handlers';

export type OutboxLogger = {
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
};

export type OutboxWorker = {
  /** Polls every pollMs and wakes on NOTIFY; idempotent. */
  start(): void;
  /** Stops polling and listening, then waits for the batch in flight. */
  stop(): Promise<void>;
  /** Delivers everything due now, batch after batch; resolves to how many items it handled (sent or failed). */
  runOnce(): Promise<number>;
};

export type OutboxWorkerDeps = {
  repository: OutboxRepository;
  registry: OutboxHandlerRegistry;
  pollMs: number;
  logger: OutboxLogger;
  /** Items claimed per round trip; each batch is delivered concurrently. */
  batchSize?: number;
  /** Lease on a claimed item; must exceed the slowest handler (SMTP/Twilio time out far sooner). */
  lockMs?: number;
  random?: () => number;
  /**
   * A handler still running after this long counts as failed (and is retried later) so one hung
   * call cannot wedge the worker; it must stay below lockMs. Default: lockMs / 2.
   */
  handlerTimeoutMs?: number;
  /** How often the polling loop looks for expired leases (runOnce() always does). */
  releaseLeasesEveryMs?: number;
  /** Called after stop() has drained, to release adapters (SMTP pool sockets). */
  onStopped?: () => Promise<void>;
};

/**
 * Delivers outbox items. Safe with any number of processes on one database: claimDue() hands
 * each due item to exactly one of them (FOR UPDATE SKIP LOCKED + a lease). Delivery is
 * at-least-once: if a process dies after the provider accepted a message but before 'sent' is
 * written, the lease expires and another process sends it again. Within one process, runs never
 * overlap (the timer, NOTIFY wake-ups and runOnce() share one queue).
 */
export function createOutboxWorker({
  repository,
  registry,
  pollMs,
  logger,
  batchSize = 10,
  lockMs = 120_000,
  random = Math.random,
  handlerTimeoutMs = Math.floor(lockMs / 2),
  releaseLeasesEveryMs = 30_000,
  onStopped,
}: OutboxWorkerDeps): OutboxWorker {
  let isRunning = false;
  let isStopping = false;
  let timer: NodeJS.Timeout | null = null;
  let unlisten: (() => Promise<void>) | null = null;
  let listenReady: Promise<void> | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  let isWakeRequested = false;
  let lastLeaseReleaseAt = Number.NEGATIVE_INFINITY;

  async function deliver(item: OutboxDelivery): Promise<void> {
    const handler = registry.findHandler(item.channel, item.kind);
    let failure: { error: string; isPermanent: boolean } | null = null;
    if (!handler) {
      failure = {
        error: `No outbox handler registered for channel "${item.channel}" kind "${item.kind}"`,
        isPermanent: false,
      };
    } else {
      try {
        await withTimeout(handler(item), handlerTimeoutMs, 'Handler');
      } catch (error) {
        failure = { error: describeError(error), isPermanent: error instanceof PermanentDeliveryError };
      }
    }
    if (!failure) {
      const isRecorded = await repository.markSent(item.id, item.attempts);
      if (!isRecorded) {
        logger.warn(
          { outboxId: item.id },
          'outbox item delivered after its lease expired; it may be sent twice',
        );
      }
      return;
    }
    const isDead = failure.isPermanent || item.attempts >= item.maxAttempts;
    await repository.markFailed(item.id, item.attempts, {
      error: failure.error,
      retryDelayMs: computeRetryDelayMs(item.attempts, random),
      isDead,
    });
    logger.warn(
      { outboxId: item.id, channel: item.channel, kind: item.kind, attempts: item.attempts, isDead },
      `outbox delivery failed: ${failure.error}`,
    );
  }

  /** Claims and delivers batches until nothing is due (or stop() was called). */
  async function drain({ isReleasingLeases }: { isReleasingLeases: boolean }): Promise<number> {
    if (isReleasingLeases || Date.now() - lastLeaseReleaseAt >= releaseLeasesEveryMs) {
      lastLeaseReleaseAt = Date.now();
      const released = await repository.releaseExpiredLeases();
      if (released > 0)
        logger.warn({ released }, 'outbox items with an expired lease were released for retry');
    }
    let handled = 0;
    while (!isStopping) {
      const batch = await repository.claimDue(batchSize, lockMs);
      if (batch.length === 0) break;
      const results = await Promise.allSettled(batch.map(deliver));
      for (const r of results) {
        // Only the bookkeeping write can fail here (the database went away): the lease expires
        // and the item is claimed again later.
        if (r.status === 'rejected') logger.error({ err: r.reason }, 'outbox bookkeeping failed');
      }
      handled += batch.length;
    }
    return handled;
  }

  function enqueueDrain(options: { isReleasingLeases: boolean }): Promise<number> {
    const run = queue.then(() => drain(options));
    queue = run.catch(() => undefined);
    return run;
  }

  function schedule(delayMs: number) {
    if (!isRunning || isStopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(tick, delayMs);
    timer.unref();
  }

  function tick() {
    timer = null;
    enqueueDrain({ isReleasingLeases: false })
      .catch((error) => logger.error({ err: error }, 'outbox worker run failed'))
      .finally(() => {
        const delay = isWakeRequested ? 0 : pollMs;
        isWakeRequested = false;
        schedule(delay);
      });
  }

  function wake() {
    if (!isRunning || isStopping) return;
    // Waiting for the next poll: run now (queued behind a runOnce() in progress, if any).
    if (timer) schedule(0);
    // The loop's run is in progress: do another one right after it.
    else isWakeRequested = true;
  }

  return {
    start() {
      if (isRunning) return;
      isRunning = true;
      isStopping = false;
      listenReady = repository
        .listenForWakeups(wake, (error) => logger.warn({ err: error }, 'outbox LISTEN connection failed'))
        .then((fn) => {
          unlisten = fn;
        })
        .catch((error) => logger.warn({ err: error }, 'outbox LISTEN unavailable; polling only'));
      schedule(0);
    },

    async stop() {
      isStopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await listenReady;
      if (unlisten) await unlisten();
      unlisten = null;
      await queue;
      isRunning = false;
      isStopping = false;
      await onStopped?.();
    },

    runOnce() {
      return enqueueDrain({ isReleasingLeases: true });
    },
  };
}

function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code =
      (error as { responseCode?: unknown; code?: unknown }).responseCode ??
      (error as { code?: unknown }).code;
    return code !== undefined && !error.message.includes(String(code))
      ? `${error.name}: ${error.message} (${String(code)})`
      : `${error.name}: ${error.message}`;
  }
  return String(error);
}
