/** An e-mail's content; the port owns it (the outbox queues it, modules/outbox/outbox-messages.ts). */
export type EmailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Files sent with the message (a signed contract's PDF); the content is base64 so the outbox can keep it as JSON. */
  attachments?: EmailAttachment[];
};

export type EmailAttachment = { filename: string; contentType: string; contentBase64: string };

/**
 * An e-mail ready to hand to a provider. `outboxId` identifies the outbox item being delivered
 * (the local adapter keys its idempotent insert on it); it is optional so the port can be used
 * outside the outbox too.
 */
export type OutgoingEmail = EmailMessage & { from: string; outboxId?: number | null };

/** Sends one e-mail. Rejects on failure; throws PermanentDeliveryError when a retry cannot help. */
export type MailPort = {
  readonly kind: 'smtp' | 'local';
  send(msg: OutgoingEmail): Promise<{ id: string }>;
  /** Releases connections (pooled SMTP sockets); called when the worker stops. */
  close(): Promise<void>;
};
