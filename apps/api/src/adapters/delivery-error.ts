/**
 * Thrown by an adapter or an outbox handler when retrying cannot help (a malformed payload, a
 * phone number the provider refuses): the outbox marks the item 'dead' at once instead of
 * retrying it until max_attempts. Any other error is treated as transient and retried.
 */
export class PermanentDeliveryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PermanentDeliveryError';
  }
}
