import { z } from 'zod';
import { PermanentDeliveryError } from '../../adapters/delivery-error';
import { type PaymentPort, PaymentProviderError } from '../../adapters/payments/payment-port';
import type { RegisterOutboxHandler } from '../outbox/outbox-handlers';
import type { OutboxItem } from '../outbox/outbox-messages';

/**
 * Calls to the payment provider that must follow a committed change, delivered by the outbox. They ride on
 * the 'webhook' channel (calls to outside HTTP APIs): the outbox table's channel check has no 'payment' yet.
 */
const CHANNEL = 'webhook';
const CANCEL_INTENT = 'payment-intent-cancel';

const ZCancelIntent = z.object({ intentId: z.string().min(1) });

/** Provider codes after which a retry cannot cancel the intent: it succeeded, or the provider never had it. */
const FINAL_CODES = new Set(['payment_intent_unexpected_state', 'resource_missing']);

/**
 * The outbox item that cancels a superseded card payment's intent at the provider. Queue it in the transaction
 * that cancels the attempt, so the provider's intent is canceled exactly when ours is. Should the customer
 * have paid it meanwhile, the cancel fails for good and the late success is recorded as a duplicate payment to
 * refund (payments.service.ts, applyCardOutcome).
 */
export function cancelIntentItem(intentId: string, requestId: number): OutboxItem {
  return {
    channel: CHANNEL,
    kind: CANCEL_INTENT,
    payload: { intentId },
    requestId,
    dedupeKey: `${CANCEL_INTENT}:${intentId}`,
  };
}

export function registerPaymentsOutboxHandlers(
  registerHandler: RegisterOutboxHandler,
  { port }: { port: PaymentPort },
): void {
  registerHandler(CHANNEL, CANCEL_INTENT, async (item) => {
    const payload = ZCancelIntent.safeParse(item.payload);
    if (!payload.success) {
      throw new PermanentDeliveryError(
        `Outbox item ${item.id} (${CHANNEL}/${CANCEL_INTENT}) has an invalid payload`,
      );
    }
    try {
      await port.cancelPaymentIntent(payload.data.intentId);
    } catch (error) {
      if (error instanceof PaymentProviderError && error.code !== null && FINAL_CODES.has(error.code)) {
        throw new PermanentDeliveryError(error.message, { cause: error });
      }
      throw error;
    }
  });
}
