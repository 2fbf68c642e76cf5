/** A text message's content; the port owns it (the outbox queues it, modules/outbox/outbox-messages.ts). */
export type SmsMessage = { to: string; text: string };

/** A text message ready to hand to a provider; `outboxId` as for e-mail (see mail-port.ts). */
export type OutgoingSms = SmsMessage & { outboxId?: number | null };

/** Sends one SMS. Rejects on failure; throws PermanentDeliveryError when a retry cannot help. */
export type SmsPort = {
  readonly kind: 'twilio' | 'local';
  send(msg: OutgoingSms): Promise<{ id: string }>;
  close(): Promise<void>;
};
